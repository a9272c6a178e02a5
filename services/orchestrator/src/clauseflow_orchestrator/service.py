"""The orchestrator service: the async shell around the pure core.

Per input event: take the review's lock, skip it if already processed, load the
state, do the I/O the core needs (document structure, checklist, LLM plan,
adjustment, summary), call :func:`decide`, and commit the new state with the
outgoing events (outbox) in one transaction. Only then does the handler return,
so the bus commits the offset after the effect is durable.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import TypeVar, cast

from clauseflow_contracts.errors import ClauseflowError, InvalidEvent
from clauseflow_contracts.events import (
    ClauseResult,
    Envelope,
    ReviewDecisionsSubmitted,
    ReviewRequested,
    ReviewRetryRequested,
    Topic,
)
from clauseflow_contracts.review import ClauseState, ReviewStatus, TaskMode
from clauseflow_contracts.tenants import refuse_foreign_documents
from clauseflow_documents.model import DocumentStructure
from clauseflow_documents.store import DocumentStore
from clauseflow_platform.bus.base import Consumer, EventBus
from clauseflow_platform.logging import bound_context, get_logger

from clauseflow_orchestrator.checklist import build_checklist, reference_checklist, with_clause_types
from clauseflow_orchestrator.clause_typing import ClauseTyper
from clauseflow_orchestrator.core import (
    AdjustPlan,
    ApplyDecisions,
    CompleteSummary,
    CoreEvent,
    Decision,
    RecordResult,
    RetryFailed,
    StartReview,
    decide,
)
from clauseflow_orchestrator.llm_planning import (
    AdjustOutcome,
    ChatModel,
    generate_review_plan,
    maybe_adjust_plan,
    write_summary,
)
from clauseflow_orchestrator.outbox import OutboxRelay
from clauseflow_orchestrator.snapshot_refs import bounded_snapshots
from clauseflow_orchestrator.state import ReviewState
from clauseflow_orchestrator.store import OrchestratorStore, StaleReviewState

log = get_logger(__name__)
_A = TypeVar("_A")

GROUP_ID = "orchestrator"
# Conflicts with another instance over one review are rare and short-lived (a rebalance).
STALE_ATTEMPTS = 3
INPUT_TOPICS = (Topic.REVIEW_REQUESTED, Topic.CLAUSE_RESULTS, Topic.REVIEW_DECISIONS)


class _Answers:
    """The answers obtained (from the model) while handling one event, by what they answer."""

    def __init__(self) -> None:
        self._known: dict[str, object] = {}

    async def once(self, key: str, ask: Callable[[], Awaitable[_A]]) -> _A:
        """``ask()``'s answer, asked only the first time ``key`` is needed for this event."""
        if key not in self._known:
            self._known[key] = await ask()
        return cast(_A, self._known[key])


class _KeyedLocks:
    """One asyncio lock per review, dropped when nobody holds or waits for it."""

    def __init__(self) -> None:
        self._locks: dict[str, tuple[asyncio.Lock, int]] = {}

    @asynccontextmanager
    async def hold(self, key: str) -> AsyncIterator[None]:
        lock, users = self._locks.get(key, (asyncio.Lock(), 0))
        self._locks[key] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            lock, users = self._locks[key]
            if users <= 1:
                del self._locks[key]
            else:
                self._locks[key] = (lock, users - 1)


