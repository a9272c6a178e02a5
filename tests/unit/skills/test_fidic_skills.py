"""The FIDIC skills: GC/PC merge, PC consistency and the Employer's Requirements search."""

from __future__ import annotations

import pytest
from clauseflow_contracts.errors import NotFound
from clauseflow_documents.model import DocumentStructure
from clauseflow_documents.parser import parse_document
from clauseflow_skills.skill import ReviewContext, SkillContext
from clauseflow_skills.skills import baseline_compare, fidic_consistency, fidic_er_search, fidic_merge

from .conftest import build_document

GC_TEXT = """GENERAL CONDITIONS

4. The Contractor

4.2 Performance Security
The Contractor shall obtain a Performance Security of 10% of the Accepted Contract Amount.

8. Commencement and Delays

8.8 Delay Damages
If the Contractor fails to comply with the Time for Completion, the Contractor shall pay delay damages,
and shall keep the records required by Sub-Clause 20.3.

20. Claims

20.1 Contractor's Claims
The Contractor shall give notice to the Engineer not later than 28 days after becoming aware of the event,
failing which the Contractor shall not be entitled to additional payment.

20.2 Claims for Payment
The Contractor shall submit a fully detailed claim within 42 days after the notice under Sub-Clause 20.1,
which shall have been given within 28 days of awareness.

20.3 Records
The Contractor shall keep contemporary records.
"""
PC_TEXT = """PARTICULAR CONDITIONS

4. The Contractor

4.2 Performance Security
Add at the end: "The Performance Security shall be 15% of the Accepted Contract Amount."

4.25 Local Content
The Contractor shall employ local labour and report under Sub-Clause 21.9.

20. Claims

20.1 Contractor's Claims
Delete "28 days" and substitute "14 days".

20.3 Records
Delete the Sub-Clause.
"""
ER_EN = build_document(
    "er-en",
    [
        ("1", "Scope", "The Works comprise a 20 km water pipeline and two pumping stations.", None),
        (
            "2",
            "Performance Security",
            "The performance bond shall be issued by a bank rated A or better.",
            None,
        ),
        ("3", "Records", "Daily site diaries and progress photographs are required.", None),
    ],
).model_copy(update={"title": "Employer's Requirements"})
ER_ZH = build_document(
    "er-zh",
    [
        ("1", "工程范围", "本工程包括二十公里输水管道及两座泵站。", None),
        ("2", "履约担保", "履约保函应由评级为A级以上的银行出具。", None),
    ],
    language="zh",
).model_copy(update={"title": "发包人要求"})
OTHER_REF = build_document(
    "minutes", [("1", "Minutes", "The tender meeting discussed pumping stations.", None)]
)


@pytest.fixture(scope="module")
def gc() -> DocumentStructure:
    return parse_document(GC_TEXT.encode(), "gc.txt").model_copy(update={"document_id": "gc-1"})


@pytest.fixture(scope="module")
def pc() -> DocumentStructure:
    return parse_document(PC_TEXT.encode(), "pc.txt").model_copy(update={"document_id": "pc-1"})


def _ctx(
    gc: DocumentStructure, *others: DocumentStructure, pc: DocumentStructure | None = None
) -> SkillContext:
    docs = {d.document_id: d for d in (*others, *([pc] if pc else []))}

    def load(doc_id: str) -> DocumentStructure:
        if doc_id not in docs:
            raise NotFound(f"document {doc_id!r} is not in the store")
        return docs[doc_id]

    review = ReviewContext(
        review_id="rev",
        primary_document_id=gc.document_id,
        particular_conditions_document_id=pc.document_id if pc else "",
        reference_document_ids=tuple(d.document_id for d in others),
        our_party="Contractor",
        domain="fidic",
    )
    return SkillContext(review=review, document=gc, load_document=load)


# --- fidic_merge_gc_pc --------------------------------------------------------------------------


def test_merged_sub_clause_shows_gc_wording_and_the_change(
    gc: DocumentStructure, pc: DocumentStructure
) -> None:
    out = fidic_merge.run(fidic_merge.MergeGcPcInput(clause_id="20.1"), _ctx(gc, pc=pc))
    assert out.has_particular_conditions and out.provenance == "amended"
    assert "28 days" in (out.gc_text or "") and "14 days" in out.merged_text
    assert [(c.op, c.baseline, c.clause) for c in out.changes] == [("replace", "28", "14")]
    changed = {(c.clause_id, c.provenance) for c in out.pc_changes}
    assert {("20.1", "amended"), ("4.2", "amended"), ("4.25", "pc"), ("20.3", "deleted")} <= changed


def test_deleted_and_untouched_sub_clauses(gc: DocumentStructure, pc: DocumentStructure) -> None:
    deleted = fidic_merge.run(fidic_merge.MergeGcPcInput(clause_id="20.3"), _ctx(gc, pc=pc))
    assert (deleted.provenance, deleted.merged_text) == ("deleted", "")
    untouched = fidic_merge.run(fidic_merge.MergeGcPcInput(clause_id="20.2"), _ctx(gc, pc=pc))
    assert (untouched.provenance, untouched.changes) == ("gc", [])


def test_without_particular_conditions_the_gc_applies(gc: DocumentStructure) -> None:
    out = fidic_merge.run(fidic_merge.MergeGcPcInput(clause_id="20.1"), _ctx(gc))
    assert not out.has_particular_conditions
    assert out.merged_text == out.gc_text == gc.get("20.1").text


