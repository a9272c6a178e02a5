"""The counterparty's liability excluded where it matters to us, for the liability_caps rule (liability):
heads of loss, ordinary fault, its own sphere, its delay, its failed services, token damages.
"""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re
from dataclasses import replace

from clauseflow_legal.figures import find_percents
from clauseflow_legal.parameters import extract_parameters
from clauseflow_legal.positions import market_positions
from clauseflow_legal.rules.base import ClauseContext, Finding, finding, span
from clauseflow_legal.rules.liability.cap_measure import CAP
from clauseflow_legal.rules.liability.cap_vetoes import VETOES
from clauseflow_legal.rules.packs import patterns_beside, wording_beside
from clauseflow_legal.text import Sentence

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)


def excluded_heads_of_loss(ctx: ClauseContext) -> list[Finding]:
    """Loss types excluded from the counterparty's liability that matter most to a customer."""
    out: list[Finding] = []
    for s, m in ctx.find(PATTERNS["customer_losses_excluded"]):
        side = ctx.actor(s, m.start())
        if ctx.parties.buy_side and (ctx.parties.theirs(side) or side == "mutual"):
            out.append(
                WORDING.finding(
                    ctx,
                    "excluded_heads_of_loss",
                    "liability_cap_inadequate",
                    "medium",
                    span(s, m.start(1)),
                    priority=1,
                    group1=m.group(1),
                )
            )
            break
    return out


# Liable only for gross fault: "shall not be liable … unless caused by its gross negligence or wilful
# misconduct", "除故意或重大过失外…不承担责任", "仅对其故意或重大过失承担责任".
_GROSS_FAULT_ONLY = PATTERNS["gross_fault_only"]


def gross_fault_only(ctx: ClauseContext) -> list[Finding]:
    """The counterparty answers only for gross negligence or wilful misconduct, not for ordinary fault."""
    if not ctx.parties.buy_side:
        return []
    for s, m in ctx.find(_GROSS_FAULT_ONLY):
        # "除故意或重大过失外，乙方…不承担责任": the one relieved is named after the exception
        side = ctx.actor(s, m.end() - 1 if m.group(0).startswith("除") else m.start())
        if not ctx.parties.theirs(side):
            continue
        return [WORDING.finding(ctx, "gross_fault_only", "liability_cap_inadequate", "high", span(s, m))]
    return []


# Causes inside the counterparty's own sphere: its premises, equipment, systems and staff, and the
# pests and leaks that keeping premises sound prevents ("因仓库漏雨、鼠害…造成的货物损失，保管人不承担
# 任何责任"; "not liable for loss caused by leakage, vermin or breakdown of its equipment").
_OWN_SPHERE_CAUSE = PATTERNS["own_sphere_cause"]
_NOT_LIABLE = PATTERNS["not_liable"]


def own_sphere_excluded(ctx: ClauseContext) -> list[Finding]:
    """The counterparty is not liable for failures of its own premises, equipment or staff."""
    if not ctx.parties.buy_side:
        return []
    for s, m in ctx.find(_NOT_LIABLE):
        side = ctx.actor(s, m.start())
        if not ctx.parties.theirs(side):
            continue
        found = [
            c
            for c in re.finditer(_OWN_SPHERE_CAUSE, s.text, re.I)
            if not VETOES.applies(
                "chosen_by_us",
                re.search(
                    PATTERNS["nominated_by_other"], s.text[max(0, c.start() - 10) : c.end() + 40], re.I
                ),
            )
        ]
        causes = [c.group(0) for c in found]
        if not causes:
            continue
        if VETOES.applies("power_cut_only", all(re.match(PATTERNS["power_cut"], c, re.I) for c in causes)):
            continue
        cause = found[0]
        return [
            WORDING.finding(
                ctx,
                "own_sphere_excluded",
                "liability_cap_inadequate",
                "high",
                span(s, min(cause.start(), m.start())),
                join=", ".join(causes[:4]),
                join_2="、".join(causes[:4]),
            )
        ]
    return []


def no_remedy_for_their_delay(ctx: ClauseContext) -> list[Finding]:
    """The counterparty owes nothing for late performance: dates are "estimates", delay excluded outright."""
    unnamed: list[Finding] = []
    for s, m in ctx.find(PATTERNS["delay_excluded"]):
        side = ctx.actor(s, m.start())
        if not ctx.parties.theirs(side):
            mentioned = ctx.parties.mentions(s.text)
            named = [x.side for x in mentioned if x.side != "mutual"]
            # "Delivery dates are estimates only": naming no one, the dates are those of the side we pay
            unnamed_dates = not mentioned and ctx.paying_side() == "us"
            if not (named and ctx.parties.theirs(named[0])):
                if unnamed_dates and not unnamed:
                    unnamed.append(_their_delay(ctx, s, m))
                continue
        return [_their_delay(ctx, s, m)]
    # only when no sentence names them: "Delivery dates are estimates only." read for a buyer
    return unnamed


