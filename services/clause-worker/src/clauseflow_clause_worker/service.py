"""The clause worker service: a consumer-group member on ``clause.tasks`` publishing ``clause.results``.

Each replica handles up to ``concurrency`` tasks at once (the bus runs
handlers concurrently for different keys) and, when ``model_concurrency`` is
set, sends at most that many model requests at once (see :mod:`model_gate`).
Handlers share only immutable collaborators (agent, drafter, store, clients)
and the model gate, never per-task state. A
result's event id is derived from the task id, so a redelivered task (say,
after a kill -9 before commit) republishes the same event and consumers dedupe.
"""

from __future__ import annotations

from clauseflow_contracts import ids
from clauseflow_contracts.events import ClauseTask, Envelope, Topic
from clauseflow_contracts.tenants import refuse_foreign_documents
from clauseflow_documents.store import DocumentStore
from clauseflow_platform.bus.base import Consumer, EventBus
from clauseflow_platform.logging import bound_context, get_logger
from clauseflow_platform.settings import SkillsClientSettings
from clauseflow_platform.skills_client import SkillsClient

from clauseflow_clause_worker.agent import ClauseAgent, SkillSource
from clauseflow_clause_worker.model import ChatModel, model_id
from clauseflow_clause_worker.model_gate import GatedModel, ModelGate
from clauseflow_clause_worker.pipeline import ClauseProcessor
from clauseflow_clause_worker.redlines import RedlineDrafter
from clauseflow_clause_worker.settings import AgentSettings

log = get_logger(__name__)

GROUP_ID = "clause-workers"


def result_event_id(task_id: str) -> str:
    """The event id of a task's result: the same task always yields the same id."""
    return ids.derived_id("evt_clause_result", task_id)


class ClauseWorker:
    """Consumes clause tasks, runs the clause agent, publishes clause results.

    Everything is injected, so the embedded CLI can wire it to an in-memory
    bus, a loopback skills server and the offline model, and ``main()`` to
    Kafka and real endpoints.
    """

    def __init__(
        self,
        *,
        bus: EventBus,
        llm: ChatModel,
        skills: SkillSource,
        store: DocumentStore,
        agent_settings: AgentSettings | None = None,
        concurrency: int = 8,
        model_concurrency: int | None = None,
        group_id: str = GROUP_ID,
        max_attempts: int = 3,
        owns_skills: bool = False,
        tasks_topic: str = Topic.CLAUSE_TASKS,
        results_topic: str = Topic.CLAUSE_RESULTS,
    ) -> None:
        self._bus = bus
        self._owns_skills = owns_skills
        self._skills = skills
        settings = agent_settings or AgentSettings()
        if model_concurrency is not None:
            llm = GatedModel(llm, ModelGate(model_concurrency))
        self._processor = ClauseProcessor(
            ClauseAgent(llm, skills, settings), RedlineDrafter(llm), store, model=model_id(llm)
        )
        self._concurrency = concurrency
        self._model_concurrency = model_concurrency
        self._group_id = group_id
        self._max_attempts = max_attempts
        self._consumer: Consumer | None = None
        # Overridable so isolated deployments (and tests on a shared broker) can use their own topics.
        self._tasks_topic = tasks_topic
        self._results_topic = results_topic

    async def start(self) -> None:
        """Join the consumer group on ``clause.tasks`` and start handling tasks."""
        if self._consumer is not None:
            return
        self._consumer = self._bus.subscribe(
            [self._tasks_topic],
            group_id=self._group_id,
            handler=self.handle,
            concurrency=self._concurrency,
            max_attempts=self._max_attempts,
        )
        await self._consumer.start()
        log.info(
            "worker.started",
            concurrency=self._concurrency,
            model_concurrency=self._model_concurrency,
            group_id=self._group_id,
        )

    async def stop(self, grace_s: float = 30.0) -> None:
        """Stop taking tasks; in-flight tasks finish within ``grace_s`` or stay uncommitted (redelivered)."""
        consumer, self._consumer = self._consumer, None
        if consumer is not None:
            await consumer.stop(grace_s)
        if self._owns_skills and isinstance(self._skills, SkillsClient):
            await self._skills.close()
        log.info("worker.stopped")

    async def handle(self, event: Envelope) -> None:
        """Handle one clause task: process it and publish its result (idempotent by task id)."""
        task: ClauseTask = event.open(ClauseTask)  # InvalidEvent → the bus dead-letters it with the reason
        docs = task.documents
        refuse_foreign_documents(
            event.tenant_id,
            event.event_id,
            [docs.primary, docs.particular_conditions, docs.general_conditions, *docs.references],
        )
        with bound_context(review_id=event.review_id, clause_id=task.clause_id, task_id=task.task_id):
            log.info(
                "clause.task_received", mode=task.mode.value, attempt=task.attempt, depth=task.depth.value
            )
            result = await self._processor.process(event.review_id, task)
            envelope = Envelope.wrap(
                event.review_id,
                result,
                event_id=result_event_id(task.task_id),
                tenant_id=event.tenant_id,
            )
            await self._bus.publish(
                self._results_topic,
                event.review_id,
                envelope.model_copy(update={"trace": dict(event.trace)}),
            )
            log.info("clause.result_published", risks=len(result.risks), redlines=len(result.redlines))


def build_worker(
    *,
    bus: EventBus,
    llm: ChatModel,
    skills_targets: list[str],
    store: DocumentStore,
    concurrency: int = 8,
    agent_settings: AgentSettings | None = None,
) -> ClauseWorker:
    """A worker with its own skills client for ``skills_targets`` (closed when the worker stops)."""
    skills = SkillsClient(SkillsClientSettings(skills_targets=",".join(skills_targets)))
    return ClauseWorker(
        bus=bus,
        llm=llm,
        skills=skills,
        store=store,
        agent_settings=agent_settings,
        concurrency=concurrency,
        owns_skills=True,
    )
