"""Settings of the skills service (environment variables, read in main())."""

from __future__ import annotations

from clauseflow_platform.settings import LoggingSettings, StorageSettings
from pydantic import Field


class SkillsServerSettings(StorageSettings, LoggingSettings):
    """SKILLS_HOST, SKILLS_PORT, limits; plus DOCUMENT_STORE_DIR and LOG_LEVEL/LOG_JSON."""

    skills_host: str = "127.0.0.1"
    skills_port: int = Field(default=50051, ge=0, le=65535)
    skills_max_concurrency: int = Field(default=16, ge=1, le=256, description="skills running at once")
    skills_invoke_timeout_s: float = Field(default=10.0, gt=0, description="upper bound per Invoke")
    skills_inline_below_ms: float = Field(
        default=1.0, ge=0, description="skills whose recent runs took less run on the event loop (0 = never)"
    )
    skills_document_cache_size: int = Field(default=32, ge=1, description="parsed documents kept in memory")
    skills_shutdown_grace_s: float = Field(default=5.0, ge=0)
