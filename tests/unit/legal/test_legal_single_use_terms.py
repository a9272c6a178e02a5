"""A Title Case phrase used once like a defined term, but defined nowhere, is an undefined term.

The evidence is the clause context: the definitions the clause uses, and which of its capitalised
phrases the whole document uses only once. Without it nothing is reported; a phrase the document
uses again elsewhere is left to the document-level check; and names of products, laws,
institutions and parties are not defined terms at all.
"""

# ruff: noqa: E501 -- fixture clauses keep one paragraph per line, as real ones do
from __future__ import annotations

from typing import Any

from clauseflow_legal.analysis import analyse_clause
from clauseflow_legal.rules.drafting.undefined_terms import definite_phrases, is_single_use, phrase_uses


def _context(clause_id: str, *terms: str, single_use: list[str] | None = None) -> dict[str, Any]:
    """What get_clause_context returns: the defined terms the clause uses and its single-use phrases."""
    result: dict[str, Any] = {
        "clause_id": clause_id,
        "definitions_used": [{"term": t, "definition": "...", "defined_in": "1.1"} for t in terms],
    }
    if single_use is not None:
        result["single_use_phrases"] = single_use
    return result


def _undefined(
    text: str,
    *defined: str,
    clause_id: str = "6.2",
    domain: str = "generic",
    language: str = "en",
    our_party: str = "Customer (Harbour Freight Ltd)",
    results: list[Any] | None = None,
) -> list[dict[str, str]]:
    """The undefined-term risks of ``text``, its phrases all used only here unless ``results`` say otherwise."""
    if results is None:
        results = [_context(clause_id, *defined, single_use=_all_phrases(text))]
    risks = analyse_clause(
        text,
        clause_id=clause_id,
        our_party=our_party,
        domain=domain,
        language=language,
        tool_results=results,
    )
    return [r for r in risks if r["risk_type"] == "undefined_term"]


def _all_phrases(text: str) -> list[str]:
    """The clause's phrases used once in it, as if the clause were the whole document."""
    return [m.group("term") for m in definite_phrases(text) if is_single_use(m.group("term"), text)]


def test_a_standard_incorporated_by_an_undefined_name_is_reported_at_its_sentence() -> None:
    text = "6.2 Maintenance. Vendor shall maintain the Platform in accordance with the Escalation Procedure, with a named account manager."
    [risk] = _undefined(text, "Vendor", "Platform")
    assert '"Escalation Procedure"' in risk["description"]
    assert risk["risk_level"] == "low"
    assert "in accordance with the Escalation Procedure" in risk["original_text"]
    assert risk["original_text"] in text


def test_the_subject_of_a_warranty_named_like_a_defined_term_is_reported() -> None:
    text = "3.4 The Interim Accounts fairly present the financial position of the Target for the period to which they relate."
    [risk] = _undefined(text, "Target", "Accounts")
    assert '"Interim Accounts"' in risk["description"]


def test_a_single_word_term_after_the_definite_article_is_reported() -> None:
    text = "9.1 Nothing in this Agreement obliges either Party to complete the Acquisition or to negotiate further."
    [risk] = _undefined(text, "Agreement", "Party")
    assert '"Acquisition"' in risk["description"]


def test_terms_the_contract_defines_are_not_reported_in_any_inflection() -> None:
    text = (
        "6.2 Vendor shall deliver the Deliverables and the Acceptance Certificate's annexes to the Customer."
    )
    assert _undefined(text, "Vendor", "Deliverable", "Acceptance Certificate", "Customer") == []


def test_nothing_is_reported_without_the_clause_context_listing_the_definitions() -> None:
    text = "6.2 Vendor shall maintain the Platform in accordance with the Escalation Procedure."
    assert _undefined(text, results=[]) == []
    # a context that lists no definitions at all: the document's definitions could not be read
    assert _undefined(text) == []


def test_a_phrase_the_document_uses_again_elsewhere_is_left_to_the_document_level_check() -> None:
    text = "6.2 Vendor shall maintain the Platform in accordance with the Escalation Procedure."
    # the clause context lists only the phrases the whole document uses once: not this one
    assert _undefined(text, results=[_context("6.2", "Vendor", single_use=[])]) == []
    assert _undefined(text, results=[_context("6.2", "Vendor", single_use=["Service Desk"])]) == []
    [risk] = _undefined(text, results=[_context("6.2", "Vendor", single_use=["Escalation Procedure"])])
    assert '"Escalation Procedure"' in risk["description"]


def test_nothing_is_reported_without_document_wide_evidence_of_a_single_use() -> None:
    text = "6.2 Vendor shall maintain the Platform in accordance with the Escalation Procedure."
    # an older skills server: definitions listed, no single-use phrases
    assert _undefined(text, results=[_context("6.2", "Vendor")]) == []
    # a context result cut off by truncation arrives as bare text
    assert (
        _undefined(text, results=[{"text": '{"clause_id": "6.2", "definitions_used": [{"term": "Vendor"'}])
        == []
    )
    # single-use phrases of another clause say nothing about this one
    other = _context("9.1", "Vendor", single_use=["Escalation Procedure"])
    assert _undefined(text, results=[_context("6.2", "Vendor"), other]) == []


