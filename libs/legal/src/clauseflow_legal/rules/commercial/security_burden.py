"""The security_burden rule (commercial): Excessive, on-demand or long-lived security or insurance provided by us."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding, finding, span
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import (
    Sentence,
    find_percents,
    find_periods,
    fmt_period,
)

# Our duty to insure ("The Consultant shall maintain professional indemnity insurance", "乙方应投保…险").
_OUR_INSURANCE = r"\b(?:maintain|take\s+out|effect|procure|keep)\b[^.;]{0,60}?\binsurance\b|(?:投保|购买|办理)[^。；]{0,20}保险"
_AFTER_THE_END = (
    r"after\s+(?:the\s+|its\s+|such\s+)?(?:termination|expiry|expiration|completion|end)|following\s+(?:the\s+|its\s+|such\s+)?(?:termination|expiry|completion)"
    r"|after\s+(?:this|the)\s+(?:Agreement|Contract)\s+(?:ends|terminates|expires|is\s+terminated|comes\s+to\s+an\s+end)"
    # "for the term and 15 years afterwards"
    r"|\b(?:afterwards|thereafter)\b"
    r"|(?:终止|届满|解除|完工|竣工)后"
)
# Six years after the work is the longest ordinary limitation period for a claim on a simple
# contract; construction contracts are often deeds, with twelve.
_RUN_OFF_YEARS = 6
_CONSTRUCTION_RUN_OFF_YEARS = 12


def _insurance_run_off(ctx: ClauseContext) -> list[Finding]:
    """Our insurance kept in force for longer after the contract than any claim could run."""
    for s, m in ctx.find(_OUR_INSURANCE):
        if not ctx.parties.ours(ctx.actor(s, m.start())):
            continue
        after = re.search(_AFTER_THE_END, s.text, re.I)
        if after is None:
            continue
        # "for twelve (12) years after termination"; "竣工后十年内"
        periods = [
            p
            for p in find_periods(s.text)
            if p.unit in {"year", "month"}
            and (0 <= after.start() - p.end <= 10 or 0 <= p.start - after.end() <= 6)
        ]
        years = _CONSTRUCTION_RUN_OFF_YEARS if ctx.domain == "fidic" else _RUN_OFF_YEARS
        if not periods or periods[0].days <= years * 366:
            continue
        run_off = periods[0]
        return [
            finding(
                ctx,
                "security_insurance_burden",
                "medium",
                span(s, m),
                (
                    f"{ctx.us} must keep its insurance in force for {fmt_period(run_off)} after the contract ends.",
                    f"{ctx.us}须在合同结束后继续维持保险{fmt_period(run_off)}。",
                ),
                (
                    f"The premiums run long after the fees stop and beyond the period in which a claim is likely; {ctx.us} bears the cost and the risk of cover becoming unavailable.",
                    f"保费在收费结束后仍需长期支付，且超出通常的索赔期限；{ctx.us}承担成本以及保险无法续保的风险。",
                ),
                (
                    "Playbook: run-off cover for up to six years after completion, on commercially reasonable terms and while available in the market.",
                    "行业立场：完工后最多维持六年，以商业上合理的条件且在市场可投保的情况下为限。",
                ),
            )
        ]
    return []


# The counterparty first in line for the proceeds: "并以保管人为第一受益人", "naming the Warehouse
# Keeper as (first) loss payee".
_PAYEE_ZH = r"以(?:{them})为(?:第一|唯一)?(?:受益人|被保险人)"
_PAYEE_EN = r"(?:naming|name|with)\s+(?:the\s+)?(?:{them})\s+(?:is\s+|be\s+)?(?:named\s+)?as\s+(?:the\s+)?(?:first|sole)?\s*(?:loss\s+payee|beneficiary)"
# Whose goods these are: a financier or owner named payee (lender, lessor, employer) has a real
# interest in the insured thing; a warehouse or carrier holding our goods has none.
_OWNS_WHAT_IS_INSURED = {"customer", "buyer"}


def _insurance_over_our_goods(ctx: ClauseContext) -> list[Finding]:
    """Our own goods insured for more than they are worth, or for the counterparty's benefit."""
    for s, m in ctx.find(_OUR_INSURANCE):
        if not ctx.parties.ours(ctx.actor(s, m.start())):
            continue
        text = s.text
        # "保险金额不低于货物价值的百分之一百五十": indemnity cover never pays more than the loss
        over = next(
            (
                p
                for p in find_percents(text)
                if p.value > 100
                and re.search(
                    r"价值|value|worth|replacement\s+cost|重置",
                    text[max(0, p.start - 20) : p.start + 20],
                    re.I,
                )
            ),
            None,
        )
        payee = set(ctx.parties.our_roles) & _OWNS_WHAT_IS_INSURED and re.search(
            _PAYEE_ZH.format(them=ctx.them_rx) + "|" + _PAYEE_EN.format(them=ctx.them_rx), text, re.I
        )
        if not (over or payee):
            continue
        what_en, what_zh = [], []
        if over:
            what_en.append(f"for {over.value:g}% of their value")
            what_zh.append(f"保险金额为其价值的{over.value:g}%")
        if payee:
            what_en.append(f"with {ctx.them} first in line for the proceeds")
            what_zh.append(f"并以{ctx.them}为受益人")
        return [
            finding(
                ctx,
                "security_insurance_burden",
                "medium",
                span(s, m),
                (
                    f"{ctx.us} must insure its own goods " + " and ".join(what_en) + ".",
                    f"{ctx.us}须为自有货物投保，" + "，".join(what_zh) + "。",
                ),
                (
                    f"{ctx.us} pays premium for cover beyond any loss it can suffer"
                    if over
                    else f"The proceeds of {ctx.us}'s own insurance go first to {ctx.them}, whose own liability for the same loss is capped",
                    f"{ctx.us}为超出其可能损失的保额支付保费"
                    if over
                    else f"{ctx.us}自有保险的赔款先归{ctx.them}，而{ctx.them}对同一损失的责任却受限",
                ),
                (
                    "Market: the owner insures its goods at their value and is the beneficiary; the custodian insures its own liability and waives subrogation only for losses it did not cause.",
                    "市场惯例：货主按货物价值投保并为受益人；保管方自行投保其责任险，仅对非其造成的损失放弃代位求偿。",
                ),
            )
        ]
    return []


