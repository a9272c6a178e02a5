"""get_clause_context lists the capitalised phrases a clause uses that the whole contract uses only once.

That is the evidence the single-use undefined-term rule needs: a Title Case phrase written once,
defined nowhere, is a defect of its clause; one used again elsewhere is reported once for the
document. The counts are read across the whole document once and cached; the list holds only
this clause's phrases, and is left out of the result when empty so results stay short.
"""

# ruff: noqa: E501 -- fixture clauses keep one paragraph per line, as real ones do
from __future__ import annotations

import json

from clauseflow_documents.model import Definition, DocumentStructure
from clauseflow_legal.analysis import analyse_clause
from clauseflow_skills.doc_index import phrases_of
from clauseflow_skills.skills.clause_context import ClauseContextInput, ClauseContextOutput, run

from .conftest import build_document, skill_context

_ROWS: list[tuple[str, str, str, str | None]] = [
    (
        "1",
        "Definitions",
        '"Platform" means the hosted fleet software. "Service Levels" means Schedule 2.',
        None,
    ),
    (
        "6",
        "Support",
        "6.1 Vendor shall maintain the Platform in accordance with the Support Policy and the Service Levels.",
        None,
    ),
    (
        "7",
        "Escalation",
        "7.1 Platform incidents are reported through the Service Desk and handled under the Escalation Procedure.",
        None,
    ),
    (
        "8",
        "Reporting",
        "8.1 Vendor shall report each Platform incident to the Service\n   Desk within one hour under this Agreement.",
        None,
    ),
]
_DEFINITIONS = (
    Definition(term="Platform", definition="the hosted fleet software", clause_id="1"),
    Definition(term="Service Levels", definition="Schedule 2", clause_id="1"),
)


def _document(
    document_id: str = "doc-single-use", rows: list[tuple[str, str, str, str | None]] = _ROWS
) -> DocumentStructure:
    return build_document(document_id, rows, definitions=_DEFINITIONS)


def _context(document: DocumentStructure, clause_id: str) -> ClauseContextOutput:
    return run(ClauseContextInput(clause_id=clause_id), skill_context(document))


def test_a_phrase_the_contract_uses_once_is_listed_for_its_clause() -> None:
    document = _document()
    assert _context(document, "6").single_use_phrases == ["Support Policy"]
    assert _context(document, "7").single_use_phrases == ["Escalation Procedure"]


def test_a_phrase_used_in_another_clause_too_is_not_listed_however_its_words_wrap() -> None:
    # "the Service Desk" in 7.1, "the Service\n   Desk" in 8.1: two uses
    document = _document()
    assert "Service Desk" not in _context(document, "7").single_use_phrases
    assert _context(document, "8").single_use_phrases == []


def test_defined_terms_and_ordinary_capitalised_words_are_never_listed() -> None:
    document = _document()
    listed = {p for c in document.clauses for p in _context(document, c.clause_id).single_use_phrases}
    assert listed == {"Support Policy", "Escalation Procedure"}  # not Platform, Service Levels, Agreement


def test_the_list_is_left_out_of_the_result_when_empty_and_old_results_still_read() -> None:
    document = _document()
    empty = _context(document, "8").model_dump_json()
    assert "single_use_phrases" not in empty
    assert json.loads(_context(document, "6").model_dump_json())["single_use_phrases"] == ["Support Policy"]
    # a result from a skills server that predates the field
    old = json.loads(empty)
    assert ClauseContextOutput.model_validate(old).single_use_phrases == []


def test_a_chinese_contract_has_no_capitalised_phrases() -> None:
    rows: list[tuple[str, str, str, str | None]] = [
        ("1", "服务", "乙方应按照 the Support Policy 提供技术支持。", None)
    ]
    document = build_document("doc-zh", rows, language="zh")
    assert _context(document, "1").single_use_phrases == []


def test_phrases_are_counted_once_per_document_content() -> None:
    document = _document("doc-cached")
    assert phrases_of(document) is phrases_of(document)
    # the same id with other content (ids are content hashes in production) is read afresh
    changed_rows = [*_ROWS, ("9", "Changes", "9.1 Vendor may amend the Support Policy on notice.", None)]
    changed = _document("doc-cached", changed_rows)
    assert phrases_of(changed) is not phrases_of(document)
    assert _context(changed, "6").single_use_phrases == []
    # documents without an id are never cached
    anonymous = _document("")
    assert phrases_of(anonymous) is not phrases_of(anonymous)


def test_the_review_rule_reports_only_the_phrase_the_context_shows_used_once() -> None:
    document = _document()
    found = {}
    for clause_id in ("6", "7", "8"):
        clause = document.get(clause_id)
        result = json.loads(_context(document, clause_id).model_dump_json())
        risks = analyse_clause(
            clause.text,
            clause_id=clause_id,
            our_party="Customer (Harbour Freight Ltd)",
            tool_results=[result],
        )
        found[clause_id] = [r["description"] for r in risks if r["risk_type"] == "undefined_term"]
    assert found["6"] == ['"Support Policy" is used as a defined term but is not defined.']
    # the Service Desk comes first in 7.1 but is used again in 8.1: left to the document-level check
    assert found["7"] == ['"Escalation Procedure" is used as a defined term but is not defined.']
    assert found["8"] == []


def test_the_tail_of_a_conventions_title_is_not_a_candidate() -> None:
    rows = [
        (
            "14",
            "Governing Law",
            "14.3 This Agreement excludes the 1980 United Nations Convention on          Contracts for the International Sale of Goods and refers disputes under the Arbitration Protocol.",
            None,
        )
    ]
    document = build_document("cisg", rows)
    assert _context(document, "14").single_use_phrases == ["Arbitration Protocol"]


def test_nothing_is_listed_where_the_document_borrows_its_definitions() -> None:
    borrowed = [
        (
            "1",
            "Order",
            "Capitalised terms used but not defined in this Order Form have the meanings given to them in the Master Subscription Agreement.",
            None,
        ),
        *_ROWS[1:],
    ]
    document = _document("doc-borrowed", borrowed)
    assert _context(document, "6").single_use_phrases == []
    assert _context(_document(), "6").single_use_phrases == ["Support Policy"]
