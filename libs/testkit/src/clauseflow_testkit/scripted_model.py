"""A scripted, OpenAI-compatible chat-completions server for fault and loop tests.

It replays :class:`~clauseflow_testkit.scripted_turns.Turn` values over
real HTTP so the code under test talks to it through the real ``openai`` SDK:
final text, tool calls (well-formed, malformed arguments, unknown tools,
missing ids), delays, HTTP errors (429 with ``Retry-After``, 500), hangs,
malformed JSON answers, and "call tools forever". Every request it receives
is recorded for assertions.

In tests::

    async with ScriptedModel([Turn.http_status(429, retry_after=0.1), Turn.text("[]")]) as model:
        client = LLMClient(model.settings())
        ...
        assert len(model.requests) == 2

As a process: ``python -m clauseflow_testkit.scripted_model --script FILE --port N``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import socket
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Any

import uvicorn
from clauseflow_contracts.prompts.kinds import read_marker_from_messages, read_metadata
from clauseflow_platform.logging import configure_logging, get_logger
from clauseflow_platform.net import listening_socket
from clauseflow_platform.settings import LLMSettings

from clauseflow_testkit.scripted_turns import Script, ScriptedCall, Turn

log = get_logger(__name__)

MODEL_NAME = "clauseflow-scripted"
_HANG_LIMIT_S = 3600.0


@dataclass(frozen=True)
class _Answer:
    """An HTTP answer: status, JSON body, extra headers."""

    status: int
    body: Mapping[str, Any]
    headers: Mapping[str, str] = field(default_factory=dict)


def _error(status: int, message: str, headers: Mapping[str, str] | None = None) -> _Answer:
    kind = (
        "rate_limit_error" if status == 429 else "server_error" if status >= 500 else "invalid_request_error"
    )
    return _Answer(status, {"error": {"message": message, "type": kind, "code": status}}, dict(headers or {}))


async def _read_body(receive: Any) -> bytes:
    chunks: list[bytes] = []
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            break
        chunks.append(message.get("body", b""))
        if not message.get("more_body"):
            break
    return b"".join(chunks)


async def _send(send: Any, answer: _Answer) -> None:
    body = json.dumps(answer.body, ensure_ascii=False).encode("utf-8")
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    headers += [(k.lower().encode("latin-1"), str(v).encode("latin-1")) for k, v in answer.headers.items()]
    await send({"type": "http.response.start", "status": answer.status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def _estimate_tokens(text: str) -> int:
    # Roughly four characters per token; only needs to be stable and non-zero.
    return max(1, len(text) // 4)


def request_facts(body: Mapping[str, Any]) -> dict[str, Any]:
    """What a turn's ``match`` can test: kind, lang, the metadata fields, has_tools, model."""
    messages = body.get("messages") or []
    facts: dict[str, Any] = {"model": body.get("model"), "has_tools": bool(body.get("tools"))}
    found = read_marker_from_messages(messages)
    if found:
        facts["kind"], facts["lang"] = found[0].value, found[1]
    for message in messages:
        if message.get("role") == "user" and isinstance(message.get("content"), str):
            for key, value in read_metadata(message["content"]).items():
                facts.setdefault(key, value)
            break
    return facts


def _matches(turn: Turn, facts: Mapping[str, Any]) -> bool:
    return all(facts.get(key) == value for key, value in turn.match.items())


def _fill(value: Any, facts: Mapping[str, Any]) -> Any:
    """Replace ``{clause_id}``-style placeholders in string argument values."""
    if isinstance(value, str):
        for key, fact in facts.items():
            if isinstance(fact, str | int | float):
                value = value.replace("{" + key + "}", str(fact))
        return value
    if isinstance(value, dict):
        return {k: _fill(v, facts) for k, v in value.items()}
    if isinstance(value, list):
        return [_fill(v, facts) for v in value]
    return value


