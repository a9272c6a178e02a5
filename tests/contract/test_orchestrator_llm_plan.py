"""The orchestrator with an LLM plan, mid-review adjustment and an LLM summary.

The model is the shared scripted OpenAI-compatible server, reached through the real
openai SDK; the bus is in-memory and the state a real SQLite file.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from clauseflow_contracts.events import (
    ClauseResult,
    ClauseTask,
    DocumentRefs,
    Envelope,
    ReviewRequested,
    ReviewUpdated,
    Topic,
)
from clauseflow_contracts.ids import redline_id, risk_id
from clauseflow_contracts.review import (
    ApprovalPolicy,
    Depth,
    Language,
    Redline,
    ReviewOptions,
    ReviewStatus,
    Risk,
)
from clauseflow_documents.model import Clause, DocumentStructure
from clauseflow_documents.store import DocumentStore
from clauseflow_orchestrator.service import Orchestrator
from clauseflow_orchestrator.state import ReviewState
from clauseflow_orchestrator.store import OrchestratorStore, StaleReviewState
from clauseflow_platform.bus.memory import InMemoryBus
from clauseflow_platform.llm import LLMClient
from clauseflow_testkit.scripted_model import ScriptedModel
from clauseflow_testkit.scripted_turns import Turn

REVIEW = "rev_llm_plan"

PLAN = {
    "global_strategy": "liability first; definitions quickly",
    "clause_plans": [
        {"clause_id": "2", "analysis_depth": "deep", "priority_order": 0, "rationale": "uncapped liability"},
        {"clause_id": "4", "analysis_depth": "standard", "priority_order": 1},
        {"clause_id": "3", "analysis_depth": "standard", "priority_order": 2},
        {"clause_id": "5", "analysis_depth": "standard", "priority_order": 3},
        {"clause_id": "1", "analysis_depth": "quick", "priority_order": 4, "rationale": "definitions"},
    ],
}
ADJUST = {
    "should_adjust": True,
    "reason": "uncapped liability found; indemnity needs a deep look",
    "adjusted_clauses": [{"clause_id": "5", "analysis_depth": "deep", "max_iterations": 5}],
}


def _structure() -> DocumentStructure:
    rows = [
        ("1", "Definitions", '"Goods" means the goods in Schedule 1.'),
        ("2", "Liability", "The Supplier's liability is unlimited."),
        ("3", "Notices", "Notices are sent by post."),
        ("4", "Delivery", "The Supplier delivers to site."),
        ("5", "Indemnity", "The Supplier indemnifies the Customer against all claims."),
    ]
    return DocumentStructure(
        document_id="doc_llm",
        clauses=tuple(Clause(clause_id=c, title=t, text=f"{t}\n{b}") for c, t, b in rows),
    )


def _answer(task: ClauseTask) -> ClauseResult:
    risks: tuple[Risk, ...] = ()
    if task.clause_id == "2":
        risks = (
            Risk(
                id=risk_id(REVIEW, "2", 0, 0),
                clause_id="2",
                risk_type="uncapped_liability",
                risk_level="high",
                description="liability is unlimited",
            ),
        )
    redlines = tuple(
        Redline(
            id=redline_id(REVIEW, task.clause_id, r.id, 0),
            clause_id=task.clause_id,
            risk_id=r.id,
            original_text="unlimited",
            proposed_text="capped at the price",
        )
        for r in risks
        if not task.skip_diffs
    )
    return ClauseResult(task_id=task.task_id, clause_id=task.clause_id, risks=risks, redlines=redlines)


async def _wait_completed(orchestrator: Orchestrator, timeout_s: float = 20) -> ReviewState:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout_s
    while loop.time() < deadline:
        state = await orchestrator.store.load(REVIEW)
        if state is not None and state.status is ReviewStatus.COMPLETED:
            return state
        await asyncio.sleep(0.05)
    raise AssertionError(f"review did not complete: {await orchestrator.store.load(REVIEW)}")


class StaleOnceStore(OrchestratorStore):
    """A store whose first commit of each event is refused as stale (another instance got there first)."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.refused: set[str] = set()

    async def commit(self, event_id: str, review_id: str, *args: Any, **kwargs: Any) -> Any:
        if event_id not in self.refused:
            self.refused.add(event_id)
            raise StaleReviewState(f"refused once: {event_id}")
        return await super().commit(event_id, review_id, *args, **kwargs)


