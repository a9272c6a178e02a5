"""Idempotent uploads: the same ``Idempotency-Key`` with the same submission answers with the same review.

Two requests are "the same submission" when their documents (names and bytes) and fields are equal;
the raw body is not compared because a multipart boundary differs on every retry.
"""

from __future__ import annotations

import hashlib
import json

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from clauseflow_gateway.db.tables import SubmissionRow
from clauseflow_gateway.errors import ApiError
from clauseflow_gateway.intake.upload import Submission, UploadedDocument
from clauseflow_gateway.schemas import ReviewAccepted

MAX_KEY_CHARS = 200


def checked_key(header: str | None) -> str | None:
    """The request's key (``None`` when it sent none); 422 when it is too long."""
    key = (header or "").strip() or None
    if key is not None and len(key) > MAX_KEY_CHARS:
        raise ApiError(422, "validation_error", f"Idempotency-Key must be at most {MAX_KEY_CHARS} characters")
    return key


def _document_digest(document: UploadedDocument | None) -> list[str]:
    if document is None:
        return []
    return [document.role, document.filename, hashlib.sha256(document.content).hexdigest()]


def fingerprint(submission: Submission) -> str:
    """What makes two submissions the same: their documents and fields, not how the body was framed."""
    canonical = {
        "primary": _document_digest(submission.primary),
        "particular_conditions": _document_digest(submission.particular_conditions),
        "references": [_document_digest(r) for r in submission.references],
        "fields": submission.fields.model_dump(mode="json"),
    }
    return hashlib.sha256(json.dumps(canonical, sort_keys=True).encode()).hexdigest()


async def earlier_answer(session: AsyncSession, key: str, print_: str) -> ReviewAccepted | None:
    """The answer given to an earlier submission under ``key``; 409 if that submission was different."""
    earlier = (
        await session.scalars(select(SubmissionRow).where(SubmissionRow.idempotency_key == key))
    ).first()
    if earlier is None:
        return None
    if earlier.fingerprint != print_:
        raise ApiError(
            409,
            "idempotency_key_reused",
            f"idempotency key {key!r} was already used for a different upload (review {earlier.review_id}); "
            "use a new key for a new submission",
        )
    return ReviewAccepted.model_validate(earlier.response)
