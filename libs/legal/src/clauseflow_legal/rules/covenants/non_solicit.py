"""The non_solicit rule (covenants): Overbroad non-solicit / no-hire covenants on us."""

from __future__ import annotations

import re

from clauseflow_legal.figures import find_periods
from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.packs import Vetoes, patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)
VETOES = Vetoes(
    "non_solicit",
    {
        "describes_the_protected": '"any person employed by the Franchisor" describes who is protected',
        "verb_not_prohibited": "the prohibition must be this verb's: no one is barred from hiring",
        "within_market_limits": "12 months or less, no general advertising caught, no affiliates",
    },
)


@rule(reports={"non_solicit"})
def non_solicit(ctx: ClauseContext) -> list[Finding]:
    """Overbroad non-solicit / no-hire covenants on us."""
    # Verbs only: "its officers and employees" in an indemnity solicits no one.
    for s, m in ctx.find(PATTERNS["hire_verb"]):
        text = s.text
        if VETOES.applies(
            "describes_the_protected", re.match(PATTERNS["employed_by"], text[m.start() :], re.I)
        ):
            continue
        if not re.search(
            PATTERNS["people"],
            text,
            re.I,
        ):
            continue
        if VETOES.applies(
            "verb_not_prohibited",
            not re.search(PATTERNS["prohibition"], text[max(0, m.start() - 100) : m.start()], re.I),
        ):
            continue
        side = ctx.actor(s, m.start())
        if not (ctx.parties.ours(side) or (side == "mutual" and ctx.parties.is_role("recipient"))):
            continue
        overbroad: list[object] = []
        adv = re.search(
            PATTERNS["general_advertising"],
            text,
            re.I,
        )
        if adv and not re.search(PATTERNS["advertising_excepted"], text, re.I):
            overbroad.append(adv)
        periods = [p for p in find_periods(text) if p.unit in {"month", "year"}]
        if not periods:
            # the duration in the next sentence, naming the restriction: "This restriction applies ... for
            # 24 months after it ends"
            later = [x for x in ctx.sentences if x.start > s.start][:1]
            if later and re.search(PATTERNS["restriction_named"], later[0].text, re.I):
                periods = [p for p in find_periods(later[0].text) if p.unit in {"month", "year"}]
        if periods and periods[0].months > 12:
            overbroad.append(periods[0])
        if re.search(PATTERNS["affiliates"], text, re.I):
            overbroad.append("affiliates")
        if VETOES.applies("within_market_limits", not overbroad):
            continue
        level = "medium" if adv or (periods and periods[0].months > 24) else "low"
        anchor = adv.start() if adv else m.start()
        return [
            Finding(
                "non_solicit",
                level,
                span(s, anchor),
                ctx.t(
                    f"The non-solicit binding {ctx.us} is overbroad"
                    + (" and catches general advertising." if adv else "."),
                    f"约束{ctx.us}的不招揽条款过宽" + ("，甚至包括一般性招聘广告。" if adv else "。"),
                ),
                WORDING.t(ctx, "why"),
                WORDING.t(ctx, "market"),
            )
        ]
    return []
