"""``clauseflow review FILE``: review one contract end to end in embedded mode and write the report."""

from __future__ import annotations

import asyncio
import json
import tempfile
from enum import StrEnum
from pathlib import Path
from typing import Any

import typer
from clauseflow_platform.logging import configure_logging
from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

from clauseflow_cli.approvals import ApprovalMode, decide_pending
from clauseflow_cli.client import TERMINAL, GatewayClient, GatewayError
from clauseflow_cli.exit_codes import ExitCode, for_status

console = Console(stderr=True)
SUBMIT_TIMEOUT_S = 180.0


class LLMChoice(StrEnum):
    """Which model reviews: the bundled offline playbook model, or the endpoint in LLM_* settings."""

    OFFLINE = "offline"
    EXTERNAL = "external"


def review(
    file: Path = typer.Argument(..., exists=True, dir_okay=False, readable=True, help="the contract"),
    party: str = typer.Option(..., "--party", help="the party we act for, as named in the contract"),
    language: str = typer.Option("zh-CN", help="language of the findings: zh-CN or en"),
    domain: str = typer.Option("auto", help="generic | fidic | sha_spa | auto"),
    pc: Path | None = typer.Option(
        None, "--pc", exists=True, dir_okay=False, help="FIDIC Particular Conditions"
    ),
    reference: list[Path] = typer.Option(
        [],
        "--reference",
        exists=True,
        dir_okay=False,
        help="reference documents (e.g. Employer's Requirements)",
    ),
    approve: ApprovalMode = typer.Option(ApprovalMode.ASK, help="all | none | ask (per redline)"),
    out: Path = typer.Option(
        Path("out"), help="directory for report.json, report.md, NAME.redline.docx and NAME.clean.docx"
    ),
    llm: LLMChoice = typer.Option(
        LLMChoice.OFFLINE, help="offline playbook model, or LLM_BASE_URL/LLM_MODEL"
    ),
    workdir: Path | None = typer.Option(None, help="keep the databases and document store here"),
    verbose: bool = typer.Option(False, "--verbose", help="show service logs"),
) -> None:
    """Review FILE as PARTY: plan, analyse each clause, draft redlines, take decisions, write the report."""
    configure_logging("cli", level="INFO" if verbose else "WARNING", json=False)
    try:
        report = asyncio.run(_run(file, party, language, domain, pc, reference, approve, llm, workdir))
    except GatewayError as exc:
        console.print(f"[red]The review was refused:[/red] {exc}")
        raise typer.Exit(code=2) from None
    out.mkdir(parents=True, exist_ok=True)
    (out / "report.json").write_text(json.dumps(report["json"], ensure_ascii=False, indent=2) + "\n")
    (out / "report.md").write_text(report["md"])
    for variant in ("redline", "clean"):
        (out / f"{file.stem}.{variant}.docx").write_bytes(report[variant])
    _print_outcome(report["json"], out)
    code = for_status(report["json"]["status"])
    if code is not ExitCode.COMPLETED:
        raise typer.Exit(code=int(code))


async def _run(
    file: Path,
    party: str,
    language: str,
    domain: str,
    pc: Path | None,
    references: list[Path],
    approve: ApprovalMode,
    llm: LLMChoice,
    workdir: Path | None,
) -> dict[str, Any]:
    from clauseflow_platform.settings import LLMSettings

    from clauseflow_cli.embedded import embedded_stack

    llm_url = LLMSettings().llm_base_url if llm is LLMChoice.EXTERNAL else None
    with tempfile.TemporaryDirectory(prefix="clauseflow-") as tmp:
        root = workdir or Path(tmp)
        async with (
            embedded_stack(root, llm_base_url=llm_url) as endpoints,
            # The upload is parsed in a reader process of this same machine: on a loaded one that took
            # longer than the client's usual 30 s (a ReadTimeout traceback at load 18, 2026-11-28).
            GatewayClient(endpoints.gateway_url, timeout_s=SUBMIT_TIMEOUT_S) as client,
        ):
            review_id = await client.submit(
                file,
                our_party=party,
                language=language,
                domain=domain,
                pc_file=pc,
                reference_files=references,
            )
            await _follow(client, review_id, approve)
            return {
                "json": await client.report(review_id, "json"),
                "md": await client.report(review_id, "md"),
                "redline": (await client.word(review_id, "redline"))[0],
                "clean": (await client.word(review_id, "clean"))[0],
            }


async def _follow(client: GatewayClient, review_id: str, approve: ApprovalMode) -> None:
    """Show progress until the review completes, deciding redlines as they await approval."""
    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        TextColumn("{task.completed}/{task.total} clauses"),
        TimeElapsedColumn(),
        console=console,
        transient=False,
    ) as progress:
        bar = progress.add_task("reviewing", total=None)
        while True:
            review = await client.review(review_id)
            clauses = review.get("clauses", [])
            settled = sum(1 for c in clauses if c.get("state") == "settled")
            progress.update(bar, total=len(clauses) or None, completed=settled, description=review["status"])
            if review["status"] in TERMINAL:
                return
            pending = await client.redlines(review_id, status="pending")
            if pending and approve is ApprovalMode.ASK:
                # The bar would overwrite the questions: pause it while the reviewer answers.
                progress.stop()
                await decide_pending(client, review_id, pending, approve, console)
                progress.start()
            elif pending:
                await decide_pending(client, review_id, pending, approve, console)
            await asyncio.sleep(0.3)


def _print_outcome(report: dict[str, Any], out: Path) -> None:
    failed = report.get("failed_clauses") or []
    if failed:
        console.print(
            f"[bold red]INCOMPLETE: {len(failed)} clause(s) were not reviewed[/bold red] — "
            f"{report.get('failure_reason', '')}"
        )
    risks = report.get("risks", [])
    by_level = {lvl: sum(1 for r in risks if r["risk_level"] == lvl) for lvl in ("high", "medium", "low")}
    approved = sum(1 for r in report.get("redlines", []) if r["status"] in {"approved", "edited"})
    console.print(
        f"[bold]{report['status']}[/bold]: {len(report.get('clauses', []))} clauses, "
        f"{len(risks)} risks (high {by_level['high']}, medium {by_level['medium']}, low {by_level['low']}), "
        f"{approved} redlines accepted → {out / 'report.md'} and the Word redline and clean copy"
    )
