"""Group B: termination for convenience, unbalanced termination/suspension, renewal, post-termination."""

# ruff: noqa: E501  -- legal regexes, bilingual findings and clause fixtures read better unbroken

from __future__ import annotations

import re
from collections.abc import Callable

from clauseflow_legal.rules.base import (
    MODAL,
    TWO_SUBJECTS,
    ClauseContext,
    Finding,
    Wording,
    finding,
    span,
)
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import Sentence, find_periods, fmt_period

_TERMINATE = (
    r"\bterminat(?:e|es|ed|ion)\b|\bcancel(?:s|led)?\b|\bend\s+(?:this|the)\s+(?:Agreement|Contract|Lease|Tenancy|Licence)\b|解除|终止"
    # a landlord's forfeiture: "the Landlord may re-enter the Premises and this Lease shall immediately end"
    r"|\bre-?ent(?:er|ry)\b"
)
_CONVENIENCE = (
    r"for\s+(?:its\s+|their\s+)?(?:own\s+)?convenience|without\s+cause|for\s+any\s+reason|at\s+any\s+time|"
    r"at\s+(?:its|their)\s+(?:sole\s+|absolute\s+)?discretion|without\s+(?:giving\s+|stating\s+)?(?:any\s+)?reasons?\b|"
    r"随时|任何时(?:间|候)|无需.{0,4}理由|无理由|任意|无条件"
)
_CAUSE = (
    r"in\s+any\s+of\s+these\s+events|in\s+(?:any|either)\s+such\s+(?:event|case)|in\s+(?:that|such)\s+event|上述情形|"
    r"breach|default|insolv|bankrupt|fails?\s+to|failure|force\s+majeure|change\s+of\s+control|conditions?\b|"
    r"long[- ]?stop|non-?payment|upon\s+the\s+occurrence\s+of|any\s+of\s+the\s+following"
    r"|违约|破产|未能|不可抗力|先决条件|逾期"
)
# Ending the contract when its term runs out is not ending it early: it is declining to renew.
_AT_TERM_END = re.compile(
    r"(?:at|upon|with\s+effect\s+from)\s+the\s+(?:end|expiry|expiration)\s+of\s+(?:the\s+|a\s+|any\s+|its\s+)?"
    r"(?:then[- ]current\s+|initial\s+|renewal\s+)?(?:[A-Z]\w+\s+)?(?:Term|term|period|Period)\b",
)
_NEGATED_BEFORE = re.compile(r"(?:shall|will|may|does|do|can)\s+not\s+(?:be\s+)?$|\bnot\s+$", re.I)
_RELET = (
    r"(?:complete|carry\s+out|execute|perform)\s+the\s+(?:Works|work|Services)\s+(?:itself|himself|themselves)\s+or\s+"
    r"(?:through|by|using)\s+(?:another|other|any\s+other|a\s+third)|(?:自行|另行委托|交由第三方).{0,10}(?:完成|实施|施工)"
)


_COMPENSATION = re.compile(
    r"(?:loss\s+of|lost)\s+profits?|demobili[sz]|costs?\s+(?:reasonably\s+)?(?:incurred|committed)|compensat|"
    r"(?:committed|cancellation|wind-?down|unavoidable)\s+costs|"
    r"shall\s+be\s+paid|payment\s+on\s+termination|预期利润|可得利益|补偿|赔偿.{0,10}损失|支付.{0,10}(?:价款|费用)",
    re.I,
)
# What denies it just before: "without compensation", "no compensation", "不予补偿", "不得要求任何补偿".
_DENIED_BEFORE = re.compile(
    r"(?:without|no|not\s+(?:be\s+)?(?:entitled\s+to|liable\s+(?:for|to\s+pay))|nor)\s+(?:any\s+)?$|(?:不|无|无需|无权|不得|不予)[^，。；,]{0,8}$",
    re.I,
)


def _compensation_granted(text: str) -> re.Match[str] | None:
    """The first mention of compensation on termination that the text grants rather than denies."""
    for m in _COMPENSATION.finditer(text):
        if not _DENIED_BEFORE.search(text[max(0, m.start() - 30) : m.start()]):
            return m
    return None


def _own_words(text: str, verb: re.Match[str]) -> str:
    """The words that qualify this termination verb: from its modal ("may, at any time, terminate")
    to the next termination verb, so "shall not terminate for any reason unless the Vendor
    terminates" does not lend the first verb's "for any reason" to the second."""
    lo = max(0, verb.start() - 80)
    earlier = [e.end() for e in re.finditer(_TERMINATE, text[lo : verb.start()], re.I)]
    floor = lo + earlier[-1] if earlier else lo
    modals = [mm.start() for mm in MODAL.finditer(text, floor, verb.start())]
    start = modals[-1] if modals else verb.start()
    later = re.search(_TERMINATE, text[verb.end() : verb.end() + 150], re.I)
    return text[start : verb.end() + (later.start() if later else 150)]


