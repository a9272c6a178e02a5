"""One clause task from start to result: load the clause, review it, draft redlines, keep the transcript.

This is the worker's logic without the bus: given a review id and a
:class:`ClauseTask` it returns the :class:`ClauseResult` to publish. Model and
skill failures end up inside the result (``error``, ``fallback_used``); only
infrastructure failures (the document store) raise, so the bus retries them.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from clauseflow_contracts import ids
from clauseflow_contracts.errors import NotFound
from clauseflow_contracts.events import ClauseResult, ClauseTask
from clauseflow_contracts.review import Risk, RiskLevel, TaskMode, normalise_risk_level
from clauseflow_contracts.tenants import document_owner
from clauseflow_documents.model import Clause, DocumentStructure
from clauseflow_documents.reference_units import find_reference_clause, unit_id
from clauseflow_documents.store import DocumentStore, encode_blob
from clauseflow_legal.clause_types import classify_clause_combined
from clauseflow_legal.contract_setting import contract_setting
from clauseflow_legal.party_roles import party_with_role
from clauseflow_legal.playbook import playbook_version
from clauseflow_legal.redline_rules import contract_vocabulary
from clauseflow_platform.logging import get_logger

from clauseflow_clause_worker import model_gate
from clauseflow_clause_worker.agent import AgentOutcome, ClauseAgent, ClauseJob
from clauseflow_clause_worker.redlines import RedlineDrafter, RedlineOutcome
from clauseflow_clause_worker.structures import StructureCache

log = get_logger(__name__)

UNCLASSIFIED = "unclassified"


def to_risks(review_id: str, task: ClauseTask, raw: Sequence[Mapping[str, object]]) -> list[Risk]:
    """Parsed risk dicts as ``Risk`` values with ids derived from (review, clause, attempt, position)."""
    risks: list[Risk] = []
    for index, item in enumerate(raw):
        risk_type = str(item.get("risk_type") or "").strip() or UNCLASSIFIED
        description = str(item.get("description") or "").strip() or str(item.get("reason") or "") or risk_type
        risks.append(
            Risk(
                id=ids.risk_id(review_id, task.clause_id, task.attempt, index),
                clause_id=task.clause_id,
                risk_type=risk_type,
                risk_level=RiskLevel(normalise_risk_level(item.get("risk_level"))),
                description=description,
                reason=str(item.get("reason") or ""),
                analysis=str(item.get("analysis") or ""),
                original_text=str(item.get("original_text") or ""),
            )
        )
    return risks


# Every clause of a review asks the same question of the same text (one object from the structure
# cache, so its hash is computed once): answer it once per worker.
_our_party_in = lru_cache(maxsize=256)(party_with_role)
_setting_of = lru_cache(maxsize=256)(contract_setting)
_vocabulary_of = lru_cache(maxsize=64)(contract_vocabulary)


def defined_terms_of(structure: DocumentStructure) -> tuple[str, ...]:
    """The contract's defined terms as it writes them, each once, in order of definition."""
    return tuple(dict.fromkeys(d.term for d in structure.definitions))


def as_the_contract_names_us(task: ClauseTask, structure: DocumentStructure) -> ClauseTask:
    """The task with our party's contractual role added when the client named only 甲方/乙方 or a company.

    The agent, its skills and the drafter all argue from ``our_party``; "乙方" alone does not say
    whether we buy or sell, the contract's parties block does (see :mod:`party_roles`).
    """
    our_party = _our_party_in(task.our_party, structure.text)
    return task if our_party == task.our_party else task.model_copy(update={"our_party": our_party})


@dataclass(frozen=True)
class ClauseSource:
    """Where a task's clause lives: the contract, or a reference document under a prefix ("ER 3")."""

    structure: DocumentStructure
    local_id: str
    prefix: str = ""

    def cite(self, risks: Sequence[Risk]) -> list[Risk]:
        """Cite each risk at the innermost numbered clause of the review unit that holds its quote."""
        return [r.model_copy(update={"clause_id": self._cited(r.original_text)}) for r in risks]

    def _cited(self, quote: str) -> str:
        local = self.structure.locate(quote, within=self.local_id)
        return unit_id(self.prefix, local) if self.prefix else local


