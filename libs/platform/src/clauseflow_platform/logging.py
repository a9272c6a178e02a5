"""One logging configuration for every service: structlog, JSON in services, console for people.

Libraries that log through the standard library (aiokafka, grpc, uvicorn, httpx) are rendered by the
same processors, so a service's output is JSON lines throughout.
"""

from __future__ import annotations

import logging
import sys
from typing import Any

import structlog

bind_context = structlog.contextvars.bind_contextvars
clear_context = structlog.contextvars.clear_contextvars
bound_context = structlog.contextvars.bound_contextvars

# aiokafka, grpc and the HTTP clients are chatty at INFO (the openai SDK's httpx2 logs every
# request: 2–3 lines per clause, a visible share of a worker's CPU); their warnings still come through.
_NOISY = ("aiokafka", "kafka", "grpc", "httpx", "httpcore", "httpx2", "httpcore2", "openai", "uvicorn.access")


def quiet_noisy_loggers() -> None:
    """Keep only warnings and errors of the libraries that log every message or request."""
    for noisy in _NOISY:
        logging.getLogger(noisy).setLevel(logging.WARNING)


def configure_logging(service: str, *, level: str = "INFO", json: bool = True) -> None:
    """Configure structlog and the stdlib root logger once per process.

    Context bound with :func:`bind_context` (review_id, clause_id, task_id) is
    merged into every line, so one grep follows a clause across services.
    """
    shared: list[Any] = [
        structlog.contextvars.merge_contextvars,
        structlog.stdlib.add_log_level,
        structlog.stdlib.add_logger_name,
        structlog.processors.TimeStamper(fmt="iso", utc=True),
    ]
    renderer: Any = structlog.processors.JSONRenderer() if json else structlog.dev.ConsoleRenderer()
    structlog.configure(
        processors=[
            *shared,
            structlog.processors.StackInfoRenderer(),
            structlog.stdlib.ProcessorFormatter.wrap_for_formatter,
        ],
        wrapper_class=structlog.make_filtering_bound_logger(logging.getLevelName(level.upper())),
        logger_factory=structlog.stdlib.LoggerFactory(),
        cache_logger_on_first_use=True,
    )
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(
        structlog.stdlib.ProcessorFormatter(
            foreign_pre_chain=shared,
            processors=[
                structlog.stdlib.ProcessorFormatter.remove_processors_meta,
                structlog.processors.format_exc_info,
                renderer,
            ],
        )
    )
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    quiet_noisy_loggers()
    # uvicorn installs its own handlers; route them through ours.
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logging.getLogger(name).handlers[:] = []
        logging.getLogger(name).propagate = True
    structlog.contextvars.bind_contextvars(service=service)


def get_logger(name: str | None = None) -> Any:
    """A structlog logger."""
    return structlog.get_logger(name)
