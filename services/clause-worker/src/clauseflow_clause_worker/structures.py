"""A bounded cache of parsed document structures, shared by every task of one worker.

Every clause task of a review names the same stored document, and a structure
is a 100–300-clause JSON file: reading and validating it per task cost more CPU
than the rest of the task's own work. Documents are content-addressed (the id
is the hash of the original) and their structures are written once at intake,
so a structure read once stays valid; the cache only bounds memory (least
recently used documents are dropped first). Concurrent tasks asking for the
same document wait for one read instead of each reading it. Failures (a
missing document) are never cached: the next task asks the store again.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict

from clauseflow_documents.model import DocumentStructure
from clauseflow_documents.store import DocumentStore

DEFAULT_MAX_DOCUMENTS = 32


class StructureCache:
    """Parsed structures by document id, at most ``max_documents`` of them, loaded off the event loop."""

    def __init__(self, store: DocumentStore, max_documents: int = DEFAULT_MAX_DOCUMENTS) -> None:
        if max_documents < 1:
            raise ValueError("max_documents must be at least 1")
        self._store = store
        self._max = max_documents
        self._structures: OrderedDict[str, DocumentStructure] = OrderedDict()
        self._loading: dict[str, asyncio.Future[DocumentStructure]] = {}

    def __len__(self) -> int:
        return len(self._structures)

    async def get(self, document_id: str) -> DocumentStructure:
        """The structure of ``document_id``; raises ``NotFound`` (uncached) when the store has none."""
        cached = self._structures.get(document_id)
        if cached is not None:
            self._structures.move_to_end(document_id)
            return cached
        loading = self._loading.get(document_id)
        if loading is None:
            # The read is a task of its own, so a cancelled caller never cancels it for the others.
            loading = asyncio.ensure_future(asyncio.to_thread(self._store.get_structure, document_id))
            self._loading[document_id] = loading
            loading.add_done_callback(lambda done: self._settle(document_id, done))
        return await asyncio.shield(loading)

    def _settle(self, document_id: str, done: asyncio.Future[DocumentStructure]) -> None:
        """Forget the read; keep its structure if it found one (errors are left for the next ask)."""
        self._loading.pop(document_id, None)
        if not done.cancelled() and done.exception() is None:
            self._remember(document_id, done.result())

    def _remember(self, document_id: str, structure: DocumentStructure) -> None:
        self._structures[document_id] = structure
        self._structures.move_to_end(document_id)
        while len(self._structures) > self._max:
            self._structures.popitem(last=False)
