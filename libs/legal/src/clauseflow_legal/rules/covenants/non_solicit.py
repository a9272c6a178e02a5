"""The non_solicit rule (covenants): Overbroad non-solicit / no-hire covenants on us."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import find_periods


@rule(reports={"non_solicit"})
def non_solicit(ctx: ClauseContext) -> list[Finding]:
    """Overbroad non-solicit / no-hire covenants on us."""
    # Verbs only: "its officers and employees" in an indemnity solicits no one.
    for s, m in ctx.find(
        r"\b(?:solicit\w*|entic\w*|hir(?:e|es|ed|ing)|employ(?:s|ed|ing)?|engag(?:e|es|ed|ing)|recruit\w*)\b"
        r"|招揽|挖角|聘用|雇用"
    ):
        text = s.text
        if re.match(r"(?:employed|engaged|hired)\s+by\b", text[m.start() :], re.I):
            continue  # "any person employed by the Franchisor" describes who is protected
        if not re.search(
            r"employees?|personnel|staff|officers|customers?|clients?|(?:employed|engaged)\s+by|员工|雇员|人员|客户",
            text,
            re.I,
        ):
            continue
        if not re.search(
            r"shall\s+not|will\s+not|may\s+not|neither|nor|不得",
            text[max(0, m.start() - 100) : m.start()],
            re.I,
        ):
            continue  # the prohibition must be this verb's
        side = ctx.actor(s, m.start())
        if not (ctx.parties.ours(side) or (side == "mutual" and ctx.parties.is_role("recipient"))):
            continue
        overbroad: list[object] = []
        adv = re.search(
            r"(?:including|even)\s+(?:by\s+way\s+of\s+|through\s+)?general\s+advert\w*|general\s+advertisement.{0,40}(?:shall|will)\s+(?:constitute|be\s+a\s+breach)|公开招聘",
            text,
            re.I,
        )
        if adv and not re.search(
            r"(?:other\s+than|except|excluding|save|provided\s+that)\s.{0,30}general\s+advert", text, re.I
        ):
            overbroad.append(adv)
        periods = [p for p in find_periods(text) if p.unit in {"month", "year"}]
        if periods and periods[0].months > 12:
            overbroad.append(periods[0])
        if re.search(r"Affiliates?|关联", text, re.I):
            overbroad.append("affiliates")
        if not overbroad:
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
                ctx.t(
                    "Ordinary recruitment could breach the covenant, and it may be unenforceable as a restraint of trade anyway.",
                    "正常招聘也可能构成违约，且该限制可能因限制交易而无法执行。",
                ),
                ctx.t(
                    "Playbook: 12 months, employees with material involvement only, general advertising excluded.",
                    "行业立场：12个月，仅限实质参与的员工，排除一般性招聘广告。",
                ),
            )
        ]
    return []
