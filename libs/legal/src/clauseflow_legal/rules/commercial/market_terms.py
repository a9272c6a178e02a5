"""The market_terms rule (commercial): a clause's numbers against the playbook's market positions.

Whatever the wording, a warranty period of five years for a supplier, a cap of a quarter of the
fees for a customer or a 2% weekly delay-damages rate is off-market; the rule finds the number
(:mod:`clauseflow_legal.parameters`), asks the playbook for the position of our side of the deal
(:mod:`clauseflow_legal.positions`) and reports the deviation with a level set by its distance.
Its findings rank after a specific rule's finding of the same risk in the same sub-clause (one
finding per issue per clause).
"""

from __future__ import annotations

import re

from clauseflow_legal.parameters import Parameter
from clauseflow_legal.parties import Side
from clauseflow_legal.positions import describe, deviations, market_risk_types
from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.liability.cap_measure import liable_side
from clauseflow_legal.rules.packs import patterns_beside
from clauseflow_legal.rules.registry import rule

PATTERNS = patterns_beside(__file__)

# A specific rule's finding of the same risk type in the same sub-clause wins (lower wins).
PRIORITY = 5


# It reports every deviation of the clause in one pass, and can report any risk type a playbook
# position names (positions are data: the declaration is read from the playbooks).
@rule(reports=market_risk_types(), whole_unit=True)
def market_terms(ctx: ClauseContext) -> list[Finding]:
    """Findings for the clause's parameters beyond the walk-away point of our side's position."""

    def bound(parameter: Parameter) -> Side | None:
        sentence = parameter.sentence
        if parameter.measure == "liability_cap":
            # whose liability the cap limits, not the last party named ("承包人违约的，其赔偿责任以
            # 分包人的直接损失为限，且累计不超过合同价款的10%" limits the 承包人's)
            liable = liable_side(ctx, sentence)
            if liable is not None:
                return liable
        actor = ctx.actor(sentence, parameter.start - sentence.start)
        if actor is not None:
            return actor
        # "shall be given … not later than 28 days after the Contractor became aware": the clock is
        # the claimant's, the party named right before its own awareness
        aware = re.search(PATTERNS["aware"], sentence.text, re.I)
        if aware is None or aware.start() < parameter.start - sentence.start:
            return None
        named = ctx.parties.mentions(sentence.text[: aware.start()])
        if named and aware.start() - named[-1].end <= 8 and named[-1].side in {"us", "them"}:
            return named[-1].side
        return None

    title = str(ctx.metadata.get("contract_title") or "")
    holding = re.match(r"\s*(\d+(?:\.\d+)?)\s*%", str(ctx.metadata.get("our_shareholding") or ""))
    our_holding = float(holding.group(1)) if holding else None
    out: list[Finding] = []
    for deviation in deviations(ctx.text, ctx.parties, ctx.domain, title, bound, our_holding):
        what, why, market = describe(deviation, ctx.zh)
        parameter = deviation.parameter
        quote = span(parameter.sentence, parameter.start - parameter.sentence.start)
        out.append(Finding(deviation.position.risk_type, deviation.level, quote, what, why, market, PRIORITY))
    return out
