"""The report as Word: ``?format=docx`` or ``Accept: application/vnd…wordprocessingml.document``.

``variant=redline`` (default) is the contract with tracked changes and a comment per risk;
``variant=clean`` has every change accepted and no comments. ``pending=true`` shows pending
redlines as revisions too; ``revisions=false`` shows risks as comments only.
"""

from __future__ import annotations

import asyncio
from pathlib import PurePath
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import Query, Request, Response

from clauseflow_gateway.errors import ApiError
from clauseflow_gateway.services import GatewayServices
from clauseflow_gateway.wordexport import DOCX_MEDIA_TYPE, WordOptions, export_word
from clauseflow_gateway.wordexport.export import Variant
from clauseflow_gateway.wordexport.source import contract_source

DOCX_RESPONSE: dict[str, Any] = {
    DOCX_MEDIA_TYPE: {
        "schema": {"type": "string", "format": "binary"},
        "examples": {
            "redline": {"summary": "variant=redline: tracked changes and a comment per risk"},
            "clean": {"summary": "variant=clean: every change accepted, no comments"},
        },
    }
}


class WordQuery:
    """The Word export's query parameters (ignored for JSON and Markdown)."""

    def __init__(
        self,
        variant: Annotated[
            Variant, Query(description="docx only: redline (tracked changes + comments) or clean")
        ] = "redline",
        pending: Annotated[
            bool, Query(description="docx only: show redlines still awaiting approval as revisions too")
        ] = False,
        revisions: Annotated[
            bool, Query(description="docx only: false shows the risks as comments, with no revisions")
        ] = True,
    ) -> None:
        self.variant = variant
        self.pending = pending
        self.revisions = revisions


def wants_word(request: Request, format_: str | None) -> bool:
    """Word when asked by ``?format=docx`` or an Accept header naming the Word media type."""
    if format_ is not None:
        return format_ == "docx"
    return DOCX_MEDIA_TYPE in request.headers.get("accept", "")


async def word_report(
    services: GatewayServices, review_id: str, report: dict[str, Any], query: WordQuery
) -> Response:
    """The review's contract as a .docx, with a download file name."""
    if services.store is None:
        raise ApiError(409, "no_document_store", "this gateway has no document store to export from")
    documents, filename = await services.read_model.documents(review_id)
    source = await asyncio.to_thread(contract_source, services.store, documents)
    options = WordOptions(
        variant=query.variant,
        include_pending=query.pending,
        revisions=query.revisions,
        author=services.settings.word_author,
    )
    # Building the document is CPU work (tens of milliseconds): off the event loop.
    content = await asyncio.to_thread(export_word, report, source, options)
    name = f"{PurePath(filename or source.filename or review_id).stem or review_id}.{query.variant}.docx"
    ascii_name = name.encode("ascii", "replace").decode().replace("?", "_").replace('"', "_")
    disposition = f"attachment; filename=\"{ascii_name}\"; filename*=UTF-8''{quote(name)}"
    return Response(content, media_type=DOCX_MEDIA_TYPE, headers={"Content-Disposition": disposition})