class ClauseProcessor:
    """Turns a clause task into a clause result; shares nothing mutable between concurrent tasks.

    The only thing shared is the cache of parsed document structures, which holds
    immutable values (see :mod:`structures`).
    """

    def __init__(
        self,
        agent: ClauseAgent,
        drafter: RedlineDrafter,
        store: DocumentStore,
        structures: StructureCache | None = None,
        *,
        model: str = "",
    ) -> None:
        self._agent = agent
        self._drafter = drafter
        self._store = store
        self._structures = structures or StructureCache(store)
        self._model = model

    async def process(self, review_id: str, task: ClauseTask) -> ClauseResult:
        """Review (or redraft) one clause and describe what was found, naming the playbook and the model."""
        result = await self._process(review_id, task)
        return result.model_copy(
            update={"playbook_version": playbook_version(task.domain.value), "model": self._model}
        )

    async def _process(self, review_id: str, task: ClauseTask) -> ClauseResult:
        model_gate.begin_task()
        try:
            structure = await self._structures.get(task.documents.primary)
            clause, source = await self._clause_of(task, structure)
            task = as_the_contract_names_us(task, structure)
        except NotFound as exc:
            # A missing document or clause will not appear on retry: report it so the review can settle.
            log.warning("clause.not_found", error=str(exc))
            return ClauseResult(
                task_id=task.task_id,
                clause_id=task.clause_id,
                mode=task.mode,
                attempt=task.attempt,
                error=str(exc),
                failed=True,
            )
        terms = defined_terms_of(structure)
        job = ClauseJob(
            review_id=review_id,
            task=task,
            clause=clause,
            setting=_setting_of(task.our_party, structure.text),
            defined_terms=terms,
            vocabulary=_vocabulary_of(structure.text, terms),
        )
        limits = self._agent.settings
        if len(clause.text) > limits.max_clause_chars:
            return self._not_reviewed(
                task,
                f"clause {task.clause_id} is {len(clause.text):,} characters; a clause may have at most "
                f"{limits.max_clause_chars:,} (MAX_CLAUSE_CHARS): split it into clauses or raise the limit",
            )
        try:
            async with asyncio.timeout(limits.clause_timeout_s):
                if task.mode == TaskMode.REDRAFT:
                    return await self._redraft(job)
                if task.mode == TaskMode.DRAFT:
                    return await self._draft(job)
                return await self._analyze(job, source)
        except TimeoutError:
            return self._not_reviewed(
                task,
                f"reviewing clause {task.clause_id} took longer than {limits.clause_timeout_s:g}s "
                "(CLAUSE_TIMEOUT_S); it was stopped so that it does not hold the model",
            )

    @staticmethod
    def _not_reviewed(task: ClauseTask, error: str) -> ClauseResult:
        """A failed result: the clause was not reviewed, and the error says why."""
        log.warning("clause.not_reviewed", error=error)
        return ClauseResult(
            task_id=task.task_id,
            clause_id=task.clause_id,
            mode=task.mode,
            attempt=task.attempt,
            error=error,
            failed=True,
        )

    async def _clause_of(self, task: ClauseTask, contract: DocumentStructure) -> tuple[Clause, ClauseSource]:
        """The task's clause: the contract's, or a reference document's ("ER 3.2"); NotFound if neither."""
        if contract.has(task.clause_id) or not task.documents.references:
            return contract.get(task.clause_id), ClauseSource(contract, task.clause_id)
        references = []
        for doc_id in task.documents.references:
            with contextlib.suppress(NotFound):  # the orchestrator leaves out what it cannot read, too
                references.append(await self._structures.get(doc_id))
        found = find_reference_clause(task.clause_id, references)
        if found is None:
            return contract.get(task.clause_id), ClauseSource(contract, task.clause_id)  # raises NotFound
        return found.clause, ClauseSource(references[found.document_index], found.local_id, found.prefix)

    async def _analyze(self, job: ClauseJob, source: ClauseSource) -> ClauseResult:
        agent = await self._agent.review(job)
        risks = source.cite(to_risks(job.review_id, job.task, agent.risks))
        drafted = await self._drafter.draft(job, risks) if not agent.failed else RedlineOutcome()
        ref = await self._keep_transcript(job, agent, drafted)
        failed = agent.failed or drafted.model_unavailable
        log.info(
            "clause.analyzed",
            path=agent.path,
            risks=len(risks),
            redlines=len(drafted.redlines),
            fallback=agent.fallback_used,
            failed=failed,
        )
        return ClauseResult(
            task_id=job.task.task_id,
            clause_id=job.task.clause_id,
            mode=job.task.mode,
            attempt=job.task.attempt,
            # A clause that was not (fully) reviewed reports nothing half-done: its retry reports all.
            risks=() if failed else tuple(risks),
            redlines=() if failed else tuple(drafted.redlines),
            # The report lists every clause's types; the worker is the one service that reads the clause.
            clause_types=tuple(
                classify_clause_combined(job.clause.title, job.clause.text, job.task.language.value)
            ),
            skill_calls=tuple(agent.skill_calls),
            transcript_ref=ref,
            usage=agent.usage + drafted.usage,
            fallback_used=agent.fallback_used,
            validation_passed=drafted.validation_passed,
            validation_rounds=drafted.validation_rounds,
            error=agent.error or drafted.error,
            failed=failed,
        )

    async def _draft(self, job: ClauseJob) -> ClauseResult:
        """Redlines for risks an earlier analysis of the clause found but did not draft for."""
        if not job.task.risks:
            drafted = RedlineOutcome(error="draft task without risks: nothing to draft")
        else:
            drafted = await self._drafter.draft(job, job.task.risks)
        ref = await self._keep_transcript(job, AgentOutcome(path="draft"), drafted)
        log.info("clause.drafted", redlines=len(drafted.redlines), risks=len(job.task.risks))
        return self._drafting_result(job, drafted, ref)

    async def _redraft(self, job: ClauseJob) -> ClauseResult:
        drafted = await self._drafter.redraft(job)
        ref = await self._keep_transcript(job, AgentOutcome(path="redraft"), drafted)
        log.info("clause.redrafted", redlines=len(drafted.redlines), requested=len(job.task.redraft))
        return self._drafting_result(job, drafted, ref)

    @staticmethod
    def _drafting_result(job: ClauseJob, drafted: RedlineOutcome, transcript_ref: str) -> ClauseResult:
        """The result of a task that only drafts: its redlines, no new risks."""
        return ClauseResult(
            task_id=job.task.task_id,
            clause_id=job.task.clause_id,
            mode=job.task.mode,
            attempt=job.task.attempt,
            redlines=() if drafted.model_unavailable else tuple(drafted.redlines),
            transcript_ref=transcript_ref,
            usage=drafted.usage,
            validation_passed=drafted.validation_passed,
            validation_rounds=drafted.validation_rounds,
            error=drafted.error,
            failed=drafted.model_unavailable,
        )

    async def _keep_transcript(self, job: ClauseJob, agent: AgentOutcome, drafted: RedlineOutcome) -> str:
        """Store the whole conversation for audit; the key makes a replayed task overwrite, not add."""
        transcript = {
            "review_id": job.review_id,
            "task_id": job.task.task_id,
            "clause_id": job.task.clause_id,
            "mode": job.task.mode.value,
            "attempt": job.task.attempt,
            "path": agent.path,
            "fallback_reason": agent.fallback_reason,
            "error": agent.error or drafted.error,
            "messages": agent.messages,
            "fixed_path_messages": agent.fixed_path_messages,
            "redline_messages": drafted.messages,
        }
        key: tuple[object, ...] = (job.review_id, job.task.clause_id, job.task.attempt)
        if job.task.mode != TaskMode.ANALYZE:
            key = (*key, job.task.mode.value)
        payload = encode_blob(transcript)
        # The review's tenant is the owner of its documents (none of another's reach a task).
        tenant = document_owner(job.task.documents.primary)
        return await asyncio.to_thread(
            functools.partial(self._store.put_blob_bytes, "transcript", key, payload, tenant=tenant)
        )
