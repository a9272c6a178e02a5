"""Databases as the services left them before they had migrations, for the migration tests.

Until migrations, each service started with ``Base.metadata.create_all`` followed by its
hand-written ``ALTER``s (copied here from the code they replace). An *old* database is one a
service created before those columns existed: its tables are the baseline revision's (built by
migrating to the baseline and removing the version table, as if no migration ever ran).
"""

from __future__ import annotations

from alembic import command
from clauseflow_gateway.db.migrate import HISTORY as GATEWAY
from clauseflow_orchestrator.migrate import HISTORY as ORCHESTRATOR
from clauseflow_platform.db.migrations import SchemaHistory, alembic_config
from sqlalchemy import Connection, inspect, text

# The gateway's ADDED_COLUMNS and the orchestrator's _add_version_column, as they were.
_PRE_ALEMBIC_ALTERS = {
    "gateway": (
        ("reviews", "tenant", "VARCHAR(64) NOT NULL DEFAULT 'local'"),
        ("decisions", "decided_by_key_id", "VARCHAR(64) NOT NULL DEFAULT ''"),
        ("decision_requests", "decided_by_key_id", "VARCHAR(64) NOT NULL DEFAULT ''"),
        ("clauses", "error", "TEXT NOT NULL DEFAULT ''"),
        ("outbox", "dead_at", "TIMESTAMP NULL"),
    ),
    "orchestrator": (("orchestrator_reviews", "version", "INTEGER NOT NULL DEFAULT 1"),),
}

BASELINE = {"gateway": "g0001", "orchestrator": "o0001"}


def history(service: str) -> SchemaHistory:
    """The schema history of ``service`` ("gateway" or "orchestrator")."""
    return GATEWAY if service == "gateway" else ORCHESTRATOR


def old_schema(conn: Connection, service: str) -> None:
    """The tables an older service created, before any hand-written ALTER, and no version table."""
    command.upgrade(alembic_config(history(service), conn), BASELINE[service])
    conn.execute(text(f"DROP TABLE {history(service).version_table}"))


def pre_alembic_start(conn: Connection, service: str) -> None:
    """What the service did at start before migrations: create missing tables, add missing columns."""
    history(service).metadata.create_all(conn)
    inspector = inspect(conn)
    for table, column, ddl in _PRE_ALEMBIC_ALTERS[service]:
        if column not in {c["name"] for c in inspector.get_columns(table)}:
            conn.execute(text(f"ALTER TABLE {table} ADD COLUMN {column} {ddl}"))
