"""Reviewer decisions on redlines (the approval loop) and their audit trail."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Header, Response

from clauseflow_gateway.auth.guard import CurrentPrincipal, requires
from clauseflow_gateway.auth.tokens import Role
from clauseflow_gateway.routes.reviews import ERRORS
from clauseflow_gateway.schemas import DecisionHistoryPublic, DecisionsAccepted, DecisionsCreate
from clauseflow_gateway.services import GatewayServices, get_services

router = APIRouter(prefix="/v1/reviews", tags=["decisions"])
Services = Annotated[GatewayServices, Depends(get_services)]


@router.post(
    "/{review_id}/decisions",
    status_code=202,
    response_model=DecisionsAccepted,
    responses=ERRORS,
    openapi_extra=requires(Role.REVIEW),
)
async def submit_decisions(
    review_id: str,
    body: DecisionsCreate,
    response: Response,
    services: Services,
    principal: CurrentPrincipal,
    idempotency_key: Annotated[str | None, Header(alias="Idempotency-Key")] = None,
) -> DecisionsAccepted:
    """Approve, reject (with feedback) or edit (with text) pending redlines; durable before the 202.

    A repeat with the same idempotency key (header or body) returns the original answer and changes
    nothing; 409 names redlines that are not in the review or no longer pending. The decider
    recorded is the API key (its label and id); a ``decided_by`` in the body is ignored.
    """
    answer, replayed = await services.decisions.submit(review_id, body, idempotency_key, principal)
    if replayed:
        response.headers["Idempotent-Replayed"] = "true"
    return answer


@router.get("/{review_id}/decisions", response_model=DecisionHistoryPublic, responses=ERRORS)
async def read_decisions(review_id: str, services: Services) -> DecisionHistoryPublic:
    """Every decision on the review — who, when, what, in which request — oldest first."""
    decisions = await services.read_model.decisions(review_id)
    return DecisionHistoryPublic(data=decisions, count=len(decisions))
