"""The playbook model's brain: read the request kind and answer it deterministically."""

from __future__ import annotations

from clauseflow_contracts.prompts.kinds import RequestKind

from clauseflow_playbook_model.handlers import clause_review, planning, redlines, summary
from clauseflow_playbook_model.handlers.common import read_request
from clauseflow_playbook_model.wire import Answer, ChatRequest


def respond(request: ChatRequest) -> Answer:
    """The assistant turn for ``request`` (same request, same answer)."""
    reading = read_request(request)
    kind = reading.kind
    if kind is RequestKind.CLAUSE_REVIEW:
        if request.tools:
            return clause_review.review_with_tools(request, reading)
        return clause_review.review_fixed(request, reading)
    if kind is RequestKind.CLAUSE_REVIEW_FIXED:
        return clause_review.review_fixed(request, reading)
    if kind is RequestKind.REDLINE_DRAFT:
        return redlines.draft(reading)
    if kind is RequestKind.REDLINE_VALIDATE:
        return redlines.validate(reading)
    if kind is RequestKind.REVIEW_PLAN:
        return planning.plan(reading)
    if kind is RequestKind.PLAN_ADJUST:
        return planning.adjust(reading)
    return summary.summarise(reading)
