"""The worker's cache of parsed structures: one read per document, bounded, failures never cached."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest
from clauseflow_clause_worker.structures import StructureCache
from clauseflow_contracts.errors import NotFound
from clauseflow_documents.model import DocumentStructure
from clauseflow_documents.store import DocumentStore
from worker_fixtures import contract


class CountingStore(DocumentStore):
    """A real store on disk that counts (and can slow down) structure reads."""

    def __init__(self, root: Path, delay_s: float = 0.0) -> None:
        super().__init__(root)
        self.reads = 0
        self._delay_s = delay_s
        self._lock = threading.Lock()

    def get_structure(self, doc_id: str) -> DocumentStructure:
        with self._lock:
            self.reads += 1
        if self._delay_s:
            threading.Event().wait(self._delay_s)
        return super().get_structure(doc_id)


def _documents(root: Path, count: int) -> list[str]:
    store = DocumentStore(root)
    ids = []
    for i in range(count):
        structure = contract().model_copy(update={"document_id": f"doc{i:03d}"})
        store.put_structure(structure)
        ids.append(structure.document_id)
    return ids


async def test_a_document_is_read_from_the_store_once_for_many_tasks(tmp_path: Path) -> None:
    [doc] = _documents(tmp_path, 1)
    store = CountingStore(tmp_path)
    cache = StructureCache(store)
    first = await cache.get(doc)
    for _ in range(20):
        assert await cache.get(doc) is first
    assert store.reads == 1


async def test_concurrent_tasks_share_one_read_of_a_new_document(tmp_path: Path) -> None:
    [doc] = _documents(tmp_path, 1)
    store = CountingStore(tmp_path, delay_s=0.05)
    cache = StructureCache(store)
    structures = await asyncio.gather(*(cache.get(doc) for _ in range(16)))
    assert store.reads == 1
    assert all(s is structures[0] for s in structures)


async def test_a_cancelled_task_does_not_cancel_the_read_the_others_wait_for(tmp_path: Path) -> None:
    [doc] = _documents(tmp_path, 1)
    cache = StructureCache(CountingStore(tmp_path, delay_s=0.1))
    first = asyncio.create_task(cache.get(doc))
    second = asyncio.create_task(cache.get(doc))
    await asyncio.sleep(0.02)
    first.cancel()
    structure = await second
    assert structure.document_id == doc
    with pytest.raises(asyncio.CancelledError):
        await first


async def test_the_least_recently_used_document_is_dropped_beyond_the_bound(tmp_path: Path) -> None:
    a, b, c = _documents(tmp_path, 3)
    store = CountingStore(tmp_path)
    cache = StructureCache(store, max_documents=2)
    await cache.get(a)
    await cache.get(b)
    await cache.get(a)  # a is now more recent than b
    await cache.get(c)  # evicts b
    assert len(cache) == 2
    reads = store.reads
    await cache.get(a)
    assert store.reads == reads
    await cache.get(b)
    assert store.reads == reads + 1


async def test_a_missing_document_is_not_cached(tmp_path: Path) -> None:
    store = CountingStore(tmp_path)
    cache = StructureCache(store)
    with pytest.raises(NotFound):
        await cache.get("nodoc")
    with pytest.raises(NotFound):
        await cache.get("nodoc")
    assert store.reads == 2
    structure = contract().model_copy(update={"document_id": "nodoc"})
    DocumentStore(tmp_path).put_structure(structure)
    assert (await cache.get("nodoc")).document_id == "nodoc"


def test_a_cache_must_hold_at_least_one_document(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="at least 1"):
        StructureCache(DocumentStore(tmp_path), max_documents=0)