class ScriptedModel:
    """The scripted server; an async context manager that listens on 127.0.0.1 (port 0 by default)."""

    def __init__(
        self,
        turns: Iterable[Turn] = (),
        *,
        forever: Turn | None = None,
        per_conversation: Mapping[str, Sequence[Turn]] | None = None,
        latency_s: float = 0.0,
        port: int = 0,
        record_requests: bool = True,
    ) -> None:
        self._queue: list[Turn] = list(turns)
        self._forever = forever
        self._per_conversation = {k: list(v) for k, v in (per_conversation or {}).items()}
        self._latency_s = latency_s
        self._port = port
        self._ids = itertools.count(1)
        self._closing = asyncio.Event()
        self._server: uvicorn.Server | None = None
        self._task: asyncio.Task[None] | None = None
        self._socket: socket.socket | None = None
        self._record_requests = record_requests
        self.requests: list[dict[str, Any]] = []
        """Every request body received, in arrival order (including ones answered with an error);
        empty when built with ``record_requests=False``."""
        self.received = 0
        """Chat requests received so far (counted whether or not their bodies are recorded)."""
        self.in_flight = 0
        """Chat requests being answered now."""
        self.peak_in_flight = 0
        """The most chat requests that were being answered at the same moment."""
        self.app = self._build_app()

    @classmethod
    def from_script(cls, script: Script, *, port: int = 0) -> ScriptedModel:
        """A server playing a loaded :class:`Script`."""
        return cls(
            script.turns,
            forever=script.forever,
            per_conversation=script.per_conversation,
            latency_s=script.latency_s,
            port=port,
        )

    # --- control ---------------------------------------------------------------------------------

    def push(self, *turns: Turn) -> None:
        """Append turns to the queue (e.g. between two phases of a test)."""
        self._queue.extend(turns)

    @property
    def remaining(self) -> int:
        """Queued turns not yet played."""
        return len(self._queue)

    @property
    def port(self) -> int:
        """The bound port (after start)."""
        if self._socket is None:
            raise RuntimeError("the scripted model is not started")
        return int(self._socket.getsockname()[1])

    @property
    def base_url(self) -> str:
        """The OpenAI ``base_url`` for clients: ``http://127.0.0.1:<port>/v1``."""
        return f"http://127.0.0.1:{self.port}/v1"

    def settings(self, **overrides: Any) -> LLMSettings:
        """LLM settings pointing at this server (short timeout, few retries), with overrides."""
        values: dict[str, Any] = {
            "llm_base_url": self.base_url,
            "llm_api_key": "scripted",
            "llm_model": MODEL_NAME,
            "llm_timeout_s": 5.0,
            "llm_max_retries": 2,
        }
        values.update(overrides)
        return LLMSettings(**values)

    def messages_of(self, index: int) -> list[dict[str, Any]]:
        """The ``messages`` of the ``index``-th recorded request."""
        return list(self.requests[index].get("messages") or [])

    async def start(self) -> None:
        """Bind 127.0.0.1:<port> and serve in this event loop until :meth:`stop`."""
        sock = listening_socket("127.0.0.1", self._port)
        self._socket = sock
        config = uvicorn.Config(
            self.app, log_level="warning", lifespan="off", timeout_graceful_shutdown=2, access_log=False
        )
        self._server = uvicorn.Server(config)
        self._task = asyncio.create_task(self._server.serve(sockets=[sock]))
        deadline = time.monotonic() + 10
        while not self._server.started:
            if self._task.done():
                await self._task  # surfaces the start-up error
                raise RuntimeError("the scripted model stopped during start-up")
            if time.monotonic() > deadline:
                raise RuntimeError("the scripted model did not start within 10s")
            await asyncio.sleep(0.01)

    async def stop(self) -> None:
        """Release hanging requests and shut the server down."""
        self._closing.set()
        if self._server is not None:
            self._server.should_exit = True
        if self._task is not None:
            await asyncio.wait_for(self._task, timeout=10)
        if self._socket is not None:
            self._socket.close()

    async def __aenter__(self) -> ScriptedModel:
        await self.start()
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.stop()

    # --- serving ---------------------------------------------------------------------------------

    def _next_turn(self, body: Mapping[str, Any], facts: Mapping[str, Any]) -> Turn | None:
        for index, turn in enumerate(self._queue):
            if _matches(turn, facts):
                return self._queue.pop(index)
        conversation = self._per_conversation.get(str(facts.get("kind"))) or self._per_conversation.get("*")
        if conversation:
            answered = sum(1 for m in body.get("messages") or [] if m.get("role") == "assistant")
            return conversation[min(answered, len(conversation) - 1)]
        return self._forever

    async def _pause(self, seconds: float) -> None:
        """Sleep, but wake up when the server is stopping so shutdown never waits on a script."""
        if seconds <= 0:
            return
        try:
            await asyncio.wait_for(self._closing.wait(), timeout=seconds)
        except TimeoutError:
            return

    def _completion(
        self, body: Mapping[str, Any], turn: Turn, facts: Mapping[str, Any], size: int
    ) -> dict[str, Any]:
        message: dict[str, Any] = {"role": "assistant", "content": turn.content}
        finish_reason = "stop"
        if turn.type == "tool_calls":
            message["tool_calls"] = [self._tool_call(c, facts) for c in turn.calls]
            finish_reason = "tool_calls"
        elif message["content"] is None:
            message["content"] = ""
        completion_text = (turn.content or "") + json.dumps(message.get("tool_calls") or [])
        usage = turn.usage or {
            # The request's size stands in for the prompt's: stable, non-zero, grows with the transcript.
            "prompt_tokens": max(1, size // 4),
            "completion_tokens": _estimate_tokens(completion_text),
        }
        prompt_tokens = int(usage.get("prompt_tokens", 0))
        completion_tokens = int(usage.get("completion_tokens", 0))
        return {
            "id": f"chatcmpl-scripted-{next(self._ids)}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": str(body.get("model") or MODEL_NAME),
            "choices": [{"index": 0, "message": message, "finish_reason": finish_reason, "logprobs": None}],
            "usage": {
                "prompt_tokens": prompt_tokens,
                "completion_tokens": completion_tokens,
                "total_tokens": prompt_tokens + completion_tokens,
            },
        }

    def _tool_call(self, scripted: ScriptedCall, facts: Mapping[str, Any]) -> dict[str, Any]:
        if scripted.raw_arguments is not None:
            arguments = scripted.raw_arguments
        else:
            arguments = json.dumps(_fill(scripted.arguments, facts), ensure_ascii=False)
        payload: dict[str, Any] = {
            "type": "function",
            "function": {"name": scripted.name, "arguments": arguments},
        }
        if not scripted.omit_id:
            payload["id"] = scripted.id or f"call_scripted_{next(self._ids)}"
        return payload

    def _build_app(self) -> Any:
        """The ASGI app: ``GET /v1/models`` and ``POST /v1/chat/completions``, nothing else.

        Plain ASGI rather than a web framework: the benches run this server beside the system
        under test on the same cores, and a framework's routing, validation and encoding per
        request were most of its CPU, which a hosted model would not take from the reviewer.
        """

        async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
            if scope["type"] != "http":
                return
            route = (scope["method"], scope["path"])
            if route == ("GET", "/v1/models"):
                models = [{"id": MODEL_NAME, "object": "model", "created": 0, "owned_by": "clauseflow"}]
                await _send(send, _Answer(200, {"object": "list", "data": models}))
            elif route == ("POST", "/v1/chat/completions"):
                await _send(send, await self._chat_completions(await _read_body(receive)))
            else:
                await _send(send, _error(404, f"scripted model: no route {scope['method']} {scope['path']}"))

        return app

    async def _chat_completions(self, raw: bytes) -> _Answer:
        arrived = time.perf_counter()
        try:
            body = json.loads(raw)
        except ValueError:
            return _error(400, "the request body is not JSON")
        if not isinstance(body, dict) or not isinstance(body.get("messages"), list):
            return _error(400, "the request body must be an object with a 'messages' array")
        if not all(isinstance(m, dict) and "role" in m for m in body["messages"]):
            return _error(400, "every message must be an object with a 'role'")
        if body.get("stream"):
            return _error(400, "the scripted model does not stream; send stream=false")
        self.received += 1
        if self._record_requests:
            self.requests.append(body)
        self.in_flight += 1
        self.peak_in_flight = max(self.peak_in_flight, self.in_flight)
        try:
            return await self._answer(body, arrived, len(raw))
        finally:
            self.in_flight -= 1

    async def _answer(self, body: dict[str, Any], arrived: float, size: int) -> _Answer:
        """The scripted turn for a valid request: an answer, an error status, or a hang.

        The latency counts from the request's arrival, so reading and parsing it is part of the
        scripted latency, as it is of a hosted model's.
        """
        facts = request_facts(body)
        turn = self._next_turn(body, facts)
        if turn is None:
            return _error(
                400, f"scripted model: the script is exhausted after {self.received - 1} request(s)"
            )
        await self._pause(self._latency_s + turn.delay_s - (time.perf_counter() - arrived))
        if turn.type == "hang":
            await self._pause(_HANG_LIMIT_S)
            return _error(503, "scripted model: hung request released at shutdown")
        if turn.type == "status":
            message = turn.message or f"scripted HTTP {turn.status}"
            return _error(turn.status, message, turn.headers)
        return _Answer(200, self._completion(body, turn, facts, size))


def _parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m clauseflow_testkit.scripted_model",
        description="Serve a scripted OpenAI-compatible model on 127.0.0.1.",
    )
    parser.add_argument("--script", required=True, type=Path, help="JSON script (see scripted_turns.py)")
    parser.add_argument("--port", type=int, default=0, help="port to listen on (0 = any free port)")
    parser.add_argument("--port-file", type=Path, help="write the bound port here once listening")
    return parser.parse_args(argv)


async def _serve_forever(model: ScriptedModel, port_file: Path | None) -> None:
    await model.start()
    log.info("scripted_model.listening", base_url=model.base_url)
    if port_file is not None:
        await asyncio.to_thread(port_file.write_text, str(model.port), encoding="utf-8")
    try:
        await asyncio.Event().wait()
    finally:
        await model.stop()


def main(argv: Sequence[str] | None = None) -> int:
    """Run the scripted model as a process until interrupted."""
    args = _parse_args(argv)
    configure_logging("scripted-model", json=False)
    try:
        script = Script.load(args.script)
    except ValueError as exc:
        log.error("scripted_model.bad_script", error=str(exc))
        return 2
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(_serve_forever(ScriptedModel.from_script(script, port=args.port), args.port_file))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
