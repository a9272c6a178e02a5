"""The async engine and session factory of the read model (SQLite by default, PostgreSQL by URL)."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import Connection, Engine, event, inspect, text
from sqlalchemy import create_engine as create_sync_engine
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine

from clauseflow_gateway.db.tables import Base


def _ensure_sqlite_dir(url: str) -> None:
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite" and parsed.database and parsed.database != ":memory:":
        Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)


def _sqlite_pragmas(dbapi_connection: object, _: object) -> None:
    # WAL lets readers continue while the consumer writes; busy_timeout waits instead of failing.
    cursor = dbapi_connection.cursor()  # type: ignore[attr-defined]
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def create_engine(url: str) -> AsyncEngine:
    """An engine for ``url``; SQLite gets its directory created and sensible pragmas."""
    _ensure_sqlite_dir(url)
    engine = create_async_engine(url, pool_pre_ping=True)
    if engine.dialect.name == "sqlite":
        event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
    return engine


def sqlite_thread_engine(engine: AsyncEngine) -> Engine | None:
    """A synchronous (pysqlite) engine on the same SQLite file, for work run in a worker thread.

    None unless ``engine`` is a file-based SQLite database (an in-memory one is private to its
    connection). Same pragmas as the async engine, so both wait for each other's writes.
    """
    url = engine.url
    if engine.dialect.name != "sqlite" or url.database in (None, "", ":memory:"):
        return None
    sync = create_sync_engine(
        url.set(drivername="sqlite+pysqlite"), connect_args={"check_same_thread": False}
    )
    event.listen(sync, "connect", _sqlite_pragmas)
    return sync


# Columns added after a table was first created: (table, column, DDL type and default).
ADDED_COLUMNS = (
    ("reviews", "tenant", "VARCHAR(64) NOT NULL DEFAULT 'local'"),
    ("decisions", "decided_by_key_id", "VARCHAR(64) NOT NULL DEFAULT ''"),
    ("decision_requests", "decided_by_key_id", "VARCHAR(64) NOT NULL DEFAULT ''"),
    ("clauses", "error", "TEXT NOT NULL DEFAULT ''"),
    ("outbox", "dead_at", "TIMESTAMP NULL"),
)


def _add_missing_columns(conn: Connection) -> None:
    """Bring a database written by an older gateway up to date (its rows belong to the local tenant)."""
    inspector = inspect(conn)
    for table, column, ddl in ADDED_COLUMNS:
        if column not in {c["name"] for c in inspector.get_columns(table)}:
            conn.execute(text(f"ALTER TABLE {table} ADD COLUMN {column} {ddl}"))


async def create_schema(engine: AsyncEngine) -> None:
    """Create missing tables and columns (the read model can always be rebuilt from events)."""
    async with engine.begin() as conn:
        await conn.run_sync(Base.metadata.create_all)
        await conn.run_sync(_add_missing_columns)


def session_factory(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    """Sessions that keep loaded values usable after commit."""
    return async_sessionmaker(engine, expire_on_commit=False)


async def ping(engine: AsyncEngine) -> None:
    """Raise if the database cannot answer a trivial query."""
    async with engine.connect() as conn:
        await conn.execute(text("SELECT 1"))
