"""A service's side of the skills gRPC API: a tool registry cache and routed, bounded skill calls.

The one skills client of the services that call skills (the clause worker's agent, the
orchestrator's clause typing): services never import each other, so it lives here.

Tool definitions (not code) are the contract between a caller and skills: the
registry is read with ``ListTools`` per domain from every configured target,
cached, refreshed periodically and whenever a target answers NOT_FOUND, and
each tool name is routed to the target that advertised it. Every call has a
deadline; UNAVAILABLE is retried (with backoff) and a missed deadline once (skills
only read, so a second call is safe), because every other status is an answer
the model should see. A target still UNAVAILABLE after
its retries is failed over: the registry is refreshed and the call goes to
another target that offers the tool. Errors never raise out of
:meth:`SkillsClient.invoke`: they come back as readable text for the model.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TypeVar

import grpc
from clauseflow_contracts.chat import ToolSpec
from clauseflow_protos.skills.v1 import skills_pb2, skills_pb2_grpc

from clauseflow_platform.logging import get_logger
from clauseflow_platform.settings import SkillsClientSettings

log = get_logger(__name__)

_Request = TypeVar("_Request")
_Response = TypeVar("_Response")

UNAVAILABLE_ATTEMPTS = 3
BACKOFF_BASE_S = 0.2
# A call that ran past its deadline is made once more. Skills only read (the stored contract and the
# reference data), so a second call is safe; on a machine busy for a moment the first one can miss
# its deadline, and a failed call fails its clause: the review would be incomplete, and the same
# contract reviewed again would read differently.
DEADLINE_ATTEMPTS = 2
# The failures after which the call is routed again through a refreshed registry.
_REROUTED = ("NOT_FOUND", "UNAVAILABLE")


@dataclass(frozen=True)
class ToolInfo:
    """One tool as a skill target advertised it."""

    name: str
    description: str
    parameters: dict[str, object]
    domain: str
    category: str
    status: str
    version: str
    target: str
    openai_tool: ToolSpec


@dataclass(frozen=True)
class InvocationContext:
    """What a skill needs to know about the review besides the model's arguments."""

    review_id: str
    primary_document_id: str
    clause_id: str
    our_party: str
    language: str
    domain: str
    particular_conditions_document_id: str = ""
    reference_document_ids: tuple[str, ...] = ()

    def to_pb(self) -> skills_pb2.ReviewContext:
        """The context as the protobuf message."""
        return skills_pb2.ReviewContext(
            review_id=self.review_id,
            primary_document_id=self.primary_document_id,
            particular_conditions_document_id=self.particular_conditions_document_id,
            reference_document_ids=list(self.reference_document_ids),
            clause_id=self.clause_id,
            our_party=self.our_party,
            language=self.language,
            domain=self.domain,
        )


@dataclass(frozen=True)
class SkillOutcome:
    """The result of one skill call: JSON text on success, a readable error otherwise."""

    skill_id: str
    ok: bool
    result_json: str = ""
    error: str = ""
    duration_ms: float = 0.0

    def result(self) -> object:
        """The decoded result (or the raw text when a skill answered something that is not JSON)."""
        try:
            return json.loads(self.result_json) if self.result_json else {}
        except json.JSONDecodeError:
            return self.result_json


@dataclass
class _Registry:
    """Cached tools of one domain; replaced whole on refresh so readers never see a half state."""

    tools: dict[str, ToolInfo] = field(default_factory=dict)
    fetched_at: float = 0.0
    errors: tuple[str, ...] = ()


def describe_rpc_error(exc: grpc.aio.AioRpcError) -> str:
    """A gRPC failure as the text the model reads: status code and the server's message."""
    details = exc.details() or "no details"
    return f"{exc.code().name}: {details}"


