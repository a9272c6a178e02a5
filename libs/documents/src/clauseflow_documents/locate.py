"""Which clause an offset of the document text falls in (innermost clause), in O(log n)."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence

from clauseflow_documents.model import Clause


class ClauseLocator:
    """Maps text offsets to the innermost clause containing them.

    Clauses are in document order and each starts where its own text starts, so the innermost
    clause holding an offset is the last clause starting at or before it (if its span reaches).
    """

    def __init__(self, clauses: Sequence[Clause]) -> None:
        self._clauses = list(clauses)
        self._starts = [c.start for c in self._clauses]
        self._index = {c.clause_id: i for i, c in enumerate(self._clauses)}
        self.clause_starts = frozenset(self._starts)

    def index_at(self, offset: int) -> int | None:
        """Index of the innermost clause containing ``offset``, or None."""
        i = bisect_right(self._starts, offset) - 1
        while i >= 0:
            clause = self._clauses[i]
            if clause.start <= offset < max(clause.end, clause.start + 1):
                return i
            # Trailing blank text after a clause belongs to its nearest enclosing ancestor.
            parent = clause.parent_id
            i = self._index[parent] if parent is not None and parent in self._index else -1
        return None

    def clause_at(self, offset: int) -> Clause | None:
        """The innermost clause containing ``offset``."""
        i = self.index_at(offset)
        return self._clauses[i] if i is not None else None

    def lineage(self, index: int) -> list[int]:
        """``index`` and the indexes of all its ancestors."""
        out = [index]
        parent = self._clauses[index].parent_id
        while parent is not None and parent in self._index:
            idx = self._index[parent]
            out.append(idx)
            parent = self._clauses[idx].parent_id
        return out

    def has(self, clause_id: str) -> bool:
        """Whether a clause with this id exists."""
        return clause_id in self._index
