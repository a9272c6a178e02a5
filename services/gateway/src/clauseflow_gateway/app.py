"""The FastAPI application factory: wiring, lifespan and OpenAPI. Nothing happens at import time."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any

from clauseflow_documents import DocumentStore
from clauseflow_platform.bus import EventBus
from clauseflow_platform.db.engine import dispose_when_returned
from clauseflow_platform.logging import get_logger
from fastapi import Depends, FastAPI
from fastapi.middleware.cors import CORSMiddleware
from sqlalchemy.ext.asyncio import AsyncEngine

from clauseflow_gateway.auth.guard import API_PREFIX, ROLE_KEY, SAFE_METHODS, guard
from clauseflow_gateway.auth.keystore import KeyStore, ReviewOwners
from clauseflow_gateway.auth.ratelimit import UploadLimiter
from clauseflow_gateway.auth.service import LOCAL_USER, AuthServices
from clauseflow_gateway.db.engine import create_engine, create_schema, session_factory
from clauseflow_gateway.decisions import DecisionService
from clauseflow_gateway.desk.security import SecurityHeaders
from clauseflow_gateway.errors import install_error_handlers
from clauseflow_gateway.intake.deadlines import BodyDeadlineMiddleware
from clauseflow_gateway.intake.isolation import ReaderPool
from clauseflow_gateway.intake.submission import DocumentParser, SubmissionService, default_parser
from clauseflow_gateway.outbox import OutboxRelay
from clauseflow_gateway.projector import GROUP_ID, TOPICS, Projector
from clauseflow_gateway.readmodel import ReadModel
from clauseflow_gateway.retries import RetryService
from clauseflow_gateway.routes import (
    decisions,
    document,
    health,
    keys,
    listing,
    ops,
    retry,
    reviews,
    schemas,
    stream,
)
from clauseflow_gateway.routes.desk import install_desk
from clauseflow_gateway.services import GatewayServices
from clauseflow_gateway.settings import GatewaySettings

log = get_logger(__name__)
API_DESCRIPTION = (
    "Upload a contract, follow its review clause by clause, approve / reject / edit the proposed "
    'redlines, and fetch the report. Errors always have the shape `{"error": {"code", "message"}}`.\n\n'
    "Every `/v1` route needs an API key (`Authorization: Bearer cfk_…`) whose role covers the "
    "operation's `x-required-role` (submit < review < admin); a review of another tenant is a 404."
)


def make_bus(settings: GatewaySettings) -> EventBus:
    """The bus the settings ask for (Kafka in deployments, in-memory for embedded use)."""
    from clauseflow_platform.bus.factory import create_bus

    return create_bus(settings.bus_kind, settings)


def _install_openapi(app: FastAPI) -> None:
    """Add the JSON submission schema (the submit route reads its body by hand to accept multipart too)."""

    def openapi() -> dict[str, Any]:
        if app.openapi_schema:
            return app.openapi_schema
        schema = FastAPI.openapi(app)
        _document_security(schema)
        components = schema.setdefault("components", {}).setdefault("schemas", {})
        for model in reviews.EXTRA_SCHEMAS:
            model_schema = model.model_json_schema(ref_template="#/components/schemas/{model}")
            components.update(model_schema.pop("$defs", {}))
            components[model.__name__] = model_schema
        app.openapi_schema = schema
        return schema

    app.openapi = openapi  # type: ignore[method-assign]


def _document_security(schema: dict[str, Any]) -> None:
    """Security only on /v1 operations (the guard lets the rest through), each with its role."""
    for path, operations in schema.get("paths", {}).items():
        for method, operation in operations.items():
            if not path.startswith(API_PREFIX):
                operation.pop("security", None)
            elif ROLE_KEY not in operation:
                operation[ROLE_KEY] = "submit" if method.upper() in SAFE_METHODS else "review"


def create_app(
    settings: GatewaySettings | None = None,
    *,
    bus: EventBus | None = None,
    store: DocumentStore | None = None,
    parser: DocumentParser | None = None,
    consume: bool = True,
) -> FastAPI:
    """The gateway app. A ``bus`` passed in is owned (started/stopped) by the caller; otherwise the
    app creates one from the settings and owns it. ``consume=False`` skips the read-model consumer.
    A ``parser`` runs in the reader processes, so it must be a module-level function."""
    settings = settings or GatewaySettings()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        async with _running(settings, bus, store, parser, consume) as services:
            app.state.services = services
            yield
            app.state.services = None

    title = "clauseflow gateway"
    app = FastAPI(
        title=title,
        version="1.0.0",
        description=API_DESCRIPTION,
        lifespan=lifespan,
        docs_url=None,  # served offline by install_desk
        redoc_url=None,
        # Every route passes the guard: a route added later is protected without asking for it.
        dependencies=[Depends(guard)],
    )
    install_error_handlers(app)
    app.add_middleware(
        BodyDeadlineMiddleware, read_timeout_s=settings.body_read_timeout_s, total_s=settings.body_timeout_s
    )
    if settings.cors_origins:
        # No CORS headers at all unless origins are listed: browsers then refuse cross-site calls.
        app.add_middleware(
            CORSMiddleware,
            allow_origins=settings.cors_origins,
            allow_methods=["GET", "POST", "DELETE"],
            allow_headers=["Authorization", "Content-Type", "Idempotency-Key"],
        )
    for router in (
        listing.router,
        reviews.router,
        document.router,
        decisions.router,
        retry.router,
        stream.router,
        keys.router,
        ops.router,
        health.router,
        schemas.router,
    ):
        app.include_router(router)
    install_desk(app, title=title)
    app.add_middleware(SecurityHeaders)
    _install_openapi(app)
    return app


async def _dispose(engine: AsyncEngine, wait_s: float) -> None:
    left = await dispose_when_returned(engine, wait_s)
    if left:
        log.warning("gateway.db_connections_left", connections=left, waited_s=wait_s)


@contextlib.asynccontextmanager
async def _running(
    settings: GatewaySettings,
    bus: EventBus | None,
    store: DocumentStore | None,
    parser: DocumentParser | None,
    consume: bool,
) -> AsyncIterator[GatewayServices]:
    engine = create_engine(settings.gateway_database_url, settings)
    await create_schema(engine, settings)
    sessions = session_factory(engine)
    owned_bus = bus is None
    the_bus = bus if bus is not None else make_bus(settings)
    async with contextlib.AsyncExitStack() as stack:
        # requests cancelled at shutdown inside a database call give their connection back first
        stack.push_async_callback(_dispose, engine, settings.database_busy_timeout_s + 1)
        if owned_bus:
            await the_bus.start()
            stack.push_async_callback(the_bus.stop)
        readers = ReaderPool(
            workers=settings.parse_workers,
            timeout_s=settings.parse_timeout_s,
            memory_mb=settings.parse_memory_mb,
        )
        readers.start()
        stack.push_async_callback(readers.stop)
        relay = OutboxRelay(
            sessions, the_bus, poll_s=settings.outbox_poll_s, publish_timeout_s=settings.publish_timeout_s
        )
        documents = store or DocumentStore(settings.document_store_dir)
        services = GatewayServices(
            settings=settings,
            engine=engine,
            bus=the_bus,
            relay=relay,
            read_model=ReadModel(sessions, model=settings.llm_model),
            submissions=SubmissionService(
                sessions=sessions,
                store=documents,
                relay=relay,
                parser=parser or default_parser(),
                readers=readers,
                defaults=settings,
            ),
            decisions=DecisionService(sessions, relay),
            retries=RetryService(sessions, relay),
            store=documents,
            auth=AuthServices(
                keys=KeyStore(
                    sessions,
                    operator_sha256=(
                        settings.gateway_operator_key_sha256.get_secret_value()
                        if settings.gateway_operator_key_sha256
                        else None
                    ),
                    cache_s=settings.gateway_key_cache_s,
                ),
                owners=ReviewOwners(sessions),
                uploads=UploadLimiter(settings.upload_rate_limit, settings.upload_rate_window_s),
                local=None if settings.gateway_auth else LOCAL_USER,
            ),
        )
        if consume:
            projector = Projector(sessions, documents=documents)
            stack.push_async_callback(projector.close)
            consumer = the_bus.subscribe(
                TOPICS,
                group_id=GROUP_ID,
                handler=projector.handle,
                concurrency=settings.consumer_concurrency,
                max_attempts=settings.kafka_handler_attempts,
            )
            await consumer.start()
            stack.push_async_callback(consumer.stop)
            services.consumer = consumer
            services.checks["consumer"] = "ok"
        await relay.start()
        stack.push_async_callback(relay.stop)
        log.info("gateway.started", bus=type(the_bus).__name__, consume=consume, auth=settings.gateway_auth)
        yield services
        log.info("gateway.stopping")