@rule(reports={"security_insurance_burden"})
def security_burden(ctx: ClauseContext) -> list[Finding]:
    """Excessive, on-demand or long-lived security or insurance provided by us."""
    insurance = _insurance_run_off(ctx) or _insurance_over_our_goods(ctx)
    if insurance:
        return insurance
    return (
        _deposit_we_lodge(ctx)
        or _rent_payable_after_damage(ctx)
        or _owners_guarantee(ctx)
        or _security_we_provide(ctx)
    )


def _deposit_we_lodge(ctx: ClauseContext) -> list[Finding]:
    """A deposit we lodge that is large (six months or more) or forfeitable."""
    # whoever pays the deposit in lodges it; later sentences about keeping it ("甲方有权没收该保证金，
    # 保证金不计利息") speak of its holder
    lodged = next(
        (
            ctx.actor(s, m.start())
            for s, m in ctx.find(
                r"(?:支付|缴纳|交纳|提交|提供|交付|\bpay|\blodge|\bprovide)\w*[^。；.;]{0,20}?(?:\bdeposit\b|押金|保证金)"
            )
        ),
        None,
    )
    for s, m in ctx.find(r"\bdeposit\b|押金|保证金"):
        if lodged is not None and not ctx.parties.ours(lodged):
            break
        months = [p for p in find_periods(s.text) if p.unit == "month" and p.value >= 6]
        forfeit = re.search(r"retain\s+(?:it\s+)?in\s+full|forfeit|不予退还|不退还|没收", ctx.text, re.I)
        if (months or forfeit) and ctx.parties.ours(
            ctx.actor(s, m.start()) or ctx.parties.side_before(s.text, m.start())
        ):
            return [
                Finding(
                    "security_insurance_burden",
                    "high" if forfeit else "medium",
                    span(s, m),
                    ctx.t(
                        f"{ctx.us} must lodge a deposit"
                        + (f" of {fmt_period(months[0])}' payments" if months else "")
                        + (", which the other side may keep in full." if forfeit else "."),
                        f"{ctx.us}须缴纳"
                        + (f"相当于{fmt_period(months[0])}款项的" if months else "")
                        + "保证金"
                        + ("，且对方可全额扣留。" if forfeit else "。"),
                    ),
                    ctx.t(
                        "Cash is tied up for the whole term and can be lost without any proven loss.",
                        "资金在整个期限内被占用，且可能在对方无实际损失时被扣留。",
                    ),
                    ctx.t(
                        "Market: three months' payments at most, held in a separate account and returned at the end less only proven sums due.",
                        "市场惯例：不超过三个月的款项，存放于独立账户，期满退还，仅可扣除经证实的欠款。",
                    ),
                )
            ]
    return []


