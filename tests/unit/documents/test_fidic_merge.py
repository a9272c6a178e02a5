"""FIDIC General Conditions + Particular Conditions merged per sub-clause, with provenance."""

# ruff: noqa: E501 -- fixture contracts keep one paragraph per line, as real ones do
from __future__ import annotations

import pytest
from clauseflow_documents.fidic import merge_gc_pc
from clauseflow_documents.parser import parse_document

GC = """GENERAL CONDITIONS

1. GENERAL PROVISIONS
1.1 Definitions
In the Contract the following words have the meanings stated.
1.1.1 "Contract" means this contract.
1.2 Interpretation
Headings shall not be taken into consideration.

4. THE CONTRACTOR
4.1 General Obligations
The Contractor shall design and execute the Works.
4.2 Performance Security
The Contractor shall provide a performance security of 10%.
4.3 Representative
The Contractor shall appoint a representative.
4.4 Subcontractors
The Contractor shall not subcontract the whole of the Works.

8. COMMENCEMENT
8.4 Extension of Time
The Contractor is entitled to an extension for: (a) a Variation; (b) adverse weather; (c) shortages; or (d) Employer delay.
8.5 Delay Damages
The Contractor shall pay delay damages. The damages are stated in the Contract Data. The total shall not exceed the cap. These are the only damages.

14. PAYMENT
14.7 Delayed Payment
The Contractor is entitled to financing charges.

20. CLAIMS
20.1 Contractor's Claims
The Contractor shall give notice within twenty-eight (28) days. Otherwise the claim fails. A detailed claim follows within forty-two (42) days.
"""

PC = """PARTICULAR CONDITIONS

PART A - CONTRACT DATA
Delay damages: 0.1% per day.

PART B - SPECIAL PROVISIONS

1. GENERAL PROVISIONS
1.1 Definitions
Add:
"Lender" means the bank financing the Works.

4. THE CONTRACTOR
4.2 Performance Security
Delete the Sub-Clause and substitute: "The Contractor shall provide a performance security of 15%."
4.3 Representative
Delete the Sub-Clause.
4.4 Subcontractors
Add at the end: "Subcontractors require the Engineer's consent."
4.25 Local Content
The Contractor shall employ local labour where practicable.

8. COMMENCEMENT
8.4 Extension of Time
Delete paragraphs (c) and (d). Add the following at the end of Sub-Clause 14.7: "No financing charges accrue during disbursement delays."
8.5 Delay Damages
Delete the second and third sentences and substitute: "The damages are 0.25% per day, capped at 20%."

20. CLAIMS
20.1 Contractor's Claims
In the first sentence, delete "twenty-eight (28) days" and substitute "fourteen (14) days".
"""


@pytest.fixture
def merged():
    gc = parse_document(GC.encode(), "gc.txt")
    pc = parse_document(PC.encode(), "pc.txt")
    return merge_gc_pc(gc, pc)


def test_replacement_substitutes_the_whole_sub_clause(merged):
    clause = merged.get("4.2")
    assert clause.provenance == "amended"
    assert "15%" in clause.text and "10%" not in clause.text
    assert clause.title == "Performance Security"


def test_deleted_sub_clause_is_removed_and_reported(merged):
    assert not merged.has("4.3")
    assert any("4.3 is deleted" in w for w in merged.warnings)


def test_additions_at_the_end_including_of_another_sub_clause(merged):
    assert merged.get("4.4").text.endswith("Subcontractors require the Engineer's consent.")
    assert merged.get("14.7").text.endswith("No financing charges accrue during disbursement delays.")
    assert merged.get("14.7").provenance == "amended"
    assert merged.definition("Lender") is not None and merged.definition("Lender").clause_id == "1.1"


def test_paragraph_and_sentence_level_amendments(merged):
    extension = merged.get("8.4").text
    assert "(a) a Variation" in extension and "(b) adverse weather" in extension
    assert "shortages" not in extension and "Employer delay" not in extension
    damages = merged.get("8.5").text
    assert "0.25% per day" in damages and "Contract Data" not in damages and "cap." not in damages
    assert damages.rstrip().endswith("These are the only damages.")


def test_wording_change_within_a_named_sentence(merged):
    claims = merged.get("20.1").text
    assert "fourteen (14) days" in claims and "twenty-eight" not in claims
    assert "forty-two (42) days" in claims


def test_new_sub_clause_from_the_pc_is_placed_in_order(merged):
    ids = [c.clause_id for c in merged.clauses]
    assert merged.get("4.25").provenance == "pc"
    assert merged.get("4.25").parent_id == "4"
    assert ids.index("4.4") < ids.index("4.25") < ids.index("8")


def test_untouched_sub_clauses_keep_gc_provenance_and_offsets_fit_the_merged_text(merged):
    assert merged.get("4.1").provenance == "gc"
    assert merged.get("1.2").provenance == "gc"
    assert any(c.provenance == "pc" and "0.1% per day" in c.text for c in merged.clauses)
    for clause in merged.clauses:
        assert merged.text[clause.start : clause.end] == clause.text


def test_pc_text_without_an_instruction_replaces_the_gc_with_a_warning():
    gc = parse_document(b"1. A\n1.1 Old\nOld text.\n1.2 Keep\nKept.\n", "gc.txt")
    pc = parse_document(b"1. A\n1.1 Old\nThe new wording applies.\n", "pc.txt")
    merged = merge_gc_pc(gc, pc)
    assert merged.get("1.1").text == "1.1 Old\nThe new wording applies."
    assert any("no recognised amendment instruction" in w for w in merged.warnings)


def test_a_new_sub_clause_that_opens_with_running_text_is_its_own_clause():
    # Particular Conditions often add a sub-clause without a heading line, several numbers past the
    # last one the General Conditions print; the merged tree must still hold it, or it goes unreviewed.
    gc = parse_document(
        b"3. THE ENGINEER\n3.1 Duties\nThe Engineer shall carry out the duties assigned to him.\n"
        b"3.3 Instructions\nThe Engineer may issue instructions to the Contractor.\n"
        b"4. THE CONTRACTOR\n4.1 General Obligations\nThe Contractor shall execute the Works.\n",
        "gc.txt",
    )
    pc = parse_document(
        b"PARTICULAR CONDITIONS\n"
        b'3.3 Instructions\nIn Sub-Clause 3.3, replace "may" with "shall".\n'
        b"3.7 The following Sub-Clause is added: The Engineer shall obtain the Employer's approval "
        b"before granting any extension of time.\n",
        "pc.txt",
    )
    merged = merge_gc_pc(gc, pc)
    added = merged.get("3.7")
    assert added is not None and "Employer's approval" in added.text
    assert "Employer's approval" not in merged.get("3.3").text
