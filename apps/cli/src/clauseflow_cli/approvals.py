"""Deciding redlines from the command line: all, none, or ask the reviewer one by one."""

from __future__ import annotations

import hashlib
import json
from enum import StrEnum
from typing import Any

from rich.console import Console
from rich.panel import Panel
from rich.prompt import Prompt

from clauseflow_cli.client import GatewayClient


class ApprovalMode(StrEnum):
    """How ``clauseflow review`` answers redlines awaiting approval."""

    ALL = "all"
    NONE = "none"
    ASK = "ask"


def _ask(redline: dict[str, Any], console: Console) -> dict[str, Any] | None:
    console.print(
        Panel(
            f"[red]- {redline['original_text']}[/red]\n[green]+ {redline['proposed_text']}[/green]\n\n"
            f"{redline.get('reason', '')}",
            title=f"clause {redline['clause_id']} · redline {redline['id']}",
        )
    )
    choice = Prompt.ask(
        "approve, reject, edit or skip", choices=["a", "r", "e", "s"], default="a", console=console
    )
    if choice == "a":
        return {"redline_id": redline["id"], "action": "approve"}
    if choice == "r":
        feedback = Prompt.ask(
            "feedback for the redraft (empty: reject outright)", default="", console=console
        )
        return {"redline_id": redline["id"], "action": "reject", "feedback": feedback}
    if choice == "e":
        text = Prompt.ask("your text", default=redline["proposed_text"], console=console)
        return {"redline_id": redline["id"], "action": "edit", "text": text}
    return None


async def decide_pending(
    client: GatewayClient, review_id: str, pending: list[dict[str, Any]], mode: ApprovalMode, console: Console
) -> None:
    """Send one decisions request for the pending redlines."""
    if mode is ApprovalMode.ALL:
        decisions = [{"redline_id": r["id"], "action": "approve"} for r in pending]
    elif mode is ApprovalMode.NONE:
        decisions = [{"redline_id": r["id"], "action": "reject", "feedback": ""} for r in pending]
    else:
        decisions = [d for r in pending if (d := _ask(r, console)) is not None]
    if decisions:
        await client.decide(review_id, decisions, decided_by="cli", key=decisions_key(review_id, decisions))


def decisions_key(review_id: str, decisions: list[dict[str, Any]]) -> str:
    """The idempotency key of one set of decisions: a retry of the same answers reuses it, so it is
    recorded once; different answers (a redline skipped now and decided later) get a key of their own."""
    digest = hashlib.sha256(json.dumps(decisions, sort_keys=True).encode()).hexdigest()[:32]
    return f"cli-{review_id}-{digest}"
