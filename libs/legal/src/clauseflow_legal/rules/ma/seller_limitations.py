"""The seller_limitations rule (ma): the seller's limits on warranty claims, read for whichever side we are.

For a buyer: off-market caps, deductible baskets and short claim periods limiting the seller's
liability. For the seller the same clauses are its exposure: a cap at or near the price, a tipping
basket or thresholds far under the market, and windows to notify claims longer than the playbook's
seller position (playbook/sha_spa.json, "for": "seller").
"""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.figures import Period, find_percents, find_periods, fmt_period
from clauseflow_legal.positions import MarketPosition, market_positions, shown
from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.ma.common import SELLER, shares_of_price, we_buy, we_sell
from clauseflow_legal.rules.packs import Vetoes, patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import Sentence

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)
VETOES = Vetoes(
    "seller_limitations",
    {
        "limits_disapplied": "the limitations do not apply to (or extend to) title, capacity or tax claims",
        "cap_within_market": "an overall cap of 30% of the price or more (100% where it covers fundamental claims)",
        "leakage_window": "a leakage claim window is price_mechanism's",
        "claim_period_within_market": "a claim window within the playbook's walk-away point for its kind of claim",
        "seller_cap_within_market": "for the seller: a cap within its walk-away point, or the price as the cap of title, capacity and tax claims only",
        "seller_thresholds_within_market": "for the seller: a de minimis or basket at or above its walk-away share of the price",
    },
)


