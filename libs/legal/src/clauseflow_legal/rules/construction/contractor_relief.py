"""The contractor_relief rule (construction): read for the Employer, the builder's relief reaches past
the Employer's risks: time and money for any event it does not control, or for any cause but its own fault."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.construction.common import contractor_view
from clauseflow_legal.rules.packs import patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)


def employer_view(ctx: ClauseContext) -> bool:
    """Whether we are the one the builder claims against: the Employer, or a main contractor
    facing its subcontractor."""
    return ctx.parties.known and not contractor_view(ctx) and ctx.parties.is_role("employer", "contractor")


@rule(reports={"force_majeure_unbalanced"})
def contractor_relief(ctx: ClauseContext) -> list[Finding]:
    """The builder's extension of time or money for any event beyond its control, or for any cause
    other than its own default: the Employer carries every neutral risk (weather, suppliers, labour)."""
    if not employer_view(ctx):
        return []
    # the builder's entitlement, or our burden of its costs ("由发包人承担增加的费用", "the Employer shall reimburse")
    ours_to_bear = rf"(?:由|应由)(?:{ctx.us_rx})(?:承担|补偿|支付|负担)|(?:{ctx.us_rx})\s+shall\s+(?:bear|pay|reimburse)\b"
    entitled = [
        (s, m) for s, m in ctx.find(PATTERNS["entitled"]) if ctx.parties.theirs(ctx.actor(s, m.start()))
    ]
    for s, _m in [*entitled, *ctx.find(ours_to_bear)]:
        text = s.text
        money = re.search(PATTERNS["money"], text, re.I)
        trigger = re.search(PATTERNS["not_its_fault"], text, re.I) or re.search(
            PATTERNS["beyond_its_control"], text, re.I
        )
        force_majeure = re.search(PATTERNS["force_majeure_named"], text, re.I)
        if force_majeure is not None:
            # force majeure is the force_majeure rule's, save profit on it: no one earns on an event no one caused
            profit = re.search(PATTERNS["profit"], text, re.I)
            if profit is None:
                continue
            trigger, money = force_majeure, profit
        if trigger is None:
            # profit on every claim or extension, whatever its cause: the market pays profit only where we caused it
            every = re.search(PATTERNS["every_claim"], text, re.I)
            profit = re.search(PATTERNS["profit"], text, re.I)
            caused_by = PATTERNS["caused_by"]
            if (
                every is not None
                and profit is not None
                and not re.search(PATTERNS["no_profit"], text, re.I)
                and not re.search(rf"{caused_by}\s*(?:{ctx.us_rx})", text, re.I)
            ):
                return [
                    WORDING.finding(
                        ctx,
                        "profit_on_every_claim",
                        "force_majeure_unbalanced",
                        "medium",
                        span(s, 0),
                        trigger=every.group(0).strip(),
                    )
                ]
            continue
        fault_only = re.search(PATTERNS["not_its_fault"], text, re.I) is not None
        if not (money or fault_only):
            continue  # time alone for events no one controls is the force majeure the market gives
        return [
            WORDING.finding(
                ctx,
                "relief_for_neutral_events",
                "force_majeure_unbalanced",
                "high" if money and fault_only else "medium",
                span(s, 0),
                trigger=trigger.group(0).strip(),
            )
        ]
    return []
