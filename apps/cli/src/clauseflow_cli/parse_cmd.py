"""``clauseflow parse FILE``: show how a document was read (owned by the document-parser work)."""

from __future__ import annotations

from pathlib import Path

import typer


def parse(file: Path = typer.Argument(..., exists=True, dir_okay=False)) -> None:
    """Print the clause tree of FILE."""
    raise typer.Exit(code=2)
