"""The bus interface. Kafka and in-memory implementations share these semantics and one contract suite.

Semantics every implementation keeps:
- ``publish`` returns once the event is durably accepted (Kafka: acks=all, idempotent producer).
- Events with the same key are delivered to one consumer of a group, in publish order.
- A handler's message is committed only after the handler returns (at-least-once); handlers are idempotent.
- Different keys may be handled concurrently, up to ``concurrency`` per consumer.
- A handler that fails ``max_attempts`` times, or an event that cannot be parsed, goes to ``<topic>.dlq``
  with the error, and the consumer moves on.
- A consumer stopped (or killed) before committing gets the message again on restart.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Sequence

from clauseflow_shared.events import Envelope

Handler = Callable[[Envelope], Awaitable[None]]


class Consumer(ABC):
    """A running subscription of one consumer-group member."""

    @abstractmethod
    async def start(self) -> None:
        """Join the group and begin handling messages in the background."""

    @abstractmethod
    async def stop(self, grace_s: float = 10.0) -> None:
        """Stop fetching, let in-flight handlers finish within ``grace_s``, commit what finished."""


class EventBus(ABC):
    """Publish events and subscribe consumer groups to topics."""

    @abstractmethod
    async def start(self) -> None:
        """Connect (and create missing topics)."""

    @abstractmethod
    async def stop(self) -> None:
        """Flush and disconnect."""

    @abstractmethod
    async def publish(self, topic: str, key: str, event: Envelope) -> None:
        """Publish durably; returns when the broker has accepted the event."""

    @abstractmethod
    def subscribe(
        self,
        topics: Sequence[str],
        *,
        group_id: str,
        handler: Handler,
        concurrency: int = 1,
        max_attempts: int = 3,
    ) -> Consumer:
        """Create a consumer-group member; call ``start()`` on it to begin."""
