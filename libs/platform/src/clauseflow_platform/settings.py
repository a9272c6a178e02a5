"""Settings read from the environment (pydantic-settings); each service composes the groups it needs.

Settings are built in ``main()``/``create_app()``, never at import time, and a
missing required value stops the service at start with a readable message.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from clauseflow_contracts.review import ApprovalPolicy
from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


class _Env(BaseSettings):
    model_config = SettingsConfigDict(env_file=None, extra="ignore", case_sensitive=False)


class LoggingSettings(_Env):
    """LOG_LEVEL, LOG_JSON."""

    log_level: str = "INFO"
    log_json: bool = True


class KafkaSettings(_Env):
    """How a service reaches the bus."""

    kafka_bootstrap_servers: str = "127.0.0.1:9092"
    kafka_client_id: str = "clauseflow"
    kafka_partitions: int = Field(default=6, ge=1, description="partitions for topics the service creates")
    kafka_handler_attempts: int = Field(
        default=3, ge=1, description="attempts before a message goes to the DLQ"
    )
    kafka_request_timeout_ms: int = Field(default=30_000, ge=1000)


class LLMSettings(_Env):
    """Any OpenAI-compatible endpoint: OpenAI, DeepSeek, Qwen, vLLM, Ollama, llama.cpp, the playbook model."""

    llm_base_url: str = "http://127.0.0.1:8600/v1"
    # A secret: never printed by repr(), logs or errors (read it with .get_secret_value()).
    llm_api_key: SecretStr = SecretStr("offline")
    llm_model: str = "clauseflow-playbook"
    llm_timeout_s: float = Field(default=60.0, gt=0)
    llm_max_retries: int = Field(default=3, ge=0)
    llm_temperature: float = Field(default=0.1, ge=0, le=2)
    llm_http_transport: Literal["aiohttp", "httpx"] = Field(
        default="aiohttp",
        description="the openai SDK's HTTP transport: aiohttp (its documented option, ~30% less "
        "client CPU per call, measured) or the SDK's default httpx",
    )


class StorageSettings(_Env):
    """Where documents (content-addressed) and transcripts live."""

    document_store_dir: Path = Path(".clauseflow/documents")


class SkillsClientSettings(_Env):
    """Skill service targets; a worker routes each tool to the target that advertised it."""

    skills_targets: str = "127.0.0.1:50051"
    skills_timeout_s: float = Field(default=10.0, gt=0)
    skills_registry_refresh_s: float = Field(default=60.0, gt=0)

    def target_list(self) -> list[str]:
        """The comma-separated targets as a list."""
        return [t.strip() for t in self.skills_targets.split(",") if t.strip()]


class ReviewDefaults(_Env):
    """Deployment-wide defaults for per-review options."""

    use_react_agent: bool = True
    use_orchestrator: bool = True
    approval_policy: ApprovalPolicy = ApprovalPolicy.MANUAL
    max_retries: int = Field(default=2, ge=0, le=5)
    max_redraft_rounds: int = Field(default=2, ge=0, le=5)


BusKind = Literal["kafka", "memory"]


class DatabaseSettings(_Env):
    """How a service talks to its own database (the URL is the service's own setting)."""

    database_busy_timeout_s: float = Field(
        default=30.0,
        gt=0,
        description="SQLite: how long a writer waits for another connection's or process's transaction",
    )
    database_sqlite_synchronous: Literal["NORMAL", "FULL"] = Field(
        default="NORMAL",
        description="SQLite: NORMAL survives a killed process; FULL also an OS crash (slower commits)",
    )
