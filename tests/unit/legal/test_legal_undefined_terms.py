"""Undefined terms, lawyer-grade: only real defined-term usage, each defect reported once."""

# ruff: noqa: E501 -- fixture contracts keep one paragraph per line, as real ones do
from __future__ import annotations

from clauseflow_shared.documents.definitions import (
    first_use,
    is_ordinary_term,
    undefined_terms_first_used_in,
)
from clauseflow_shared.documents.parser import parse_document
from clauseflow_shared.legal.analysis import analyse_clause

LICENCE = """SOFTWARE LICENCE AGREEMENT

This Software Licence Agreement is made between Northwind Labs GmbH ("Licensor") and Kestrel Freight SA ("Licensee"). Licensor and Licensee are each a "Party" and together the "Parties".

1. Definitions
1.1 "Affiliate" means an entity controlling, controlled by or under common control with a Party.
1.2 "Acceptance Tests" and "Go-Live Date" have the meanings given in Schedule 2.
1.3 "Licensed Software" means the software described in Schedule 1.

2. Licence
2.1 Licensor grants Licensee and its Affiliates a licence to use the Licensed Software. Each Party shall comply with this Agreement.
2.2 The Licensee shall pay the Escrow Agent the fees set out in the Schedule, and the Licensee's Affiliates may also use the Licensed Software.

3. Data
3.1 Licensee shall store data only in the European Economic Area and shall comply with the Data Protection Act.
3.2 The Parties shall notify the Escrow Agent of any change to this Agreement. The Acceptance Tests shall be run before the Go-Live Date.

4. General
4.1 Nothing in this Agreement shall make either Party liable to the Escrow Agent for the acts of the other Party's Affiliates.

SCHEDULE 2
1. The tests the Licensee shall run (the "Performance Tests") are set out below.
2. The Performance Tests shall be run twice, and the results of the Performance Tests shall be reported.
"""


def _undefined() -> list[str]:
    return list(parse_document(LICENCE.encode(), "licence.txt").undefined_terms)


# --- which terms are undefined -------------------------------------------------------------------


def test_a_term_used_like_a_defined_term_but_never_defined_is_reported() -> None:
    assert _undefined() == ["Escrow Agent"]


def test_plurals_and_possessives_of_defined_terms_are_defined() -> None:
    undefined = _undefined()
    assert not {"Affiliates", "Affiliates'", "Licensee's", "Parties", "Party's"} & set(undefined)


def test_document_words_are_not_defined_terms() -> None:
    for words in (
        "Agreement",
        "this Agreement",
        "Party",
        "Parties",
        "Schedule",
        "Exhibit",
        "Annex",
        "Subsection",
    ):
        assert is_ordinary_term(words), words
    assert not {"Agreement", "Schedule"} & set(_undefined())


def test_names_of_places_laws_and_institutions_are_not_defined_terms() -> None:
    for name in ("European Economic Area", "Data Protection Act", "International Chamber of Commerce"):
        assert is_ordinary_term(name), name
    assert not is_ordinary_term("Escrow Agent")
    assert not {"European Economic Area", "Data Protection Act"} & set(_undefined())


def test_terms_defined_inline_anywhere_are_defined() -> None:
    # In quotes in a list ("X" and "Y" have the meanings ...) and in parentheses in a schedule.
    assert not {"Acceptance Tests", "Go-Live Date", "Performance Tests"} & set(_undefined())


def test_the_first_word_of_a_longer_defined_term_is_not_a_term_of_its_own() -> None:
    text = (
        'CONTRACT\n\n1. Definitions\n"Tests on Completion" and "Tests after Completion" mean the tests so named.\n\n'
        "2. Completion\nThe Contractor shall pass the Tests on Completion. The Engineer shall attend the Tests on Completion "
        "and the Tests after Completion.\n"
    )
    assert parse_document(text.encode(), "c.txt").undefined_terms == ()


