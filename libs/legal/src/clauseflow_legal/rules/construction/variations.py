"""The variations rule (construction): Variations without adjustment below a threshold, at Employer-set rates, or omitted work re-let."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.figures import find_percents
from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.construction.common import contractor_view
from clauseflow_legal.rules.packs import Vetoes, patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule

PATTERNS = patterns_beside(__file__)
VETOES = Vetoes(
    "variations",
    {
        "omission_forbidden": "the Employer may not omit work, and the match is about omitting it",
        "not_about_variations": "no adjustment is denied for a variation: the sentence names none",
        "rates_not_at_discretion": "rates set by the Employer or Engineer, but not at its discretion",
    },
)
WORDING = wording_beside(__file__)


@rule(reports={"variation_valuation_unfair"})
def variations(ctx: ClauseContext) -> list[Finding]:
    """Variations without adjustment below a threshold, at Employer-set rates, or omitted work re-let."""
    if not contractor_view(ctx):
        return []
    if not re.search(
        PATTERNS["variation_named"],
        ctx.title + " " + ctx.text,
        re.I,
    ):
        return []
    for s, m in ctx.find(PATTERNS["unfair_valuation"]):
        text = s.text
        if VETOES.applies(
            "omission_forbidden",
            re.search(PATTERNS["omission_forbidden"], text, re.I)
            and re.search(PATTERNS["omission_matched"], m.group(0), re.I),
        ):
            continue
        pct = find_percents(text)
        discretion = re.search(PATTERNS["discretion"], text, re.I)
        if "删减" in m.group(0):
            pass  # omitted work re-let is unfair whatever the clause calls it
        elif "adjust" in m.group(0).lower() or "调整" in m.group(0) or "增加" in m.group(0):
            if VETOES.applies("not_about_variations", not re.search(PATTERNS["variation_word"], text, re.I)):
                continue
        elif VETOES.applies(
            "rates_not_at_discretion", re.search(PATTERNS["rates_set"], m.group(0), re.I) and not discretion
        ):
            continue
        return [
            Finding(
                "variation_valuation_unfair",
                "high",
                span(s, m),
                WORDING.t(ctx, "omitted_work_what")
                if re.search(PATTERNS["omission"], m.group(0), re.I)
                else ctx.t(
                    "Variations may be instructed without fair adjustment"
                    + (f" (threshold {pct[0].value:g}%)" if pct else "")
                    + f", shifting the cost of changed scope to {ctx.us}.",
                    "变更可在不公平调整的情况下指示"
                    + (f"（门槛{pct[0].value:g}%）" if pct else "")
                    + f"，变更范围的成本转移给{ctx.us}。",
                ),
                WORDING.t(ctx, "why"),
                WORDING.t(ctx, "market"),
            )
        ]
    return []