def _rent_payable_after_damage(ctx: ClauseContext) -> list[Finding]:
    """We keep paying rent or fees in full while the premises are damaged and cannot be used."""
    for s, m in ctx.find(
        r"(?:Rent|rent|fees?|charges?)\s+shall\s+(?:continue\s+to\s+be|remain)\s+payable(?:\s+in\s+full)?|租金(?:仍应|应继续|照常)(?:全额)?支付"
    ):
        if ctx.parties.pays and re.search(r"damage|destroy|insured|fire|毁损|损坏|保险|灭失", s.text, re.I):
            return [
                Finding(
                    "security_insurance_burden",
                    "high",
                    span(s, m),
                    ctx.t(
                        f"{ctx.us} keeps paying in full even when the premises are damaged and cannot be used.",
                        f"即使场所毁损无法使用，{ctx.us}仍须全额付款。",
                    ),
                    ctx.t(
                        f"{ctx.us} pays the insurance premium yet carries the loss the insurance should cover.",
                        f"{ctx.us}承担了保险费，却仍须承担本应由保险覆盖的损失。",
                    ),
                    ctx.t(
                        "Market: rent suspended while the premises are unfit after insured damage (with loss-of-rent cover), and a right to terminate if not reinstated within a set period.",
                        "市场惯例：保险事故导致场所无法使用期间租金暂停支付（由租金损失险承保），未在约定期限内修复的可解除合同。",
                    ),
                )
            ]
    return []


def _owners_guarantee(ctx: ClauseContext) -> list[Finding]:
    """Security from outside the contracting company: its shareholders' or directors' own assets, unlimited or on demand."""
    for s, m in ctx.find(
        r"(?:personal|shareholders?['’]?|directors?['’]?|owners?['’]?)\s+guarantees?|(?:个人|股东|实际控制人)[^。；]{0,20}(?:无限)?(?:连带责任)?(?:保证|担保)"
    ):
        unlimited = re.search(
            r"unlimited|on\s+(?:first\s+)?demand|joint\s+and\s+several|无限|连带", s.text, re.I
        )
        if unlimited and ctx.parties.ours(
            ctx.actor(s, m.start()) or ctx.parties.side_before(s.text, m.start())
        ):
            return [
                finding(
                    ctx,
                    "security_insurance_burden",
                    "high",
                    span(s, m),
                    (
                        f"{ctx.us} must procure unlimited guarantees from its shareholders or directors personally.",
                        f"{ctx.us}须促使其股东或董事个人提供无限责任担保。",
                    ),
                    (
                        f"Limited liability is set aside: the owners behind {ctx.us} answer with their own assets for the whole debt.",
                        f"有限责任被架空：{ctx.us}背后的股东须以个人财产对全部债务负责。",
                    ),
                    (
                        "Market: security over the company's own assets; any guarantee from owners capped in amount, limited in time and called only after demand on the company.",
                        "市场惯例：以公司自身资产提供担保；股东担保如有须限定金额和期限，且仅在向公司追索后方可主张。",
                    ),
                )
            ]
    return []


