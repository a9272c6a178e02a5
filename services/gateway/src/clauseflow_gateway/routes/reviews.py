"""Submitting reviews and reading them: status, risks, redlines, plan and report."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from clauseflow_contracts.review import RedlineStatus, RiskLevel
from fastapi import APIRouter, Depends, Query, Request, Response
from fastapi.responses import JSONResponse, PlainTextResponse

from clauseflow_gateway.intake.upload import SUPPORTED_SUFFIXES, read_submission
from clauseflow_gateway.report import build_report, render_markdown
from clauseflow_gateway.routes.word_report import DOCX_RESPONSE, WordQuery, wants_word, word_report
from clauseflow_gateway.schemas import (
    ErrorPublic,
    PlanPublic,
    RedlinesPublic,
    ReviewAccepted,
    ReviewCreate,
    ReviewPublic,
    RisksPublic,
)
from clauseflow_gateway.services import GatewayServices, get_services

router = APIRouter(prefix="/v1/reviews", tags=["reviews"])
Services = Annotated[GatewayServices, Depends(get_services)]
ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorPublic} for code in (400, 404, 409, 413, 415, 422)
}

MULTIPART_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["file", "our_party"],
    "properties": {
        "file": {
            "type": "string",
            "format": "binary",
            "description": f"one of {', '.join(SUPPORTED_SUFFIXES)}",
        },
        "our_party": {"type": "string"},
        "language": {"type": "string", "enum": ["zh-CN", "en"]},
        "domain": {"type": "string", "enum": ["generic", "fidic", "sha_spa", "auto"], "default": "auto"},
        "title": {"type": "string"},
        "options": {"type": "string", "description": "JSON object of review options"},
        "pc_file": {"type": "string", "format": "binary", "description": "FIDIC particular conditions"},
        "reference_files": {"type": "array", "items": {"type": "string", "format": "binary"}},
    },
}
SUBMIT_BODY: dict[str, Any] = {
    "requestBody": {
        "required": True,
        "content": {
            "application/json": {"schema": {"$ref": "#/components/schemas/ReviewCreate"}},
            "multipart/form-data": {"schema": MULTIPART_SCHEMA},
        },
    }
}
EXTRA_SCHEMAS = (ReviewCreate,)


@router.post(
    "",
    status_code=202,
    response_model=ReviewAccepted,
    responses=ERRORS,
    openapi_extra=SUBMIT_BODY,
    summary="Submit a contract for review (JSON text or a multipart file upload)",
)
async def submit_review(request: Request, response: Response, services: Services) -> ReviewAccepted:
    """Validate and parse the contract, record the review and queue it; answers at once with its id."""
    settings = services.settings
    submission = await read_submission(
        request,
        limit=settings.max_upload_bytes,
        request_limit=settings.max_request_bytes,
        max_references=settings.max_reference_files,
    )
    accepted = await services.submissions.submit(submission)
    response.headers["Location"] = accepted.links.self
    return accepted


@router.get("/{review_id}", response_model=ReviewPublic, responses=ERRORS)
async def read_review(review_id: str, services: Services) -> ReviewPublic:
    """A review's status, progress, clause states and counts."""
    return await services.read_model.review(review_id)


@router.get("/{review_id}/risks", response_model=RisksPublic, responses=ERRORS)
async def read_risks(
    review_id: str,
    services: Services,
    level: RiskLevel | None = None,
    risk_type: Annotated[str | None, Query(alias="type")] = None,
    clause_id: Annotated[str | None, Query(alias="clause")] = None,
) -> RisksPublic:
    """Risks in document order; filter by ``level``, ``type`` and ``clause``."""
    risks = await services.read_model.risks(
        review_id, level=level.value if level else None, risk_type=risk_type, clause_id=clause_id
    )
    return RisksPublic(data=risks, count=len(risks))


@router.get("/{review_id}/redlines", response_model=RedlinesPublic, responses=ERRORS)
async def read_redlines(
    review_id: str,
    services: Services,
    status: RedlineStatus | None = None,
    clause_id: Annotated[str | None, Query(alias="clause")] = None,
    risk_id: Annotated[str | None, Query(alias="risk")] = None,
) -> RedlinesPublic:
    """Redlines in document order; ``status=pending`` lists those awaiting a decision."""
    redlines = await services.read_model.redlines(
        review_id, status=status.value if status else None, clause_id=clause_id, risk_id=risk_id
    )
    return RedlinesPublic(data=redlines, count=len(redlines))


@router.get("/{review_id}/plan", response_model=PlanPublic, responses=ERRORS)
async def read_plan(review_id: str, services: Services) -> PlanPublic:
    """The current review plan and every earlier version with its rationale."""
    return await services.read_model.plan(review_id)


def wants_markdown(request: Request, format_: str | None) -> bool:
    """Markdown when asked by ``?format=md`` or an Accept header preferring text/markdown."""
    if format_ is not None:
        return format_ in ("md", "markdown")
    accept = request.headers.get("accept", "")
    return "text/markdown" in accept and "application/json" not in accept


@router.get(
    "/{review_id}/report",
    responses={
        **ERRORS,
        200: {
            "content": {"application/json": {}, "text/markdown": {}, **DOCX_RESPONSE},
            "description": "report.json, Markdown, or the contract as Word (redline or clean)",
        },
    },
)
async def read_report(
    review_id: str,
    request: Request,
    services: Services,
    word: Annotated[WordQuery, Depends()],
    format_: Annotated[Literal["json", "md", "markdown", "docx"] | None, Query(alias="format")] = None,
) -> Response:
    """The review report: ``report.json`` (default), Markdown (``?format=md`` or Accept: text/markdown)
    or the contract as Word with tracked changes and comments (``?format=docx`` or Accept: the Word type)."""
    report = build_report(await services.read_model.snapshot(review_id))
    if wants_word(request, format_):
        return await word_report(services, review_id, report, word)
    if wants_markdown(request, format_):
        return PlainTextResponse(render_markdown(report), media_type="text/markdown; charset=utf-8")
    return JSONResponse(report)
