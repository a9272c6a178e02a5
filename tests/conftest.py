"""Session-wide fixtures: a real Kafka broker, started lazily, and unique names for test isolation.

Where the broker comes from (the same tests run against any of them):
1. ``KAFKA_BOOTSTRAP_SERVERS_FOR_TESTS`` if set (an existing broker);
2. testcontainers' Kafka (KRaft) if a Docker engine answers;
3. otherwise the project's local broker (``clauseflow_testkit.local_kafka``; jars from Maven Central).
"""

from __future__ import annotations

import itertools
import os
import shutil
import subprocess
import uuid
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from clauseflow_platform.logging import get_logger
from clauseflow_platform.settings import KafkaSettings

log = get_logger("tests.kafka")

KAFKA_IMAGE = "confluentinc/cp-kafka:7.6.0"


def _docker_answers() -> bool:
    """True if a Docker engine (not just the client) answers within a few seconds."""
    if shutil.which("docker") is None:
        return False
    try:
        done = subprocess.run(["docker", "info"], capture_output=True, timeout=5, check=False)
    except (subprocess.TimeoutExpired, OSError):
        return False
    return done.returncode == 0


@pytest.fixture(scope="session")
def kafka_bootstrap() -> Iterator[str]:
    """``host:port`` of a real Kafka broker for this session (started on first use, stopped at the end)."""
    given = os.environ.get("KAFKA_BOOTSTRAP_SERVERS_FOR_TESTS", "").strip()
    if given:
        log.info("tests.kafka_given", bootstrap=given)
        yield given
        return
    if _docker_answers():
        from testcontainers.community.kafka import KafkaContainer

        with KafkaContainer(KAFKA_IMAGE).with_kraft() as container:
            bootstrap = container.get_bootstrap_server()
            log.info("tests.kafka_container", bootstrap=bootstrap)
            yield bootstrap
        return
    from clauseflow_testkit.local_kafka import LocalKafka

    broker = LocalKafka()
    try:
        bootstrap = broker.start(timeout_s=300)
        log.info("tests.kafka_local", bootstrap=bootstrap, kafka_version=broker.version)
        yield bootstrap
    finally:
        broker.stop()


@pytest.fixture(scope="session")
def kafka_settings(kafka_bootstrap: str) -> KafkaSettings:
    """:class:`KafkaSettings` for the session's broker (short request timeout, so failures show fast)."""
    return KafkaSettings(kafka_bootstrap_servers=kafka_bootstrap, kafka_request_timeout_ms=10_000)


_names = itertools.count()


@pytest.fixture(scope="session")
def _session_tag() -> str:
    return uuid.uuid4().hex[:8]


@pytest.fixture
def unique_name(_session_tag: str) -> Callable[[str], str]:
    """Make topic/group names unique per test and session, so tests on one broker never interfere.

    ``unique_name("tasks")`` → ``t-<session>-<n>-tasks``; Kafka names allow ``[a-zA-Z0-9._-]``.
    """

    def make(base: str) -> str:
        return f"t-{_session_tag}-{next(_names)}-{base}"

    return make


def pytest_configure(config: pytest.Config) -> None:
    """Every report built in this process is validated against the published JSON Schema as it is made.

    Done before collection, so test modules importing ``build_report`` get the checked one too.
    """
    from clauseflow_gateway import report as report_module
    from clauseflow_gateway.routes import reviews as review_routes
    from report_schema_check import assert_valid_report

    original = report_module.build_report

    def checked(snapshot: Any) -> dict[str, Any]:
        built = original(snapshot)
        assert_valid_report(built)
        return built

    report_module.build_report = checked  # type: ignore[assignment]
    review_routes.build_report = checked  # type: ignore[assignment]
