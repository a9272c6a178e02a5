"""How the LLM client reads the answers it parses itself: odd valid shapes, and non-completions."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from typing import Any

import pytest
import uvicorn
from clauseflow_contracts.llm_errors import LLMBadAnswer
from clauseflow_platform.llm import LLMClient
from clauseflow_platform.net import listening_socket
from clauseflow_platform.settings import LLMSettings


@contextlib.asynccontextmanager
async def raw_endpoint(body: bytes) -> AsyncIterator[LLMClient]:
    """An HTTP server answering every chat completion with ``body`` (200), and a client for it."""
    requests: list[bytes] = []

    async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            return
        chunks = []
        while True:
            message = await receive()
            chunks.append(message.get("body", b""))
            if not message.get("more_body"):
                break
        requests.append(b"".join(chunks))
        headers = [(b"content-type", b"application/json")]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    sock = listening_socket()
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off"))
    task = asyncio.create_task(server.serve(sockets=[sock]))
    while not server.started:  # noqa: ASYNC110 - uvicorn offers no event to wait on
        await asyncio.sleep(0.01)
    url = f"http://127.0.0.1:{sock.getsockname()[1]}/v1"
    client = LLMClient(LLMSettings(llm_base_url=url, llm_api_key="k", llm_max_retries=0, llm_timeout_s=5))
    try:
        yield client
    finally:
        await client.close()
        server.should_exit = True
        await task
        sock.close()


def _completion(message: dict[str, Any]) -> bytes:
    return json.dumps(
        {
            "id": "c1",
            "object": "chat.completion",
            "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": 7, "completion_tokens": 3, "total_tokens": 10},
        }
    ).encode()


async def test_a_body_that_is_not_json_is_a_bad_answer() -> None:
    async with raw_endpoint(b"<html>oops</html>") as client:
        with pytest.raises(LLMBadAnswer, match="not JSON"):
            await client.chat([{"role": "user", "content": "hi"}])


async def test_a_json_body_without_choices_is_a_bad_answer() -> None:
    async with raw_endpoint(b'{"object": "chat.completion", "choices": []}') as client:
        with pytest.raises(LLMBadAnswer, match="no choices"):
            await client.chat([{"role": "user", "content": "hi"}])


async def test_content_given_as_parts_is_read_as_text() -> None:
    parts = [{"type": "text", "text": "[]"}, {"type": "text", "text": " "}]
    message = {"role": "assistant", "content": parts}
    async with raw_endpoint(_completion(message)) as client:
        answer = await client.chat([{"role": "user", "content": "hi"}])
    assert answer.text == "[] "
    assert (answer.usage.prompt_tokens, answer.usage.completion_tokens, answer.usage.calls) == (7, 3, 1)


async def test_tool_arguments_sent_as_an_object_are_kept_as_json_text() -> None:
    message = {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {
                "id": "call_1",
                "type": "function",
                "function": {"name": "lookup", "arguments": {"term": "Fees"}},
            }
        ],
    }
    async with raw_endpoint(_completion(message)) as client:
        turn = await client.chat_with_tools([{"role": "user", "content": "hi"}], [])
    [call] = turn.tool_calls
    assert call.arguments == {"term": "Fees"} and json.loads(call.raw_arguments) == {"term": "Fees"}
    assert turn.assistant_message["tool_calls"][0]["function"]["arguments"] == call.raw_arguments
