"""The shared skills client against real gRPC servers: registry, routing, failover, readable errors."""

from __future__ import annotations

import dataclasses
import json
import socket
import time
from pathlib import Path

import grpc
from clauseflow_platform.settings import SkillsClientSettings
from clauseflow_platform.skills_client import InvocationContext, SkillsClient
from clauseflow_skills.registry import SkillRegistry
from clauseflow_skills.server import create_server
from clauseflow_skills.settings import SkillsServerSettings
from clauseflow_skills.skill import SkillContext
from worker_fixtures import DOCUMENT_ID, ProbeInput, SleepOutput, probe_skills


def _context(clause_id: str = "1") -> InvocationContext:
    return InvocationContext(
        review_id="rev_test",
        primary_document_id=DOCUMENT_ID,
        clause_id=clause_id,
        our_party="Supplier",
        language="en",
        domain="generic",
    )


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def test_registry_lists_the_domain_tools_as_openai_definitions(skills: SkillsClient) -> None:
    tools = {t.name: t for t in await skills.tools_for("generic")}
    assert {"get_clause_context", "slow_probe"} <= set(tools)
    spec = tools["get_clause_context"].openai_tool
    assert spec["type"] == "function"
    assert spec["function"]["name"] == "get_clause_context"
    assert "clause_id" in spec["function"]["parameters"]["properties"]


async def test_invoke_returns_the_skill_result_json(skills: SkillsClient) -> None:
    outcome = await skills.invoke("get_clause_context", _context(), {"clause_id": "1"})
    assert outcome.ok, outcome.error
    assert json.loads(outcome.result_json)["title"] == "Liability"
    assert outcome.duration_ms > 0


async def test_unknown_skill_is_a_readable_not_found(skills: SkillsClient) -> None:
    outcome = await skills.invoke("no_such_tool", _context(), {})
    assert not outcome.ok
    assert outcome.error.startswith("NOT_FOUND")
    assert "no_such_tool" in outcome.error


async def test_bad_arguments_come_back_as_invalid_argument_naming_the_field(skills: SkillsClient) -> None:
    outcome = await skills.invoke("get_clause_context", _context(), {"clause_id": "1", "colour": "red"})
    assert not outcome.ok
    assert outcome.error.startswith("INVALID_ARGUMENT")
    assert "colour" in outcome.error


async def test_unknown_clause_is_not_found_with_the_servers_message(skills: SkillsClient) -> None:
    outcome = await skills.invoke("get_clause_context", _context(), {"clause_id": "99.9"})
    assert not outcome.ok
    assert outcome.error.startswith("NOT_FOUND")
    assert "99.9" in outcome.error


async def test_each_tool_is_routed_to_the_target_that_advertised_it(
    skills_target: str, store_dir: Path
) -> None:
    # A second server with a skill only it offers, and a dead target first in the list.
    remote = dataclasses.replace(probe_skills()[1], skill_id="remote_probe")
    settings = SkillsServerSettings(document_store_dir=store_dir, skills_host="127.0.0.1")
    second, port = await create_server(settings, port=0, registry=SkillRegistry([remote]))
    dead = f"127.0.0.1:{_closed_port()}"
    targets = f"{dead},{skills_target},127.0.0.1:{port}"
    client = SkillsClient(SkillsClientSettings(skills_targets=targets, skills_timeout_s=2))
    try:
        tools = {t.name: t for t in await client.tools_for("generic")}
        assert tools["remote_probe"].target == f"127.0.0.1:{port}"
        assert tools["get_clause_context"].target == skills_target
        remote_outcome = await client.invoke("remote_probe", _context(), {"clause_id": "1"})
        local_outcome = await client.invoke("get_clause_context", _context(), {"clause_id": "1"})
        assert remote_outcome.ok, remote_outcome.error
        assert local_outcome.ok, local_outcome.error
    finally:
        await client.close()
        await second.stop(grace=0)


async def test_an_unreachable_registry_gives_no_tools_and_a_readable_unavailable() -> None:
    client = SkillsClient(
        SkillsClientSettings(skills_targets=f"127.0.0.1:{_closed_port()}", skills_timeout_s=2)
    )
    try:
        assert await client.tools_for("generic") == []
        outcome = await client.invoke("get_clause_context", _context(), {"clause_id": "1"})
        assert not outcome.ok
        # Nobody advertised it because nobody could be asked: unavailable, not "no such skill".
        assert outcome.error.startswith("UNAVAILABLE") and "127.0.0.1" in outcome.error
    finally:
        await client.close()


