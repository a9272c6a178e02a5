"""The database runner: a transaction is one synchronous function of a connection.

SQLite: the whole function runs in a worker thread on a plain pysqlite connection, so a
transaction of N statements costs one thread hop instead of several per statement (aiosqlite).
Writes of this process are serialised by a lock (SQLite has one writer; waiting on a lock is
cheaper than its busy-retry sleeps); other processes on the same file are waited for by the
busy timeout. Any other database (PostgreSQL): the async engine runs the same function through
``run_sync``. Either way the SQL is the same SQLAlchemy statements.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, TypeVar

from sqlalchemy import Engine
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine

from clauseflow_platform.db.engine import async_engine, is_sqlite_memory, sqlite_thread_engine
from clauseflow_platform.db.migrations import SchemaHistory, upgrade_database
from clauseflow_platform.settings import DatabaseSettings

_T = TypeVar("_T")


class Database:
    """Runs ``fn(connection, *args)`` in one transaction (:meth:`write`) or on one connection."""

    def __init__(
        self,
        url: str,
        settings: DatabaseSettings | None = None,
        *,
        beside: AsyncEngine | None = None,
    ) -> None:
        """A runner with engines of its own for ``url``, or (``beside``) one sharing a caller's engine.

        Beside an async engine, a SQLite file gets a thread engine of its own, anything else
        (PostgreSQL, in-memory SQLite) runs on that engine, which stays the caller's to dispose.
        """
        parsed = make_url(url)
        self.sqlite = parsed.get_backend_name() == "sqlite"
        self._settings = settings or DatabaseSettings()
        self._write_lock = asyncio.Lock()
        # An in-memory database lives in one connection: every use of it is serialised.
        self._exclusive = is_sqlite_memory(parsed)
        self._owns_async = beside is None
        self._sync: Engine | None = None
        self._async: AsyncEngine | None = beside
        if beside is not None:
            self._exclusive = False  # the caller's engine serialises its own connection
            if self.sqlite and not is_sqlite_memory(parsed):
                self._sync, self._async = sqlite_thread_engine(parsed, self._settings), None
        elif self.sqlite:
            self._sync = sqlite_thread_engine(parsed, self._settings)
        else:
            self._async = async_engine(url, self._settings)

    @classmethod
    def beside(cls, engine: AsyncEngine, settings: DatabaseSettings | None = None) -> Database:
        """A runner on the database of ``engine`` (see the constructor)."""
        return cls(engine.url.render_as_string(hide_password=False), settings, beside=engine)

    @property
    def engine(self) -> Engine | AsyncEngine:
        """The engine behind the runner (a pysqlite engine for SQLite, else the async engine)."""
        engine = self._sync if self._sync is not None else self._async
        assert engine is not None
        return engine

    async def upgrade(self, history: SchemaHistory) -> None:
        """Bring the database to the newest revision of ``history`` (one runner at a time)."""
        if self._exclusive:
            async with self._write_lock:
                await upgrade_database(self.engine, history, settings=self._settings)
            return
        await upgrade_database(self.engine, history, settings=self._settings)

    async def write(self, fn: Callable[..., _T], *args: Any) -> _T:
        """``fn(conn, *args)`` in one transaction, committed when it returns (rolled back if it raises)."""
        if self._sync is not None:
            async with self._write_lock:
                return await asyncio.to_thread(_in_transaction, self._sync, fn, *args)
        assert self._async is not None
        async with self._async.begin() as conn:
            return await conn.run_sync(fn, *args)

    async def read(self, fn: Callable[..., _T], *args: Any) -> _T:
        """``fn(conn, *args)`` on one connection (one consistent snapshot), nothing written."""
        if self._sync is not None:
            if self._exclusive:
                async with self._write_lock:
                    return await asyncio.to_thread(_on_connection, self._sync, fn, *args)
            return await asyncio.to_thread(_on_connection, self._sync, fn, *args)
        assert self._async is not None
        async with self._async.connect() as conn:
            return await conn.run_sync(fn, *args)

    async def dispose(self) -> None:
        """Close every connection."""
        if self._sync is not None:
            async with self._write_lock:  # a write still running in its thread finishes first
                await asyncio.to_thread(self._sync.dispose)
        if self._async is not None and self._owns_async:
            await self._async.dispose()


def _in_transaction(engine: Engine, fn: Callable[..., _T], *args: Any) -> _T:
    with engine.begin() as conn:
        return fn(conn, *args)


def _on_connection(engine: Engine, fn: Callable[..., _T], *args: Any) -> _T:
    with engine.connect() as conn:
        return fn(conn, *args)
