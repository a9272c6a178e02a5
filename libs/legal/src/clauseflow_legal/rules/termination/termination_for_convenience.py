"""The termination_for_convenience rule (termination): The counterparty may end the contract without cause, on short notice or to re-let the work."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.rules.base import (
    MODAL,
    TWO_SUBJECTS,
    ClauseContext,
    Finding,
    finding,
    span,
)
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import find_periods, fmt_period

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
