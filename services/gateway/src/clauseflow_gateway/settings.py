"""Gateway settings: HTTP binding, read-model database, upload limits, storage and the bus."""

from __future__ import annotations

import ipaddress
import re

from clauseflow_platform.settings import (
    BusKind,
    DatabaseSettings,
    KafkaSettings,
    LoggingSettings,
    ReviewDefaults,
    StorageSettings,
)
from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import SettingsConfigDict


class GatewaySettings(KafkaSettings, StorageSettings, LoggingSettings, ReviewDefaults, DatabaseSettings):
    """Everything the gateway reads from the environment (GATEWAY_HOST, GATEWAY_PORT, ...)."""

    # A refused value is not echoed in the error: it may be a secret (an operator token, say).
    model_config = SettingsConfigDict(**{**KafkaSettings.model_config, "hide_input_in_errors": True})

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
    # A client that stops sending its body must not hold a connection (and a worker slot) forever.
    body_read_timeout_s: float = Field(
        default=15.0, gt=0, description="longest wait for the next chunk of a request body"
    )
    body_timeout_s: float = Field(default=300.0, gt=0, description="time allowed to receive a whole body")
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
    # Authentication: every /v1 route needs `Authorization: Bearer <key>` unless this is false, which
    # is allowed only while the gateway listens on a loopback address (checked below).
    gateway_auth: bool = True
    # The operator's key, given as the hex SHA-256 of the token (`clauseflow keys operator` prints a
    # fresh token and its hash); the operator creates tenants by creating their first keys.
    gateway_operator_key_sha256: SecretStr | None = None
    gateway_key_cache_s: float = Field(
        default=5.0, ge=0, description="how long a verified key is trusted before the database is asked again"
    )
    # Uploads per key: at most `upload_rate_limit` submissions per `upload_rate_window_s` (429 beyond).
    upload_rate_limit: int = Field(default=30, ge=1)
    upload_rate_window_s: int = Field(default=60, ge=1)
    # Origins allowed to call the API from a browser (comma-separated); empty: no CORS headers at all.
    cors_allow_origins: str = ""

    @field_validator("gateway_operator_key_sha256")
    @classmethod
    def _operator_key_is_a_hash(cls, value: SecretStr | None) -> SecretStr | None:
        if value is None or not value.get_secret_value().strip():
            return None
        if not re.fullmatch(r"[0-9a-fA-F]{64}", value.get_secret_value().strip()):
            # Not echoed: it may be the token itself, pasted by mistake.
            raise ValueError(
                "GATEWAY_OPERATOR_KEY_SHA256 must be the SHA-256 of the operator's token as 64 hex digits "
                "(`clauseflow keys operator` prints both), not the token"
            )
        return value

    @model_validator(mode="after")
    def _auth_off_only_on_loopback(self) -> GatewaySettings:
        if not self.gateway_auth and not is_loopback(self.gateway_host):
            raise ValueError(
                f"GATEWAY_AUTH=false is allowed only on a loopback address, but GATEWAY_HOST is "
                f"{self.gateway_host!r}: anyone who can reach it could read every contract. Listen on "
                "127.0.0.1 or turn authentication on (create a key with `clauseflow keys create`)"
            )
        return self

    @property
    def cors_origins(self) -> list[str]:
        """The configured CORS allow-list."""
        return [o.strip() for o in self.cors_allow_origins.split(",") if o.strip()]

    @property
    def max_request_bytes(self) -> int:
        """The whole request may carry the document, the particular conditions and the references."""
        files = 2 + self.max_reference_files
        return self.max_upload_bytes * files + 256 * 1024


def is_loopback(host: str) -> bool:
    """Whether ``host`` is a loopback address (or ``localhost``); wildcards and names are not."""
    if host.strip().lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False