# The contract falls with the counterparty's own contract upstream (a subcontract with its main
# contract, work for the employer's project) and we may claim nothing: an ending outside our control
# with the effect of a termination for convenience without compensation.
_UPSTREAM_END = (
    r"\b(?:main|head|prime|principal|upstream)\s+contract\b[^.;]{0,60}?\b(?:terminat\w*|ends?|expires?|cancel\w*|suspend\w*)"
    r"|(?:总包|总承包|主|上游)合同[^。；]{0,10}(?:被)?(?:解除|终止)|(?:发包人|业主|建设单位)(?:的)?原因"
)
_NO_CLAIM = (
    r"\b(?:have|has)\s+no\s+(?:claim|right)[^.;]{0,40}?\b(?:compensation|loss|damages|profit|costs?)"
    r"|\bnot\s+be\s+entitled\s+to\s+(?:any\s+)?(?:compensation|damages|loss\s+of\s+profit|payment\s+for\s+(?:any\s+)?loss)"
    r"|(?:不得|无权)[^。；]{0,12}(?:主张|要求|索赔)[^。；]{0,8}(?:损失|赔偿|补偿)"
)


def _upstream_end_without_compensation(ctx: ClauseContext) -> list[Finding]:
    """The counterparty ends the contract when its upstream contract ends, and we may claim nothing."""
    for s in ctx.sentences:
        text = s.text
        upstream = re.search(_UPSTREAM_END, text, re.I)
        verb = re.search(_TERMINATE, text, re.I)
        denied = re.search(_NO_CLAIM, text, re.I)
        if not (upstream and verb and denied):
            continue
        if re.search(
            r"\bshall\s+(?:pay|be\s+paid)\b|\bentitled\s+to\s+(?:payment|be\s+paid)|(?:支付|结清)[^。；]{0,10}(?:已完|价款|费用|工程款)",
            text,
            re.I,
        ):
            continue  # paid for what it did and committed: the ending itself is a fair one
        if not ctx.parties.ours(ctx.actor(s, denied.start())):
            continue
        return [
            finding(
                ctx,
                "termination_for_convenience",
                "high",
                span(s, upstream),
                what=(
                    f"{ctx.them} may end the contract when its own upstream contract ends, and {ctx.us} may claim nothing for it.",
                    f"{ctx.them}可因其上游合同（总包合同或发包人原因）终止而解除本合同，且{ctx.us}不得主张任何赔偿。",
                ),
                why=(
                    f"The ending is outside {ctx.us}'s control and fault, yet {ctx.us} bears its whole cost: work in progress, materials ordered, demobilisation and the lost margin.",
                    f"解除事由不在{ctx.us}控制范围内且{ctx.us}并无过错，却须承担全部后果：在制工作、已订材料、撤场费用及利润损失。",
                ),
                market=(
                    "Playbook: on an upstream termination, payment for work done, materials and committed costs, demobilisation and a share of what the counterparty recovers upstream.",
                    "行业立场：因上游合同终止而解除的，应支付已完工程、材料及已承诺成本、撤场费用，并分享对方自上游获得的补偿。",
                ),
            )
        ]
    return []


