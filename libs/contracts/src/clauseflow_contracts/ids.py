"""Identifiers. Ids of replayable things are derived from their inputs so that a replay upserts."""

from __future__ import annotations

import hashlib
import uuid


def new_review_id() -> str:
    """A fresh review id (random: a review is created exactly once, by the gateway)."""
    return f"rev_{uuid.uuid4().hex[:20]}"


def derived_id(prefix: str, *parts: object) -> str:
    """A stable id from ``parts``: the same inputs always give the same id."""
    digest = hashlib.sha256("\x1f".join(str(p) for p in parts).encode()).hexdigest()[:20]
    return f"{prefix}_{digest}"


def task_id(review_id: str, clause_id: str, mode: str, attempt: int) -> str:
    """The id of a clause task; one per (clause, mode, attempt) of a review."""
    return derived_id("task", review_id, clause_id, mode, attempt)


def risk_id(review_id: str, clause_id: str, attempt: int, index: int) -> str:
    """The id of the ``index``-th risk found in a clause on ``attempt``."""
    return derived_id("risk", review_id, clause_id, attempt, index)


def redline_id(review_id: str, clause_id: str, risk_id_: str, round_: int) -> str:
    """The id of the redline drafted for a risk in redraft ``round_`` (0 = first draft)."""
    return derived_id("rl", review_id, clause_id, risk_id_, round_)


def document_id(content: bytes) -> str:
    """Content address of a document: the same bytes are the same document."""
    return hashlib.sha256(content).hexdigest()
