"""The read model follows clause results and review snapshots idempotently, never moving backwards."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from clauseflow_contracts.events import (
    ClauseProgress,
    ClauseResult,
    RedlineState,
    ReviewUpdated,
)
from clauseflow_contracts.review import Redline, RedlineStatus, ReviewPlan, ReviewStatus, Risk
from clauseflow_gateway.db.engine import create_engine, create_schema, session_factory
from clauseflow_gateway.db.tables import RedlineRow, ReviewRow
from clauseflow_gateway.projector import Projector, redline_status_after
from clauseflow_gateway.readmodel import ReadModel
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

REVIEW = "rev_test"


@pytest.fixture
async def sessions(tmp_path: Path) -> AsyncIterator[async_sessionmaker[AsyncSession]]:
    engine = create_engine(f"sqlite+aiosqlite:///{tmp_path / 'rm.db'}")
    await create_schema(engine)
    factory = session_factory(engine)
    async with factory() as session, session.begin():
        session.add(
            ReviewRow(id=REVIEW, status="received", our_party="Buyer", language="en", domain="generic")
        )
    yield factory
    await engine.dispose()


def _risk(index: int = 0) -> Risk:
    return Risk(
        id=f"risk_{index}",
        clause_id="7",
        risk_type="unlimited_liability",
        risk_level="high",
        description="uncapped",
        original_text="liability is unlimited",
    )


def _redline(rid: str, round_: int = 0, text: str = "capped") -> Redline:
    return Redline(
        id=rid,
        clause_id="7",
        risk_id="risk_0",
        original_text="liability is unlimited",
        proposed_text=text,
        round=round_,
    )


def _result(*redlines: Redline, attempt: int = 0) -> ClauseResult:
    return ClauseResult(
        task_id="task_1",
        clause_id="7",
        attempt=attempt,
        risks=(_risk(),),
        redlines=redlines,
        clause_types=("liability",),
    )


def _snapshot(sequence: int, status: ReviewStatus, *states: RedlineState, **extra: object) -> ReviewUpdated:
    return ReviewUpdated(
        sequence=sequence,
        status=status,
        clauses=(ClauseProgress(clause_id="7", title="Liability", state="awaiting_approval"),),
        redlines=states,
        **extra,
    )


async def test_replayed_clause_result_upserts_instead_of_duplicating(sessions: async_sessionmaker) -> None:
    projector = Projector(sessions)
    await projector.apply_clause_result(REVIEW, _result(_redline("rl_a")))
    await projector.apply_clause_result(REVIEW, _result(_redline("rl_a")))
    model = ReadModel(sessions)
    assert [r.id for r in await model.risks(REVIEW)] == ["risk_0"]
    assert [r.id for r in await model.redlines(REVIEW)] == ["rl_a"]
    assert (await model.review(REVIEW)).clauses[0].clause_types == ["liability"]


async def test_older_snapshots_are_ignored(sessions: async_sessionmaker) -> None:
    projector = Projector(sessions)
    await projector.apply_review_updated(REVIEW, _snapshot(5, ReviewStatus.REVIEWING))
    await projector.apply_review_updated(REVIEW, _snapshot(3, ReviewStatus.PLANNING))
    await projector.apply_review_updated(REVIEW, _snapshot(5, ReviewStatus.FAILED))
    assert (await ReadModel(sessions).review(REVIEW)).status == "reviewing"


async def test_snapshot_sets_redline_status_and_records_plan_versions(sessions: async_sessionmaker) -> None:
    projector = Projector(sessions)
    await projector.apply_clause_result(REVIEW, _result(_redline("rl_a")))
    approved = RedlineState(redline_id="rl_a", clause_id="7", status="approved", final_text="capped")
    await projector.apply_review_updated(
        REVIEW, _snapshot(1, ReviewStatus.REVIEWING, plan=ReviewPlan(plan_version=1), plan_rationale="first")
    )
    await projector.apply_review_updated(
        REVIEW, _snapshot(2, ReviewStatus.COMPLETED, approved, plan=ReviewPlan(plan_version=2))
    )
    model = ReadModel(sessions)
    assert [r.status for r in await model.redlines(REVIEW)] == ["approved"]
    plan = await model.plan(REVIEW)
    assert [v.plan_version for v in plan.versions] == [1, 2]
    assert plan.current is not None and plan.current.plan_version == 2
    assert plan.versions[0].rationale == "first"


async def test_redraft_supersedes_the_rejected_draft(sessions: async_sessionmaker) -> None:
    projector = Projector(sessions)
    await projector.apply_clause_result(REVIEW, _result(_redline("rl_a")))
    rejected = RedlineState(redline_id="rl_a", clause_id="7", status="rejected")
    await projector.apply_review_updated(REVIEW, _snapshot(1, ReviewStatus.AWAITING_APPROVAL, rejected))
    await projector.apply_clause_result(
        REVIEW, _result(_redline("rl_b", round_=1, text="capped at fees"), attempt=1)
    )
    # A late snapshot still calling the first draft rejected must not resurrect it.
    await projector.apply_review_updated(REVIEW, _snapshot(2, ReviewStatus.AWAITING_APPROVAL, rejected))
    statuses = {r.id: r.status for r in await ReadModel(sessions).redlines(REVIEW)}
    assert statuses == {"rl_a": "superseded", "rl_b": "pending"}


async def test_snapshot_that_overtakes_the_result_keeps_its_status_when_the_texts_arrive(
    sessions: async_sessionmaker,
) -> None:
    projector = Projector(sessions)
    approved = RedlineState(redline_id="rl_a", clause_id="7", status="approved")
    await projector.apply_review_updated(REVIEW, _snapshot(1, ReviewStatus.AWAITING_APPROVAL, approved))
    assert await ReadModel(sessions).redlines(REVIEW) == []  # no text yet: not shown
    await projector.apply_clause_result(REVIEW, _result(_redline("rl_a")))
    [redline] = await ReadModel(sessions).redlines(REVIEW)
    assert (redline.status, redline.proposed_text) == ("approved", "capped")


async def test_result_for_an_unknown_review_is_ignored(sessions: async_sessionmaker) -> None:
    await Projector(sessions).apply_clause_result("rev_other", _result(_redline("rl_x")))
    async with sessions() as session:
        assert await session.get(RedlineRow, "rl_x") is None


def test_pending_snapshot_does_not_undo_a_local_decision() -> None:
    assert redline_status_after("approved", True, RedlineStatus.PENDING) == "approved"
    assert redline_status_after("pending", False, RedlineStatus.APPROVED) == "approved"
    assert redline_status_after("rejected", True, RedlineStatus.SUPERSEDED) == "superseded"
    assert redline_status_after("superseded", True, RedlineStatus.REJECTED) == "superseded"


async def test_snapshot_without_a_plan_keeps_the_recorded_plan(sessions: async_sessionmaker) -> None:
    projector = Projector(sessions)
    await projector.apply_review_updated(
        REVIEW, _snapshot(1, ReviewStatus.REVIEWING, plan=ReviewPlan(plan_version=1), plan_rationale="first")
    )
    await projector.apply_review_updated(REVIEW, _snapshot(2, ReviewStatus.REVIEWING))
    plan = await ReadModel(sessions).plan(REVIEW)
    assert [v.plan_version for v in plan.versions] == [1]
    assert plan.current is not None and plan.current.plan_version == 1


async def test_a_plan_in_a_stale_snapshot_is_still_recorded(sessions: async_sessionmaker) -> None:
    projector = Projector(sessions)
    await projector.apply_review_updated(REVIEW, _snapshot(4, ReviewStatus.REVIEWING))
    await projector.apply_review_updated(
        REVIEW,
        _snapshot(3, ReviewStatus.PLANNING, plan=ReviewPlan(plan_version=2), plan_rationale="adjusted"),
    )
    model = ReadModel(sessions)
    plan = await model.plan(REVIEW)
    assert [v.plan_version for v in plan.versions] == [2]
    assert plan.current is not None and plan.current.plan_version == 2
    assert (await model.review(REVIEW)).status == "reviewing"


async def test_snapshot_updates_every_clause_in_document_order(sessions: async_sessionmaker) -> None:
    projector = Projector(sessions)
    clauses = tuple(
        ClauseProgress(clause_id=str(i), title=f"Clause {i}", state="planned") for i in range(1, 31)
    )
    await projector.apply_review_updated(
        REVIEW, ReviewUpdated(sequence=1, status=ReviewStatus.REVIEWING, clauses=clauses)
    )
    moved = (ClauseProgress(clause_id="1", title="Clause 1", state="analyzed"), *clauses[1:])
    await projector.apply_review_updated(
        REVIEW, ReviewUpdated(sequence=2, status=ReviewStatus.REVIEWING, clauses=moved)
    )
    view = await ReadModel(sessions).review(REVIEW)
    assert [c.clause_id for c in view.clauses] == [str(i) for i in range(1, 31)]
    assert [c.state for c in view.clauses[:2]] == ["analyzed", "planned"]


async def test_an_unchanged_redline_state_is_not_rewritten(sessions: async_sessionmaker) -> None:
    projector = Projector(sessions)
    await projector.apply_clause_result(REVIEW, _result(_redline("rl_a")))
    approved = RedlineState(redline_id="rl_a", clause_id="7", status="approved", final_text="capped")
    await projector.apply_review_updated(REVIEW, _snapshot(1, ReviewStatus.REVIEWING, approved))
    async with sessions() as session:
        first = (await session.get(RedlineRow, "rl_a")).updated_at
    await projector.apply_review_updated(REVIEW, _snapshot(2, ReviewStatus.REVIEWING, approved))
    async with sessions() as session:
        row = await session.get(RedlineRow, "rl_a")
    assert row.status == "approved" and row.final_text == "capped"
    assert row.updated_at == first


def _progress(clause_id: str, state: str, position: int | None = None) -> ClauseProgress:
    return ClauseProgress(clause_id=clause_id, title=f"Clause {clause_id}", state=state, position=position)


async def test_a_partial_snapshot_updates_the_clauses_it_names_and_keeps_the_others(
    sessions: async_sessionmaker,
) -> None:
    projector = Projector(sessions)
    full = ReviewUpdated(
        sequence=1,
        status=ReviewStatus.REVIEWING,
        clauses=tuple(_progress(c, "dispatched") for c in ("1", "2", "3")),
    )
    await projector.apply_review_updated(REVIEW, full)
    delta = ReviewUpdated(
        sequence=2, status=ReviewStatus.REVIEWING, clauses=(_progress("2", "settled", 1),), partial=True
    )
    await projector.apply_review_updated(REVIEW, delta)
    clauses = (await ReadModel(sessions).review(REVIEW)).clauses
    assert [(c.clause_id, c.state) for c in clauses] == [
        ("1", "dispatched"),
        ("2", "settled"),
        ("3", "dispatched"),
    ]


async def test_a_partial_snapshot_keeps_redlines_it_does_not_name(sessions: async_sessionmaker) -> None:
    projector = Projector(sessions)
    await projector.apply_clause_result(REVIEW, _result(_redline("rl_a"), _redline("rl_b")))
    decided = RedlineState(
        redline_id="rl_b", clause_id="7", status=RedlineStatus.APPROVED, final_text="capped", decided_by="x"
    )
    await projector.apply_review_updated(
        REVIEW, ReviewUpdated(sequence=1, status=ReviewStatus.REVIEWING, redlines=(decided,), partial=True)
    )
    statuses = {r.id: r.status for r in await ReadModel(sessions).redlines(REVIEW)}
    assert statuses == {"rl_a": "pending", "rl_b": "approved"}


async def test_a_repeated_result_updates_the_texts_but_keeps_the_clause_state_and_redline_status(
    sessions: async_sessionmaker,
) -> None:
    projector = Projector(sessions)
    await projector.apply_clause_result(REVIEW, _result(_redline("rl_a")))
    approved = RedlineState(redline_id="rl_a", clause_id="7", status="approved")
    await projector.apply_review_updated(REVIEW, _snapshot(1, ReviewStatus.AWAITING_APPROVAL, approved))
    await projector.apply_clause_result(REVIEW, _result(_redline("rl_a", text="capped at fees")))
    model = ReadModel(sessions)
    [redline] = await model.redlines(REVIEW)
    assert (redline.status, redline.proposed_text) == ("approved", "capped at fees")
    [clause] = (await model.review(REVIEW)).clauses
    assert (clause.state, clause.clause_types) == ("awaiting_approval", ["liability"])
