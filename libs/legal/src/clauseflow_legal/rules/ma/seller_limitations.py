"""The seller_limitations rule (ma): Off-market caps, deductible baskets and short claim periods limiting the seller's liability."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.positions import MarketPosition, market_positions, shown
from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.ma.common import SELLER, shares_of_price, we_buy
from clauseflow_legal.rules.packs import Vetoes, patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import (
    Period,
    Sentence,
    find_percents,
    find_periods,
    fmt_period,
)

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)
VETOES = Vetoes(
    "seller_limitations",
    {
        "limits_disapplied": "the limitations do not apply to (or extend to) title, capacity or tax claims",
        "cap_within_market": "an overall cap of 30% of the price or more (100% where it covers fundamental claims)",
        "leakage_window": "a leakage claim window is price_mechanism's",
        "claim_period_within_market": "a claim window within the playbook's walk-away point for its kind of claim",
    },
)


@rule(reports={"ma_claim_limitations_unfavourable"})
def seller_limitations(ctx: ClauseContext) -> list[Finding]:
    """Off-market caps, deductible baskets and short claim periods limiting the seller's liability."""
    if not we_buy(ctx):
        return []
    out: list[Finding] = []
    for s in ctx.sentences:
        text = s.text
        if not re.search(rf"{SELLER}|{ctx.them_rx}|\bclaims?\b|索赔", text, re.I):
            continue
        extended = re.search(
            PATTERNS["limits_extend_to_fundamental"],
            text,
            re.I,
        )
        if extended and not VETOES.applies(
            "limits_disapplied", re.search(PATTERNS["not_extended"], text, re.I)
        ):
            out.append(
                WORDING.finding(
                    ctx,
                    "fundamental_limited",
                    "ma_claim_limitations_unfavourable",
                    "high",
                    span(s, extended.start()),
                )
            )
            continue
        cap = re.search(
            PATTERNS["overall_cap"],
            text,
            re.I,
        )
        pcts = shares_of_price(text, before=12)
        if cap and pcts:
            p = pcts[0]
            covers_fundamental = re.search(PATTERNS["covers_fundamental"], text, re.I)
            if not VETOES.applies(
                "cap_within_market", p.value >= 30 and not (covers_fundamental and p.value < 100)
            ):
                out.append(
                    Finding(
                        "ma_claim_limitations_unfavourable",
                        "high",
                        span(s, covers_fundamental.start() if covers_fundamental else p.start),
                        ctx.t(
                            f"The Seller's overall cap is {p.value:g}% of the price"
                            + (
                                ", and it also covers fundamental warranty and tax claims."
                                if covers_fundamental
                                else "."
                            ),
                            f"卖方责任总上限为价款的{p.value:g}%"
                            + ("，且同样适用于基本保证和税务索赔。" if covers_fundamental else "。"),
                        ),
                        WORDING.t(ctx, "cap_why"),
                        WORDING.t(ctx, "cap_market"),
                    )
                )
                continue
        deductible = re.search(
            PATTERNS["deductible"],
            text,
            re.I,
        )
        if deductible:
            pct = [p for p in find_percents(text)]
            out.append(
                Finding(
                    "ma_claim_limitations_unfavourable",
                    "high" if pct and pct[0].value > 1 else "medium",
                    span(s, deductible.start()),
                    ctx.t(
                        "The basket is a deductible: the Seller pays only the excess over the threshold"
                        + (f" of {pct[0].value:g}% of the price." if pct else "."),
                        "起赔门槛为免赔额式：卖方仅就超过门槛"
                        + (f"（价款的{pct[0].value:g}%）" if pct else "")
                        + "的部分承担责任。",
                    ),
                    WORDING.t(ctx, "deductible_why"),
                    WORDING.t(ctx, "deductible_market"),
                )
            )
            continue
        window = _claim_window(ctx, s)
        if window is not None:
            out.append(window)
    return out[:2]


# The playbook's positions on claim windows, one per kind of claim (playbook/sha_spa.json).
_GENERAL, _TAX, _PROCEEDINGS = "claims_period", "tax_claims_period", "claim_proceedings_period"


def _position(ctx: ClauseContext, measure: str) -> MarketPosition | None:
    title = str(ctx.metadata.get("contract_title") or "")
    found = [
        p
        for p in market_positions(ctx.domain, title).get(measure, [])
        if p.risk_type == "ma_claim_limitations_unfavourable"
    ]
    return found[0] if found else None


def _window_kind(text: str, before: str) -> str:
    """Which claims a window is for: proceedings after a notice, tax claims only, or claims generally."""
    if re.search(PATTERNS["proceedings"], before, re.I):
        return _PROCEEDINGS
    if re.search(PATTERNS["tax"], before) and not re.search(PATTERNS["general_claims"], before, re.I):
        return _TAX
    return _GENERAL


