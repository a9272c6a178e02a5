"""Liveness and readiness."""

from __future__ import annotations

import asyncio
from typing import Annotated

from fastapi import APIRouter, Depends
from fastapi.responses import JSONResponse

from clauseflow_gateway.db.engine import ping
from clauseflow_gateway.schemas import HealthPublic
from clauseflow_gateway.services import GatewayServices, get_services

router = APIRouter(tags=["health"])
Services = Annotated[GatewayServices, Depends(get_services)]


@router.get("/healthz", response_model=HealthPublic)
async def healthz() -> HealthPublic:
    """The process is up and serving."""
    return HealthPublic(status="ok")


@router.get("/readyz", response_model=HealthPublic, responses={503: {"model": HealthPublic}})
async def readyz(services: Services) -> JSONResponse:
    """Ready when the database answers and the event consumer runs; 503 with the failing check otherwise."""
    checks = dict(services.checks)
    try:
        await asyncio.wait_for(ping(services.engine), timeout=2.0)
        checks["database"] = "ok"
    except Exception as exc:
        checks["database"] = f"failing: {type(exc).__name__}"
    ready = all(value == "ok" for value in checks.values())
    body = HealthPublic(status="ready" if ready else "not_ready", checks=checks)
    return JSONResponse(body.model_dump(), status_code=200 if ready else 503)
