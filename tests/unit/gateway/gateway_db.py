"""A gateway database on SQLite holding one review, for the tests of what reads or writes it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from clauseflow_gateway.db.engine import create_engine, create_schema, session_factory
from clauseflow_gateway.db.tables import ReviewRow
from sqlalchemy.ext.asyncio import AsyncEngine


@asynccontextmanager
async def database_with(path: Path, review: ReviewRow) -> AsyncIterator[AsyncEngine]:
    """The engine of a fresh database at ``path`` holding ``review``; disposed on exit."""
    engine = create_engine(f"sqlite+aiosqlite:///{path}")
    await create_schema(engine)
    async with session_factory(engine)() as session, session.begin():
        session.add(review)
    try:
        yield engine
    finally:
        await engine.dispose()
