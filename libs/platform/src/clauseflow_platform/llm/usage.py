"""Token accounting: a :class:`UsageMeter` per review or task.

Add answers' usage explicitly with :meth:`UsageMeter.add`, or open
``with meter.track():`` around a piece of work and every LLM call made by
:class:`~clauseflow_platform.llm.client.LLMClient` inside it (in this task and
the tasks it starts) is counted automatically.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from clauseflow_contracts.review import LLMUsage

_ACTIVE_METERS: ContextVar[tuple[UsageMeter, ...]] = ContextVar("clauseflow_usage_meters", default=())


class UsageMeter:
    """Accumulates :class:`LLMUsage` (calls, prompt and completion tokens) for one review or task."""

    def __init__(self) -> None:
        self._total = LLMUsage()

    @property
    def total(self) -> LLMUsage:
        """Everything counted so far."""
        return self._total

    def add(self, usage: LLMUsage) -> None:
        """Count one answer's usage."""
        self._total = self._total + usage

    @contextmanager
    def track(self) -> Iterator[UsageMeter]:
        """Count every LLM call made in this context (nested meters all count it)."""
        token = _ACTIVE_METERS.set((*_ACTIVE_METERS.get(), self))
        try:
            yield self
        finally:
            _ACTIVE_METERS.reset(token)


def record_usage(usage: LLMUsage) -> None:
    """Add ``usage`` to every meter tracking the current context (called by the client)."""
    for meter in _ACTIVE_METERS.get():
        meter.add(usage)
