"""The orchestrator's settings: its own knobs plus the shared groups it composes."""

from __future__ import annotations

from clauseflow_platform.settings import (
    BusKind,
    DatabaseSettings,
    KafkaSettings,
    LLMSettings,
    LoggingSettings,
    ReviewDefaults,
    SkillsClientSettings,
    StorageSettings,
)
from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

from clauseflow_orchestrator.clause_typing import TYPING_DEADLINE_S

DEFAULT_DATABASE_URL = "sqlite+aiosqlite:///.clauseflow/orchestrator.db"


class OrchestratorOptions(BaseSettings):
    """ORCHESTRATOR_* environment variables."""

    model_config = SettingsConfigDict(env_file=None, extra="ignore", case_sensitive=False)

    orchestrator_database_url: str = DEFAULT_DATABASE_URL
    orchestrator_window: int = Field(
        default=8, ge=1, le=256, description="clause tasks in flight per review (dispatch window)"
    )
    orchestrator_adjust_threshold: int = Field(
        default=1, ge=1, description="high risks in one clause result that trigger a plan adjustment"
    )
    orchestrator_concurrency: int = Field(
        default=8, ge=1, le=256, description="reviews handled concurrently by one instance"
    )
    orchestrator_outbox_interval_s: float = Field(
        default=2.0,
        gt=0,
        description="how often the outbox relay polls the database for unsent events it was not handed "
        "(recovery only: committed events are handed over and published at once)",
    )
    orchestrator_type_clauses: bool = Field(
        default=True,
        description="type every unit through the skills service (SKILLS_TARGETS, classify_clause) before "
        "planning, so the plan sends the clauses most likely to hold high risks first",
    )
    orchestrator_typing_deadline_s: float = Field(
        default=TYPING_DEADLINE_S,
        gt=0,
        description="longest wait for clause types; untyped units are planned by subject (generous: a "
        "busy skills service must not change a review's plan)",
    )
    orchestrator_llm_wait_s: float = Field(
        default=120.0,
        ge=0,
        description="how long the plan and its adjustments wait for an unreachable model before falling "
        "back to the default plan / no change (a restart of the model must not change a review's plan); "
        "it bounds the whole ask, the LLM client's timeout and retries included",
    )
    bus_kind: BusKind = "kafka"


class OrchestratorSettings:
    """All settings the orchestrator needs, each group read from the environment."""

    def __init__(self) -> None:
        self.orchestrator = OrchestratorOptions()
        self.logging = LoggingSettings()
        self.kafka = KafkaSettings()
        self.llm = LLMSettings()
        self.storage = StorageSettings()
        self.defaults = ReviewDefaults()
        self.database = DatabaseSettings()
        self.skills = SkillsClientSettings()
