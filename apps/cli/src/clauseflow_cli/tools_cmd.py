"""``clauseflow tools``: list the tool definitions a skills server advertises (its ListTools registry).

With ``--target HOST:PORT`` it asks a running skills server; without, it starts an embedded one on
a loopback port, asks it the same way, and stops it — so what is listed is always what a worker
would see over gRPC.
"""

from __future__ import annotations

import asyncio
import json
import re
import tempfile
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

console = Console(stderr=True)

TIMEOUT_S = 5.0
_TARGET = re.compile(r"^(?:\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]+):(\d{1,5})$")


class ToolsError(Exception):
    """The registry could not be read; the message says what to do."""


def check_target(target: str) -> str:
    """A HOST:PORT target, or a clear error."""
    value = target.strip()
    m = _TARGET.match(value)
    if not m or not 0 < int(m.group(1)) < 65536:
        raise typer.BadParameter(f"{target!r} is not HOST:PORT (e.g. 127.0.0.1:50051)")
    return value


async def list_tools(target: str, domain: str = "", category: str = "") -> list[dict[str, Any]]:
    """The tool definitions served by the skills server at ``target`` (ListTools over gRPC)."""
    import grpc
    from clauseflow_protos.skills.v1 import skills_pb2, skills_pb2_grpc

    async with grpc.aio.insecure_channel(target) as channel:
        stub = skills_pb2_grpc.SkillServiceStub(channel)
        try:
            answer = await stub.ListTools(
                skills_pb2.ListToolsRequest(domain=domain, category=category), timeout=TIMEOUT_S
            )
        except grpc.aio.AioRpcError as exc:
            raise ToolsError(
                f"cannot list the tools of the skills server at {target}: {exc.code().name} "
                f"({exc.details() or 'no details'}); is it running?"
            ) from None
    return [
        {
            "name": t.name,
            "description": t.description,
            "domain": t.domain,
            "category": t.category,
            "status": t.status,
            "version": t.version,
            "parameters": json.loads(t.parameters_json or "{}"),
        }
        for t in answer.tools
    ]


async def list_embedded(domain: str = "", category: str = "") -> list[dict[str, Any]]:
    """Start a skills server on a free loopback port, list its tools, stop it."""
    from clauseflow_skills.server import create_server
    from clauseflow_skills.settings import SkillsServerSettings

    with tempfile.TemporaryDirectory(prefix="clauseflow-tools-") as tmp:
        settings = SkillsServerSettings(document_store_dir=Path(tmp), skills_host="127.0.0.1")
        server, port = await create_server(settings, port=0)
        try:
            return await list_tools(f"127.0.0.1:{port}", domain, category)
        finally:
            await server.stop(None)


def _table(tools: list[dict[str, Any]]) -> Table:
    table = Table(title=f"{len(tools)} tools", show_lines=False)
    for column in ("name", "domain", "category", "version", "arguments", "description"):
        table.add_column(column, overflow="fold")
    for tool in tools:
        arguments = ", ".join(tool["parameters"].get("properties", {}))
        description = tool["description"]
        table.add_row(
            tool["name"],
            tool["domain"],
            tool["category"],
            tool["version"],
            arguments,
            description if len(description) <= 120 else description[:119] + "…",
        )
    return table


def tools(
    domain: str = typer.Option(
        "", "--domain", help="only tools for this domain (generic, fidic, sha_spa) and '*'"
    ),
    category: str = typer.Option("", "--category", help="only tools of this category"),
    target: str | None = typer.Option(
        None, "--target", help="HOST:PORT of a running skills server (default: start an embedded one)"
    ),
    as_json: bool = typer.Option(False, "--json", help="print the definitions as JSON"),
) -> None:
    """List the tools a skills server offers to the clause agent (its ListTools registry)."""
    from clauseflow_platform.logging import configure_logging

    # stdout carries the listing (JSON must stay parseable): logs go to stderr, warnings only.
    configure_logging("cli", level="WARNING", json=False)
    if target is not None:
        target = check_target(target)
    try:
        found = asyncio.run(
            list_tools(target, domain.strip(), category.strip())
            if target
            else list_embedded(domain.strip(), category.strip())
        )
    except ToolsError as exc:
        console.print(f"[red]{exc}[/red]")
        raise typer.Exit(code=2) from None
    if as_json:
        typer.echo(json.dumps(found, ensure_ascii=False, indent=2))
        return
    Console().print(_table(found))
