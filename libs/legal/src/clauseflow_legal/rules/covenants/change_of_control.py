"""The change_of_control rule (covenants): Our change of control triggers termination, consent or repricing."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.packs import patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import Sentence

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)

# A lender's answer to a change of control: the loan falls due at once.
_DEBT_CALLED_IN = PATTERNS["debt_called_in"]
# A change of control listed as a default: the lender may then call the debt in or terminate.
_A_DEFAULT = PATTERNS["a_default"]
# The other side may buy our shares: at a price below their value it takes part of them for nothing.
_CALL_ON_SHARES = PATTERNS["call_on_shares"]
_BELOW_VALUE = PATTERNS["below_value"]


@rule(reports={"change_of_control"})
def change_of_control(ctx: ClauseContext) -> list[Finding]:
    """Our change of control triggers termination, consent or repricing."""
    for s, m in ctx.find(PATTERNS["change_of_control"]):
        text = s.text
        # a loan's change-of-control trigger calls the debt in: "shall become immediately due and payable";
        # as an item of a list of defaults it is one ("下列任一事件均构成借款人违约：…")
        consequence = re.search(
            rf"terminat|consent|renegotiat|repric|解除|终止|同意|{_DEBT_CALLED_IN}|{_A_DEFAULT}|{_CALL_ON_SHARES}",
            f"{ctx.lead_in(s)} {text}",
            re.I,
        )
        if not consequence:
            continue
        who = None
        of = re.match(PATTERNS["of_whom"], text[m.end() :])
        if of:
            after = ctx.parties.mentions(text[m.end() + of.end() : m.end() + of.end() + 40])
            who = after[0].side if after and after[0].start == 0 else None
        else:
            subj = re.search(
                PATTERNS["undergoes"],
                text[: m.start()],
                re.I,
            )
            if subj:
                who = ctx.parties.side_before(text, subj.start(), window=60)
            elif re.search(PATTERNS["chinese_char"], m.group(0)):
                who = ctx.parties.side_before(text, m.start(), window=20)
            elif re.match(PATTERNS["event_verb"], m.group(0), re.I):
                # "if the Licensee is acquired by", "should Orbis merge with": the party just before it
                who = ctx.parties.side_before(text, m.start(), window=30)
        if (
            who is None
            and ctx.parties.borrows
            and re.search(_DEBT_CALLED_IN, f"{ctx.lead_in(s)} {text}", re.I)
            and not ctx.parties.sides_in(text[: m.start()]) - {"us", "mutual"}
            and re.match(PATTERNS["defined_change"], m.group(0))
        ):
            # "Upon the occurrence of a Change of Control ... all Loans shall become immediately due": in
            # a loan the defined change is the borrower group's (the lender's is never an event of it)
            who = "us"
        if (
            who is not None
            and not re.match(PATTERNS["named_change"], m.group(0), re.I)
            and re.search(PATTERNS["event_allowed"], text, re.I)
        ):
            # "may assign without consent to a successor by merger": the event is let pass, not sanctioned
            who = None
        if ctx.parties.ours(who) and re.search(_CALL_ON_SHARES, consequence.group(0), re.I):
            return [_call_on_our_shares(ctx, s, m)]
        if ctx.parties.ours(who):
            return [
                Finding(
                    "change_of_control",
                    "medium",
                    span(s, m),
                    WORDING.t(ctx, "debt_called_in")
                    if re.search(_DEBT_CALLED_IN, text, re.I)
                    else WORDING.t(ctx, "event_of_default")
                    if re.search(_A_DEFAULT, consequence.group(0), re.I)
                    else WORDING.t(ctx, "terminate_or_consent"),
                    WORDING.t(ctx, "why"),
                    WORDING.t(ctx, "market"),
                )
            ]
    return []


def _call_on_our_shares(ctx: ClauseContext, s: Sentence, m: re.Match[str]) -> Finding:
    """Our change of control lets the other side buy our shares; high when priced below their value."""
    below = re.search(_BELOW_VALUE, s.text, re.I)
    return Finding(
        "change_of_control",
        "high" if below else "medium",
        span(s, m),
        WORDING.t(ctx, "call_below_value") if below else WORDING.t(ctx, "call_on_our_shares"),
        WORDING.t(ctx, "call_why"),
        WORDING.t(ctx, "call_market"),
    )
