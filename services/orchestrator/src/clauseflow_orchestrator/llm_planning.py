"""The orchestrator's LLM calls, each with a safe fallback.

Design: docs/architecture.md#planning.

These run in the async shell, outside the pure core; their results are fed into the
core as inputs. A model that fails, times out or answers garbage never stops a review:
the plan falls back to the default plan, the adjustment to "no change", the summary
to the template.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from clauseflow_contracts.chat import ChatMessage
from clauseflow_contracts.json_answer import parse_json_answer
from clauseflow_contracts.llm_errors import LLMUnavailable
from clauseflow_contracts.prompts.planning import build_adjust_messages, build_plan_messages
from clauseflow_contracts.prompts.summary import build_summary_messages
from clauseflow_contracts.review import (
    ChecklistItem,
    ClausePlan,
    Domain,
    Language,
    LLMUsage,
    PlanAdjustment,
    ReviewPlan,
    Risk,
)
from clauseflow_platform.llm import ChatAnswer
from clauseflow_platform.logging import get_logger

from clauseflow_orchestrator.domain_packs import all_tools
from clauseflow_orchestrator.planning import (
    PlanRejected,
    adjustment_trigger,
    build_default_plan,
    normalise_adjustment,
    normalise_plan,
)
from clauseflow_orchestrator.state import ReviewState
from clauseflow_orchestrator.summary import all_risks, redlines_for_summary, template_summary

log = get_logger(__name__)


class ChatModel(Protocol):
    """The part of :class:`clauseflow_platform.llm.LLMClient` the orchestrator uses."""

    async def chat(
        self,
        messages: Sequence[ChatMessage],
        *,
        temperature: float | None = None,
        response_json: bool = False,
        deadline_s: float | None = None,
    ) -> ChatAnswer:
        """One chat completion, ended within ``deadline_s`` (retries included) when one is given."""


@dataclass(frozen=True)
class PlanOutcome:
    """A plan and what it cost; ``fallback_reason`` says why the default plan was used, if it was."""

    plan: ReviewPlan
    usage: LLMUsage = field(default_factory=LLMUsage)
    fallback_reason: str = ""


@dataclass(frozen=True)
class AdjustOutcome:
    """An adjustment (None when no trigger fired), its trigger and cost."""

    adjustment: PlanAdjustment | None
    trigger: str | None = None
    usage: LLMUsage = field(default_factory=LLMUsage)


# How often a call is tried again while the model is unreachable (see :func:`ask_patiently`).
WAIT_STEP_S = 2.0


async def ask_patiently(llm: ChatModel, messages: Sequence[ChatMessage], *, wait_s: float) -> ChatAnswer:
    """``llm.chat`` for a JSON answer, asked again while the model is unreachable, for up to ``wait_s``.

    The plan and its adjustments decide how deeply each clause is reviewed. Falling back because
    the model was down for a few seconds (a restart) would make the review depend on when that
    happened: the same contract would get another plan than without the outage. An answer that
    is unusable, or a model still down after ``wait_s``, still falls back (docs/architecture.md#planning).

    ``wait_s`` bounds the whole ask, not only the pauses between calls: each call is given the time
    left as its deadline, so the client's own timeout and retries cannot stretch it (the caller holds
    the review's lock meanwhile). With ``wait_s`` 0 the model is asked once, under the client's policy.
    """
    if wait_s <= 0:
        return await llm.chat(messages, response_json=True)
    deadline = time.monotonic() + wait_s
    while True:
        try:
            return await llm.chat(messages, response_json=True, deadline_s=deadline - time.monotonic())
        except LLMUnavailable as exc:
            left = deadline - time.monotonic()
            if left <= 0:
                raise
            log.warning("plan.model_unavailable_waiting", error=str(exc), seconds_left=round(left, 1))
            await asyncio.sleep(min(WAIT_STEP_S, left))
            if time.monotonic() >= deadline:
                raise  # the wait is over: the model's last error says why, not an empty deadline


async def generate_review_plan(
    llm: ChatModel | None,
    checklist: Sequence[ChecklistItem],
    *,
    domain: Domain = Domain.GENERIC,
    language: Language | str = Language.ZH_CN,
    material_type: str = "contract",
    available_tools: Sequence[str] | None = None,
    review_id: str = "",
    wait_s: float = 0.0,
) -> PlanOutcome:
    """The review plan: ask the model, normalise, fall back to the default plan.

    ``wait_s``: how long to wait for an unreachable model before falling back (:func:`ask_patiently`).
    """
    if llm is None:
        return PlanOutcome(build_default_plan(checklist, domain), fallback_reason="orchestrator LLM disabled")
    messages = build_plan_messages(
        checklist=checklist,
        domain=domain.value,
        material_type=material_type,
        available_tools=list(available_tools if available_tools is not None else all_tools(domain)),
        language=str(language),
        review_id=review_id,
    )
    usage = LLMUsage()
    try:
        answer = await ask_patiently(llm, messages, wait_s=wait_s)
        usage = answer.usage
        plan = normalise_plan(parse_json_answer(answer.text, expect="object"), checklist, domain)
        return PlanOutcome(plan, usage)
    except PlanRejected as exc:
        reason = f"the model's plan was unusable: {exc}"
    except Exception as exc:  # any model failure must fall back, never stop the review
        reason = f"planning call failed: {exc}"
    log.warning("plan.fallback", reason=reason)
    return PlanOutcome(build_default_plan(checklist, domain), usage, fallback_reason=reason)


async def maybe_adjust_plan(
    llm: ChatModel | None,
    current_clause_id: str,
    current_risks: Sequence[Risk],
    remaining_plan: Sequence[ClausePlan],
    completed: int,
    total: int,
    *,
    threshold: int = 1,
    domain: Domain = Domain.GENERIC,
    language: Language | str = Language.ZH_CN,
    review_id: str = "",
    wait_s: float = 0.0,
) -> AdjustOutcome:
    """Adjust the remaining plan: call the model only on a trigger (high risk, midpoint).

    With no trigger, no remaining clauses or no model, no call is made and ``adjustment``
    is None; a failed call means "no change" (after waiting up to ``wait_s`` for an unreachable model).
    """
    trigger = adjustment_trigger(current_risks, completed, total, threshold=threshold)
    if trigger is None or not remaining_plan or llm is None:
        return AdjustOutcome(None, trigger)
    messages = build_adjust_messages(
        current_clause_id=current_clause_id,
        risks=list(current_risks),
        remaining_plan=list(remaining_plan),
        completed=completed,
        total=total,
        language=str(language),
        review_id=review_id,
    )
    usage = LLMUsage()
    try:
        answer = await ask_patiently(llm, messages, wait_s=wait_s)
        usage = answer.usage
        adjustment = normalise_adjustment(parse_json_answer(answer.text, expect="object"), domain)
    except Exception as exc:  # an adjustment is optional: a failure keeps the plan as it is
        log.warning("plan.adjust_failed", clause_id=current_clause_id, error=str(exc))
        adjustment = PlanAdjustment(should_adjust=False, reason=f"adjustment call failed: {exc}")
    return AdjustOutcome(adjustment, trigger, usage)


async def write_summary(llm: ChatModel | None, state: ReviewState) -> tuple[str, LLMUsage]:
    """The review summary: the model's text, or the template when there is no model or it fails."""
    if llm is None:
        return template_summary(state), LLMUsage()
    messages = build_summary_messages(
        language=state.request.language.value,
        our_party=state.request.our_party,
        risks=all_risks(state),
        redlines=redlines_for_summary(state),
        clause_count=len(state.clauses),
        review_id=state.review_id,
    )
    try:
        answer = await llm.chat(messages)
        text = (answer.text or "").strip()
        if text and not text.startswith(("[", "{")):
            return text + "\n", answer.usage
        # Empty, or JSON from a model that did not understand the task: not a summary for a person.
        reason = f"the model's summary is unusable: {text[:80]!r}"
    except Exception as exc:  # the template is always a good-enough summary
        reason = str(exc)
    log.warning("summary.fallback", reason=reason)
    return template_summary(state), LLMUsage()
