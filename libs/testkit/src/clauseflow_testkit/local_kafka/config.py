"""The broker's configuration files and its formatted (empty) KRaft storage."""

from __future__ import annotations

import base64
import shutil
import subprocess
import uuid
from pathlib import Path

from clauseflow_platform.logging import get_logger

from clauseflow_testkit.local_kafka.errors import LocalKafkaError
from clauseflow_testkit.local_kafka.jars import cache_lock

log = get_logger(__name__)

NODE_ID = 1
HOST = "127.0.0.1"

LOG4J2_PROPERTIES = """\
status = warn
appender.out.type = Console
appender.out.name = OUT
appender.out.layout.type = PatternLayout
appender.out.layout.pattern = [%d] %p %m (%c)%n
rootLogger.level = INFO
rootLogger.appenderRef.out.ref = OUT
logger.request.name = kafka.request.logger
logger.request.level = WARN
logger.state.name = state.change.logger
logger.state.level = WARN
"""


def server_properties(*, data_dir: Path, broker_port: int, controller_port: int) -> str:
    """A single-node broker+controller on loopback, tuned for tests (fast group joins, no auto-create)."""
    settings = {
        "process.roles": "broker,controller",
        "node.id": str(NODE_ID),
        "controller.quorum.voters": f"{NODE_ID}@{HOST}:{controller_port}",
        "listeners": f"PLAINTEXT://{HOST}:{broker_port},CONTROLLER://{HOST}:{controller_port}",
        "advertised.listeners": f"PLAINTEXT://{HOST}:{broker_port}",
        "controller.listener.names": "CONTROLLER",
        "inter.broker.listener.name": "PLAINTEXT",
        "listener.security.protocol.map": "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
        "log.dirs": str(data_dir),
        "num.partitions": "1",
        "default.replication.factor": "1",
        "min.insync.replicas": "1",
        # Internal topics on one broker: replication 1, and few partitions so the first group join is quick.
        "offsets.topic.replication.factor": "1",
        "offsets.topic.num.partitions": "4",
        "transaction.state.log.replication.factor": "1",
        "transaction.state.log.min.isr": "1",
        "transaction.state.log.num.partitions": "4",
        "share.coordinator.state.topic.replication.factor": "1",
        "share.coordinator.state.topic.min.isr": "1",
        # Services create their topics explicitly; a typo must fail, not create a topic.
        "auto.create.topics.enable": "false",
        # Tests join and leave groups constantly, and kill members: rebalance at once, allow short sessions.
        "group.initial.rebalance.delay.ms": "0",
        "group.min.session.timeout.ms": "1000",
        "log.segment.bytes": str(16 * 1024 * 1024),
        "log.retention.hours": "24",
    }
    return "".join(f"{key}={value}\n" for key, value in settings.items())


def new_cluster_id() -> str:
    """A Kafka cluster id: a random UUID in URL-safe base64 without padding.

    One id in 64 would start with "-", which the storage tool's command line reads as an
    option ("--cluster-id: expected one argument"); Kafka's own ``Uuid.randomUuid`` draws again
    in that case, and so does this.
    """
    while True:
        cluster_id = base64.urlsafe_b64encode(uuid.uuid4().bytes).decode().rstrip("=")
        if not cluster_id.startswith("-"):
            return cluster_id


def formatted_storage(*, java: str, classpath: str, cache: Path, timeout_s: float = 120.0) -> Path:
    """An empty, formatted KRaft log dir for node 1, made once per cache and copied for each broker.

    With a static quorum (``controller.quorum.voters``) the formatted storage holds no
    address, so one template serves every port pair and saves a JVM start per broker.
    """
    template = cache / "kraft-template"
    data = template / "data"
    marker = template / ".formatted"
    if marker.is_file():
        return data
    with cache_lock(cache):
        if marker.is_file():
            return data
        shutil.rmtree(template, ignore_errors=True)
        template.mkdir(parents=True)
        props = template / "format.properties"
        # Ports are irrelevant to formatting with a static quorum; any values do.
        props.write_text(server_properties(data_dir=data, broker_port=19092, controller_port=19093))
        command = [
            java,
            "-Xmx256m",
            "-XX:TieredStopAtLevel=1",
            "-cp",
            classpath,
            "kafka.tools.StorageTool",
            "format",
            "-t",
            new_cluster_id(),
            "-c",
            str(props),
        ]
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=timeout_s, check=False)
        except subprocess.TimeoutExpired as exc:
            raise LocalKafkaError(f"formatting Kafka storage took more than {timeout_s:.0f}s") from exc
        if done.returncode != 0 or not (data / "meta.properties").is_file():
            detail = (done.stdout + done.stderr).strip()[-2000:]
            raise LocalKafkaError(f"formatting Kafka storage failed (exit {done.returncode}):\n{detail}")
        marker.write_text("ok\n")
        log.info("local_kafka.storage_formatted", template=str(data))
    return data
