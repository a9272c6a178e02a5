"""A finding is cited at the innermost numbered clause holding its quote, never at a lettered paragraph."""

from __future__ import annotations

from clauseflow_documents.parser import parse_document

CONTRACT = b"""SUPPLY AGREEMENT

7. LIABILITY

7.1 The Supplier shall be liable for all losses without limit.

7.2 The Buyer's liability shall not exceed the fees paid in the previous three months, except:
(a) for fraud; and
(b) for death or personal injury caused by negligence.

8. NOTICES

8.1 Notices shall be in writing.
"""


def test_a_quote_in_a_sub_clause_is_cited_at_that_sub_clause() -> None:
    doc = parse_document(CONTRACT, "supply.txt")
    assert doc.locate("liable for all losses without limit", within="7") == "7.1"


def test_a_quote_in_a_lettered_paragraph_is_cited_at_its_numbered_clause() -> None:
    doc = parse_document(CONTRACT, "supply.txt")
    assert doc.locate("for death or personal injury", within="7") == "7.2"


def test_whitespace_differences_do_not_hide_the_quote() -> None:
    doc = parse_document(CONTRACT, "supply.txt")
    assert doc.locate("Notices   shall be\n in writing.", within="8") == "8.1"


def test_an_unknown_quote_or_unit_falls_back_to_the_review_unit() -> None:
    doc = parse_document(CONTRACT, "supply.txt")
    assert doc.locate("words that are not in the contract", within="7") == "7"
    assert doc.locate("", within="7") == "7"
    assert doc.locate("anything", within="99") == "99"
