"""The async engine and session factory of the read model (SQLite by default, PostgreSQL by URL)."""

from __future__ import annotations

from clauseflow_platform.db.engine import async_engine
from clauseflow_platform.settings import DatabaseSettings
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from clauseflow_gateway.db.migrate import create_schema

__all__ = ["create_engine", "create_schema", "ping", "session_factory"]


def create_engine(url: str, settings: DatabaseSettings | None = None) -> AsyncEngine:
    """An engine for ``url``; SQLite gets its directory created and the platform's pragmas."""
    return async_engine(url, settings)


def session_factory(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    """Sessions that keep loaded values usable after commit."""
    return async_sessionmaker(engine, expire_on_commit=False)


async def ping(engine: AsyncEngine) -> None:
    """Raise if the database cannot answer a trivial query."""
    async with engine.connect() as conn:
        await conn.execute(text("SELECT 1"))
