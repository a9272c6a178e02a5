"""Redlines a lawyer would sign (issue #23): no no-op amendments, strikes that leave a grammatical
sentence, qualifiers that do not contradict the kept words, and fallbacks that fit the risk's substance.

The wording here is our own; the mechanisms are general and keyed by risk type in data
(``minimal_edit.json``, ``redline_fit.json``).
"""

# ruff: noqa: E501  -- contract wording reads better unbroken

from __future__ import annotations

import pytest
from clauseflow_legal.minimal_actors import actor_edits, clause_actors
from clauseflow_legal.minimal_edit import contradicted_qualifier, minimal_alternative, with_rider
from clauseflow_legal.minimal_strikes import strike_spans, struck
from clauseflow_legal.redline import draft_redline
from clauseflow_legal.redline_rules import broken_sentence, edit_share, no_op_change

# -- a period change must change the period --------------------------------------------------------

AMENDMENT = 'In Sub-Clause 20.2, delete "twenty-eight (28) days" and substitute "ten (10) days".'


@pytest.mark.parametrize(
    "proposed",
    [
        'In Sub-Clause 20.2, delete "twenty-eight (28) days" and substitute "twenty-eight (28) days".',
        'In Sub-Clause 20.2, delete "twenty-eight (28) days" and substitute "28 days".',
        "将“30日”修改为“三十日”",
    ],
)
def test_an_amendment_substituting_the_same_figure_is_a_no_op(proposed: str) -> None:
    assert no_op_change(AMENDMENT if "Sub-Clause" in proposed else "将“30日”修改为“10日”", proposed)


def test_an_amendment_substituting_another_figure_is_a_change() -> None:
    proposed = 'In Sub-Clause 20.2, delete "twenty-eight (28) days" and substitute "forty-two (42) days".'
    assert no_op_change(AMENDMENT, proposed) is None


def test_a_shortened_claim_window_amendment_is_withdrawn_not_restated() -> None:
    risk = {"risk_type": "claim_time_bar", "original_text": AMENDMENT}
    _, proposed, _ = draft_redline(risk, AMENDMENT, "en", our_party="Contractor", domain="fidic")
    assert no_op_change(AMENDMENT, proposed) is None
    assert "ten (10) days" not in proposed
    assert "twenty-eight (28) days" in proposed


# -- a strike leaves a grammatical sentence ---------------------------------------------------------


@pytest.mark.parametrize(
    ("original", "proposed"),
    [
        # a verb of a list struck with its object: the verb left governs the wrong words
        (
            "The Lessee shall defend, indemnify and hold harmless the Owner, its agents and its crew against all claims.",
            "The Lessee shall defend, its agents and its crew against all claims.",
        ),
        # a strike through a bracket
        (
            "The Owner may require the Lessee to sell the vessel, spares and bunkers at market value (or, for bunkers, cost) and to assign the charter.",
            "The Owner may require the Lessee to sell the vessel, for bunkers, cost) and to assign the charter.",
        ),
        # the main clause struck, its condition kept
        (
            "Where an audit shows an overcharge, the Agent shall refund it within ten days, and the Principal may audit again.",
            "Where an audit shows an overcharge, and the Principal may audit again.",
        ),
        # one item of a list struck, the others kept
        (
            "The Seller warrants the output for five years, irrespective of weather, grid outages or curtailment.",
            "The Seller warrants the output for five years, grid outages or curtailment.",
        ),
        # a word or a number cut in two
        (
            "Each Party shall pay, as agreed damages, the sum of USD 250,000 within ten days.",
            "Each Party shall pay, as agreed damages,000 within ten days.",
        ),
    ],
)
def test_a_strike_that_breaks_the_sentence_fails(original: str, proposed: str) -> None:
    assert broken_sentence(original, proposed)


@pytest.mark.parametrize(
    ("original", "proposed"),
    [
        ("The Tenant shall, at its own cost and risk, repair the roof.", "The Tenant shall repair the roof."),
        (
            "The Agent shall keep the records, and the Principal may inspect them at any time.",
            "The Agent shall keep the records.",
        ),
        ("Fees are payable in full in advance.", "Fees are payable in advance."),
    ],
)
def test_a_strike_that_leaves_a_grammatical_sentence_passes(original: str, proposed: str) -> None:
    assert broken_sentence(original, proposed) is None


