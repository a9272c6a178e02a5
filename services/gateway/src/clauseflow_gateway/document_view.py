"""The reviewed contract as the desk shows it: its clauses in document order, each with its own text.

A clause's text in the parsed structure includes its sub-clauses; the desk shows every clause once,
so each block here carries only the clause's own words (up to its first sub-clause) and the chain
of clause ids above it, which ties a block to the reviewed unit (``7`` or ``7.1``) a risk names.
"""

from __future__ import annotations

from collections.abc import Sequence

from clauseflow_documents import Clause, DocumentStructure
from clauseflow_documents.reference_units import reference_prefixes, unit_id
from pydantic import BaseModel, Field


class DocumentBlockPublic(BaseModel):
    """One clause's own words, in document order."""

    clause_id: str
    path: list[str] = Field(description="ids from the top-level clause down to this one")
    level: int
    title: str
    text: str


class ReferencePublic(BaseModel):
    """A reference document (Particular Conditions, Employer's Requirements, a schedule) of the review.

    Its block ids carry the prefix its units are reviewed and cited under ("ER 3.2").
    """

    prefix: str
    title: str
    blocks: list[DocumentBlockPublic]


class DocumentPublic(BaseModel):
    """The reviewed contract (with Particular Conditions: the General Conditions as amended)."""

    review_id: str
    title: str
    language: str
    blocks: list[DocumentBlockPublic]
    references: list[ReferencePublic] = Field(
        default_factory=list, description="the reference documents, after the contract's own clauses"
    )


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


def _blocks(structure: DocumentStructure, prefix: str = "") -> list[DocumentBlockPublic]:
    def named(clause_id: str) -> str:
        return unit_id(prefix, clause_id) if prefix else clause_id

    return [
        DocumentBlockPublic(
            clause_id=named(c.clause_id),
            path=[named(p) for p in _path(structure, c)],
            level=c.level,
            title=c.title,
            text=own_text(structure, c),
        )
        for c in structure.walk()
    ]


def document_view(
    review_id: str, structure: DocumentStructure, references: Sequence[DocumentStructure] = ()
) -> DocumentPublic:
    """The blocks of a parsed contract, in document order, then those of its reference documents."""
    return DocumentPublic(
        review_id=review_id,
        title=structure.title,
        language=structure.language,
        blocks=_blocks(structure),
        references=[
            ReferencePublic(prefix=prefix, title=reference.title, blocks=_blocks(reference, prefix))
            for prefix, reference in zip(reference_prefixes(references), references, strict=True)
        ],
    )
