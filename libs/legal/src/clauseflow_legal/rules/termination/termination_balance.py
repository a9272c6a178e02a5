"""The termination_balance rule (termination): Immediate termination/suspension against us, or our own exit rights removed."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.figures import find_periods, fmt_period
from clauseflow_legal.rules.amendments import amendments
from clauseflow_legal.rules.base import (
    ClauseContext,
    Finding,
    finding,
    span,
)
from clauseflow_legal.rules.packs import Vetoes, patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import Sentence

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)
VETOES = Vetoes(
    "termination_balance",
    {
        "some_exits_kept": '"has no right to terminate except …": only some exits are closed',
        "before_completion": "walking away from a share deal before Completion is a conditions point (ma rules)",
        "right_withheld": '"shall have no right to terminate": a right withheld, not one held',
        "change_of_control": "a change-of-control trigger is judged by its own rule",
        "at_will": "termination at will is termination_for_convenience, judged by its own rule",
        "fair_triggers": "every trigger listed is insolvency or a breach left uncured for 15 days or more",
        "insolvency_only": "immediate termination on insolvency is standard",
        "cure_period": "the right arises only after a cure period of 15 days or more has run out",
        "grace_later": "a later sentence prevails and gives 15 days or more of notice or grace before the right is used",
        "called_on_default": "the loan is called in only on a default of ours: acceleration, the market position",
        "no_conflict_representation": '"will not ... give rise to any right of termination ... under any note": a representation about other instruments, no right held',
        "other_thing_ended": '"shall not have the right to terminate the actual employment of any employee": the right withheld ends something other than the contract',
        "event_not_right": '"upon termination", "all licences shall terminate": the ending named as an event or a consequence, no right held',
    },
)

# The words just before a verb that withhold the right to it.
_DENIED = PATTERNS.compiled("denied")


# Default triggers that reach beyond our own failures: other debts (of us or our affiliates), the
# other side's view of a material adverse effect, any missed payment however small.
_BROAD_TRIGGERS: tuple[tuple[str, str, str], ...] = (
    (
        r"(?:any\s+)?other\s+(?:indebtedness|debt|financial\s+indebtedness)\b[^.;]{0,80}?(?:affiliates?|subsidiar\w+|group)"
        r"|\bindebtedness\s+of\s+(?:any|each)\s+(?:member\s+of\s+the\s+Group|(?:of\s+its\s+)?(?:Subsidiar\w+|Affiliates?|Group\s+Compan\w+))"
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
        r"(?:indebtedness|borrowed\s+money|borrowings?)\b[^.;]{0,300}?\b(?:whatever|whichever|irrespective\s+of|regardless\s+of)\s+(?:the\s+)?(?:amount|size|sum)"
        r"|(?:whatever|irrespective\s+of|regardless\s+of)\s+(?:the\s+)?(?:amount|size)[^.;]{0,40}?(?:indebtedness|borrowed\s+money|debt)"
        r"|(?:债务|借款|融资)[^。；]{0,60}?(?:无论|不论)(?:其)?(?:金额|数额)",
        "a cross-default with no threshold, however small the other debt",
        "交叉违约不设金额门槛",
    ),
    (
        r"however\s+small|any\s+amount[^.;]{0,30}(?:on\s+its\s+due\s+date|when\s+due)[^.;]{0,20}(?:however|no\s+matter)"
        r"|(?:无论|不论)金额(?:大小|多少)",
        "any missed payment, however small, with no grace period",
        "任何一笔款项逾期（无论金额大小）且无宽限期",
    ),
)


# Triggers judged in the other side's own opinion, and whose defaulter is its judgement, not one of us.
_THEIR_OPINION = PATTERNS["their_opinion"]


def _our_group_defaults(ctx: ClauseContext, text: str) -> bool:
    """A default of our group named without a party ("any member of the Group", "any Obligor",
    "任何集团成员"): ours when we borrow or guarantee, the lender has no group in its own loan."""
    return ctx.parties.borrows and re.search(PATTERNS["our_group"], text, re.I) is not None


def _mac_in_their_opinion(ctx: ClauseContext, text: str) -> re.Match[str] | None:
    """A material adverse effect the other side judges by its own opinion ("in the opinion of the
    Lender", "which the Bank considers", "贷款人认为"), unless it must judge reasonably."""
    if not ctx.parties.known or re.search(PATTERNS["judged_reasonably"], text, re.I):
        return None
    for m in re.finditer(_THEIR_OPINION.replace("THEM", ctx.them_rx), text, re.I):
        return m
    return None


def _broad_default_triggers(ctx: ClauseContext) -> list[Finding]:
    """Events of default against us that go beyond our own material failures."""
    # an event of default stands under its own heading ("19.5 Cross default"), the list's lead-in
    # ("Each of the events ... is an Event of Default") in the clause above
    if not re.search(PATTERNS["default_events"], ctx.text, re.I) and not re.search(
        PATTERNS["default_heading"], f"{ctx.title} {ctx.text[:40]}", re.I
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
        found: list[tuple[str, str, re.Match[str]]] = []
        mac = _mac_in_their_opinion(ctx, s.text)
        if mac:
            found.append(
                (
                    "a material adverse effect judged by the other side alone",
                    "由对方单方判断的重大不利影响",
                    mac,
                )
            )
        if ctx.parties.ours(defaulter) or (defaulter is None and _our_group_defaults(ctx, lead_in or s.text)):
            found += [
                (en, zh, m) for rx, en, zh in _BROAD_TRIGGERS for m in [re.search(rx, s.text, re.I)] if m
            ]
        found = [h for i, h in enumerate(found) if h[0] not in {x[0] for x in found[:i]}]
        # a cross-default over the group with a stated threshold is the market (LMA); only its reach
        # to the whole group without one is broad
        if re.search(PATTERNS["debt_threshold"], ctx.text, re.I):
            found = [h for h in found if not h[0].startswith("a cross-default reaching")]
        if not found:
            continue
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
                WORDING.pair(ctx, "broad_triggers_why"),
                WORDING.pair(ctx, "broad_triggers_market"),
            )
        ]
    return []


