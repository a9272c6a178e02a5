"""The FIDIC skills when the gateway already merged GC and PC into the review's primary document."""

from __future__ import annotations

import pytest
from clauseflow_contracts.errors import NotFound
from clauseflow_documents.fidic import merge_gc_pc
from clauseflow_documents.model import DocumentStructure
from clauseflow_documents.parser import parse_document
from clauseflow_skills.skill import ReviewContext, SkillContext
from clauseflow_skills.skills import baseline_compare, fidic_consistency, fidic_merge

from .test_fidic_skills import GC_TEXT, PC_TEXT


@pytest.fixture(scope="module")
def gc() -> DocumentStructure:
    return parse_document(GC_TEXT.encode(), "gc.txt").model_copy(update={"document_id": "gc-7"})


@pytest.fixture(scope="module")
def pc() -> DocumentStructure:
    return parse_document(PC_TEXT.encode(), "pc.txt").model_copy(update={"document_id": "pc-7"})


@pytest.fixture(scope="module")
def merged(gc: DocumentStructure, pc: DocumentStructure) -> DocumentStructure:
    return merge_gc_pc(gc, pc)


def _ctx(merged: DocumentStructure, pc: DocumentStructure, *references: DocumentStructure) -> SkillContext:
    docs = {d.document_id: d for d in (pc, *references)}

    def load(doc_id: str) -> DocumentStructure:
        if doc_id not in docs:
            raise NotFound(f"document {doc_id!r} is not in the store")
        return docs[doc_id]

    review = ReviewContext(
        review_id="rev",
        primary_document_id=merged.document_id,
        particular_conditions_document_id=pc.document_id,
        reference_document_ids=tuple(d.document_id for d in references),
        our_party="Contractor",
        domain="fidic",
    )
    return SkillContext(review=review, document=merged, load_document=load)


def test_a_merged_primary_is_recognised_and_not_merged_again(
    gc: DocumentStructure, pc: DocumentStructure, merged: DocumentStructure
) -> None:
    assert fidic_merge.is_merged(merged) and not fidic_merge.is_merged(gc)
    assert fidic_merge.merged_id(gc.document_id, pc.document_id) == merged.document_id
    view = fidic_merge.load_gc_pc(_ctx(merged, pc, gc))
    assert view is not None
    assert view.merged is merged and view.gc is gc


def test_amended_sub_clause_shows_the_gc_wording_from_the_general_conditions_reference(
    gc: DocumentStructure, pc: DocumentStructure, merged: DocumentStructure
) -> None:
    out = fidic_merge.run(fidic_merge.MergeGcPcInput(clause_id="20.1"), _ctx(merged, pc, gc))
    assert out.provenance == "amended"
    assert "28 days" in (out.gc_text or "") and "14 days" in out.merged_text
    assert [(c.op, c.baseline, c.clause) for c in out.changes] == [("replace", "28", "14")]
    assert ("20.3", "deleted") in {(c.clause_id, c.provenance) for c in out.pc_changes}


def test_a_sub_clause_new_in_the_pc_can_be_looked_up_in_the_merged_primary(
    gc: DocumentStructure, pc: DocumentStructure, merged: DocumentStructure
) -> None:
    out = fidic_merge.run(fidic_merge.MergeGcPcInput(clause_id="4.25"), _ctx(merged, pc, gc))
    assert (out.provenance, out.gc_text) == ("pc", None)
    assert "local labour" in out.merged_text


def test_consistency_checks_work_on_a_merged_primary(
    gc: DocumentStructure, pc: DocumentStructure, merged: DocumentStructure
) -> None:
    ctx = _ctx(merged, pc, gc)
    period = fidic_consistency.run(fidic_consistency.PcConsistencyInput(clause_id="20.1"), ctx)
    assert [(i.clause_id, i.related_clause_id) for i in period.issues if i.kind == "period_mismatch"] == [
        ("20.2", "20.1")
    ]
    whole = fidic_consistency.run(
        fidic_consistency.PcConsistencyInput(clause_id="8.8", whole_contract=True), ctx
    )
    assert ("deleted_reference", "8.8") in {(i.kind, i.clause_id) for i in whole.issues}
    assert whole.deleted_clauses == ["20.3"]
    baseline = baseline_compare.run(baseline_compare.CompareWithBaselineInput(clause_id="20.1"), ctx)
    assert baseline.baseline_source == "general_conditions"


def test_without_the_general_conditions_the_merged_contract_still_gives_provenance(
    pc: DocumentStructure, merged: DocumentStructure
) -> None:
    out = fidic_merge.run(fidic_merge.MergeGcPcInput(clause_id="20.1"), _ctx(merged, pc))
    assert out.has_particular_conditions and out.provenance == "amended"
    assert "14 days" in out.merged_text


def test_the_general_conditions_are_found_from_a_gateway_merged_id(
    gc: DocumentStructure, pc: DocumentStructure, merged: DocumentStructure
) -> None:
    from_gateway = merged.model_copy(update={"document_id": f"gcpc-{gc.document_id}-{pc.document_id}"})
    assert fidic_merge.general_conditions_id(from_gateway.document_id, pc.document_id) == "gc-7"
    assert fidic_merge.general_conditions_id(merged.document_id, pc.document_id) is None
    # The GC is loaded by the id alone: it need not be among the references.
    docs = {d.document_id: d for d in (gc, pc)}
    review = ReviewContext(
        primary_document_id=from_gateway.document_id, particular_conditions_document_id=pc.document_id
    )
    ctx = SkillContext(review=review, document=from_gateway, load_document=docs.__getitem__)
    out = fidic_merge.run(fidic_merge.MergeGcPcInput(clause_id="20.1"), ctx)
    assert "28 days" in (out.gc_text or "")
    assert [c.clause_id for c in out.pc_changes if c.provenance == "deleted"] == ["20.3"]
