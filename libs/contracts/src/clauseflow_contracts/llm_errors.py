"""LLM failures, split by what the caller should do about them."""

from __future__ import annotations

from clauseflow_contracts.errors import LLMError


class LLMUnavailable(LLMError):
    """The endpoint could not answer (connection, timeout, 429/5xx after retries); retry or fall back."""


class LLMRequestRejected(LLMError):
    """The endpoint refused the request (4xx other than 429: bad key, unknown model, context too long).

    Retrying the same request will not help; the message says what the endpoint objected to.
    """

    def __init__(self, message: str, *, status_code: int | None = None) -> None:
        super().__init__(message)
        self.status_code = status_code


class LLMBadAnswer(LLMError):
    """The model answered, but the answer cannot be used (no JSON, wrong shape)."""


__all__ = ["LLMBadAnswer", "LLMError", "LLMRequestRejected", "LLMUnavailable"]
