"""The gRPC server: ListTools (the registry endpoint) and Invoke, plus health checking and reflection.

Errors become statuses whose message the calling LLM can read and act on: INVALID_ARGUMENT names
the bad field, NOT_FOUND lists what exists, DEADLINE_EXCEEDED says how long was allowed.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import grpc
from clauseflow_contracts.errors import InvalidInput, NotFound
from clauseflow_documents.store import DocumentStore
from clauseflow_platform.logging import bound_context, get_logger
from clauseflow_protos.skills.v1 import skills_pb2, skills_pb2_grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection

from clauseflow_skills.catalog import build_registry
from clauseflow_skills.documents import DocumentCache
from clauseflow_skills.executor import SkillExecutor, SkillTimeout
from clauseflow_skills.registry import SkillRegistry
from clauseflow_skills.settings import SkillsServerSettings
from clauseflow_skills.skill import ReviewContext, Skill

log = get_logger(__name__)

SERVICE_NAME = skills_pb2.DESCRIPTOR.services_by_name["SkillService"].full_name


def tool_definition_pb(skill: Skill[Any, Any]) -> skills_pb2.ToolDefinition:
    """A skill as the registry endpoint advertises it."""
    tool = skill.to_tool_definition()
    return skills_pb2.ToolDefinition(
        name=skill.skill_id,
        description=skill.description,
        parameters_json=json.dumps(tool["function"]["parameters"], ensure_ascii=False),
        domain=skill.domain,
        category=skill.category,
        status=skill.status,
        version=skill.version,
        openai_tool_json=json.dumps(tool, ensure_ascii=False),
    )


def review_context_from_pb(pb: skills_pb2.ReviewContext) -> ReviewContext:
    """The protobuf context as the skills' model."""
    return ReviewContext(
        review_id=pb.review_id,
        primary_document_id=pb.primary_document_id,
        particular_conditions_document_id=pb.particular_conditions_document_id,
        reference_document_ids=tuple(pb.reference_document_ids),
        clause_id=pb.clause_id,
        our_party=pb.our_party,
        language=pb.language or "en",
        domain=pb.domain or "generic",
    )


class SkillService(skills_pb2_grpc.SkillServiceServicer):
    """Implements clauseflow.skills.v1.SkillService over a registry and an executor."""

    def __init__(self, registry: SkillRegistry, executor: SkillExecutor) -> None:
        self._registry = registry
        self._executor = executor

    async def ListTools(
        self, request: skills_pb2.ListToolsRequest, context: grpc.aio.ServicerContext[Any, Any]
    ) -> skills_pb2.ListToolsResponse:
        """Tool definitions filtered by domain (that domain or '*'), category and status."""
        # "generic" is the review domain of contracts with no domain pack: only the '*' skills.
        domain = request.domain.strip() or None
        skills = self._registry.list_skills(
            domain=domain,
            category=request.category.strip() or None,
            include_inactive=request.include_inactive,
        )
        return skills_pb2.ListToolsResponse(tools=[tool_definition_pb(s) for s in skills])

    async def Invoke(
        self, request: skills_pb2.InvokeRequest, context: grpc.aio.ServicerContext[Any, Any]
    ) -> skills_pb2.InvokeResponse:
        """Run one skill; failures are statuses with LLM-readable messages."""
        review = review_context_from_pb(request.context)
        remaining = context.time_remaining()
        with bound_context(review_id=review.review_id, clause_id=review.clause_id, skill_id=request.skill_id):
            try:
                result = await self._executor.invoke(
                    request.skill_id, review, request.arguments_json, timeout_s=remaining
                )
            except NotFound as exc:
                await context.abort(grpc.StatusCode.NOT_FOUND, str(exc))
            except InvalidInput as exc:
                await context.abort(grpc.StatusCode.INVALID_ARGUMENT, str(exc))
            except SkillTimeout as exc:
                await context.abort(grpc.StatusCode.DEADLINE_EXCEEDED, str(exc))
            except Exception:
                log.exception("skill.failed")
                await context.abort(
                    grpc.StatusCode.INTERNAL,
                    f"{request.skill_id} failed unexpectedly; try another tool or continue without it",
                )
            return skills_pb2.InvokeResponse(result_json=result.result_json, duration_ms=result.duration_ms)


async def create_server(
    settings: SkillsServerSettings,
    port: int = 0,
    *,
    extra_skills: Sequence[Skill[Any, Any]] = (),
    registry: SkillRegistry | None = None,
) -> tuple[grpc.aio.Server, int]:
    """Build, bind and START the skills server on ``settings.skills_host:port`` (0 = a free port).

    Returns the running server and the bound port; stop it with ``await server.stop(grace)``.
    Raises ``SkillDefinitionError`` before binding when a skill's tool schema is not strict-valid.
    """
    registry = registry if registry is not None else build_registry(extra_skills)
    documents = DocumentCache(DocumentStore(settings.document_store_dir), settings.skills_document_cache_size)
    executor = SkillExecutor(
        registry,
        documents,
        max_concurrency=settings.skills_max_concurrency,
        default_timeout_s=settings.skills_invoke_timeout_s,
        inline_below_ms=settings.skills_inline_below_ms,
    )
    server = grpc.aio.server()
    skills_pb2_grpc.add_SkillServiceServicer_to_server(SkillService(registry, executor), server)
    health_servicer = health.aio.HealthServicer()  # type: ignore[attr-defined]
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    reflection.enable_server_reflection(
        (SERVICE_NAME, health_pb2.DESCRIPTOR.services_by_name["Health"].full_name, reflection.SERVICE_NAME),
        server,
    )
    bound = server.add_insecure_port(f"{settings.skills_host}:{port}")
    if bound == 0:
        raise OSError(f"cannot bind the skills server to {settings.skills_host}:{port}")
    await server.start()
    await health_servicer.set("", health_pb2.HealthCheckResponse.SERVING)
    await health_servicer.set(SERVICE_NAME, health_pb2.HealthCheckResponse.SERVING)
    log.info("skills.server_started", host=settings.skills_host, port=bound, skills=len(registry.skill_ids))
    return server, bound