def test_an_aside_is_struck_with_its_commas_and_a_list_item_never() -> None:
    sentence = "The Tenant shall, at its own cost and risk, repair the roof, the gutters and the walls."
    results = {struck(sentence, (span,)) for span in strike_spans(sentence)}
    assert "The Tenant shall repair the roof, the gutters and the walls." in results
    assert not any("roof and the walls" in r or "shall, the gutters" in r for r in results)


# -- a qualifier does not contradict what the sentence keeps ----------------------------------------

INDEMNITY = (
    "The Carrier shall indemnify the Shipper against all losses arising from the carriage, "
    "regardless of whether they are caused by the negligence of the Shipper."
)


def test_an_added_extent_qualifier_contradicting_a_kept_regardless_of_negligence_fails() -> None:
    proposed = INDEMNITY[:-1] + ", to the extent caused by the Carrier's breach or negligence."
    assert contradicted_qualifier(INDEMNITY, proposed)
    cleaned = INDEMNITY[: INDEMNITY.index(", regardless")] + ", to the extent caused by the Carrier's breach."
    assert contradicted_qualifier(INDEMNITY, cleaned) is None


def test_the_playbook_model_strikes_the_contrary_words_when_it_adds_the_qualifier() -> None:
    risk = {"risk_type": "indemnity_one_sided", "original_text": INDEMNITY}
    _, proposed, _ = draft_redline(risk, INDEMNITY, "en", our_party="Carrier")
    assert contradicted_qualifier(INDEMNITY, proposed) is None
    assert broken_sentence(INDEMNITY, proposed) is None


# -- the fallback fits the risk's substance, or counsel drafts it -----------------------------------


def test_a_call_option_on_change_of_control_gets_no_termination_wording() -> None:
    clause = (
        "If the Operator undergoes a change of control, the Investor may within six months require the Operator "
        "to sell it all of the Operator's shares at their book value."
    )
    risk = {
        "risk_type": "change_of_control",
        "original_text": clause,
        "description": "a buy-out at book value",
    }
    original, proposed, reason = draft_redline(risk, clause, "en", our_party="Operator")
    assert "terminate" not in proposed
    assert proposed.startswith(original.rstrip()) and "Note to draft" in proposed
    assert "counsel" in reason


def test_a_resale_price_set_by_the_other_side_gets_no_most_favoured_customer_wording() -> None:
    clause = "The Distributor shall resell the Goods only at the retail prices the Manufacturer sets from time to time."
    risk = {
        "risk_type": "mfn_or_price_restriction",
        "original_text": clause,
        "description": "resale prices fixed",
    }
    _, proposed, _ = draft_redline(risk, clause, "en", our_party="Distributor")
    assert "better prices" not in proposed and "same prices" not in proposed


def test_a_true_most_favoured_customer_clause_still_gets_the_playbook_wording() -> None:
    clause = (
        "If the Supplier sells the Goods to any other customer at a lower price, the Supplier shall refund "
        "the Buyer the difference on all Goods delivered in the previous two years."
    )
    risk = {"risk_type": "mfn_or_price_restriction", "original_text": clause}
    _, proposed, _ = draft_redline(risk, clause, "en", our_party="Supplier")
    assert "Note to draft" not in proposed


def test_what_a_recipient_makes_from_the_disclosers_information_is_not_swapped_to_the_recipient() -> None:
    sentence = (
        "Any improvement developed by the Licensee from use of the Licensor's Confidential Information "
        "shall belong to the Licensor."
    )
    actors = clause_actors("Licensee", sentence)
    assert actor_edits(sentence, "ip_ownership_transfer", actors) == []
    risk = {"risk_type": "ip_ownership_transfer", "original_text": sentence}
    _, proposed, _ = draft_redline(risk, sentence, "en", our_party="Licensee")
    assert "belong to the Licensee" not in proposed


def test_work_made_without_their_information_is_still_turned_round() -> None:
    sentence = "All software developed by the Licensee under this Agreement shall belong to the Licensor."
    actors = clause_actors("Licensee", sentence)
    edits = actor_edits(sentence, "ip_ownership_transfer", actors)
    assert edits and "belong to the Licensee" in edits[0]
    assert edit_share(sentence, edits[0]) <= 0.2


