"""The clauses the segmenter accepted, as offsets into the text, before they become ``Clause`` objects."""

from __future__ import annotations

from dataclasses import dataclass, field

from clauseflow_documents.numbering import Marker, Reading


@dataclass(slots=True)
class AcceptedClause:
    """A numbered line the segmenter made a clause: its id, marker and place in the tree."""

    clause_id: str
    reading: Reading
    marker: Marker
    start: int  # offset of the marker in the text
    line_end: int  # offset of the end of the marker line
    parent: int | None
    level: int
    title: str = ""
    children: list[int] = field(default_factory=list)


def clause_ends(accepted: list[AcceptedClause], text_end: int) -> list[int]:
    """Where each clause ends: where the next clause at its level or above starts (a monotonic stack pass)."""
    ends = [text_end] * len(accepted)
    open_stack: list[int] = []
    for i, item in enumerate(accepted):
        while open_stack and accepted[open_stack[-1]].level >= item.level:
            ends[open_stack.pop()] = item.start
        open_stack.append(i)
    return ends