@pytest.mark.parametrize("stale_once", [False, True], ids=["direct", "every-commit-stale-once"])
async def test_llm_plan_adjustment_and_summary_drive_the_review(tmp_path: Path, stale_once: bool) -> None:
    DocumentStore(tmp_path / "documents").put_structure(_structure())
    model = ScriptedModel(
        [
            Turn.json_answer(PLAN, match={"kind": "review_plan"}),
            Turn.json_answer(ADJUST, match={"kind": "plan_adjust"}),
            Turn.text(
                "## Summary\nCap the Supplier's liability before signing.", match={"kind": "review_summary"}
            ),
        ],
        forever=Turn.json_answer({"should_adjust": False, "reason": "on track"}),
    )
    bus = InMemoryBus()
    await bus.start()

    async def fake_worker(env: Envelope) -> None:
        task = env.open(ClauseTask)
        await bus.publish(
            Topic.CLAUSE_RESULTS, REVIEW, Envelope.wrap(REVIEW, _answer(task), event_id=f"evt_{task.task_id}")
        )

    worker = bus.subscribe([Topic.CLAUSE_TASKS], group_id="fake-worker", handler=fake_worker, concurrency=4)
    async with model:
        llm = LLMClient(model.settings(llm_max_retries=0))
        database_url = f"sqlite+aiosqlite:///{tmp_path / 'orchestrator.db'}"
        orchestrator = Orchestrator(
            store=StaleOnceStore(database_url) if stale_once else None,
            bus=bus,
            store_dir=tmp_path / "documents",
            database_url=database_url,
            llm=llm,
            window=2,
            outbox_interval_s=0.05,
        )
        await worker.start()
        await orchestrator.start()
        try:
            request = ReviewRequested(
                documents=DocumentRefs(primary="doc_llm"),
                our_party="Customer",
                language=Language.EN,
                options=ReviewOptions(use_orchestrator=True, approval_policy=ApprovalPolicy.AUTO),
            )
            await bus.publish(
                Topic.REVIEW_REQUESTED, REVIEW, Envelope.wrap(REVIEW, request, event_id="evt_req")
            )
            final = await _wait_completed(orchestrator)
            versions = await orchestrator.store.plan_versions(REVIEW)
        finally:
            await orchestrator.stop()
            await worker.stop()
            await bus.stop()
            await llm.close()

    tasks = {
        t.clause_id: t
        for t in (
            ClauseTask.model_validate(Envelope.from_bytes(r.value).payload)
            for r in await bus.read_topic(Topic.CLAUSE_TASKS)
        )
    }
    assert [tasks[c].priority_order for c in ("2", "4", "3", "5", "1")] == [0, 1, 2, 3, 4]
    assert (tasks["1"].depth, tasks["1"].max_iterations, tasks["1"].skip_diffs) == (Depth.QUICK, 1, True)
    assert tasks["1"].suggested_tools == ("get_clause_context",)
    assert (tasks["5"].depth, tasks["5"].plan_version) == (Depth.DEEP, 2)
    assert (tasks["2"].depth, tasks["2"].plan_version) == (Depth.DEEP, 1)

    assert [v.plan.plan_version for v in versions] == [1, 2]
    # The high-risk result reaches the reviewer before the model is asked about the plan: its
    # redline is published in an update that still carries plan 1; plan 2 follows in its own.
    updates = [
        ReviewUpdated.model_validate(Envelope.from_bytes(r.value).payload)
        for r in await bus.read_topic(Topic.REVIEW_UPDATES)
    ]
    redline_at = next(i for i, u in enumerate(updates) if any(r.clause_id == "2" for r in u.redlines))
    plan_2_at = next(i for i, u in enumerate(updates) if u.plan is not None and u.plan.plan_version == 2)
    assert redline_at < plan_2_at
    assert versions[0].plan.source == "llm" and versions[0].rationale == PLAN["global_strategy"]
    assert (versions[1].trigger, versions[1].clause_id, versions[1].rationale) == (
        "high_risk",
        "2",
        ADJUST["reason"],
    )
    assert final.summary.startswith("## Summary")
    assert final.usage.calls >= 3
    kinds = [str(r["messages"][0]["content"]).splitlines()[0] for r in model.requests]
    assert kinds[0] == "[clauseflow task=review_plan lang=en]"
    assert kinds[-1] == "[clauseflow task=review_summary lang=en]"
    assert "[clauseflow task=plan_adjust lang=en]" in kinds
    # A retry after stale state re-applies the answers it has: the model is asked each thing once.
    assert kinds.count("[clauseflow task=review_plan lang=en]") == 1
    assert kinds.count("[clauseflow task=review_summary lang=en]") == 1