def test_a_closing_irrespective_of_list_is_struck_whole_not_item_by_item() -> None:
    sentence = (
        "The Seller warrants the output for five years, irrespective of weather, grid outages or curtailment."
    )
    results = {struck(sentence, (span,)) for span in strike_spans(sentence)}
    assert "The Seller warrants the output for five years." in results
    assert all(broken_sentence(sentence, r) is None for r in results if r.endswith("five years."))


def test_a_chinese_condition_is_struck_with_its_consequence() -> None:
    sentence = "承租人逾期支付租金的，应当按日向出租人支付逾期金额千分之一的违约金，违约金不足以弥补损失的，承租人应另行赔偿。"
    results = {struck(sentence, (span,)) for span in strike_spans(sentence)}
    assert "承租人逾期支付租金的，应当按日向出租人支付逾期金额千分之一的违约金" in results
    dangling = sentence[: sentence.rindex("，")] + "。尽管有前述约定，违约金累计不超过合同价款的百分之十。"
    assert broken_sentence(sentence, dangling)  # the condition left without its consequence


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # between a verb and its object
        (
            "The Licensee shall not make, sell or import, in any country, any product using the Patents.",
            "The Licensee shall not make, sell or import any product using the Patents.",
        ),
        # between "that" and the clause it opens
        (
            "The Agent agrees that, during the Term and for two years after it, it shall not act for a rival principal.",
            "The Agent agrees that it shall not act for a rival principal.",
        ),
    ],
)
def test_an_aside_splitting_a_verb_or_that_from_what_follows_goes_with_both_commas(
    sentence: str, expected: str
) -> None:
    results = {struck(sentence, (span,)) for span in strike_spans(sentence)}
    assert expected in results
    assert broken_sentence(sentence, expected) is None


def test_the_fixs_figure_is_written_into_the_kept_sentence_and_the_rest_added_after_it() -> None:
    original = (
        "The aggregate liability of the Vendor for all claims (including claims under the tax warranties) "
        "shall not exceed five per cent (5%) of the Price."
    )
    proposed = (
        "Save for fraud, which no cap limits, any sum the Vendor owes is capped at thirty per cent (30%) "
        "of the Price."
    )
    found = minimal_alternative(
        original,
        proposed,
        removes_risk=lambda text: "five per cent" not in text and "(including" not in text,
        acceptable=lambda text: broken_sentence(original, text) is None,
    )
    assert found is not None
    assert found.startswith(
        "The aggregate liability of the Vendor for all claims shall not exceed thirty per cent (30%)"
    )
    assert edit_share(original, found) <= 0.5


def test_a_rider_opening_with_a_conjunction_reads_on_from_the_foregoing() -> None:
    rider = with_rider(
        "The Seller is liable only above the threshold.", "Once claims pass it, all is due.", False
    )
    assert rider.endswith("Notwithstanding the foregoing, once claims pass it, all is due.")


NO_APPORTIONMENT = (
    "The Carrier shall indemnify the Shipper against all recall costs, and the Carrier's liability shall not be "
    "reduced because a fault of the Shipper contributed to the recall."
)


@pytest.mark.parametrize(
    ("original", "proposed"),
    [
        (NO_APPORTIONMENT, NO_APPORTIONMENT[:-1] + ", to the extent caused by the Carrier's breach."),
        (
            "乙方应赔偿甲方的全部召回费用，乙方的责任不因甲方的过错而减轻。",
            "乙方应赔偿甲方的全部召回费用，乙方的责任不因甲方的过错而减轻，以因乙方过错造成的损失为限。",
        ),
    ],
)
def test_an_added_extent_qualifier_contradicting_a_kept_no_apportionment_fails(
    original: str, proposed: str
) -> None:
    assert contradicted_qualifier(original, proposed)


def test_the_playbook_model_does_not_keep_a_no_apportionment_beside_its_qualifier() -> None:
    risk = {"risk_type": "indemnity_one_sided", "original_text": NO_APPORTIONMENT}
    original, proposed, _ = draft_redline(risk, NO_APPORTIONMENT, "en", our_party="Carrier")
    assert contradicted_qualifier(original, proposed) is None
    assert broken_sentence(original, proposed) is None
