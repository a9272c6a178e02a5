"""The assignment rule (covenants): We cannot assign while the counterparty can."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.registry import rule

# What is transferred is a holding in the company: "any of its shares", "the Shares" (not "share possession").
_SHARES_TRANSFERRED = re.compile(
    r"[^.;。；]{0,40}?(?:\b(?:its|their|the|any|his|her|such)\s+(?:\w+\s+){0,3}shares\b|\bShares?\b|\b[Ee]quity\b"
    r"|interest\s+in\s+the\s+Company|股权|股份|出资额)"
)


@rule(reports={"assignment_restriction"})
def assignment(ctx: ClauseContext) -> list[Finding]:
    """We cannot assign while the counterparty can."""
    restricted_us = None
    free_them = None
    for s, m in ctx.find(
        r"\b(?:shall|may)\s+not\s+(?:\w+\s+){0,3}(?:assign|transfer|novate|underlet|sublet)|未经.{0,20}同意.{0,20}不得.{0,10}(?:转让|转租)|不得(?:将.{0,20})?(?:转让|转租)"
    ):
        if _SHARES_TRANSFERRED.match(s.text, m.end()):
            continue  # a shareholder's lock-up is about its exit (sha rules), not assigning the contract
        neg = m.group(0).find("不得")
        side = ctx.actor(s, m.start() + (neg if neg > 0 else 0))
        if side == "mutual":
            return []
        if ctx.parties.ours(side):
            restricted_us = (s, m)
    for s, m in ctx.find(
        r"\bmay\s+(?:freely\s+|at\s+any\s+time\s+)?(?:assign|transfer|novate)\b|有权.{0,10}转让|可(?:以)?(?:自由)?(?:将.{0,12})?转让"
    ):
        side = ctx.actor(s, m.start())
        if ctx.parties.theirs(side) and not re.search(
            r"with\s+the\s+(?:prior\s+)?(?:written\s+)?consent|经.{0,10}同意", s.text, re.I
        ):
            free_them = (s, m)
    if restricted_us and not free_them:
        s, m = restricted_us
        if not re.search(r"consent|approval|agree|permit|同意|许可|批准", s.text, re.I):
            return [
                Finding(
                    "assignment_restriction",
                    "medium",
                    span(s, m),
                    ctx.t(
                        f"{ctx.us} may never assign or transfer, not even with consent.",
                        f"{ctx.us}在任何情况下均不得转让，即使经对方同意亦不可。",
                    ),
                    ctx.t(
                        f"{ctx.us} cannot exit by assignment or include the contract in a sale or reorganisation of its business for the whole term.",
                        f"{ctx.us}在整个期限内无法通过转让退出，也无法在业务出售或重组时一并转让本合同。",
                    ),
                    ctx.t(
                        "Market: assignment with the other party's consent, not to be unreasonably withheld, and freely to affiliates or a purchaser of the business.",
                        "市场惯例：经对方同意（对方不得无理拒绝）即可转让，向关联方或业务受让方转让无需同意。",
                    ),
                )
            ]
    if restricted_us and free_them:
        s, m = restricted_us
        return [
            Finding(
                "assignment_restriction",
                "low",
                span(s, m),
                ctx.t(
                    f"{ctx.us} needs consent to assign, while {ctx.them} may assign freely.",
                    f"{ctx.us}转让须经同意，而{ctx.them}可自由转让。",
                ),
                ctx.t(
                    "The asymmetry blocks intra-group reorganisations, financing and a sale of our business.",
                    "这种不对等阻碍我方集团内重组、融资及业务出售。",
                ),
                ctx.t(
                    "Playbook: mutual restrictions with free assignment to affiliates, financiers and successors.",
                    "行业立场：双方对等限制，允许向关联方、融资方和承继方自由转让。",
                ),
            )
        ]
    return []