# What makes a right to suspend or terminate harsh; the first three only say when it takes effect.
_HARSH = PATTERNS["harsh"]
_TIMING_ONLY = {"immediately", "with immediate effect", "forthwith", "立即"}
# A cure period: the breach must be left unremedied before the right arises.
_CURE = PATTERNS["cure"]


def _insolvency_only(text: str) -> bool:
    """Insolvency or winding-up with no breach or late payment among the triggers."""
    return re.search(PATTERNS["insolvency"], text, re.I) is not None and not re.search(
        PATTERNS["breach_or_overdue"], text, re.I
    )


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
        or _our_exit_narrower(ctx)
        or _our_break_conditioned(ctx)
        or _broad_default_triggers(ctx)
        or _called_in_at_will(ctx)
        or _harsh_termination_against_us(ctx)
        or _our_suspension_removed(ctx)
        or _our_exit_amended(ctx)
    )


def _our_exit_amended(ctx: ClauseContext) -> list[Finding]:
    """Particular Conditions that amend our right to suspend or terminate by instruction: the wait
    before it made longer ('In Sub-Clause 16.2, replace "42 days" with "180 days"'), or a ground of
    it deleted ('In Sub-Clause 16.1, delete the words "or Sub-Clause 14.7"')."""
    for amendment in amendments(ctx):
        if amendment.subject.name not in {"contractor_termination", "contractor_suspension"}:
            continue
        if not amendment.ours(ctx):
            continue
        old, new = amendment.old, amendment.new
        if amendment.effect == "lengthened" and old is not None and new is not None:
            return [
                WORDING.finding(
                    ctx,
                    "our_exit_delayed",
                    "termination_rights_unbalanced",
                    "high" if new.days >= 2 * old.days else "medium",
                    amendment.quote,
                    period=fmt_period(old),
                    period_2=fmt_period(new),
                )
            ]
        # deleting a wait or a notice step before our right makes it easier to use: not a loss
        if amendment.effect == "deleted" and not (
            old is not None or re.search(PATTERNS["condition_words"], amendment.change.old, re.I)
        ):
            return [
                WORDING.finding(
                    ctx,
                    "our_ground_deleted",
                    "termination_rights_unbalanced",
                    "high",
                    amendment.quote,
                    words=amendment.change.old,
                )
            ]
    return []


