"""Exit for the sha_minority rule (ma): a long lock-up of our shares, and a drag-along a small majority triggers."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_documents.numerals import ENGLISH_ORDINALS

from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.ma.minority_vetoes import VETOES
from clauseflow_legal.rules.packs import patterns_beside, wording_beside
from clauseflow_legal.text import Period, find_percents, find_periods, fmt_period

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)


def long_lock_up(ctx: ClauseContext) -> list[Finding]:
    """Our shares are locked in for more than three years."""
    out: list[Finding] = []
    for s, m in ctx.find(PATTERNS["lock_up"]):
        periods = [p for p in find_periods(s.text) if p.unit in {"month", "year"}] or _anniversaries(s.text)
        side = ctx.actor(s, m.start())
        if periods and periods[0].months > 36 and ctx.parties.ours(side):
            out.append(
                WORDING.finding(
                    ctx,
                    "long_lock_up",
                    "sha_exit_rights_unfavourable",
                    "high",
                    span(s, m),
                    period=fmt_period(periods[0]),
                )
            )
            break
    return out


def low_drag_along_threshold(ctx: ClauseContext) -> list[Finding]:
    """A drag-along the holders of under 75% can trigger."""
    out: list[Finding] = []
    # The dragged holders are Shareholders, Members (an LLC or a venture: "other Members" in 12
    # cuad-train contracts, e.g. BORROWMONEYCOM_INC_06_11_2020-EX-10.1-JOINT_VENTURE_AGREEMENT.txt),
    # holders or partners.
    for s, _m in ctx.find(
        r"drag[- ]along|领售|拖售|(?:require|compel|force)\s+(?:the\s+)?(?:Investor|(?:other|minority|remaining)\s+(?:Shareholders?|Members?|holders?|partners?))\s+to\s+(?:sell|transfer)"
        rf"|(?:{ctx.us_rx})[^。；，]{{0,6}}应(?:按|以)?(?:相同|同等)(?:的)?(?:价格和)?条件[^。；]{{0,12}}(?:出售|转让)"
    ):
        if VETOES.applies(
            "compulsory_transfer_not_drag", re.search(PATTERNS["call_or_sanction"], s.text, re.I)
        ):
            continue
        pct = [p for p in find_percents(s.text)]
        if pct and pct[0].value < 75:
            out.append(
                WORDING.finding(
                    ctx,
                    "low_drag_along_threshold",
                    "sha_exit_rights_unfavourable",
                    "high",
                    span(s, pct[0].start),
                    pct=pct[0].value,
                )
            )
            break
    return out


def _anniversaries(text: str) -> list[Period]:
    """ "before the fifth anniversary of Completion" as five years (a lock-up counted in anniversaries)."""
    out = []
    for m in re.finditer(
        PATTERNS["before_anniversary"],
        text,
        re.I,
    ):
        n = m.group("n").lower()
        out.append(Period(float(ENGLISH_ORDINALS.get(n) or int(n)), "year", m.start("n"), m.end()))
    return out