def _claim_window(ctx: ClauseContext, s: Sentence) -> Finding | None:
    """A window to notify claims, or to issue proceedings after a notice, shorter than the playbook's
    walk-away point for its kind of claim, the claim lapsing when it is missed.

    "No Claim may be brought unless notified within 9 months after Completion" is compared with the
    position on general claims; "Tax Claims ... within four years" with the position on tax claims,
    and a general window that also covers tax ("any Claim, including a Tax Claim") with both; "unless
    proceedings are issued and served within 30 days of the notice" with the position on proceedings.
    """
    text = s.text
    if not re.search(PATTERNS["claim_word"], text, re.I) or not re.search(
        PATTERNS["claim_lapses"], text, re.I
    ):
        return None
    if VETOES.applies("leakage_window", re.search(PATTERNS["leakage"], text, re.I)):
        return None
    windows: list[tuple[Period, str]] = []
    previous_end, acting = 0, False
    for period in find_periods(text):
        before = text[previous_end : period.start]
        previous_end = period.end
        # the window is for bringing the claim (notifying it, issuing proceedings), not for paying
        # The period is the claim's when bringing the claim is the last act named before it
        # ("unless notice … is given within"), not a cure or a reply the other side owes after
        # the notice ("… has failed to remedy the breach within 60 days"); "notice … within 24
        # months or, for a Tax Claim, within seven years": the act carries on.
        acts = list(re.finditer(PATTERNS["claim_act"], before, re.I))
        if acts:
            acting = not re.search(PATTERNS["other_act"], before[acts[-1].end() :], re.I)
        elif re.search(PATTERNS["other_act"], before, re.I):
            acting = False
        acting = (
            acting or re.match(PATTERNS["claim_act_after"], text[period.end : period.end + 40]) is not None
        )
        if period.unit != "hour" and _is_deadline(text, period) and acting:
            windows.append((period, _window_kind(text, before)))
    # A general window covers tax claims too when the sentence names tax without a window of its own.
    tax_window = any(kind == _TAX for _, kind in windows)
    worst: tuple[int, Period, str, MarketPosition, bool] | None = None
    for period, kind in windows:
        covers_tax = kind == _TAX or (kind == _GENERAL and not tax_window and _tax_included(text))
        measures = [kind] + ([_TAX] if covers_tax and kind == _GENERAL else [])
        for measure in measures:
            position = _position(ctx, measure)
            level = position.level(period.days) if position is not None else None
            if position is None or VETOES.applies("claim_period_within_market", level is None):
                continue
            rank = ("low", "medium", "high").index(level or "low")
            if worst is None or rank > worst[0]:
                worst = (rank, period, level or "medium", position, covers_tax)
    if worst is None:
        return None
    _, period, level, position, covers_tax = worst
    zh = ctx.zh
    label = position.label_zh if zh else position.label_en
    if position.measure == _PROCEEDINGS:
        what = ctx.t(
            f"After notifying a claim, {ctx.us} must issue proceedings within {fmt_period(period)} or the claim lapses.",
            f"{ctx.us}发出索赔通知后须在{fmt_period(period)}内提起诉讼，否则索赔失效。",
        )
    else:
        what = ctx.t(
            f"Claims must be notified within {fmt_period(period)}"
            + (", including tax claims." if covers_tax else "."),
            f"索赔须在{fmt_period(period)}内通知" + ("，税务索赔亦同。" if covers_tax else "。"),
        )
    market = ctx.t(
        f"Market: the {label} is about {shown(position.standard, position, zh)}, "
        f"and not under {shown(position.walk_away, position, zh)}.",
        f"市场惯例：{label}约为{shown(position.standard, position, zh)}，不应短于{shown(position.walk_away, position, zh)}。",
    )
    return Finding(
        "ma_claim_limitations_unfavourable",
        level,
        span(s, period.start),
        what,
        WORDING.t(ctx, "notice_why"),
        market,
    )


def _is_deadline(text: str, period: Period) -> bool:
    """Whether a period is a time limit for acting ("within", "no later than", "before the expiry of", "…内")."""
    if re.search(PATTERNS["deadline_before"], text[max(0, period.start - 60) : period.start], re.I):
        return True
    return re.match(PATTERNS["deadline_after"], text[period.end : period.end + 8]) is not None


def _tax_included(text: str) -> bool:
    """A window that also covers tax claims: tax named, and not as an exception to it."""
    return re.search(PATTERNS["tax"], text) is not None and not re.search(PATTERNS["tax_excepted"], text)