@rule(reports={"termination_for_convenience"})
def termination_for_convenience(ctx: ClauseContext) -> list[Finding]:
    """The counterparty may end the contract without cause, on short notice or to re-let the work."""
    for s, m in ctx.find(_TERMINATE):
        text = s.text
        if m.group(0).lower() == "termination" and not re.search(
            r"(?:right\s+of|entitled\s+to|may\s+(?:give|serve)\s+(?:a\s+)?(?:notice\s+of)?)\s*$",
            text[max(0, m.start() - 40) : m.start()],
            re.I,
        ):
            continue  # "up to the termination date" names the event; the right is granted by a verb
        if _NEGATED_BEFORE.search(text[max(0, m.start() - 20) : m.start()]):
            continue  # "the licences shall not terminate for any reason": no right at all
        # The words that make it "for convenience" belong to this verb, not to another one in the sentence.
        near = _own_words(text, m)
        if _AT_TERM_END.search(near):
            continue  # non-renewal at the end of a term, the auto-renewal rule's subject
        conv = re.search(_CONVENIENCE, near, re.I)
        notice_only = re.search(
            r"(?:by|on|upon|with)\s+(?:giving\s+)?(?:not\s+less\s+than\s+|at\s+least\s+)?.{0,30}(?:days?|months?)['’]?\s+(?:prior\s+)?(?:written\s+)?notice|"
            r"提前.{0,10}(?:日|天|个月).{0,12}(?:书面)?通知",
            text,
            re.I,
        )
        if not conv and not notice_only:
            continue
        cause = re.search(_CAUSE, text, re.I)
        if cause and not conv:
            continue
        if cause and not re.search(
            r"convenience|without\s+cause|for\s+any\s+reason|without\s+(?:giving\s+)?(?:any\s+)?reasons?\b|无需.{0,4}理由|无理由|任意",
            text,
            re.I,
        ):
            continue  # "may at any time terminate for breach" is termination for cause
        side = ctx.actor(s, m.start())
        if not ctx.parties.theirs(side):
            continue
        subject = text[max(0, m.start() - 80) : m.start()]
        subject = re.split(r"[,;:]", subject)[-1]
        named = {x.alias.lower() for x in ctx.parties.mentions(subject)}
        if (
            re.search(r"\b(?:either|each|any)\s+party\b", subject, re.I)
            or TWO_SUBJECTS.search(subject)
            or (
                (len(named) >= 2 or {"us", "them"} <= ctx.parties.sides_in(subject))
                and re.search(r"\b(?:or|and)\b", subject)
            )
        ):
            continue  # "The Company or the Contractor may terminate": a right both sides hold
        periods = [p for p in find_periods(text) if p.unit in {"day", "business day", "week", "month"}]
        notice_days = periods[0].days if periods else 0.0
        compensation = _compensation_granted(ctx.text)
        profit_denied = re.search(
            r"not\s+be\s+entitled\s+to\s+(?:any\s+)?(?:loss\s+of\s+)?profit|无权.{0,10}(?:预期利润|可得利益)",
            ctx.text,
            re.I,
        )
        profit = compensation is not None and not profit_denied
        relet = re.search(_RELET, ctx.text, re.I)
        if re.search(r"default|breach|cause|违约", ctx.title, re.I) and not conv:
            continue
        if notice_days >= 30 and profit and not relet:
            continue
        level = "high" if (notice_days < 30 or not compensation or relet) else "medium"
        quote = s
        if relet:
            for other in ctx.sentences:
                if re.search(_RELET, other.text, re.I):
                    quote = other
                    break
        problems = []
        problems.append(
            ctx.t(f"notice of only {fmt_period(periods[0])}", f"通知期仅{fmt_period(periods[0])}")
            if periods
            else ctx.t("no minimum notice", "无最短通知期")
        )
        if not compensation:
            problems.append(ctx.t("no compensation for costs or lost profit", "无成本或利润损失补偿"))
        elif not profit:
            problems.append(ctx.t("no compensation for lost profit", "不补偿预期利润"))
        if relet:
            problems.append(ctx.t("the work may then be given to others", "解除后可将工作交由他人完成"))
        return [
            Finding(
                "termination_for_convenience",
                level,
                span(quote, 0),
                ctx.t(
                    f"{ctx.them} may terminate without cause: " + "; ".join(problems) + ".",
                    f"{ctx.them}可无理由解除合同：" + "；".join(problems) + "。",
                ),
                ctx.t(
                    f"{ctx.us} would lose the bargain after committing resources, with no assurance of recovering its investment or margin.",
                    f"{ctx.us}投入资源后可能失去合同利益，且无法保证收回投入或利润。",
                ),
                ctx.t(
                    "Playbook: no termination for convenience by the counterparty; if conceded, at least 90 days' notice plus "
                    "payment for work done, committed costs, demobilisation and lost profit, and no re-letting.",
                    "行业立场：对方不应享有任意解除权；如让步，须提前至少90日通知，并支付已完成工作、已承诺成本、撤场费用及利润损失，且不得转交他人。",
                ),
            )
        ]
    if re.search(r"convenience|任意解除|便利", ctx.title + " " + ctx.text, re.I):
        for s, m in ctx.find(
            _RELET
            + r"|shall\s+not\s+be\s+entitled\s+to\s+(?:any\s+)?(?:loss\s+of\s+)?profit|无权(?:要求)?.{0,10}(?:预期利润|可得利益)"
        ):
            side = ctx.actor(s, m.start())
            if ctx.parties.theirs(side) or (
                re.search(r"profit|利润|利益", m.group(0)) and ctx.parties.ours(side)
            ):
                return [
                    Finding(
                        "termination_for_convenience",
                        "high",
                        span(s, m),
                        ctx.t(
                            f"On termination for convenience {ctx.them} may give the work to others, and {ctx.us} recovers no lost profit.",
                            f"任意解除后{ctx.them}可将工作交由他人完成，且{ctx.us}无法获得预期利润补偿。",
                        ),
                        ctx.t(
                            "The convenience right can be used to re-let the work at a lower price, stripping our margin.",
                            "任意解除权可被用于以更低价格将工作转包他人，剥夺我方利润。",
                        ),
                        ctx.t(
                            "Playbook: no re-letting after termination for convenience; compensation includes lost profit on the remaining work.",
                            "行业立场：任意解除后不得将工作转交他人；补偿应包括剩余工作的预期利润。",
                        ),
                    )
                ]
    return _upstream_end_without_compensation(ctx)


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


