"""Even spreading of keys over a topic's partitions, for work queues such as ``clause.tasks``.

Kafka's default partitioner hashes the key, so 100 clause tasks over 8 partitions land
unevenly (measured 31/20/27/22 tasks for four workers): the consumer group gives each
worker whole partitions, and the review waits for the most loaded worker. Clause tasks do
not need keys hashed together, only each key kept on one partition while it has work in
flight (a clause's redraft follows its analysis). So the first publish of a key takes the
next partition in round-robin order and later publishes of the same key reuse it.

The round goes through the partitions in a spread-out order (0, 4, 2, 6, 1, 5, 3, 7 for
eight), not 0, 1, 2, …: consumer groups assign each member a contiguous range of partitions
(see ``KafkaConsumer``), and in plain order the partitions a round fills last all belong to
the last members. 100 tasks on 8 partitions then gave two workers 52 and 48 tasks, a whole
extra wave of model turns for one of them; in spread order every prefix of a round is
shared within one task by any power-of-two number of members (50 and 50; 25 each for
four workers), and within a few tasks by other member counts.

The memory of keys is bounded and per producer process; a key forgotten or published by
a restarted producer may move to another partition. For work-queue topics that is safe:
a clause's next task is only published after its previous result came back, so no two
tasks of one key are ever queued at the same time, and handlers are idempotent.
"""

from __future__ import annotations

from collections import OrderedDict
from functools import cache


@cache
def spread_order(partitions: int) -> tuple[int, ...]:
    """``range(partitions)`` in van der Corput order: each prefix spread evenly over contiguous ranges."""
    order: list[int] = []
    seen: set[int] = set()
    i = 0
    while len(order) < partitions:
        # The base-2 radical inverse of i: 0, 1/2, 1/4, 3/4, 1/8, 5/8, ...
        point, digit, rest = 0.0, 0.5, i
        while rest:
            point += digit * (rest & 1)
            digit /= 2
            rest >>= 1
        chosen = int(point * partitions)
        if chosen not in seen:
            seen.add(chosen)
            order.append(chosen)
        i += 1
    return tuple(order)


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
        turn = self._next.get(topic, 0) % partitions
        self._next[topic] = turn + 1
        chosen = spread_order(partitions)[turn]
        self._assigned[slot] = chosen
        if len(self._assigned) > self._max_keys:
            self._assigned.popitem(last=False)
        return chosen
