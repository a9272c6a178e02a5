"""Registers the CLI's commands; each command lives in its own module."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Attach every command to ``app``."""
    from clauseflow_cli import client_cmds, db_cmd, keys_cmd, parse_cmd, review_cmd, tools_cmd, up_cmd

    app.command("review")(review_cmd.review)
    app.command("up")(up_cmd.up)
    app.command("parse")(parse_cmd.parse)
    app.command("tools")(tools_cmd.tools)
    app.add_typer(keys_cmd.app, name="keys")
    app.add_typer(db_cmd.app, name="db")
    for name in ("submit", "status", "approve", "retry", "report"):
        app.command(name)(getattr(client_cmds, name))
