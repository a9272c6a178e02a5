"""``clauseflow db upgrade | current``: the services' database schemas, for whoever runs them.

The gateway and the orchestrator migrate their own databases when they start; this command does
the same ahead of a deployment (or tells where a database stands) without starting them.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

import typer
from clauseflow_platform.logging import configure_logging
from rich.console import Console

if TYPE_CHECKING:
    from clauseflow_platform.db.migrations import SchemaHistory

app = typer.Typer(help="The gateway's and the orchestrator's database schemas.", no_args_is_help=True)


@app.callback()
def _logs_to_stderr() -> None:
    """The migration's own log lines go to stderr; stdout carries only the revision the command reports."""
    configure_logging("cli", level="INFO", json=False)


console = Console()

GATEWAY_URL = typer.Option(
    "sqlite+aiosqlite:///.clauseflow/stack/gateway.db",
    "--gateway",
    envvar="GATEWAY_DATABASE_URL",
    help="the gateway's database (default: the one `clauseflow up` uses; '' to leave it alone)",
)
ORCHESTRATOR_URL = typer.Option(
    "sqlite+aiosqlite:///.clauseflow/stack/orchestrator.db",
    "--orchestrator",
    envvar="ORCHESTRATOR_DATABASE_URL",
    help="the orchestrator's database (default: the one `clauseflow up` uses; '' to leave it alone)",
)


def _targets(gateway: str, orchestrator: str) -> list[tuple[SchemaHistory, str]]:
    # The services' schema histories (and with them SQLAlchemy and Alembic) are imported when a db
    # command runs, not when the CLI starts: every other command would pay seconds for them.
    from clauseflow_gateway.db.migrate import HISTORY as GATEWAY
    from clauseflow_orchestrator.migrate import HISTORY as ORCHESTRATOR

    return [(h, url) for h, url in ((GATEWAY, gateway), (ORCHESTRATOR, orchestrator)) if url]


async def _current(history: SchemaHistory, url: str) -> str | None:
    from clauseflow_platform.db.engine import async_engine
    from clauseflow_platform.db.migrations import current_revision

    engine = async_engine(url)
    try:
        async with engine.connect() as conn:
            return await conn.run_sync(current_revision, history)
    finally:
        await engine.dispose()


@app.command("upgrade")
def upgrade(gateway: str = GATEWAY_URL, orchestrator: str = ORCHESTRATOR_URL) -> None:
    """Bring each database to its service's newest schema (what the service does at start)."""

    from clauseflow_platform.db.engine import async_engine
    from clauseflow_platform.db.migrations import head, upgrade_database

    async def run() -> None:
        for history, url in _targets(gateway, orchestrator):
            engine = async_engine(url)
            try:
                await upgrade_database(engine, history)
            finally:
                await engine.dispose()
            console.print(f"{history.name}: at {head(history)}")

    asyncio.run(run())


@app.command("current")
def current(gateway: str = GATEWAY_URL, orchestrator: str = ORCHESTRATOR_URL) -> None:
    """Print each database's revision and the newest one; exit 1 if any is behind."""
    from clauseflow_platform.db.migrations import head

    behind = False
    for history, url in _targets(gateway, orchestrator):
        found = asyncio.run(_current(history, url))
        newest = head(history)
        behind = behind or found != newest
        state = "current" if found == newest else "needs `clauseflow db upgrade`"
        console.print(f"{history.name}: {found or 'not migrated'} (newest {newest}): {state}")
    if behind:
        raise typer.Exit(code=1)
