"""A share deal's minimal redlines: a knowledge defence keeps what the buyer actually knew and loses
what it is only deemed to know; an awareness qualifier given without enquiry is given after due and
careful enquiry; a claim window short of the playbook's position for its kind of claim is set to it.

Split from test_minimal_mechanisms.py (the general mechanisms), which these use through their data.
"""

# ruff: noqa: E501  -- contract sentences read better unbroken

from __future__ import annotations

import pytest
from clauseflow_legal.analysis import reported_quote
from clauseflow_legal.minimal_actors import actor_edits, clause_actors
from clauseflow_legal.minimal_edit import smaller_redline
from clauseflow_legal.minimal_figures import figure_amendments
from clauseflow_legal.minimal_setting import Where
from clauseflow_legal.redline_rules import broken_sentence, is_chinese, is_minimal


def _edits(risk_type: str, our_party: str, sentence: str) -> list[str]:
    return actor_edits(sentence, risk_type, clause_actors(our_party, sentence))


# -- a share deal's knowledge defence and claim windows (data: actor slots, period figures) -------------


def _still_flagged(text: str, risk_type: str, our_party: str) -> bool:
    language = "zh-CN" if is_chinese(text) else "en"
    return (
        reported_quote(text, risk_type, our_party=our_party, domain="sha_spa", language=language) is not None
    )


@pytest.mark.parametrize(
    ("our_party", "sentence", "edited"),
    [
        # what the buyer ought to or could have known struck; what it actually knew kept
        (
            "Buyer",
            "The Vendor shall not be liable for a Claim to the extent that the Buyer knew or ought reasonably to have known of the matter before exchange.",
            "The Vendor shall not be liable for a Claim to the extent that the Buyer knew of the matter before exchange.",
        ),
        (
            "Purchaser",
            "No Claim may be brought if the Purchaser or its accountants were aware, or could reasonably have become aware from the papers supplied to them, of the facts giving rise to it.",
            "No Claim may be brought if the Purchaser or its accountants were aware of the facts giving rise to it.",
        ),
        (
            "Buyer",
            "The Buyer may not claim for any breach of which it had actual, constructive or imputed knowledge on signing.",
            "The Buyer may not claim for any breach of which it had actual knowledge on signing.",
        ),
        # the diligence material struck where it is a source of knowledge of its own
        (
            "Buyer",
            "The Sellers shall not be liable for any Claim in respect of a fact, matter or circumstance of which the Buyer had knowledge at the date of this Agreement or which was disclosed in the Data Room.",
            "The Sellers shall not be liable for any Claim in respect of a fact, matter or circumstance of which the Buyer had knowledge at the date of this Agreement.",
        ),
        # the advisers' knowledge, imputed to the buyer, goes with the imputed knowledge
        (
            "Purchaser",
            "The Disclosed Matters are the matters fairly disclosed in the Disclosure Letter and any matter within the actual or imputed knowledge of the Purchaser or its agents.",
            "The Disclosed Matters are the matters fairly disclosed in the Disclosure Letter and any matter within the actual knowledge of the Purchaser.",
        ),
        (
            "买方",
            "对于买方在交割日前已知悉或应当知道的任何事项，卖方不承担赔偿责任。",
            "对于买方在交割日前已知悉的任何事项，卖方不承担赔偿责任。",
        ),
    ],
)
def test_a_knowledge_defence_keeps_actual_knowledge_and_loses_what_the_buyer_is_deemed_to_know(
    our_party: str, sentence: str, edited: str
) -> None:
    edits = _edits("ma_disclosure_overbroad", our_party, sentence)
    assert edited in edits
    assert is_minimal(sentence, edited)
    assert broken_sentence(sentence, edited) is None
    assert _still_flagged(sentence, "ma_disclosure_overbroad", our_party)
    assert not _still_flagged(edited, "ma_disclosure_overbroad", our_party)


@pytest.mark.parametrize(
    ("our_party", "sentence", "edited"),
    [
        (
            "Buyer",
            "So far as the Vendor is aware, without making any enquiry, no employee has brought a claim against the Target.",
            "So far as the Vendor is aware, after due and careful enquiry, no employee has brought a claim against the Target.",
        ),
        (
            "Buyer",
            "The Seller's awareness means the actual knowledge of Ms Hart and Mr Ono, without their having made any enquiry of any person.",
            "The Seller's awareness means the actual knowledge of Ms Hart and Mr Ono, after due and careful enquiry.",
        ),
        (
            "Purchaser",
            "References to the awareness of the Vendor mean the actual knowledge of its finance director, who shall not be required to make any enquiries.",
            "References to the awareness of the Vendor mean the actual knowledge of its finance director, who shall make due and careful enquiry.",
        ),
        (
            "买方",
            "卖方的知悉仅以其总经理的实际知悉为限，未经任何询问。",
            "卖方的知悉仅以其总经理的实际知悉为限，经审慎询问。",
        ),
    ],
)
def test_an_awareness_given_without_enquiry_is_given_after_due_and_careful_enquiry(
    our_party: str, sentence: str, edited: str
) -> None:
    assert _edits("ma_disclosure_overbroad", our_party, sentence) == [edited]
    assert is_minimal(sentence, edited)
    assert broken_sentence(sentence, edited) is None
    assert _still_flagged(sentence, "ma_disclosure_overbroad", our_party)
    assert not _still_flagged(edited, "ma_disclosure_overbroad", our_party)


