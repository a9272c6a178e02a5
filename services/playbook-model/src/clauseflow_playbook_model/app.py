"""The FastAPI app: OpenAI-compatible /v1/models and /v1/chat/completions."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from clauseflow_shared.errors import InvalidInput
from clauseflow_shared.logging import get_logger
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from clauseflow_playbook_model.reviewer import respond
from clauseflow_playbook_model.settings import PlaybookModelSettings
from clauseflow_playbook_model.wire import completion, error_body, parse_request

_log = get_logger(__name__)
MAX_BODY_BYTES = 8 * 1024 * 1024


def create_app(settings: PlaybookModelSettings | None = None) -> FastAPI:
    """Build the app; no work happens until a request arrives."""
    cfg = settings or PlaybookModelSettings()
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

    @app.post("/v1/chat/completions")
    async def chat(request: Request) -> JSONResponse:
        raw = await request.body()
        if len(raw) > MAX_BODY_BYTES:
            return JSONResponse(error_body(f"request body exceeds {MAX_BODY_BYTES} bytes"), status_code=413)
        try:
            body = json.loads(raw or b"null")
        except ValueError as exc:
            return JSONResponse(error_body(f"the request body is not valid JSON: {exc}"), status_code=400)
        try:
            chat_request = parse_request(body)
        except InvalidInput as exc:
            return JSONResponse(error_body(str(exc), param="messages"), status_code=400)
        try:
            # The reasoning is CPU-bound; keep the event loop free for other requests.
            answer = await asyncio.to_thread(respond, chat_request)
        except Exception:
            _log.exception("playbook model failed to answer")
            return JSONResponse(
                error_body(
                    "the playbook model could not answer this request",
                    kind="server_error",
                    code="internal_error",
                ),
                status_code=500,
            )
        return JSONResponse(completion(chat_request, answer, cfg.playbook_model_name, int(time.time())))

    return app
