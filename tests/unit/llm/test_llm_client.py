"""LLMClient against the scripted model over real HTTP, through the real openai SDK."""

from __future__ import annotations

import asyncio
import socket
import struct
import time

import pytest
import structlog.testing
from clauseflow_contracts.review import LLMUsage
from clauseflow_platform.llm import (
    LLMClient,
    LLMRequestRejected,
    LLMUnavailable,
    UsageMeter,
)
from clauseflow_testkit.scripted_model import ScriptedModel
from clauseflow_testkit.scripted_turns import Turn, call

MESSAGES = [{"role": "system", "content": "test"}, {"role": "user", "content": "hello"}]
TOOLS = [
    {
        "type": "function",
        "function": {
            "name": "get_clause_context",
            "description": "Context of a clause",
            "parameters": {"type": "object", "properties": {"clause_id": {"type": "string"}}},
        },
    }
]


def _client(model: ScriptedModel, **overrides: object) -> LLMClient:
    # Tiny backoff so retry tests measure the server's Retry-After, not our own waits.
    return LLMClient(model.settings(**overrides), backoff_base_s=0.01, backoff_max_s=2.0)


async def test_chat_returns_the_text_and_its_usage() -> None:
    turn = Turn.text("[]", usage={"prompt_tokens": 120, "completion_tokens": 7})
    async with ScriptedModel([turn]) as model:
        client = _client(model)
        try:
            answer = await client.chat(MESSAGES)
        finally:
            await client.close()
    assert answer.text == "[]"
    assert answer.usage == LLMUsage(calls=1, prompt_tokens=120, completion_tokens=7)
    assert answer.finish_reason == "stop"


async def test_request_carries_model_messages_temperature_and_json_format() -> None:
    async with ScriptedModel([Turn.text("{}")]) as model:
        client = _client(model, llm_model="my-model")
        try:
            await client.chat(MESSAGES, temperature=0.3, response_json=True)
        finally:
            await client.close()
        body = model.requests[0]
    assert body["model"] == "my-model"
    assert body["messages"] == MESSAGES
    assert body["temperature"] == 0.3
    assert body["response_format"] == {"type": "json_object"}


async def test_429_is_retried_after_the_retry_after_delay_then_succeeds() -> None:
    async with ScriptedModel([Turn.http_status(429, retry_after=0.4), Turn.text("ok")]) as model:
        client = _client(model)
        started = time.monotonic()
        try:
            answer = await client.chat(MESSAGES)
        finally:
            await client.close()
        elapsed = time.monotonic() - started
        assert len(model.requests) == 2
    assert answer.text == "ok"
    assert elapsed >= 0.4


async def test_retry_after_ms_header_is_honoured() -> None:
    async with ScriptedModel([Turn.http_status(429, retry_after_ms=300), Turn.text("ok")]) as model:
        client = _client(model)
        started = time.monotonic()
        try:
            answer = await client.chat(MESSAGES)
        finally:
            await client.close()
        elapsed = time.monotonic() - started
    assert answer.text == "ok"
    assert 0.3 <= elapsed < 2.0


async def test_server_error_is_retried_then_succeeds() -> None:
    async with ScriptedModel([Turn.http_status(500), Turn.http_status(503), Turn.text("ok")]) as model:
        client = _client(model, llm_max_retries=2)
        try:
            answer = await client.chat(MESSAGES)
        finally:
            await client.close()
        assert len(model.requests) == 3
    assert answer.text == "ok"
    assert answer.usage.calls == 1


async def test_persistent_server_errors_raise_llm_unavailable_after_the_retries() -> None:
    async with ScriptedModel(forever=Turn.http_status(500, message="boom")) as model:
        client = _client(model, llm_max_retries=2)
        try:
            with pytest.raises(LLMUnavailable, match=r"after 3 attempt\(s\).*HTTP 500.*boom"):
                await client.chat(MESSAGES)
        finally:
            await client.close()
        assert len(model.requests) == 3


