"""Create the topics a service needs (and their dead-letter topics) if they are missing."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable

from aiokafka.admin import AIOKafkaAdminClient, NewTopic
from aiokafka.errors import KafkaError, TopicAlreadyExistsError

from clauseflow_platform.logging import get_logger
from clauseflow_platform.settings import KafkaSettings

log = get_logger(__name__)

_TOPIC_ALREADY_EXISTS = TopicAlreadyExistsError.errno


def with_dlqs(topics: Iterable[str]) -> list[str]:
    """``topics`` plus the dead-letter topic of each (a DLQ gets no DLQ of its own)."""
    out: list[str] = []
    for topic in topics:
        names = [topic] if topic.endswith(".dlq") else [topic, f"{topic}.dlq"]
        out.extend(name for name in names if name not in out)
    return out


async def ensure_topics(
    settings: KafkaSettings,
    topics: Iterable[str],
    *,
    partitions: int | None = None,
    timeout_s: float | None = None,
) -> list[str]:
    """Create the missing ones of ``topics``; returns the names created.

    Replication is ``min(3, brokers)`` so one command serves a laptop broker and a cluster.
    Concurrent creators (several services starting at once) are fine: "already exists" is success.
    """
    wanted = list(dict.fromkeys(topics))
    if not wanted:
        return []
    timeout = timeout_s if timeout_s is not None else settings.kafka_request_timeout_ms / 1000
    admin = AIOKafkaAdminClient(
        bootstrap_servers=settings.kafka_bootstrap_servers,
        client_id=f"{settings.kafka_client_id}-admin",
        request_timeout_ms=settings.kafka_request_timeout_ms,
    )
    try:
        await asyncio.wait_for(admin.start(), timeout)
        existing = set(await asyncio.wait_for(admin.list_topics(), timeout))
        missing = [t for t in wanted if t not in existing]
        if not missing:
            return []
        cluster = await asyncio.wait_for(admin.describe_cluster(), timeout)
        replication = max(1, min(3, len(cluster.get("brokers", [])) or 1))
        count = partitions or settings.kafka_partitions
        response = await asyncio.wait_for(
            admin.create_topics(
                [NewTopic(name=t, num_partitions=count, replication_factor=replication) for t in missing],
                timeout_ms=int(timeout * 1000),
            ),
            timeout + 1,
        )
        created: list[str] = []
        for item in response.topic_errors:
            name, code = item[0], item[1]
            if code == 0:
                created.append(name)
            elif code != _TOPIC_ALREADY_EXISTS:
                message = item[2] if len(item) > 2 else ""
                raise KafkaError(f"could not create topic {name!r}: error {code} {message}")
        if created:
            log.info("bus.topics_created", topics=created, partitions=count, replication=replication)
        return created
    finally:
        await admin.close()