def _their_delay(ctx: ClauseContext, s: Sentence, m: re.Match[str]) -> Finding:
    """The finding that the counterparty owes nothing for its late performance."""
    return WORDING.finding(
        ctx,
        "no_remedy_for_their_delay",
        "liability_cap_inadequate",
        "medium",
        span(s, m),
        matched=m.group(0).strip(),
    )


def no_remedy_for_failed_services(ctx: ClauseContext) -> list[Finding]:
    """The counterparty owes nothing when the services it provides fail, whatever the cause."""
    for s, m in ctx.find(PATTERNS["failed_services_excluded"]):
        # the one who "不承担" is named after the cause in Chinese: "…服务中断，乙方不承担任何责任"
        relief = re.search(PATTERNS["relief_words"], m.group(0), re.I)
        if not ctx.parties.theirs(ctx.actor(s, m.start() + (relief.start() if relief else 0))):
            continue
        return [
            finding(
                ctx,
                "liability_cap_inadequate",
                "medium",
                span(s, m),
                what=(
                    f"{ctx.them} owes nothing when its services fail because of the hosting or suppliers it chose."
                    if m.group("own")
                    else f"{ctx.them} owes nothing when its services fail, however caused, its own negligence included.",
                    f"{ctx.them}自行选择的云服务商或供应商导致服务中断时，{ctx.them}不承担任何责任。"
                    if m.group("own")
                    else f"{ctx.them}提供的服务中断或故障时，无论原因如何（包括其自身过失）均不承担责任。",
                ),
                why=WORDING.pair(ctx, "failed_services_why"),
                market=WORDING.pair(ctx, "failed_services_market"),
            )
        ]
    return []


def _floor_for_us(ctx: ClauseContext, measure: str) -> float | None:
    """The playbook's walk-away point for a buyer receiving delay damages (``ld_rate``, ``ld_cap``)."""
    for position in market_positions(ctx.domain, str(ctx.metadata.get("contract_title") or "")).get(
        measure, []
    ):
        if "customer" in position.perspective and position.direction == "min":
            return position.walk_away
    return None


def token_damages_to_us(ctx: ClauseContext) -> list[Finding]:
    """Delay or performance damages owed to us at a rate or cap so low that they are no remedy,
    read against the playbook's positions for damages we receive; the worse when they are our only
    remedy ("该违约金为甲方就逾期交货可获得的唯一救济", "Buyer's sole and exclusive remedy for delay")."""
    cap_floor = _floor_for_us(ctx, "ld_cap") or 5.0
    rate_floor = _floor_for_us(ctx, "ld_rate")
    for s, _m in ctx.find(PATTERNS["performance_damages"]):
        cap = re.search(CAP, s.text, re.I)
        found = extract_parameters(s.text)
        capped = [p.value for p in found if p.measure == "ld_cap" and p.value < cap_floor]
        if cap and not capped:
            capped = [p.value for p in find_percents(s.text[cap.start() :]) if p.value < cap_floor][:1]
        rates = [p for p in found if p.measure == "ld_rate" and p.per]
        slow = [p.rate("week") for p in rates if rate_floor is not None and p.rate("week") < rate_floor]
        # who pays: "payable by the Supplier", else the sentence's subject ("乙方迟延交货的，…向甲方支付")
        by = re.search(PATTERNS["payable_by"], s.text, re.I)
        named = ctx.parties.mentions(s.text[by.end() :] if by else s.text)
        payers = [x for x in named if x.side != "mutual"]
        payer = payers[0].side if payers else None
        if not (capped or slow) or not ctx.parties.theirs(payer):
            continue
        # a market cap with a token rate is still a token remedy; a market rate with a token cap too
        sole = re.search(PATTERNS["sole_remedy"], ctx.text, re.I)
        # the cap when it is the token, else the weekly rate
        level, risk = ("high" if sole else "medium"), "liability_cap_inadequate"
        if capped:
            at = cap.start() if cap else 0
            out = WORDING.finding(ctx, "token_damages_to_us", risk, level, span(s, at), capped=capped[0])
        else:
            out = WORDING.finding(ctx, "token_rate_to_us", risk, level, span(s, 0), rate=round(slow[0], 3))
        if sole:
            also = WORDING.t(ctx, "token_sole_remedy")
            out = replace(out, description=out.description + ("" if ctx.zh else " ") + also)
        return [out]
    return []
