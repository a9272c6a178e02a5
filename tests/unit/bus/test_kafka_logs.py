"""A consumer group forming is not an error: aiokafka's retried coordinator errors become warnings."""

from __future__ import annotations

import logging

import pytest
from aiokafka import errors
from clauseflow_platform.bus.kafka_logs import demote_transient_coordinator_errors

LOGGER = logging.getLogger("aiokafka.consumer.group_coordinator")


def test_a_coordinator_not_yet_available_is_a_warning(caplog: pytest.LogCaptureFixture) -> None:
    demote_transient_coordinator_errors()
    demote_transient_coordinator_errors()  # installing twice changes nothing
    with caplog.at_level(logging.WARNING, logger=LOGGER.name):
        LOGGER.error("Group Coordinator Request failed: %s", errors.CoordinatorNotAvailableError())
        LOGGER.error("Group Coordinator Request failed: %s", errors.NotCoordinatorError())
    assert [r.levelname for r in caplog.records] == ["WARNING", "WARNING"]
    assert "retrying" in caplog.records[0].getMessage()


def test_other_aiokafka_errors_stay_errors(caplog: pytest.LogCaptureFixture) -> None:
    demote_transient_coordinator_errors()
    with caplog.at_level(logging.WARNING, logger=LOGGER.name):
        LOGGER.error(
            "Attempt to join group failed due to fatal error: %s", errors.InvalidSessionTimeoutError()
        )
    assert [r.levelname for r in caplog.records] == ["ERROR"]
