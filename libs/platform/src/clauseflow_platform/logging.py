"""One logging configuration for every service: structlog, JSON in services, console for people.

Libraries that log through the standard library (aiokafka, grpc, uvicorn, httpx) are rendered by the
same processors, so a service's output is JSON lines throughout.
"""

from __future__ import annotations

import logging
import re
import sys
from collections.abc import MutableMapping
from typing import Any, TextIO

import structlog

bind_context = structlog.contextvars.bind_contextvars
clear_context = structlog.contextvars.clear_contextvars
bound_context = structlog.contextvars.bound_contextvars

# aiokafka, grpc and the HTTP clients are chatty at INFO (the openai SDK's httpx2 logs every
# request: 2–3 lines per clause, a visible share of a worker's CPU); their warnings still come through.
_NOISY = ("aiokafka", "kafka", "grpc", "httpx", "httpcore", "httpx2", "httpcore2", "openai", "uvicorn.access")


REDACTED = "[redacted]"
# Field names whose values are secrets whatever they hold.
_SECRET_FIELDS = re.compile(r"authorization|cookie|password|.*api_?key|.*token|.*secret", re.IGNORECASE)
# Secrets recognisable by their shape: clauseflow API keys and bearer credentials.
_SECRET_SHAPES = re.compile(r"cfk_[A-Za-z0-9_.-]{8,}|(?i:bearer\s+)[A-Za-z0-9._~+/=-]{8,}")
_known_secrets: set[str] = set()


def register_secret(value: str) -> None:
    """Redact ``value`` wherever it would appear in a log line (e.g. LLM_API_KEY)."""
    if len(value) >= 12:  # placeholders such as "offline" are no secret (and common words)
        _known_secrets.add(value)


def _redact_text(text: str) -> str:
    text = _SECRET_SHAPES.sub(REDACTED, text)
    for secret in _known_secrets:
        if secret in text:
            text = text.replace(secret, REDACTED)
    return text


def _redact_value(value: object, depth: int = 0) -> object:
    if isinstance(value, str):
        return _redact_text(value)
    if depth < 3 and isinstance(value, dict):
        return {
            k: REDACTED if _SECRET_FIELDS.fullmatch(str(k)) else _redact_value(v, depth + 1)
            for k, v in value.items()
        }
    if depth < 3 and isinstance(value, list | tuple):
        return [_redact_value(v, depth + 1) for v in value]
    return value


def redact_secrets(_: object, __: str, event_dict: MutableMapping[str, Any]) -> MutableMapping[str, Any]:
    """structlog processor: API keys, bearer credentials and registered secrets never reach a log."""
    for key, value in list(event_dict.items()):
        if key != "event" and _SECRET_FIELDS.fullmatch(key):
            event_dict[key] = REDACTED
        else:
            event_dict[key] = _redact_value(value)
    return event_dict


def quiet_noisy_loggers() -> None:
    """Keep only warnings and errors of the libraries that log every message or request."""
    for noisy in _NOISY:
        logging.getLogger(noisy).setLevel(logging.WARNING)


class CurrentStderrHandler(logging.StreamHandler[TextIO]):
    """A handler writing to whatever ``sys.stderr`` is when a record is emitted.

    A handler holding the stream it was built with keeps writing to it after it is swapped and
    closed (a test's captured stderr, a CLI command run in process), and every later line becomes
    a "Logging error" instead of output. The stdlib's last-resort handler looks the stream up the
    same way. A stream set explicitly (``setStream``, e.g. a bench's log file) is kept.
    """

    def __init__(self) -> None:
        logging.Handler.__init__(self)  # not StreamHandler's: it would pin today's stderr
        self._chosen: TextIO | None = None

    @property
    def stream(self) -> TextIO:
        """The stream set with ``setStream``, else the process's stderr at this moment."""
        return self._chosen if self._chosen is not None else sys.stderr

    @stream.setter
    def stream(self, value: TextIO) -> None:
        self._chosen = value


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
    # Last before rendering, so that it also sees exceptions already formatted into text.
    finishing: list[Any] = [structlog.processors.format_exc_info, redact_secrets]
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
    handler = CurrentStderrHandler()
    handler.setFormatter(
        structlog.stdlib.ProcessorFormatter(
            foreign_pre_chain=shared,
            processors=[
                structlog.stdlib.ProcessorFormatter.remove_processors_meta,
                *finishing,
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
