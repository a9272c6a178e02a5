"""The clause agent: a bounded ReAct loop over gRPC skills, with the fixed-skill path behind it.

Design: docs/architecture.md#the-clause-agent.

Per task: tools for the review's domain come from the registry; the model sees
the clause between fixed delimiters and the suggested tools as hints; it may
call tools for at most ``max_iterations`` turns (calls of one turn run
concurrently); a final answer is parsed into risks. An LLM failure, an
unparseable answer or an exhausted loop falls back to the fixed-skill path:
the suggested skills are invoked directly and the model is
asked once, without tools. If that fails too, or a skill the path needs (or a
tool the model called) could not be reached, the outcome is ``failed`` with the
error and no risks: the clause was not reviewed, and must never read as a
clause without risks (an answer without one tool's findings depends on when
the skills server went down; the retry of the clause gives the whole review).
The agent itself never raises for a model or skill failure.
Quick-depth clauses (and tasks with ``use_react_agent`` off) take the fixed
path directly: one model call over the clause context, no loop.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

from clauseflow_contracts.chat import ChatMessage
from clauseflow_contracts.events import ClauseTask
from clauseflow_contracts.review import Depth, LLMUsage, SkillCall
from clauseflow_documents.model import Clause
from clauseflow_legal.contract_setting import ContractSetting
from clauseflow_platform.logging import get_logger
from clauseflow_platform.skills_client import InvocationContext, SkillOutcome, ToolInfo

from clauseflow_clause_worker import model_gate, prompting
from clauseflow_clause_worker.model import ChatModel
from clauseflow_clause_worker.settings import AgentSettings
from clauseflow_clause_worker.tools import run_tool_calls

log = get_logger(__name__)


class SkillSource(Protocol):
    """The registry and invoker the agent needs (``SkillsClient`` in production)."""

    async def tools_for(self, domain: str, *, force_refresh: bool = False) -> list[ToolInfo]: ...

    async def invoke(
        self, name: str, context: InvocationContext, arguments: Mapping[str, object]
    ) -> SkillOutcome: ...


@dataclass
class AgentOutcome:
    """What the agent found in one clause, with everything needed for audit."""

    risks: list[dict[str, object]] = field(default_factory=list)
    skill_calls: list[SkillCall] = field(default_factory=list)
    messages: list[ChatMessage] = field(default_factory=list)
    fixed_path_messages: list[ChatMessage] = field(default_factory=list)
    usage: LLMUsage = field(default_factory=LLMUsage)
    path: str = "react"
    fallback_used: bool = False
    fallback_reason: str = ""
    error: str = ""
    # The clause was not reviewed (model or skills unavailable): ``error`` says why.
    failed: bool = False
    # Successful skill results by tool name, so the fixed path does not ask twice.
    skill_results: dict[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class ClauseJob:
    """One clause to review: the task, the clause itself and the review it belongs to."""

    review_id: str
    task: ClauseTask
    clause: Clause
    # Where the parties are at home and which law the contract chooses (read once per document).
    setting: ContractSetting = field(default_factory=ContractSetting)
    # The contract's defined terms as written, and every term it has (lower-case forms): a redline
    # may use only these (see ``redline_rules.foreign_terms``).
    defined_terms: tuple[str, ...] = ()
    vocabulary: frozenset[str] = frozenset()

    def context(self) -> InvocationContext:
        """The review context every skill call carries."""
        docs = self.task.documents
        return InvocationContext(
            review_id=self.review_id,
            primary_document_id=docs.primary,
            particular_conditions_document_id=docs.particular_conditions or "",
            reference_document_ids=tuple(docs.references),
            clause_id=self.task.clause_id,
            our_party=self.task.our_party,
            language=self.task.language.value,
            domain=self.task.domain.value,
        )


class ClauseAgent:
    """Reviews one clause at a time; holds no per-task state, so one instance serves all in-flight tasks."""

    def __init__(self, llm: ChatModel, skills: SkillSource, settings: AgentSettings) -> None:
        self._llm = llm
        self._skills = skills
        self._settings = settings

    @property
    def settings(self) -> AgentSettings:
        """The agent's settings (the worker's per-clause limits among them)."""
        return self._settings

    async def review(self, job: ClauseJob) -> AgentOutcome:
        """Find the risks in one clause: ReAct when the task asks for it, else the fixed-skill path."""
        outcome = AgentOutcome()
        if not job.task.use_react_agent or job.task.depth == Depth.QUICK:
            # Quick depth is one model call over the clause context: the ReAct loop would spend its
            # single turn on fetching that context and then have to fall back anyway.
            outcome.path = "quick" if job.task.use_react_agent else "fixed"
            await self._fixed_path(job, outcome)
            return outcome
        reason = await self._react(job, outcome)
        # A tool that failed once and answered on a later turn was not missing from the answer.
        missed = [c.skill_id for c in outcome.skill_calls if c.skill_id not in outcome.skill_results]
        unreachable = _unreachable_skills(outcome.skill_calls, missed)
        if not reason and unreachable:
            # The model answered without what a tool it asked for would have shown: that answer
            # depends on when the skills server went down, so it is no review (retry the clause).
            self._fail(outcome, f"skills unavailable: {unreachable}")
            return outcome
        if reason:
            log.warning("agent.react_fallback", reason=reason)
            outcome.fallback_used = True
            outcome.fallback_reason = reason
            outcome.path = "fixed"
            await self._fixed_path(job, outcome)
        return outcome

    async def _tools(self, job: ClauseJob) -> dict[str, ToolInfo]:
        return {t.name: t for t in await self._skills.tools_for(job.task.domain.value)}

    async def _react(self, job: ClauseJob, outcome: AgentOutcome) -> str:
        """Run the loop; returns ``""`` on a usable final answer, else why the fixed path must take over."""
        tools = await self._tools(job)
        if not tools:
            return "no tools are available for this domain from the skills registry"
        hints = [tools[name] for name in job.task.suggested_tools if name in tools]
        outcome.messages = prompting.react_messages(job.review_id, job.task, job.clause, hints, job.setting)
        specs = [t.openai_tool for t in tools.values()]
        iterations = job.task.max_iterations
        for turn_no in range(1, iterations + 1):
            model_gate.expect_calls(iterations - turn_no + 1)
            try:
                turn = await self._llm.chat_with_tools(
                    outcome.messages, specs, temperature=self._settings.react_temperature
                )
            except Exception as exc:  # any model failure means the fixed path
                return f"LLM call failed on turn {turn_no}: {exc}"
            outcome.usage += turn.usage
            if not turn.tool_calls:
                return self._finish(turn.content or "", outcome)
            outcome.messages.append(turn.assistant_message)
            runs = await run_tool_calls(
                turn.tool_calls,
                skills=self._skills,
                context=job.context(),
                allowed=tools,
                max_chars=self._settings.max_tool_result_chars,
                concurrency=self._settings.tool_concurrency,
            )
            for run in runs:
                outcome.messages.append(run.message)
                outcome.skill_calls.append(run.call)
                if run.outcome is not None and run.outcome.ok:
                    outcome.skill_results[run.call.skill_id] = run.outcome.result()
        return f"the model was still calling tools after max_iterations={iterations} turns"

    def _finish(self, text: str, outcome: AgentOutcome) -> str:
        outcome.messages.append({"role": "assistant", "content": text})
        try:
            outcome.risks = prompting.parse_risks(text)
        except Exception as exc:  # an unusable final answer is a fallback, not a crash
            return f"the final answer could not be parsed as risks: {exc}"
        return ""

    async def _fixed_path(self, job: ClauseJob, outcome: AgentOutcome) -> None:
        """Invoke the suggested (or default) skills directly, then ask the model once without tools."""
        names = list(job.task.suggested_tools) or list(self._settings.default_fixed_tools)
        if job.task.depth == Depth.QUICK:
            names = [n for n in names if n in self._settings.quick_tools] or list(self._settings.quick_tools)
        calls = await self._invoke_fixed(job, names, outcome)
        results = {n: outcome.skill_results[n] for n in names if n in outcome.skill_results}
        unreachable = _unreachable_skills(calls, names)
        if unreachable:
            # Without one of its skills the answer would be a guess where that skill's findings belong.
            self._fail(outcome, f"skills unavailable: {unreachable}")
            return
        model_gate.expect_calls(1)
        outcome.fixed_path_messages = prompting.fixed_path_messages(
            job.review_id, job.task, job.clause, results, job.setting
        )
        try:
            answer = await self._llm.chat(outcome.fixed_path_messages)
            outcome.usage += answer.usage
            outcome.fixed_path_messages.append({"role": "assistant", "content": answer.text})
            outcome.risks = prompting.parse_risks(answer.text)
        except Exception as exc:  # the last resort failed: report it, never crash the consumer
            self._fail(outcome, f"fixed-skill path failed: {exc}")

    @staticmethod
    def _fail(outcome: AgentOutcome, error: str) -> None:
        """The clause could not be reviewed: no risks, the error, and ``failed`` (never a clean clause)."""
        outcome.risks = []
        outcome.fallback_used = True
        outcome.failed = True
        # The last cause is the one to act on (the ReAct fallback reason stays in the transcript).
        outcome.error = error
        log.warning("clause.not_reviewed", error=outcome.error)

    async def _invoke_fixed(self, job: ClauseJob, names: list[str], outcome: AgentOutcome) -> list[SkillCall]:
        """Call the skills of ``names`` not answered yet; returns those calls (also kept in ``outcome``)."""
        missing = list(dict.fromkeys(n for n in names if n not in outcome.skill_results))
        context = job.context()
        gate = asyncio.Semaphore(self._settings.tool_concurrency)

        async def one(name: str) -> SkillOutcome:
            async with gate:
                # No arguments: the skill's prepare_input fills them from the context.
                return await self._skills.invoke(name, context, {})

        calls = []
        for result in await asyncio.gather(*(one(n) for n in missing)):
            calls.append(
                SkillCall(
                    skill_id=result.skill_id, duration_ms=result.duration_ms, ok=result.ok, error=result.error
                )
            )
            if result.ok:
                outcome.skill_results[result.skill_id] = result.result()
        outcome.skill_calls.extend(calls)
        return calls


# gRPC codes that mean the skill server could not be reached, not that a skill declined the input.
_UNREACHABLE = ("UNAVAILABLE", "DEADLINE_EXCEEDED")


def _unreachable_skills(calls: list[SkillCall], names: list[str]) -> str:
    """The errors of the calls of ``names`` that failed because the skills server was unreachable."""
    wanted = set(names)
    errors = [f"{c.skill_id}: {c.error}" for c in calls if c.skill_id in wanted and _unreachable(c)]
    return "; ".join(errors[:3])


def _unreachable(call: SkillCall) -> bool:
    """Whether a call failed for want of a skills server (its error starts with the gRPC code)."""
    return not call.ok and call.error.startswith(_UNREACHABLE)
