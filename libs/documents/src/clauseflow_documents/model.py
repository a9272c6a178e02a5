"""The document model: a contract read into a clause tree with definitions and cross-references.

Offsets (``start``/``end``) index the normalised document text (``DocumentStructure.text``), so
findings and redlines can point back into the document.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property
from typing import Literal

from clauseflow_contracts.errors import NotFound
from pydantic import BaseModel, ConfigDict

Provenance = Literal["original", "gc", "pc", "amended"]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="ignore")


class Clause(_Frozen):
    """One numbered unit of the contract (article, clause, sub-clause, paragraph)."""

    clause_id: str
    title: str = ""
    text: str
    level: int = 1
    parent_id: str | None = None
    children: tuple[str, ...] = ()
    start: int = 0
    end: int = 0
    number_raw: str = ""
    provenance: Provenance = "original"
    definitions_used: tuple[str, ...] = ()


class Definition(_Frozen):
    """A defined term and where it is defined."""

    term: str
    definition: str
    clause_id: str | None = None
    start: int = 0


class CrossReference(_Frozen):
    """A reference from one clause to another; ``resolved`` is False for references that go nowhere."""

    source: str
    target: str | None
    raw: str
    resolved: bool
    start: int = 0


class DocumentStructure(_Frozen):
    """A parsed contract. ``clauses`` is flat, in document order; the tree is in parent_id/children."""

    document_id: str = ""
    title: str = ""
    language: Literal["en", "zh"] = "en"
    source_format: str = "txt"
    text: str = ""
    clauses: tuple[Clause, ...] = ()
    definitions: tuple[Definition, ...] = ()
    cross_references: tuple[CrossReference, ...] = ()
    undefined_terms: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()

    @cached_property
    def _by_id(self) -> dict[str, Clause]:
        return {c.clause_id: c for c in self.clauses}

    def get(self, clause_id: str) -> Clause:
        """The clause with this id; raises :class:`NotFound` naming the id."""
        try:
            return self._by_id[clause_id]
        except KeyError:
            raise NotFound(f"clause {clause_id!r} does not exist in this document") from None

    def has(self, clause_id: str) -> bool:
        """Whether a clause with this id exists."""
        return clause_id in self._by_id

    def top_level(self) -> list[Clause]:
        """Clauses with no parent, in document order."""
        return [c for c in self.clauses if c.parent_id is None]

    def children_of(self, clause_id: str) -> list[Clause]:
        """Direct children of a clause."""
        return [self._by_id[c] for c in self.get(clause_id).children if c in self._by_id]

    def walk(self) -> Iterator[Clause]:
        """All clauses in document order."""
        return iter(self.clauses)

    def locate(self, quote: str, *, within: str) -> str:
        """The innermost numbered clause under ``within`` whose text contains ``quote``.

        A review unit (say clause 7) may hold sub-clauses (7.1, 7.2); a finding is cited at the
        sub-clause that carries it, as a lawyer would. Lettered paragraphs ("4.1(b)") are cited at
        their numbered clause ("4.1"). Falls back to ``within`` when the quote is not found.
        """
        needle = " ".join(quote.split())
        if not needle or not self.has(within):
            return within
        best, queue = within, [within]
        while queue:
            current = self.get(queue.pop())
            for child_id in current.children:
                child = self._by_id.get(child_id)
                if child is None or needle not in " ".join(child.text.split()):
                    continue
                if "(" not in child_id:
                    best = child_id
                queue.append(child_id)
        return best

    def definition(self, term: str) -> Definition | None:
        """The definition of ``term`` (case-insensitive), if any."""
        low = term.strip().strip('"“”').lower()
        return next((d for d in self.definitions if d.term.lower() == low), None)
