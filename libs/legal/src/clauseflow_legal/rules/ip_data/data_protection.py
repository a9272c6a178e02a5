"""The data_protection rule (ip_data): The counterparty may exploit our data, or notifies security incidents late or at its discretion."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.figures import find_periods, fmt_period
from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.packs import Vetoes, patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)
VETOES = Vetoes(
    "data_protection",
    {
        "transfer_safeguard": "the transfer is made under a safeguard (standard clauses, adequacy, consent)",
        "transfer_forbidden": '"shall not transfer ... outside the EEA": the safeguard itself',
        "provider_side": "we only provide the service: the data at stake is not ours",
        "service_purpose_only": "the data is used solely to provide the services, not for others or for training",
        "use_forbidden": '"shall not use the Customer Data for ...": the use is forbidden',
        "work_not_data": '"可将运输业务转委托第三方承运": subcontracting the work, not handing over our data',
        "prompt_notice": "incidents notified within three days, unconditionally",
        "inspection_mutual": "each party may inspect the other's records alike",
        "inspection_by_independent_auditor": "an independent accountant bound to confidentiality inspects: the market audit",
        "inspection_on_fair_notice": "inspection on three days' notice or more",
        "recipients_bound": "each recipient must first undertake confidentiality: the market disclosure clause",
    },
)

# Our data taken anywhere: "may transfer and process Customer Personal Data in any country in which
# they operate", "可将数据存储于其选择的任何地点".
_ANYWHERE = PATTERNS["anywhere"]
# What makes a transfer lawful: standard contractual clauses, adequacy, binding corporate rules, consent.
_TRANSFER_SAFEGUARD = PATTERNS["transfer_safeguard"]


def _data_location_uncontrolled(ctx: ClauseContext) -> list[Finding]:
    """The counterparty may move our data to any country, with no transfer safeguard."""
    for s, m in ctx.find(_ANYWHERE):
        text = s.text
        if not re.search(PATTERNS["data_word"], text, re.I):
            continue
        safeguard = re.search(_TRANSFER_SAFEGUARD, text, re.I)
        # "无需另行取得委托方同意": a consent dispensed with is no safeguard
        if safeguard and re.search(
            PATTERNS["dispensed_with"], text[max(0, safeguard.start() - 16) : safeguard.start()]
        ):
            safeguard = None
        if VETOES.applies("transfer_safeguard", safeguard):
            continue
        if VETOES.applies(
            "transfer_forbidden",
            re.search(PATTERNS["transfer_negated"], text[max(0, m.start() - 60) : m.start()], re.I),
        ):
            continue
        if not ctx.parties.theirs(ctx.actor(s, m.start())):
            continue
        return [WORDING.finding(ctx, "data_location_uncontrolled", "data_protection_gap", "high", span(s, m))]
    return []


# Our right to audit the processor reduced to reading its reports, or on-site audits excluded.
_AUDIT_DENIED = PATTERNS["audit_denied"]


def _audit_denied(ctx: ClauseContext) -> list[Finding]:
    """We may not audit how the counterparty handles our data beyond what it chooses to report."""
    for s, m in ctx.find(_AUDIT_DENIED):
        text = s.text
        if not re.search(PATTERNS["data_or_security"], ctx.title + " " + ctx.text, re.I):
            continue
        # the restricted auditor is us: "The Customer shall not carry out on-site audits"
        restricted = ctx.actor(s, m.start())
        if not (
            ctx.parties.ours(restricted)
            or (re.search(PATTERNS["customers_audit"], text, re.I) and ctx.parties.buy_side)
        ):
            continue
        return [WORDING.finding(ctx, "audit_denied", "data_protection_gap", "high", span(s, m))]
    return []


def _short_notice_inspection(ctx: ClauseContext) -> list[Finding]:
    """The other side may go through and copy our books and records, customer data included, with no
    notice or on a few hours' notice, itself or by anyone it names, with nothing keeping what it sees
    confidential. The market audit is by an independent accountant bound to confidentiality, on
    days' notice, during business hours."""
    for s, m in ctx.find(PATTERNS["inspection"]):
        text = s.text
        sides = ctx.parties.sides_in(text)
        if VETOES.applies("inspection_mutual", "mutual" in sides and "them" not in sides):
            continue
        inspector = ctx.actor(s, m.start())
        # "the Distributor shall permit the Principal to inspect": the one permitted inspects
        if ctx.parties.ours(inspector):
            named = [x.side for x in ctx.parties.mentions(text[: m.start()]) if x.side in {"us", "them"}]
            inspector = named[-1] if named and named[-1] == "them" else inspector
        if not ctx.parties.theirs(inspector) or ("us" not in sides and "your" not in text.lower()):
            continue
        # the inspection's own notice, near it: not a breach notice "within 48 hours" elsewhere in the sentence
        near = text[max(0, m.start() - 150) : m.end() + 150]
        notices = [n.group(0) for n in re.finditer(PATTERNS["notice_given"], near, re.I)]
        short = any(p.days < 3 for n in notices for p in find_periods(n)) or re.search(
            PATTERNS["without_notice"], near, re.I
        )
        if VETOES.applies("inspection_on_fair_notice", not short):
            continue
        if VETOES.applies(
            "inspection_by_independent_auditor", re.search(PATTERNS["independent_auditor"], text, re.I)
        ):
            continue
        return [WORDING.finding(ctx, "short_notice_inspection", "data_protection_gap", "medium", span(s, m))]
    return []