def _exit_for_poor_performance_closed(ctx: ClauseContext) -> list[Finding]:
    """We may not terminate for the other side's poor performance."""
    # "The Owner may not terminate this Agreement for any failure of the Hotel to achieve any level
    # of financial performance": the exit for the other side's poor performance is closed
    for s, m in ctx.find(
        rf"(?:{ctx.us_rx})[^.;]{{0,30}}?(?:may|shall|can)\s*not\s+terminate\b[^.;]{{0,80}}?\b(?:performance|fail\w*\s+to\s+(?:achieve|meet|reach))"
        rf"|(?:{ctx.us_rx})[^。；，]{{0,10}}不得(?:以|因)[^。；]{{0,30}}(?:业绩|经营指标|绩效|未达到)[^。；]{{0,20}}(?:解除|终止)"
    ):
        return [
            WORDING.finding(
                ctx, "exit_for_poor_performance_closed", "termination_rights_unbalanced", "high", span(s, m)
            )
        ]
    return []


def _our_exit_removed(ctx: ClauseContext) -> list[Finding]:
    """We have no right to terminate at all (not only some exits closed)."""
    for s, m in ctx.find(
        rf"(?:{ctx.us_rx})[^.;。；]{{0,30}}(?:shall\s+have\s+no|has\s+no|shall\s+not\s+(?:have|be\s+entitled\s+to)\s+(?:any|the|a))\s+right\s+to\s+terminate"
        rf"|(?:{ctx.us_rx})[^。；，]{{0,10}}(?:无权|不得)(?:单方面?|提前)*(?:解除|终止)(?:本合同|本协议|合同|协议|租赁)"
        # "受托方无权因委托方违约而解除本合同", "乙方不得以甲方逾期付款为由终止本协议", "被许可方不享有任何解除权"
        rf"|(?:{ctx.us_rx})[^。；，]{{0,10}}(?:无权|不得)(?:因|以)[^。；，]{{0,20}}?(?:而|为由)(?:单方面?|提前)*(?:解除|终止)(?:本合同|本协议|合同|协议|许可|租赁)"
        rf"|(?:{ctx.us_rx})[^。；，]{{0,10}}(?:不享有|没有|无)(?:任何)?(?:单方)?(?:合同)?(?:解除|终止)权"
    ):
        if VETOES.applies(
            "other_thing_ended", re.match(PATTERNS["other_thing_after"], s.text[m.end() :], re.I)
        ):
            continue
        if VETOES.applies("some_exits_kept", re.search(PATTERNS["exception_words"], s.text, re.I)):
            continue
        if VETOES.applies("before_completion", re.search(PATTERNS["before_completion"], s.text, re.I)):
            continue
        return [
            WORDING.finding(ctx, "our_exit_removed", "termination_rights_unbalanced", "medium", span(s, m))
        ]
    return []


