"""Per-document indexes built once and shared by every call (documents are immutable).

Answering "who refers to this clause?" means reading every clause; on a 300-clause contract
that is milliseconds per call, so the scan is done once per document and cached.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from clauseflow_documents.defined_terms import in_a_title, is_ordinary_term, term_forms
from clauseflow_documents.incorporation import borrowed_definitions_start
from clauseflow_documents.model import DocumentStructure
from clauseflow_legal.rules.drafting.defined_periods import defined_period_conflicts
from clauseflow_legal.rules.drafting.inconsistency import obligor_parties, restated_limit_conflicts
from clauseflow_legal.rules.drafting.undefined_terms import definite_phrases, is_single_use

from clauseflow_skills.text import find_references, resolve_number

_Built = TypeVar("_Built")


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


@dataclass
class PhraseIndex:
    """Per clause, its capitalised phrases used like defined terms that the whole document uses once.

    A Title Case phrase written once, undefined ("in accordance with the Support Policy"), is a
    drafting defect of that clause; one used again elsewhere is reported once for the document.
    Only the single-use ones are kept, so the clause context stays small, and ordinary
    capitalised words ("the Agreement") and defined terms are never candidates. Counting a
    phrase means reading the whole document, hence once per document, not per call.
    """

    by_clause: dict[str, list[str]] = field(default_factory=dict)

    @classmethod
    def build(cls, document: DocumentStructure) -> PhraseIndex:
        """Find, for every clause, its candidate phrases that ``document.text`` uses exactly once."""
        index = cls()
        if document.language == "zh":
            return index  # capitalisation marks no terms in Chinese
        # Where the document borrows its definitions ("capitalised terms … have the meanings given in
        # the Master Subscription Agreement"), a phrase it never defines may be defined there.
        borrowed_from = borrowed_definitions_start(document.text)
        defined: set[str] = set()
        for d in document.definitions:
            defined |= term_forms(d.term)
        single: dict[str, bool] = {}
        for clause in document.clauses:
            if borrowed_from is not None and borrowed_from <= clause.start:
                continue
            phrases: list[str] = []
            for m in definite_phrases(clause.text):
                phrase = m.group("term")
                if in_a_title(clause.text, m.start("term")):
                    continue  # "…Convention on Contracts for the International Sale of Goods"
                if phrase not in single:
                    single[phrase] = (
                        not is_ordinary_term(phrase)
                        and not term_forms(phrase) & defined
                        and is_single_use(phrase, document.text)
                    )
                if single[phrase] and phrase not in phrases:
                    phrases.append(phrase)
            if phrases:
                index.by_clause[clause.clause_id] = phrases
        return index

    def single_use_in(self, clause_id: str) -> list[str]:
        """The clause's candidate phrases that the document uses only there (a copy), in text order."""
        return list(self.by_clause.get(clause_id, ()))


@dataclass
class LimitConflicts:
    """Per clause, the deadlines it sets that another clause sets differently for the same party's act,
    and the period terms it gives a length an earlier clause gave differently.

    "The Distributor shall pay each invoice within 30 days" in one clause and "the Distributor shall
    pay the price within 45 days" in another; a "Lock-up Period" of five years in the definitions and
    of 36 months in the transfer clause: which one binds is uncertain. Found by comparing every
    clause with every other, hence once per document.
    """

    by_clause: dict[str, list[dict[str, str]]] = field(default_factory=dict)

    @classmethod
    def build(cls, document: DocumentStructure) -> LimitConflicts:
        """Compare the deadlines of the document's innermost clauses (their parents repeat their text)."""
        leaves = [(c.clause_id, c.text) for c in document.clauses if not c.children]
        zh = document.language == "zh"
        by_clause = restated_limit_conflicts(leaves, zh, obligor_parties(document.text))
        for clause_id, conflicts in defined_period_conflicts(leaves, zh).items():
            by_clause.setdefault(clause_id, []).extend(conflicts)
        return cls(by_clause)


_Key = tuple[str, int, int, int]
_CACHE: OrderedDict[_Key, DocumentIndex] = OrderedDict()
_PHRASES: OrderedDict[_Key, PhraseIndex] = OrderedDict()
_CONFLICTS: OrderedDict[_Key, LimitConflicts] = OrderedDict()
_LOCK = threading.Lock()
_MAX = 32


def cache_key(document: DocumentStructure) -> _Key:
    """Identity of a document's content: the id plus cheap fingerprints (str hashes are memoised).

    Production ids are content hashes; the fingerprints guard against ids reused for other content.
    """
    return (
        document.document_id,
        hash(document.text),
        len(document.clauses),
        len(document.cross_references),
    )


def _cached(
    cache: OrderedDict[_Key, _Built],
    document: DocumentStructure,
    build: Callable[[DocumentStructure], _Built],
) -> _Built:
    """``build(document)`` once per document content, kept in a small LRU; no id, no caching."""
    if not document.document_id:
        return build(document)
    key = cache_key(document)
    with _LOCK:
        cached = cache.get(key)
        if cached is not None:
            cache.move_to_end(key)
            return cached
    # Built outside the lock: concurrent first calls for one document both build, same result.
    built = build(document)
    with _LOCK:
        cache[key] = built
        while len(cache) > _MAX:
            cache.popitem(last=False)
    return built


def index_of(document: DocumentStructure) -> DocumentIndex:
    """The (cached) index of a document; documents without an id are indexed afresh."""
    return _cached(_CACHE, document, DocumentIndex.build)


def phrases_of(document: DocumentStructure) -> PhraseIndex:
    """The (cached) single-use phrases of a document; documents without an id are read afresh."""
    return _cached(_PHRASES, document, PhraseIndex.build)


def limit_conflicts_of(document: DocumentStructure) -> LimitConflicts:
    """The (cached) deadline conflicts of a document; documents without an id are read afresh."""
    return _cached(_CONFLICTS, document, LimitConflicts.build)
