"""Published JSON Schemas: the shape of ``report.json``, for scripts that read reports.

Public like ``/openapi.json`` (a schema holds no review data), and the same file the package ships.
"""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import JSONResponse

from clauseflow_gateway.report_model import SCHEMA_PATH, published_schema

router = APIRouter(tags=["schemas"])


@router.get(
    SCHEMA_PATH,
    responses={200: {"content": {"application/schema+json": {}}, "description": "JSON Schema"}},
)
async def report_schema() -> JSONResponse:
    """The JSON Schema every ``report.json`` validates against (see its ``schema_version``)."""
    return JSONResponse(published_schema(), media_type="application/schema+json")
