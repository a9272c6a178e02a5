"""get_clause_context: a clause with its place in the contract, the definitions it uses and its references."""

from __future__ import annotations

import re

from clauseflow_contracts.skills import SkillId
from clauseflow_documents.model import Clause, DocumentStructure
from pydantic import BaseModel, Field

from clauseflow_skills.doc_index import index_of, limit_conflicts_of, phrases_of
from clauseflow_skills.skill import Skill, SkillContext, SkillInput, SkillOutput
from clauseflow_skills.text import summarise, terms_used


class ClauseContextInput(SkillInput):
    """Arguments of get_clause_context."""

    clause_id: str = Field(
        description="Id of the clause to read, e.g. '14.2' or '第5条' as listed in the contract"
    )
    include_children_text: bool = Field(
        default=False, description="Also return the full text of the direct sub-clauses, not just summaries"
    )


class ClauseRef(BaseModel):
    """Another clause, summarised."""

    clause_id: str
    title: str
    summary: str
    text: str = ""


class DefinitionUsed(BaseModel):
    """A defined term the clause uses, with its definition."""

    term: str
    definition: str
    defined_in: str | None


class ReferenceOut(BaseModel):
    """A reference this clause makes to another clause."""

    raw: str
    target: str | None
    resolved: bool
    target_title: str = ""
    kind_reproduced: bool = Field(
        default=False,
        description="for a schedule/annex/exhibit reference: the contract contains attachments of that kind",
    )


class ReferenceIn(BaseModel):
    """A reference another clause makes to this one."""

    source: str
    raw: str
    source_title: str = ""


class ClauseContextOutput(SkillOutput):
    """A clause in context."""

    clause_id: str
    title: str
    text: str
    level: int
    path: list[str] = Field(description="Ancestor clause ids, outermost first")
    parent: ClauseRef | None
    children: list[ClauseRef]
    definitions_used: list[DefinitionUsed]
    references_out: list[ReferenceOut]
    references_in: list[ReferenceIn]
    # Tool results are cut at a fixed length and a cut result loses all its evidence, so an empty
    # list (the usual case) is left out instead of lengthening every result; absent and empty mean
    # the same to a reader: no phrase shown to be used only here.
    single_use_phrases: list[str] = Field(
        default_factory=list,
        exclude_if=lambda phrases: not phrases,
        description=(
            "Title Case phrases this clause uses like defined terms ('the Support Policy') that the "
            "contract neither defines nor uses anywhere else: candidates for an undefined term"
        ),
    )
    # Left out when empty, like single_use_phrases (the usual case).
    limit_conflicts: list[LimitConflict] = Field(
        default_factory=list,
        exclude_if=lambda conflicts: not conflicts,
        description=(
            "deadlines this clause sets that another clause sets differently for the same act, and "
            "period terms (a Lock-up Period, 合同工期) it gives a length another clause gave differently"
        ),
    )


class LimitConflict(BaseModel):
    """A deadline or a period term this clause states that another clause states differently."""

    kind: str = Field(
        default="restated_time_limit_conflict",
        description="restated_time_limit_conflict or defined_period_conflict",
    )
    quote: str = Field(description="the words of this clause that set the deadline")
    detail: str = Field(description="the other clause and both periods")


def _ref(clause: Clause, with_text: bool = False) -> ClauseRef:
    return ClauseRef(
        clause_id=clause.clause_id,
        title=clause.title,
        summary=summarise(clause.text),
        text=clause.text if with_text else "",
    )


def _ancestors(clause: Clause, document: DocumentStructure) -> list[Clause]:
    chain: list[Clause] = []
    seen = {clause.clause_id}
    current = clause
    while current.parent_id and document.has(current.parent_id) and current.parent_id not in seen:
        current = document.get(current.parent_id)
        seen.add(current.clause_id)
        chain.append(current)
    return list(reversed(chain))


