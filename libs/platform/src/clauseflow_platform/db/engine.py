"""One engine factory for every service database: SQLite by default, PostgreSQL by URL.

SQLite gets its directory created, WAL, ``synchronous=NORMAL`` and one busy timeout (from
:class:`~clauseflow_platform.settings.DatabaseSettings`), whether the engine is the async one
(aiosqlite) or a synchronous one used from a worker thread (pysqlite): both wait for each
other's writes the same way.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, event
from sqlalchemy import create_engine as create_sync_engine
from sqlalchemy.engine import URL, make_url
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine
from sqlalchemy.pool import StaticPool

from clauseflow_platform.settings import DatabaseSettings


def is_sqlite(url: str | URL) -> bool:
    """Whether ``url`` names a SQLite database."""
    return make_url(url).get_backend_name() == "sqlite"


def is_sqlite_memory(url: str | URL) -> bool:
    """Whether ``url`` names an in-memory SQLite database (private to its one connection)."""
    parsed = make_url(url)
    return parsed.get_backend_name() == "sqlite" and parsed.database in (None, "", ":memory:")


def ensure_sqlite_dir(url: str | URL) -> None:
    """Create the directory of a file-based SQLite database (nothing for any other database)."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite" and not is_sqlite_memory(parsed):
        Path(str(parsed.database)).parent.mkdir(parents=True, exist_ok=True)


def _pragmas(settings: DatabaseSettings) -> Any:
    busy_ms = int(settings.database_busy_timeout_s * 1000)

    def apply(dbapi_connection: Any, _: object) -> None:
        # WAL lets readers go on while one connection writes; synchronous=NORMAL keeps every commit
        # atomic and safe from a killed process (only an OS crash may lose the last commits), and
        # full fsync on every commit was the largest cost of a big review. busy_timeout makes a
        # writer wait for another connection's (or process's) transaction instead of failing.
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout={busy_ms}")
        _switch_to_wal(cursor, settings.database_busy_timeout_s)
        cursor.execute(f"PRAGMA synchronous={settings.database_sqlite_synchronous}")
        cursor.close()

    return apply


def _switch_to_wal(cursor: Any, wait_s: float) -> None:
    """Put the database in WAL mode, waiting up to ``wait_s`` for another connection to let it.

    Switching a new database to WAL takes an exclusive lock, and SQLite answers "database is
    locked" at once, without its busy timeout, when waiting could deadlock: two instances
    opening the same new file together (one migrating under its write lock) hit it. The switch is
    retried until the other connection's transaction ends.
    """
    deadline = time.monotonic() + wait_s
    while True:
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
            return
        except Exception as error:  # sqlite3's, or the async driver's adaptation of it
            if "database is locked" not in str(error) or time.monotonic() >= deadline:
                raise
            time.sleep(0.05)


def async_engine(url: str | URL, settings: DatabaseSettings | None = None) -> AsyncEngine:
    """The async engine of ``url`` (SQLite: aiosqlite, its directory created, the shared pragmas)."""
    settings = settings or DatabaseSettings()
    ensure_sqlite_dir(url)
    engine = create_async_engine(url, pool_pre_ping=True)
    if engine.dialect.name == "sqlite":
        event.listen(engine.sync_engine, "connect", _pragmas(settings))
    return engine


async def dispose_when_returned(engine: AsyncEngine, wait_s: float, poll_s: float = 0.05) -> int:
    """Dispose of ``engine`` once every connection in use has come back to its pool (at most ``wait_s``).

    At shutdown the server cancels requests still running; one cancelled inside a database call
    (waiting on SQLite's busy timeout, on a slow query) only lets go of its connection when the
    driver's call returns. Disposed before that, and the loop closing after it, the connection's
    close is abandoned ("Task was destroyed but it is pending"). Answers how many connections were
    still out when the wait ended (0: every one came back).
    """
    deadline = time.monotonic() + wait_s
    out = _checked_out(engine)
    while out and time.monotonic() < deadline:
        await asyncio.sleep(poll_s)
        out = _checked_out(engine)
    await engine.dispose()
    return out


def _checked_out(engine: AsyncEngine) -> int:
    checked_out = getattr(engine.pool, "checkedout", None)  # a StaticPool (in-memory) has no count
    return int(checked_out()) if callable(checked_out) else 0


def sqlite_thread_engine(url: str | URL, settings: DatabaseSettings | None = None) -> Engine:
    """A synchronous pysqlite engine on a SQLite database, for transactions run in a worker thread.

    An in-memory database lives in one connection, shared by every thread (``StaticPool``): its
    user must serialise every use of it.
    """
    settings = settings or DatabaseSettings()
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        raise ValueError(f"not a SQLite URL: {parsed.render_as_string(hide_password=True)}")
    ensure_sqlite_dir(parsed)
    kwargs: dict[str, Any] = {
        "connect_args": {"timeout": settings.database_busy_timeout_s, "check_same_thread": False}
    }
    if is_sqlite_memory(parsed):
        kwargs["poolclass"] = StaticPool
    engine = create_sync_engine(parsed.set(drivername="sqlite+pysqlite"), **kwargs)
    event.listen(engine, "connect", _pragmas(settings))
    return engine
