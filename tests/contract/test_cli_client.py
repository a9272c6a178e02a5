"""The CLI as a new user meets it: finding the gateway `clauseflow up` started, a clear line when none
answers, and answering redlines one by one (skip now, decide later) — against a real gateway over HTTP.
"""

from __future__ import annotations

import asyncio
import io
import os
from pathlib import Path

import pytest
from clauseflow_cli.approvals import ApprovalMode, decide_pending
from clauseflow_cli.client import GatewayClient
from clauseflow_cli.main import app
from clauseflow_cli.stack_state import StackState, write_state
from clauseflow_cli.up_cmd import stack_layout
from gateway_api_support import Gateway, review_with_pending_redlines, running_gateway, submit_text
from rich.console import Console
from typer.testing import CliRunner


@pytest.fixture(autouse=True)
def private_state_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test has its own state directory and no gateway settings from the environment."""
    state = tmp_path / "state"
    monkeypatch.setenv("CLAUSEFLOW_STATE_DIR", str(state))
    for name in ("CLAUSEFLOW_GATEWAY_URL", "GATEWAY_PORT", "LLM_BASE_URL"):
        monkeypatch.delenv(name, raising=False)
    return state


def run_cli(*args: str) -> tuple[int, str]:
    """Run ``clauseflow ARGS`` in a worker thread (the test's event loop serves the gateway)."""
    result = CliRunner().invoke(app, list(args), catch_exceptions=True)
    output = result.output
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        output += f"\n{type(result.exception).__name__}: {result.exception}"
    return result.exit_code, output


def use_key_of(gw: Gateway, monkeypatch: pytest.MonkeyPatch) -> None:
    """The CLI sends the harness's key, as it would send the one ``clauseflow up`` stored."""
    monkeypatch.setenv("CLAUSEFLOW_API_KEY", gw.http.headers["Authorization"].removeprefix("Bearer "))


async def test_client_commands_find_the_gateway_that_up_started(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with running_gateway(tmp_path) as gw:
        use_key_of(gw, monkeypatch)
        review_id = (await submit_text(gw))["id"]
        write_state(StackState(gateway_url=str(gw.http.base_url).rstrip("/"), pid=os.getpid()))
        code, output = await asyncio.to_thread(run_cli, "status", review_id)
        assert code == 0, output
        assert review_id in output and "received" in output


async def test_no_gateway_is_one_clear_line_and_exit_2() -> None:
    code, output = await asyncio.to_thread(run_cli, "status", "rev_x", "--gateway", "http://127.0.0.1:9")
    assert code == 2
    assert "no gateway answers at http://127.0.0.1:9" in output and "clauseflow up" in output
    assert "Traceback" not in output and "Error:" not in output
    assert len(output.strip().splitlines()) <= 2


def test_a_stale_state_file_is_ignored_and_gateway_port_is_honoured(monkeypatch: pytest.MonkeyPatch) -> None:
    from clauseflow_cli.stack_state import gateway_url

    write_state(StackState(gateway_url="http://127.0.0.1:1234", pid=2**22 + 12345))  # no such process
    monkeypatch.setenv("GATEWAY_PORT", "8123")
    assert gateway_url(None) == "http://127.0.0.1:8123"
    assert gateway_url("http://gw:9000") == "http://gw:9000"


def test_up_uses_gateway_port_and_the_llm_endpoint_from_the_environment(tmp_path: Path) -> None:
    env = {"LLM_BASE_URL": "http://127.0.0.1:11434/v1", "LLM_MODEL": "qwen2.5"}
    layout = stack_layout(tmp_path, 1, 4, 8765, "127.0.0.1:9092", environ=env)
    assert layout.gateway_url == "http://127.0.0.1:8765"
    assert layout.model_url == "http://127.0.0.1:11434/v1"
    assert stack_layout(tmp_path, 1, 4, 0, "k:9092", environ={}).llm_base_url is None


async def test_a_redline_skipped_in_ask_mode_can_be_decided_later(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with running_gateway(tmp_path) as gw:
        review_id, _ = await review_with_pending_redlines(gw)
        console = Console(file=io.StringIO(), force_terminal=False)
        key = gw.http.headers["Authorization"].removeprefix("Bearer ")
        async with GatewayClient(str(gw.http.base_url), api_key=key) as client:
            # Round 1: skip the first redline, approve the second.
            monkeypatch.setattr("sys.stdin", io.StringIO("s\na\n"))
            pending = await client.redlines(review_id, status="pending")
            skipped, approved = pending[0]["id"], pending[1]["id"]
            await decide_pending(client, review_id, pending, ApprovalMode.ASK, console)
            # Round 2: the skipped redline comes back first; approve it now.
            monkeypatch.setattr("sys.stdin", io.StringIO("a\n"))
            pending = await client.redlines(review_id, status="pending")
            assert [r["id"] for r in pending] == [skipped]
            await decide_pending(client, review_id, pending, ApprovalMode.ASK, console)
            statuses = {r["id"]: r["status"] for r in await client.redlines(review_id)}
        assert statuses == {skipped: "approved", approved: "approved"}
        assert gw.count_rows("decision_requests") == 2
