"""The termination_balance rule (termination): Immediate termination/suspension against us, or our own exit rights removed."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.rules.base import (
    ClauseContext,
    Finding,
    finding,
    span,
)
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import Sentence, find_periods

# The words just before a verb that withhold the right to it.
_DENIED = re.compile(
    r"(?:\bno\s+right\s+to|\bnot\s+(?:be\s+entitled|have\s+(?:any|the|a)\s+right)\s+to|\b(?:may|shall|can)\s*not|cannot|无权|不得)\s*$"
    # "乙方均不得以任何理由停工或暂停施工": the denial reaches across the reason and a first verb
    r"|(?:无权|不得|不能|不可)(?:以任何理由|以任何方式)?[^，。；,]{0,6}$",
    re.I,
)


# Default triggers that reach beyond our own failures: other debts (of us or our affiliates), the
# other side's view of a material adverse effect, any missed payment however small.
_BROAD_TRIGGERS: tuple[tuple[str, str, str], ...] = (
    (
        r"(?:any\s+)?other\s+(?:indebtedness|debt|financial\s+indebtedness)\b[^.;]{0,80}?(?:affiliates?|subsidiar\w+|group)"
        r"|(?:其|其他|任何)[^。；]{0,6}(?:关联(?:公司|方)|子公司)[^。；]{0,20}(?:债务|借款)[^。；]{0,10}(?:违约|未(?:按期)?(?:偿还|支付))",
        "a cross-default reaching its affiliates' other debts",
        "交叉违约延及关联方的其他债务",
    ),
    (
        r"(?:considers|opinion|determines|believes)[^.;]{0,40}(?:sole|absolute)\s+discretion[^.;]{0,60}material\s+adverse"
        r"|material\s+adverse[^.;]{0,60}(?:sole|absolute)\s+discretion|(?:认为|判断)[^。；]{0,30}(?:重大不利|不利(?:变化|影响))",
        "a material adverse effect judged by the other side alone",
        "由对方单方判断的重大不利影响",
    ),
    (
        r"however\s+small|any\s+amount[^.;]{0,30}(?:on\s+its\s+due\s+date|when\s+due)[^.;]{0,20}(?:however|no\s+matter)"
        r"|(?:无论|不论)金额(?:大小|多少)",
        "any missed payment, however small, with no grace period",
        "任何一笔款项逾期（无论金额大小）且无宽限期",
    ),
)


def _broad_default_triggers(ctx: ClauseContext) -> list[Finding]:
    """Events of default against us that go beyond our own material failures."""
    if not re.search(
        r"Events?\s+of\s+Default|Termination\s+Events?|违约事件|构成[^。；]{0,10}违约", ctx.text, re.I
    ):
        return []
    first: Sentence | None = None
    hits: list[tuple[str, str, re.Match[str]]] = []
    for s in ctx.sentences:
        # whose default: the item's own subject, or the party its list's lead-in names
        # ("下列任一事件均构成借款人违约：…（三）贷款人认为借款人的财务状况…"), where each item is
        # a sentence of its own and the triggers add up across them
        lead_in = ctx.lead_in(s)
        if first is not None and not lead_in:
            break
        defaulter = next((x.side for x in ctx.parties.mentions(lead_in or s.text) if x.side != "other"), None)
        if not ctx.parties.ours(defaulter):
            continue
        found = [(en, zh, m) for rx, en, zh in _BROAD_TRIGGERS for m in [re.search(rx, s.text, re.I)] if m]
        if found and first is None:
            first = s
        hits += [h for h in found if h[0] not in {x[0] for x in hits}]
    if first is not None:
        s = first
        return [
            finding(
                ctx,
                "termination_rights_unbalanced",
                "high" if len(hits) > 1 else "medium",
                span(s, hits[0][2].start()),
                (
                    "The events of default against "
                    + ctx.us
                    + " are broad: "
                    + "; ".join(h[0] for h in hits)
                    + ".",
                    f"针对{ctx.us}的违约事件范围过宽：" + "；".join(h[1] for h in hits) + "。",
                ),
                (
                    f"{ctx.them} can call a default, and end the contract or call in the debt, for events {ctx.us} neither caused nor controls.",
                    f"{ctx.them}可因并非{ctx.us}造成、也非{ctx.us}所能控制的事件认定违约，进而解除合同或要求提前还款。",
                ),
                (
                    "Market: cross-default limited to our own financial indebtedness above a threshold; a material adverse effect judged objectively (or reasonably); a grace period for payment errors.",
                    "市场惯例：交叉违约限于我方自身超过一定金额的金融债务；重大不利影响按客观（或合理）标准判断；付款差错给予宽限期。",
                ),
            )
        ]
    return []


# What makes a right to suspend or terminate harsh; the first three only say when it takes effect.
_HARSH = (
    r"immediately|with\s+immediate\s+effect|forthwith|however\s+(?:minor|trivial)|without\s+(?:prior\s+)?notice"
    r"|whether\s+or\s+not.{0,60}disput|\bany\s+breach\b|立即|无需(?:事先)?通知|不论.{0,10}争议"
    r"|for\s+any\s+reason|(?:at|in)\s+its\s+(?:sole\s+|absolute\s+)?discretion|(?:基于)?任何理由|自行决定"
)
_TIMING_ONLY = {"immediately", "with immediate effect", "forthwith", "立即"}
# A cure period: the breach must be left unremedied before the right arises.
_CURE = r"remed|cure|rectif|纠正|补救|改正|整改"


def _insolvency_only(text: str) -> bool:
    """Insolvency or winding-up with no breach or late payment among the triggers."""
    return re.search(
        r"insolv|bankrupt|liquidat|winding[- ]up|wound\s+up|破产|清算|解散|吊销", text, re.I
    ) is not None and not re.search(r"overdue|breach|逾期|违约|延迟|迟延", text, re.I)


def _fair_trigger(item: str) -> bool:
    """A termination trigger the market accepts: insolvency, or a breach left uncured for 15 days or more."""
    if _insolvency_only(item):
        return True
    return any(p.days >= 15 for p in find_periods(item)) and re.search(_CURE, item, re.I) is not None


@rule(reports={"termination_rights_unbalanced"})
def termination_balance(ctx: ClauseContext) -> list[Finding]:
    """Immediate termination/suspension against us, or our own exit rights removed."""
    return (
        _exit_for_poor_performance_closed(ctx)
        or _our_exit_removed(ctx)
        or _broad_default_triggers(ctx)
        or _harsh_termination_against_us(ctx)
        or _our_suspension_removed(ctx)
    )


def _exit_for_poor_performance_closed(ctx: ClauseContext) -> list[Finding]:
    """We may not terminate for the other side's poor performance."""
    # "The Owner may not terminate this Agreement for any failure of the Hotel to achieve any level
    # of financial performance": the exit for the other side's poor performance is closed
    for s, m in ctx.find(
        rf"(?:{ctx.us_rx})[^.;]{{0,30}}?(?:may|shall|can)\s*not\s+terminate\b[^.;]{{0,80}}?\b(?:performance|fail\w*\s+to\s+(?:achieve|meet|reach))"
        rf"|(?:{ctx.us_rx})[^。；，]{{0,10}}不得(?:以|因)[^。；]{{0,30}}(?:业绩|经营指标|绩效|未达到)[^。；]{{0,20}}(?:解除|终止)"
    ):
        return [
            finding(
                ctx,
                "termination_rights_unbalanced",
                "high",
                span(s, m),
                (
                    f"{ctx.us} cannot terminate however poorly {ctx.them} performs.",
                    f"无论{ctx.them}的履约或经营业绩多差，{ctx.us}均无权解除合同。",
                ),
                (
                    f"{ctx.us} is tied for the whole term to a performance it cannot enforce: fees keep running while results fall.",
                    f"{ctx.us}在整个期限内被绑定于无法强制执行的履约水平：业绩下滑而费用照付。",
                ),
                (
                    "Market: a performance test (for example two consecutive years below an agreed share of budget or of a competitive set) giving a right to terminate, subject to a cure payment.",
                    "市场惯例：设业绩考核（如连续两年低于预算或竞争组合的约定比例），未达标时可解除合同，对方可支付补足款予以补救。",
                ),
            )
        ]
    return []


