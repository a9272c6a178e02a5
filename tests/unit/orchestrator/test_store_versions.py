"""Store versions: a commit checks the version its handler loaded; reads never move the cache back."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from clauseflow_orchestrator.store import OrchestratorStore, StaleReviewState

from .test_outbox_and_store import REVIEW, _analysed, _started


@pytest.fixture
async def two_instances(tmp_path: Path) -> AsyncIterator[tuple[OrchestratorStore, OrchestratorStore]]:
    """Two orchestrators on one database (a rebalance hands a review from one to the other)."""
    url = f"sqlite+aiosqlite:///{tmp_path / 'orch.db'}"
    mine, theirs = OrchestratorStore(url, cache_size=1), OrchestratorStore(url)
    await mine.start()
    await theirs.start()
    yield mine, theirs
    await mine.stop()
    await theirs.stop()


async def test_a_commit_is_checked_against_the_version_the_handler_loaded_not_the_refreshed_cache(
    two_instances: tuple[OrchestratorStore, OrchestratorStore],
) -> None:
    mine, theirs = two_instances
    await mine.commit("evt_req", REVIEW, _started(), [])
    _, loaded, version = await mine.load_for_update("evt_res_2", REVIEW)
    assert loaded is not None and version == 1
    other = await theirs.load(REVIEW)
    assert other is not None
    await theirs.commit("evt_res_1", REVIEW, _analysed(other, "1"), [])  # version 2
    await mine.load(REVIEW)  # a read meanwhile (a status poll) refreshes this instance's cache to 2
    with pytest.raises(StaleReviewState):
        await mine.commit("evt_res_2", REVIEW, _analysed(loaded, "2"), [], expected_version=version)
    after = await theirs.load(REVIEW)
    assert after is not None and after.clauses["1"].state.value == "settled"  # their change stands


async def test_a_review_evicted_from_the_cache_is_written_with_a_version_check(
    two_instances: tuple[OrchestratorStore, OrchestratorStore],
) -> None:
    mine, theirs = two_instances
    await mine.commit("evt_req", REVIEW, _started(), [])
    _, loaded, version = await mine.load_for_update("evt_res_2", REVIEW)
    assert loaded is not None
    await mine.commit("evt_other", "rev_other", _started().model_copy(update={"review_id": "rev_other"}), [])
    other = await theirs.load(REVIEW)  # cache_size=1: REVIEW has left this instance's cache
    assert other is not None
    await theirs.commit("evt_res_1", REVIEW, _analysed(other, "1"), [])
    with pytest.raises(StaleReviewState):
        await mine.commit("evt_res_2", REVIEW, _analysed(loaded, "2"), [], expected_version=version)


async def test_a_read_that_finds_an_older_version_does_not_replace_a_newer_cached_one(
    two_instances: tuple[OrchestratorStore, OrchestratorStore],
) -> None:
    mine, _ = two_instances
    await mine.commit("evt_req", REVIEW, _started(), [])
    _, v1_state, v1 = await mine.load_for_update("evt_x", REVIEW)
    assert v1_state is not None and v1 == 1
    newer = _analysed(v1_state, "1")
    await mine.commit("evt_res_1", REVIEW, newer, [], expected_version=1)  # cached at version 2
    # A read whose snapshot was taken before that commit resolves after it (reads are not locked).
    from clauseflow_orchestrator.store import _Loaded

    mine._resolve(REVIEW, _Loaded(processed=False, version=1, read=(v1_state, False, 1)), None)
    # The cache still holds version 2: a commit of the newer state on top of it goes through.
    await mine.commit("evt_res_2", REVIEW, _analysed(newer, "2"), [])
    _, current, version = await mine.load_for_update("evt_y", REVIEW)
    assert version == 3 and current is not None and current.clauses["2"].state.value == "settled"