@rule(reports={"auto_renewal_lock_in"})
def auto_renewal(ctx: ClauseContext) -> list[Finding]:
    """Long automatic renewals or early non-renewal windows, for a party that wants flexibility."""
    if ctx.parties.sell_side and not ctx.parties.buy_side:
        return []
    for s, m in ctx.find(
        r"automatic(?:ally)?\s+(?:be\s+)?(?:renew|extend)\w*|renew\w*\s+automatically|自动(?:续期|续展|延续|延长|续约|顺延)"
    ):
        periods = find_periods(s.text)
        if not periods:
            continue
        # "unless the Customer gives notice": only the party that can stop the renewal is locked in.
        stopper = re.search(
            r"(?:除非|unless)\s*(?P<who>[^，,。；;]{0,30}?)\s*(?:在|于|提前|gives?|serves?|delivers?|notif|provides?|sends?)",
            s.text,
            re.I,
        )
        if stopper:
            sides = ctx.parties.sides_in(stopper.group("who"))
            if sides and not any(ctx.parties.ours(x) or x == "mutual" for x in sides):
                continue
        # The renewal period follows the renewal words ("三年，期满后自动续展一年": one year, not three);
        # a period before them is the initial term.
        terms = [p for p in periods if p.unit in {"month", "year"}]
        renewal = next((p for p in terms if p.start >= m.start()), terms[0] if terms else None)
        notice = next(
            (p for p in periods if p is not renewal and p.unit in {"day", "business day", "month"}), None
        )
        if notice is None:
            # the non-renewal notice often has a sentence of its own: "被许可方如不续约，应在期满前180日书面通知"
            nxt = next((x for x in ctx.sentences if x.start > s.start), None)
            if nxt is not None and re.search(r"renew|续约|续期|续展", nxt.text, re.I):
                notice = next(
                    (p for p in find_periods(nxt.text) if p.unit in {"day", "business day", "month"}), None
                )
        long_renewal = renewal is not None and renewal.months > 12.5
        early_notice = notice is not None and notice.days >= 90
        if not (long_renewal or early_notice):
            continue
        bits = []
        if long_renewal and renewal is not None:
            bits.append(ctx.t(f"renewal periods of {fmt_period(renewal)}", f"每次续期{fmt_period(renewal)}"))
        if early_notice and notice is not None:
            bits.append(
                ctx.t(
                    f"non-renewal notice {fmt_period(notice)} ahead",
                    f"须提前{fmt_period(notice)}发出不续期通知",
                )
            )
        return [
            Finding(
                "auto_renewal_lock_in",
                "medium",
                span(s, m),
                ctx.t(
                    "The term renews automatically with " + " and ".join(bits) + ".",
                    "合同自动续期，" + "，".join(bits) + "。",
                ),
                ctx.t(
                    f"Missing the window locks {ctx.us} into another long term at prices it may not control.",
                    f"一旦错过通知窗口，{ctx.us}将被锁定在新的长期期限内，且价格可能不受控制。",
                ),
                ctx.t(
                    "Playbook: renewals of at most 12 months with a non-renewal window of 30-60 days.",
                    "行业立场：每次续期不超过12个月，不续期通知期为30-60日。",
                ),
            )
        ]
    return _locked_in_term(ctx)


# A long fixed term our party may not leave: "for a term of ten years … The Tenant has no right to end
# this Lease before the end of the term", "乙方在租赁期内无权提前解除本合同".
_NO_EARLY_EXIT = (
    r"(?:has|have)\s+no\s+right\s+to\s+(?:end|terminate|break)|(?:may|shall|can)\s+not\s+(?:end|terminate)\s+(?:this|the)\s+\w+\s+(?:before|early|prior)"
    r"|无权(?:提前|单方)?(?:解除|终止)|不得提前(?:解除|终止)"
)


def _locked_in_term(ctx: ClauseContext) -> list[Finding]:
    """A fixed term of five years or more with no right for us to leave early."""
    for s, m in ctx.find(_NO_EARLY_EXIT):
        if not ctx.parties.ours(ctx.actor(s, m.start())):
            continue
        long = [p for p in find_periods(ctx.text) if p.unit == "year" and p.months >= 59]
        if not long:
            continue
        return [
            finding(
                ctx,
                "auto_renewal_lock_in",
                "medium",
                span(s, m),
                what=(
                    f"{ctx.us} is bound for {fmt_period(long[0])} with no right to end the contract early.",
                    f"{ctx.us}受{fmt_period(long[0])}的固定期限约束，且无权提前解除。",
                ),
                why=(
                    f"A business changes over {fmt_period(long[0])}; without a break {ctx.us} pays to the end whatever it needs.",
                    f"在{fmt_period(long[0])}内经营情况必然变化；没有提前解除权，{ctx.us}无论需要与否都须付款至期满。",
                ),
                market=(
                    "Playbook: a break right for us at a mid-point (e.g. year five of ten) on six months' notice, at most with a modest break payment.",
                    "行业立场：我方在期限中点（如十年中的第五年）可提前六个月通知解除，至多支付适当的解约补偿。",
                ),
            )
        ]
    return []


# The contract ending, however it ends: the setting of every forfeiture and forced sale.
_ENDING = r"terminat|expir|期满|\bend\s+of\s+(?:the\s+|this\s+)?(?:term|Term|Lease|Tenancy|Agreement|Contract)\b|终止|解除|届满"


