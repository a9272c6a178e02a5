"""Fixtures for the orchestrator's unit tests: a scripted OpenAI-compatible server, sample inputs."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

import pytest
import uvicorn
from clauseflow_contracts.review import ChecklistItem
from clauseflow_platform.llm import LLMClient
from clauseflow_platform.settings import LLMSettings
from fastapi import FastAPI
from fastapi.responses import JSONResponse


class ScriptedChatServer:
    """An OpenAI-compatible chat-completions server answering from a script and recording requests.

    ``answers`` holds, in order, either the text of the next answer or an ``int`` HTTP
    status to fail with. When the script runs out the server answers 500.
    """

    def __init__(self) -> None:
        self.answers: list[str | int] = []
        self.requests: list[dict[str, Any]] = []
        self.app = FastAPI()
        self.app.post("/v1/chat/completions")(self._complete)
        self.base_url = ""

    def script(self, *answers: str | int | dict[str, Any]) -> None:
        """Replace the script; dict answers are sent as JSON text."""
        self.requests.clear()
        self.answers = [json.dumps(a, ensure_ascii=False) if isinstance(a, dict) else a for a in answers]

    async def _complete(self, body: dict[str, Any]) -> JSONResponse:
        self.requests.append(body)
        answer = self.answers.pop(0) if self.answers else 500
        if isinstance(answer, int):
            return JSONResponse({"error": {"message": "scripted failure"}}, status_code=answer)
        return JSONResponse(
            {
                "id": f"chatcmpl-{len(self.requests)}",
                "object": "chat.completion",
                "created": 0,
                "model": body.get("model", "scripted"),
                "choices": [
                    {"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": answer}}
                ],
                "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15},
            }
        )

    def system_markers(self) -> list[str]:
        """The first line of the system message of every request received."""
        return [str(r["messages"][0]["content"]).splitlines()[0] for r in self.requests]


@pytest.fixture(scope="session")
async def chat_server() -> AsyncIterator[ScriptedChatServer]:
    """One scripted server on a free loopback port for the session."""
    server = ScriptedChatServer()
    uv = uvicorn.Server(uvicorn.Config(server.app, host="127.0.0.1", port=0, log_level="warning"))
    task = asyncio.create_task(uv.serve())
    while not uv.started:  # noqa: ASYNC110 - uvicorn offers a flag, not an event, for "listening"
        await asyncio.sleep(0.02)
    port = uv.servers[0].sockets[0].getsockname()[1]
    server.base_url = f"http://127.0.0.1:{port}/v1"
    yield server
    uv.should_exit = True
    await task


@pytest.fixture
async def llm(chat_server: ScriptedChatServer) -> AsyncIterator[LLMClient]:
    """A real LLM client (openai SDK) pointed at the scripted server, with no retries."""
    chat_server.script()
    client = LLMClient(
        LLMSettings(llm_base_url=chat_server.base_url, llm_api_key="test", llm_max_retries=0, llm_timeout_s=5)
    )
    yield client
    await client.close()


def sample_checklist() -> list[ChecklistItem]:
    """A sample checklist: clauses of several priorities, with tools."""
    return [
        ChecklistItem(
            clause_id="1.1",
            clause_name="定义",
            priority="low",
            required_skills=("get_clause_context",),
            description="定义条款",
        ),
        ChecklistItem(
            clause_id="4.1",
            clause_name="承包商义务",
            priority="critical",
            required_skills=("get_clause_context", "fidic_merge_gc_pc", "compare_with_baseline"),
            description="检查义务范围",
        ),
        ChecklistItem(
            clause_id="14.1",
            clause_name="合同价格",
            priority="critical",
            required_skills=("get_clause_context", "extract_financial_terms"),
            description="检查价格条款",
        ),
        ChecklistItem(
            clause_id="8.1",
            clause_name="开工日期",
            priority="medium",
            required_skills=("get_clause_context",),
            description="检查开工日期",
        ),
    ]
