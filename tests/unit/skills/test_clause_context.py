"""get_clause_context: text, tree, definitions used and references, in English and Chinese."""

from __future__ import annotations

import pytest
from clauseflow_contracts.errors import NotFound
from clauseflow_documents.model import CrossReference, DocumentStructure
from clauseflow_skills.skills.clause_context import ClauseContextInput, run

from .conftest import EN_DEFINITIONS, EN_ROWS, build_document, skill_context


def test_returns_clause_text_title_and_parent(en_document: DocumentStructure) -> None:
    out = run(ClauseContextInput(clause_id="20.1"), skill_context(en_document))
    assert out.title == "Contractor's claims"
    assert out.text.startswith("The Contractor shall give notice")
    assert out.path == ["20"]
    assert out.parent is not None and out.parent.clause_id == "20"
    assert out.parent.summary == "Claims procedure."


def test_children_are_summarised_and_full_text_on_request(en_document: DocumentStructure) -> None:
    out = run(ClauseContextInput(clause_id="14"), skill_context(en_document))
    assert [c.clause_id for c in out.children] == ["14.2"]
    assert out.children[0].text == ""
    assert out.children[0].summary.startswith("The Employer shall pay each invoice within 30 days")
    full = run(ClauseContextInput(clause_id="14", include_children_text=True), skill_context(en_document))
    assert "Clause 20.1" in full.children[0].text


def test_definitions_used_come_with_their_text(en_document: DocumentStructure) -> None:
    out = run(ClauseContextInput(clause_id="17.6"), skill_context(en_document))
    assert [(d.term, d.definition, d.defined_in) for d in out.definitions_used] == [
        ("Contract Price", "USD 1,000,000", "1.1")
    ]


def test_references_out_are_resolved_and_dangling_ones_flagged(en_document: DocumentStructure) -> None:
    out = run(ClauseContextInput(clause_id="20.1"), skill_context(en_document))
    assert [(r.raw, r.target, r.resolved) for r in out.references_out] == [
        ("Clause 14.2", "14.2", True),
        ("Clause 99", "99", False),
    ]
    assert out.references_out[0].target_title == "Time for payment"


def test_references_in_list_the_clauses_pointing_here(en_document: DocumentStructure) -> None:
    out = run(ClauseContextInput(clause_id="14.2"), skill_context(en_document))
    assert [(r.source, r.raw) for r in out.references_in] == [("20.1", "Clause 14.2")]


def test_parser_cross_references_take_precedence_over_text_scan() -> None:
    refs = (CrossReference(source="17.6", target="14.2", raw="the payment clause", resolved=True),)
    document = build_document("d", EN_ROWS, definitions=EN_DEFINITIONS, cross_references=refs)
    out = run(ClauseContextInput(clause_id="14.2"), skill_context(document))
    assert [(r.source, r.raw) for r in out.references_in] == [("17.6", "the payment clause")]


def test_chinese_clause_with_definitions_and_references(zh_document: DocumentStructure) -> None:
    out = run(ClauseContextInput(clause_id="第5条"), skill_context(zh_document))
    assert {d.term for d in out.definitions_used} == {"合同价款", "甲方"}
    assert [(r.raw, r.target, r.resolved) for r in out.references_out] == [("第7条", "第7条", True)]
    back = run(ClauseContextInput(clause_id="第7条"), skill_context(zh_document))
    assert [r.source for r in back.references_in] == ["第5条"]


def test_unknown_clause_is_not_found(en_document: DocumentStructure) -> None:
    with pytest.raises(NotFound, match=r"'42\.1'"):
        run(ClauseContextInput(clause_id="42.1"), skill_context(en_document))