def _our_exit_narrower(ctx: ClauseContext) -> list[Finding]:
    """The other side may end the contract at will while we may end it only on named grounds.

    Read from who holds each right: their termination verb with a free exit ("at any time", "for any
    reason", "for convenience"), ours confined ("only if the Customer fails to pay", "no other right to
    terminate", 仅在…方可解除). A right both hold, or theirs alone with ours untouched, is no asymmetry here.
    """
    theirs_free = False
    ours_confined: tuple[Sentence, re.Match[str]] | None = None
    for s, m in ctx.find(PATTERNS["terminate_verb"]):
        if _DENIED.search(s.text[max(0, m.start() - 40) : m.start()]):
            continue
        side = ctx.actor(s, m.start())
        # the verb's own limb: "…; the Supplier may terminate only if …" lends no "at any time" across the semicolon
        lo = max(0, m.start() - 60, *(s.text.rfind(c, 0, m.start()) + 1 for c in ";；"))
        words = re.split(r"[;；]", s.text[lo : m.end() + 90])[0]
        if ctx.parties.theirs(side) and re.search(PATTERNS["free_exit"], words, re.I):
            theirs_free = True
        elif ctx.parties.ours(side) and ours_confined is None:
            confined = re.search(
                PATTERNS["exit_confined"], s.text[max(0, m.start() - 40) : m.end() + 60], re.I
            )
            if confined:
                ours_confined = (s, m)
    for s, m in ctx.find(PATTERNS["exit_confined"]):
        # "The Supplier shall have no other right to terminate": the confining sentence names no verb of its own
        if (
            ours_confined is None
            and ctx.parties.ours(ctx.actor(s, m.start()))
            and "terminate" in m.group(0).lower()
        ):
            ours_confined = (s, m)
    if not (theirs_free and ours_confined):
        return []
    return [
        WORDING.finding(
            ctx, "our_exit_narrower", "termination_rights_unbalanced", "medium", span(*ours_confined)
        )
    ]


def _event_not_right(text: str, m: re.Match[str]) -> bool:
    """The ending at ``m`` is named as an event or a consequence, not a right someone holds.

    "Upon the termination of this Agreement, the Consultant shall immediately return …" times
    another duty; "If this Agreement expires or is terminated, …" sets a condition; "all licences
    granted hereunder shall immediately terminate" and "this Agreement shall automatically
    terminate upon termination of the Licence Agreement" say what follows of themselves, and are
    harsh against us only when our own failure sets them off.
    """
    word = m.group(0).lower()
    before = text[max(0, m.start() - 60) : m.start()]
    if word.startswith("termination"):
        return not re.search(PATTERNS["right_before_noun"], before, re.I)
    if word == "terminated":
        if re.search(PATTERNS["deemed_before"], before, re.I):
            return not re.search(PATTERNS["our_failure"], text, re.I)
        # "All such usage ... must be terminated": a conduct to stop, unless our failure ends a licence with it
        stopped = re.search(
            PATTERNS["conduct_stopped_before"], text[max(0, m.start() - 160) : m.start()], re.I
        ) is not None and not re.search(PATTERNS["our_failure"], text, re.I)
        return re.search(PATTERNS["event_passive_before"], before, re.I) is not None or stopped
    if word in {"terminate", "terminates"}:
        after = text[m.end() : m.end() + 40]
        return (
            re.search(PATTERNS["of_itself_before"], before, re.I) is not None
            and not re.match(PATTERNS["object_after"], after, re.I)
            and not re.search(PATTERNS["our_failure"], text, re.I)
        )
    return False


def _our_break_conditioned(ctx: ClauseContext) -> list[Finding]:
    """Our own break right hung on strict conditions: every covenant complied with, every sum paid,
    vacant possession (a lease's tenant break, a licensee's early termination option)."""
    for s, m in ctx.find(PATTERNS["break_right"]):
        if not ctx.parties.ours(ctx.actor(s, m.start())):
            continue
        if not re.search(PATTERNS["break_condition"], s.text, re.I):
            continue
        strict = "; ".join(
            dict.fromkeys(c.group(0) for c in re.finditer(PATTERNS["strict_condition"], s.text, re.I))
        )
        if strict:
            risk = "termination_rights_unbalanced"
            return [WORDING.finding(ctx, "our_break_conditioned", risk, "medium", span(s, m), matched=strict)]
    # the conditions in a sub-clause of their own ("A notice given under clause 9.1 shall only be effective if
    # ..."): the break is the side's whose compliance is the condition
    for s, m in ctx.find(PATTERNS["break_by_reference"]):
        if not re.search(PATTERNS["break_condition"], s.text, re.I):
            continue
        strict_found = list(re.finditer(PATTERNS["strict_condition"], s.text, re.I))
        if not strict_found:
            continue
        side = ctx.actor(s, strict_found[0].start())
        if side is None and ctx.parties.sides_in(s.text) & {"us", "them"} == {"us"}:
            side = "us"  # passive ("have been paid by the Tenant"): the only side named
        if not ctx.parties.ours(side):
            continue
        strict = "; ".join(dict.fromkeys(c.group(0) for c in strict_found))
        risk = "termination_rights_unbalanced"
        return [WORDING.finding(ctx, "our_break_conditioned", risk, "medium", span(s, m), matched=strict)]
    return []


