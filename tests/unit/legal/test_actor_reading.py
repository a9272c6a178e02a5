"""Who performs a verb: the shared actor reading every rule asks (``ClauseContext.actor``).

A passive names its actor in a "by" phrase, after one word ("terminated by") or after a verb of
several words with its adverbials ("may be brought to an end by", "may be terminated at any time
by"); the subject before the modal is then the one acted upon. Chinese marks the agent with 由 or
被 before the verb. The sentences are written for these tests, with invented parties.
"""

# ruff: noqa: E501  -- clause fixtures read better unbroken

from __future__ import annotations

import re

import pytest
from clauseflow_legal.analysis import analyse_clause
from clauseflow_legal.parties import infer_parties
from clauseflow_legal.rules.base import ClauseContext


def _actor(text: str, verb: str, our_party: str, other: str, language: str = "en") -> str | None:
    """The side ``ClauseContext.actor`` reads for the first ``verb`` of ``text``."""
    ctx = ClauseContext("c1", "", text, language, "generic", infer_parties(our_party, [other], text))
    for sentence in ctx.sentences:
        found = re.search(verb, sentence.text)
        if found:
            return ctx.actor(sentence, found.start())
    raise AssertionError(f"{verb!r} not in {text!r}")


# (sentence, the verb asked about, the side that performs it) -- our party is the Licensee.
EN_PASSIVES = [
    ("This Agreement may be terminated by the Licensor on ten days' notice.", "terminated", "them"),
    ("This Agreement may be terminated by Licensee at any time.", "terminated", "us"),
    (
        "The Licensee agrees that this Agreement may be brought to an end by the Licensor at any time.",
        "be brought",
        "them",
    ),
    (
        "The Licence may be terminated at any time by the Licensor without giving reasons.",
        "terminated",
        "them",
    ),
    ("The Licence may be cancelled forthwith, by the Licensor, on written notice.", "cancelled", "them"),
    ("The Licensee's appointment can be ended during the first year by the Licensor.", "ended", "them"),
    (
        "This Agreement may be terminated at any time by either party on sixty days' notice.",
        "terminated",
        "mutual",
    ),
    (
        "The Licensee accepts that this Agreement may be terminated at any time by the Licensee only with the Licensor's consent.",
        "terminated",
        "us",
    ),
    ("The Licence shall not be terminated by the Licensor during the Initial Term.", "terminated", "them"),
    (
        "The Licence shall not be terminated at any time by the Licensor for convenience.",
        "terminated",
        "them",
    ),
]


@pytest.mark.parametrize(("text", "verb", "side"), EN_PASSIVES, ids=[t[:60] for t, _, _ in EN_PASSIVES])
def test_a_passive_is_performed_by_the_party_of_its_by_phrase(text: str, verb: str, side: str) -> None:
    assert _actor(text, verb, "Licensee", "Licensor") == side


# A "by" phrase that belongs to something else in the phrase: the subject stays the actor.
EN_OTHER_AGENTS = [
    ("The Licensor may terminate this Agreement for material breach by the Licensee.", "terminate", "them"),
    (
        "The Licensee may terminate this Agreement if it is terminated for reasons other than a breach by the Licensor.",
        "terminate",
        "us",
    ),
    (
        "The Licensor shall be paid all fees and any amount invoiced and paid by the Licensee.",
        "paid all",
        "them",
    ),
    (
        "The Licensee shall terminate this Agreement by notice given by the Licensor's agent.",
        "terminate",
        "us",
    ),
    (
        "This Agreement shall be cancelled automatically prior to completion by the Licensee.",
        "cancelled",
        None,
    ),
]


@pytest.mark.parametrize(
    ("text", "verb", "side"), EN_OTHER_AGENTS, ids=[t[:60] for t, _, _ in EN_OTHER_AGENTS]
)
def test_a_by_phrase_of_another_verb_or_noun_is_not_the_actor(text: str, verb: str, side: str | None) -> None:
    assert _actor(text, verb, "Licensee", "Licensor") == side


# Our party is 乙方 (the licensee); 甲方 is the counterparty.
ZH_PASSIVES = [
    ("本合同可由甲方随时解除。", "解除", "them"),
    ("本合同被甲方提前解除的，乙方不承担责任。", "解除", "them"),
    ("双方确认本合同可以由乙方书面通知解除。", "解除", "us"),
    ("合同解除所产生的费用由甲方承担。", "承担", "them"),
    # the 由 phrase describes the equipment; the actor is named after it
    ("由甲方提供的设备乙方应妥善保管。", "保管", "us"),
]


@pytest.mark.parametrize(("text", "verb", "side"), ZH_PASSIVES, ids=[t for t, _, _ in ZH_PASSIVES])
def test_a_chinese_agent_marked_by_you_or_bei_performs_the_verb(text: str, verb: str, side: str) -> None:
    assert _actor(text, verb, "乙方", "甲方", language="zh") == side


def test_a_multi_word_passive_gives_the_counterparty_a_right_to_end_for_convenience() -> None:
    # every rule reads the actor through the shared reading: here the convenience rule
    theirs = "The Licensee agrees that this Agreement may be terminated at any time by the Licensor for its convenience on seven days' notice."
    assert "termination_for_convenience" in {
        r["risk_type"] for r in analyse_clause(theirs, our_party="Licensee")
    }
    ours = theirs.replace("by the Licensor", "by the Licensee").replace(
        "The Licensee agrees", "The Licensor agrees"
    )
    assert "termination_for_convenience" not in {
        r["risk_type"] for r in analyse_clause(ours, our_party="Licensee")
    }


# A party inside a time phrase opening the sentence sets the time; the next party acts. Our party is 乙方.
ZH_TIME_PHRASES = [
    ("甲方交货后十日内乙方应支付全部货款。", "支付", "us"),
    ("甲方提交验收申请后五日内乙方未组织验收的，视为验收合格。", "组织验收", "us"),
    ("收到甲方通知之日起三日内乙方应予答复。", "答复", "us"),
    # no time phrase between them: the first party is the subject, the second its object
    ("甲方在收到乙方发票后三十日内支付货款。", "支付", "them"),
    ("乙方应在甲方交货前支付预付款。", "支付", "us"),
]


@pytest.mark.parametrize(("text", "verb", "side"), ZH_TIME_PHRASES, ids=[t for t, _, _ in ZH_TIME_PHRASES])
def test_a_chinese_party_inside_an_opening_time_phrase_is_not_the_actor(
    text: str, verb: str, side: str
) -> None:
    assert _actor(text, verb, "乙方", "甲方", language="zh") == side
