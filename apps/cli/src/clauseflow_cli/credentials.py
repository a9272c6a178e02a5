"""The CLI's API key: created by ``clauseflow up`` on first start, read by the client commands.

The token is kept in a file only its owner can read (mode 0600); the gateway keeps only its hash.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

from clauseflow_contracts.tenants import LOCAL_TENANT
from clauseflow_gateway.auth.keystore import KeyStore
from clauseflow_gateway.auth.tokens import Role
from clauseflow_gateway.db.engine import create_engine, create_schema, session_factory
from clauseflow_gateway.errors import ApiError
from sqlalchemy.ext.asyncio import AsyncEngine

from clauseflow_cli.key_file import write_key


@contextlib.asynccontextmanager
async def key_store(database_url: str) -> AsyncIterator[KeyStore]:
    """A :class:`KeyStore` on the gateway's database (tables created if missing)."""
    engine: AsyncEngine = create_engine(database_url)
    try:
        await create_schema(engine)
        yield KeyStore(session_factory(engine), cache_s=0)
    finally:
        await engine.dispose()


def _read_file(path: Path) -> str:
    with contextlib.suppress(OSError):
        return path.read_text().strip()
    return ""


@dataclass(frozen=True)
class LocalKey:
    """The local admin key and whether it was created just now (then it is shown once)."""

    token: str
    created: bool


async def ensure_local_key(database_url: str, path: Path) -> LocalKey:
    """The local tenant's admin key kept in ``path``; a new one if there is none or it no longer
    works (revoked, expired, or the database was reset)."""
    existing = await asyncio.to_thread(_read_file, path)
    async with key_store(database_url) as keys:
        if existing:
            try:
                await keys.authenticate(existing)
                return LocalKey(existing, created=False)
            except ApiError:
                pass  # revoked, expired or unknown to this database: make a new one
        _, token = await keys.create(
            tenant=LOCAL_TENANT, roles=[Role.ADMIN], label="local admin", created_by="clauseflow up"
        )
    await asyncio.to_thread(write_key, path, token)
    return LocalKey(token, created=True)
