"""The LLM client: one OpenAI-compatible chat-completions endpoint, with our own retry policy.

Works unchanged with OpenAI, DeepSeek, Qwen-compatible endpoints, vLLM,
Ollama, llama.cpp and the offline playbook model: only ``base_url``,
``api_key`` and ``model`` differ. The SDK's own retries are off
(``max_retries=0``) so that one policy applies everywhere: retry 429, 5xx,
connection errors and timeouts with capped exponential backoff and jitter,
honouring ``Retry-After``/``retry-after-ms``; never retry other 4xx.
"""

from __future__ import annotations

import asyncio
import email.utils
import errno
import json
import random
import time
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import openai
import orjson
from clauseflow_contracts.chat import AssistantMessage, ChatMessage, ToolCallMessage, ToolChoice, ToolSpec
from clauseflow_contracts.llm_errors import LLMBadAnswer, LLMRequestRejected, LLMUnavailable
from clauseflow_contracts.review import LLMUsage

from clauseflow_platform.llm.usage import record_usage
from clauseflow_platform.logging import get_logger, register_secret
from clauseflow_platform.settings import LLMSettings

log = get_logger(__name__)

_MESSAGE_PREVIEW = 300


@dataclass(frozen=True)
class ChatAnswer:
    """A plain answer: its text and what it cost."""

    text: str
    usage: LLMUsage
    finish_reason: str | None = None


@dataclass(frozen=True)
class ToolCall:
    """One tool call requested by the model.

    ``arguments`` is always a dict: when the model's JSON is malformed (or not
    an object) it is ``{}`` and ``arguments_error`` says why, so the caller can
    hand that error back to the model as the tool's result.
    """

    id: str
    name: str
    arguments: dict[str, Any]
    raw_arguments: str
    arguments_error: str | None = None


@dataclass(frozen=True)
class ToolTurn:
    """One model turn in a tool loop: text and/or tool calls, plus the message to append to the transcript."""

    content: str
    tool_calls: list[ToolCall]
    usage: LLMUsage
    assistant_message: AssistantMessage
    finish_reason: str | None = None


def parse_tool_arguments(raw: str | None) -> tuple[dict[str, Any], str | None]:
    """``(arguments, error)`` from a tool call's raw JSON; empty means no arguments, not an error."""
    text = (raw or "").strip()
    if not text:
        return {}, None
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        preview = text if len(text) <= 120 else text[:120] + "…"
        return {}, f"tool arguments are not valid JSON ({exc.msg} at position {exc.pos}): {preview!r}"
    if not isinstance(value, dict):
        return {}, f"tool arguments must be a JSON object, got {type(value).__name__}"
    return value, None


_PEER_CLOSED = frozenset({"ServerDisconnectedError", "RemoteProtocolError"})


def _closed_by_peer(exc: BaseException) -> bool:
    """Whether the connection was reset or closed by the server before any answer (a stale pooled one)."""
    seen: BaseException | None = exc
    for _ in range(5):  # the SDK wraps the transport's error, which may wrap the socket's
        if seen is None:
            return False
        if isinstance(seen, ConnectionResetError) or type(seen).__name__ in _PEER_CLOSED:
            return True
        if isinstance(seen, OSError) and seen.errno == errno.ECONNRESET:
            return True
        seen = seen.__cause__ or seen.__context__
    return False


def _retry_after_seconds(headers: Mapping[str, str] | None) -> float | None:
    """The server's requested wait, from ``retry-after-ms`` or ``Retry-After`` (seconds or HTTP date)."""
    if not headers:
        return None
    millis = headers.get("retry-after-ms")
    if millis is not None:
        try:
            return max(0.0, float(millis) / 1000)
        except ValueError:
            pass
    value = headers.get("retry-after")
    if value is None:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    parsed = email.utils.parsedate_tz(value)
    if parsed is None:
        return None
    return max(0.0, email.utils.mktime_tz(parsed) - time.time())


def _request_body(
    model: str, messages: Sequence[ChatMessage], temperature: float, extra: Mapping[str, object]
) -> bytes:
    """The chat-completions request body, exactly as ``chat.completions.create`` would send it.

    The SDK's ``create`` first walks the whole body against its TypedDict annotations
    (``async_maybe_transform``) and builds its typed models from the answer; for the plain
    JSON we send and the few fields we read, that cost more CPU than everything else the
    worker does per clause. ``client.post`` (the SDK's documented way to send a request it
    has no typed method for) keeps its auth, timeouts and error mapping and skips both.

    Encoded here with orjson and handed over as ``content``: a clause-review body carries
    the tool definitions and the system prompt (~18 KB), and the SDK's ``json.dumps`` of it
    was a tenth of the worker's CPU per clause (88 µs a body against orjson's 5 µs).
    """
    body: dict[str, object] = {"model": model, "messages": list(messages)}
    body["temperature"] = temperature
    body.update(extra)
    return orjson.dumps(body)


def _obj(value: object) -> dict[str, Any]:
    """``value`` when it is a JSON object, else ``{}``: answers are read defensively, never trusted."""
    return value if isinstance(value, dict) else {}