def test_a_capitalised_phrase_used_once_or_only_at_sentence_starts_is_not_reported() -> None:
    text = (
        "CONTRACT\n\n1. Scope\nThe Supplier shall deliver the goods. Subject to approval, the Project Director may inspect them.\n\n"
        "2. Quality\nQuality Control is the supplier's concern. Quality Control records are kept.\n"
    )
    assert parse_document(text.encode(), "c.txt").undefined_terms == ()


def test_an_undefined_term_is_attributed_to_the_clause_that_first_uses_it() -> None:
    doc = parse_document(LICENCE.encode(), "licence.txt")
    assert first_use(doc.text, "Escrow Agent") is not None
    assert undefined_terms_first_used_in(doc, doc.get("2.2")) == ["Escrow Agent"]
    assert undefined_terms_first_used_in(doc, doc.get("2")) == ["Escrow Agent"]  # its parent holds it
    assert undefined_terms_first_used_in(doc, doc.get("3.2")) == []
    assert undefined_terms_first_used_in(doc, doc.get("4.1")) == []


# --- the undefined_term finding -----------------------------------------------------------------


def _risk_types(text: str, tools: list[dict[str, object]], clause_id: str = "") -> set[str]:
    risks = analyse_clause(text, clause_id=clause_id, our_party="Licensee", tool_results=tools)
    return {r["risk_type"] for r in risks}


def test_a_genuinely_undefined_term_is_reported_where_it_is_first_used() -> None:
    tools: list[dict[str, object]] = [{"undefined_terms": [{"term": "Escrow Agent", "first_used_in": "2.2"}]}]
    text = "The Licensee shall pay the Escrow Agent the fees set out in the Schedule."
    assert "undefined_term" in _risk_types(text, tools, clause_id="2.2")


def test_the_same_undefined_term_is_not_reported_again_in_later_clauses() -> None:
    tools: list[dict[str, object]] = [{"undefined_terms": [{"term": "Escrow Agent", "first_used_in": "2.2"}]}]
    text = "The Parties shall notify the Escrow Agent of any change to this Agreement."
    assert "undefined_term" not in _risk_types(text, tools, clause_id="3.2")


def test_document_words_and_proper_nouns_reported_as_undefined_are_not_findings() -> None:
    text = "Each Party shall store data in the European Economic Area as this Agreement requires."
    tools: list[dict[str, object]] = [
        {"undefined_terms": ["Party", "Parties", "Agreement", "European Economic Area"]}
    ]
    assert "undefined_term" not in _risk_types(text, tools)


def test_the_plural_of_a_term_the_skills_resolved_is_not_undefined() -> None:
    text = "The Licensee and its Affiliates may use the software."
    tools: list[dict[str, object]] = [
        {"definitions": [{"term": "Affiliate", "found": True, "definition": "a controlled entity"}]},
        {"undefined_terms": ["Affiliates"]},
    ]
    assert "undefined_term" not in _risk_types(text, tools)
    assert "undefined_term" in _risk_types(text, [{"undefined_terms": ["Affiliates"]}])


def test_a_term_capitalised_only_because_it_starts_the_sentence_is_not_reported() -> None:
    text = "Escrow Agent fees are payable monthly."
    assert "undefined_term" not in _risk_types(text, [{"undefined_terms": ["Escrow Agent"]}])


def test_the_tail_of_a_conventions_title_is_no_defined_term() -> None:
    text = (
        "SUPPLY AGREEMENT\n\n1. Law\n1.1 The United Nations Convention on Contracts for the International Sale of "
        "Goods shall not apply. Nothing in the Convention on Contracts for the International Sale of Goods binds "
        "the Buyer.\n1.2 The Escrow Agent shall hold the deposit, and the Escrow Agent may resign.\n"
    )
    assert parse_document(text.encode(), "supply.txt").undefined_terms == ("Escrow Agent",)
