"""Transport-free skill invocation: arguments → prepare_input → validation → run, with a deadline.

The gRPC server maps the exceptions raised here onto status codes; the embedded mode and the
tests call it directly. Messages are written for the LLM that chose the arguments.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from clauseflow_contracts.errors import InvalidInput, NotFound
from clauseflow_documents.model import DocumentStructure
from clauseflow_documents.reference_units import find_reference_clause, renamed
from clauseflow_platform.logging import get_logger
from pydantic import BaseModel, ValidationError

from clauseflow_skills.documents import DocumentCache
from clauseflow_skills.registry import SkillRegistry
from clauseflow_skills.skill import ReviewContext, Skill, SkillContext

log = get_logger(__name__)

MAX_ARGUMENTS_BYTES = 64_000


# Renamed reference documents kept (a review has a few; the documents' own cache bounds the rest).
_RENAMED_KEPT = 16


class SkillTimeout(TimeoutError):
    """A skill did not finish before its deadline."""


@dataclass(frozen=True)
class InvokeResult:
    """A skill's output as JSON plus how long it took."""

    result_json: str
    duration_ms: float


def parse_arguments(arguments_json: str) -> dict[str, Any]:
    """The LLM's arguments as a dict; ``""`` means none. Anything but a JSON object is refused."""
    text = arguments_json.strip()
    if not text:
        return {}
    if len(text.encode()) > MAX_ARGUMENTS_BYTES:
        raise InvalidInput(
            f"arguments_json is larger than {MAX_ARGUMENTS_BYTES} bytes; send only the arguments"
        )
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidInput(
            f"arguments_json is not valid JSON ({exc.msg} at char {exc.pos}); send a JSON object"
        ) from None
    if not isinstance(value, dict):
        raise InvalidInput(f"arguments_json must be a JSON object, got {type(value).__name__}")
    return value


def describe_validation_error(skill_id: str, exc: ValidationError, allowed: list[str]) -> str:
    """One readable line per bad field, naming it, so the LLM can fix its call."""
    parts: list[str] = []
    for error in exc.errors():
        field = ".".join(str(p) for p in error["loc"]) or "(arguments)"
        kind = error["type"]
        if kind == "extra_forbidden":
            parts.append(f"field '{field}': unknown argument (allowed: {', '.join(allowed) or 'none'})")
        elif kind == "missing":
            parts.append(f"field '{field}': required argument is missing")
        else:
            got = json.dumps(error.get("input"), ensure_ascii=False, default=str)[:80]
            parts.append(f"field '{field}': {error['msg']} (got {got})")
    return f"invalid arguments for {skill_id}: " + "; ".join(parts)


