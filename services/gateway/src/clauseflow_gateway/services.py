"""The gateway's wired components, kept on ``app.state`` and handed to routes through dependencies."""

from __future__ import annotations

from dataclasses import dataclass, field

from clauseflow_documents import DocumentStore
from clauseflow_platform.bus import Consumer, EventBus
from fastapi import Request
from sqlalchemy.ext.asyncio import AsyncEngine

from clauseflow_gateway.decisions import DecisionService
from clauseflow_gateway.intake.submission import SubmissionService
from clauseflow_gateway.outbox import OutboxRelay
from clauseflow_gateway.readmodel import ReadModel
from clauseflow_gateway.settings import GatewaySettings


@dataclass
class GatewayServices:
    """Everything a request may need; built in the app's lifespan."""

    settings: GatewaySettings
    engine: AsyncEngine
    bus: EventBus
    relay: OutboxRelay
    read_model: ReadModel
    submissions: SubmissionService
    decisions: DecisionService
    consumer: Consumer | None = None
    checks: dict[str, str] = field(default_factory=dict)
    store: DocumentStore | None = None  # the documents reviews were submitted with (Word export)


def get_services(request: Request) -> GatewayServices:
    """The dependency routes use to reach the services."""
    services: GatewayServices | None = getattr(request.app.state, "services", None)
    if services is None:
        raise RuntimeError("the gateway is not started (lifespan has not run)")
    return services
