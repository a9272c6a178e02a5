"""What the guard and the key routes need, built once in the app's lifespan."""

from __future__ import annotations

from dataclasses import dataclass

from clauseflow_contracts.tenants import LOCAL_TENANT

from clauseflow_gateway.auth.keystore import KeyStore, ReviewOwners
from clauseflow_gateway.auth.ratelimit import UploadLimiter
from clauseflow_gateway.auth.tokens import Principal, Role

# Who calls when authentication is off (loopback only): an admin of the local tenant.
LOCAL_USER = Principal(key_id="local", label="local user", tenant=LOCAL_TENANT, roles=frozenset({Role.ADMIN}))


@dataclass
class AuthServices:
    """Keys, review owners and the upload limiter; ``local`` is set when authentication is off."""

    keys: KeyStore
    owners: ReviewOwners
    uploads: UploadLimiter
    local: Principal | None = None
