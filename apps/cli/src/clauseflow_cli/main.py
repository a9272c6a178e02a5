"""The ``clauseflow`` command: embedded review, the local stack, parsing, and API client commands."""

from __future__ import annotations

import typer

app = typer.Typer(
    name="clauseflow",
    help="Contract review: review a contract end to end, run the stack, inspect how a document was read.",
    no_args_is_help=True,
    add_completion=False,
)


def _register() -> None:
    # Commands live in their own modules; importing them here keeps start-up work out of import time
    # of the modules themselves.
    from clauseflow_cli import commands

    commands.register(app)


_register()
