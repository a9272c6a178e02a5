"""``/v1/keys``: admins manage their tenant's keys; the operator creates tenants (their first keys)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends

from clauseflow_gateway.auth.guard import CurrentPrincipal, requires
from clauseflow_gateway.auth.models import KeyCreate, KeyCreated, KeyPublic, KeysPublic
from clauseflow_gateway.auth.tokens import Role
from clauseflow_gateway.errors import ApiError
from clauseflow_gateway.schemas import ErrorPublic
from clauseflow_gateway.services import GatewayServices, get_services

router = APIRouter(prefix="/v1/keys", tags=["keys"])
Services = Annotated[GatewayServices, Depends(get_services)]
ERRORS: dict[int | str, dict[str, Any]] = {code: {"model": ErrorPublic} for code in (400, 401, 403, 404, 422)}
ADMIN = requires(Role.ADMIN)


@router.post("", status_code=201, response_model=KeyCreated, responses=ERRORS, openapi_extra=ADMIN)
async def create_key(body: KeyCreate, principal: CurrentPrincipal, services: Services) -> KeyCreated:
    """Create a key; the answer is the only time its token is shown."""
    tenant = body.tenant or principal.tenant
    if tenant is None:
        raise ApiError(422, "validation_error", "the operator must name the tenant of the new key")
    if principal.tenant is not None and tenant != principal.tenant:
        raise ApiError(403, "forbidden", "an admin creates keys of its own tenant only")
    key, token = await services.auth.keys.create(
        tenant=tenant,
        roles=body.roles,
        label=body.label,
        expires_at=body.expires_at,
        created_by=principal.key_id,
    )
    return KeyCreated(**key.model_dump(), token=token)


@router.get("", response_model=KeysPublic, responses=ERRORS, openapi_extra=ADMIN)
async def list_keys(principal: CurrentPrincipal, services: Services) -> KeysPublic:
    """The keys of the caller's tenant (the operator sees every tenant's); never their tokens."""
    keys = await services.auth.keys.keys(principal.tenant)
    return KeysPublic(data=keys, count=len(keys))


@router.delete("/{key_id}", response_model=KeyPublic, responses=ERRORS, openapi_extra=ADMIN)
async def revoke_key(key_id: str, principal: CurrentPrincipal, services: Services) -> KeyPublic:
    """Revoke a key of the caller's tenant; it stops working at once."""
    return await services.auth.keys.revoke(key_id, principal.tenant)
