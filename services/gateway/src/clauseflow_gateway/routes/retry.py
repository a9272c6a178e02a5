"""``POST /v1/reviews/{id}/retry``: re-run the clauses that could not be reviewed."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends

from clauseflow_gateway.auth.guard import CurrentPrincipal
from clauseflow_gateway.routes.reviews import ERRORS
from clauseflow_gateway.schemas import RetryAccepted
from clauseflow_gateway.services import GatewayServices, get_services

router = APIRouter(prefix="/v1/reviews", tags=["reviews"])
Services = Annotated[GatewayServices, Depends(get_services)]


@router.post("/{review_id}/retry", status_code=202, response_model=RetryAccepted, responses=ERRORS)
async def retry_failed_clauses(
    review_id: str, services: Services, principal: CurrentPrincipal
) -> RetryAccepted:
    """Re-run the review's `failed` clauses (once the model is back); 409 if no clause failed.

    The review goes back to `reviewing` and ends `completed` when every clause is reviewed.
    """
    if services.retries is None:
        raise RuntimeError("the gateway was built without its retry service")
    # Who asked is the key, as for decisions (its label, else its id).
    return await services.retries.retry(review_id, requested_by=principal.label or principal.key_id)
