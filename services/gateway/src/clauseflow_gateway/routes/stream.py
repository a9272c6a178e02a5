"""Server-sent events: a review's progress and the redlines waiting for a decision.

The stream polls the read model rather than listening to the bus, so it works
the same with any number of gateway replicas. Events: ``progress`` (whenever
status or clause states change), ``redline`` (once per redline when it starts
waiting for a decision), and ``end`` when the review completes or fails.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Annotated

from clauseflow_contracts.review import RedlineStatus
from fastapi import APIRouter, Depends
from sse_starlette import EventSourceResponse, ServerSentEvent

from clauseflow_gateway.routes.reviews import ERRORS
from clauseflow_gateway.schemas import RedlinePublic, ReviewPublic
from clauseflow_gateway.services import GatewayServices, get_services

router = APIRouter(prefix="/v1/reviews", tags=["reviews"])
Services = Annotated[GatewayServices, Depends(get_services)]
# Where a review stops on its own (``incomplete`` goes on only if a retry is requested).
TERMINAL = ("completed", "incomplete", "failed")


async def _snapshot(services: GatewayServices, review_id: str) -> tuple[ReviewPublic, list[RedlinePublic]]:
    """The review and its redlines awaiting a decision, read to the end even if the client leaves.

    A client closing the stream cancels the generator wherever it is waiting; cancelled inside a
    database call, SQLAlchemy invalidates the connection and leaves its close pending forever
    ("Task was destroyed but it is pending"). Shielded, the read finishes and the connection goes
    back to the pool.
    """

    async def read() -> tuple[ReviewPublic, list[RedlinePublic]]:
        review = await services.read_model.review(review_id)
        pending = await services.read_model.redlines(review_id, status=RedlineStatus.PENDING.value)
        return review, pending

    return await asyncio.shield(read())


async def review_events(services: GatewayServices, review_id: str) -> AsyncIterator[ServerSentEvent]:
    """Progress and awaiting-approval events until the review ends."""
    last_progress = ""
    announced: set[str] = set()
    while True:
        review, pending = await _snapshot(services, review_id)
        progress = review.model_dump_json(include={"status", "progress", "clauses", "plan_version"})
        if progress != last_progress:
            last_progress = progress
            yield ServerSentEvent(data=progress, event="progress")
        for redline in pending:
            if redline.id not in announced:
                announced.add(redline.id)
                yield ServerSentEvent(data=redline.model_dump_json(), event="redline", id=redline.id)
        if review.status in TERMINAL:
            end = review.model_dump_json(include={"status", "summary", "failure_reason"})
            yield ServerSentEvent(data=end, event="end")
            return
        await asyncio.sleep(services.settings.sse_poll_s)


@router.get("/{review_id}/events", responses=ERRORS)
async def stream_events(review_id: str, services: Services) -> EventSourceResponse:
    """A ``text/event-stream`` of progress and redlines awaiting approval."""
    await services.read_model.review(review_id)  # 404 before the stream opens
    return EventSourceResponse(review_events(services, review_id), ping=15)
