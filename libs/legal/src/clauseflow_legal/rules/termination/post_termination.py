"""The post_termination rule (termination): Short or paid data-export windows for us; onerous tail obligations on us; forfeiture."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re
from collections.abc import Callable

from clauseflow_legal.figures import find_periods, fmt_period
from clauseflow_legal.parties import Side
from clauseflow_legal.rules.base import (
    ClauseContext,
    Finding,
    Wording,
    finding,
    span,
)
from clauseflow_legal.rules.packs import Vetoes, patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import Sentence

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)
VETOES = Vetoes(
    "post_termination",
    {
        "provider_side": "the export window is the data owner's concern, not the provider's",
        "export_window_long_enough": "more than 30 days to export our data (or no window stated)",
        "copy_first_or_long_window": "a return or export comes first, or the window is long enough to take a copy",
        "refund_given": "the same sentence gives the money back on some ending (a pro rata refund on the other side's breach)",
        "tied_to_one_sides_termination": "a forfeiture on one side's termination, of things other than stock or payments",
        "legal_retention_kept": "copies the law requires us to keep are excepted from destruction",
        "short_wind_down": "a wind-down of six months or less after the end, not on every ending",
        "exit_help_long_enough": "exit help for 60 days or more, owed without paying disputed sums first",
    },
)

_RISK = "post_termination_obligations"

# The contract ending, however it ends: the setting of every forfeiture and forced sale.
_ENDING = PATTERNS["ending"]


@rule(reports={"post_termination_obligations"})
def post_termination(ctx: ClauseContext) -> list[Finding]:
    """Short or paid data-export windows for us; onerous tail obligations on us; forfeiture."""
    if out := _short_export_window(ctx) or _exit_help_short_or_held_back(ctx) or _exit_help_we_give(ctx):
        return out
    if _is_ending(ctx):
        out = (
            _data_deleted_without_export(ctx)
            or _stock_stranded(ctx)
            or _goodwill_denied(ctx)
            or _commission_after_end(ctx)
            or _forced_sale(ctx)
            or _forced_purchase(ctx)
            or _performance_continued(ctx)
            or _forfeited_on_ending(ctx)
            or _reinstatement_on_us(ctx)
        )
        if out:
            return out
    return _backups_we_must_destroy(ctx)


def _short_export_window(ctx: ClauseContext) -> list[Finding]:
    """A short or paid window for us to export our data after the contract ends."""
    for s, m in ctx.find(PATTERNS["after_the_end"]):
        text = s.text
        if not re.search(PATTERNS["data_word"], text, re.I) or not re.search(
            PATTERNS["export_word"], text, re.I
        ):
            continue
        side = ctx.actor(s, m.start())
        if VETOES.applies(
            "provider_side", not ctx.parties.buy_side and (ctx.parties.ours(side) or ctx.parties.supplies)
        ):
            continue
        periods = [p for p in find_periods(text) if p.unit in {"day", "business day", "week", "month"}]
        if VETOES.applies("export_window_long_enough", not periods or periods[0].days > 30):
            continue
        fee = re.search(PATTERNS["fee_or_proprietary"], text, re.I)
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
                WORDING.t(ctx, "export_why"),
                WORDING.t(ctx, "export_market"),
            )
        ]
    return []


def _is_ending(ctx: ClauseContext) -> bool:
    """The clause is about the contract ending (termination, expiry)."""
    terminating = re.search(
        PATTERNS["ending_named"],
        ctx.title + " " + ctx.text,
        re.I,
    )
    return terminating is not None


def _data_deleted_without_export(ctx: ClauseContext) -> list[Finding]:
    """Our data deleted at once with no return or export window, or no transition at all."""
    for s, m in ctx.find(PATTERNS["data_deleted"]):
        text = s.text
        if not re.search(PATTERNS["data_records"], text, re.I):
            continue
        if VETOES.applies(
            "copy_first_or_long_window",
            m.group("soon")
            and (
                re.search(PATTERNS["export_or_copy"], ctx.text, re.I)
                or not any(p.days <= 30 for p in find_periods(m.group("soon")))
            ),
        ):
            continue
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
                    if re.search(PATTERNS["at_once"], m.group(0), re.I)
                    else f"On termination {ctx.them} need not return {ctx.us}'s data or let it be exported before deleting it.",
                    f"合同终止时{ctx.them}可立即删除{ctx.us}的数据，且无返还、导出或过渡安排。"
                    if re.search(PATTERNS["at_once"], m.group(0), re.I)
                    else f"合同终止时{ctx.them}无须在删除前向{ctx.us}返还数据或供其导出。",
                ),
                WORDING.t(ctx, "deletion_why"),
                WORDING.t(ctx, "deletion_market"),
            )
        ]
    return []


def _forfeited_on_ending(ctx: ClauseContext) -> list[Finding]:
    """Our stock, payments or deposits forfeited on termination."""
    for s, m in ctx.find(PATTERNS["forfeiture"]):
        text = s.text
        if not re.search(_ENDING, ctx.text, re.I):
            continue
        before = [x for x in ctx.parties.mentions(text[: m.start()]) if x.side in {"us", "them"}]
        # "合同因任何原因终止的，押金不予退还": the payer was named in the sentence before
        payer = before[0].side if before else ctx.parties.side_before(ctx.text, s.start)
        # "甲方收取的押金不予退还", "any deposit held by the Landlord": the holder is not the payer
        holder = re.search(
            PATTERNS["holder"],
            text[: m.end()],
            re.I,
        )
        held_by = (
            ctx.parties.mentions(
                holder.group("who")
                or holder.group("en")
                or holder.group("taker")
                or holder.group("taker_zh")
                or holder.group("drawer")
                or holder.group("drawer_en")
            )
            if holder
            else []
        )
        if held_by and held_by[0].side in {"us", "them"}:
            payer = "them" if held_by[0].side == "us" else "us"
        if (
            payer is None
            and ctx.paying_side() == "us"
            and re.search(_ENDING, text, re.I)
            and re.search(PATTERNS["charges"], text[: m.start()], re.I)
        ):
            # "Fees are payable annually in advance and are non-refundable in all circumstances,
            # including termination by the Provider": charges that name no payer are the paying side's
            payer = "us"
        if not ctx.parties.ours(payer):
            continue
        if VETOES.applies(
            "tied_to_one_sides_termination",
            re.search(PATTERNS["terminated_by"], text, re.I)
            and not re.search(PATTERNS["stock_or_payments"], text, re.I),
        ):
            continue
        if not re.search(
            PATTERNS["forfeitable_things"],
            text,
            re.I,
        ):
            continue
        if VETOES.applies("refund_given", re.search(PATTERNS["refund_given"], text, re.I)):
            continue
        return [
            WORDING.finding(ctx, "forfeited_on_ending", "post_termination_obligations", "high", span(s, m))
        ]
    return []


def _backups_we_must_destroy(ctx: ClauseContext) -> list[Finding]:
    """We must destroy every copy, back-ups included, with no exception for copies the law keeps, and swear to it."""
    for s, m in ctx.find(PATTERNS["backups"]):
        text = s.text
        if not re.search(PATTERNS["return_or_destroy"], text, re.I):
            continue
        if VETOES.applies(
            "legal_retention_kept", re.search(PATTERNS["legal_retention_exception"], text, re.I)
        ):
            continue
        side = ctx.actor(s, m.start())
        onerous = re.search(
            PATTERNS["formal_declaration"],
            text,
            re.I,
        )
        if ctx.parties.ours(side) and onerous:
            return [
                WORDING.finding(
                    ctx, "backups_we_must_destroy", "post_termination_obligations", "low", span(s, m)
                )
            ]
    return []


# The supplier refuses to buy the stock back ("甲方无回购剩余库存的义务", "no obligation to repurchase
# any Products") and the distributor may not sell it off either: stock paid for becomes worthless.
_NO_BUY_BACK = PATTERNS["no_buy_back"]
_NO_SELL_OFF = PATTERNS["no_sell_off"]


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
_GOODWILL_DENIED = PATTERNS["goodwill_denied"]
_EVERY_ENDING = PATTERNS["every_ending"]


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


def _commission_after_end(ctx: ClauseContext) -> list[Finding]:
    """No commission for us on the orders that come in after the ending, whatever our part in them."""
    for s, m in ctx.find(PATTERNS["commission_after_end"]):
        if re.search(PATTERNS["commission_runs_on"], s.text, re.I):
            continue  # commission runs on for a period after the end
        side = ctx.actor(s, m.start())
        if ctx.parties.ours(side) or (side is None and ctx.parties.is_role("agent")):
            return [
                WORDING.finding(
                    ctx, "commission_after_end", "post_termination_obligations", "medium", span(s, m)
                )
            ]
    return []


# Our business handed over on termination for less than it is worth: equipment and stock at
# written-down book value, the premises' lease without a premium, "按账面净值转让给甲方".
_UNDERVALUE_TRANSFER = PATTERNS["undervalue_transfer"]


def _seller(ctx: ClauseContext, s: Sentence, m: re.Match[str]) -> Side | None:
    """Who must sell: the party "required" to ("may by notice require the Franchisee to sell"), else the actor."""
    required = re.search(PATTERNS["required_to"], s.text[max(0, m.start() - 80) : m.start()], re.I)
    named = ctx.parties.mentions(required.group("who")) if required else []
    return named[0].side if named else ctx.actor(s, m.start())


def _forced_sale(ctx: ClauseContext) -> list[Finding]:
    """On termination we must hand our assets or premises to the counterparty below their value."""
    return _first_forfeiture(
        ctx,
        _UNDERVALUE_TRANSFER,
        lambda s, m: ctx.parties.ours(_seller(ctx, s, m)) and bool(re.search(_ENDING, s.text, re.I)),
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


def _buying_verb(m: re.Match[str]) -> int:
    """Where the buying verb of a forced purchase stands: whoever buys is its subject ("根据甲方预测备料的在制品，
    乙方应予全部回购" is bought by 乙方, though 甲方 forecast it)."""
    verbs = list(re.finditer(r"购买|收购|回购|买下", m.group(0)))
    return m.start() + verbs[-1].start() if verbs else m.start()


def _forced_purchase(ctx: ClauseContext) -> list[Finding]:
    """On the ending we must buy the other side's materials bought on our forecasts, or at a mark-up."""
    return _first_forfeiture(
        ctx,
        PATTERNS["forced_purchase"],
        lambda s, m: (
            ctx.parties.ours(ctx.actor(s, _buying_verb(m))) and bool(re.search(_ENDING, s.text, re.I))
        ),
        (
            f"On expiry or termination {ctx.us} must buy {ctx.them}'s materials and stock bought on forecasts, ordered or not, or at a mark-up.",
            f"合同期满或终止时{ctx.us}须按预测（无论是否已下订单）或加价购买{ctx.them}的原材料和库存。",
        ),
        (
            f"Forecasts are estimates, not orders: {ctx.us} pays for {ctx.them}'s purchasing decisions, with a profit on top, even when the contract ends by {ctx.them}'s choice.",
            f"预测仅为估计而非订单：{ctx.us}须为{ctx.them}的采购决定买单并另付利润，即便合同系因{ctx.them}的选择而终止。",
        ),
        (
            "Playbook: buy back only materials for accepted purchase orders within the agreed lead time, at cost, and not when the contract ends for the supplier's breach.",
            "行业立场：仅回购已接受订单在约定采购周期内所需的材料，按成本价，且供方违约终止时不回购。",
        ),
    )


# A wind-down after the end of up to six months is the market's transition assistance.
_WIND_DOWN_DAYS = 6 * 31


def _reinstatement_on_us(ctx: ClauseContext) -> list[Finding]:
    """At the end we must strip out our works and restore the premises at our cost, as widely as the
    other side may ask (every alteration, even approved ones, at its option)."""
    for s, m in ctx.find(PATTERNS["reinstatement"]):
        text = s.text
        if not re.search(_ENDING, text, re.I):
            continue
        modals = list(
            re.finditer(
                r"\b(?:shall|must|will|agrees?\s+to|undertakes?\s+to)\b|应当?|须", text[: m.start()], re.I
            )
        )
        if not ctx.parties.ours(ctx.actor(s, modals[-1].start() if modals else m.start())):
            continue
        wide = [w.group(0) for w in re.finditer(PATTERNS["reinstatement_at_large"], text, re.I)]
        if wide:
            extent = "; ".join(dict.fromkeys(wide))
            quote = span(s, m)
            return [WORDING.finding(ctx, "reinstatement_on_us", _RISK, "medium", quote, matched=extent)]
    return []


def _performance_continued(ctx: ClauseContext) -> list[Finding]:
    """After the end we must go on performing at the other side's request: long, open-ended or on every ending."""
    for s, m in ctx.find(PATTERNS["performance_continued"]):
        text = s.text
        if not re.search(PATTERNS["after_the_ending"], text, re.I):
            continue
        # the actor at its modal: "the Contractor shall, if so requested by the Company, continue"
        modals = list(
            re.finditer(r"\b(?:shall|must|will|agrees?\s+to|undertakes?\s+to)\b", text[: m.start()], re.I)
        )
        if not ctx.parties.ours(ctx.actor(s, modals[-1].start() if modals else m.start())):
            continue
        # asked by them: "if so requested by the Company", "at the Purchaser's election", "经甲方要求"
        if not any(
            ctx.parties.theirs(x.side)
            for r in re.finditer(PATTERNS["at_their_request"], text, re.I)
            for x in ctx.parties.mentions(text[max(0, r.start() - 25) : r.end() + 25])
        ):
            continue
        periods = [p for p in find_periods(text) if p.unit in {"day", "week", "month", "year"}]
        longest = max(periods, key=lambda p: p.days) if periods else None
        if VETOES.applies(
            "short_wind_down",
            longest is not None
            and longest.days <= _WIND_DOWN_DAYS
            and not re.search(PATTERNS["any_ending"], text, re.I),
        ):
            continue
        period = (
            fmt_period(longest)
            if longest
            else ("不限" if ctx.language.startswith("zh") else "an open-ended time")
        )
        return [
            WORDING.finding(
                ctx,
                "performance_continued",
                "post_termination_obligations",
                "medium",
                span(s, m),
                period=period,
            )
        ]
    return []


# Exit help of less than 60 days is too short to move a running service elsewhere (cuad-train gives 3 to 24
# months); 30-60 days is the playbook's floor for a data export alone.
_EXIT_HELP_DAYS = 60


def _exit_help_short_or_held_back(ctx: ClauseContext) -> list[Finding]:
    """The help we get to move the service elsewhere when the contract ends is short, or withheld
    until we have paid every invoice, disputed ones too.

    Our side buys the service (exit help is the customer's concern). "Transition assistance for
    no more than thirty days", "exit services only once the Client has paid all sums invoiced,
    whether or not disputed", "过渡协助期不超过十五日": the supplier can hold the exit hostage.
    """
    if not ctx.parties.buy_side:
        return []
    for s, m in ctx.find(PATTERNS["exit_help"]):
        text = s.text
        periods = [p for p in find_periods(text) if p.unit in {"day", "business day", "week", "month"}]
        short = next((p for p in periods if p.days < _EXIT_HELP_DAYS), None)
        held_back = re.search(PATTERNS["disputed_paid_first"], text, re.I)
        if VETOES.applies("exit_help_long_enough", short is None and held_back is None):
            continue
        return [
            WORDING.finding(
                ctx,
                "exit_help_short",
                "post_termination_obligations",
                "high" if held_back or (short is not None and short.days <= 30) else "medium",
                span(s, m),
                period=fmt_period(short) if short else ctx.t("the time stated", "约定期限"),
            )
        ]
    return []


_EXIT_HELP_FREE = PATTERNS.compiled("exit_help_free")


def _exit_help_we_give(ctx: ClauseContext) -> list[Finding]:
    """We (the provider) owe the exit help free of charge, or for more than six months after the end.

    The customer's concern is exit help that is short (above); the provider's is exit help it is not
    paid for or that runs long after the contract ended: "the Supplier shall provide Termination
    Assistance at no additional cost", "乙方应无偿提供退出协助", "transition services for up to
    eighteen months after termination". The help is ours when the sentence's actor is our party, or
    when nobody acts ("shall be provided free of charge") and our party is the one that supplies.
    """
    if ctx.parties.buy_side:
        return []
    free: tuple[Sentence, re.Match[str]] | None = None
    long_tail: tuple[Sentence, re.Match[str], str] | None = None
    for s, m in ctx.find(PATTERNS["exit_help"]):
        text = s.text
        side = ctx.actor(s, m.start())
        if not (ctx.parties.ours(side) or (side not in ("us", "them") and ctx.parties.supplies)):
            continue
        if free is None and _EXIT_HELP_FREE.search(text):
            free = (s, m)
        after = re.search(PATTERNS["after_the_ending"], text, re.I)
        if long_tail is None and after:
            tail = [
                p for p in find_periods(text[max(0, after.start() - 120) :]) if p.unit in {"month", "year"}
            ]
            longest = max(tail, key=lambda p: p.days) if tail else None
            if longest is not None and longest.days > _WIND_DOWN_DAYS:
                long_tail = (s, m, fmt_period(longest))
    if free is not None:
        s, m = free
    elif long_tail is not None:
        s, m = long_tail[0], long_tail[1]
    else:
        return []
    how = [ctx.t("free of charge", "无偿")] if free else []
    if long_tail:
        how.append(ctx.t(f"for up to {long_tail[2]} after the end", f"在合同结束后最长{long_tail[2]}内"))
    return [
        WORDING.finding(
            ctx,
            "exit_help_we_give",
            "post_termination_obligations",
            "medium",
            span(s, m),
            how=ctx.t(" and ".join(how), "、".join(how)),
        )
    ]
