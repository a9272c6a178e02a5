"""``clauseflow submit | status | approve | report``: the CLI as a client of a running gateway."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

import typer
from rich.console import Console
from rich.table import Table

from clauseflow_cli.client import GatewayClient, GatewayError

console = Console()
T = TypeVar("T")

GATEWAY = typer.Option(
    "http://127.0.0.1:8000", "--gateway", envvar="CLAUSEFLOW_GATEWAY_URL", help="gateway URL"
)


def _call(url: str, action: Callable[[GatewayClient], Awaitable[T]]) -> T:
    async def run() -> T:
        async with GatewayClient(url) as client:
            return await action(client)

    try:
        return asyncio.run(run())
    except GatewayError as exc:
        console.print(f"[red]{exc}[/red]")
        raise typer.Exit(code=2) from None
    except OSError as exc:
        console.print(f"[red]cannot reach the gateway at {url}: {exc}[/red]")
        raise typer.Exit(code=2) from None


def submit(
    file: Path = typer.Argument(..., exists=True, dir_okay=False),
    party: str = typer.Option(..., "--party"),
    language: str = typer.Option("zh-CN"),
    domain: str = typer.Option("auto"),
    pc: Path | None = typer.Option(None, "--pc", exists=True, dir_okay=False),
    gateway: str = GATEWAY,
) -> None:
    """Submit FILE for review; prints the review id."""
    review_id = _call(
        gateway, lambda c: c.submit(file, our_party=party, language=language, domain=domain, pc_file=pc)
    )
    console.print(review_id)


def status(review_id: str = typer.Argument(...), gateway: str = GATEWAY) -> None:
    """Show a review's status and its clauses."""
    review: dict[str, Any] = _call(gateway, lambda c: c.review(review_id))
    table = Table(title=f"{review_id}: {review['status']}")
    for col in ("clause", "title", "depth", "state"):
        table.add_column(col)
    for clause in review.get("clauses", []):
        table.add_row(
            clause["clause_id"], clause.get("title", ""), clause.get("depth", ""), clause.get("state", "")
        )
    console.print(table)


def approve(
    review_id: str = typer.Argument(...),
    redline: list[str] = typer.Option([], "--redline", help="approve these redline ids"),
    all_pending: bool = typer.Option(False, "--all", help="approve every pending redline"),
    reject: list[str] = typer.Option([], "--reject", help="reject these redline ids"),
    feedback: str = typer.Option("", help="feedback for the rejected redlines (asks for a redraft)"),
    gateway: str = GATEWAY,
) -> None:
    """Approve or reject redlines awaiting approval."""

    async def act(client: GatewayClient) -> dict[str, Any]:
        ids = list(redline)
        if all_pending:
            ids += [
                r["id"] for r in await client.redlines(review_id, status="pending") if r["id"] not in reject
            ]
        decisions = [{"redline_id": i, "action": "approve"} for i in ids]
        decisions += [{"redline_id": i, "action": "reject", "feedback": feedback} for i in reject]
        if not decisions:
            raise GatewayError(400, "nothing to decide: name --redline/--reject ids or use --all")
        return await client.decide(review_id, decisions, decided_by="cli")

    console.print_json(json.dumps(_call(gateway, act)))


def report(
    review_id: str = typer.Argument(...),
    fmt: str = typer.Option("md", "--format", help="md, json or docx"),
    out: Path | None = typer.Option(
        None, help="write to this file instead of the terminal (docx: the directory for both documents)"
    ),
    pending: bool = typer.Option(False, help="docx: show pending redlines as revisions too"),
    revisions: bool = typer.Option(True, help="docx: --no-revisions shows the risks as comments only"),
    gateway: str = GATEWAY,
) -> None:
    """Fetch a review's report; ``--format docx`` writes NAME.redline.docx and NAME.clean.docx."""
    if fmt == "docx":
        _write_word(review_id, out or Path("."), pending=pending, revisions=revisions, gateway=gateway)
        return
    body = _call(gateway, lambda c: c.report(review_id, fmt))
    text = body if isinstance(body, str) else json.dumps(body, ensure_ascii=False, indent=2)
    if out:
        out.write_text(text)
    else:
        console.print(text, markup=False, highlight=False)


def _write_word(review_id: str, directory: Path, *, pending: bool, revisions: bool, gateway: str) -> None:
    async def fetch(client: GatewayClient) -> list[tuple[bytes, str]]:
        return [
            await client.word(review_id, variant, pending=pending, revisions=revisions)
            for variant in ("redline", "clean")
        ]

    directory.mkdir(parents=True, exist_ok=True)
    for (content, name), variant in zip(_call(gateway, fetch), ("redline", "clean"), strict=True):
        path = directory / (Path(name).name or f"{review_id}.{variant}.docx")
        path.write_bytes(content)
        console.print(str(path))