def test_the_phrase_wins_over_an_earlier_one_used_elsewhere() -> None:
    text = "6.2 Vendor shall follow the Service Desk process and the Escalation Procedure."
    results = [_context("6.2", "Vendor", single_use=["Escalation Procedure"])]
    [risk] = _undefined(text, results=results)
    assert '"Escalation Procedure"' in risk["description"]


def test_names_of_products_laws_institutions_and_parties_are_not_defined_terms() -> None:
    for text in (
        "6.2 Vendor shall host the Orion analytics platform in the Customer's tenancy.",
        "6.2 Vendor shall comply with the Personal Data Protection Law and the Companies Act 2006.",
        "6.2 Vendor shall notify the Information Commissioner's Office and the Secretary of State of any breach.",
        "6.2 Vendor shall cooperate with the National Cyber Security and Resilience Agency.",
        "6.2 Harbour Freight shall give Vendor access to the Harbour Warehouse during business hours.",
        "6.2 Any dispute shall be resolved under the laws of the Republic of Freedonia.",
    ):
        assert _undefined(text, "Vendor", "Customer") == [], text


def test_a_defined_term_extended_after_its_name_is_not_a_new_term() -> None:
    text = "3.4 The Accounts Reference Period ends on the Accounts Date, and the Target's Group Companies are bound."
    assert _undefined(text, "Accounts", "Target") == []


def test_a_term_repeated_in_the_clause_is_left_to_the_document_level_check() -> None:
    text = (
        "6.2 Vendor shall follow the Escalation Procedure. The Escalation Procedure may be updated by Vendor."
    )
    assert _undefined(text, "Vendor") == []
    # even when a context (of a differently cut clause) claims a single use
    assert _undefined(text, results=[_context("6.2", "Vendor", single_use=["Escalation Procedure"])]) == []


def test_definitions_and_headings_are_not_uses() -> None:
    text = '1.4 "Service Credit" means the credit calculated under the Service Level Schedule.'
    assert _undefined(text, "Service Credit") == []


def test_fidic_form_terms_are_defined_by_the_form_the_contract_incorporates() -> None:
    text = "10.1 The Works shall be taken over when they have passed the Tests on Completion and the Letter of Acceptance conditions are met."
    assert (
        _undefined(text, "Works", clause_id="10.1", domain="fidic", our_party="Contractor (Huaxin Ltd)") == []
    )


def test_a_chinese_clause_is_not_read_for_capitalised_terms() -> None:
    text = "6.2 乙方应按照《服务支持政策》提供技术支持，并按 the Escalation Procedure 处理故障。"
    assert _undefined(text, "乙方", language="zh-CN", our_party="甲方（海港物流有限公司）") == []


def test_a_use_is_the_phrase_written_word_bounded_wherever_its_words_wrap() -> None:
    text = (
        'the Support Policy; the Support\n   Policy; "Support Policy" means; Support Policyholder; '
        "NonSupport Policy; the Support Policy's terms; the Support Policy-based fee; the Support Policy Document"
    )
    # used: plain, wrapped over a line, and as the start of a longer phrase; not when quoted (being
    # defined), as part of a longer word, possessive or hyphenated
    assert phrase_uses("Support Policy", text) == 3
    assert phrase_uses("Support Policy", text, at_most=2) == 2
    assert not is_single_use("Support Policy", text)
    assert is_single_use("Support Policy Document", text)
    assert phrase_uses("Escalation Procedure", text) == 0


def test_definite_phrases_stay_on_one_line_like_the_sentences_the_rule_reads() -> None:
    text = "Vendor shall follow the Escalation\nProcedure and the Service Desk Manual of Operations."
    assert [m.group("term") for m in definite_phrases(text)] == [
        "Escalation",
        "Service Desk Manual of Operations",
    ]


def test_a_term_pointed_at_by_a_qualified_determiner_is_read_too() -> None:
    # "the same X", "the relevant X": a drafter pointing at one defined thing.
    cases = [
        (
            "9.3 The Buyer may reject a delivery that misses the same Quality Threshold in two months of a quarter.",
            "Quality Threshold",
        ),
        (
            "4.2 The Agent shall pay the relevant Activation Bonus within thirty days of each activation.",
            "Activation Bonus",
        ),
    ]
    for text, term in cases:
        [risk] = _undefined(text, "Buyer", "Agent")
        assert f'"{term}"' in risk["description"]


def test_a_capitalised_phrase_after_its_or_their_is_not_read_as_a_pointed_term() -> None:
    # On cuad-train "its X" was mostly a proper name ("its Medical Sciences Division") or defined
    # terms joined ("its Affiliates' Permitted Third Parties"): 1 true finding of 8 added.
    text = "Each licensee shall train its staff at its Regional Service Centres and their Field Offices."
    assert [m.group("term") for m in definite_phrases(text)] == []


def test_a_capitalised_word_after_a_possessive_at_a_sentence_start_is_not_a_pointed_term() -> None:
    assert [m.group("term") for m in definite_phrases("Its Authorised Signatory signs below.")] == []
