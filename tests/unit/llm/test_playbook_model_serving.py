"""The playbook model's serving layer: TCP_NODELAY on accepted connections, the lean chat route's edges."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator

import clauseflow_playbook_model.app as playbook_app
import httpx
import pytest
from clauseflow_platform.llm import LLMClient
from clauseflow_platform.net import listening_socket
from clauseflow_platform.settings import LLMSettings
from clauseflow_playbook_model.main import serve_in_background


@pytest.fixture
async def model_url() -> AsyncIterator[str]:
    base_url, stop = await serve_in_background(port=0)
    try:
        yield base_url
    finally:
        await stop()


async def test_connections_accepted_on_the_listening_socket_have_nagle_off() -> None:
    # With Nagle on, uvicorn's separate head and body writes wait ~40 ms for a delayed ACK.
    sock = listening_socket()
    flags: list[int] = []
    accepted = asyncio.Event()

    async def on_connect(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = writer.get_extra_info("socket")
        flags.append(conn.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
        accepted.set()
        writer.close()

    server = await asyncio.start_server(on_connect, sock=sock)
    try:
        _, writer = await asyncio.open_connection(*sock.getsockname())
        await asyncio.wait_for(accepted.wait(), 5)
        writer.close()
    finally:
        server.close()
        await server.wait_closed()
    assert flags and flags[0] != 0


async def test_the_llm_client_gets_a_completion_with_tool_calls_from_the_model(model_url: str) -> None:
    client = LLMClient(LLMSettings(llm_base_url=model_url, llm_api_key="offline", llm_max_retries=0))
    try:
        answer = await client.chat(
            [
                {"role": "system", "content": "[clauseflow task=review_summary lang=en]\nSummarise."},
                {"role": "user", "content": 'Metadata: {"review_id": "rev_1"}\nNo risks were found.'},
            ]
        )
    finally:
        await client.close()
    assert answer.text and answer.usage.calls == 1 and answer.usage.prompt_tokens > 0


async def test_an_oversized_body_gets_a_413_with_an_openai_error(
    model_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(playbook_app, "MAX_BODY_BYTES", 1000)
    body = {"model": "m", "messages": [{"role": "user", "content": "x" * 5000}]}
    async with httpx.AsyncClient(timeout=30) as http:
        response = await http.post(f"{model_url}/chat/completions", json=body)
    assert response.status_code == 413
    assert "exceeds 1000 bytes" in response.json()["error"]["message"]


async def test_a_get_on_chat_completions_is_not_answered_as_a_completion(model_url: str) -> None:
    async with httpx.AsyncClient(timeout=30) as http:
        response = await http.get(f"{model_url}/chat/completions")
    assert response.status_code in (404, 405)


async def test_the_same_request_gets_the_same_completion_id(model_url: str) -> None:
    body = {
        "model": "m",
        "messages": [
            {"role": "system", "content": "[clauseflow task=review_summary lang=en]\nSummarise."},
            {"role": "user", "content": "Nothing to report."},
        ],
    }
    async with httpx.AsyncClient(timeout=30) as http:
        one = (await http.post(f"{model_url}/chat/completions", json=body)).json()
        two = (await http.post(f"{model_url}/chat/completions", json=body)).json()
    assert one["id"] == two["id"] and one["id"].startswith("chatcmpl-")
    assert one["choices"][0]["message"] == two["choices"][0]["message"]


async def test_models_and_health_are_still_served(model_url: str) -> None:
    async with httpx.AsyncClient(timeout=30) as http:
        models = await http.get(f"{model_url}/models")
        health = await http.get(model_url.removesuffix("/v1") + "/health")
    assert models.status_code == 200 and models.json()["object"] == "list"
    assert health.json() == {"status": "ok"}
