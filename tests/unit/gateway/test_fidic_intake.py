"""FIDIC intake: the General Conditions amended by the Particular Conditions are what gets reviewed."""

from __future__ import annotations

from clauseflow_contracts.ids import document_id
from clauseflow_documents import DocumentStructure
from clauseflow_documents.parser import parse_document
from clauseflow_gateway.intake.fidic import merged_contract, merged_document_id, with_content_id
from clauseflow_skills.skills.fidic_merge import general_conditions_id

GC = b"""GENERAL CONDITIONS

8. Commencement

8.2 Time for Completion
The Contractor shall complete the Works within the Time for Completion.

14. Payment

14.7 Payment
The Employer shall pay each Interim Payment Certificate within 56 days.

17. Liability

17.6 Limitation of Liability
The total liability of the Contractor shall not exceed the Accepted Contract Amount.
"""
PC = b"""PARTICULAR CONDITIONS

14. Payment

14.7 Payment
Delete "56 days" and substitute "120 days".

17. Liability

17.6 Limitation of Liability
Delete the Sub-Clause and substitute: "The Contractor's liability is unlimited."

17.8 Liquidated Damages for Performance
The Contractor shall pay performance damages of 20% of the Contract Price.
"""


def _merged() -> tuple[str, str, DocumentStructure]:
    gc = with_content_id(parse_document(GC, "gc.txt"), GC)
    pc = with_content_id(parse_document(PC, "pc.txt"), PC)
    return gc.document_id, pc.document_id, merged_contract(gc, pc)


def test_documents_carry_the_id_the_store_gives_their_bytes() -> None:
    structure = with_content_id(parse_document(GC, "gc.txt"), GC)
    assert structure.document_id == document_id(GC)


def test_merged_contract_has_a_deterministic_id_naming_both_sources() -> None:
    gc_id, pc_id, first = _merged()
    _, _, again = _merged()
    assert first.document_id == again.document_id == merged_document_id(gc_id, pc_id)
    # The FIDIC skills read the GC id back from the merged id.
    assert general_conditions_id(first.document_id, pc_id) == gc_id


def test_a_pc_amended_clause_text_is_what_the_worker_reviews() -> None:
    _, _, merged = _merged()
    payment = merged.get("14.7")
    assert payment.provenance == "amended"
    assert "120 days" in payment.text and "56 days" not in payment.text
    liability = merged.get("17.6")
    assert liability.provenance == "amended"
    assert "liability is unlimited" in liability.text and "Accepted Contract Amount" not in liability.text
    new = merged.get("17.8")
    assert new.provenance == "pc" and "20% of the Contract Price" in new.text
    assert merged.get("8.2").provenance == "gc"


def test_every_merged_clause_lies_verbatim_in_the_merged_text() -> None:
    _, _, merged = _merged()
    for clause in merged.clauses:
        assert merged.text[clause.start : clause.end] == clause.text