async def test_a_hanging_endpoint_times_out_as_llm_unavailable() -> None:
    async with ScriptedModel([Turn.hang(), Turn.hang()]) as model:
        client = _client(model, llm_timeout_s=0.3, llm_max_retries=1)
        started = time.monotonic()
        try:
            with pytest.raises(LLMUnavailable, match=r"no answer within 0\.3s"):
                await client.chat(MESSAGES)
        finally:
            await client.close()
        elapsed = time.monotonic() - started
        assert len(model.requests) == 2
    assert elapsed < 3.0


async def test_a_deadline_bounds_the_whole_call_whatever_the_timeout_and_retries() -> None:
    async with ScriptedModel(forever=Turn.hang()) as model:
        client = _client(model, llm_timeout_s=5.0, llm_max_retries=3)
        started = time.monotonic()
        try:
            with pytest.raises(LLMUnavailable):
                await client.chat(MESSAGES, deadline_s=0.5)
        finally:
            await client.close()
        elapsed = time.monotonic() - started
    # Without the deadline: 4 attempts of 5 s each. The slack is for a loaded machine.
    assert 0.5 <= elapsed < 3.0


async def test_no_retry_is_waited_for_when_it_would_start_past_the_deadline() -> None:
    async with ScriptedModel([Turn.http_status(429, retry_after=5), Turn.text("too late")]) as model:
        client = _client(model)
        started = time.monotonic()
        try:
            with pytest.raises(LLMUnavailable, match="HTTP 429"):
                await client.chat(MESSAGES, deadline_s=1.0)
        finally:
            await client.close()
        elapsed = time.monotonic() - started
        assert len(model.requests) == 1
    assert elapsed < 1.0


async def test_a_slow_answer_within_the_timeout_is_accepted() -> None:
    async with ScriptedModel([Turn.text("late but fine", delay_s=0.2)]) as model:
        client = _client(model, llm_timeout_s=2.0)
        try:
            answer = await client.chat(MESSAGES)
        finally:
            await client.close()
    assert answer.text == "late but fine"


async def test_client_errors_other_than_429_are_not_retried() -> None:
    turns = [Turn.http_status(400, message="context too long"), Turn.text("never")]
    async with ScriptedModel(turns) as model:
        client = _client(model, llm_max_retries=3)
        try:
            with pytest.raises(LLMRequestRejected, match=r"HTTP 400.*context too long") as info:
                await client.chat(MESSAGES)
        finally:
            await client.close()
        assert len(model.requests) == 1
    assert info.value.status_code == 400


async def test_an_unreachable_endpoint_raises_llm_unavailable() -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    # Nothing listens on the port any more.
    from clauseflow_platform.settings import LLMSettings

    settings = LLMSettings(llm_base_url=f"http://127.0.0.1:{port}/v1", llm_max_retries=1, llm_timeout_s=2)
    client = LLMClient(settings, backoff_base_s=0.01)
    try:
        with pytest.raises(LLMUnavailable, match="connection failed"):
            await client.chat(MESSAGES)
    finally:
        await client.close()


async def test_chat_with_tools_returns_parsed_tool_calls_and_the_assistant_message() -> None:
    turn = Turn.tool_calls(
        call("get_clause_context", {"clause_id": "4.1"}, id="call_a"),
        call("compare_with_baseline", {"clause_id": "4.1"}, id="call_b"),
    )
    async with ScriptedModel([turn]) as model:
        client = _client(model)
        try:
            result = await client.chat_with_tools(MESSAGES, TOOLS)
        finally:
            await client.close()
        body = model.requests[0]
    assert body["tools"] == TOOLS
    assert body["tool_choice"] == "auto"
    assert [(c.id, c.name, c.arguments, c.arguments_error) for c in result.tool_calls] == [
        ("call_a", "get_clause_context", {"clause_id": "4.1"}, None),
        ("call_b", "compare_with_baseline", {"clause_id": "4.1"}, None),
    ]
    assert result.finish_reason == "tool_calls"
    assert result.assistant_message["role"] == "assistant"
    assert [c["id"] for c in result.assistant_message["tool_calls"]] == ["call_a", "call_b"]
    assert result.assistant_message["tool_calls"][0]["function"]["arguments"] == '{"clause_id": "4.1"}'