def _our_exit_removed(ctx: ClauseContext) -> list[Finding]:
    """We have no right to terminate at all (not only some exits closed)."""
    for s, m in ctx.find(
        rf"(?:{ctx.us_rx})[^.;。；]{{0,30}}(?:shall\s+have\s+no|has\s+no|shall\s+not\s+(?:have|be\s+entitled\s+to)\s+(?:any|the|a))\s+right\s+to\s+terminate"
        rf"|(?:{ctx.us_rx})[^。；，]{{0,10}}(?:无权|不得)(?:单方面?|提前)*(?:解除|终止)(?:本合同|本协议|合同|协议|租赁)"
    ):
        if re.search(r"except|save|unless|other\s+than|除[^。；]{0,30}外|但[^。；]{0,30}除外", s.text, re.I):
            continue  # only some exits are closed
        if re.search(r"(?:before|prior\s+to)\s+Completion|交割前", s.text, re.I):
            continue  # walking away from a share deal before Completion is a conditions point (ma rules)
        return [
            Finding(
                "termination_rights_unbalanced",
                "medium",
                span(s, m),
                ctx.t(
                    f"{ctx.us} has no right to end the contract before its term expires.",
                    f"{ctx.us}在期限届满前无权解除合同。",
                ),
                ctx.t(
                    f"{ctx.us} is bound for the whole term whatever happens to its business or to the other side's performance.",
                    f"无论{ctx.us}自身经营或对方履约情况如何变化，{ctx.us}均须受约束至期满。",
                ),
                ctx.t(
                    "Market: termination for the other side's material breach, and in long contracts a break right (e.g. at year five on six months' notice).",
                    "市场惯例：对方重大违约时可解除；长期合同设提前解除权（如第五年末提前六个月通知）。",
                ),
            )
        ]
    return []


