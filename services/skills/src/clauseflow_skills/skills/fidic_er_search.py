"""fidic_search_er: passages of the Employer's Requirements relevant to a sub-clause (BM25, en/zh).

Reuses ``search_reference_doc``'s BM25 index. The Employer's Requirements are the reference
documents whose title says so; when none does, every reference document is searched (the
review attached them for a reason). Without a query, the sub-clause's title and opening words
are the query, so the LLM can simply ask "what does the ER say about this clause?".
"""

from __future__ import annotations

import re

from clauseflow_contracts.skills import SkillId
from pydantic import Field

from clauseflow_skills.skill import Skill, SkillContext, SkillInput, SkillOutput
from clauseflow_skills.skills.reference_search import ReferenceHit, search

_ER_TITLE = re.compile(
    r"employer'?s'?\s+requirements|\bER\b|发包人要求|业主要求|雇主要求|技术规范|specification", re.I
)
QUERY_CHARS = 400


class SearchErInput(SkillInput):
    """Arguments of fidic_search_er."""

    clause_id: str = Field(description="Id of the sub-clause whose subject to look up in the ER")
    query: str | None = Field(
        default=None, description="What to look for (default: the sub-clause's title and opening words)"
    )
    top_k: int | None = Field(default=5, description="How many passages to return (1-20)")


class SearchErOutput(SkillOutput):
    """Best ER passages first."""

    clause_id: str
    query: str
    hits: list[ReferenceHit]
    er_documents: list[str] = Field(description="Titles (or ids) of the documents searched")
    note: str


def run(args: SearchErInput, ctx: SkillContext) -> SearchErOutput:
    """Search the Employer's Requirements for the sub-clause's subject."""
    clause = ctx.require_document().get(args.clause_id)
    query = (args.query or "").strip() or f"{clause.title} {clause.text[:QUERY_CHARS]}".strip()
    documents = [ctx.load_document(doc_id) for doc_id in ctx.review.reference_document_ids]
    er = [d for d in documents if _ER_TITLE.search(d.title or "")]
    searched = er or documents
    if not searched:
        note = "The review has no reference documents, so there are no Employer's Requirements to search."
    elif er:
        note = f"Searched {len(er)} Employer's Requirements document(s)."
    else:
        note = "No reference document is titled Employer's Requirements; searched all reference documents."
    top_k = max(1, min(20, args.top_k or 5))
    return SearchErOutput(
        clause_id=clause.clause_id,
        query=query,
        hits=search(searched, query, top_k),
        er_documents=[d.title or d.document_id for d in searched],
        note=note,
    )


SKILL: Skill[SearchErInput, SearchErOutput] = Skill(
    skill_id=SkillId.FIDIC_SEARCH_ER,
    name="Search Employer's Requirements",
    description=(
        "Search the Employer's Requirements (the reference documents of a FIDIC review) for passages about "
        "a sub-clause's subject, best first (BM25 keyword ranking, English and Chinese). Without a query it "
        "searches for the sub-clause's own title and wording. Use it to check design, performance, "
        "site-data or testing requirements that make the sub-clause riskier than it looks."
    ),
    input_model=SearchErInput,
    output_model=SearchErOutput,
    run=run,
    domain="fidic",
    category="retrieval",
)
