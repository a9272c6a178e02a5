"""The force_majeure rule (commercial): Force majeure skewed for the counterparty (its own supply problems) or denied to us."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding, finding, span
from clauseflow_legal.rules.registry import rule


@rule(reports={"force_majeure_unbalanced"})
def force_majeure(ctx: ClauseContext) -> list[Finding]:
    """Force majeure skewed for the counterparty (its own supply problems) or denied to us."""
    if not re.search(r"force\s+majeure|exceptional\s+event|不可抗力", ctx.text + ctx.title, re.I):
        return []
    for s, m in ctx.find(
        r"shortages?\s+of\s+(?:labour|labor|materials|supplies|components|raw)|(?:its|their)\s+(?:suppliers?|subcontractors?)['’]?\s+(?:failure|default|delay)|"
        # the tools of its own trade and its own workforce: "shortage of containers or vessel space",
        # "strikes or labour disputes of its own employees or subcontractors"
        r"shortages?\s+of\s+(?:\w+\s+){0,2}?(?:containers|vessel\s+space|equipment|capacity|vehicles|trucks|drivers|staff)|"
        r"(?:strikes?|labou?r\s+disputes?|industrial\s+action)[^.;]{0,30}?\b(?:its|their)\s+(?:own\s+)?(?:employees|staff|workforce|personnel|subcontractors?)|"
        r"(?:price|cost)\s+(?:increases?|fluctuations?)|原材料.{0,4}(?:短缺|涨价)|(?:供应商|分包商).{0,6}(?:违约|延迟|延误)|价格(?:上涨|波动)"
    ):
        if re.search(_NOT_FORCE_MAJEURE, s.text[m.start() :], re.I) or re.search(
            r"\b(?:excluding|except(?:\s+for)?|other\s+than|but\s+not|save\s+for)\b[^.;]{0,40}$|(?:不包括|除外)[^。；]{0,20}$",
            s.text[max(0, m.start() - 60) : m.start()],
            re.I,
        ):
            continue  # listed as what is NOT force majeure: the market position, unless it goes further (below)
        if ctx.parties.buy_side or not ctx.parties.known:
            return [
                Finding(
                    "force_majeure_unbalanced",
                    "medium",
                    span(s, m),
                    ctx.t(
                        f"Force majeure extends to events within the supplier's own sphere ({m.group(0)}).",
                        f"不可抗力范围扩大到供应方自身可控的事件（{m.group(0)}）。",
                    ),
                    ctx.t(
                        "The supplier can escape liability for ordinary commercial risks it should manage.",
                        "供应方可借此逃避其本应管理的普通商业风险责任。",
                    ),
                    ctx.t(
                        "Playbook: a mutual list of events beyond reasonable control, excluding own supply and labour problems.",
                        "行业立场：双方对等、限于合理控制范围以外的事件，排除自身供应和劳动力问题。",
                    ),
                )
            ]
    for s, m in ctx.find(
        rf"(?:{ctx.us_rx})[^.。；]{{0,12}}(?:shall|will)\s+bear\s+(?:all|its\s+own|the\s+whole\s+of\s+(?:the|its))\s+(?:losses|costs|expenses)"
        rf"|(?:{ctx.us_rx})[^。；]{{0,6}}(?:应|须)?(?:自行|单独|独自)承担[^。；]{{0,20}}(?:损失|费用|成本)"
    ):
        mutual = re.search(
            rf"(?:{ctx.them_rx}|各方|双方|each\s+Party|both\s+Parties)[^.。；]{{0,20}}(?:bear|自行承担|各自承担)",
            ctx.text,
            re.I,
        )
        if not mutual and (ctx.parties.ours(ctx.actor(s, m.start())) or re.match(ctx.us_rx, m.group(0))):
            return [
                Finding(
                    "force_majeure_unbalanced",
                    "high",
                    span(s, m),
                    ctx.t(
                        f"{ctx.us} alone bears the losses and costs of force majeure.",
                        f"不可抗力造成的全部损失和费用由{ctx.us}单方承担。",
                    ),
                    ctx.t(
                        "An event neither party controls is put entirely on us, as if we had insured the other side.",
                        "双方均无法控制的事件的后果被全部转嫁给我方，等同于我方为对方提供了保险。",
                    ),
                    ctx.t(
                        "Playbook: each party bears its own losses; time relief for the affected party; the Employer pays for Works damaged and for demobilisation after prolonged force majeure.",
                        "行业立场：各自承担自身损失；受影响方获得工期救济；已完工程损坏及长期不可抗力后的撤场费用由发包人承担。",
                    ),
                )
            ]
    for s, m in ctx.find(
        r"(?:shall\s+not\s+be\s+entitled|shall\s+not\s+entitle|no\s+(?:extension|additional)).{0,80}(?:extension|additional\s+(?:payment|cost)|compensation)|不得.{0,10}(?:顺延|延长|补偿)"
    ):
        if not re.search(r"force\s+majeure|不可抗力", s.text[m.start() : m.end() + 80], re.I) and re.search(
            r"entitled\s+to\s+(?:an?\s+)?extension[^.;]{0,60}?force\s+majeure|不可抗力[^。；]{0,20}(?:顺延|延长)",
            s.text[: m.start()],
            re.I,
        ):
            continue  # force majeure is the one ground given; what is denied is another (extension_of_time)
        side = ctx.actor(s, m.start())
        obj = re.match(r"shall\s+not\s+entitle\s+(?:the\s+)?", m.group(0), re.I)
        if obj:
            ms = ctx.parties.mentions(s.text[m.start() + obj.end() : m.start() + obj.end() + 40])
            side = ms[0].side if ms else side
        if ctx.parties.ours(side):
            return [
                Finding(
                    "force_majeure_unbalanced",
                    "medium",
                    span(s, m),
                    ctx.t(
                        f"{ctx.us} gets no time or cost relief for force majeure.",
                        f"{ctx.us}在不可抗力情况下无法获得工期或费用救济。",
                    ),
                    ctx.t(
                        "We would pay delay damages for events nobody controls.",
                        "我方将因无人能控制的事件承担误期赔偿。",
                    ),
                    ctx.t(
                        "Playbook: time relief for both parties and an exit after prolonged force majeure.",
                        "行业立场：双方均获工期救济，持续不可抗力时可退出。",
                    ),
                )
            ]
    return _force_majeure_denied_to_us(ctx)


# "…的，不视为不可抗力", "shall not constitute Force Majeure": a list of what is excluded
_NOT_FORCE_MAJEURE = (
    r"不(?:视为|属于|构成|得作为|作为)不可抗力"
    r"|shall\s+not\s+(?:constitute|be\s+(?:deemed|considered|treated\s+as|regarded\s+as))\s+(?:an?\s+)?(?:event\s+of\s+)?Force\s+Majeure"
    r"|(?:does|shall)\s+not\s+include"
)
# Events nobody in the supply chain controls: denying relief for them is not excluding one's own risks.
_BEYOND_CONTROL = (
    r"government\w*|governmental|authorit(?:y|ies)|power\s+(?:cuts?|failures?|outages?)|epidemic|pandemic|strikes?|war|flood|earthquake"
    r"|政府|行政|限产|限电|停电|疫情|罢工|战争|洪水|地震"
)
_RELIEVED = r"不承担(?:任何)?(?:违约)?责任|免除[^。；]{0,6}责任|免责|shall\s+not\s+be\s+(?:liable|responsible|in\s+breach)|(?:relieved|excused)\s+from"
_ANY_PARTY = r"任何一方|双方|各方|一方|受影响(?:的)?一方|either\s+Party|each\s+Party|both\s+Parties|a\s+Party|the\s+affected\s+Party|neither\s+Party"


def _force_majeure_denied_to_us(ctx: ClauseContext) -> list[Finding]:
    """Force majeure that relieves only the other side, or that excludes events nobody controls when they hit us."""
    relieved_them = None
    for s, m in ctx.find(_RELIEVED):
        if not re.search(r"force\s+majeure|不可抗力", s.text, re.I) or re.search(_ANY_PARTY, s.text, re.I):
            continue
        side = ctx.actor(s, m.start())
        if ctx.parties.ours(side) or side == "mutual":
            return []  # we are relieved too
        if ctx.parties.theirs(side):
            relieved_them = relieved_them or (s, m)
    excluded = next(
        (
            (s, m)
            for s, m in ctx.find(rf"(?:{_BEYOND_CONTROL})[^。；.;]{{0,40}}?(?:{_NOT_FORCE_MAJEURE})")
            if ctx.parties.ours(ctx.actor(s, m.start()))
        ),
        None,
    )
    if relieved_them is None and excluded is None:
        return []
    s, m = relieved_them or excluded  # type: ignore[misc]
    return [
        finding(
            ctx,
            "force_majeure_unbalanced",
            "high" if relieved_them and excluded else "medium",
            span(s, m),
            (
                (
                    f"Force majeure relieves only {ctx.them}"
                    if relieved_them
                    else f"Force majeure is denied to {ctx.us}"
                )
                + (
                    f", and events outside anyone's control (government action, power cuts) do not excuse {ctx.us}."
                    if excluded
                    else "."
                ),
                (f"不可抗力仅免除{ctx.them}的责任" if relieved_them else f"{ctx.us}不能援引不可抗力")
                + (
                    f"，且政府限产、停电等任何一方均无法控制的事件也不免除{ctx.us}的责任。"
                    if excluded
                    else "。"
                ),
            ),
            (
                f"{ctx.us} stays liable, including for delay damages, for events it cannot prevent, while {ctx.them} is excused.",
                f"对于无法避免的事件，{ctx.us}仍须承担责任（包括延迟违约金），而{ctx.them}却可免责。",
            ),
            (
                "Playbook: mutual force majeure for events beyond the affected party's reasonable control (including government action and utility failures), "
                "excluding only its own supply and labour problems; time relief and an exit after prolonged force majeure.",
                "行业立场：双方对等适用不可抗力，涵盖受影响方合理控制以外的事件（包括政府行为、公用设施中断），仅排除自身的供应和劳动力问题；给予工期救济，长期不可抗力时可解除合同。",
            ),
        )
    ]