def _harsh_termination_against_us(ctx: ClauseContext) -> list[Finding]:
    """The other side may terminate or suspend at once, without notice or a cure period."""
    # a lender's termination is acceleration: "declare the Loan immediately due and payable"
    for s, m in ctx.find(
        r"\b(?:suspend|terminat\w*)\b|暂停|中止|解除"
        # a landlord's forfeiture: "may re-enter the Premises and this Lease shall immediately end"
        r"|\bre-?ent(?:er|ry)\b|\b(?:Lease|Tenancy)\s+shall\s+(?:immediately\s+|forthwith\s+)?(?:end|determine|cease)\b"
        r"|\bdeclare\w*\s+(?:the\s+|all\s+)?(?:\w+\s+){0,2}?(?:immediately\s+)?due\s+and\s+payable|\baccelerate\s+(?:the\s+|all\s+)?(?:Loan|debt|indebtedness|amounts?|sums?|obligations?)|宣布[^。；]{0,16}(?:提前)?到期"
    ):
        text = s.text
        if _DENIED.search(text[max(0, m.start() - 40) : m.start()]):
            continue  # "shall have no right to terminate": a right withheld, not one held
        side = ctx.actor(s, m.start())
        harsh = re.search(_HARSH, text, re.I)
        if re.search(r"change\s+(?:of|in)\s+(?:the\s+)?control|控制权", text, re.I):
            continue  # a change-of-control trigger is judged by its own rule
        at_will = harsh is not None and re.search(
            r"any\s+reason|discretion|任何理由|自行决定", harsh.group(0), re.I
        )
        if at_will and not re.search(r"suspen|暂停|中止", m.group(0), re.I):
            continue  # termination at will is termination_for_convenience, judged by its own rule
        if ctx.parties.theirs(side) and harsh:
            items = ctx.list_items(s)
            if items and all(_fair_trigger(i.text) for i in items):
                # "有下列情形之一的，甲方有权立即解除：（一）…经催告后三十日内仍未纠正的；（二）破产…":
                # immediate once a cure period has run out, or on insolvency
                continue
            if _insolvency_only(text):
                continue  # immediate termination on insolvency is standard
            cure = [p for p in find_periods(text) if p.days >= 15]
            if cure and not re.search(r"whether\s+or\s+not|immediately|立即|不论", text, re.I):
                continue
            # "may terminate immediately by notice if the Supplier fails to remedy a material breach
            # within 30 days": immediate once the cure period has run out, the market position
            harsh_words = {h.group(0).lower() for h in re.finditer(_HARSH, text, re.I)}
            if cure and harsh_words <= _TIMING_ONLY and re.search(_CURE, text, re.I):
                continue
            return [
                Finding(
                    "termination_rights_unbalanced",
                    "medium",
                    span(s, harsh.start()),
                    ctx.t(
                        f"{ctx.them} may suspend or terminate against {ctx.us} {harsh.group(0)}, without a cure period."
                        if not re.search(r"due\s+and\s+payable|accelerat|到期", m.group(0), re.I)
                        else f"{ctx.them} may call in the whole debt {harsh.group(0)}, with no cure period.",
                        f"{ctx.them}可对{ctx.us}{harsh.group(0)}暂停或解除，且无补救期。"
                        if not re.search(r"due\s+and\s+payable|accelerat|到期", m.group(0), re.I)
                        else f"{ctx.them}可{harsh.group(0)}宣布全部债务提前到期，且无补救期。",
                    ),
                    ctx.t(
                        "A trigger without notice and cure (even for disputed sums) lets the counterparty cut off performance for minor or contested defaults.",
                        "无需通知和补救期的触发条件（甚至包括有争议款项）使对方可因轻微或有争议的违约而中断履行。",
                    ),
                    ctx.t(
                        "Playbook: suspension or termination only for material breach after written notice and at least 30 days to cure; never for amounts disputed in good faith.",
                        "行业立场：仅在重大违约、书面通知并给予至少30日补救期后方可暂停或解除；善意争议款项不得作为理由。",
                    ),
                )
            ]
    return []


