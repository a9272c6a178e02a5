"""PartitionSpreader: round-robin for new keys, sticky for known ones, bounded memory."""

from __future__ import annotations

import pytest
from clauseflow_shared.bus.spread import PartitionSpreader


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
    spreader.partition("t", "a", 10)  # 0
    spreader.partition("t", "b", 10)  # 1
    spreader.partition("t", "a", 10)  # a is now the most recent
    spreader.partition("t", "c", 10)  # 2; forgets b
    assert spreader.partition("t", "a", 10) == 0
    assert spreader.partition("t", "b", 10) == 3


def test_a_topic_without_partitions_is_an_error() -> None:
    with pytest.raises(ValueError, match="no partitions"):
        PartitionSpreader().partition("t", "k", 0)