async def test_final_text_turn_has_no_tool_calls() -> None:
    async with ScriptedModel([Turn.text('[{"risk_level": "high"}]')]) as model:
        client = _client(model)
        try:
            result = await client.chat_with_tools(MESSAGES, TOOLS)
        finally:
            await client.close()
    assert result.tool_calls == []
    assert result.content == '[{"risk_level": "high"}]'
    assert result.assistant_message == {"role": "assistant", "content": '[{"risk_level": "high"}]'}


async def test_malformed_tool_arguments_become_empty_arguments_with_an_error() -> None:
    turn = Turn.tool_calls(
        call("get_clause_context", raw_arguments='{"clause_id": "4.1"', id="c1"),
        call("extract_financial_terms", raw_arguments='["4.1"]', id="c2"),
        call("cross_reference_check", raw_arguments="", id="c3"),
    )
    async with ScriptedModel([turn]) as model:
        client = _client(model)
        try:
            result = await client.chat_with_tools(MESSAGES, TOOLS)
        finally:
            await client.close()
    bad_json, not_object, empty = result.tool_calls
    assert bad_json.arguments == {}
    assert bad_json.raw_arguments == '{"clause_id": "4.1"'
    assert bad_json.arguments_error is not None and "not valid JSON" in bad_json.arguments_error
    assert not_object.arguments == {}
    assert not_object.arguments_error == "tool arguments must be a JSON object, got list"
    assert empty.arguments == {} and empty.arguments_error is None
    assert result.assistant_message["tool_calls"][2]["function"]["arguments"] == "{}"


async def test_tool_calls_without_ids_get_generated_unique_ids() -> None:
    turn = Turn.tool_calls(call("get_clause_context", omit_id=True), call("get_clause_context", omit_id=True))
    async with ScriptedModel([turn]) as model:
        client = _client(model)
        try:
            result = await client.chat_with_tools(MESSAGES, TOOLS)
        finally:
            await client.close()
    ids = [c.id for c in result.tool_calls]
    assert all(i.startswith("call_") for i in ids)
    assert len(set(ids)) == 2
    assert [c["id"] for c in result.assistant_message["tool_calls"]] == ids


async def test_calls_to_unknown_tools_are_reported_as_asked() -> None:
    async with ScriptedModel([Turn.tool_calls(call("delete_all_contracts", {"now": True}))]) as model:
        client = _client(model)
        try:
            result = await client.chat_with_tools(MESSAGES, TOOLS)
        finally:
            await client.close()
    # The client does not judge tool names; the agent answers unknown tools with an ERROR tool message.
    assert result.tool_calls[0].name == "delete_all_contracts"
    assert result.tool_calls[0].arguments == {"now": True}


async def test_tools_forever_mode_answers_every_turn_with_tool_calls() -> None:
    forever = Turn.tool_calls(call("get_clause_context", {"clause_id": "{clause_id}"}))
    async with ScriptedModel(forever=forever) as model:
        client = _client(model)
        messages = list(MESSAGES)
        try:
            for _ in range(4):
                turn = await client.chat_with_tools(messages, TOOLS)
                assert len(turn.tool_calls) == 1
                messages.append(turn.assistant_message)
                messages.append({"role": "tool", "tool_call_id": turn.tool_calls[0].id, "content": "{}"})
        finally:
            await client.close()
        assert len(model.requests) == 4
        # The transcript grows as the loop feeds results back.
        assert len(model.messages_of(3)) == len(MESSAGES) + 6


