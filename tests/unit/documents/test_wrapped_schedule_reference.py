"""A PDF line that a wrap starts with "Schedule 1." continues a sentence; it is not the schedule."""

from __future__ import annotations

from clauseflow_documents.parser import parse_document
from document_fixtures import ids, make_pdf

WRAPPED = [
    "SERVICES AGREEMENT",
    "1. Services",
    "1.1 The Supplier shall provide the Services.",
    "2. Fees",
    "2.1 The Customer shall pay the fees set out in Part A of",
    "Schedule 1. Payment Terms",
    "3. Term",
    "3.1 This Agreement lasts two years, with the service levels in",
    "Schedule 2. Service credits are the Customer's sole remedy.",
]


def test_a_wrapped_reference_to_a_schedule_stays_in_its_clause() -> None:
    doc = parse_document(make_pdf([WRAPPED]), "services.pdf")
    assert ids(doc) == ["Preamble", "1", "1.1", "2", "2.1", "3", "3.1"]
    assert "Schedule 1. Payment Terms" in doc.get("2.1").text
    assert "Service credits are the Customer" in doc.get("3.1").text


def test_a_schedule_heading_after_a_finished_sentence_is_still_a_schedule() -> None:
    lines = [*WRAPPED[:5], "Schedule 1.", "", "SCHEDULE 1", "Payment Terms", "1. Invoices are monthly."]
    lines[4] = "2.1 The Customer shall pay the fees set out in Schedule 1."
    doc = parse_document("\n".join(lines).encode(), "services.txt")
    assert "Schedule 1" in ids(doc)
