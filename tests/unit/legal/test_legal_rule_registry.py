"""The rule registry's risk types, and re-checking one risk with only the rules that can report it."""

from __future__ import annotations

import pytest
from clauseflow_contracts.risk_types import RISK_TYPES
from clauseflow_documents.party_names import ROLES
from clauseflow_legal.analysis import analyse_clause, reported_quote
from clauseflow_legal.parties import infer_parties
from clauseflow_legal.redline import draft_redline
from clauseflow_legal.redline_check import check_redline
from clauseflow_legal.rules import REGISTRY, RULE_RISK_TYPES, RULES, ClauseContext, Rule, rule, rules_for

CLAUSES = [
    ("The Customer may terminate this Agreement at any time for convenience on 7 days' notice.", "en"),
    ("The Customer shall pay each invoice within 90 days of receipt of a valid invoice.", "en"),
    (
        "The Supplier's liability shall be unlimited. The Customer's total liability shall not exceed "
        "the fees paid in the preceding month.",
        "en",
    ),
    ("All intellectual property rights in the Deliverables shall vest in the Customer on creation.", "en"),
    (
        "The Customer may amend the Services and the Charges at any time; continued performance by the "
        "Supplier constitutes acceptance of the change.",
        "en",
    ),
    ("The Supplier shall not provide similar services to any other person for five years.", "en"),
    ("This Agreement renews automatically for successive terms of five years unless terminated.", "en"),
    ("Any claim must be notified within 7 days, failing which the Supplier waives it. See Clause 99.", "en"),
    ("乙方逾期交货的，每逾期一日按合同总价的百分之五向甲方支付违约金，且违约金总额不设上限。", "zh-CN"),
    ("甲方有权随时以书面通知解除本合同，且无需承担任何责任。", "zh-CN"),
    ("The Parties shall act in good faith.", "en"),
]
PARTIES = ["Northwind Analytics Ltd. (the Supplier)", "Customer", "乙方（深蓝智能装备股份有限公司）", ""]


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.__name__)
def test_every_rule_reports_only_the_risk_types_it_declares(rule: Rule) -> None:
    # A rule reporting an undeclared type would be skipped when that risk is re-checked
    # (``rules_for``); the case runner checks the same on every case file.
    for text, language in CLAUSES:
        for our_party in PARTIES:
            parties = infer_parties(our_party, [], text)
            ctx = ClauseContext("c1", "", text, language, "generic", parties)
            reported = {f.risk_type for f in rule(ctx)}
            assert reported <= RULE_RISK_TYPES[rule], (text, our_party, reported)


def test_every_rule_is_registered_once_with_its_area_and_family() -> None:
    assert len({spec.func for spec in REGISTRY}) == len(REGISTRY) == len(RULES)
    # clauseflow_legal.rules.<area>.<family>
    assert all(spec.family.startswith(f"{spec.area}.") for spec in REGISTRY)
    assert all(spec.area.startswith("clauseflow_legal.rules.") for spec in REGISTRY)
    assert all(spec.area.count(".") == 2 for spec in REGISTRY)


def test_a_rule_must_declare_taxonomy_risk_types() -> None:
    with pytest.raises(ValueError, match="not_a_risk"):
        rule(reports={"not_a_risk"})
    with pytest.raises(ValueError):
        rule(reports=set())


def test_declared_risk_types_are_taxonomy_ids() -> None:
    assert set().union(*RULE_RISK_TYPES.values()) <= set(RISK_TYPES)


def test_rules_for_keeps_registry_order_and_only_relevant_rules() -> None:
    chosen = rules_for(frozenset({"claim_time_bar", "uncapped_liability"}))
    assert list(chosen) == [r for r in RULES if r in chosen]
    # market_terms reports a claim bar whose window is far below the playbook's position;
    # seller_limitations reports a seller's cap at or near the price
    assert {r.__name__ for r in chosen} == {
        "liability_caps",
        "claim_time_bar",
        "market_terms",
        "seller_limitations",
    }


@pytest.mark.parametrize("our_party", PARTIES)
@pytest.mark.parametrize(("text", "language"), CLAUSES)
def test_reported_quote_is_what_the_full_review_reports(text: str, language: str, our_party: str) -> None:
    risks = analyse_clause(text, our_party=our_party, language=language)
    full = {r["risk_type"]: r["original_text"] for r in risks}
    for risk_type in RISK_TYPES:
        assert reported_quote(text, risk_type, our_party=our_party, language=language) == full.get(risk_type)


def test_deemed_acceptance_stays_suppressed_by_the_change_right_when_checked_alone() -> None:
    text = CLAUSES[4][0]
    full = {r["risk_type"] for r in analyse_clause(text, our_party="Supplier")}
    assert "unilateral_change_right" in full and "deemed_acceptance_or_waiver" not in full
    assert reported_quote(text, "deemed_acceptance_or_waiver", our_party="Supplier") is None


def test_a_redline_that_removes_the_risk_passes_and_one_that_keeps_it_is_rejected() -> None:
    text = "The Customer shall pay each invoice within 90 days of receipt of a valid invoice."
    risks = analyse_clause(text, our_party="Supplier")
    assert [r["risk_type"] for r in risks] == ["payment_terms_unfavourable"]
    original, proposed, _ = draft_redline(risks[0], text, our_party="Supplier")
    assert "30 days" in proposed
    good = {"original_text": original, "proposed_text": proposed, "risk_index": 0}
    assert check_redline(good, text, risks, our_party="Supplier") == []
    kept = {"original_text": original, "proposed_text": original.replace("90", "120"), "risk_index": 0}
    assert check_redline(kept, text, risks, our_party="Supplier") == [
        "the rewritten text still carries the payment_terms_unfavourable risk"
    ]


def test_party_mentions_are_found_case_sensitively_with_plurals_and_possessives() -> None:
    parties = infer_parties("Northwind Analytics Ltd. (the Supplier)", ["Customer"])
    text = "The Supplier's fees and the Customers' approval; other customers and the Employer; 甲方与乙方"
    found = [(m.side, text[m.start : m.end]) for m in parties.mentions(text)]
    assert found[:3] == [("us", "Supplier's"), ("them", "Customers"), ("other", "Employer")]
    assert ("other", "甲方") in found and ("other", "乙方") in found
    assert "customers" not in [text[m.start : m.end] for m in parties.mentions(text)]


def test_roles_are_read_from_whole_words_in_any_case() -> None:
    from clauseflow_legal.parties import roles_in

    assert roles_in("the SUPPLIER and the buyer") == ["provider", "buyer"]
    assert roles_in("Suppliers-to-be") == []  # "Suppliers" is another word
    assert roles_in("Sub-contractor") == ["contractor", "subcontractor"]
    assert roles_in("被许可方") == ["licensee"]
    assert set(roles_in(" ".join(ROLES["seller"][0]))) >= {"seller", "provider"}
