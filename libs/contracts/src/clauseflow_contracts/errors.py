"""Error types shared by the services; each maps onto one external answer (HTTP 4xx, gRPC status, DLQ)."""

from __future__ import annotations


class ClauseflowError(Exception):
    """Base of all expected, user-explainable errors; ``str(err)`` is the message shown to a person."""


class InvalidInput(ClauseflowError):
    """External input (API body, tool arguments, upload) is not acceptable; maps to 4xx/INVALID_ARGUMENT."""


class NotFound(ClauseflowError):
    """A referenced review, clause, document or skill does not exist; maps to 404/NOT_FOUND."""


class InvalidEvent(ClauseflowError):
    """An event cannot be parsed or is of an unsupported schema; it goes to the dead-letter topic."""


class DocumentError(InvalidInput):
    """A document cannot be read into a clause tree; the message says why and what to do."""


class EmptyDocument(DocumentError):
    """The document has no text."""


class UnsupportedFormat(DocumentError):
    """The file type is not one we read."""


class DocumentTooLarge(DocumentError):
    """The document exceeds a size or expansion limit."""


class UnreadableDocument(DocumentError):
    """The bytes are corrupt, encrypted, of an unknown encoding, or have no text layer."""


class LLMError(ClauseflowError):
    """The LLM could not be reached or its answer could not be used."""
