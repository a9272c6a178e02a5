"""A cap's carve-outs, for the liability_caps rule (liability): those that leave our own liability unlimited
beyond the market's (fraud, death, personal injury).
"""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.parties import Side
from clauseflow_legal.rules.base import ClauseContext, Finding, span, sub_sentence
from clauseflow_legal.rules.packs import patterns_beside, wording_beside
from clauseflow_legal.text import Sentence

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)

# Fraud, wilful misconduct, death and personal injury: the carve-outs the market accepts (read by
# the unlimited-liability and reserved-limits modules too).
STANDARD_CARVE = PATTERNS["standard_carve"]
_CARVE_TRIGGER = PATTERNS["carve_trigger"]
_OUR_EXPOSURE = PATTERNS["our_exposure"]
_HOLDER_AFTER = PATTERNS.compiled("holder_after")
_HOLDER_BEFORE = PATTERNS.compiled("holder_before")


def _holder(ctx: ClauseContext, item: str) -> Side | None:
    """The side whose liability a carve-out item names ("the Contractor's liability for ...",
    "the liability of the Supplier for ...", "承包人的赔偿责任"), or None when it names none."""
    for m in ctx.parties.mentions(item):
        # a mention may end with its possessive ("Contractor's"): read it as part of what follows
        after = (
            item[m.end - 2 : m.end] + item[m.end :]
            if item[m.end - 2 : m.end] in ("'s", "’s")
            else item[m.end :]
        )
        if _HOLDER_AFTER.search(after) or _HOLDER_BEFORE.search(item[: m.start]):
            return m.side
    return None


def carve_outs_against_us(ctx: ClauseContext, s: Sentence, side: Side | None) -> list[Finding]:
    """The cap's carve-outs that leave our own liability unlimited beyond the market's (fraud, death, injury)."""
    out: list[Finding] = []
    carve = re.search(_CARVE_TRIGGER, s.text, re.I)
    segment = s.text[carve.end() :] if carve else ""
    if carve and not segment.strip(" :："):
        nxt = [x for x in ctx.sentences if x.start > s.start][:3]
        segment = " ".join(x.text for x in nxt)
    if not carve:
        return out
    items = [i for i in re.split(PATTERNS["carve_out_separator"], segment) if i.strip()]
    head = _holder(ctx, items[0]) if items else None
    ours = [
        i
        for i in items
        if not re.search(STANDARD_CARVE, i, re.I)
        and (_holder(ctx, i) or head) != "them"
        and (
            "us" in ctx.parties.sides_in(i) or (ctx.parties.ours(side) and re.search(_OUR_EXPOSURE, i, re.I))
        )
        and (ctx.parties.sides_in(i) - {"other"}) != {"them"}
    ]
    if ours:
        pos = s.text.find(ours[0].strip())
        quote = span(s, carve.start())
        if len(quote.text) > 320 and pos >= 0:
            quote = sub_sentence(s, carve.start(), min(len(s.text), pos + len(ours[-1])))
        listed = "; ".join(re.sub(r"\s+", " ", i).strip(" ,.") for i in ours[:4])
        out.append(
            WORDING.finding(ctx, "carve_outs_against_us", "uncapped_liability", "high", quote, listed=listed)
        )
    return out
