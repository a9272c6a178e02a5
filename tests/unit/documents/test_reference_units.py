"""Reference documents' clauses under ids that name their document ("ER 3.2")."""

from __future__ import annotations

from clauseflow_documents.parser import parse_text
from clauseflow_documents.reference_units import (
    find_reference_clause,
    is_cover,
    reference_prefix,
    reference_prefixes,
)

REQUIREMENTS = """PART III - EMPLOYER'S REQUIREMENTS

1. SCOPE

1.1 The Works comprise a 40 MW wind farm with its substation.

2. PERFORMANCE

2.1 The Contractor shall verify all wind data supplied by the Employer and bears the risk of any error in it.
"""

SCOPE = """STATEMENT OF WORK

1. Deliverables

1.1 The Supplier shall deliver the migration plan within 10 days.
"""

ANNEX = """ANNEX

1. Contacts

1.1 Each party names a project manager.
"""


def test_the_prefix_is_the_abbreviation_lawyers_use_for_the_document() -> None:
    assert reference_prefix(parse_text(REQUIREMENTS)) == "ER"
    assert reference_prefix(parse_text(SCOPE)) == "SOW"
    assert reference_prefix(parse_text(ANNEX)) == "Ref"
    assert reference_prefix(parse_text("发包人要求\n\n1. 范围\n1.1 承包人负责取得全部许可。")) == "发包人要求"


def test_two_unnamed_references_get_distinct_prefixes() -> None:
    annexes = [parse_text(ANNEX), parse_text(ANNEX)]
    assert reference_prefixes(annexes) == ["Ref", "Ref2"]


def test_a_prefixed_id_leads_back_to_its_clause_renamed_and_its_document() -> None:
    references = [parse_text(SCOPE), parse_text(REQUIREMENTS)]
    found = find_reference_clause("ER 2.1", references)
    assert found is not None
    assert (found.document_index, found.local_id, found.clause.clause_id) == (1, "2.1", "ER 2.1")
    assert "wind data" in found.clause.text


def test_ids_of_the_contract_or_of_missing_clauses_name_no_reference_clause() -> None:
    references = [parse_text(REQUIREMENTS)]
    assert find_reference_clause("2.1", references) is None
    assert find_reference_clause("ER 9.9", references) is None
    assert find_reference_clause("SOW 1.1", references) is None


def test_cover_pages_and_part_headings_are_not_review_units() -> None:
    covers = {c.clause_id: is_cover(c) for c in parse_text(REQUIREMENTS).clauses}
    assert covers == {"Part III": True, "1": False, "1.1": False, "2": False, "2.1": False}


def test_an_excerpt_opening_at_a_later_article_under_a_part_heading_keeps_its_numbering() -> None:
    excerpt = parse_text(
        "EMPLOYER'S REQUIREMENTS (EXTRACT)\n\nPART B - PERFORMANCE\n\n4. Performance Guarantees\n"
        "4.1 The Contractor shall guarantee an annual yield of 120,000 MWh.\n"
        "4.2 The guarantee applies whatever the irradiation.\n"
    )
    ids = [c.clause_id for c in excerpt.clauses]
    assert ids[-3:] == ["4", "4.1", "4.2"]
    found = find_reference_clause("ER 4.1", [excerpt])
    assert found is not None and "120,000 MWh" in found.clause.text