async def test_registry_refreshes_when_a_target_starts_offering_a_tool(store_dir: Path) -> None:
    port = _closed_port()
    client = SkillsClient(SkillsClientSettings(skills_targets=f"127.0.0.1:{port}", skills_timeout_s=2))
    settings = SkillsServerSettings(document_store_dir=store_dir, skills_host="127.0.0.1")
    server = None
    try:
        assert await client.tools_for("generic") == []
        server, _ = await create_server(settings, port=port, registry=SkillRegistry(probe_skills()[1:2]))
        outcome = await client.invoke("big_probe", _context(), {"clause_id": "1"})
        assert outcome.ok, outcome.error
    finally:
        await client.close()
        if server is not None:
            await server.stop(grace=0)


async def test_a_target_that_went_away_is_retried_then_reported_as_unavailable(store_dir: Path) -> None:
    settings = SkillsServerSettings(document_store_dir=store_dir, skills_host="127.0.0.1")
    server, port = await create_server(settings, port=0, registry=SkillRegistry(probe_skills()[1:2]))
    client = SkillsClient(SkillsClientSettings(skills_targets=f"127.0.0.1:{port}", skills_timeout_s=2))
    try:
        assert [t.name for t in await client.tools_for("generic")] == ["big_probe"]
        await server.stop(grace=0)
        outcome = await client.invoke("big_probe", _context(), {"clause_id": "1"})
        assert not outcome.ok
        assert outcome.error.startswith("UNAVAILABLE: ")
        assert outcome.duration_ms >= 200  # at least one backoff happened before giving up
    finally:
        await client.close()


async def test_a_call_fails_over_to_another_target_offering_the_tool_when_its_own_went_away(
    store_dir: Path,
) -> None:
    settings = SkillsServerSettings(document_store_dir=store_dir, skills_host="127.0.0.1")
    first, first_port = await create_server(settings, port=0, registry=SkillRegistry(probe_skills()[1:2]))
    second, second_port = await create_server(settings, port=0, registry=SkillRegistry(probe_skills()[1:2]))
    targets = f"127.0.0.1:{first_port},127.0.0.1:{second_port}"
    client = SkillsClient(SkillsClientSettings(skills_targets=targets, skills_timeout_s=2))
    try:
        assert {t.target for t in await client.tools_for("generic")} == {f"127.0.0.1:{first_port}"}
        await first.stop(grace=0)
        outcome = await client.invoke("big_probe", _context(), {"clause_id": "1"})
        assert outcome.ok, outcome.error
    finally:
        await client.close()
        await second.stop(grace=0)


class _FirstCallStalls:
    """A skill whose first call takes longer than the caller's deadline and whose next ones do not."""

    def __init__(self, stall_s: float, calls_that_stall: int = 1) -> None:
        self.calls = 0
        self._stall_s = stall_s
        self._stalling = calls_that_stall

    def __call__(self, args: ProbeInput, ctx: SkillContext) -> SleepOutput:
        self.calls += 1
        started = time.monotonic()
        if self.calls <= self._stalling:
            time.sleep(self._stall_s)
        return SleepOutput(started=started, ended=time.monotonic())


async def _stalling_server(store_dir: Path, run: _FirstCallStalls) -> tuple[grpc.aio.Server, int]:
    skill = dataclasses.replace(probe_skills()[0], skill_id="stalling_probe", run=run, timeout_s=10.0)
    settings = SkillsServerSettings(document_store_dir=store_dir, skills_host="127.0.0.1")
    return await create_server(settings, port=0, registry=SkillRegistry([skill]))


async def test_a_call_that_missed_its_deadline_on_a_busy_moment_is_made_once_more(store_dir: Path) -> None:
    run = _FirstCallStalls(stall_s=1.5)
    server, port = await _stalling_server(store_dir, run)
    client = SkillsClient(SkillsClientSettings(skills_targets=f"127.0.0.1:{port}", skills_timeout_s=1))
    try:
        outcome = await client.invoke("stalling_probe", _context(), {"clause_id": "1"})
        assert outcome.ok, outcome.error
        assert run.calls == 2
    finally:
        await client.close()
        await server.stop(grace=0)


async def test_a_skill_that_keeps_missing_its_deadline_is_reported_after_the_second_try(
    store_dir: Path,
) -> None:
    run = _FirstCallStalls(stall_s=1.5, calls_that_stall=5)
    server, port = await _stalling_server(store_dir, run)
    client = SkillsClient(SkillsClientSettings(skills_targets=f"127.0.0.1:{port}", skills_timeout_s=1))
    try:
        outcome = await client.invoke("stalling_probe", _context(), {"clause_id": "1"})
        assert not outcome.ok
        assert outcome.error.startswith("DEADLINE_EXCEEDED")
        assert run.calls == 2
    finally:
        await client.close()
        await server.stop(grace=0)
