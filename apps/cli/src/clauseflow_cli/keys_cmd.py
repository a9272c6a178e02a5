"""``clauseflow keys create | list | revoke | operator``: manage API keys on the gateway's database.

These commands are for whoever runs the gateway (they open its database directly, as an operator
would); remote admins use the same operations under ``/v1/keys``.
"""

from __future__ import annotations

import asyncio
import hashlib
from contextlib import AbstractAsyncContextManager
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

import typer
from clauseflow_contracts.errors import ClauseflowError
from clauseflow_gateway.auth.tokens import Role, new_token
from clauseflow_platform.logging import configure_logging
from rich.console import Console

if TYPE_CHECKING:
    from clauseflow_gateway.auth.keystore import KeyStore


app = typer.Typer(help="Manage the gateway's API keys (tenants, roles, revocation).", no_args_is_help=True)


@app.callback()
def _logs_to_stderr() -> None:
    """Service logs (a schema upgrade, say) go to stderr: stdout carries only the command's answer,
    so ``TOKEN=$(clauseflow keys create …)`` captures a token and nothing else."""
    configure_logging("cli", level="WARNING", json=False)


console = Console()
err = Console(stderr=True)


def key_store(database: str) -> AbstractAsyncContextManager[KeyStore]:
    """The gateway's key store on ``database``.

    Imported when a key command runs: the gateway's database stack takes seconds to import, and
    every other command (``clauseflow status``, ``--help``) would otherwise pay for it at start-up.
    """
    from clauseflow_cli.credentials import key_store as open_key_store

    return open_key_store(database)


DATABASE = typer.Option(
    "sqlite+aiosqlite:///.clauseflow/stack/gateway.db",
    "--database",
    envvar="GATEWAY_DATABASE_URL",
    help="the gateway's database (default: the one `clauseflow up` uses)",
)


@app.command("create")
def create(
    tenant: str = typer.Option(..., "--tenant", help="the tenant the key belongs to (created with it)"),
    role: list[Role] = typer.Option(..., "--role", help="submit, review or admin (repeatable)"),
    label: str = typer.Option("", "--label", help="who holds the key; recorded as the decider"),
    expires_in_days: int | None = typer.Option(None, "--expires-in-days", min=1),
    database: str = DATABASE,
) -> None:
    """Create a key and print its token once (it is stored only as a hash)."""
    expires = datetime.now(UTC) + timedelta(days=expires_in_days) if expires_in_days else None

    async def run() -> tuple[str, str]:
        async with key_store(database) as keys:
            key, token = await keys.create(
                tenant=tenant, roles=role, label=label, expires_at=expires, created_by="cli"
            )
        return key.id, token

    try:
        key_id, token = asyncio.run(run())
    except ClauseflowError as exc:
        err.print(f"[red]{exc}[/red]")
        raise typer.Exit(code=2) from None
    err.print(f"key {key_id} for tenant {tenant!r} ({', '.join(role)}); the token is shown only now:")
    console.print(token, markup=False, highlight=False)


@app.command("list")
def list_keys(
    tenant: str | None = typer.Option(None, "--tenant", help="only this tenant's keys"),
    database: str = DATABASE,
) -> None:
    """List keys (never their tokens)."""

    async def run() -> list[list[str]]:
        async with key_store(database) as keys:
            rows = await keys.keys(tenant)
        return [
            [
                k.id,
                k.tenant,
                ",".join(k.roles),
                k.label,
                k.created_at.isoformat(timespec="seconds"),
                k.expires_at.isoformat(timespec="seconds") if k.expires_at else "",
                "active" if k.active else ("revoked" if k.revoked_at else "expired"),
            ]
            for k in rows
        ]

    # Tab-separated, one key a line: readable, and whole ids for scripts (a table would truncate).
    lines = [["id", "tenant", "roles", "label", "created", "expires", "state"], *asyncio.run(run())]
    for line in lines:
        console.print("\t".join(line), markup=False, highlight=False, soft_wrap=True)


@app.command("revoke")
def revoke(key_id: str = typer.Argument(...), database: str = DATABASE) -> None:
    """Revoke a key; it stops working at once (within GATEWAY_KEY_CACHE_S on other replicas)."""

    async def run() -> None:
        async with key_store(database) as keys:
            await keys.revoke(key_id, None)

    try:
        asyncio.run(run())
    except ClauseflowError as exc:
        err.print(f"[red]{exc}[/red]")
        raise typer.Exit(code=2) from None
    err.print(f"key {key_id} revoked")


@app.command("operator")
def operator() -> None:
    """Print a fresh operator token and the GATEWAY_OPERATOR_KEY_SHA256 value to configure."""
    _, token = new_token()
    err.print("operator token (keep it secret; shown only now):")
    console.print(token, markup=False, highlight=False)
    err.print("set on the gateway:")
    console.print(f"GATEWAY_OPERATOR_KEY_SHA256={hashlib.sha256(token.encode()).hexdigest()}", markup=False)
