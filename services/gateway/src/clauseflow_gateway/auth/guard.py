"""The guard every route passes through: who is calling, may they, and is the review theirs.

It is installed as an application-wide dependency, so a route added later is protected without
doing anything: every ``/v1`` route needs a key, reads need ``submit``, writes need ``review``
unless the route declares otherwise (``openapi_extra=requires(Role.X)``, also shown in the OpenAPI
document as ``x-required-role``), and any route with a ``{review_id}`` answers 404 for a review of
another tenant before its body is even read.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from clauseflow_gateway.auth.service import AuthServices
from clauseflow_gateway.auth.tokens import Principal, Role
from clauseflow_gateway.errors import ApiError

API_PREFIX = "/v1"
ROLE_KEY = "x-required-role"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
bearer = HTTPBearer(
    auto_error=False,
    scheme_name="ApiKey",
    description="An API key: `Authorization: Bearer cfk_…` (create one with `clauseflow keys create`).",
)


def requires(role: Role) -> dict[str, Any]:
    """``openapi_extra`` declaring the role a route needs."""
    return {ROLE_KEY: role.value}


def required_role(request: Request) -> Role:
    """The role the matched route declares, else ``submit`` to read and ``review`` to change."""
    route = request.scope.get("route")
    declared = (getattr(route, "openapi_extra", None) or {}).get(ROLE_KEY)
    if declared:
        return Role(declared)
    return Role.SUBMIT if request.method in SAFE_METHODS else Role.REVIEW


async def guard(
    request: Request,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
) -> None:
    """Authenticate, authorise and scope the request to its tenant (routes outside /v1 are open)."""
    if not request.url.path.startswith(API_PREFIX):
        return
    auth = _auth_services(request)
    principal = (
        auth.local
        if auth.local is not None
        else await auth.keys.authenticate(credentials.credentials if credentials else None)
    )
    role = required_role(request)
    if role is Role.ADMIN and principal.is_operator:
        pass  # the operator manages keys of every tenant
    elif principal.is_operator:
        raise ApiError(403, "forbidden", "the operator key manages tenants and keys; use a tenant's key here")
    elif not principal.may(role):
        raise ApiError(
            403,
            "forbidden",
            f"this needs the role {role.value!r}; the key {principal.key_id} has "
            f"{', '.join(sorted(principal.roles)) or 'no roles'}",
        )
    review_id = request.path_params.get("review_id")
    if review_id is not None and principal.tenant is not None:
        await auth.owners.check(str(review_id), principal.tenant)
    request.state.principal = principal


def _auth_services(request: Request) -> AuthServices:
    # Read from the app state directly: the services module depends on auth, not the reverse.
    services = getattr(request.app.state, "services", None)
    if services is None:
        raise RuntimeError("the gateway is not started (lifespan has not run)")
    auth: AuthServices = services.auth
    return auth


def current_principal(request: Request) -> Principal:
    """The principal the guard admitted (a dependency for routes that need it)."""
    principal: Principal | None = getattr(request.state, "principal", None)
    if principal is None:
        raise RuntimeError("the auth guard did not run for this route")
    return principal


def tenant_of(principal: Annotated[Principal, Depends(current_principal)]) -> str:
    """The caller's tenant (routes that act on reviews are not open to the operator)."""
    if principal.tenant is None:
        raise ApiError(403, "forbidden", "the operator key manages tenants and keys; use a tenant's key here")
    return principal.tenant


CurrentPrincipal = Annotated[Principal, Depends(current_principal)]
CurrentTenant = Annotated[str, Depends(tenant_of)]
