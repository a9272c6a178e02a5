"""The bus interface. Kafka and in-memory implementations share these semantics and one contract suite.

Semantics every implementation keeps:
- ``publish`` returns once the event is durably accepted (Kafka: acks=all, idempotent producer);
  ``publish_many`` does the same for several events, keeping each key's order.
- Events with the same key are delivered to one consumer of a group, in publish order.
- A handler's message is committed only after the handler returns (at-least-once); handlers are idempotent.
- Different keys may be handled concurrently, up to ``concurrency`` per consumer.
- A handler that fails ``max_attempts`` times, or an event that cannot be parsed, goes to ``<topic>.dlq``
  with the error, and the consumer moves on.
- A consumer stopped (or killed) before committing gets the message again on restart.
"""

from __future__ import annotations

import asyncio
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Sequence

from clauseflow_contracts.events import Envelope

Handler = Callable[[Envelope], Awaitable[None]]
Published = tuple[str, str, Envelope]
"""An event to publish: ``(topic, key, event)``."""


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

    async def publish_many(self, events: Sequence[Published]) -> list[BaseException | None]:
        """Publish several ``(topic, key, event)`` durably: each key's events in the given order.

        Returns, per event, ``None`` once the broker accepted it, or the error that kept it from
        being published. An event whose key already failed earlier in the call is not sent (so a
        key's order holds), and gets that error. Different keys do not wait for each other.
        """
        outcomes: list[BaseException | None] = [None] * len(events)
        streams: dict[tuple[str, str], list[int]] = {}
        for i, (topic, key, _) in enumerate(events):
            streams.setdefault((topic, key), []).append(i)

        async def publish_stream(indexes: list[int]) -> None:
            for n, i in enumerate(indexes):
                try:
                    await self.publish(*events[i])
                except Exception as exc:
                    for rest in indexes[n:]:
                        outcomes[rest] = exc
                    return

        await asyncio.gather(*(publish_stream(indexes) for indexes in streams.values()))
        return outcomes

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
