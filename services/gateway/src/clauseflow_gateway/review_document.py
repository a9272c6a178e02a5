"""The reviewed contract and its reference documents as the desk shows them, read from the store."""

from __future__ import annotations

import asyncio

from clauseflow_contracts.errors import NotFound
from clauseflow_documents.model import DocumentStructure
from clauseflow_documents.store import DocumentStore

from clauseflow_gateway.document_view import DocumentPublic, document_view
from clauseflow_gateway.readmodel import ReadModel

# Structures read from the store at once: each read is a file read and a parse on a worker thread,
# and a review may name many reference documents; the default thread pool serves every request.
STRUCTURE_READS = 4


async def review_document(read_model: ReadModel, store: DocumentStore, review_id: str) -> DocumentPublic:
    """The contract under review and its reference documents, read with one look at the review.

    The structures are read concurrently, at most :data:`STRUCTURE_READS` at a time. A missing
    contract is :class:`NotFound`; a reference the orchestrator could not read is left out of the
    review, and so out of the document too.
    """
    documents = await read_model.review_documents(review_id)
    if not documents.primary:
        raise NotFound(f"review {review_id!r} has no stored document")
    gate = asyncio.Semaphore(STRUCTURE_READS)

    async def read(doc_id: str) -> DocumentStructure:
        async with gate:
            return await asyncio.to_thread(store.get_structure, doc_id)

    async def reference(doc_id: str) -> DocumentStructure | None:
        try:
            return await read(doc_id)
        except NotFound:
            return None

    structure, references = await asyncio.gather(
        read(documents.primary), asyncio.gather(*(reference(d) for d in documents.references))
    )
    return document_view(review_id, structure, [r for r in references if r is not None])