def test_merges_are_cached_per_document_pair(gc: DocumentStructure, pc: DocumentStructure) -> None:
    assert fidic_merge.merge_cached(gc, pc) is fidic_merge.merge_cached(gc, pc)


def test_compare_with_baseline_measures_a_pc_amendment_against_the_gc(
    gc: DocumentStructure, pc: DocumentStructure
) -> None:
    out = baseline_compare.run(baseline_compare.CompareWithBaselineInput(clause_id="20.1"), _ctx(gc, pc=pc))
    assert out.baseline_source == "general_conditions"
    assert out.modification_type == "tightened"
    assert [s.detail for s in out.signals] == ["period lowered from 28 days to 14 days"]


# --- fidic_check_pc_consistency -----------------------------------------------------------------


def test_changed_period_still_stated_by_a_referring_clause(
    gc: DocumentStructure, pc: DocumentStructure
) -> None:
    out = fidic_consistency.run(fidic_consistency.PcConsistencyInput(clause_id="20.1"), _ctx(gc, pc=pc))
    [issue] = [i for i in out.issues if i.kind == "period_mismatch"]
    assert (issue.clause_id, issue.related_clause_id) == ("20.2", "20.1")
    assert "14 days" in issue.description and "28 days" in issue.description
    assert "within 28 days of awareness" in issue.evidence


def test_a_list_of_values_is_read_line_by_line_not_as_one_statement(pc: DocumentStructure) -> None:
    # The schedule names Sub-Clause 20.1 in one line and states 28 days for Sub-Clause 8.1 in another:
    # the 28 days are not the claim period the PC changed.
    schedule = (
        "\n\n21. Contract Data\n"
        "Commencement (Sub-Clause 8.1): within 28 days after the Letter of Acceptance.\n"
        "Claims (Sub-Clause 20.1): as stated in the Particular Conditions.\n"
    )
    gc = parse_document((GC_TEXT + schedule).encode(), "gc.txt").model_copy(update={"document_id": "gc-2"})
    out = fidic_consistency.run(fidic_consistency.PcConsistencyInput(clause_id="20.1"), _ctx(gc, pc=pc))
    stale = {i.clause_id for i in out.issues if i.kind == "period_mismatch"}
    assert stale == {"20.2"}


def test_deleted_sub_clause_still_referenced(gc: DocumentStructure, pc: DocumentStructure) -> None:
    out = fidic_consistency.run(fidic_consistency.PcConsistencyInput(clause_id="20.3"), _ctx(gc, pc=pc))
    refs = [(i.clause_id, i.related_clause_id) for i in out.issues if i.kind == "deleted_reference"]
    assert refs == [("8.8", "20.3")]
    assert out.deleted_clauses == ["20.3"]


def test_contradictory_figures_and_dangling_pc_references(
    gc: DocumentStructure, pc: DocumentStructure
) -> None:
    out = fidic_consistency.run(
        fidic_consistency.PcConsistencyInput(clause_id="4.2", whole_contract=True), _ctx(gc, pc=pc)
    )
    kinds = {(i.kind, i.clause_id) for i in out.issues}
    assert ("figure_mismatch", "4.2") in kinds
    figure = next(i for i in out.issues if i.kind == "figure_mismatch")
    assert "15" in figure.description and "10" in figure.description
    assert ("dangling_reference", "4.25") in kinds
    assert out.added_clauses == ["4.25"]
    assert {"4.2", "20.1"} <= set(out.amended_clauses)


def test_clause_scope_filters_issues(gc: DocumentStructure, pc: DocumentStructure) -> None:
    out = fidic_consistency.run(fidic_consistency.PcConsistencyInput(clause_id="20.2"), _ctx(gc, pc=pc))
    assert {i.kind for i in out.issues} == {"period_mismatch"}


def test_no_pc_no_issues(gc: DocumentStructure) -> None:
    out = fidic_consistency.run(fidic_consistency.PcConsistencyInput(clause_id="20.1"), _ctx(gc))
    assert (out.has_particular_conditions, out.issues) == (False, [])


# --- fidic_search_er ----------------------------------------------------------------------------


def test_er_search_defaults_to_the_sub_clause_subject(gc: DocumentStructure) -> None:
    out = fidic_er_search.run(fidic_er_search.SearchErInput(clause_id="4.2"), _ctx(gc, ER_EN, OTHER_REF))
    assert out.er_documents == ["Employer's Requirements"]
    assert out.hits[0].clause_id == "2" and out.hits[0].document_id == "er-en"
    assert all(h.document_id == "er-en" for h in out.hits)


def test_er_search_in_chinese_with_a_query(gc: DocumentStructure) -> None:
    out = fidic_er_search.run(
        fidic_er_search.SearchErInput(clause_id="4.2", query="履约保函 银行", top_k=1), _ctx(gc, ER_ZH)
    )
    assert [(h.document_id, h.clause_id) for h in out.hits] == [("er-zh", "2")]


def test_er_search_falls_back_to_all_references_and_explains_an_empty_review(gc: DocumentStructure) -> None:
    out = fidic_er_search.run(
        fidic_er_search.SearchErInput(clause_id="4.2", query="pumping stations"), _ctx(gc, OTHER_REF)
    )
    assert out.hits and "No reference document is titled" in out.note
    empty = fidic_er_search.run(fidic_er_search.SearchErInput(clause_id="4.2"), _ctx(gc))
    assert empty.hits == [] and "no reference documents" in empty.note
