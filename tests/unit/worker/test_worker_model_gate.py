"""Model calls of one replica: at most WORKER_MODEL_CONCURRENCY in flight, most work ahead first."""

from __future__ import annotations

import asyncio

import pytest
from clauseflow_clause_worker import model_gate
from clauseflow_clause_worker.model_gate import ModelGate
from clauseflow_clause_worker.service import ClauseWorker
from clauseflow_clause_worker.settings import WorkerSettings
from clauseflow_contracts.events import ClauseResult, Envelope, Topic
from clauseflow_documents.store import DocumentStore
from clauseflow_platform.bus.memory import InMemoryBus
from clauseflow_platform.skills_client import SkillsClient
from clauseflow_testkit.scripted_model import request_facts
from clauseflow_testkit.scripted_turns import Turn, call
from worker_fixtures import clause_task, scripted_llm


async def _caller(gate: ModelGate, name: str, remaining: int, log: list[str], hold: asyncio.Event) -> None:
    """A task that asks for one slot with ``remaining`` calls ahead and holds it until ``hold`` is set."""
    model_gate.begin_task()
    model_gate.expect_calls(remaining)
    async with gate.slot():
        log.append(name)
        await hold.wait()


async def _settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


async def test_no_more_calls_than_slots_are_in_flight() -> None:
    gate = ModelGate(2)
    peak = 0

    async def one() -> None:
        nonlocal peak
        async with gate.slot():
            peak = max(peak, gate.in_flight)
            await asyncio.sleep(0.01)

    await asyncio.gather(*(one() for _ in range(10)))
    assert peak == 2
    assert gate.in_flight == 0 and gate.waiting == 0


async def test_a_freed_slot_goes_to_the_task_with_most_calls_ahead_then_to_the_earliest() -> None:
    gate = ModelGate(1)
    order: list[str] = []
    release = {name: asyncio.Event() for name in ("holder", "late-long", "early-short", "later-short")}
    holder = asyncio.create_task(_caller(gate, "holder", 1, order, release["holder"]))
    await _settle()
    # Waiting in this arrival order: a short task, a long one, another short one.
    early_short = asyncio.create_task(_caller(gate, "early-short", 1, order, release["early-short"]))
    await _settle()
    late_long = asyncio.create_task(_caller(gate, "late-long", 3, order, release["late-long"]))
    await _settle()
    later_short = asyncio.create_task(_caller(gate, "later-short", 1, order, release["later-short"]))
    await _settle()
    assert gate.waiting == 3
    for name in ("holder", "late-long", "early-short", "later-short"):
        release[name].set()
        await _settle()
    await asyncio.gather(holder, early_short, late_long, later_short)
    assert order == ["holder", "late-long", "early-short", "later-short"]


async def test_a_cancelled_waiter_does_not_keep_a_slot() -> None:
    gate = ModelGate(1)
    order: list[str] = []
    hold, never, free = asyncio.Event(), asyncio.Event(), asyncio.Event()
    holder = asyncio.create_task(_caller(gate, "holder", 1, order, hold))
    await _settle()
    cancelled = asyncio.create_task(_caller(gate, "cancelled", 5, order, never))
    waiting = asyncio.create_task(_caller(gate, "waiting", 1, order, free))
    await _settle()
    cancelled.cancel()
    hold.set()
    free.set()
    await asyncio.wait_for(asyncio.gather(holder, waiting), timeout=2)
    assert order == ["holder", "waiting"]
    assert gate.in_flight == 0


def test_model_concurrency_is_unset_by_default_and_validated(monkeypatch: pytest.MonkeyPatch) -> None:
    assert WorkerSettings().worker_model_concurrency is None
    monkeypatch.setenv("WORKER_MODEL_CONCURRENCY", "3")
    assert WorkerSettings().worker_model_concurrency == 3
    monkeypatch.setenv("WORKER_MODEL_CONCURRENCY", "0")
    with pytest.raises(ValueError, match="worker_model_concurrency"):
        WorkerSettings()


