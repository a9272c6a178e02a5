"""Worker settings: the shared groups plus the knobs of the clause agent and the consumer."""

from __future__ import annotations

from clauseflow_contracts.events import Topic
from clauseflow_contracts.skills import SkillId
from clauseflow_platform.settings import (
    BusKind,
    KafkaSettings,
    LLMSettings,
    LoggingSettings,
    SkillsClientSettings,
    StorageSettings,
)
from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class AgentSettings(BaseSettings):
    """How the clause agent behaves (its switches and the limits the worker needs)."""

    model_config = SettingsConfigDict(env_file=None, extra="ignore", case_sensitive=False)

    react_temperature: float = Field(default=0.1, ge=0, le=2)
    max_tool_result_chars: int = Field(default=4000, ge=200, description="tool results longer are truncated")
    tool_concurrency: int = Field(
        default=4, ge=1, description="tool calls of one turn run at most this many at once"
    )
    # One pathological clause must not pin the model: longer clauses, or a review of one clause
    # that takes longer, fail with the reason instead (the review ends incomplete and says so).
    max_clause_chars: int = Field(default=60_000, ge=1000, description="longest clause text reviewed")
    clause_timeout_s: float = Field(default=900.0, gt=0, description="time allowed to review one clause")
    quick_tools: tuple[str, ...] = (SkillId.GET_CLAUSE_CONTEXT,)
    default_fixed_tools: tuple[str, ...] = (SkillId.GET_CLAUSE_CONTEXT,)


class WorkerSettings(BaseSettings):
    """WORKER_CONCURRENCY, WORKER_MODEL_CONCURRENCY, BUS_KIND, WORKER_GROUP_ID, WORKER_SHUTDOWN_GRACE_S, …"""

    model_config = SettingsConfigDict(env_file=None, extra="ignore", case_sensitive=False)

    worker_concurrency: int = Field(default=8, ge=1, le=256, description="clause tasks in flight per replica")
    worker_model_concurrency: int | None = Field(
        default=None,
        ge=1,
        le=256,
        description="model requests in flight per replica (unset: no limit beyond WORKER_CONCURRENCY)",
    )
    bus_kind: BusKind = "kafka"
    worker_group_id: str = "clause-workers"
    worker_handler_attempts: int = Field(default=3, ge=1)
    worker_shutdown_grace_s: float = Field(default=30.0, gt=0)
    worker_tasks_topic: str = Topic.CLAUSE_TASKS
    worker_results_topic: str = Topic.CLAUSE_RESULTS


class ClauseWorkerConfig:
    """All the settings groups the worker process reads, built from the environment in ``main()``."""

    def __init__(self) -> None:
        self.worker = WorkerSettings()
        self.agent = AgentSettings()
        self.llm = LLMSettings()
        self.skills = SkillsClientSettings()
        self.storage = StorageSettings()
        self.kafka = KafkaSettings()
        self.logging = LoggingSettings()