@pytest.mark.parametrize(
    "sentence",
    [
        "The Warranties shall not be affected by any investigation made by or on behalf of the Buyer.",
        "The Buyer shall notify the Seller within twenty Business Days after it becomes aware of a Claim.",
    ],
)
def test_no_knowledge_edit_where_the_sentence_holds_no_deemed_knowledge_or_unqualified_awareness(
    sentence: str,
) -> None:
    assert _edits("ma_disclosure_overbroad", "Buyer", sentence) == []


def test_a_rewritten_knowledge_defence_is_held_to_the_strike() -> None:
    original = "The Vendor shall not be liable for a Claim to the extent that the Buyer knew or ought reasonably to have known of the matter before exchange."
    rewrite = "The Buyer's rights in respect of the Warranties shall not be affected by any investigation made by it or on its behalf or by any information of which it has knowledge."
    smaller = smaller_redline(
        original, rewrite, Where(original, "ma_disclosure_overbroad", "Buyer", "sha_spa")
    )
    assert smaller is not None
    assert smaller.text == (
        "The Vendor shall not be liable for a Claim to the extent that the Buyer knew of the matter before exchange."
    )


@pytest.mark.parametrize(
    ("sentence", "amended"),
    [
        # a general window set to the playbook's 24 months, in the clause's own way of writing it
        (
            "No Claim may be brought against the Vendor unless notified to it within nine (9) months after Completion.",
            "No Claim may be brought against the Vendor unless notified to it within twenty-four (24) months after Completion.",
        ),
        (
            "No Claim may be brought against the Vendor unless notified to it within 9 months after Completion.",
            "No Claim may be brought against the Vendor unless notified to it within 24 months after Completion.",
        ),
        (
            "The Vendor shall not be liable for a Claim unless notice of it is given within 270 days after Closing.",
            "The Vendor shall not be liable for a Claim unless notice of it is given within 730 days after Closing.",
        ),
        (
            "买方应于交割后六个月内书面提出索赔，逾期视为放弃。",
            "买方应于交割后二十四个月内书面提出索赔，逾期视为放弃。",
        ),
        # tax claims and proceedings after a notice held to positions of their own
        (
            "Any Tax Claim shall lapse unless notified within three (3) years after Completion.",
            "Any Tax Claim shall lapse unless notified within six (6) years after Completion.",
        ),
        (
            "A Claim shall be deemed withdrawn unless legal proceedings in respect of it are issued and served within thirty (30) days after the notice.",
            "A Claim shall be deemed withdrawn unless legal proceedings in respect of it are issued and served within one hundred and eighty (180) days after the notice.",
        ),
        # a general window that also applies to tax claims: a tax window of their own beside it
        (
            "The Seller shall not be liable for any Claim, or for any claim in respect of Tax, unless notice of it is given within twelve (12) months after Completion.",
            "The Seller shall not be liable for any Claim, or for any claim in respect of Tax, unless notice of it is given within twenty-four (24) months (for claims in respect of Tax, within six (6) years) after Completion.",
        ),
    ],
)
def test_a_short_claim_window_is_set_to_the_playbook_position_for_its_kind_of_claim(
    sentence: str, amended: str
) -> None:
    our_party = "买方" if is_chinese(sentence) else "Buyer"
    assert figure_amendments(sentence, "ma_claim_limitations_unfavourable", "sha_spa")[0] == amended
    assert is_minimal(sentence, amended)
    assert broken_sentence(sentence, amended) is None
    assert _still_flagged(sentence, "ma_claim_limitations_unfavourable", our_party)
    assert not _still_flagged(amended, "ma_claim_limitations_unfavourable", our_party)


def test_each_short_window_of_a_sentence_is_set_at_once_and_alone() -> None:
    sentence = "No Claim may be brought unless notified within nine (9) months after Completion or, for a Tax Claim, within three (3) years after Completion."
    assert figure_amendments(sentence, "ma_claim_limitations_unfavourable", "sha_spa") == [
        "No Claim may be brought unless notified within twenty-four (24) months after Completion or, for a Tax Claim, within six (6) years after Completion.",
        "No Claim may be brought unless notified within twenty-four (24) months after Completion or, for a Tax Claim, within three (3) years after Completion.",
        "No Claim may be brought unless notified within nine (9) months after Completion or, for a Tax Claim, within six (6) years after Completion.",
    ]


@pytest.mark.parametrize(
    "sentence",
    [
        "No Claim may be brought unless notified within two (2) years after Completion.",  # at the position
        "The Buyer shall pay the Deferred Consideration within nine (9) months after Completion.",  # no claim
        "The Seller shall not be liable for any Claim unless notified within nine (9) months after Completion.",  # generic: no position
    ],
)
def test_no_claim_window_is_amended_where_none_is_short_of_the_playbooks_position(sentence: str) -> None:
    domain = "generic" if "Seller shall not" in sentence else "sha_spa"
    assert figure_amendments(sentence, "ma_claim_limitations_unfavourable", domain) == []
