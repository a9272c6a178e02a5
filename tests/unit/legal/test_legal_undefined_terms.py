"""Undefined terms, lawyer-grade: only real defined-term usage, each defect reported once."""

# ruff: noqa: E501 -- fixture contracts keep one paragraph per line, as real ones do
from __future__ import annotations

from clauseflow_documents.defined_terms import is_ordinary_term
from clauseflow_documents.parser import parse_document
from clauseflow_documents.undefined_terms import first_use, undefined_terms_first_used_in
from clauseflow_legal.analysis import analyse_clause

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


def test_the_singular_and_the_plural_of_an_undefined_term_are_two_uses_of_one_term() -> None:
    # each form used once: together they are a term used twice, reported as first written
    spa = (
        "SHARE PURCHASE AGREEMENT\n1. Price\n1.1 The Buyer shall keep the Retained Amounts in escrow.\n"
        "2. Release\n2.1 Each Retained Amount shall be released on the first anniversary of Completion.\n"
    )
    assert "Retained Amounts" in parse_document(spa.encode(), "spa.txt").undefined_terms
    once = "SHARE PURCHASE AGREEMENT\n1. Price\n1.1 The Buyer shall keep the Retained Amounts in escrow.\n"
    assert "Retained Amounts" not in parse_document(once.encode(), "spa.txt").undefined_terms


def test_a_term_contracts_always_define_is_undefined_from_its_first_use() -> None:
    spa = "SHARE PURCHASE AGREEMENT\n1. Sale\n1.1 The Seller shall sell the Shares free from all Encumbrances.\n"
    assert "Encumbrances" in parse_document(spa.encode(), "spa.txt").undefined_terms
    defined = '1. Definitions\n1.1 "Encumbrance" means any mortgage, charge, pledge or lien.\n' + spa
    assert "Encumbrances" not in parse_document(defined.encode(), "spa.txt").undefined_terms


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


# --- definition forms of US filings, and proper names that only look like terms ------------------

# A hosting agreement in the style of the US filings: a numbered definitions list with dashes,
# "as used herein" definitions, articles and "(s)" inside the quotes, pointers to definitions.
HOSTING = """HOSTING SERVICES AGREEMENT

This Hosting Services Agreement is made between Larkspur Data Inc. ("Provider") and Tallow Retail Corp. ("Client").

1. DEFINITIONS
1.1 Service Credits - the credits described in Schedule B.
1.2 Support Contact(s) -the individuals each party names to handle incidents.
1.3 Business Day - Monday to Friday, other than public holidays in Oregon.
1.4 "Hosted Environment," as used herein, means the servers on which the Provider runs the Client's systems.

2. SERVICES
2.1 Provider shall operate the Hosted Environment and shall answer the Support Contacts within one hour. The Hosted Environment shall be located in the State of Oregon and the Client may audit the Hosted Environment.
2.2 The monthly fee may be revised each year to reflect the market ("the Revised Fee"), and the Revised Fee shall be recorded in writing. The Revised Fee applies from the next invoice.
2.3 Provider shall apply the Service Credits to the next invoice within five Business Days. The Service Credits are the Client's sole remedy for a Service Failure (as defined below), and the Uptime Fees, as defined in Schedule B, are reduced by each Business Day of a Service Failure.
2.4 A Service Failure occurs when the Hosted Environment is unavailable for more than four hours. Each Service Failure shall be reported to the Support Contacts.
2.5 Provider shall keep the Maintenance Window and the Escalation Desk informed of each incident, and the Maintenance Window shall not exceed two hours.

3. COMPLIANCE
3.1 Provider shall comply with the Uniform Computer Information Transactions Act only where the Client so requests, and the Uniform Computer Information Transactions Act shall otherwise not apply.
3.2 Provider shall comply with all Applicable Laws and all Laws on data security, and shall report to the Office of the Inspector General and the Office of the Inspector General only through the Client.
3.3 This Agreement is governed by the laws of the State of Oregon, and the courts of the State of Oregon have jurisdiction. The Board of Directors of each party has approved it, and the Board of Directors of the Client shall be notified of any Service Failure.
3.4 Provider shall keep the Escalation Desk and the Updates and Upgrades log current, and shall deliver the Updates and Upgrades to the Client. The Updates shall be tested first, and the Upgrades shall be priced at the Time and Materials Rates or at the Time and Materials Rates agreed.
3.5 The Licensed CSPs may resell the service, and the Licensed CSPs shall be named in Schedule C. The Chief Executive Officer of each party shall sign the Schedule, and the Chief Executive Officer may delegate.
"""