def _security_we_provide(ctx: ClauseContext) -> list[Finding]:
    """A performance security or retention we provide above the usual share, or held too long."""
    judged: Sentence | None = None
    for s, m in ctx.find(
        r"performance\s+(?:security|bond|guarantee)|bank\s+guarantee|on[- ]demand\s+(?:bank\s+)?guarantee|retention|\bretain\b|履约(?:保函|担保|保证金)|质量保证金|保函"
        r"|(?:standby\s+)?letter\s+of\s+credit|surety\s+bond"
    ):
        if s is judged:
            # "a Performance Security …, in the form of an unconditional bank guarantee": one
            # security, whose provider is the subject the first mention already gave
            continue
        judged = s
        text = s.text
        side = ctx.actor(s, m.start())
        if re.search(
            r"retain|retention|质量保证金|质保金|扣留",
            m.group(0) + text[max(0, m.start() - 40) : m.start()],
            re.I,
        ):
            if ctx.parties.ours(side) and re.search(
                r"\bretain|扣留|扣除|预留|暂扣", m.group(0) + text[max(0, m.start() - 20) : m.start()], re.I
            ):
                continue  # we hold the retention: security for us, not a burden
            if ctx.parties.theirs(side):
                side = "us"  # the counterparty retains part of OUR payments: the burden is ours
        if not (ctx.parties.ours(side) or (side is None and ctx.parties.supplies)):
            continue
        # the percentage that belongs to the security, not e.g. the 95% paid before it
        pcts = sorted(find_percents(text), key=lambda p: abs(p.start - m.start()))
        on_demand = re.search(
            r"on[- ]demand|first\s+demand|unconditional|(?:upon|on)\s+(?:its\s+)?(?:written\s+)?demand|without\s+proof\s+of\s+default|见索即付|无条件",
            text,
            re.I,
        )
        retention = re.search(r"retain|retention|质量保证金", m.group(0), re.I)
        # A Chinese construction retention (质量保证金) may not exceed 3% of the settled price
        # (住建部《建设工程质量保证金管理办法》 art. 7); elsewhere 5% is the market level.
        statutory = (
            bool(retention) and re.search(r"质量保证金|质保金", text) is not None and ctx.domain == "fidic"
        )
        limit = 3 if statutory else 5 if retention else 10
        # held until long after the work's own defects period: "twelve months after the end of the
        # defects period of the Main Contract", "待总包合同约定的缺陷责任期满且发包人…退还后"
        overheld = retention and re.search(
            r"(?:months?|years?)\s+after\s+(?:the\s+)?(?:end|expiry|expiration)\s+of\s+the\s+(?:defects|maintenance|warranty)"
            r"|(?:总包|总承包|主)合同[^。；]{0,12}(?:缺陷责任期|质保期|保修期)|(?:发包人|业主)[^。；]{0,16}退还",
            text,
            re.I,
        )
        excess = (
            (
                f", above the {limit}% cap of Chinese law on construction retention",
                f"，超过《建设工程质量保证金管理办法》规定的{limit}%上限",
            )
            if statutory
            else (f", above the usual {limit}%", f"，高于通常的{limit}%")
        )
        if pcts and (pcts[0].value > limit or overheld):
            return [
                Finding(
                    "security_insurance_burden",
                    "high" if on_demand or pcts[0].value >= 15 else "medium",
                    span(s, pcts[0].start),
                    ctx.t(
                        f"{ctx.us} must provide {'an on-demand ' if on_demand else ''}security of {pcts[0].value:g}%"
                        + (excess[0] if pcts[0].value > limit else "")
                        + (", held long after its own defects period." if overheld else "."),
                        f"{ctx.us}须提供{'见索即付的' if on_demand else ''}{pcts[0].value:g}%担保"
                        + (excess[1] if pcts[0].value > limit else "")
                        + ("，且在其缺陷责任期结束后仍长期被扣留。" if overheld else "。"),
                    ),
                    ctx.t(
                        "Excess security ties up credit lines and, if callable on demand, can be drawn without proof of default.",
                        "过高的担保占用授信额度，如为见索即付，对方无需证明违约即可兑付。",
                    ),
                    ctx.t(
                        f"Playbook: {limit}% in an agreed form, callable only for stated defaults after notice, released promptly.",
                        f"行业立场：按约定格式提供{limit}%，仅在通知后就列明违约索兑，并及时退还。",
                    ),
                )
            ]
    return []
