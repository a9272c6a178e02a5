"""The document the desk shows: one look at the review, its documents read from the store concurrently."""

from __future__ import annotations

import threading
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from clauseflow_contracts.errors import NotFound
from clauseflow_documents.model import DocumentStructure
from clauseflow_documents.parser import parse_document
from clauseflow_documents.store import DocumentStore
from clauseflow_gateway.db.engine import session_factory
from clauseflow_gateway.db.tables import ReviewRow
from clauseflow_gateway.readmodel import ReadModel
from clauseflow_gateway.review_document import STRUCTURE_READS, review_document
from gateway_db import database_with
from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncEngine

REVIEW = "rev_document"
REFERENCES = [f"doc_ref_{n}" for n in range(6)]


class SlowStore(DocumentStore):
    """The real store, each structure read taking a moment; it notes how many reads overlap."""

    def __init__(self, root: Path) -> None:
        super().__init__(root)
        self._lock = threading.Lock()
        self._reading = 0
        self.most_at_once = 0

    def get_structure(self, doc_id: str) -> DocumentStructure:
        with self._lock:
            self._reading += 1
            self.most_at_once = max(self.most_at_once, self._reading)
        try:
            time.sleep(0.15)
            return super().get_structure(doc_id)
        finally:
            with self._lock:
                self._reading -= 1


def _stored(store: DocumentStore, doc_id: str, title: str) -> None:
    text = f"{title}\n\n1. Scope\nThe Supplier shall provide the Services.\n"
    structure = parse_document(text.encode(), "doc.txt").model_copy(update={"document_id": doc_id})
    store.put_structure(structure)


@pytest.fixture
async def engine(tmp_path: Path) -> AsyncIterator[AsyncEngine]:
    review = ReviewRow(
        id=REVIEW,
        status="received",
        our_party="Buyer",
        language="en",
        domain="generic",
        documents={"primary": "doc_main", "references": [*REFERENCES, "doc_never_parsed"]},
    )
    async with database_with(tmp_path / "rm.db", review) as engine:
        yield engine


@pytest.fixture
def store(tmp_path: Path) -> SlowStore:
    store = SlowStore(tmp_path / "documents")
    _stored(store, "doc_main", "SERVICES AGREEMENT")
    for n, doc_id in enumerate(REFERENCES):
        _stored(store, doc_id, f"SCHEDULE {n + 1}")
    return store


async def test_the_review_is_read_once_and_the_references_concurrently_within_the_bound(
    engine: AsyncEngine, store: SlowStore
) -> None:
    statements: list[str] = []

    def note(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        statements.append(statement)

    event.listen(engine.sync_engine, "before_cursor_execute", note)
    doc = await review_document(ReadModel(session_factory(engine)), store, REVIEW)
    assert len([s for s in statements if "FROM reviews" in s]) == 1
    assert 1 < store.most_at_once <= STRUCTURE_READS
    # In upload order; the reference that was never parsed is left out, as the review left it out.
    assert [r.title for r in doc.references] == [f"SCHEDULE {n + 1}" for n in range(len(REFERENCES))]
    assert doc.title == "SERVICES AGREEMENT"


async def test_a_contract_missing_from_the_store_is_not_found(engine: AsyncEngine, tmp_path: Path) -> None:
    with pytest.raises(NotFound):
        await review_document(ReadModel(session_factory(engine)), DocumentStore(tmp_path / "empty"), REVIEW)
