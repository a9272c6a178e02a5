"""The one error the local broker raises."""

from __future__ import annotations


class LocalKafkaError(RuntimeError):
    """The local broker could not be resolved, started or reached; the message says what to do."""
