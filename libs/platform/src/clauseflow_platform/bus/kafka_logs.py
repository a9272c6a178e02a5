"""aiokafka's transient group-join errors logged as what they are: warnings it retries on its own.

While a broker starts or a consumer group is being created, the group coordinator is briefly
unavailable; aiokafka logs "Group Coordinator Request failed: [Error 15]
CoordinatorNotAvailableError" at ERROR level and retries. On every worker start that is an error
line an operator learns to ignore — and then misses the real ones. This filter lowers the
retriable coordinator errors to WARNING; every other aiokafka error stays an error.
"""

from __future__ import annotations

import logging

from aiokafka import errors

_LOGGER = "aiokafka.consumer.group_coordinator"
# Errors aiokafka retries after a metadata refresh while a group finds its coordinator.
_TRANSIENT = tuple(
    cls.__name__
    for cls in (
        errors.CoordinatorNotAvailableError,
        errors.NotCoordinatorError,
        errors.CoordinatorLoadInProgressError,
        errors.RequestTimedOutError,
    )
)


class TransientCoordinatorErrors(logging.Filter):
    """Lowers a retriable group-coordinator error record to WARNING (and says it is retried)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno >= logging.ERROR and any(name in record.getMessage() for name in _TRANSIENT):
            record.levelno = logging.WARNING
            record.levelname = "WARNING"
            record.msg = f"{record.msg} (transient while the consumer group forms; retrying)"
        return True


def demote_transient_coordinator_errors() -> None:
    """Install the filter on aiokafka's group-coordinator logger (once per process)."""
    logger = logging.getLogger(_LOGGER)
    if not any(isinstance(f, TransientCoordinatorErrors) for f in logger.filters):
        logger.addFilter(TransientCoordinatorErrors())
