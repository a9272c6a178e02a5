"""A PC shortens one notice period while the old figure survives elsewhere in the same sub-clause."""

from __future__ import annotations

from clauseflow_contracts.errors import NotFound
from clauseflow_documents.model import DocumentStructure
from clauseflow_documents.parser import parse_document
from clauseflow_skills.skill import ReviewContext, SkillContext
from clauseflow_skills.skills import fidic_consistency

GC = """GENERAL CONDITIONS

8. Delays

8.5 Extension of Time
An extension is granted only if the Contractor gave a Notice of Claim within 28 days under Sub-Clause 20.1.

20. Claims

20.1 Contractor's Claims
The Contractor shall give a Notice of Claim not later than 28 days after becoming aware of the event.
The Engineer shall respond within 28 days after receiving the fully detailed claim.
"""
PC = """PARTICULAR CONDITIONS

20. Claims

20.1 Contractor's Claims
Delete "Notice of Claim not later than 28 days" and substitute "Notice of Claim not later than 10 days".
"""


def _ctx(gc: DocumentStructure, pc: DocumentStructure) -> SkillContext:
    docs = {pc.document_id: pc}

    def load(doc_id: str) -> DocumentStructure:
        if doc_id not in docs:
            raise NotFound(doc_id)
        return docs[doc_id]

    review = ReviewContext(
        primary_document_id=gc.document_id, particular_conditions_document_id=pc.document_id, domain="fidic"
    )
    return SkillContext(review=review, document=gc, load_document=load)


def test_a_referring_clause_that_keeps_the_replaced_notice_period_is_inconsistent() -> None:
    gc = parse_document(GC.encode(), "gc.txt").model_copy(update={"document_id": "gc-2"})
    pc = parse_document(PC.encode(), "pc.txt").model_copy(update={"document_id": "pc-2"})
    out = fidic_consistency.run(fidic_consistency.PcConsistencyInput(clause_id="8.5"), _ctx(gc, pc))
    [issue] = [i for i in out.issues if i.kind == "period_mismatch"]
    assert (issue.clause_id, issue.related_clause_id) == ("8.5", "20.1")
    assert "Notice of Claim" in issue.description and "10 days" in issue.description
    assert "28 days" in issue.description and "Notice of Claim within 28 days" in issue.evidence