def _our_suspension_removed(ctx: ClauseContext) -> list[Finding]:
    """Our right to suspend or terminate (for non-payment, under the contract's own clause) is removed."""
    removal = re.search(
        r"shall\s+not\s+be\s+entitled\s+to\s+(?:suspend|terminate|stop)|waives?\s+(?:its|any)\s+rights?\s+to\s+(?:suspend|terminate)|"
        r"shall\s+not\s+(?:suspend|stop)\b[^.;]{0,80}?(?:for\s+any\s+reason|non-?payment|late\s+payment|even\s+if)|"
        r"(?:delete|deleted)\s+(?:Sub-Clause\s+)?16\.[12]|无权(?:暂停|停工|解除)|不得(?:以任何理由|以[^。；，]{0,8}为由)?(?:暂停|停工)",
        ctx.text,
        re.I,
    )
    if removal:
        for s in ctx.sentences:
            if removal.start() >= s.start and removal.start() < s.end:
                side = ctx.actor(s, removal.start() - s.start)
                if ctx.parties.ours(side) or (
                    re.search(r"16\.[12]", removal.group(0)) and ctx.parties.is_role("contractor")
                ):
                    return [
                        Finding(
                            "termination_rights_unbalanced",
                            "medium",
                            span(s, removal.start() - s.start),
                            ctx.t(
                                f"{ctx.us}'s right to suspend or terminate is removed.",
                                f"{ctx.us}暂停或解除的权利被取消。",
                            ),
                            ctx.t(
                                "Without a right to suspend or exit (for example for non-payment), we must keep performing while unpaid.",
                                "缺少暂停或退出权（例如因对方不付款），我方只能在未获付款的情况下继续履约。",
                            ),
                            ctx.t(
                                "Playbook: keep a right to suspend after notice for non-payment and to terminate for prolonged non-payment.",
                                "行业立场：保留对方不付款时经通知暂停的权利，以及长期不付款时解除的权利。",
                            ),
                        )
                    ]
    return []
