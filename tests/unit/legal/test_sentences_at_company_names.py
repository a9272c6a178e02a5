"""A company form's full stop ("Inc.", "Ltd.", "Co.", "Corp.", "L.L.C.") ends a sentence only when a new one opens.

The rules read one sentence at a time, so two sentences merged at "KI, Inc. KI, Inc. shall" lend the
first sentence's words to the second one's verb; a name that goes on ("Acme Inc. and Beta Ltd.
agree") must stay whole. The sentences are written for these tests, with invented companies.
"""

# ruff: noqa: E501  -- clause fixtures read better unbroken

from __future__ import annotations

import pytest
from clauseflow_legal.text import split_sentences

ENDS = [
    (
        "The stock report shall be sent to Harlow Optics, Inc. Harlow Optics, Inc. shall have the right to audit it.",
        2,
    ),
    ("The goods bear the marks of Fenwick and Fenwick Ltd. To this end, the Reseller shall protect them.", 2),
    ("The shares are issued by Tamsin Holdings Corp. The Buyer may resell them after one year.", 2),
    ("Payment is made to Orrin Supply Co. Orrin may suspend delivery if it is late.", 2),
    ("The licence is granted by Belmont Media, L.L.C. Licensee shall pay the royalty monthly.", 2),
    ("The results are reported by Quarry plc. Quarry plc. represents that they are accurate.", 2),
    ("The warrants are issued by Redfern Labs, Inc. These warrants will vest over three years.", 2),
    # British "per cent." ends a sentence the same way: only where a new one opens
    ("Interest accrues at five per cent. The Buyer shall pay it monthly.", 2),
]

STAYS = [
    "Acme Inc. and Beta Ltd. agree to cooperate in the Territory.",
    'This Agreement is made by Acme Inc. ("Acme") and the Distributor.',
    "Acme Inc. (the Company) shall deliver the goods.",
    "Payment is due to Kestrel Trading Co. Ltd. within thirty days.",
    "Notices go to Kestrel Trading Co. Limited, at its registered office.",
    "The plan is the Acme Inc. Group Benefit Plan for employees.",
    "The contract is with Acme Co. Inc. and its affiliates.",
    "For so long as Orrin holds not less than forty per cent. (40%) of the Shares, it may appoint one director.",
]


@pytest.mark.parametrize(("text", "count"), ENDS, ids=[t[:50] for t, _ in ENDS])
def test_a_company_form_ends_a_sentence_when_a_new_one_opens(text: str, count: int) -> None:
    sentences = split_sentences(text)
    assert len(sentences) == count
    assert all(text[s.start : s.end] == s.text for s in sentences)
    assert sentences[0].text.endswith(".") and sentences[1].text[0].isupper()


@pytest.mark.parametrize("text", STAYS, ids=[t[:50] for t in STAYS])
def test_a_company_form_inside_a_sentence_ends_nothing(text: str) -> None:
    assert [s.text for s in split_sentences(text)] == [text]


def test_a_company_form_inside_a_longer_name_ends_nothing_but_the_name_s_own_sentence_ends() -> None:
    text = "Each outlet trades as a Harlow Corp. Outlet. You must open it within a year."
    assert [s.text for s in split_sentences(text)] == [
        "Each outlet trades as a Harlow Corp. Outlet.",
        "You must open it within a year.",
    ]