@rule(reports={"post_termination_obligations"})
def post_termination(ctx: ClauseContext) -> list[Finding]:
    """Short or paid data-export windows for us; onerous tail obligations on us; forfeiture."""
    if out := _short_export_window(ctx):
        return out
    if _is_ending(ctx):
        out = (
            _data_deleted_without_export(ctx)
            or _stock_stranded(ctx)
            or _goodwill_denied(ctx)
            or _forced_sale(ctx)
            or _forfeited_on_ending(ctx)
        )
        if out:
            return out
    return _backups_we_must_destroy(ctx)


def _short_export_window(ctx: ClauseContext) -> list[Finding]:
    """A short or paid window for us to export our data after the contract ends."""
    for s, m in ctx.find(
        r"(?:after|following|upon|on)\s+(?:the\s+)?(?:termination|expiry|expiration)|终止后|届满后|解除后"
    ):
        text = s.text
        if not re.search(r"data|数据|资料", text, re.I) or not re.search(
            r"export|retriev|return|available|导出|返还|取回|提供", text, re.I
        ):
            continue
        side = ctx.actor(s, m.start())
        if not ctx.parties.buy_side and (ctx.parties.ours(side) or ctx.parties.supplies):
            continue  # the export window is the data owner's concern, not the provider's
        periods = [p for p in find_periods(text) if p.unit in {"day", "business day", "week", "month"}]
        if not periods or periods[0].days > 30:
            continue
        fee = re.search(r"fee|charge|payment|proprietary|费用|付费|专有格式", text, re.I)
        level = "high" if periods[0].days <= 14 or fee else "medium"
        return [
            Finding(
                "post_termination_obligations",
                level,
                span(s, m),
                ctx.t(
                    f"After termination our data is available for only {fmt_period(periods[0])}"
                    + (", and only against a fee or in a proprietary format." if fee else "."),
                    f"合同终止后我方数据仅在{fmt_period(periods[0])}内可取回"
                    + ("，且须付费或仅为专有格式。" if fee else "。"),
                ),
                ctx.t(
                    f"{ctx.us} depends on its data for continuity; a short or conditional export window risks losing it.",
                    f"{ctx.us}的业务连续性依赖其数据；过短或附条件的导出期可能导致数据丢失。",
                ),
                ctx.t(
                    "Playbook: at least 30-60 days to export in a standard, machine-readable format at no charge, with transition help.",
                    "行业立场：至少30-60日内以标准机器可读格式免费导出，并提供过渡协助。",
                ),
            )
        ]
    return []


def _is_ending(ctx: ClauseContext) -> bool:
    """The clause is about the contract ending (termination, expiry)."""
    terminating = re.search(
        r"terminat|expir|end\s+of\s+(?:this|the)\s+(?:\w+\s+)?(?:Agreement|Contract|term)|终止|解除|届满",
        ctx.title + " " + ctx.text,
        re.I,
    )
    return terminating is not None


def _data_deleted_without_export(ctx: ClauseContext) -> list[Finding]:
    """Our data deleted at once with no return or export window, or no transition at all."""
    for s, m in ctx.find(
        r"(?:delete|erase|destroy|purge)\w*\b.{0,80}?(?:immediately|forthwith|at\s+once|without\s+(?:notice|any\s+obligation))|"
        r"no\s+(?:obligation|duty|liability)\s+to\s+(?:return|export|provide\s+(?:any\s+)?(?:export|copy|transition))|"
        # "The Processor is not obliged to return any Customer Personal Data"
        r"not\s+(?:be\s+)?(?:obliged|required|bound)\s+to\s+(?:return|export|provide\s+(?:any\s+)?(?:export|copy|copies))|"
        r"立即(?:删除|销毁|清除)|无(?:义务|责任)(?:提供|返还|保留).{0,10}(?:数据|资料|导出|过渡)|不(?:负责|承担).{0,6}(?:返还|导出|保存).{0,6}(?:数据|资料)"
        # deleted within days and nothing said of a copy first: "终止后，乙方将在七日内删除甲方全部数据"
        r"|(?P<soon>(?:delete|erase|destroy|purge)\w*\b[^.;]{0,60}?\bwithin\s+[^.;]{0,30}?\bdays?\b"
        r"|\bwithin\s+[^.;]{0,30}?\bdays?\b[^.;]{0,80}?\b(?:delete|erase|destroy|purge)\w*|(?:在)?[\d一二三四五六七八九十]+(?:个)?(?:日|天|工作日)内(?:彻底)?(?:删除|销毁|清除))"
    ):
        text = s.text
        if not re.search(r"data|records|content|files|数据|资料|文件", text, re.I):
            continue
        if m.group("soon") and (
            re.search(r"export|return|retriev|copy|导出|返还|取回|备份|拷贝", ctx.text, re.I)
            or not any(p.days <= 30 for p in find_periods(m.group("soon")))
        ):
            continue  # a return or export comes first, or the window is long enough to take a copy
        side = ctx.actor(s, m.start())
        if not (ctx.parties.theirs(side) or (side is None and ctx.parties.pays)):
            continue
        return [
            Finding(
                "post_termination_obligations",
                "high",
                span(s, m),
                ctx.t(
                    f"On termination {ctx.them} may delete {ctx.us}'s data at once, with no return, export or transition."
                    if re.search(r"immediately|forthwith|at\s+once|立即", m.group(0), re.I)
                    else f"On termination {ctx.them} need not return {ctx.us}'s data or let it be exported before deleting it.",
                    f"合同终止时{ctx.them}可立即删除{ctx.us}的数据，且无返还、导出或过渡安排。"
                    if re.search(r"immediately|forthwith|at\s+once|立即", m.group(0), re.I)
                    else f"合同终止时{ctx.them}无须在删除前向{ctx.us}返还数据或供其导出。",
                ),
                ctx.t(
                    f"{ctx.us} depends on its data for continuity; losing it on termination disrupts operations and any migration.",
                    f"{ctx.us}的业务连续性依赖其数据；终止时丢失数据将中断运营并妨碍迁移。",
                ),
                ctx.t(
                    "Playbook: at least 30-60 days to export in a standard, machine-readable format at no charge, with transition help, before deletion.",
                    "行业立场：删除前至少给予30-60日，以标准机器可读格式免费导出，并提供过渡协助。",
                ),
            )
        ]
    return []


