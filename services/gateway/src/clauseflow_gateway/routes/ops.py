"""``GET /v1/ops/health``: dead-lettered events and clauses not reviewed, for admins and monitors."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends

from clauseflow_gateway.auth.guard import CurrentPrincipal, requires
from clauseflow_gateway.auth.tokens import Role
from clauseflow_gateway.ops_health import OpsHealthPublic, ops_health
from clauseflow_gateway.routes.keys import ERRORS
from clauseflow_gateway.services import GatewayServices, get_services

router = APIRouter(prefix="/v1/ops", tags=["ops"])
Services = Annotated[GatewayServices, Depends(get_services)]


@router.get("/health", response_model=OpsHealthPublic, responses=ERRORS, openapi_extra=requires(Role.ADMIN))
async def health(principal: CurrentPrincipal, services: Services) -> OpsHealthPublic:
    """``status: alert`` with one sentence per problem when events were dead-lettered, the outbox is
    stuck, or clauses could not be reviewed; ``ok`` otherwise (answered 200 either way).

    An admin sees its tenant's reviews (the operator every tenant's) and the gateway's outbox.
    """
    return await ops_health(services.read_model.sessions, principal.tenant)
