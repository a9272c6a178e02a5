"""Even spreading of keys over a topic's partitions, for work queues such as ``clause.tasks``.

Kafka's default partitioner hashes the key, so 100 clause tasks over 8 partitions land
unevenly (measured 31/20/27/22 tasks for four workers): the consumer group gives each
worker whole partitions, and the review waits for the most loaded worker. Clause tasks do
not need keys hashed together, only each key kept on one partition while it has work in
flight (a clause's redraft follows its analysis). So the first publish of a key takes the
next partition in round-robin order and later publishes of the same key reuse it.

The memory of keys is bounded and per producer process; a key forgotten or published by
a restarted producer may move to another partition. For work-queue topics that is safe:
a clause's next task is only published after its previous result came back, so no two
tasks of one key are ever queued at the same time, and handlers are idempotent.
"""

from __future__ import annotations

from collections import OrderedDict


class PartitionSpreader:
    """Round-robin partition choice per new key, sticky for keys seen recently."""

    def __init__(self, max_keys: int = 65_536) -> None:
        if max_keys < 1:
            raise ValueError("max_keys must be at least 1")
        self._max_keys = max_keys
        self._next: dict[str, int] = {}
        self._assigned: OrderedDict[tuple[str, str], int] = OrderedDict()

    def partition(self, topic: str, key: str, partitions: int) -> int:
        """The partition (``0 .. partitions-1``) for ``key`` on ``topic``."""
        if partitions < 1:
            raise ValueError(f"topic {topic!r} has no partitions")
        slot = (topic, key)
        known = self._assigned.get(slot)
        if known is not None and known < partitions:
            self._assigned.move_to_end(slot)
            return known
        chosen = self._next.get(topic, 0) % partitions
        self._next[topic] = chosen + 1
        self._assigned[slot] = chosen
        if len(self._assigned) > self._max_keys:
            self._assigned.popitem(last=False)
        return chosen
