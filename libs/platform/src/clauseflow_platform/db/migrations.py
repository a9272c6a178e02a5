"""Schema migrations (Alembic) that a service runs on itself at start, one runner at a time.

Each service ships its revisions inside its package (``<package>/migrations/versions``) and
describes them with a :class:`SchemaHistory`. :func:`upgrade_database` brings a database to
the newest revision:

* an empty database gets every revision;
* a database written before the service had migrations (``create_all`` plus hand-written
  ``ALTER``) has no version table: its revisions from that era are written to skip what is
  already there (:mod:`clauseflow_platform.db.schema_ops`), so whatever the older code left is
  completed and the database ends stamped at the newest revision, its rows kept;
* concurrent starts do not race: on PostgreSQL the migration holds a transaction-scoped
  advisory lock, on SQLite it runs in one ``BEGIN IMMEDIATE`` transaction (one writer), so a
  second instance waits and then finds the database current.

Each service keeps its own version table, so two services may share one PostgreSQL database.
"""

from __future__ import annotations

import asyncio
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, MetaData, event, inspect, text
from sqlalchemy.ext.asyncio import AsyncEngine

from clauseflow_platform.db.engine import is_sqlite_memory, sqlite_thread_engine
from clauseflow_platform.logging import get_logger
from clauseflow_platform.settings import DatabaseSettings

log = get_logger(__name__)


@dataclass(frozen=True)
class SchemaHistory:
    """One service's schema: its tables, where its revisions live and its version table."""

    name: str
    # Alembic's package-resource form, e.g. "clauseflow_gateway:migrations".
    script_location: str
    metadata: MetaData
    version_table: str

    def owns(self, name: str | None, type_: str) -> bool:
        """Whether a reflected object is this service's (another service may share the database)."""
        return type_ != "table" or (name is not None and name in self.metadata.tables)

    def lock_key(self) -> int:
        """The PostgreSQL advisory lock id of this history's migrations (a signed 32-bit number)."""
        return zlib.crc32(f"clauseflow-migrations:{self.version_table}".encode()) - 2**31


def alembic_config(history: SchemaHistory, connection: Connection | None = None) -> Config:
    """An Alembic configuration for ``history`` (no ini file), optionally bound to ``connection``."""
    config = Config()
    config.set_main_option("script_location", history.script_location)
    config.attributes["history"] = history
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def head(history: SchemaHistory) -> str:
    """The newest revision of ``history``."""
    found = ScriptDirectory.from_config(alembic_config(history)).get_current_head()
    if found is None:
        raise RuntimeError(f"{history.name}: no migration revisions in {history.script_location}")
    return found


def current_revision(connection: Connection, history: SchemaHistory) -> str | None:
    """The revision the database is stamped at (None: never migrated)."""
    context = MigrationContext.configure(connection, opts={"version_table": history.version_table})
    return context.get_current_revision()


def upgrade_connection(connection: Connection, history: SchemaHistory, revision: str = "head") -> None:
    """Upgrade inside the caller's transaction on ``connection`` (PostgreSQL: under an advisory lock)."""
    if connection.dialect.name == "postgresql":
        # Held until the transaction ends: a second instance waits here, then finds the schema current.
        connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": history.lock_key()})
    before = current_revision(connection, history)
    if before is None:
        owned = [name for name in inspect(connection).get_table_names() if history.owns(name, "table")]
        if owned:
            log.info("db.unversioned_schema_adopted", service=history.name, tables=len(owned))
    command.upgrade(alembic_config(history, connection), revision)
    after = current_revision(connection, history)
    if after != before:
        log.info("db.schema_upgraded", service=history.name, before=before, after=after)


def run_environment(history: SchemaHistory) -> None:
    """The body of a service's ``migrations/env.py``: run the revisions on the connection handed in.

    Every run is programmatic (:func:`upgrade_database`, ``clauseflow db``,
    ``scripts/new_migration.py``), so the connection always comes through the config's attributes.
    """
    from alembic import context  # only importable while Alembic runs an env.py

    connection = context.config.attributes.get("connection")
    if connection is None:
        raise RuntimeError(
            f"{history.name}: migrations run on a connection handed in (clauseflow db upgrade), not by URL"
        )
    context.configure(
        connection=connection,
        target_metadata=history.metadata,
        version_table=history.version_table,
        include_name=lambda name, type_, _parent: history.owns(name, type_),
        render_as_batch=True,  # SQLite changes a column by copying its table
    )
    with context.begin_transaction():
        context.run_migrations()


def _immediate_transactions(engine: Engine) -> None:
    # pysqlite opens transactions only before DML, so DDL would autocommit statement by statement.
    # Driving BEGIN ourselves makes the whole migration one transaction that holds SQLite's write
    # lock from its first statement: a second migrating process waits for it (busy timeout).
    @event.listens_for(engine, "connect")
    def _no_implicit_transactions(dbapi_connection: Any, _: object) -> None:
        dbapi_connection.isolation_level = None

    @event.listens_for(engine, "begin")
    def _begin_immediate(conn: Connection) -> None:
        conn.exec_driver_sql("BEGIN IMMEDIATE")


def _upgrade_sqlite_file(url: str, history: SchemaHistory, revision: str, settings: DatabaseSettings) -> None:
    engine = sqlite_thread_engine(url, settings)
    _immediate_transactions(engine)
    try:
        with engine.begin() as conn:
            upgrade_connection(conn, history, revision)
    finally:
        engine.dispose()


def _in_transaction(engine: Engine, fn: Callable[[Connection], None]) -> None:
    with engine.begin() as conn:
        fn(conn)


async def upgrade_database(
    engine: AsyncEngine | Engine,
    history: SchemaHistory,
    revision: str = "head",
    settings: DatabaseSettings | None = None,
) -> None:
    """Bring the database behind ``engine`` to ``revision`` (default: the newest), one runner at a time.

    A SQLite file is migrated on a connection of its own in a worker thread (so waiting for
    another process's migration never blocks the event loop); an in-memory SQLite database on
    ``engine`` itself (it exists only there); PostgreSQL on ``engine``.
    """
    url = engine.url
    if url.get_backend_name() == "sqlite" and not is_sqlite_memory(url):
        rendered = url.render_as_string(hide_password=False)
        await asyncio.to_thread(
            _upgrade_sqlite_file, rendered, history, revision, settings or DatabaseSettings()
        )
        return
    if isinstance(engine, AsyncEngine):
        async with engine.begin() as conn:
            await conn.run_sync(upgrade_connection, history, revision)
        return
    await asyncio.to_thread(_in_transaction, engine, lambda conn: upgrade_connection(conn, history, revision))


def schema_differences(connection: Connection, history: SchemaHistory) -> list[Any]:
    """What Alembic's autogenerate finds between the database and the models (empty: they agree)."""
    context = MigrationContext.configure(
        connection,
        opts={
            "version_table": history.version_table,
            "include_name": lambda name, type_, _parent: history.owns(name, type_),
            "compare_type": True,
        },
    )
    return list(compare_metadata(context, history.metadata))