@rule(reports={"ma_claim_limitations_unfavourable", "uncapped_liability", "warranty_excessive"})
def seller_limitations(ctx: ClauseContext) -> list[Finding]:
    """Off-market caps, deductible baskets and short claim periods limiting the seller's liability
    (for a buyer), or the seller's exposure under the same clauses (for the seller)."""
    if we_sell(ctx):
        return _seller_exposure(ctx)
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
    """The playbook's position on ``measure`` for our side: the seller's when we sell, else the buyer's."""
    title = str(ctx.metadata.get("contract_title") or "")
    side = "seller" if we_sell(ctx) else "buyer"
    found = [p for p in market_positions(ctx.domain, title).get(measure, []) if side in p.perspective]
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
    # For the seller a window is its exposure whether missing it bars the claim or the claim is
    # simply allowed until then ("The Buyer may notify a Claim at any time within ten years").
    lapses = re.search(PATTERNS["claim_lapses"], text, re.I) or (
        we_sell(ctx) and re.search(PATTERNS["claim_allowed"], text, re.I)
    )
    if not re.search(PATTERNS["claim_word"], text, re.I) or not lapses:
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
    # the buyer's window is too short ("min" position); the seller's too long ("max")
    longer = position.direction == "max"
    if position.measure == _PROCEEDINGS:
        what = (
            ctx.t(
                f"A notified claim stays open against {ctx.us} for {fmt_period(period)} before proceedings must be issued.",
                f"索赔通知后，对方可在{fmt_period(period)}内对{ctx.us}提起诉讼，索赔长期悬而未决。",
            )
            if longer
            else ctx.t(
                f"After notifying a claim, {ctx.us} must issue proceedings within {fmt_period(period)} or the claim lapses.",
                f"{ctx.us}发出索赔通知后须在{fmt_period(period)}内提起诉讼，否则索赔失效。",
            )
        )
    elif longer:
        what = ctx.t(
            f"Claims may be brought against {ctx.us} for {fmt_period(period)}"
            + (", tax claims included." if covers_tax else "."),
            f"对方可在{fmt_period(period)}内向{ctx.us}提出索赔"
            + ("，税务索赔亦同。" if covers_tax else "。"),
        )
    else:
        what = ctx.t(
            f"Claims must be notified within {fmt_period(period)}"
            + (", including tax claims." if covers_tax else "."),
            f"索赔须在{fmt_period(period)}内通知" + ("，税务索赔亦同。" if covers_tax else "。"),
        )
    market = ctx.t(
        f"Market: the {label} is about {shown(position.standard, position, zh)}, "
        f"and not {'over' if longer else 'under'} {shown(position.walk_away, position, zh)}.",
        f"市场惯例：{label}约为{shown(position.standard, position, zh)}，"
        f"不应{'超过' if longer else '短于'}{shown(position.walk_away, position, zh)}。",
    )
    return Finding(
        position.risk_type,
        level,
        span(s, period.start),
        what,
        WORDING.t(ctx, "long_window_why") if longer else WORDING.t(ctx, "notice_why"),
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


def _seller_exposure(ctx: ClauseContext) -> list[Finding]:
    """The seller's side: a cap at or near the price, low or tipping thresholds, long claim windows."""
    out: list[Finding] = []
    for s in ctx.sentences:
        if not re.search(rf"{SELLER}|{ctx.us_rx}|\bclaims?\b|\bliab|索赔|赔偿|责任", s.text, re.I):
            continue
        found = _seller_cap(ctx, s) or _seller_thresholds(ctx, s) or _claim_window(ctx, s)
        if found is not None:
            out.append(found)
    return out[:2]


def _seller_cap(ctx: ClauseContext, s: Sentence) -> Finding | None:
    """An overall cap on the seller's liability at a share of the price beyond its position."""
    text = s.text
    at_price = re.search(PATTERNS["cap_at_price"], text, re.I)
    cap = re.search(PATTERNS["overall_cap"], text, re.I) or at_price
    if cap is None:
        return None
    # whose liability: the party before the cap, or the one it names ("liability of the Buyer")
    named = ctx.parties.mentions(text[cap.end() : cap.end() + 30])
    if ctx.parties.theirs(named[0].side if named else ctx.actor(s, cap.start())):
        return None  # the buyer's own cap
    pcts = shares_of_price(text, before=12)
    if pcts:
        value, start = pcts[0].value / 100, pcts[0].start
    elif at_price:
        value, start = 1.0, at_price.start()
    else:
        return None
    position = _position(ctx, "liability_cap")
    if position is None:
        return None
    level = position.level(value)
    # the price as the cap of title, capacity and tax claims alone is market for the seller too
    fundamental_only = (
        position.excused_if is not None
        and position.excused_if.search(text) is not None
        and value <= (position.excused_up_to or 0)
    )
    if VETOES.applies("seller_cap_within_market", level is None or fundamental_only):
        return None
    return WORDING.finding(
        ctx, "seller_cap", position.risk_type, level or "medium", span(s, start), pct=value * 100
    )


def _seller_thresholds(ctx: ClauseContext, s: Sentence) -> Finding | None:
    """A tipping basket (once over the threshold the seller pays from the first unit), or a de minimis
    or basket under the seller's walk-away share of the price."""
    text = s.text
    if not re.search(PATTERNS["threshold"], text, re.I) or not re.search(PATTERNS["claim_word"], text, re.I):
        return None
    pcts = shares_of_price(text, before=12)
    single = re.search(PATTERNS["single_claim"], text, re.I)
    position = _position(ctx, "de_minimis" if single else "claim_thresholds")
    low = position.level(pcts[0].value) if position is not None and pcts else None
    tipping = re.search(PATTERNS["tipping"], text, re.I)
    if VETOES.applies("seller_thresholds_within_market", tipping is None and low is None):
        return None
    if tipping is not None:
        return Finding(
            "warranty_excessive",
            "medium" if low is not None or not pcts else "low",
            span(s, tipping.start()),
            ctx.t(
                "The basket is tipping: once claims exceed the threshold, the Seller pays the whole amount from the first unit.",
                "起赔门槛为全额起赔式：索赔累计超过门槛后，卖方须对全部金额承担责任。",
            ),
            WORDING.t(ctx, "tipping_why"),
            WORDING.t(ctx, "thresholds_market"),
        )
    p = pcts[0]
    return Finding(
        "warranty_excessive",
        low or "medium",
        span(s, p.start),
        ctx.t(
            f"The {'de minimis' if single else 'basket'} is only {p.value:g}% of the price.",
            f"{'单项索赔最低金额' if single else '起赔门槛'}仅为价款的{p.value:g}%。",
        ),
        WORDING.t(ctx, "thresholds_why"),
        WORDING.t(ctx, "thresholds_market"),
    )
