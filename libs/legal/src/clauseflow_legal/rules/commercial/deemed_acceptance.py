"""The deemed_acceptance rule (commercial): Our silence, or the lapse of a short period, is treated as acceptance, approval or waiver."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.commercial.common import BAR
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import (
    find_periods,
)


@rule(reports={"deemed_acceptance_or_waiver"})
def deemed_acceptance(ctx: ClauseContext) -> list[Finding]:
    """Our silence, or the lapse of a short period, is treated as acceptance, approval or waiver."""
    for s, m in ctx.find(
        r"deemed\s+(?:to\s+(?:have\s+)?)?(?:been\s+)?(?:accepted|approved|agreed|waived|final|conclusive|satisfied|acceptance)|"
        r"constitutes?\s+(?:\w+\s+)?(?:acceptance|agreement|approval|waiver)|"
        # a statement the other side issues that binds us unless we dispute it in time
        r"(?:shall\s+be(?:come)?|is|are|becomes?)\s+(?:final\s+and\s+(?:binding|conclusive)|conclusive\s+and\s+binding)|"
        # "deemed correct", "视为货物完好无损": a state of the goods or a statement taken as agreed
        r"deemed\s+(?:to\s+(?:be|have\s+been)\s+)?(?:correct|accurate|conforming|delivered\s+in\s+good|in\s+good\s+(?:order|condition))|"
        r"(?<!不)视为[^。；，,]{0,20}?(?:验收合格|验收通过|接受|认可|同意|放弃|确认|无异议|合格|完好|无误|符合(?:合同)?(?:约定|要求|标准))"
    ):
        text = s.text
        if re.search(r"claim|entitle|索赔", text, re.I) and re.search(BAR, text, re.I) and find_periods(text):
            continue  # a claim notice bar: claim_time_bar
        silent = re.search(
            r"(?:if|where|unless)\s+(?:the\s+)?(\w+(?:'s)?)?\s*(?:\w+\s+){0,2}(?:fails?\s+to|does\s+not|has\s+not|do\s+not)\s+(?:\w+\s+){0,2}(?:object|notify|respond|reject|dispute|give|raise|inform)|"
            r"continued\s+use|未(?:在.{0,20}|[^。；，,]{0,4}?)(?:提出|书面提出|答复|回复|确认|异议)|逾期未"
            # "应在收到后3日内书面提出，逾期视为乙方认可": the lapse itself is the silence
            r"|逾期(?:不提出|不予答复)?[，,]?\s*(?=视为)"
            # a sum left out of the final account: "any sum that the Consultant does not include in its final invoice"
            r"|(?:that|which)\s+(?:the\s+)?\w+\s+(?:does\s+not|fails\s+to)\s+(?:include|claim|state)\b[^.;]{0,30}?(?:final|last)\s+(?:invoice|statement|account|application)"
            r"|未(?:列入|纳入|包括在)[^。；]{0,6}(?:最终|竣工)?结算"
            r"|unless\s+(?:the\s+)?(?:\w+\s+){0,2}?(?:notif(?:y|ies)|objects?|rejects?|disputes?|gives?\s+(?:written\s+)?notice|raises?)\b[^.;]{0,100}?within",
            text,
            re.I,
        )
        if not silent:
            continue
        side = (
            ctx.actor(s, silent.end() - 1)
            if not re.match(r"continued", silent.group(0), re.I)
            else ctx.parties.side_before(text, silent.end() + 40)
        )
        notifier = re.match(
            r"unless\s+(?:the\s+)?(?P<who>(?:\w+\s+){0,2}?)(?:notif|object|reject|disput|give|raise)",
            silent.group(0),
            re.I,
        )
        if notifier:
            # "deemed accepted by the Distributor unless it notifies the Supplier": the one who must speak
            named = ctx.parties.mentions(notifier.group("who"))
            side = named[0].side if named else ctx.parties.side_before(text, silent.start())
            window = [
                p
                for p in find_periods(text[silent.start() :])
                if p.unit in {"day", "business day", "hour", "week"}
            ]
            if not window or window[0].days >= 15:
                continue  # a fair inspection or dispute window before acceptance is market practice
        if re.match(r"continued", silent.group(0), re.I):
            ms = ctx.parties.mentions(text[max(0, silent.start() - 40) : silent.end() + 40])
            side = ms[0].side if ms else side
        if side is None:
            # "甲方应在…内完成检验，逾期未提出异议的，视为…": the silent party is the sentence's subject
            ms = [x for x in ctx.parties.mentions(text[: silent.start()]) if x.side != "mutual"]
            side = ms[0].side if ms else None
        if (
            side is None
            and ctx.parties.buy_side
            and re.search(r"收货人|收货方|\bconsignee\b", text[: silent.end()], re.I)
        ):
            side = "us"  # the consignee takes delivery for the shipper or buyer: its silence binds us
        if not ctx.parties.ours(side):
            continue
        # an objection due "on the spot" leaves no time at all to inspect
        hurried = [p for p in find_periods(text) if p.days <= 3] or re.search(
            r"当场|当即|立即|immediately|on\s+the\s+spot|at\s+the\s+time\s+of\s+(?:delivery|collection)",
            text,
            re.I,
        )
        return [
            Finding(
                "deemed_acceptance_or_waiver",
                "high" if hurried else "medium",
                span(s, m),
                ctx.t(
                    f"{ctx.us}'s silence or inaction is deemed acceptance, approval or waiver.",
                    f"{ctx.us}的沉默或不作为被视为接受、批准或放弃。",
                ),
                ctx.t(
                    "Defects, wrong invoices or unfavourable changes become binding if we do not react in time.",
                    "如未及时回应，缺陷、错误账单或不利变更将对我方产生约束力。",
                ),
                ctx.t(
                    "Playbook: acceptance or waiver only by express written statement; if deemed, only after a reminder and a reasonable period.",
                    "行业立场：接受或放弃仅能以明示书面形式作出；如需视为，须经催告并给予合理期限。",
                ),
            )
        ]
    return []
