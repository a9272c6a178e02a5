"""The key management API's models (``/v1/keys``)."""

from __future__ import annotations

from datetime import datetime

from clauseflow_contracts.tenants import TENANT_PATTERN
from pydantic import BaseModel, ConfigDict, Field

from clauseflow_gateway.auth.tokens import Role


class KeyCreate(BaseModel):
    """A new key. An admin creates keys of its own tenant (``tenant`` may be omitted); the operator
    names the tenant, and creating a tenant's first key creates the tenant."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)

    tenant: str | None = Field(default=None, pattern=TENANT_PATTERN)
    roles: list[Role] = Field(min_length=1, max_length=3)
    label: str = Field(default="", max_length=200, description="who holds it, e.g. a person's name")
    expires_at: datetime | None = Field(default=None, description="when it stops working (none: never)")


class KeyPublic(BaseModel):
    """A key as listed: never its token or hash."""

    id: str
    tenant: str
    roles: list[Role]
    label: str
    created_at: datetime
    created_by: str
    expires_at: datetime | None
    revoked_at: datetime | None
    active: bool


class KeyCreated(KeyPublic):
    """A key just created: the only answer that carries the token. Store it now; it is not kept."""

    token: str


class KeysPublic(BaseModel):
    """The keys of a tenant (or, for the operator, of every tenant)."""

    data: list[KeyPublic]
    count: int