def _subtree_ids(clause: Clause, document: DocumentStructure) -> list[str]:
    """The clause and all its sub-clauses, in document order of discovery."""
    out, stack = [clause.clause_id], [clause.clause_id]
    while stack:
        for child in document.children_of(stack.pop()):
            out.append(child.clause_id)
            stack.append(child.clause_id)
    return out


_ATTACHMENT_KIND = re.compile(
    r"^\s*(schedule|annex|appendix|exhibit|attachment|annexure|附件|附录|附表)", re.I
)


def _kind_reproduced(raw: str, document: DocumentStructure) -> bool:
    """Whether the contract itself contains attachments of the kind ``raw`` refers to.

    A reference to "Schedule 3" is only broken when the contract reproduces its schedules and
    Schedule 3 is not among them; attachments that are never reproduced are simply elsewhere.
    """
    kind = _ATTACHMENT_KIND.match(raw)
    if kind is None:
        return False
    word = kind.group(1).lower()
    return any(
        c.clause_id.lower().startswith(word) or c.title.lower().startswith(word) for c in document.clauses
    )


def references_out(clause: Clause, document: DocumentStructure) -> list[ReferenceOut]:
    """References from a clause and its sub-clauses (its text includes theirs), with target titles."""
    outgoing = index_of(document).outgoing
    return [
        ReferenceOut(
            raw=r.raw,
            target=r.target,
            resolved=r.resolved,
            target_title=document.get(r.target).title if r.target and document.has(r.target) else "",
            kind_reproduced=not r.resolved and _kind_reproduced(r.raw, document),
        )
        for cid in _subtree_ids(clause, document)
        for r in outgoing.get(cid, [])
    ]


def references_in(clause: Clause, document: DocumentStructure) -> list[ReferenceIn]:
    """References to a clause from elsewhere in the contract."""
    return [
        ReferenceIn(
            source=r.source,
            raw=r.raw,
            source_title=document.get(r.source).title if document.has(r.source) else "",
        )
        for r in index_of(document).incoming.get(clause.clause_id, [])
    ]


def definitions_used(clause: Clause, document: DocumentStructure) -> list[DefinitionUsed]:
    """The defined terms a clause uses, with their definitions."""
    out: list[DefinitionUsed] = []
    for term in terms_used(clause, document):
        definition = document.definition(term)
        if definition is not None:
            out.append(
                DefinitionUsed(
                    term=definition.term, definition=definition.definition, defined_in=definition.clause_id
                )
            )
    return out


def run(args: ClauseContextInput, ctx: SkillContext) -> ClauseContextOutput:
    """Assemble the context of one clause."""
    document = ctx.require_document()
    clause = document.get(args.clause_id)
    ancestors = _ancestors(clause, document)
    return ClauseContextOutput(
        clause_id=clause.clause_id,
        title=clause.title,
        text=clause.text,
        level=clause.level,
        path=[a.clause_id for a in ancestors],
        parent=_ref(ancestors[-1]) if ancestors else None,
        children=[_ref(c, args.include_children_text) for c in document.children_of(clause.clause_id)],
        definitions_used=definitions_used(clause, document),
        references_out=references_out(clause, document),
        references_in=references_in(clause, document),
        single_use_phrases=phrases_of(document).single_use_in(clause.clause_id),
        limit_conflicts=[
            LimitConflict(**conflict)
            for cid in _subtree_ids(clause, document)
            for conflict in limit_conflicts_of(document).by_clause.get(cid, [])
        ],
    )


SKILL: Skill[ClauseContextInput, ClauseContextOutput] = Skill(
    skill_id=SkillId.GET_CLAUSE_CONTEXT,
    name="Clause context",
    description=(
        "Read one clause of the contract under review with its context: full text and title, the parent "
        "and sub-clauses (summarised), the defined terms it uses with their definitions, and the "
        "cross-references it makes and receives. Call this first when a clause refers to definitions or "
        "other clauses you have not seen."
    ),
    input_model=ClauseContextInput,
    output_model=ClauseContextOutput,
    run=run,
    category="context",
)
