"""The contiguous-prefix commit rule: commit only past offsets whose handlers all returned."""

from __future__ import annotations

import pytest
from clauseflow_platform.bus.offsets import OffsetTracker

TP = ("clause.tasks", 0)
OTHER = ("clause.tasks", 1)


def tracked(*offsets: int) -> OffsetTracker[tuple[str, int]]:
    tracker: OffsetTracker[tuple[str, int]] = OffsetTracker()
    for offset in offsets:
        tracker.track(TP, offset)
    return tracker


def test_nothing_is_committable_before_any_handler_finishes() -> None:
    tracker = tracked(0, 1, 2)
    assert tracker.committable() == {}


def test_commit_position_is_one_past_the_finished_prefix() -> None:
    tracker = tracked(0, 1, 2)
    tracker.complete(TP, 0)
    tracker.complete(TP, 1)
    assert tracker.committable() == {TP: 2}


def test_a_running_offset_holds_back_later_finished_ones() -> None:
    tracker = tracked(10, 11, 12, 13)
    for offset in (11, 12, 13):
        tracker.complete(TP, offset)
    assert tracker.committable() == {}
    tracker.complete(TP, 10)
    assert tracker.committable() == {TP: 14}


def test_gaps_in_offsets_do_not_block_the_prefix() -> None:
    # Kafka offsets need not be contiguous (compaction, transaction markers).
    tracker = tracked(3, 7, 20)
    tracker.complete(TP, 3)
    tracker.complete(TP, 7)
    assert tracker.committable() == {TP: 8}


def test_committed_positions_are_not_offered_again_until_they_move() -> None:
    tracker = tracked(0, 1)
    tracker.complete(TP, 0)
    tracker.mark_committed(tracker.committable())
    assert tracker.committable() == {}
    tracker.complete(TP, 1)
    assert tracker.committable() == {TP: 2}


def test_partitions_are_independent_and_can_be_selected() -> None:
    tracker = tracked(0)
    tracker.track(OTHER, 5)
    tracker.complete(OTHER, 5)
    assert tracker.committable() == {OTHER: 6}
    assert tracker.committable([TP]) == {}
    assert tracker.in_flight(TP) == 1
    assert tracker.in_flight() == 1


def test_completion_after_forget_is_ignored() -> None:
    tracker = tracked(0)
    tracker.forget(TP)
    tracker.complete(TP, 0)
    assert tracker.committable() == {}
    tracker.track(TP, 0)  # reassigned: fetching restarts at the committed offset
    assert tracker.in_flight(TP) == 1


def test_offsets_must_be_tracked_in_increasing_order() -> None:
    tracker = tracked(5)
    with pytest.raises(ValueError, match="out of order"):
        tracker.track(TP, 5)