def _called_in_at_will(ctx: ClauseContext) -> list[Finding]:
    """The lender may call the loan in at its will: repayable on demand, or early repayment required at any
    time or when it alone thinks fit, with no default of ours ("有权随时要求乙方提前归还全部借款").

    Read for the side that repays: the lender demands (an active verb with the other side as actor), or the debt is
    "repayable on demand" while the other side is named in the sentence or we are the borrower or its guarantor.
    """
    for s, m in ctx.find(PATTERNS["call_in"]):
        text = s.text
        if not re.search(PATTERNS["call_in_at_will"], text, re.I):
            continue
        # "whether or not an Event of Default has occurred" names a default only to dispense with it
        regardless = re.search(PATTERNS["call_in_regardless"], text, re.I)
        if VETOES.applies(
            "called_on_default", not regardless and ctx.has(PATTERNS["call_in_on_default"], text)
        ):
            continue
        if VETOES.applies("right_withheld", _DENIED.search(text[max(0, m.start() - 40) : m.start()])):
            continue
        if "passive" in m.groupdict() and m.group("passive"):
            theirs = any(ctx.parties.theirs(x.side) for x in ctx.parties.mentions(text))
            if not (theirs or ctx.parties.is_role("borrower", "guarantor")):
                continue
        elif not ctx.parties.theirs(ctx.actor(s, m.start())):
            continue
        return [
            WORDING.finding(ctx, "called_in_at_will", "termination_rights_unbalanced", "medium", span(s, m))
        ]
    return []


def _harsh_termination_against_us(ctx: ClauseContext) -> list[Finding]:
    """The other side may terminate or suspend at once, without notice or a cure period."""
    # a lender's termination is acceleration: "declare the Loan immediately due and payable"
    for s, m in ctx.find(PATTERNS["suspend_or_terminate"]):
        text = s.text
        if VETOES.applies("right_withheld", _DENIED.search(text[max(0, m.start() - 40) : m.start()])):
            continue
        if VETOES.applies("event_not_right", _event_not_right(text, m)):
            continue
        if VETOES.applies(
            "no_conflict_representation",
            re.search(
                PATTERNS["no_conflict_representation"], text[max(0, m.start() - 400) : m.start()], re.I
            ),
        ):
            continue
        side = ctx.actor(s, m.start())
        harsh = re.search(_HARSH, text, re.I)
        if VETOES.applies("change_of_control", re.search(PATTERNS["change_of_control"], text, re.I)):
            continue
        at_will = harsh is not None and re.search(PATTERNS["at_will"], harsh.group(0), re.I)
        if VETOES.applies("at_will", at_will and not re.search(PATTERNS["suspension"], m.group(0), re.I)):
            continue
        if ctx.parties.theirs(side) and harsh:
            items = ctx.list_items(s)
            # "有下列情形之一的，甲方有权立即解除：（一）…经催告后三十日内仍未纠正的；（二）破产…":
            # immediate once a cure period has run out, or on insolvency
            if VETOES.applies("fair_triggers", items and all(_fair_trigger(i.text) for i in items)):
                continue
            if VETOES.applies("insolvency_only", _insolvency_only(text)):
                continue
            cure = [p for p in find_periods(text) if p.days >= 15]
            if VETOES.applies(
                "cure_period", cure and not re.search(PATTERNS["immediately_or_regardless"], text, re.I)
            ):
                continue
            # "may terminate immediately by notice if the Supplier fails to remedy a material breach
            # within 30 days": immediate once the cure period has run out, the market position
            # a rider tempers a trigger (any late payment); words that make the right itself harsh
            # ("immediately and without notice") are struck, not answered by a rider beside them
            only_late_payment = all(
                re.fullmatch(PATTERNS["late_payment"], h.group(0), re.I)
                for h in re.finditer(_HARSH, text, re.I)
            )
            if VETOES.applies("grace_later", only_late_payment and _grace_given_later(ctx, s)):
                continue
            harsh_words = {h.group(0).lower() for h in re.finditer(_HARSH, text, re.I)}
            if VETOES.applies(
                "cure_period", cure and harsh_words <= _TIMING_ONLY and re.search(_CURE, text, re.I)
            ):
                continue
            return [
                Finding(
                    "termination_rights_unbalanced",
                    "medium",
                    span(s, harsh.start()),
                    ctx.t(
                        f"{ctx.them} may suspend or terminate against {ctx.us} {harsh.group(0)}, without a cure period."
                        if not re.search(PATTERNS["acceleration"], m.group(0), re.I)
                        else f"{ctx.them} may call in the whole debt {harsh.group(0)}, with no cure period.",
                        f"{ctx.them}可对{ctx.us}{harsh.group(0)}暂停或解除，且无补救期。"
                        if not re.search(PATTERNS["acceleration"], m.group(0), re.I)
                        else f"{ctx.them}可{harsh.group(0)}宣布全部债务提前到期，且无补救期。",
                    ),
                    WORDING.t(ctx, "harsh_why"),
                    WORDING.t(ctx, "harsh_market"),
                )
            ]
    return []


