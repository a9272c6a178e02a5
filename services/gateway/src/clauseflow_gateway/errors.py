"""API errors and the exception handlers that turn every failure into ``{"error": {code, message}}``.

No handler ever returns a stack trace: expected errors carry a message written
for the client, anything unexpected becomes a generic 500 that is logged with
the request's context.
"""

from __future__ import annotations

import traceback
from typing import Any

from clauseflow_contracts.errors import ClauseflowError, DocumentError, NotFound
from clauseflow_platform.logging import get_logger
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import ClientDisconnect

log = get_logger(__name__)


class ApiError(Exception):
    """An error answer with an HTTP status, a stable machine code and a human message."""

    def __init__(
        self, status: int, code: str, message: str, details: Any = None, headers: dict[str, str] | None = None
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.details = details
        self.headers = headers


def error_body(code: str, message: str, details: Any = None) -> dict[str, Any]:
    """The one error shape every endpoint answers with."""
    error: dict[str, Any] = {"code": code, "message": message}
    if details is not None:
        error["details"] = details
    return {"error": error}


def readable_validation_errors(errors: list[Any]) -> list[dict[str, str]]:
    """Turn pydantic error dicts into ``{field, message}`` pairs a person can act on."""
    readable = []
    for err in errors:
        loc = [str(part) for part in err.get("loc", ()) if part not in ("body", "query", "path", "header")]
        readable.append({"field": ".".join(loc) or "body", "message": str(err.get("msg", "is invalid"))})
    return readable


def validation_message(details: list[dict[str, str]]) -> str:
    """One line summarising the field errors."""
    return "; ".join(f"{d['field']}: {d['message']}" for d in details) or "the request is invalid"


def _json(status: int, body: dict[str, Any], headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse(status_code=status, content=body, headers=headers)


async def _api_error(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, ApiError)
    return _json(exc.status, error_body(exc.code, exc.message, exc.details), exc.headers)


async def _client_disconnect(request: Request, exc: Exception) -> JSONResponse:
    # The client went away mid-request (a cancelled upload, a closed laptop): nothing to answer and
    # nothing wrong with the gateway, so one info line and no traceback.
    log.info("http.client_disconnected", method=request.method, path=request.url.path)
    return _json(400, error_body("client_disconnected", "the client disconnected"))


async def _request_validation(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError | ValidationError)
    details = readable_validation_errors(list(exc.errors()))
    return _json(422, error_body("validation_error", validation_message(details), details))


async def _http_exception(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StarletteHTTPException)
    code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
    return _json(exc.status_code, error_body(code, str(exc.detail)), getattr(exc, "headers", None))


async def _clauseflow_error(_: Request, exc: Exception) -> JSONResponse:
    if isinstance(exc, NotFound):
        return _json(404, error_body("not_found", str(exc)))
    if isinstance(exc, DocumentError):
        return _json(422, error_body("document_error", str(exc)))
    return _json(400, error_body("bad_request", str(exc)))


async def _unexpected(request: Request, exc: Exception) -> JSONResponse:
    # A plain-text traceback: pretty renderers that inspect every frame's locals are slow and may
    # print request bodies (contract text) into the log.
    log.error(
        "http.unhandled_error",
        method=request.method,
        path=request.url.path,
        error=repr(exc)[:500],
        traceback="".join(traceback.format_exception(exc)),
    )
    return _json(500, error_body("internal_error", "an unexpected error occurred; it has been logged"))


def install_error_handlers(app: FastAPI) -> None:
    """Register the handlers; the most specific exception class wins in Starlette's lookup."""
    app.add_exception_handler(ApiError, _api_error)
    app.add_exception_handler(ClientDisconnect, _client_disconnect)
    app.add_exception_handler(RequestValidationError, _request_validation)
    app.add_exception_handler(ValidationError, _request_validation)
    app.add_exception_handler(StarletteHTTPException, _http_exception)
    app.add_exception_handler(ClauseflowError, _clauseflow_error)
    app.add_exception_handler(Exception, _unexpected)
