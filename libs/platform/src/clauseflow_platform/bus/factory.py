"""Pick the bus for a wiring: Kafka (distributed) or in-memory (embedded, tests)."""

from __future__ import annotations

from typing import Literal

from clauseflow_platform.bus.base import EventBus
from clauseflow_platform.settings import KafkaSettings


def create_bus(kind: Literal["kafka", "memory"], kafka: KafkaSettings | None = None) -> EventBus:
    """A new, not yet started bus of ``kind``; ``kafka`` settings are read from the environment if omitted."""
    if kind == "memory":
        from clauseflow_platform.bus.memory import InMemoryBus

        return InMemoryBus(partitions=kafka.kafka_partitions if kafka is not None else 6)
    if kind == "kafka":
        from clauseflow_platform.bus.kafka import KafkaBus

        return KafkaBus(kafka if kafka is not None else KafkaSettings())
    raise ValueError(f"unknown bus kind {kind!r}; use 'kafka' or 'memory'")
