"""``GET /v1/reviews/{id}/document``: the reviewed contract's clauses, for showing findings in place."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Annotated

from clauseflow_contracts.errors import NotFound
from fastapi import APIRouter, Depends

from clauseflow_gateway.document_view import DocumentPublic, document_view
from clauseflow_gateway.routes.reviews import ERRORS
from clauseflow_gateway.services import GatewayServices, get_services

router = APIRouter(prefix="/v1/reviews", tags=["reviews"])
Services = Annotated[GatewayServices, Depends(get_services)]


@router.get("/{review_id}/document", response_model=DocumentPublic, responses=ERRORS)
async def read_document(review_id: str, services: Services) -> DocumentPublic:
    """The contract under review in document order (every clause once, with its own words), then its
    reference documents, their clause ids prefixed as the review cites them ("ER 3.2")."""
    primary = await services.read_model.primary_document(review_id)
    store = services.store
    if not primary or store is None:
        raise NotFound(f"review {review_id!r} has no stored document")
    structure = await asyncio.to_thread(store.get_structure, primary)  # NotFound → 404
    references = []
    for doc_id in await services.read_model.reference_documents(review_id):
        # A reference the orchestrator could not read is left out of the review; here too.
        with contextlib.suppress(NotFound):
            references.append(await asyncio.to_thread(store.get_structure, doc_id))
    return document_view(review_id, structure, references)