def _forfeited_on_ending(ctx: ClauseContext) -> list[Finding]:
    """Our stock, payments or deposits forfeited on termination."""
    for s, m in ctx.find(
        r"forfeit\w*|without\s+(?:any\s+)?(?:compensation|refund|payment)|non-?refundable|shall\s+not\s+be\s+refunded|不予退还|不予返还|无偿归|没收|不予补偿"
        # stock it paid for, destroyed rather than bought back
        r"|destroy\w*\s+(?:all\s+)?(?:of\s+)?(?:its|their|the|any)?\s*(?:remaining\s+|unsold\s+)?(?:stock|inventory|Products|goods)\b|销毁[^。；]{0,6}(?:库存|存货|剩余产品)"
    ):
        text = s.text
        if not re.search(_ENDING, ctx.text, re.I):
            continue
        before = [x for x in ctx.parties.mentions(text[: m.start()]) if x.side in {"us", "them"}]
        # "合同因任何原因终止的，押金不予退还": the payer was named in the sentence before
        payer = before[0].side if before else ctx.parties.side_before(ctx.text, s.start)
        # "甲方收取的押金不予退还", "any deposit held by the Landlord": the holder is not the payer
        holder = re.search(
            r"(?P<who>\S{1,8}?)(?:已)?(?:收取|收到|收受|持有)的[^。；]{0,10}(?:押金|保证金|款项|费用|预付款)"
            r"|(?:deposits?|sums?|monies|moneys|amounts?|payments?|fees?)\s+(?:\w+\s+){0,2}?(?:held|received|collected)\s+by\s+(?:the\s+)?(?P<en>\w+)"
            # "shall become the property of the Landlord", "归甲方所有": who takes it is not who loses it
            r"|(?:become|becomes|vests?\s+in)\s+(?:the\s+)?(?:(?:sole\s+)?property\s+of\s+(?:the\s+)?)?(?P<taker>\w+)"
            r"|归(?P<taker_zh>\S{1,8}?)所有",
            text[: m.end()],
            re.I,
        )
        held_by = (
            ctx.parties.mentions(
                holder.group("who") or holder.group("en") or holder.group("taker") or holder.group("taker_zh")
            )
            if holder
            else []
        )
        if held_by and held_by[0].side in {"us", "them"}:
            payer = "them" if held_by[0].side == "us" else "us"
        if not ctx.parties.ours(payer):
            continue
        if re.search(
            r"terminat\w*\s+(?:this\s+Agreement\s+)?(?:by|at\s+the\s+option\s+of)\s+(?:the\s+)?",
            text,
            re.I,
        ) and not re.search(
            r"stock|inventory|payments?|deposit|prepay|fees?|库存|货物|款项|预付|保证金|押金", text, re.I
        ):
            continue
        if not re.search(
            r"stock|inventory|goods|products|payments?|deposit|prepay|fees?|amounts?|库存|货物|存货|款项|预付|保证金|押金|费用"
            # a maker's materials bought and work begun for the customer's orders
            r"|raw\s+materials|work[- ]in[- ]progress|原材料|在制品|半成品"
            # a tenant's fit-out, left to the landlord for nothing
            r"|fit-?out|leasehold\s+improvements|fixtures|装修|装饰|添附"
            # whatever the tenant leaves behind: "any item left in the Premises"
            r"|\b(?:items?|goods|chattels|equipment|belongings)\s+(?:left|remaining)|遗留(?:物品|财物|设备)",
            text,
            re.I,
        ):
            continue
        return [
            Finding(
                "post_termination_obligations",
                "high",
                span(s, m),
                ctx.t(
                    f"On termination {ctx.us} forfeits its stock, payments or fit-out without compensation.",
                    f"合同终止时{ctx.us}的存货、款项或装修添附被无偿没收或不予退还。",
                ),
                ctx.t(
                    "Forfeiture is a penalty unrelated to any loss the counterparty suffers.",
                    "没收属于惩罚，与对方实际损失无关。",
                ),
                ctx.t(
                    "Playbook: buy-back of saleable stock at cost and refund of unearned payments on any termination.",
                    "行业立场：任何终止情形下，对方按成本回购可售存货并退还未赚取的款项。",
                ),
            )
        ]
    return []


