"""``GET /v1/reviews/{id}/document``: the reviewed contract's clauses, for showing findings in place."""

from __future__ import annotations

from typing import Annotated

from clauseflow_contracts.errors import NotFound
from fastapi import APIRouter, Depends

from clauseflow_gateway.document_view import DocumentPublic
from clauseflow_gateway.review_document import review_document
from clauseflow_gateway.routes.reviews import ERRORS
from clauseflow_gateway.services import GatewayServices, get_services

router = APIRouter(prefix="/v1/reviews", tags=["reviews"])
Services = Annotated[GatewayServices, Depends(get_services)]


@router.get("/{review_id}/document", response_model=DocumentPublic, responses=ERRORS)
async def read_document(review_id: str, services: Services) -> DocumentPublic:
    """The contract under review in document order (every clause once, with its own words), then its
    reference documents, their clause ids prefixed as the review cites them ("ER 3.2")."""
    if services.store is None:
        raise NotFound(f"review {review_id!r} has no stored document")
    return await review_document(services.read_model, services.store, review_id)  # NotFound → 404
