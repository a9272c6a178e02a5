"""The reviewed contract as the desk shows it: its clauses in document order, each with its own text.

A clause's text in the parsed structure includes its sub-clauses; the desk shows every clause once,
so each block here carries only the clause's own words (up to its first sub-clause) and the chain
of clause ids above it, which ties a block to the reviewed unit (``7`` or ``7.1``) a risk names.
"""

from __future__ import annotations

from clauseflow_documents import Clause, DocumentStructure
from pydantic import BaseModel, Field


class DocumentBlockPublic(BaseModel):
    """One clause's own words, in document order."""

    clause_id: str
    path: list[str] = Field(description="ids from the top-level clause down to this one")
    level: int
    title: str
    text: str


class DocumentPublic(BaseModel):
    """The reviewed contract (with Particular Conditions: the General Conditions as amended)."""

    review_id: str
    title: str
    language: str
    blocks: list[DocumentBlockPublic]


def own_text(structure: DocumentStructure, clause: Clause) -> str:
    """The clause's words before its first sub-clause (all of them when it has none)."""
    children = structure.children_of(clause.clause_id) if clause.children else []
    if not children:
        return clause.text.strip()
    cut = clause.text.find(children[0].text)
    return clause.text[:cut].strip() if cut >= 0 else clause.title.strip()


def _path(structure: DocumentStructure, clause: Clause) -> list[str]:
    path = [clause.clause_id]
    parent = clause.parent_id
    while parent is not None and structure.has(parent) and parent not in path:
        path.insert(0, parent)
        parent = structure.get(parent).parent_id
    return path


def document_view(review_id: str, structure: DocumentStructure) -> DocumentPublic:
    """The blocks of a parsed contract, in document order."""
    return DocumentPublic(
        review_id=review_id,
        title=structure.title,
        language=structure.language,
        blocks=[
            DocumentBlockPublic(
                clause_id=c.clause_id,
                path=_path(structure, c),
                level=c.level,
                title=c.title,
                text=own_text(structure, c),
            )
            for c in structure.walk()
        ],
    )
