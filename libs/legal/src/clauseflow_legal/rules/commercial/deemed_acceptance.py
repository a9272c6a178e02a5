"""The deemed_acceptance rule (commercial): Our silence, or the lapse of a short period, is treated as acceptance, approval or waiver."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.figures import find_periods
from clauseflow_legal.parties import Side
from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.commercial.common import BAR
from clauseflow_legal.rules.packs import Vetoes, patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import Sentence

PATTERNS = patterns_beside(__file__)
_OTHER_SIDE: dict[str, Side] = {"us": "them", "them": "us"}
WORDING = wording_beside(__file__)
VETOES = Vetoes(
    "deemed_acceptance",
    {
        "claim_notice_bar": "a claim lost unless notified within a period: claim_time_bar's subject",
        "no_short_objection_window": "a fair inspection or dispute window (15 days or more, or none set; in construction 21, 28 for the final account) before acceptance",
    },
)


@rule(reports={"deemed_acceptance_or_waiver"})
def deemed_acceptance(ctx: ClauseContext) -> list[Finding]:
    """Our silence, or the lapse of a short period, is treated as acceptance, approval or waiver."""
    for s, m in ctx.find(PATTERNS["deemed_assent"]):
        text = s.text
        fair = _fair_window(ctx, text)
        if VETOES.applies(
            "claim_notice_bar",
            re.search(PATTERNS["claim_word"], text, re.I)
            and re.search(BAR, text, re.I)
            and find_periods(text),
        ):
            continue
        if re.search(PATTERNS["deeming_denied"], text[max(0, m.start() - 24) : m.start()], re.I) or re.match(
            r"\s*(?:no|neither)\b", text, re.I
        ):
            continue  # "shall not constitute acceptance", "No payment shall be deemed acceptance"
        latent = _latent_defects_accepted(ctx, s, m)
        if latent:
            return latent
        by_conduct = _accepted_by_conduct(ctx, s, m)
        if by_conduct:
            return by_conduct
        silent = re.search(
            PATTERNS["silence"],
            text,
            re.I,
        )
        if not silent:
            continue
        side = (
            ctx.actor(s, silent.end() - 1)
            if not re.match(PATTERNS["continued_use"], silent.group(0), re.I)
            else ctx.parties.side_before(text, silent.end() + 40)
        )
        notifier = re.match(
            PATTERNS["unless_notifies"],
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
            if VETOES.applies("no_short_objection_window", not window or window[0].days >= fair):
                continue
        unsent = re.match(PATTERNS["no_notice_reached"], silent.group(0), re.I)
        if unsent:
            # "no notice has reached the Supplier": the silent party is the one who should have sent it
            sender = ctx.parties.mentions(unsent.group("sender") or "")
            recipient = ctx.parties.mentions(unsent.group("to") or "")
            side = sender[0].side if sender else _OTHER_SIDE.get(recipient[0].side) if recipient else None
            # the period for the notice is set before the deeming ("within five days after delivery")
            window = [
                p
                for p in find_periods(ctx.text[: s.start + silent.end()])
                if p.unit in {"day", "business day", "hour", "week"}
            ]
            if VETOES.applies("no_short_objection_window", not window or window[-1].days >= fair):
                continue
        passive = re.match(PATTERNS["not_objected"], silent.group(0), re.I)
        if passive:
            # "not disputed by the Company", else "deemed accepted by the Distributor": the silent one
            side = ctx.passive_agent(text, silent.end()) or ctx.passive_agent(text, m.end())
            allowed = _objection_window(ctx, text, s.start)
            if VETOES.applies("no_short_objection_window", allowed is not None and allowed >= fair):
                continue
        if not (notifier or unsent or passive):
            # "甲方应在三十日内完成检验，逾期未提出异议的，视为合格": a window of 15 days or more before the
            # deeming is a fair one, in any wording of the silence
            allowed = _objection_window(ctx, text[: m.start()], s.start)
            if allowed is None and re.match(PATTERNS["pronoun_silence"], silent.group(0), re.I):
                # "… may dispute the valuation within 42 days. If it does not do so, …": the window just set
                before = [x for x in ctx.sentences if x.start < s.start]
                allowed = _objection_window(ctx, before[-1].text, before[-1].start) if before else None
            if VETOES.applies("no_short_objection_window", allowed is not None and allowed >= fair):
                continue
        if re.match(PATTERNS["continued_use"], silent.group(0), re.I):
            ms = ctx.parties.mentions(text[max(0, silent.start() - 40) : silent.end() + 40])
            side = ms[0].side if ms else side
        failure = re.match(PATTERNS["failure_silence"], silent.group(0), re.I)
        if failure:
            # "any failure by the Customer to reject", "the Distributor's failure to query": the one who fails
            named = ctx.parties.mentions(text[max(0, silent.start() - 30) : silent.end()])
            named = [x for x in named if x.side != "mutual"]
            side = named[-1].side if named else None
            allowed = _objection_window(ctx, text, s.start)
            if VETOES.applies("no_short_objection_window", allowed is not None and allowed >= fair):
                continue
        conduct = re.match(PATTERNS["signed_or_paid"], text[silent.start() :], re.I)
        if conduct:
            if not re.search(PATTERNS["conduct_accepts"], re.split(r"[。；，,]", text[m.start() :])[0]):
                continue  # "收到款项即视为甲方已履行付款义务": a receipt, not an acceptance
            # "经甲方签收", "甲方支付货款的": the one who signs or pays, named just before the act; the
            # one who signs for delivered goods or pays for them is the buyer
            ms = [
                x
                for x in ctx.parties.mentions(text[max(0, silent.start() - 30) : silent.start()])
                if x.side != "mutual"
            ]
            side = ms[-1].side if ms else ("us" if ctx.parties.buy_side else None)
        if side is None and re.match(PATTERNS["noun_silence"], silent.group(0), re.I):
            # "failing a written dispute by the Subcontractor": the one named after the silence
            by = re.match(PATTERNS["silence_by"], text[silent.end() :], re.I)
            ms = (
                ctx.parties.mentions(text[silent.end() + by.end() : silent.end() + by.end() + 60])
                if by
                else []
            )
            side = ms[0].side if ms and ms[0].start == 0 else None
        if side is None and re.match(PATTERNS["pronoun_silence"], silent.group(0), re.I):
            # "If it does not do so": the subject of the sentence before, which gave the right to object
            before = [x for x in ctx.sentences if x.start < s.start]
            ms = [x for x in ctx.parties.mentions(before[-1].text) if x.side != "mutual"] if before else []
            side = ms[0].side if ms else None
        if side is None:
            # "deemed approved by the Customer", "视为经甲方确认": the party the deeming names is bound
            ms = [x for x in ctx.parties.mentions(m.group(0)) if x.side != "mutual"]
            side = ms[0].side if ms else None
        if side is None:
            # "甲方应在…内完成检验，逾期未提出异议的，视为…": the silent party is the sentence's subject
            ms = [x for x in ctx.parties.mentions(text[: silent.start()]) if x.side != "mutual"]
            side = ms[0].side if ms else None
        if (
            side is None
            and ctx.parties.buy_side
            and re.search(PATTERNS["consignee"], text[: silent.end()], re.I)
        ):
            side = "us"  # the consignee takes delivery for the shipper or buyer: its silence binds us
        # the window may follow the silence: "Where no notice is given within that period, … deemed"
        if side is None and re.search(
            PATTERNS["window_named_elsewhere"], text[: max(silent.end(), m.start())], re.I
        ):
            # "甲方应在到货后五日内组织验收。逾期未提出书面异议的，视为…": the silent party is the one the
            # window was set for, the subject of the sentence before
            earlier = re.split(r"[。；;.]\s*", ctx.text[: s.start].rstrip())[-2:]
            ms = [x for x in ctx.parties.mentions("".join(earlier)) if x.side != "mutual"]
            side = ms[0].side if ms else None
        if (
            side is None
            and ctx.parties.buy_side
            and re.match(PATTERNS["put_to_use"], text[silent.start() :], re.I)
        ):
            side = "us"  # "设备投入使用的，视为验收合格": who puts delivered goods to use is the buyer
        if (
            side is None
            and (ctx.parties.is_role("investor") or ctx.metadata.get("our_shareholding"))
            and re.search(PATTERNS["body_member"], text[: silent.end()])
        ):
            side = (
                "us"  # a written resolution passed by the silence of every director or shareholder, ours too
            )
        if not ctx.parties.ours(side):
            continue
        # an objection due "on the spot" leaves no time at all to inspect
        hurried = (
            [p for p in find_periods(text) if p.days <= 3]
            or re.search(PATTERNS["on_the_spot"], text, re.I)
            # signing for the goods accepts them at the door, before any inspection
            or (conduct and not re.match(PATTERNS["paid"], silent.group(0)) and not find_periods(text))
        )
        if re.search(PATTERNS["settles_all_claims"], text, re.I):
            # the silence settles every claim we have, not only the item valued: high whatever the window
            return [
                WORDING.finding(
                    ctx, "silence_settles_claims", "deemed_acceptance_or_waiver", "high", span(s, m)
                )
            ]
        return [
            WORDING.finding(
                ctx,
                "silence_binds_us",
                "deemed_acceptance_or_waiver",
                "high" if hurried else "medium",
                span(s, m),
            )
        ]
    return []


def _fair_window(ctx: ClauseContext, sentence: str) -> float:
    """Days to object that the market counts as fair before silence binds: 15 to inspect goods or
    dispute an invoice; in a construction contract 21 to review a design or other submission (FIDIC's
    Review Period) and 28 to check the final account, where the whole price is settled (FIDIC's Final
    Statement, the Chinese model contract's 竣工结算 review)."""
    if ctx.domain != "fidic":
        return 15.0
    return 28.0 if re.search(PATTERNS["final_account"], sentence, re.I) else 21.0


def _objection_window(ctx: ClauseContext, sentence: str, start: int) -> float | None:
    """Days allowed to object before a passive deeming, or None when the clause does not say.

    The period is in the sentence ("not rejected within five days") or, when the sentence points
    back to it ("within that period", "within such time"), in the clause before the sentence. A
    window set in another clause, or redacted, is unknown: the deeming is still read.
    """
    periods = [p for p in find_periods(sentence) if p.unit in {"day", "business day", "hour", "week"}]
    if not periods and re.search(PATTERNS["window_named_elsewhere"], sentence, re.I):
        periods = [
            p for p in find_periods(ctx.text[:start]) if p.unit in {"day", "business day", "hour", "week"}
        ]
        periods = periods[-1:]
    return float(periods[0].days) if periods else None


def _accepted_by_conduct(ctx: ClauseContext, s: Sentence, m: re.Match[str]) -> list[Finding]:
    """We are deemed to accept by an act done in the course of business, not by a statement that the goods
    conform: signing the delivery note, using the goods in production or resale, paying the invoice.

    The one who acts is named at the act ("the Buyer's signature", "payment by the Customer"); else a
    delivery note is signed, and goods are used, by the side that receives them, and an invoice paid by the
    side that pays. Signing a delivery note leaves no time to inspect at all (high); use and payment come
    later but still before any defect need show (medium).
    """
    text = s.text
    if not re.search(PATTERNS["conduct_deems_accepted"], m.group(0), re.I):
        return []
    acts = [
        a
        for a in re.finditer(PATTERNS["conduct"], text, re.I)
        if a.start() < m.end() + 150 and a.end() > m.start() - 200
    ]
    if not acts:
        return []
    act = acts[0]
    signed = re.match(PATTERNS["conduct_sign"], act.group(0), re.I)
    paid = (
        not signed
        and not re.match(PATTERNS["conduct_use"], act.group(0), re.I)
        and re.match(PATTERNS["conduct_pay"], act.group(0), re.I)
    )
    before = [
        x for x in ctx.parties.mentions(text[max(0, act.start() - 45) : act.start()]) if x.side != "mutual"
    ]
    at = [x for x in ctx.parties.mentions(text[act.start() : act.end() + 30]) if x.side != "mutual"]
    side: Side | None = None
    if at and re.match(
        r"(?:by|of)\s", text[act.start() + at[0].start - 4 : act.start() + at[0].start].strip() + " ", re.I
    ):
        side = at[0].side  # "payment by the Customer", "use of the Goods by Purchaser"
    elif before:
        side = before[-1].side  # "the Buyer's signature", "the Customer's use"
    elif at:
        side = at[0].side
    elif paid:
        side = ctx.paying_side()
    elif ctx.parties.buy_side:
        side = "us"  # the goods are received and used by the buyer
    if not ctx.parties.ours(side):
        return []
    level = "high" if signed or re.search(PATTERNS["latent_reach"], text, re.I) else "medium"
    return [WORDING.finding(ctx, "accepted_by_conduct", "deemed_acceptance_or_waiver", level, span(s, m))]


def _latent_defects_accepted(ctx: ClauseContext, s: Sentence, m: re.Match[str]) -> list[Finding]:
    """We, the buyer, are deemed to accept the goods even as to defects no inspection could show."""
    text = s.text
    if not ctx.parties.buy_side or re.search(
        r"\bnot\s+(?:be\s+)?$", text[max(0, m.start() - 12) : m.start()], re.I
    ):
        return []
    if not re.search(r"accept", m.group(0), re.I) and not re.search(r"\baccept", text[: m.start()], re.I):
        return []
    if not re.search(PATTERNS["latent_reach"], text, re.I) or re.search(
        PATTERNS["latent_carved_out"], text, re.I
    ):
        return []
    return [
        WORDING.finding(ctx, "latent_defects_accepted", "deemed_acceptance_or_waiver", "high", span(s, m))
    ]