async def test_usage_is_accumulated_per_meter() -> None:
    turns = [
        Turn.text("a", usage={"prompt_tokens": 10, "completion_tokens": 1}),
        Turn.text("b", usage={"prompt_tokens": 20, "completion_tokens": 2}),
        Turn.text("c", usage={"prompt_tokens": 40, "completion_tokens": 4}),
    ]
    async with ScriptedModel(turns) as model:
        client = _client(model)
        review, task = UsageMeter(), UsageMeter()
        try:
            with review.track():
                await client.chat(MESSAGES)
                with task.track():
                    await client.chat(MESSAGES)
            outside = await client.chat(MESSAGES)
        finally:
            await client.close()
    assert review.total == LLMUsage(calls=2, prompt_tokens=30, completion_tokens=3)
    assert task.total == LLMUsage(calls=1, prompt_tokens=20, completion_tokens=2)
    review.add(outside.usage)
    assert review.total == LLMUsage(calls=3, prompt_tokens=70, completion_tokens=7)


async def test_usage_is_estimated_when_the_script_gives_none() -> None:
    async with ScriptedModel([Turn.text("[]")]) as model:
        client = _client(model)
        try:
            answer = await client.chat(MESSAGES)
        finally:
            await client.close()
    assert answer.usage.calls == 1
    assert answer.usage.prompt_tokens > 0 and answer.usage.completion_tokens > 0


def test_backoff_grows_exponentially_with_jitter_and_is_capped() -> None:
    from clauseflow_platform.settings import LLMSettings

    client = LLMClient(LLMSettings(), backoff_base_s=1.0, backoff_max_s=5.0)
    for attempt, ceiling in [(0, 1.0), (1, 2.0), (2, 4.0), (3, 5.0), (8, 5.0)]:
        delays = [client._backoff(attempt, None) for _ in range(50)]
        assert all(ceiling / 2 <= d <= ceiling for d in delays)
    assert client._backoff(0, 3.0) == 3.0
    assert client._backoff(0, 120.0) == 5.0


class ResetFirstConnection:
    """A TCP front for the model that resets its first connection before answering, then relays.

    The first connection plays a pooled keep-alive connection the server closed while it was idle.
    """

    def __init__(self, upstream_port: int) -> None:
        self.upstream_port = upstream_port
        self.connections = 0
        self.server: asyncio.Server | None = None

    async def __aenter__(self) -> int:
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        return int(self.server.sockets[0].getsockname()[1])

    async def __aexit__(self, *exc: object) -> None:
        assert self.server is not None
        self.server.close()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        if self.connections == 1:
            await reader.read(1)
            sock = writer.get_extra_info("socket")
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            writer.transport.abort()  # RST, not FIN: "connection reset by peer"
            return
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.upstream_port)

        async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            while data := await src.read(65536):
                dst.write(data)
                await dst.drain()
            dst.close()

        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer), return_exceptions=True)


async def test_a_connection_reset_by_the_server_is_retried_at_once_not_after_a_backoff() -> None:
    async with ScriptedModel([Turn.text("[]")]) as model:
        upstream = int(model.base_url.split(":")[-1].split("/")[0])
        front = ResetFirstConnection(upstream)
        async with front as port:
            settings = model.settings(llm_base_url=f"http://127.0.0.1:{port}/v1", llm_max_retries=2)
            # A backoff this long would show in the retry's delay; a stale connection must not wait.
            client = LLMClient(settings, backoff_base_s=30.0)
            try:
                with structlog.testing.capture_logs() as logs:
                    answer = await asyncio.wait_for(client.chat(MESSAGES), timeout=20)
            finally:
                await client.close()
    assert answer.text == "[]"
    assert front.connections == 2
    retries = [entry for entry in logs if entry["event"] == "llm.retry"]
    assert [r["delay_s"] for r in retries] == [0.0], retries
    assert "reset" in retries[0]["reason"].lower()