def _grace_given_later(ctx: ClauseContext, harsh: Sentence) -> bool:
    """A later sentence of the clause prevails over the harsh right and gives 15 days or more of
    notice or grace before it is used ("Notwithstanding the foregoing, … only after thirty days'
    written notice"): the way a drafter tempers the right without rewriting it."""
    for later in ctx.sentences:
        if later.start <= harsh.start:
            continue
        text = later.text
        right = re.search(rf"{PATTERNS['suspend_or_terminate']}|\bsuspension\b", text, re.I)
        if (
            right
            and re.search(PATTERNS["prevails"], text, re.I)
            # the period tempers the right it follows ("suspend … only after thirty (30) days' notice"),
            # not another right set out further on in a long sentence
            and any(
                p.days >= 15 and right.start() <= p.start <= right.end() + 200 for p in find_periods(text)
            )
            # the same right, theirs ("the Supplier may suspend only after …", "no suspension shall take
            # effect until …"), not our own right to terminate set out after it
            and not ctx.parties.ours(ctx.actor(later, right.start()))
        ):
            return True
    return False


def _our_suspension_removed(ctx: ClauseContext) -> list[Finding]:
    """Our right to suspend or terminate (for non-payment, under the contract's own clause) is removed."""
    removal = re.search(
        PATTERNS["suspension_right_removed"],
        ctx.text,
        re.I,
    )
    if removal:
        for s in ctx.sentences:
            if removal.start() >= s.start and removal.start() < s.end:
                # an aside in brackets names no actor: in "分包人确认，在任何情况下（包括承包人延迟支付）
                # 均不得…停工" the right removed is the 分包人's, not the late payer's
                aside = re.sub(r"[（(][^（()）]*[）)]", lambda b: " " * len(b.group(0)), s.text)
                side = ctx.actor(Sentence(aside, s.start), removal.start() - s.start)
                if ctx.parties.ours(side) or (
                    re.search(r"16\.[12]", removal.group(0)) and ctx.parties.is_role("contractor")
                ):
                    return [
                        WORDING.finding(
                            ctx,
                            "our_suspension_removed",
                            "termination_rights_unbalanced",
                            "medium",
                            span(s, removal.start() - s.start),
                        )
                    ]
    return []