def _tool_from_pb(pb: skills_pb2.ToolDefinition, target: str) -> ToolInfo:
    parameters = (
        json.loads(pb.parameters_json) if pb.parameters_json else {"type": "object", "properties": {}}
    )
    if pb.openai_tool_json:
        openai_tool = json.loads(pb.openai_tool_json)
    else:
        openai_tool = {
            "type": "function",
            "function": {"name": pb.name, "description": pb.description, "parameters": parameters},
        }
    return ToolInfo(
        name=pb.name,
        description=pb.description,
        parameters=parameters,
        domain=pb.domain,
        category=pb.category,
        status=pb.status,
        version=pb.version,
        target=target,
        openai_tool=openai_tool,
    )


class SkillsClient:
    """gRPC client for one or more skill targets; safe to share between concurrent clause tasks."""

    def __init__(self, settings: SkillsClientSettings) -> None:
        self._settings = settings
        self._targets = settings.target_list()
        if not self._targets:
            raise ValueError("SKILLS_TARGETS is empty: name at least one skills gRPC target (host:port)")
        self._channels: dict[str, grpc.aio.Channel] = {}
        self._stubs: dict[str, skills_pb2_grpc.SkillServiceAsyncStub] = {}
        self._registries: dict[str, _Registry] = {}
        # One refresh per domain at a time; concurrent tasks wait for it instead of stampeding.
        self._refresh_locks: dict[str, asyncio.Lock] = {}

    @property
    def targets(self) -> list[str]:
        """The configured targets."""
        return list(self._targets)

    async def start(self) -> None:
        """Open the channels (lazily connected by gRPC)."""
        for target in self._targets:
            if target not in self._channels:
                channel = grpc.aio.insecure_channel(target)
                self._channels[target] = channel
                self._stubs[target] = skills_pb2_grpc.SkillServiceStub(channel)

    async def close(self) -> None:
        """Close every channel."""
        channels, self._channels, self._stubs = self._channels, {}, {}
        for channel in channels.values():
            await channel.close(None)

    async def tools_for(self, domain: str, *, force_refresh: bool = False) -> list[ToolInfo]:
        """The active tools for ``domain`` from the cache, refreshed when stale or when forced."""
        registry = await self._registry(domain, force_refresh=force_refresh)
        return list(registry.tools.values())

    async def _registry(self, domain: str, *, force_refresh: bool = False) -> _Registry:
        # Fast path for every skill call: a fresh registry needs no lock (it is replaced whole).
        cached = self._registries.get(domain)
        if cached is not None and not force_refresh and self._is_fresh(cached):
            return cached
        lock = self._refresh_locks.setdefault(domain, asyncio.Lock())
        async with lock:
            cached = self._registries.get(domain)
            if cached is not None and self._is_fresh(cached) and not force_refresh:
                return cached
            registry = await self._fetch_registry(domain)
            if not registry.tools and cached is not None and cached.tools:
                # Every target failed: keep serving the last good registry rather than no tools at all.
                log.warning("skills.registry_refresh_failed", domain=domain, errors=list(registry.errors))
                return cached
            self._registries[domain] = registry
            return registry

    def _is_fresh(self, registry: _Registry) -> bool:
        return time.monotonic() - registry.fetched_at < self._settings.skills_registry_refresh_s

    async def _fetch_registry(self, domain: str) -> _Registry:
        await self.start()
        request = skills_pb2.ListToolsRequest(domain=domain)
        results = await asyncio.gather(*(self._list_target(t, request) for t in self._targets))
        tools: dict[str, ToolInfo] = {}
        errors: list[str] = []
        # Earlier targets win a name clash, so the configured order is the routing priority.
        for target, (found, error) in zip(self._targets, results, strict=True):
            if error:
                errors.append(f"{target}: {error}")
            for tool in found:
                tools.setdefault(tool.name, tool)
        return _Registry(tools=tools, fetched_at=time.monotonic(), errors=tuple(errors))

    async def _list_target(
        self, target: str, request: skills_pb2.ListToolsRequest
    ) -> tuple[list[ToolInfo], str]:
        try:
            response = await self._call_with_retry(self._stubs[target].ListTools, request)
        except grpc.aio.AioRpcError as exc:
            return [], describe_rpc_error(exc)
        try:
            return [_tool_from_pb(pb, target) for pb in response.tools], ""
        except json.JSONDecodeError as exc:
            return [], f"target advertised a tool with invalid JSON: {exc}"

    async def _call_with_retry(
        self, method: grpc.aio.UnaryUnaryMultiCallable[_Request, _Response], request: _Request
    ) -> _Response:
        """Call ``method`` with the client's deadline, retrying UNAVAILABLE and, once, a missed deadline."""
        unavailable = deadline = 0
        while True:
            try:
                return await method(request, timeout=self._settings.skills_timeout_s)
            except grpc.aio.AioRpcError as exc:
                if exc.code() == grpc.StatusCode.DEADLINE_EXCEEDED:
                    deadline += 1
                    if deadline == DEADLINE_ATTEMPTS:
                        raise
                    log.warning("skill.deadline_retry", timeout_s=self._settings.skills_timeout_s)
                    continue
                unavailable += 1
                if exc.code() != grpc.StatusCode.UNAVAILABLE or unavailable == UNAVAILABLE_ATTEMPTS:
                    raise
                await asyncio.sleep(BACKOFF_BASE_S * 2 ** (unavailable - 1))

    async def invoke(
        self, name: str, context: InvocationContext, arguments: Mapping[str, object]
    ) -> SkillOutcome:
        """Call a skill on the target that advertised it; failures come back as a readable outcome."""
        started = time.perf_counter()
        registry = await self._registry(context.domain)
        tool = registry.tools.get(name)
        if tool is None:
            # The registry may be stale (a skill deployed since the last refresh): look again once.
            registry = await self._registry(context.domain, force_refresh=True)
            tool = registry.tools.get(name)
        if tool is None:
            # A target that could not be asked may be the one offering it: that is not a "no".
            error = (
                f"UNAVAILABLE: no reachable skill target offers {name!r} ({'; '.join(registry.errors)})"
                if registry.errors
                else f"NOT_FOUND: no skill target offers a tool named {name!r}"
            )
            return SkillOutcome(skill_id=name, ok=False, error=error, duration_ms=_elapsed_ms(started))
        outcome = await self._invoke_on(tool.target, name, context, arguments, started)
        if not outcome.ok and outcome.error.startswith(_REROUTED):
            outcome = await self._reroute(tool.target, name, context, arguments, outcome, started)
        return outcome

    async def _reroute(
        self,
        old_target: str,
        name: str,
        context: InvocationContext,
        arguments: Mapping[str, object],
        outcome: SkillOutcome,
        started: float,
    ) -> SkillOutcome:
        # NOT_FOUND may mean the skill moved (refresh the routing) or an unknown clause (a real answer);
        # UNAVAILABLE after the retries means the target is down: a refresh routes to one still up.
        registry = await self._registry(context.domain, force_refresh=True)
        moved = registry.tools.get(name)
        if moved is None or moved.target == old_target:
            return outcome
        return await self._invoke_on(moved.target, name, context, arguments, started)

    async def _invoke_on(
        self,
        target: str,
        name: str,
        context: InvocationContext,
        arguments: Mapping[str, object],
        started: float,
    ) -> SkillOutcome:
        request = skills_pb2.InvokeRequest(
            skill_id=name,
            context=context.to_pb(),
            arguments_json=json.dumps(arguments, ensure_ascii=False),
        )
        try:
            response = await self._call_with_retry(self._stubs[target].Invoke, request)
        except grpc.aio.AioRpcError as exc:
            return SkillOutcome(
                skill_id=name, ok=False, error=describe_rpc_error(exc), duration_ms=_elapsed_ms(started)
            )
        return SkillOutcome(
            skill_id=name,
            ok=True,
            result_json=response.result_json,
            duration_ms=float(response.duration_ms) or _elapsed_ms(started),
        )


def _elapsed_ms(started: float) -> float:
    return round((time.perf_counter() - started) * 1000, 3)
