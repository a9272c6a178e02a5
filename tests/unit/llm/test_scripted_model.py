"""The scripted model itself: routing of turns, per-conversation mode, /v1/models, the process mode."""

from __future__ import annotations

import asyncio
import json
import signal
import subprocess
import sys
from pathlib import Path

import openai
import pytest
from clauseflow_contracts.prompts.clause_review import build_react_messages
from clauseflow_platform.llm import LLMClient, LLMRequestRejected, LLMUnavailable
from clauseflow_testkit.scripted_model import ScriptedModel
from clauseflow_testkit.scripted_turns import Script, Turn, call


def _review_messages(clause_id: str) -> list[dict[str, object]]:
    return build_react_messages(
        language="en",
        our_party="Contractor",
        clause_id=clause_id,
        clause_name="Clause",
        clause_text="The Contractor shall ...",
        domain="generic",
    )


async def test_models_endpoint_lists_the_scripted_model() -> None:
    async with ScriptedModel() as model:
        sdk = openai.AsyncOpenAI(base_url=model.base_url, api_key="x", max_retries=0)
        try:
            page = await sdk.models.list()
        finally:
            await sdk.close()
    assert [m.id for m in page.data] == ["clauseflow-scripted"]


async def test_an_exhausted_script_answers_with_a_clear_client_error() -> None:
    async with ScriptedModel([Turn.text("one")]) as model:
        client = LLMClient(model.settings())
        try:
            await client.chat([{"role": "user", "content": "a"}])
            with pytest.raises(LLMRequestRejected, match="script is exhausted after 1 request"):
                await client.chat([{"role": "user", "content": "b"}])
        finally:
            await client.close()


async def test_a_model_built_not_to_record_counts_requests_but_keeps_no_bodies() -> None:
    async with ScriptedModel(forever=Turn.text("[]"), record_requests=False) as model:
        client = LLMClient(model.settings())
        try:
            for text in ("a", "b", "c"):
                await client.chat([{"role": "user", "content": text}])
        finally:
            await client.close()
    assert model.received == 3
    assert model.requests == []


async def test_a_recording_model_keeps_every_body_in_arrival_order() -> None:
    async with ScriptedModel(forever=Turn.text("[]")) as model:
        client = LLMClient(model.settings())
        try:
            for text in ("a", "b"):
                await client.chat([{"role": "user", "content": text}])
        finally:
            await client.close()
    assert model.received == 2
    assert [m["messages"][0]["content"] for m in model.requests] == ["a", "b"]


async def test_turns_with_a_match_go_to_the_matching_conversation() -> None:
    turns = [
        Turn.text('["for 2.1"]', match={"clause_id": "2.1"}),
        Turn.text('["for 1.1"]', match={"clause_id": "1.1", "kind": "clause_review"}),
    ]
    async with ScriptedModel(turns) as model:
        client = LLMClient(model.settings())
        try:
            first = await client.chat(_review_messages("1.1"))
            second = await client.chat(_review_messages("2.1"))
        finally:
            await client.close()
    assert first.text == '["for 1.1"]'
    assert second.text == '["for 2.1"]'


async def test_per_conversation_mode_serves_concurrent_conversations_by_their_progress() -> None:
    conversation = [
        Turn.tool_calls(call("get_clause_context", {"clause_id": "{clause_id}"})),
        Turn.text("[]"),
    ]
    async with ScriptedModel(per_conversation={"clause_review": conversation}) as model:
        client = LLMClient(model.settings())

        async def review(clause_id: str) -> tuple[dict[str, object], str]:
            messages = _review_messages(clause_id)
            first = await client.chat_with_tools(messages, [])
            messages.append(first.assistant_message)
            messages.append({"role": "tool", "tool_call_id": first.tool_calls[0].id, "content": "{}"})
            final = await client.chat_with_tools(messages, [])
            return first.tool_calls[0].arguments, final.content

        try:
            results = await asyncio.gather(*(review(f"{i}.1") for i in range(5)))
        finally:
            await client.close()
    assert results == [({"clause_id": f"{i}.1"}, "[]") for i in range(5)]
    assert len(model.requests) == 10


async def test_stopping_releases_a_hanging_request() -> None:
    model = ScriptedModel([Turn.hang()])
    await model.start()
    client = LLMClient(model.settings(llm_timeout_s=30, llm_max_retries=0))
    pending = asyncio.create_task(client.chat([{"role": "user", "content": "a"}]))
    for _ in range(500):
        if model.requests:
            break
        await asyncio.sleep(0.01)
    await asyncio.wait_for(model.stop(), timeout=5)
    # Released as a 503 (or a dropped connection): either way the client reports it unavailable.
    with pytest.raises(LLMUnavailable):
        await asyncio.wait_for(pending, timeout=5)
    await client.close()


def test_a_script_file_round_trips() -> None:
    script = Script(
        latency_s=0.3,
        turns=[Turn.http_status(429, retry_after=1), Turn.malformed_json()],
        forever=Turn.tool_calls(call("x", raw_arguments="{bad")),
    )
    again = Script.model_validate_json(script.model_dump_json())
    assert again == script
    assert again.turns[0].headers == {"Retry-After": "1"}


async def test_runs_as_a_separate_process_from_a_script_file(tmp_path: Path) -> None:
    script_file = tmp_path / "script.json"
    port_file = tmp_path / "port"
    script = Script(turns=[Turn.text("from the process")])
    script_file.write_text(script.model_dump_json(), encoding="utf-8")
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "clauseflow_testkit.scripted_model",
        "--script",
        str(script_file),
        "--port-file",
        str(port_file),
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.DEVNULL,
    )
    try:
        for _ in range(400):
            if port_file.exists() and port_file.read_text():
                break
            assert proc.returncode is None, "the scripted model process exited early"
            await asyncio.sleep(0.05)
        port = int(port_file.read_text())
        sdk = openai.AsyncOpenAI(base_url=f"http://127.0.0.1:{port}/v1", api_key="x", max_retries=0)
        try:
            completion = await sdk.chat.completions.create(
                model="any", messages=[{"role": "user", "content": "hi"}]
            )
        finally:
            await sdk.close()
        assert completion.choices[0].message.content == "from the process"
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            await asyncio.wait_for(proc.wait(), timeout=10)
        except TimeoutError:
            proc.kill()
            await proc.wait()


def test_a_bad_script_file_exits_with_status_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"turns": [{"type": "sing"}]}), encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-m", "clauseflow_testkit.scripted_model", "--script", str(bad)],
        capture_output=True,
        timeout=60,
    )
    assert proc.returncode == 2
    assert b"bad_script" in proc.stderr


async def test_invalid_requests_are_refused_with_a_readable_400() -> None:
    async with ScriptedModel([Turn.text("unused")]) as model:
        sdk = openai.AsyncOpenAI(base_url=model.base_url, api_key="x", max_retries=0)
        try:
            with pytest.raises(openai.BadRequestError, match="must be an object with a 'role'"):
                await sdk.chat.completions.create(model="m", messages=["not a message"])  # type: ignore[list-item]
        finally:
            await sdk.close()
        assert model.remaining == 1
