"""Telling an event the bus will never take from a bus that is down (for outbox relays)."""

from __future__ import annotations

from clauseflow_contracts.errors import InvalidEvent

# Kafka client errors that refuse a record for what it is (its size), whatever the broker's state.
_REFUSED_FOR_WHAT_IT_IS = ("MessageSizeTooLargeError", "RecordTooLargeError")


def never_publishable(error: BaseException) -> bool:
    """Whether publishing failed because of the event itself (retrying cannot help), not the bus."""
    return isinstance(error, InvalidEvent) or type(error).__name__ in _REFUSED_FOR_WHAT_IT_IS
