"""``clauseflow submit | status | approve | report``: the CLI as a client of a running gateway."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

import httpx
import typer
from rich.console import Console
from rich.table import Table

from clauseflow_cli.client import TERMINAL, GatewayClient, GatewayError
from clauseflow_cli.exit_codes import for_status
from clauseflow_cli.key_file import read_key
from clauseflow_cli.stack_state import gateway_url

console = Console()
T = TypeVar("T")

GATEWAY = typer.Option(
    None,
    "--gateway",
    envvar="CLAUSEFLOW_GATEWAY_URL",
    help="gateway URL (default: the stack `clauseflow up` started, else GATEWAY_PORT or 8000 on loopback)",
)


def _call(given_url: str | None, action: Callable[[GatewayClient], Awaitable[T]]) -> T:
    url = gateway_url(given_url)
    # The key: CLAUSEFLOW_API_KEY, else the one `clauseflow up` stored in .clauseflow/api-key.
    api_key = read_key()

    async def run() -> T:
        async with GatewayClient(url, api_key=api_key) as client:
            return await action(client)

    try:
        return asyncio.run(run())
    except GatewayError as exc:
        console.print(f"[red]{exc}[/red]")
        raise typer.Exit(code=2) from None
    except (httpx.TransportError, OSError) as exc:
        reason = str(exc) or type(exc).__name__
        console.print(
            f"[red]no gateway answers at {url} ({reason}); start one with `clauseflow up`, "
            "or pass --gateway URL / set CLAUSEFLOW_GATEWAY_URL[/red]",
            soft_wrap=True,
        )
        raise typer.Exit(code=2) from None


def submit(
    file: Path = typer.Argument(..., exists=True, dir_okay=False),
    party: str = typer.Option(..., "--party"),
    language: str = typer.Option("zh-CN"),
    domain: str = typer.Option("auto"),
    pc: Path | None = typer.Option(None, "--pc", exists=True, dir_okay=False),
    gateway: str | None = GATEWAY,
) -> None:
    """Submit FILE for review; prints the review id."""
    review_id = _call(
        gateway, lambda c: c.submit(file, our_party=party, language=language, domain=domain, pc_file=pc)
    )
    console.print(review_id)


def status(review_id: str = typer.Argument(...), gateway: str | None = GATEWAY) -> None:
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
    gateway: str | None = GATEWAY,
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


def retry(
    review_id: str = typer.Argument(...),
    wait: bool = typer.Option(True, help="wait for the review to end and exit with its code"),
    timeout: float = typer.Option(600.0, help="seconds to wait"),
    gateway: str = GATEWAY,
) -> None:
    """Re-run the clauses of REVIEW_ID that could not be reviewed (once the model is back)."""

    async def act(client: GatewayClient) -> dict[str, Any]:
        accepted = await client.retry(review_id)
        console.print(f"retrying {len(accepted['clauses'])} clause(s): {', '.join(accepted['clauses'])}")
        if not wait:
            return accepted
        return await client.wait_until(review_id, TERMINAL, timeout_s=timeout)

    answer = _call(gateway, act)
    if wait:
        console.print(f"{review_id}: {answer['status']} {answer.get('failure_reason') or ''}".rstrip())
        raise typer.Exit(code=int(for_status(answer["status"])))


def report(
    review_id: str = typer.Argument(...),
    fmt: str = typer.Option("md", "--format", help="md, json or docx"),
    out: Path | None = typer.Option(
        None, help="write to this file instead of the terminal (docx: the directory for both documents)"
    ),
    pending: bool = typer.Option(False, help="docx: show pending redlines as revisions too"),
    revisions: bool = typer.Option(True, help="docx: --no-revisions shows the risks as comments only"),
    gateway: str | None = GATEWAY,
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


def _write_word(
    review_id: str, directory: Path, *, pending: bool, revisions: bool, gateway: str | None
) -> None:
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
