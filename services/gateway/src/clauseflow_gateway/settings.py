"""Gateway settings: HTTP binding, read-model database, upload limits, storage and the bus."""

from __future__ import annotations

from clauseflow_platform.settings import (
    BusKind,
    KafkaSettings,
    LoggingSettings,
    ReviewDefaults,
    StorageSettings,
)
from pydantic import Field


class GatewaySettings(KafkaSettings, StorageSettings, LoggingSettings, ReviewDefaults):
    """Everything the gateway reads from the environment (GATEWAY_HOST, GATEWAY_PORT, ...)."""

    gateway_host: str = "127.0.0.1"
    gateway_port: int = Field(default=8000, ge=0, le=65535)
    gateway_database_url: str = "sqlite+aiosqlite:///.clauseflow/gateway.db"
    bus_kind: BusKind = "kafka"
    max_upload_bytes: int = Field(default=20 * 1024 * 1024, ge=1, description="per uploaded document")
    max_reference_files: int = Field(default=5, ge=0, le=20)
    parse_timeout_s: float = Field(default=30.0, gt=0, description="time allowed to parse one document")
    parse_workers: int = Field(default=2, ge=1, le=32, description="processes reading uploads at once")
    parse_memory_mb: int = Field(
        default=2048, ge=0, description="memory one document's reading may use (0: no limit; Linux only)"
    )
    publish_timeout_s: float = Field(default=15.0, gt=0)
    outbox_poll_s: float = Field(default=1.0, gt=0, description="how often the relay retries unsent events")
    # The desk shows progress and new redlines through the stream: a quarter second keeps the first
    # redline within the 2 s of the upload; each open stream costs two small queries a tick.
    sse_poll_s: float = Field(default=0.25, gt=0, description="how often an event stream checks for changes")
    word_author: str = Field(
        default="ClauseFlow",
        min_length=1,
        max_length=200,
        description="author of tracked changes and comments",
    )
    # Events handled at once; those of one review that overlap are committed in one transaction.
    consumer_concurrency: int = Field(default=16, ge=1, le=64)
    # The model the workers review with (the same LLM_MODEL they read), named in every report.
    llm_model: str = Field(default="clauseflow-playbook", description="LLM_MODEL, as the workers read it")

    @property
    def max_request_bytes(self) -> int:
        """The whole request may carry the document, the particular conditions and the references."""
        files = 2 + self.max_reference_files
        return self.max_upload_bytes * files + 256 * 1024
