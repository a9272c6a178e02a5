"""Clauses of a review's reference documents (Employer's Requirements, a statement of work…).

A reference document is part of the contract: obligations planted in the Employer's Requirements
("the Contractor shall obtain the grid connection at its own risk", a ten-year yield guarantee)
bind our party as much as the Conditions do. Its numbered units are reviewed like the contract's,
under ids that say which document they come from: "ER 3.2" is clause 3.2 of the Employer's
Requirements, never clause 3.2 of the Conditions. The prefix comes from the document's title, in
the abbreviation lawyers use for it; the orchestrator plans and the worker resolves with the same
functions, so an id always leads back to the same clause.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from clauseflow_documents.model import Clause, DocumentStructure

_HEAD_CHARS = 600
# Title words → the prefix a lawyer writes ("ER 4.1", "SOW 2.3").
_NAMED = (
    (re.compile(r"employer['’]?s\s+requirements", re.I), "ER"),
    (re.compile(r"owner['’]?s\s+requirements", re.I), "OR"),
    (re.compile(r"statement\s+of\s+work", re.I), "SOW"),
    (re.compile(r"technical\s+specifications?|\bspecifications?\b", re.I), "Spec"),
    (re.compile(r"service\s+level\s+agreement|\bSLA\b"), "SLA"),
    (re.compile(r"data\s+processing\s+(?:agreement|addendum)|\bDPA\b"), "DPA"),
    (re.compile(r"发包人要求"), "发包人要求"),
    (re.compile(r"技术(?:规范|要求)"), "技术要求"),
    (re.compile(r"工作说明书"), "工作说明书"),
)
# Every prefix a reference document's units can carry ("Ref" when its title names none).
PREFIXES = (*(prefix for _, prefix in _NAMED), "Ref")


@dataclass(frozen=True)
class ReferenceUnit:
    """A clause of a reference document under its review-level id (``clause.clause_id`` is that id)."""

    document_index: int
    prefix: str
    local_id: str
    clause: Clause


def reference_prefix(structure: DocumentStructure) -> str:
    """The abbreviation for a reference document, from its title or opening lines; "Ref" if unnamed."""
    head = f"{structure.title}\n{structure.text[:_HEAD_CHARS]}"
    return next((prefix for pattern, prefix in _NAMED if pattern.search(head)), "Ref")


def reference_prefixes(structures: Sequence[DocumentStructure]) -> list[str]:
    """One distinct prefix per reference document, in order ("ER", "Ref", "Ref2"…)."""
    prefixes: list[str] = []
    for structure in structures:
        base = reference_prefix(structure)
        prefix, n = base, 1
        while prefix in prefixes:
            n += 1
            prefix = f"{base}{n}"
        prefixes.append(prefix)
    return prefixes


def unit_id(prefix: str, local_id: str) -> str:
    """The review-level id of a reference document's clause: "ER 3.2"."""
    return f"{prefix} {local_id}"


def find_reference_clause(clause_id: str, structures: Sequence[DocumentStructure]) -> ReferenceUnit | None:
    """The reference clause a review-level id names, or ``None`` when it names none."""
    for index, (prefix, structure) in enumerate(zip(reference_prefixes(structures), structures, strict=True)):
        head = f"{prefix} "
        if clause_id.startswith(head) and structure.has(local := clause_id[len(head) :]):
            clause = structure.get(local)
            return ReferenceUnit(index, prefix, local, clause.model_copy(update={"clause_id": clause_id}))
    return None


def renamed(structure: DocumentStructure, prefix: str) -> DocumentStructure:
    """The reference document with every clause id under its prefix, to be read like the contract.

    A skill asked about "ER 3" then finds "ER 3", its parent and children and the references
    between its clauses, without knowing it is reading the Employer's Requirements.
    """

    def rid(clause_id: str | None) -> str | None:
        return unit_id(prefix, clause_id) if clause_id is not None else None

    clauses = tuple(
        c.model_copy(
            update={
                "clause_id": unit_id(prefix, c.clause_id),
                "parent_id": rid(c.parent_id),
                "children": tuple(unit_id(prefix, k) for k in c.children),
            }
        )
        for c in structure.clauses
    )
    references = tuple(
        r.model_copy(update={"source": unit_id(prefix, r.source), "target": rid(r.target)})
        for r in structure.cross_references
    )
    definitions = tuple(d.model_copy(update={"clause_id": rid(d.clause_id)}) for d in structure.definitions)
    # A new instance, not model_copy: the copy would keep the original's cached id index. Its own
    # id too: indexes cached by document id (the skills') must not serve the original's ids for it.
    fields = {name: getattr(structure, name) for name in type(structure).model_fields}
    fields.update(clauses=clauses, cross_references=references, definitions=definitions)
    if structure.document_id:
        fields["document_id"] = f"{structure.document_id}#{prefix}"
    return type(structure)(**fields)


def is_cover(clause: Clause) -> bool:
    """A reference document's cover or part heading: nothing to review on its own."""
    return clause.clause_id in {"Preamble"} or clause.clause_id.lower().startswith("part ")