class Orchestrator:
    """Owns the life of reviews: consumes requests, results and decisions; publishes tasks and updates."""

    def __init__(
        self,
        *,
        bus: EventBus,
        store_dir: Path,
        database_url: str,
        llm: ChatModel | None = None,
        window: int = 8,
        adjust_threshold: int = 1,
        concurrency: int = 8,
        handler_attempts: int = 3,
        outbox_interval_s: float = 2.0,
        llm_summary: bool = True,
        store: OrchestratorStore | None = None,
        typer: ClauseTyper | None = None,
        llm_wait_s: float = 0.0,
    ) -> None:
        self.bus = bus
        self.documents = DocumentStore(store_dir)
        self.store = store or OrchestratorStore(database_url)
        self.llm = llm
        self.window = window
        self.adjust_threshold = adjust_threshold
        self.concurrency = concurrency
        self.handler_attempts = handler_attempts
        self.llm_summary = llm_summary
        # Types each unit before planning (the skills service's classify_clause); None plans by subject.
        self.typer = typer
        # How long the plan and its adjustments wait for an unreachable model before falling back.
        self.llm_wait_s = llm_wait_s
        self.relay = OutboxRelay(self.store, bus, interval_s=outbox_interval_s)
        self._locks = _KeyedLocks()
        self._consumer: Consumer | None = None

    async def start(self) -> None:
        """Open the database, publish anything left in the outbox, and join the consumer group."""
        await self.store.start()
        await self.relay.start()  # its first pass publishes what an earlier run left unsent
        self._consumer = self.bus.subscribe(
            INPUT_TOPICS,
            group_id=GROUP_ID,
            handler=self.handle,
            concurrency=self.concurrency,
            max_attempts=self.handler_attempts,
        )
        await self._consumer.start()
        log.info("orchestrator.started", window=self.window, llm=self.llm is not None)

    async def stop(self, grace_s: float = 10.0) -> None:
        """Stop consuming (in-flight handlers finish), flush the outbox, close the database."""
        if self._consumer is not None:
            await self._consumer.stop(grace_s)
            self._consumer = None
        await self.relay.stop()
        await self.store.stop()
        log.info("orchestrator.stopped")

    async def handle(self, env: Envelope) -> None:
        """Apply one input event durably (idempotent: a redelivered event changes nothing)."""
        with bound_context(review_id=env.review_id, event_id=env.event_id, event_type=env.type):
            async with self._locks.hold(env.review_id):
                # The model's answers for this event (plan, adjustment, summary) survive a stale
                # retry: the retry re-applies them to fresh state instead of asking again.
                answers = _Answers()
                adjust_from: tuple[RecordResult, ReviewState | None] | None = None

                async def apply() -> None:
                    nonlocal adjust_from
                    adjust_from = await self._apply(env, answers)

                await self._retry_stale(apply)
                if adjust_from is not None:
                    # The result is published first: its redlines reach the reviewer without
                    # waiting for the model's view on the plan, which then applies to the clauses
                    # still planned.
                    await self._adjust_after(env, *adjust_from, answers)

    async def _retry_stale(self, step: Callable[[], Awaitable[None]]) -> None:
        """Run ``step``, again from fresh state when another instance committed the review meanwhile."""
        for attempt in range(1, STALE_ATTEMPTS + 1):
            try:
                await step()
                return
            except StaleReviewState:
                # Another instance committed this review meanwhile (a rebalance): start over from
                # what it wrote; the event may even turn out to be processed already.
                log.warning("review.state_stale", attempt=attempt)
                if attempt == STALE_ATTEMPTS:
                    raise

    async def _apply(
        self, env: Envelope, answers: _Answers
    ) -> tuple[RecordResult, ReviewState | None] | None:
        """Apply the event; returns the fresh result (and the prior state) a plan adjustment may follow."""
        processed, state, version = await self.store.load_for_update(env.event_id, env.review_id)
        if processed:
            log.info("event.already_processed")
            return None
        event = await self._prepare(env, state, answers)
        if event is None:
            return None
        decision = decide(state, event)
        decision = await self._finish_if_summarizing(decision, env, answers)
        for note in decision.notes:
            log.info("event.note", note=note)
        if decision.state is None:
            return None
        await self._commit(env.event_id, env.review_id, decision, version)
        if isinstance(event, RecordResult) and decision.changed:
            return event, state
        return None

    async def _commit(self, event_id: str, review_id: str, decision: Decision, version: int | None) -> None:
        assert decision.state is not None
        outgoing = await bounded_snapshots(decision.outgoing, self.documents)
        written = await self.store.commit(
            event_id,
            review_id,
            decision.state if decision.changed else None,
            outgoing,
            expected_version=version,
        )
        self.relay.enqueue(written)
        log.info(
            "event.applied",
            status=decision.state.status.value,
            published=len(decision.outgoing),
        )

    async def _adjust_after(
        self, env: Envelope, recorded: RecordResult, before: ReviewState | None, answers: _Answers
    ) -> None:
        """Ask for a plan adjustment after a fresh analysis result and apply it in a step of its own.

        The step has its own event id (``<result event>:adjust``), so a redelivered result does not
        adjust twice. If the process stops between the two steps the adjustment is not made: it
        only refines the depth of clauses not yet sent, the review is complete without it.
        """
        outcome = await self._adjustment_for(recorded.result, before, answers)
        if outcome is None or outcome.adjustment is None:
            return
        log.info(
            "plan.adjustment_considered",
            trigger=outcome.trigger,
            should_adjust=outcome.adjustment.should_adjust,
            reason=outcome.adjustment.reason,
        )
        event_id = f"{env.event_id}:adjust"
        adjust = AdjustPlan(
            event_id,
            env.occurred_at,
            recorded.result.clause_id,
            outcome.adjustment,
            outcome.trigger,
            outcome.usage,
        )

        async def commit_adjustment() -> None:
            processed, state, version = await self.store.load_for_update(event_id, env.review_id)
            if processed or state is None:
                return
            decision = decide(state, adjust)
            for note in decision.notes:
                log.info("event.note", note=note)
            await self._commit(event_id, env.review_id, decision, version)

        try:
            await self._retry_stale(commit_adjustment)
        except StaleReviewState:
            # Optional by design (see above): the result it follows is committed and published.
            log.warning("plan.adjust_dropped", reason="review state stale after retries")

    # ---- preparing core inputs (the I/O around the core) ------------------------------------

    async def _prepare(self, env: Envelope, state: ReviewState | None, answers: _Answers) -> CoreEvent | None:
        at = env.occurred_at
        if state is not None and state.tenant_id != env.tenant_id:
            raise InvalidEvent(
                f"event {env.event_id} of tenant {env.tenant_id!r} is about review {env.review_id} "
                f"of tenant {state.tenant_id!r}; refused"
            )
        if env.type == ReviewRequested.TYPE:
            return await self._prepare_start(env, state, answers)
        if env.type == ClauseResult.TYPE:
            return await self._prepare_result(env, env.open(ClauseResult), state, answers)
        if env.type == ReviewDecisionsSubmitted.TYPE:
            return ApplyDecisions(env.event_id, at, env.open(ReviewDecisionsSubmitted))
        if env.type == ReviewRetryRequested.TYPE:
            return RetryFailed(env.event_id, at, env.open(ReviewRetryRequested))
        log.warning("event.type_not_handled")
        return None

    async def _prepare_start(
        self, env: Envelope, state: ReviewState | None, answers: _Answers
    ) -> StartReview:
        request: ReviewRequested = env.open(ReviewRequested)
        docs = request.documents
        refuse_foreign_documents(
            env.tenant_id,
            env.event_id,
            [docs.primary, docs.particular_conditions, docs.general_conditions, *docs.references],
        )
        start = StartReview(
            event_id=env.event_id,
            at=env.occurred_at,
            review_id=env.review_id,
            tenant_id=env.tenant_id,
            request=request,
            window=self.window,
        )
        if state is not None:
            return start  # the core reports the duplicate
        try:
            structure = await asyncio.to_thread(self._structure, request.documents.primary)
        except ClauseflowError as exc:
            return replace(start, failure=f"the contract could not be read: {exc}")
        references = await self._references(request)
        checklist = build_checklist(
            structure,
            request.domain,
            has_particular_conditions=request.documents.particular_conditions is not None,
        ) + reference_checklist(references, request.domain)
        if not checklist:
            return replace(start, failure="the document has no numbered clauses to review")
        if self.typer is not None:
            typer = self.typer
            ids = [item.clause_id for item in checklist]
            types = await answers.once("types", lambda: typer.types_of(env.review_id, request, ids))
            checklist = with_clause_types(checklist, types)
        planner = self.llm if request.options.use_orchestrator else None
        outcome = await answers.once(
            "plan",
            lambda: generate_review_plan(
                planner,
                checklist,
                domain=request.domain,
                language=request.language,
                material_type=structure.source_format,
                review_id=env.review_id,
                wait_s=self.llm_wait_s,
            ),
        )
        log.info(
            "review.planned",
            source=outcome.plan.source,
            clauses=len(outcome.plan.clause_plans),
            depths=outcome.plan.depth_distribution(),
            fallback=outcome.fallback_reason,
        )
        return replace(start, checklist=tuple(checklist), plan=outcome.plan, usage=outcome.usage)

    async def _references(self, request: ReviewRequested) -> list[DocumentStructure]:
        """The reference documents that can be read; one that cannot is left out, not fatal."""
        found: list[DocumentStructure] = []
        for doc_id in request.documents.references:
            try:
                found.append(await asyncio.to_thread(self._structure, doc_id))
            except ClauseflowError as exc:
                log.warning("review.reference_unreadable", document_id=doc_id, error=str(exc))
        return found

    def _structure(self, doc_id: str) -> DocumentStructure:
        """The parsed contract; parsed from the stored original if only that is there."""
        if self.documents.has_structure(doc_id):
            return self.documents.get_structure(doc_id)
        from clauseflow_documents.parser import parse_document

        content, filename = self.documents.get_original(doc_id)
        structure = parse_document(content, filename).model_copy(update={"document_id": doc_id})
        self.documents.put_structure(structure)
        return structure

    async def _prepare_result(
        self, env: Envelope, result: ClauseResult, state: ReviewState | None, answers: _Answers
    ) -> RecordResult:
        return RecordResult(env.event_id, env.occurred_at, result)

    async def _adjustment_for(
        self, result: ClauseResult, state: ReviewState | None, answers: _Answers
    ) -> AdjustOutcome | None:
        """The model's adjustment after a fresh analysis result (None when there is nothing to ask)."""
        if state is None or state.plan is None or result.mode is not TaskMode.ANALYZE or result.failed:
            return None
        clause = state.clauses.get(result.clause_id)
        fresh = clause is not None and result.task_id in clause.open_tasks
        if not fresh or not state.request.options.use_orchestrator:
            return None
        remaining = [
            cp for cp in state.plan.clause_plans if state.clauses[cp.clause_id].state is ClauseState.PLANNED
        ]
        analyzed, total = state.analyzed_count + 1, len(state.clauses)
        return await answers.once(
            "adjustment",
            lambda: maybe_adjust_plan(
                self.llm,
                result.clause_id,
                list(result.risks),
                remaining,
                analyzed,
                total,
                threshold=self.adjust_threshold,
                domain=state.request.domain,
                language=state.request.language,
                review_id=state.review_id,
                wait_s=self.llm_wait_s,
            ),
        )

    async def _finish_if_summarizing(self, decision: Decision, env: Envelope, answers: _Answers) -> Decision:
        """When the last clause settled, write the summary and complete in the same transaction."""
        state = decision.state
        if state is None or state.status is not ReviewStatus.SUMMARIZING:
            return decision
        summary, usage = await answers.once(
            "summary", lambda: write_summary(self.llm if self.llm_summary else None, state)
        )
        completed = decide(state, CompleteSummary(f"{env.event_id}:summary", env.occurred_at, summary, usage))
        return Decision(
            completed.state, decision.outgoing + completed.outgoing, decision.notes + completed.notes
        )
