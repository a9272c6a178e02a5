"""PartitionSpreader: round-robin for new keys, sticky for known ones, bounded memory."""

from __future__ import annotations

import pytest
from clauseflow_platform.bus.spread import PartitionSpreader, spread_order


def test_new_keys_take_partitions_in_turn_per_topic() -> None:
    spreader = PartitionSpreader()
    assert [spreader.partition("t", f"k{n}", 3) for n in range(7)] == [0, 1, 2, 0, 1, 2, 0]
    assert spreader.partition("other", "k0", 3) == 0


def test_a_known_key_keeps_its_partition() -> None:
    spreader = PartitionSpreader()
    first = [spreader.partition("t", f"k{n}", 4) for n in range(4)]
    assert [spreader.partition("t", f"k{n}", 4) for n in range(4)] == first


def test_a_key_on_a_partition_that_no_longer_exists_moves() -> None:
    spreader = PartitionSpreader()
    for n in range(6):
        spreader.partition("t", f"k{n}", 6)
    assert spreader.partition("t", "k5", 2) in (0, 1)


def test_memory_is_bounded_oldest_keys_forgotten_first() -> None:
    spreader = PartitionSpreader(max_keys=2)
    order = spread_order(10)
    spreader.partition("t", "a", 10)  # the round's 1st partition
    spreader.partition("t", "b", 10)  # 2nd
    spreader.partition("t", "a", 10)  # a is now the most recent
    spreader.partition("t", "c", 10)  # 3rd; forgets b
    assert spreader.partition("t", "a", 10) == order[0]
    assert spreader.partition("t", "b", 10) == order[3]


def test_a_round_visits_every_partition_once_in_spread_order() -> None:
    spreader = PartitionSpreader()
    assert [spreader.partition("t", f"k{n}", 8) for n in range(8)] == [0, 4, 2, 6, 1, 5, 3, 7]
    for partitions in range(1, 40):
        assert sorted(spread_order(partitions)) == list(range(partitions))


@pytest.mark.parametrize(
    ("partitions", "members"), [(8, 2), (8, 4), (6, 2), (10, 2), (12, 4), (16, 8), (24, 8)]
)
def test_every_prefix_of_a_round_is_shared_evenly_by_range_owners(partitions: int, members: int) -> None:
    # Range assignment: member i owns a contiguous block of partitions (equal blocks here).
    owner = {p: p * members // partitions for p in range(partitions)}
    order = spread_order(partitions)
    for prefix in range(1, partitions + 1):
        load = [0] * members
        for p in order[:prefix]:
            load[owner[p]] += 1
        assert max(load) - min(load) <= 1, (prefix, load)


def test_a_topic_without_partitions_is_an_error() -> None:
    with pytest.raises(ValueError, match="no partitions"):
        PartitionSpreader().partition("t", "k", 0)