def _backups_we_must_destroy(ctx: ClauseContext) -> list[Finding]:
    """We must destroy every copy, back-ups included, with no exception for copies the law keeps, and swear to it."""
    for s, m in ctx.find(r"back-?up|archive|备份|归档"):
        text = s.text
        if not re.search(r"return|destroy|delete|erase|销毁|删除|返还", text, re.I):
            continue
        if re.search(
            r"save\s+(?:as|to\s+the\s+extent)|except\s+(?:as|to\s+the\s+extent)|required\s+by\s+(?:law|regulation)|法律(?:要求|规定).{0,10}(?:保留|除外)",
            text,
            re.I,
        ):
            continue
        side = ctx.actor(s, m.start())
        onerous = re.search(
            r"statutory\s+declaration|affidavit|certif\w+\s+(?:signed\s+)?by\s+(?:a|one\s+of\s+its)\s+director|公证|董事.{0,6}声明",
            text,
            re.I,
        )
        if ctx.parties.ours(side) and onerous:
            return [
                Finding(
                    "post_termination_obligations",
                    "low",
                    span(s, m),
                    ctx.t(
                        f"{ctx.us} must purge every copy, including back-ups and archives, and give a formal declaration.",
                        f"{ctx.us}须清除包括备份和归档在内的全部副本，并出具正式声明。",
                    ),
                    ctx.t(
                        "Automatic back-ups cannot always be purged, and a sworn declaration exposes directors personally.",
                        "自动备份往往无法彻底清除，而经宣誓的声明会使董事个人承担风险。",
                    ),
                    ctx.t(
                        "Playbook: return or destroy with an exception for automatic back-ups and copies kept by law, kept confidential; an officer's certificate suffices.",
                        "行业立场：返还或销毁，但自动备份及依法保留的副本除外并继续保密；由高级职员出具证明即可。",
                    ),
                )
            ]
    return []


# The supplier refuses to buy the stock back ("甲方无回购剩余库存的义务", "no obligation to repurchase
# any Products") and the distributor may not sell it off either: stock paid for becomes worthless.
_NO_BUY_BACK = (
    r"(?:无|没有|不负有|不承担)[^。；]{0,4}(?:回购|购回)[^。；]{0,8}(?:库存|存货|产品)"
    # "has no obligation to buy back", "may, but shall not be obliged to, repurchase the Products"
    r"|(?:(?:no|not\s+be\s+under\s+any|has\s+no)\s+obligation|not\s+be\s+(?:obliged|required|bound))\s+to,?\s+(?:re-?purchase|buy\s+back)\s+(?:any\s+|the\s+)?(?:remaining\s+|unsold\s+)?(?:stock|inventory|Products|goods)"
)
_NO_SELL_OFF = (
    r"不得(?:继续)?(?:销售|出售|经销|处置)[^。；]{0,6}(?:剩余|库存|存货)"
    r"|(?:shall|may)\s+not\s+(?:continue\s+to\s+)?(?:sell|distribute|dispose\s+of)\s+(?:any\s+)?(?:remaining\s+|unsold\s+)?(?:stock|inventory|Products|goods)"
    r"|cease\s+(?:all\s+)?(?:sales|selling)\s+(?:of\s+the\s+Products\s+)?(?:immediately|forthwith)"
)


def _first_forfeiture(
    ctx: ClauseContext,
    pattern: str,
    applies: Callable[[Sentence, re.Match[str]], bool],
    what: Wording,
    why: Wording,
    market: Wording,
) -> list[Finding]:
    """A high post-termination finding at the first match of ``pattern`` that ``applies``."""
    for s, m in ctx.find(pattern):
        if applies(s, m):
            return [finding(ctx, "post_termination_obligations", "high", span(s, m), what, why, market)]
    return []


def _stock_stranded(ctx: ClauseContext) -> list[Finding]:
    """On termination the counterparty need not buy back our stock and we may not sell it off."""
    if not ctx.parties.buy_side or not ctx.has(_NO_SELL_OFF):
        return []
    return _first_forfeiture(
        ctx,
        _NO_BUY_BACK,
        lambda s, m: ctx.parties.theirs(ctx.actor(s, m.start())),
        (
            f"On termination {ctx.them} need not buy back {ctx.us}'s stock, and {ctx.us} may not sell it off.",
            f"合同终止后{ctx.them}无回购库存的义务，{ctx.us}也不得继续销售剩余库存。",
        ),
        (
            f"Stock {ctx.us} has paid for becomes worthless on any termination, including one {ctx.them} chooses.",
            f"{ctx.us}已付款的库存在任何终止情形下（包括{ctx.them}主动解除）都将变得毫无价值。",
        ),
        (
            "Playbook: a sell-off period of 3-6 months, or buy-back of saleable stock at cost.",
            "行业立场：给予3-6个月的库存清售期，或由对方按成本回购可售库存。",
        ),
    )