# --- the worker with more clauses in flight than model slots ------------------------------------

TOOL_TURN = Turn.tool_calls(call("get_clause_context", {"clause_id": "{clause_id}"}), delay_s=0.05)
THREE_TURNS = {"clause_review": [TOOL_TURN, TOOL_TURN, Turn.json_answer([])]}


async def _review_six_clauses(
    bus: InMemoryBus, skills: SkillsClient, store: DocumentStore, model_concurrency: int | None
) -> tuple[list[ClauseResult], int]:
    async with scripted_llm(per_conversation=THREE_TURNS) as (llm, model):
        worker = ClauseWorker(
            bus=bus, llm=llm, skills=skills, store=store, concurrency=6, model_concurrency=model_concurrency
        )
        await worker.start()
        for n in range(6):
            task = clause_task("2", task_id=f"task-g{n}", depth="standard")
            envelope = Envelope.wrap(f"rev_g{n}", task, event_id=f"evt_g{n}")
            await bus.publish(Topic.CLAUSE_TASKS, f"rev_g{n}:2", envelope)
        records = await bus.read_topic(Topic.CLAUSE_RESULTS, min_records=6, timeout_s=15)
        await worker.stop(grace_s=2)
        peak = model.peak_in_flight
    return [ClauseResult.model_validate(Envelope.from_bytes(r.value).payload) for r in records], peak


async def test_a_replica_sends_at_most_its_model_concurrency_while_holding_more_clauses(
    bus: InMemoryBus, skills: SkillsClient, store: DocumentStore
) -> None:
    results, peak = await _review_six_clauses(bus, skills, store, model_concurrency=2)
    assert sorted(r.task_id for r in results) == [f"task-g{n}" for n in range(6)]
    assert all(r.usage.calls == 3 and not r.fallback_used for r in results)
    assert peak == 2


async def test_without_a_model_limit_every_clause_in_flight_calls_the_model_at_once(
    bus: InMemoryBus, skills: SkillsClient, store: DocumentStore
) -> None:
    results, peak = await _review_six_clauses(bus, skills, store, model_concurrency=None)
    assert len(results) == 6
    assert peak == 6


async def test_a_freed_model_slot_goes_to_the_waiting_clause_with_more_turns_ahead(
    bus: InMemoryBus, skills: SkillsClient, store: DocumentStore
) -> None:
    slow_tool_turn = Turn.tool_calls(call("get_clause_context", {"clause_id": "{clause_id}"}), delay_s=0.3)
    script = {
        "clause_review": [slow_tool_turn, TOOL_TURN, Turn.json_answer([])],
        "clause_review_fixed": [Turn.json_answer([])],
    }

    async def publish(clause_id: str, depth: str) -> None:
        task = clause_task(clause_id, task_id=f"task-h{clause_id}", depth=depth)
        envelope = Envelope.wrap(f"rev_h{clause_id}", task, event_id=f"evt_h{clause_id}")
        await bus.publish(Topic.CLAUSE_TASKS, f"rev_h{clause_id}:{clause_id}", envelope)

    async with scripted_llm(per_conversation=script) as (llm, model):
        worker = ClauseWorker(
            bus=bus, llm=llm, skills=skills, store=store, concurrency=4, model_concurrency=1
        )
        await worker.start()
        await publish("1", "standard")  # takes the only slot for its first (slow) turn
        async with asyncio.timeout(5):
            while not model.requests:  # noqa: ASYNC110 - the model server records requests, nothing to await
                await asyncio.sleep(0.01)
        await publish("2", "quick")  # one model call ahead: waits
        await asyncio.sleep(0.05)
        await publish("3", "standard")  # three turns ahead: waits, arrived later
        await bus.read_topic(Topic.CLAUSE_RESULTS, min_records=3, timeout_s=15)
        await worker.stop(grace_s=2)
    order = [str(request_facts(body)["clause_id"]) for body in model.requests]
    assert order[0] == "1"
    assert order.index("3") < order.index("2"), order
