"""``GET /v1/reviews``: the review list the desk opens on (filters, cursor pagination)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from fastapi import APIRouter, Depends, Query

from clauseflow_gateway.listing import MAX_LIMIT, ReviewFilter, ReviewList, ReviewPagePublic
from clauseflow_gateway.routes.reviews import ERRORS
from clauseflow_gateway.services import GatewayServices, get_services

router = APIRouter(prefix="/v1/reviews", tags=["reviews"])
Services = Annotated[GatewayServices, Depends(get_services)]


@router.get("", response_model=ReviewPagePublic, responses=ERRORS, summary="List reviews, newest first")
async def list_reviews(
    services: Services,
    status: Annotated[
        list[str] | None, Query(description="only these statuses (repeat the parameter for several)")
    ] = None,
    party: Annotated[
        str | None, Query(max_length=200, description="our party contains this (any case)")
    ] = None,
    created_after: Annotated[datetime | None, Query(description="created at or after (ISO 8601)")] = None,
    created_before: Annotated[datetime | None, Query(description="created before (ISO 8601)")] = None,
    limit: Annotated[int, Query(ge=1, le=MAX_LIMIT)] = 20,
    cursor: Annotated[
        str | None, Query(max_length=500, description="next_cursor of the previous page")
    ] = None,
) -> ReviewPagePublic:
    """A page of review summaries (status, party, progress, risk and redline counts, age).

    Pages follow each other by ``cursor`` (the previous page's ``next_cursor``), so reviews
    submitted meanwhile neither shift nor repeat what is listed; a bad cursor is a 400.
    """
    filters = ReviewFilter(
        statuses=tuple(s for s in (status or []) if s),
        party=party.strip() if party and party.strip() else None,
        created_after=created_after,
        created_before=created_before,
    )
    return await ReviewList(services.read_model.sessions).page(filters, limit=limit, cursor=cursor)