def _disclosed_to_anyone(ctx: ClauseContext) -> list[Finding]:
    """The other side may pass information about us to anyone it thinks fit, no undertaking asked of them
    (a lender's disclosure clause): past the market list of affiliates, advisers, regulators and transferees
    bound to confidentiality."""
    for s, m in ctx.find(PATTERNS["disclose_verb"]):
        text = s.text
        # a right to disclose ("may disclose", 有权…披露), not a bar ("不得向任何第三方披露", "shall not disclose")
        before = text[max(0, m.start() - 40) : m.start()]
        if not re.search(PATTERNS["may_disclose"], before, re.I) or re.search(
            PATTERNS["disclosure_barred"], before, re.I
        ):
            continue
        if not ctx.parties.theirs(ctx.actor(s, m.start())):
            continue
        if VETOES.applies(
            "recipients_bound", re.search(PATTERNS["recipient_bound"], ctx.text, re.I) is not None
        ):
            continue
        # English names the recipient after the verb, Chinese before it (向任何第三方披露)
        if re.search(PATTERNS["any_recipient"], text if ctx.zh else text[m.end() :], re.I) and re.search(
            PATTERNS["information_word"], text, re.I
        ):
            return [WORDING.finding(ctx, "disclosed_to_anyone", "data_protection_gap", "medium", span(s, m))]
    return []


@rule(reports={"data_protection_gap"})
def data_protection(ctx: ClauseContext) -> list[Finding]:
    """The counterparty may exploit our data, or notifies security incidents late or at its discretion."""
    # our own books opened to the other side: whichever side of the bargain we are on
    inspected = _short_notice_inspection(ctx)
    if VETOES.applies("provider_side", ctx.parties.sell_side and not ctx.parties.buy_side):
        return inspected
    # Own use, uncontrolled sub-processing and late breach notice are three gaps: each is reported.
    out: list[Finding] = []
    for s, m in ctx.find(PATTERNS["use_verb"]):
        text = s.text
        if not re.search(
            PATTERNS["our_data"],
            text,
            re.I,
        ):
            continue
        side = ctx.actor(s, m.start())
        if not ctx.parties.theirs(side):
            continue
        purpose = re.search(
            PATTERNS["own_purpose"],
            text,
            re.I,
        )
        if not purpose:
            continue
        if VETOES.applies(
            "service_purpose_only",
            re.search(PATTERNS["solely_to_provide"], text, re.I)
            and not re.search(PATTERNS["other_customers_or_training"], text, re.I),
        ):
            continue
        if VETOES.applies(
            "use_forbidden",
            re.search(PATTERNS["use_negated"], text[max(0, m.start() - 40) : m.start()], re.I),
        ):
            continue
        out.append(
            WORDING.finding(
                ctx,
                "own_use",
                "data_protection_gap",
                "high",
                span(s, purpose.start()),
                matched=purpose.group(0),
            )
        )
        break
    for s, m in ctx.find(
        # "may appoint or replace any Sub-processor at any time without notice to the Customer"
        PATTERNS["subprocessors_unchecked"]
    ):
        if not ctx.parties.theirs(ctx.actor(s, m.start())):
            continue
        if VETOES.applies("work_not_data", not re.search(PATTERNS["data_or_processing"], s.text, re.I)):
            continue
        out.append(WORDING.finding(ctx, "subprocessors", "data_protection_gap", "high", span(s, m)))
        break
    out += _data_location_uncontrolled(ctx) + _audit_denied(ctx) + inspected + _disclosed_to_anyone(ctx)
    for s, m in ctx.find(PATTERNS["notify"]):
        text = s.text
        if not re.search(PATTERNS["security_incident"], text, re.I):
            continue
        side = ctx.actor(s, m.start())
        if not ctx.parties.theirs(side):
            continue
        periods = [p for p in find_periods(text) if p.unit in {"hour", "day", "business day", "week"}]
        late = periods and periods[0].days > 3
        conditional = re.search(
            PATTERNS["conditional_notice"],
            text,
            re.I,
        )
        # "乙方无通知甲方的义务", "无需通知委托方": no notice owed at all
        denied = re.search(PATTERNS["notice_denied"], text, re.I)
        if VETOES.applies("prompt_notice", not (late or conditional or denied)):
            continue
        bits = [ctx.t("it owes no notice at all", "其无通知义务")] if denied else []
        if periods and late:
            bits.append(WORDING.t(ctx, "only_within", period=fmt_period(periods[0])))
        if conditional:
            bits.append(WORDING.t(ctx, "only_if", matched=conditional.group(0)))
        out.append(
            Finding(
                "data_protection_gap",
                "high",
                span(s, periods[0].start if periods else m.start()),
                ctx.t(
                    f"{ctx.them} notifies security incidents late: " + ", ".join(bits) + ".",
                    f"{ctx.them}对安全事件的通知过迟：" + "，".join(bits) + "。",
                ),
                WORDING.t(ctx, "late_notice_why"),
                WORDING.t(ctx, "late_notice_market"),
            )
        )
        break
    return out