def _hosting_undefined() -> list[str]:
    return list(parse_document(HOSTING.encode(), "hosting.txt").undefined_terms)


def test_numbered_definitions_with_a_dash_and_as_used_herein_definitions_are_definitions() -> None:
    doc = parse_document(HOSTING.encode(), "hosting.txt")
    terms = {d.term for d in doc.definitions}
    assert {
        "Service Credits",
        "Support Contact",
        "Business Day",
        "Hosted Environment",
        "Revised Fee",
    } <= terms
    assert doc.definition("Service Credits").definition.startswith("the credits described in Schedule B")
    assert not {"Service Credits", "Support Contacts", "Hosted Environment", "Revised Fee"} & set(
        _hosting_undefined()
    )


def test_a_term_whose_definition_the_drafter_points_at_is_not_undefined() -> None:
    assert not {"Service Failure", "Uptime Fees"} & set(_hosting_undefined())


def test_places_laws_and_company_organs_are_not_defined_terms() -> None:
    for name in (
        "State of Oregon",
        "Commonwealth of Pennsylvania",
        "Applicable Laws",
        "Laws",
        "Board of Directors",
    ):
        assert is_ordinary_term(name), name
    undefined = _hosting_undefined()
    assert not {"State of Oregon", "Applicable Laws", "Laws", "Board of Directors"} & set(undefined)


def test_the_beginning_of_a_longer_proper_name_is_not_a_term() -> None:
    undefined = _hosting_undefined()
    assert not {"Uniform Computer Information Transactions", "Office", "Licensed"} & set(undefined)
    assert "Chief Executive Officer" not in undefined


def test_two_terms_joined_by_and_are_two_terms() -> None:
    undefined = _hosting_undefined()
    assert "Updates and Upgrades" not in undefined
    assert not any(" and " in term for term in undefined)
    # Genuinely undefined, and each reported on its own.
    assert {"Maintenance Window", "Escalation Desk", "Updates", "Upgrades"} <= set(undefined)
    # A word seen only inside a fixed phrase is not a term of its own.
    assert "Materials Rates" not in undefined


def test_a_term_broken_over_two_lines_is_one_term_found_where_first_used() -> None:
    text = (
        "AGREEMENT\n\n1. Supply\n1.1 The Supplier shall deliver the Patient-\n   Specific Guides to the Hospital, "
        "and the Patient-Specific Guides shall be sterile.\n1.2 Each of the Patient-Specific Guides shall be "
        "labelled.\n"
    )
    doc = parse_document(text.encode(), "supply.txt")
    assert doc.undefined_terms == ("Patient-Specific Guides",)
    assert first_use(doc.text, "Patient-Specific Guides") == doc.text.index("Patient-\n")


def test_the_singular_and_the_plural_of_one_undefined_term_are_one_finding() -> None:
    text = (
        "AGREEMENT\n\n1. Safety\n1.1 The Supplier shall send the Incident Report within a day, and the Incident "
        "Report shall be complete.\n1.2 The Buyer shall file the Incident Reports, and all Incident Reports "
        "shall be kept for ten years.\n"
    )
    assert parse_document(text.encode(), "c.txt").undefined_terms == ("Incident Report",)


def test_a_definitions_article_may_run_the_meaning_straight_on_from_the_term() -> None:
    text = (
        "LICENCE AGREEMENT\n\n1. DEFINITIONS\n1.1 Representative an employee, officer or agent of a Party.\n"
        "1.2 Work Product all information, data and materials prepared by the Licensor.\n\n"
        "2. SERVICES\n2.1 Each Representative shall keep the Work Product safe, and each Representative shall "
        "return the Work Product on request.\n2.2 Payment The Licensee pays monthly. The Escrow Agent holds the "
        "code, and the Escrow Agent may release it.\n"
    )
    doc = parse_document(text.encode(), "licence.txt")
    assert {"Representative", "Work Product"} <= {d.term for d in doc.definitions}
    assert "Payment" not in {d.term for d in doc.definitions}  # outside the definitions article: a heading
    assert doc.undefined_terms == ("Escrow Agent",)
