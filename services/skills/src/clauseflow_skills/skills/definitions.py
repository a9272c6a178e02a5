"""resolve_definition: what a defined term means in this contract, and which used terms are undefined."""

from __future__ import annotations

from clauseflow_contracts.skills import SkillId
from clauseflow_documents.undefined_terms import undefined_terms_first_used_in
from pydantic import BaseModel, Field

from clauseflow_skills.skill import Skill, SkillContext, SkillInput, SkillOutput
from clauseflow_skills.text import terms_used


class ResolveDefinitionInput(SkillInput):
    """Arguments of resolve_definition."""

    clause_id: str = Field(description="Id of the clause whose terms to resolve")
    term: str | None = Field(
        default=None, description="One defined term to look up, e.g. 'Contract Price' or '合同价款'"
    )


class ResolvedTerm(BaseModel):
    """A term and its definition (``found`` is False when the contract does not define it)."""

    term: str
    found: bool
    definition: str
    defined_in: str | None


class ResolveDefinitionOutput(SkillOutput):
    """The definitions a clause relies on."""

    clause_id: str
    definitions: list[ResolvedTerm]
    undefined_terms: list[str] = Field(description="Terms used like defined terms but defined nowhere")


def run(args: ResolveDefinitionInput, ctx: SkillContext) -> ResolveDefinitionOutput:
    """Resolve one term, or every defined term the clause uses."""
    document = ctx.require_document()
    clause = document.get(args.clause_id)
    wanted = [args.term.strip()] if args.term and args.term.strip() else terms_used(clause, document)
    resolved: list[ResolvedTerm] = []
    for term in wanted:
        definition = document.definition(term)
        resolved.append(
            ResolvedTerm(
                term=definition.term if definition else term,
                found=definition is not None,
                definition=definition.definition if definition else "",
                defined_in=definition.clause_id if definition else None,
            )
        )
    # A drafting defect of the whole document: reported once, where the term is first used.
    undefined = undefined_terms_first_used_in(document, clause)
    return ResolveDefinitionOutput(
        clause_id=clause.clause_id, definitions=resolved, undefined_terms=undefined
    )


SKILL: Skill[ResolveDefinitionInput, ResolveDefinitionOutput] = Skill(
    skill_id=SkillId.RESOLVE_DEFINITION,
    name="Resolve definitions",
    description=(
        "Look up what defined terms mean in this contract. Give a term to resolve just that term, or "
        "leave it null to resolve every defined term the clause uses. Also lists capitalised terms "
        "the contract uses as defined terms but never defines, at the clause where each is first used "
        "(a drafting risk)."
    ),
    input_model=ResolveDefinitionInput,
    output_model=ResolveDefinitionOutput,
    run=run,
    category="context",
)
