"""``clauseflow tools``: the registry of a skills server, listed over real gRPC."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest
import typer
from clauseflow_cli.tools_cmd import ToolsError, list_tools, tools
from clauseflow_skills.server import create_server
from clauseflow_skills.settings import SkillsServerSettings
from typer.testing import CliRunner


def _app() -> typer.Typer:
    app = typer.Typer()
    app.command("tools")(tools)
    app.command("other")(lambda: None)  # a second command keeps "tools" a sub-command
    return app


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def test_list_tools_reads_a_running_server_filtered_by_domain(tmp_path: Path) -> None:
    server, port = await create_server(SkillsServerSettings(document_store_dir=tmp_path), port=0)
    try:
        fidic = await list_tools(f"127.0.0.1:{port}", "fidic")
        generic = await list_tools(f"127.0.0.1:{port}", "generic")
    finally:
        await server.stop(None)
    fidic_names = {t["name"] for t in fidic}
    assert {
        "fidic_merge_gc_pc",
        "fidic_check_pc_consistency",
        "fidic_search_er",
        "compare_with_baseline",
    } <= fidic_names
    assert not fidic_names & {"sha_governance_check", "spa_extract_conditions"}
    assert {t["domain"] for t in generic} == {"*"}
    tool = next(t for t in fidic if t["name"] == "draft_redline")
    assert tool["parameters"]["additionalProperties"] is False
    assert "risk_type" in tool["parameters"]["required"]


async def test_unreachable_server_is_a_clear_error() -> None:
    with pytest.raises(ToolsError, match=r"cannot list the tools of the skills server at 127\.0\.0\.1:"):
        await list_tools(f"127.0.0.1:{_free_port()}")


def test_command_lists_an_embedded_server_as_json() -> None:
    result = CliRunner().invoke(_app(), ["tools", "--domain", "sha_spa", "--json"])
    assert result.exit_code == 0, result.output
    names = [t["name"] for t in json.loads(result.stdout)]
    assert "sha_governance_check" in names and "fidic_search_er" not in names


def test_command_prints_a_table() -> None:
    result = CliRunner().invoke(_app(), ["tools", "--category", "drafting"])
    assert result.exit_code == 0, result.output
    assert "draft_redline" in result.stdout and "1 tools" in result.stdout


def test_command_rejects_a_bad_target_and_reports_an_unreachable_one() -> None:
    bad = CliRunner().invoke(_app(), ["tools", "--target", "no-port"])
    assert bad.exit_code == 2 and "HOST:PORT" in bad.output
    down = CliRunner().invoke(_app(), ["tools", "--target", f"127.0.0.1:{_free_port()}"])
    assert down.exit_code == 2
    assert "is it running?" in down.output
