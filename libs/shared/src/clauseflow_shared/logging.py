"""One logging configuration for every service: structlog, JSON in services, console for people."""

from __future__ import annotations

import logging
import sys
from typing import Any

import structlog

bind_context = structlog.contextvars.bind_contextvars
clear_context = structlog.contextvars.clear_contextvars
bound_context = structlog.contextvars.bound_contextvars


def configure_logging(service: str, *, level: str = "INFO", json: bool = True) -> None:
    """Configure structlog and the stdlib root logger once per process.

    Context bound with :func:`bind_context` (review_id, clause_id, task_id) is
    merged into every line, so one grep follows a clause across services.
    """
    processors: list[Any] = [
        structlog.contextvars.merge_contextvars,
        structlog.processors.add_log_level,
        structlog.processors.TimeStamper(fmt="iso", utc=True),
        structlog.processors.StackInfoRenderer(),
        structlog.processors.format_exc_info,
    ]
    renderer: Any = structlog.processors.JSONRenderer() if json else structlog.dev.ConsoleRenderer()
    structlog.configure(
        processors=[*processors, renderer],
        wrapper_class=structlog.make_filtering_bound_logger(logging.getLevelName(level.upper())),
        logger_factory=structlog.PrintLoggerFactory(file=sys.stderr),
        cache_logger_on_first_use=True,
    )
    structlog.contextvars.bind_contextvars(service=service)
    logging.basicConfig(level=level.upper(), stream=sys.stderr, format="%(levelname)s %(name)s %(message)s")
    # aiokafka and grpc are chatty at INFO; their warnings still come through.
    for noisy in ("aiokafka", "kafka", "grpc", "httpx", "openai", "uvicorn.access"):
        logging.getLogger(noisy).setLevel(logging.WARNING)


def get_logger(name: str | None = None) -> Any:
    """A structlog logger."""
    return structlog.get_logger(name)
