"""A small thread-safe LRU cache of parsed documents in front of the content-addressed store."""

from __future__ import annotations

import threading
from collections import OrderedDict

from clauseflow_documents.model import DocumentStructure
from clauseflow_documents.store import DocumentStore


class DocumentCache:
    """Parsed structures by document id; documents are immutable (content-addressed) so never stale."""

    def __init__(self, store: DocumentStore, max_entries: int = 32) -> None:
        self._store = store
        self._max_entries = max(1, max_entries)
        self._entries: OrderedDict[str, DocumentStructure] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, document_id: str) -> DocumentStructure:
        """The structure of ``document_id``; raises ``NotFound`` when the store has none."""
        with self._lock:
            cached = self._entries.get(document_id)
            if cached is not None:
                self._entries.move_to_end(document_id)
                self.hits += 1
                return cached
        # Read outside the lock: concurrent misses on the same id just both read the file.
        structure = self._store.get_structure(document_id)
        with self._lock:
            self.misses += 1
            self._entries[document_id] = structure
            self._entries.move_to_end(document_id)
            while len(self._entries) > self._max_entries:
                self._entries.popitem(last=False)
        return structure

    def is_cached(self, document_id: str) -> bool:
        """Whether ``get(document_id)`` would answer from memory (no disk read)."""
        with self._lock:
            return document_id in self._entries

    def __len__(self) -> int:
        with self._lock:
            return len(self._entries)