def _text(content: object) -> str:
    """A message's content as text (a list of content parts is joined; anything else is dropped)."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(str(_obj(p).get("text") or "") for p in content)
    return ""


def _usage_of(response: Mapping[str, Any]) -> LLMUsage:
    usage = _obj(response.get("usage"))
    return LLMUsage(
        calls=1,
        prompt_tokens=int(usage.get("prompt_tokens") or 0),
        completion_tokens=int(usage.get("completion_tokens") or 0),
    )


def _decode_completion(raw: bytes) -> dict[str, Any]:
    """The answer's JSON body; parsed here (not into the SDK's models) because only a few fields are read."""
    try:
        body = orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        preview = raw[:120].decode("utf-8", "replace")
        raise LLMBadAnswer(f"the LLM endpoint's answer is not JSON ({exc}): {preview!r}") from exc
    if not isinstance(body, dict):
        raise LLMBadAnswer(f"the LLM endpoint's answer is not a JSON object but {type(body).__name__}")
    return body


def _tool_call_message(call: ToolCall) -> ToolCallMessage:
    """A tool call as the assistant message that requested it replays it (empty arguments as ``{}``)."""
    return {
        "id": call.id,
        "type": "function",
        "function": {"name": call.name, "arguments": call.raw_arguments or "{}"},
    }


def _error_text(exc: openai.APIStatusError) -> str:
    body = exc.body
    if isinstance(body, dict):
        inner = body.get("error", body)
        message = inner.get("message") if isinstance(inner, dict) else inner
        if message:
            return str(message)[:_MESSAGE_PREVIEW]
    return str(exc.message)[:_MESSAGE_PREVIEW]


class LLMClient:
    """Async chat client for one OpenAI-compatible endpoint (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL).

    ``settings.llm_timeout_s`` bounds each HTTP attempt; ``settings.llm_max_retries``
    bounds the retries after the first attempt. Every call's usage is returned
    with the answer and recorded in the active :class:`UsageMeter` contexts.
    """

    def __init__(
        self,
        settings: LLMSettings,
        *,
        backoff_base_s: float = 0.5,
        backoff_max_s: float = 20.0,
    ) -> None:
        self._settings = settings
        register_secret(settings.llm_api_key.get_secret_value())  # never in a log line
        self._backoff_base_s = backoff_base_s
        self._backoff_max_s = backoff_max_s
        self._client = openai.AsyncOpenAI(
            base_url=settings.llm_base_url,
            api_key=settings.llm_api_key.get_secret_value(),
            timeout=settings.llm_timeout_s,
            max_retries=0,
            # The client's own CPU is most of a worker's cost per model turn with a fast model.
            http_client=openai.DefaultAioHttpClient() if settings.llm_http_transport == "aiohttp" else None,
        )

    @property
    def model(self) -> str:
        """The model name sent with every request."""
        return self._settings.llm_model

    async def close(self) -> None:
        """Close the HTTP connection pool."""
        await self._client.close()

    async def chat(
        self,
        messages: Sequence[ChatMessage],
        *,
        temperature: float | None = None,
        response_json: bool = False,
        deadline_s: float | None = None,
    ) -> ChatAnswer:
        """One completion without tools; ``response_json`` asks the endpoint for a JSON object answer.

        ``deadline_s`` bounds the whole call, retries and their waits included (see :meth:`_complete`).
        """
        kwargs: dict[str, object] = {}
        if response_json:
            kwargs["response_format"] = {"type": "json_object"}
        response = await self._complete(
            messages, temperature=temperature, extra=kwargs, deadline_s=deadline_s
        )
        choice = self._first_choice(response)
        usage = _usage_of(response)
        record_usage(usage)
        return ChatAnswer(
            text=_text(choice["message"].get("content")),
            usage=usage,
            finish_reason=choice.get("finish_reason"),
        )

    async def chat_with_tools(
        self,
        messages: Sequence[ChatMessage],
        tools: Sequence[ToolSpec],
        *,
        tool_choice: ToolChoice = "auto",
        temperature: float | None = None,
    ) -> ToolTurn:
        """One turn of a tool loop: the model answers with text, tool calls, or both.

        Malformed tool arguments never raise: they surface as ``ToolCall.arguments_error``.
        Tool calls without an id get a generated one, used consistently in
        ``assistant_message`` so tool results can refer to it.
        """
        kwargs: dict[str, object] = {}
        if tools:
            kwargs["tools"] = list(tools)
            kwargs["tool_choice"] = tool_choice
        response = await self._complete(messages, temperature=temperature, extra=kwargs)
        choice = self._first_choice(response)
        usage = _usage_of(response)
        record_usage(usage)
        message = choice["message"]
        calls: list[ToolCall] = []
        raw_calls = message.get("tool_calls")
        for raw_call in map(_obj, raw_calls if isinstance(raw_calls, list) else []):
            function = _obj(raw_call.get("function"))
            name = str(function.get("name") or "")
            raw_arguments = function.get("arguments") or ""
            if not isinstance(raw_arguments, str):  # some servers send the object itself
                raw_arguments = json.dumps(raw_arguments, ensure_ascii=False)
            arguments, error = parse_tool_arguments(raw_arguments)
            call_id = str(raw_call.get("id") or "") or f"call_{uuid.uuid4().hex[:16]}"
            calls.append(ToolCall(call_id, name, arguments, raw_arguments, error))
        content = _text(message.get("content"))
        assistant: AssistantMessage = {"role": "assistant", "content": content or None}
        if calls:
            assistant["tool_calls"] = [_tool_call_message(call) for call in calls]
        elif not content:
            assistant["content"] = ""
        return ToolTurn(
            content=content,
            tool_calls=calls,
            usage=usage,
            assistant_message=assistant,
            finish_reason=choice.get("finish_reason"),
        )

    @staticmethod
    def _first_choice(response: Mapping[str, Any]) -> dict[str, Any]:
        choices = response.get("choices")
        first = _obj(choices[0]) if isinstance(choices, list) and choices else {}
        if not isinstance(first.get("message"), dict):
            raise LLMBadAnswer("the LLM endpoint returned no choices in its answer")
        return first

    def _backoff(self, attempt: int, retry_after: float | None) -> float:
        """Seconds before retry ``attempt`` (0-based): the server's wish, else exponential + jitter."""
        if retry_after is not None:
            return min(retry_after, self._backoff_max_s)
        ceiling = min(self._backoff_max_s, self._backoff_base_s * (2**attempt))
        # "Equal jitter": never less than half the ceiling, so retries stay spaced out.
        return ceiling / 2 + random.uniform(0, ceiling / 2)

    async def _complete(
        self,
        messages: Sequence[ChatMessage],
        *,
        temperature: float | None,
        extra: Mapping[str, object],
        deadline_s: float | None = None,
    ) -> dict[str, Any]:
        """Call the endpoint with retries; translate every failure into an :class:`LLMError`.

        With ``deadline_s`` the call ends within that many seconds whatever the retry policy: each
        attempt's timeout is the lesser of ``llm_timeout_s`` and the time left, and no retry starts
        (nor is waited for) once it would end past the deadline. A caller holding a lock while it
        asks can so promise how long it holds it.
        """
        max_retries = self._settings.llm_max_retries
        temp = self._settings.llm_temperature if temperature is None else temperature
        ends = None if deadline_s is None else time.monotonic() + deadline_s
        attempt = 0
        while True:
            started = time.monotonic()
            timeout_s = self._settings.llm_timeout_s
            if ends is not None:
                timeout_s = min(timeout_s, ends - started)
                if timeout_s <= 0:
                    raise LLMUnavailable(
                        f"the LLM endpoint {self._settings.llm_base_url} is unavailable: no answer "
                        f"within the call's deadline of {deadline_s:.3g}s"
                    )
            retry_after: float | None = None
            stale = False
            try:
                raw = await self._client.post(
                    "/chat/completions",
                    content=_request_body(self._settings.llm_model, messages, temp, extra),
                    cast_to=bytes,
                    options={"timeout": timeout_s},
                )
                log.debug(
                    "llm.call",
                    model=self._settings.llm_model,
                    attempt=attempt,
                    latency_ms=round((time.monotonic() - started) * 1000, 1),
                )
                return _decode_completion(raw)
            except openai.APIStatusError as exc:
                status = exc.status_code
                if status != 429 and status < 500:
                    raise LLMRequestRejected(
                        f"the LLM endpoint {self._settings.llm_base_url} refused the request "
                        f"(HTTP {status}): {_error_text(exc)}",
                        status_code=status,
                    ) from exc
                retry_after = _retry_after_seconds(exc.response.headers)
                reason = f"HTTP {status}: {_error_text(exc)}"
                last_exc: Exception = exc
            except openai.APITimeoutError as exc:
                # The aiohttp transport reports a refused connection as a connect *timeout*.
                if type(exc.__cause__).__name__ == "ConnectTimeout":
                    reason = f"connection failed ({exc.__cause__})"
                    stale = attempt == 0 and _closed_by_peer(exc)
                else:
                    reason = f"no answer within {timeout_s:g}s"
                last_exc = exc
            except openai.APIConnectionError as exc:
                reason = f"connection failed ({exc.__cause__ or exc})"
                last_exc = exc
                stale = attempt == 0 and _closed_by_peer(exc)
            except openai.APIResponseValidationError as exc:
                raise LLMBadAnswer(
                    f"the LLM endpoint's answer is not a valid chat completion: {exc}"
                ) from exc
            # A pooled connection the server closed while idle (its keep-alive ran out) is not a sign
            # of trouble: the first retry goes at once on a new connection instead of backing off.
            delay = 0.0 if stale else self._backoff(attempt, retry_after)
            past_deadline = ends is not None and time.monotonic() + delay >= ends
            if attempt >= max_retries or past_deadline:
                raise LLMUnavailable(
                    f"the LLM endpoint {self._settings.llm_base_url} is unavailable after "
                    f"{attempt + 1} attempt(s): {reason}"
                ) from last_exc
            log.warning("llm.retry", attempt=attempt + 1, reason=reason, delay_s=round(delay, 3))
            await asyncio.sleep(delay)
            attempt += 1