class SkillExecutor:
    """Runs skills for requests; safe for concurrent use (skills are pure, the cache is locked)."""

    def __init__(
        self,
        registry: SkillRegistry,
        documents: DocumentCache,
        *,
        max_concurrency: int = 16,
        default_timeout_s: float = 10.0,
        inline_below_ms: float = 1.0,
    ) -> None:
        self.registry = registry
        self.documents = documents
        self.default_timeout_s = default_timeout_s
        self.inline_below_ms = inline_below_ms
        self._run_ms: dict[str, float] = {}
        # Bounded: a skill that times out keeps its thread until it ends, so cap the pile-up.
        self._slots = asyncio.Semaphore(max_concurrency)
        # Reference documents with their ids under a unit prefix ("ER 3"), by (document id, prefix).
        self._renamed: OrderedDict[tuple[str, str], DocumentStructure] = OrderedDict()

    def build_input(
        self, skill: Skill[Any, Any], context: ReviewContext, arguments: dict[str, Any]
    ) -> tuple[BaseModel | None, DocumentStructure | None]:
        """Load the document, resolve the clause, merge prepare_input with the LLM's arguments."""
        document = self._document(skill, context)
        visible = skill.visible_fields
        internal = sorted(set(arguments) & skill.internal_fields)
        if internal:
            raise InvalidInput(
                f"invalid arguments for {skill.skill_id}: field '{internal[0]}' is filled by the system; "
                f"allowed: {', '.join(sorted(visible))}"
            )
        clause_id = arguments.get("clause_id") or context.clause_id
        if clause_id is not None and not isinstance(clause_id, str):
            raise InvalidInput(f"invalid arguments for {skill.skill_id}: field 'clause_id' must be a string")
        if clause_id and document is not None and not document.has(clause_id):
            # "ER 3" is clause 3 of the Employer's Requirements: the skill reads that document instead.
            document = self._reference_holding(clause_id, context) or document
        if clause_id and document is not None and "clause_id" in visible and not document.has(clause_id):
            raise NotFound(_unknown_clause(clause_id, document))
        prepared = skill.prepare_input(clause_id or "", document, context)
        # null from a strict-mode LLM means "use the default": keep the prepared or model default.
        merged = {**prepared, **{k: v for k, v in arguments.items() if v is not None}}
        if skill.input_model is None:
            return None, document
        try:
            return skill.input_model.model_validate(merged), document
        except ValidationError as exc:
            raise InvalidInput(describe_validation_error(skill.skill_id, exc, sorted(visible))) from None

    def _document(self, skill: Skill[Any, Any], context: ReviewContext) -> DocumentStructure | None:
        if not context.primary_document_id:
            if skill.needs_document:
                raise InvalidInput(
                    f"{skill.skill_id} needs the contract: context.primary_document_id is empty"
                )
            return None
        return self.documents.get(context.primary_document_id)

    def _reference_holding(self, clause_id: str, context: ReviewContext) -> DocumentStructure | None:
        """The reference document holding review unit ``clause_id``, its ids under the unit's prefix."""
        references = []
        for doc_id in context.reference_document_ids:
            with contextlib.suppress(NotFound):
                references.append(self.documents.get(doc_id))
        found = find_reference_clause(clause_id, references)
        if found is None:
            return None
        document = references[found.document_index]
        key = (document.document_id, found.prefix)
        view = self._renamed.get(key)
        if view is None:  # renaming copies every clause: once per document, not per call
            view = self._renamed[key] = renamed(document, found.prefix)
            while len(self._renamed) > _RENAMED_KEPT:
                self._renamed.popitem(last=False)
        return view

    def _runs_inline(self, skill_id: str, context: ReviewContext) -> bool:
        """Whether the skill's recent runs were short enough to run on the event loop thread.

        Skills are pure Python, so a worker thread buys no parallelism (the GIL): it only keeps
        the loop responsive during long runs. For sub-millisecond skills the hop to a thread
        (submit, wake-up, GIL hand-over, call back into the loop) costs more than the skill, so
        they run inline; an unknown or slow skill goes to a thread, and so does a call whose
        documents are not cached yet (reading the store is disk I/O, never done on the loop).
        """
        estimate = self._run_ms.get(skill_id)
        if estimate is None or estimate >= self.inline_below_ms:
            return False
        ids = (
            context.primary_document_id,
            context.particular_conditions_document_id,
            *context.reference_document_ids,
        )
        return all(self.documents.is_cached(doc_id) for doc_id in ids if doc_id)

    def _timed_run(self, skill: Skill[Any, Any], context: ReviewContext, arguments: dict[str, Any]) -> str:
        # CPU time of this thread, not wall time: on a worker thread the wall time includes waiting
        # for the GIL behind the busy loop, which would keep a fast skill off the loop under load.
        # Skills do no I/O (their contract), so CPU time is how long an inline run blocks the loop.
        started = time.thread_time()
        try:
            return self._run(skill, context, arguments)
        finally:
            elapsed_ms = (time.thread_time() - started) * 1000
            previous = self._run_ms.get(skill.skill_id)
            # An exponential moving average: one slow input moves the skill back to a thread.
            self._run_ms[skill.skill_id] = (
                elapsed_ms if previous is None else 0.8 * previous + 0.2 * elapsed_ms
            )

    def _run(self, skill: Skill[Any, Any], context: ReviewContext, arguments: dict[str, Any]) -> str:
        model_input, document = self.build_input(skill, context, arguments)
        ctx = SkillContext(review=context, document=document, load_document=self.documents.get)
        output = skill.run(model_input, ctx)
        return (
            output.model_dump_json()
            if isinstance(output, BaseModel)
            else json.dumps(output, ensure_ascii=False)
        )

    async def invoke(
        self,
        skill_id: str,
        context: ReviewContext,
        arguments_json: str,
        *,
        timeout_s: float | None = None,
    ) -> InvokeResult:
        """Run one skill. Raises NotFound, InvalidInput or SkillTimeout with LLM-readable messages."""
        skill = self.registry.get(skill_id)
        if not skill.is_active:
            raise NotFound(f"skill {skill_id!r} is inactive")
        arguments = parse_arguments(arguments_json)
        budget = min(t for t in (timeout_s, skill.timeout_s, self.default_timeout_s) if t is not None)
        started = time.perf_counter()
        try:
            async with asyncio.timeout(budget):
                async with self._slots:
                    if self._runs_inline(skill_id, context):
                        result_json = self._timed_run(skill, context, arguments)
                    else:
                        result_json = await asyncio.to_thread(self._timed_run, skill, context, arguments)
        except TimeoutError:
            raise SkillTimeout(f"{skill_id} did not finish within {budget:.1f}s") from None
        duration_ms = (time.perf_counter() - started) * 1000
        if duration_ms > budget * 1000:
            # An inline run cannot be interrupted; a late answer is still a timeout to the caller.
            raise SkillTimeout(f"{skill_id} did not finish within {budget:.1f}s")
        return InvokeResult(result_json=result_json, duration_ms=duration_ms)


def _unknown_clause(clause_id: str, document: DocumentStructure) -> str:
    ids = [c.clause_id for c in document.clauses]
    sample = ", ".join(ids[:30]) + (", ..." if len(ids) > 30 else "")
    return f"clause {clause_id!r} does not exist in this document; existing clause ids: {sample}"