# An agent's or distributor's goodwill indemnity and post-term commission waived on every ending:
# "On termination for any reason the Agent shall not be entitled to any indemnity, compensation or
# commission"; "本协议因任何原因终止或届满，乙方均无权要求任何补偿".
_GOODWILL_DENIED = (
    r"(?:shall\s+not\s+be\s+entitled\s+to|(?:has|have)\s+no\s+(?:right|claim)\s+to|waives?\s+(?:any|all|its)\s+(?:rights?\s+to\s+)?)\s*(?:any\s+)?"
    r"(?:goodwill\s+)?(?:indemnity|compensation|termination\s+payment)"
    r"|(?:无权|不得)(?:要求|主张|获得)(?:任何)?(?:补偿|赔偿|商誉补偿|佣金)"
)
_EVERY_ENDING = r"for\s+any\s+reason|howsoever|(?:termination|expiry)\s+(?:or|and)\s+(?:expiry|termination)|任何原因|终止或(?:届满|期满)|届满或终止"


def _goodwill_denied(ctx: ClauseContext) -> list[Finding]:
    """On any ending of the contract we get no indemnity or compensation for the business we built."""
    return _first_forfeiture(
        ctx,
        _GOODWILL_DENIED,
        lambda s, m: (
            bool(re.search(_EVERY_ENDING, s.text, re.I)) and ctx.parties.ours(ctx.actor(s, m.start()))
        ),
        (
            f"On any termination or expiry {ctx.us} gets no indemnity or compensation for the customers and goodwill it built.",
            f"合同因任何原因终止或届满时，{ctx.us}均无权就其建立的客户和商誉获得任何补偿。",
        ),
        (
            f"{ctx.them} keeps the market {ctx.us} developed; for a commercial agent in the EU such a waiver is void, and elsewhere it strips the usual goodwill protection.",
            f"{ctx.them}坐享{ctx.us}开发的市场；在欧盟，商业代理人的此类放弃无效，在其他地区则剥夺了通常的商誉保护。",
        ),
        (
            "Playbook: the statutory or a contractual goodwill indemnity on termination other than for our breach, plus commission on orders that result from our work.",
            "行业立场：除因我方违约终止外，给予法定或约定的商誉补偿，并就源于我方工作的订单支付佣金。",
        ),
    )


# Our business handed over on termination for less than it is worth: equipment and stock at
# written-down book value, the premises' lease without a premium, "按账面净值转让给甲方".
_UNDERVALUE_TRANSFER = (
    r"\b(?:sell|transfer|assign)\b[^.;]{0,160}?\b(?:at\s+(?:their|its|the)\s+(?:written[- ]down\s+|depreciated\s+|net\s+)?book\s+value"
    r"|at\s+(?:written[- ]down\s+|depreciated\s+|net\s+)book\s+value|(?:at|for)\s+(?:a\s+)?nominal\s+(?:price|sum|consideration|value)"
    r"|without\s+(?:any\s+)?(?:premium|payment|consideration))"
    r"|(?:按|以)[^。；]{0,10}(?:账面(?:净)?值|折旧后(?:的)?(?:价值|价格)|残值)[^。；]{0,20}(?:转让|出售|移交)"
    r"|无偿(?:转让|移交)(?:给|予)"
)


def _forced_sale(ctx: ClauseContext) -> list[Finding]:
    """On termination we must hand our assets or premises to the counterparty below their value."""
    return _first_forfeiture(
        ctx,
        _UNDERVALUE_TRANSFER,
        lambda s, m: ctx.parties.ours(ctx.actor(s, m.start())) and bool(re.search(_ENDING, s.text, re.I)),
        (
            f"On termination {ctx.us} must hand its equipment, stock or premises to {ctx.them} at book value or for nothing.",
            f"合同终止时{ctx.us}须按账面价值或无偿将其设备、存货或经营场所移交{ctx.them}。",
        ),
        (
            f"Written-down book value ignores what the going business and its site are worth: {ctx.them} takes over what {ctx.us} built at a fraction of its value, even when the contract ends by {ctx.them}'s choice.",
            f"账面价值未体现持续经营的业务及其场所的价值：{ctx.them}以远低于实际价值的代价接手{ctx.us}建立的业务，即便合同系因{ctx.them}的选择而终止。",
        ),
        (
            "Playbook: any purchase option at fair market value set by an independent valuer, including goodwill unless the contract ends for our breach.",
            "行业立场：如设购买选择权，应按独立评估的公允市场价值（除因我方违约终止外包括商誉）作价。",
        ),
    )
