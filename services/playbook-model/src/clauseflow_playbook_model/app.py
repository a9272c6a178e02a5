"""The HTTP app: OpenAI-compatible /v1/models and /v1/chat/completions.

``POST /v1/chat/completions`` is the only hot path (one request per model turn
of every clause), so it is served by a small ASGI front that reads the body,
validates it with :mod:`wire` (the same checks and messages as before: bad
input is a 400 naming the field) and writes the JSON answer itself, without
FastAPI's routing, middleware stack and response machinery. Everything else
(/health, /v1/models) goes to a FastAPI app, where per-request cost does not
matter.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from clauseflow_contracts.errors import InvalidInput
from clauseflow_platform.logging import get_logger
from fastapi import FastAPI
from fastapi.responses import JSONResponse

from clauseflow_playbook_model.reviewer import respond
from clauseflow_playbook_model.settings import PlaybookModelSettings
from clauseflow_playbook_model.wire import Answer, ChatRequest, completion, error_body, parse_request

_log = get_logger(__name__)
MAX_BODY_BYTES = 8 * 1024 * 1024
CHAT_PATHS = frozenset({"/v1/chat/completions", "/chat/completions"})
# Requests up to this size (clause turns, redlines: a few ms of reasoning) are answered on the
# event loop; a thread hop would cost more than it frees. Larger ones (plans and summaries of
# whole contracts) go to a thread so they never stall the loop for long.
INLINE_MAX_BYTES = 64 * 1024

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class _TooLarge(Exception):
    """The request body is over :data:`MAX_BODY_BYTES`."""


def _json_bytes(body: Any) -> bytes:
    return json.dumps(body, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode()


async def _send_json(send: Send, status: int, body: Any) -> None:
    payload = _json_bytes(body)
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(payload)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": payload})


async def _read_body(receive: Receive) -> bytes:
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            break
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > MAX_BODY_BYTES:
            raise _TooLarge
        chunks.append(chunk)
        if not message.get("more_body", False):
            break
    return b"".join(chunks)


class PlaybookApp:
    """The ASGI app: chat completions answered directly, every other request handed to FastAPI."""

    def __init__(self, settings: PlaybookModelSettings, fallback: FastAPI) -> None:
        self.settings = settings
        self.fallback = fallback

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope.get("method") == "POST" and scope.get("path") in CHAT_PATHS:
            await self._chat(receive, send)
            return
        await self.fallback(scope, receive, send)

    async def _chat(self, receive: Receive, send: Send) -> None:
        try:
            raw = await _read_body(receive)
        except _TooLarge:
            await _send_json(send, 413, error_body(f"request body exceeds {MAX_BODY_BYTES} bytes"))
            return
        try:
            body = json.loads(raw or b"null")
        except ValueError as exc:
            await _send_json(send, 400, error_body(f"the request body is not valid JSON: {exc}"))
            return
        try:
            request = parse_request(body)
        except InvalidInput as exc:
            await _send_json(send, 400, error_body(str(exc), param="messages"))
            return
        try:
            answer = await self._answer(request, len(raw))
        except Exception:
            _log.exception("playbook_model.answer_failed")
            await _send_json(
                send,
                500,
                error_body(
                    "the playbook model could not answer this request",
                    kind="server_error",
                    code="internal_error",
                ),
            )
            return
        name = self.settings.playbook_model_name
        await _send_json(send, 200, completion(request, answer, name, int(time.time()), raw_body=raw))

    @staticmethod
    async def _answer(request: ChatRequest, size: int) -> Answer:
        if size <= INLINE_MAX_BYTES:
            return respond(request)
        return await asyncio.to_thread(respond, request)


def _model_routes(cfg: PlaybookModelSettings) -> FastAPI:
    app = FastAPI(title="ClauseFlow playbook model", version="1.0", docs_url=None, redoc_url=None)

    @app.get("/health")
    async def health() -> dict[str, str]:
        return {"status": "ok"}

    @app.get("/v1/models")
    async def models() -> dict[str, Any]:
        return {
            "object": "list",
            "data": [
                {"id": cfg.playbook_model_name, "object": "model", "created": 0, "owned_by": "clauseflow"}
            ],
        }

    @app.get("/v1/models/{model_id}")
    async def model(model_id: str) -> JSONResponse:
        if model_id != cfg.playbook_model_name:
            return JSONResponse(
                error_body(
                    f"model {model_id!r} does not exist; use {cfg.playbook_model_name!r}",
                    param="model",
                    code="model_not_found",
                ),
                status_code=404,
            )
        return JSONResponse(
            {"id": cfg.playbook_model_name, "object": "model", "created": 0, "owned_by": "clauseflow"}
        )

    return app


def create_app(settings: PlaybookModelSettings | None = None) -> PlaybookApp:
    """Build the app; no work happens until a request arrives."""
    cfg = settings or PlaybookModelSettings()
    return PlaybookApp(cfg, _model_routes(cfg))
