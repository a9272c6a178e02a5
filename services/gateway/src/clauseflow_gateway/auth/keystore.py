"""API keys in the gateway's database: create, list, revoke, and authenticate a presented token."""

from __future__ import annotations

import time
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime

from clauseflow_contracts.errors import NotFound
from clauseflow_contracts.tenants import check_tenant
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from clauseflow_gateway.auth.models import KeyPublic
from clauseflow_gateway.auth.tokens import (
    Principal,
    Role,
    hashes_match,
    new_token,
    parse_token,
    token_hash,
)
from clauseflow_gateway.db.tables import ApiKeyRow, ReviewRow, utcnow
from clauseflow_gateway.errors import ApiError

CHALLENGE = {"WWW-Authenticate": 'Bearer realm="clauseflow"'}
OPERATOR = Principal(key_id="operator", label="operator", tenant=None, roles=frozenset())
OWNER_CACHE_SIZE = 10_000


def unauthorized(message: str) -> ApiError:
    """The 401 every authentication failure answers with (the message says which one)."""
    return ApiError(401, "unauthorized", message, headers=CHALLENGE)


def key_public(row: ApiKeyRow, now: datetime | None = None) -> KeyPublic:
    """A key as the API lists it."""
    now = now or utcnow()
    expired = row.expires_at is not None and row.expires_at <= now
    return KeyPublic(
        id=row.id,
        tenant=row.tenant,
        roles=[Role(r) for r in row.roles],
        label=row.label,
        created_at=row.created_at,
        created_by=row.created_by,
        expires_at=row.expires_at,
        revoked_at=row.revoked_at,
        active=row.revoked_at is None and not expired,
    )


@dataclass(frozen=True)
class _Verified:
    row: KeyPublic
    token_sha256: str
    checked_at: float


class KeyStore:
    """Keys and the check of a presented token; verified keys are trusted for ``cache_s`` seconds
    (a revocation through this process takes effect at once; through another replica within that)."""

    def __init__(
        self,
        sessions: async_sessionmaker[AsyncSession],
        *,
        operator_sha256: str | None = None,
        cache_s: float = 5.0,
    ) -> None:
        self._sessions = sessions
        self._operator = operator_sha256.strip().lower() if operator_sha256 else None
        self._cache_s = cache_s
        self._verified: dict[str, _Verified] = {}

    async def create(
        self,
        *,
        tenant: str,
        roles: list[Role],
        label: str = "",
        expires_at: datetime | None = None,
        created_by: str = "",
    ) -> tuple[KeyPublic, str]:
        """A new key and its token (the token is not stored; show it once)."""
        check_tenant(tenant)
        key_id, token = new_token()
        row = ApiKeyRow(
            id=key_id,
            tenant=tenant,
            roles=sorted({r.value for r in roles}),
            label=label,
            token_sha256=token_hash(token),
            created_at=utcnow(),
            created_by=created_by,
            expires_at=expires_at,
        )
        async with self._sessions() as session, session.begin():
            session.add(row)
        return key_public(row), token

    async def keys(self, tenant: str | None) -> list[KeyPublic]:
        """The keys of ``tenant`` (None: of every tenant), oldest first."""
        stmt = select(ApiKeyRow).order_by(ApiKeyRow.created_at, ApiKeyRow.id)
        if tenant is not None:
            stmt = stmt.where(ApiKeyRow.tenant == tenant)
        async with self._sessions() as session:
            rows = (await session.scalars(stmt)).all()
        now = utcnow()
        return [key_public(r, now) for r in rows]

    async def revoke(self, key_id: str, tenant: str | None) -> KeyPublic:
        """Revoke a key of ``tenant`` (None: of any tenant); 404 if there is no such key there."""
        async with self._sessions() as session, session.begin():
            row = await session.get(ApiKeyRow, key_id)
            if row is None or (tenant is not None and row.tenant != tenant):
                raise NotFound(f"key {key_id!r} does not exist")
            if row.revoked_at is None:
                row.revoked_at = utcnow()
        self._verified.pop(key_id, None)
        return key_public(row)

    async def has_active_key(self, key_id: str) -> bool:
        """Whether ``key_id`` exists, is not revoked and has not expired."""
        async with self._sessions() as session:
            row = await session.get(ApiKeyRow, key_id)
        return row is not None and key_public(row).active

    async def authenticate(self, token: str | None) -> Principal:
        """The principal a bearer token stands for; a 401 naming the problem otherwise."""
        if not token:
            raise unauthorized("an API key is required: send the header 'Authorization: Bearer <key>'")
        presented = token_hash(token)
        if self._operator is not None and hashes_match(presented, self._operator):
            return OPERATOR
        key_id = parse_token(token)
        if key_id is None:
            raise unauthorized("the API key is malformed: expected the token 'cfk_k_….…' as it was issued")
        key = await self._lookup(key_id)
        if key is None or not hashes_match(presented, key.token_sha256):
            raise unauthorized("the API key is not known (check that it was copied whole)")
        if key.row.revoked_at is not None:
            raise unauthorized(f"the API key {key_id} was revoked; ask an admin of your tenant for a new one")
        if key.row.expires_at is not None and key.row.expires_at <= utcnow():
            raise unauthorized(f"the API key {key_id} expired at {key.row.expires_at.isoformat()}")
        return Principal(
            key_id=key.row.id, label=key.row.label, tenant=key.row.tenant, roles=frozenset(key.row.roles)
        )

    async def _lookup(self, key_id: str) -> _Verified | None:
        now = time.monotonic()
        cached = self._verified.get(key_id)
        if cached is not None and now - cached.checked_at < self._cache_s:
            return cached
        async with self._sessions() as session:
            row = await session.get(ApiKeyRow, key_id)
        if row is None:
            return None
        verified = _Verified(key_public(row), row.token_sha256, now)
        if len(self._verified) > OWNER_CACHE_SIZE:
            self._verified.clear()
        self._verified[key_id] = verified
        return verified


class ReviewOwners:
    """Which tenant owns a review (it never changes, so known owners are kept in a bounded LRU)."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession]) -> None:
        self._sessions = sessions
        self._owners: OrderedDict[str, str] = OrderedDict()

    async def check(self, review_id: str, tenant: str) -> None:
        """Nothing if ``tenant`` owns the review; otherwise the same 404 as for a review that does
        not exist, so another tenant cannot even learn that it does."""
        owner = self._owners.get(review_id)
        if owner is None:
            async with self._sessions() as session:
                owner = await session.scalar(select(ReviewRow.tenant).where(ReviewRow.id == review_id))
            if owner is not None:
                self._owners[review_id] = owner
                if len(self._owners) > OWNER_CACHE_SIZE:
                    self._owners.popitem(last=False)
        if owner != tenant:
            raise NotFound(f"review {review_id!r} does not exist")
