"""What keeps an Invoke cheap: schemas built once, fast skills inline, indexes and memos reused."""

from __future__ import annotations

import json
import threading
import time
import unicodedata
from typing import Any

import pytest
from clauseflow_documents.store import DocumentStore
from clauseflow_skills.catalog import build_registry
from clauseflow_skills.documents import DocumentCache
from clauseflow_skills.executor import SkillExecutor, SkillTimeout
from clauseflow_skills.skill import ReviewContext, Skill, SkillContext, SkillInput
from clauseflow_skills.skills.clause_context import SKILL as CLAUSE_CONTEXT
from clauseflow_skills.skills.reference_search import search
from clauseflow_skills.text import classify_clause, normalise
from pydantic import BaseModel, Field

from .conftest import build_document

EN = ReviewContext(review_id="rev_1", primary_document_id="doc-en", clause_id="14.2")


class ThreadInput(SkillInput):
    clause_id: str = Field(description="c")


class ThreadOutput(BaseModel):
    thread: int


def _which_thread(args: ThreadInput, ctx: SkillContext) -> ThreadOutput:
    return ThreadOutput(thread=threading.get_ident())


def _busy(args: ThreadInput, ctx: SkillContext) -> ThreadOutput:
    until = time.thread_time() + 0.01  # 10 ms of CPU work, like a heavy skill
    while time.thread_time() < until:
        pass
    return ThreadOutput(thread=threading.get_ident())


def _skill(skill_id: str, run: Any, timeout_s: float = 5.0) -> Skill[Any, Any]:
    return Skill(
        skill_id=skill_id,
        description="reports its thread",
        input_model=ThreadInput,
        output_model=ThreadOutput,
        run=run,
        timeout_s=timeout_s,
    )


async def _thread_of(executor: SkillExecutor, skill_id: str) -> int:
    return int(json.loads((await executor.invoke(skill_id, EN, "{}")).result_json)["thread"])


def test_parameters_are_copies_so_callers_cannot_corrupt_the_skill() -> None:
    first = CLAUSE_CONTEXT.parameters()
    first["properties"].clear()
    assert "clause_id" in CLAUSE_CONTEXT.parameters()["properties"]
    assert CLAUSE_CONTEXT.visible_fields == frozenset({"clause_id", "include_children_text"})


async def test_a_fast_skill_runs_on_the_event_loop_once_it_is_known_to_be_fast(store: DocumentStore) -> None:
    executor = SkillExecutor(build_registry([_skill("where", _which_thread)]), DocumentCache(store))
    loop_thread = threading.get_ident()
    assert await _thread_of(executor, "where") != loop_thread  # unknown cost: a worker thread
    assert await _thread_of(executor, "where") == loop_thread


async def test_a_slow_skill_stays_on_a_worker_thread(store: DocumentStore) -> None:
    executor = SkillExecutor(build_registry([_skill("busy", _busy)]), DocumentCache(store))
    loop_thread = threading.get_ident()
    for _ in range(3):
        assert await _thread_of(executor, "busy") != loop_thread


async def test_inline_runs_can_be_switched_off(store: DocumentStore) -> None:
    registry = build_registry([_skill("where", _which_thread)])
    executor = SkillExecutor(registry, DocumentCache(store), inline_below_ms=0)
    loop_thread = threading.get_ident()
    for _ in range(3):
        assert await _thread_of(executor, "where") != loop_thread


async def test_a_call_whose_document_is_not_cached_reads_it_off_the_loop(store: DocumentStore) -> None:
    documents = DocumentCache(store, max_entries=1)
    executor = SkillExecutor(build_registry([_skill("where", _which_thread)]), documents)
    loop_thread = threading.get_ident()
    await _thread_of(executor, "where")
    documents.get("doc-zh")  # evicts doc-en
    assert not documents.is_cached("doc-en")
    assert await _thread_of(executor, "where") != loop_thread


async def test_a_late_inline_answer_is_still_a_timeout(store: DocumentStore) -> None:
    state = {"slow": False}

    def sometimes_slow(args: ThreadInput, ctx: SkillContext) -> ThreadOutput:
        if state["slow"]:
            until = time.thread_time() + 0.08
            while time.thread_time() < until:
                pass
        return ThreadOutput(thread=threading.get_ident())

    skill = _skill("flaky", sometimes_slow, timeout_s=0.05)
    executor = SkillExecutor(build_registry([skill]), DocumentCache(store))
    await executor.invoke("flaky", EN, "{}")
    await executor.invoke("flaky", EN, "{}")  # now known fast: runs inline
    state["slow"] = True
    with pytest.raises(SkillTimeout, match="flaky did not finish within"):
        await executor.invoke("flaky", EN, "{}")


@pytest.mark.parametrize(
    "text",
    ["plain ASCII 14.2", "支付３０日内，违约金为１０％", "ﬁnance ① \u00a0 ½ Ω", "", "混合 text ＄5m"],
)
def test_normalise_folds_each_character_as_nfkc_keeping_the_length(text: str) -> None:
    expected = "".join(folded if len(folded := unicodedata.normalize("NFKC", ch)) == 1 else ch for ch in text)
    assert normalise(text) == expected
    assert len(normalise(text)) == len(text)


def test_memoised_classification_hands_out_independent_lists() -> None:
    text = "The total liability of the Supplier shall not exceed the fees paid."
    first = classify_clause("Liability", text)
    first.append("tampered")
    assert "tampered" not in classify_clause("Liability", text)


def test_reference_search_ranks_best_first_and_keeps_only_top_k() -> None:
    document = build_document(
        "ref-doc",
        [
            ("1", "Delay", "Delay damages are capped. Delay damages accrue daily. Delay.", None),
            ("2", "Payment", "Payment within 30 days.", None),
            ("3", "Damages", "Delay damages apply.", None),
            ("4", "Other", "Nothing relevant here.", None),
        ],
    )
    hits = search([document], "delay damages", top_k=2)
    assert [h.clause_id for h in hits] == ["1", "3"]
    assert hits[0].score >= hits[1].score > 0
    assert search([document], "delay damages", top_k=10)[-1].clause_id == "3"  # zero scores dropped
