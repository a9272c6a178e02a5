"""Per-document indexes built once and shared by every call (documents are immutable).

Answering "who refers to this clause?" means reading every clause; on a 300-clause contract
that is milliseconds per call, so the scan is done once per document and cached.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field

from clauseflow_shared.documents.model import DocumentStructure

from clauseflow_skills.text import find_references, resolve_number


@dataclass(frozen=True)
class IndexedReference:
    """A reference between clauses: ``target`` is a clause id when resolved, else the raw number."""

    source: str
    raw: str
    target: str | None
    resolved: bool


@dataclass
class DocumentIndex:
    """References out of and into every clause of one document."""

    outgoing: dict[str, list[IndexedReference]] = field(default_factory=dict)
    incoming: dict[str, list[IndexedReference]] = field(default_factory=dict)

    @classmethod
    def build(cls, document: DocumentStructure) -> DocumentIndex:
        """Use the parser's cross-references when it recorded any, else scan the clause texts."""
        index = cls()
        if document.cross_references:
            refs = [
                IndexedReference(r.source, r.raw, r.target, r.resolved) for r in document.cross_references
            ]
        else:
            refs = []
            for clause in document.clauses:
                for found in find_references(clause.text):
                    target = resolve_number(found.number, document)
                    refs.append(
                        IndexedReference(
                            clause.clause_id, found.raw, target or found.number, target is not None
                        )
                    )
        for ref in refs:
            index.outgoing.setdefault(ref.source, []).append(ref)
            if ref.resolved and ref.target and ref.target != ref.source:
                index.incoming.setdefault(ref.target, []).append(ref)
        return index


_CACHE: OrderedDict[tuple[str, int, int, int], DocumentIndex] = OrderedDict()
_LOCK = threading.Lock()
_MAX = 32


def cache_key(document: DocumentStructure) -> tuple[str, int, int, int]:
    """Identity of a document's content: the id plus cheap fingerprints (str hashes are memoised).

    Production ids are content hashes; the fingerprints guard against ids reused for other content.
    """
    return (
        document.document_id,
        hash(document.text),
        len(document.clauses),
        len(document.cross_references),
    )


def index_of(document: DocumentStructure) -> DocumentIndex:
    """The (cached) index of a document; documents without an id are indexed afresh."""
    if not document.document_id:
        return DocumentIndex.build(document)
    key = cache_key(document)
    with _LOCK:
        cached = _CACHE.get(key)
        if cached is not None:
            _CACHE.move_to_end(key)
            return cached
    built = DocumentIndex.build(document)
    with _LOCK:
        _CACHE[key] = built
        while len(_CACHE) > _MAX:
            _CACHE.popitem(last=False)
    return built
