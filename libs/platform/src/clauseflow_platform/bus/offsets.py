"""Which offsets may be committed: the contiguous prefix of finished work, per partition.

Handlers for different keys finish out of order, but a Kafka commit means "everything
before this offset is done". So a partition's commit position only advances over
offsets whose handlers have all returned; an offset still running (or fetched and
never run) holds it back, and is redelivered after a crash.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

P = TypeVar("P", bound=Hashable)


@dataclass
class _PartitionProgress:
    """Offsets of one partition in fetch order, and which of them are finished."""

    pending: deque[int] = field(default_factory=deque)
    done: set[int] = field(default_factory=set)
    position: int | None = None
    """The next offset to consume once the finished prefix is committed (Kafka's commit value)."""
    committed: int | None = None

    def advance(self) -> None:
        while self.pending and self.pending[0] in self.done:
            offset = self.pending.popleft()
            self.done.discard(offset)
            self.position = offset + 1


class OffsetTracker(Generic[P]):
    """Contiguous-prefix bookkeeping for the partitions one consumer owns.

    ``track`` every offset in fetch order, ``complete`` it when its handler has
    returned (or it went to the DLQ), and commit what ``committable`` says.
    """

    def __init__(self) -> None:
        self._parts: dict[P, _PartitionProgress] = {}

    def track(self, partition: P, offset: int) -> None:
        """Record that ``offset`` was fetched; offsets of one partition must arrive in increasing order."""
        progress = self._parts.setdefault(partition, _PartitionProgress())
        if progress.pending and offset <= progress.pending[-1]:
            raise ValueError(f"offset {offset} of {partition!r} tracked out of order")
        if progress.position is not None and offset < progress.position:
            raise ValueError(f"offset {offset} of {partition!r} is before the finished prefix")
        progress.pending.append(offset)

    def complete(self, partition: P, offset: int) -> None:
        """Mark ``offset`` finished; ignored for a partition that was forgotten (revoked) meanwhile."""
        progress = self._parts.get(partition)
        if progress is None:
            return
        progress.done.add(offset)
        progress.advance()

    def committable(self, partitions: Iterable[P] | None = None) -> dict[P, int]:
        """Commit positions that moved since the last ``mark_committed`` (optionally only ``partitions``)."""
        keys = self._parts.keys() if partitions is None else partitions
        out: dict[P, int] = {}
        for partition in keys:
            progress = self._parts.get(partition)
            if progress is None or progress.position is None:
                continue
            if progress.committed is None or progress.position > progress.committed:
                out[partition] = progress.position
        return out

    def mark_committed(self, positions: dict[P, int]) -> None:
        """Remember that ``positions`` were committed, so they are not committed again."""
        for partition, position in positions.items():
            progress = self._parts.get(partition)
            if progress is not None and (progress.committed is None or position > progress.committed):
                progress.committed = position

    def in_flight(self, partition: P | None = None) -> int:
        """How many tracked offsets are not finished yet (for one partition or all)."""
        parts = self._parts.values() if partition is None else [self._parts.get(partition)]
        return sum(len(p.pending) - len(p.done) for p in parts if p is not None)

    def forget(self, partition: P) -> None:
        """Drop a partition's bookkeeping (it was revoked; its new owner starts from the committed offset)."""
        self._parts.pop(partition, None)

    def partitions(self) -> list[P]:
        """Partitions with bookkeeping."""
        return list(self._parts)
