"""Complete rewritten sentences for risks whose fix depends on the clause or on our side (IP when we
supply, a clause with no cap, an excessive delay rate, an output guarantee, ...).
"""

# ruff: noqa: E501  -- bilingual redline sentences read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.figures import find_percents
from clauseflow_legal.redline_parties import fill_template

_CAP_WORDS = r"not\s+exceed|limited\s+to|capped|cap\b|maximum|不超过|为限|上限|限额"
# Words that say there is no cap ("不设上限", "without any cap"): a cap word that denies the cap.
_NO_CAP = r"不设(?:任何)?(?:上限|限额)|无(?:上限|限额)|没有(?:上限|限额)|without\s+(?:any\s+)?(?:cap|limit)|no\s+(?:cap|maximum)"


def situational_rewrite(
    risk_type: str, original: str, zh: bool, us: str, them: str, we_supply: bool
) -> str | None:
    """A complete rewritten sentence for risks whose fix depends on the clause or on our side.

    The playbook's template is written for the usual perspective (a customer's IP, a cap with
    carve-outs); these cover the other situations so the proposal fixes the risk actually found.
    """
    if risk_type == "ip_ownership_transfer" and we_supply:
        return fill_template(
            "各方保留其在本合同签订前拥有或独立于本合同开发的全部知识产权，包括{us}原有的工具、方法和专有技术；"
            "专为{them}开发的交付物的知识产权在{them}付清相应价款后归{them}所有，{us}授予{them}非排他、永久、免许可费的许可，"
            "以在使用该等交付物所需的范围内使用其中包含的{us}原有资料。"
            if zh
            else "Each Party retains all intellectual property rights it owned before this Agreement or develops independently of it, "
            "including {us}'s pre-existing tools, methodologies and know-how; intellectual property rights in the deliverables created "
            "specifically for {them} shall vest in {them} upon payment in full of the relevant fees, and {us} grants {them} a "
            "non-exclusive, perpetual, royalty-free licence to use any of {us}'s pre-existing materials incorporated in those "
            "deliverables to the extent necessary to use them.",
            us,
            them,
        )
    if risk_type == "termination_for_convenience" and not we_supply:
        # A supplier walking away leaves the buyer without the goods or services it has paid for and
        # planned around: the fix is no walk-away right, else long notice, the prepayments back and
        # the extra cost of a replacement, not the contractor's "work done and lost profit".
        return fill_template(
            "{them}无权为便利而解除本合同；如{them}确需提前解除，应提前不少于一百八十（180）日书面通知{us}，"
            "退还{us}已支付但尚未交付货物或提供服务部分的全部款项，并赔偿{us}另行采购替代货物或服务所增加的合理费用。"
            if zh
            else "{them} shall not terminate this Agreement for convenience; if {them} nonetheless ends it early, it shall give "
            "{us} not less than one hundred and eighty (180) days' written notice, refund all amounts paid for goods or services "
            "not yet delivered, and reimburse {us}'s reasonable additional cost of obtaining replacement goods or services.",
            us,
            them,
        )
    if risk_type == "uncapped_liability" and (
        not re.search(_CAP_WORDS, original, re.I) or re.search(_NO_CAP, original, re.I)
    ):
        return fill_template(
            "{us}在本合同项下或与本合同有关的累计赔偿责任不超过合同总价的百分之百（100%），且{us}不对任何间接损失、利润损失或可得利益损失承担责任；"
            "但因欺诈、故意不当行为或因过失造成人身伤亡而产生的责任不受上述限制。"
            if zh
            else "{us}'s total aggregate liability arising out of or in connection with this Agreement shall not exceed the fees paid "
            "or payable in the twelve (12) months preceding the event giving rise to the claim, and {us} shall not be liable for any "
            "indirect or consequential loss or loss of profit; this limitation shall not apply to liability for fraud, wilful "
            "misconduct, or death or personal injury caused by negligence.",
            us,
            them,
        )
    if risk_type == "liquidated_damages_excessive" and _excessive_rate(original):
        # the rate itself must come down, so the sentence is rewritten with its trigger kept;
        # otherwise the playbook's cap-and-exclusivity sentence is the fix
        return _ld_rewrite(original, zh, us, them)
    if risk_type == "cost_escalation_change_in_law" and not re.search(r"Base\s+Date|基准日", original):
        return fill_template(
            "合同价格为固定价格，但本合同签订后因法律法规、税率或关税变化导致{us}履约成本增加或减少的，合同价格应相应调整；"
            "主要原材料价格或相关汇率变动超过百分之五（5%）的，双方应本着诚信原则协商调整合同价格。"
            if zh
            else "The price is fixed, save that it shall be adjusted to reflect any increase or decrease in {us}'s costs resulting "
            "from a change in law, taxes or duties after the date of this Agreement, and the Parties shall agree an adjustment "
            "in good faith if the cost of the principal materials or the relevant exchange rate moves by more than five per cent (5%).",
            us,
            them,
        )
    if risk_type == "unilateral_change_right" and re.search(
        r"scope|specification|service\s+levels?|delivery|requirements|features?|functionalit|规格|范围|技术要求|交货|内容|功能",
        original,
        re.I,
    ):
        return fill_template(
            "{them}可书面提出对范围、规格、服务水平或交付安排的变更请求；变更须经双方书面确认后方可生效，"
            "且合同价格和履行期限应作相应的公平调整。"
            if zh
            else "{them} may request changes to the scope, specifications, service levels or delivery schedule by written "
            "notice; no change shall take effect until the Parties have agreed it in writing together with an equitable "
            "adjustment to the fees and the timetable.",
            us,
            them,
        )
    if risk_type == "non_compete" and not re.search(r"Products|Territory|合同产品|约定地域", original):
        return fill_template(
            "在本合同期内，{us}不得向{them}在签约时书面指明的直接竞争对手提供与本合同项下服务直接竞争的服务；"
            "该限制于本合同终止或届满时终止，且不适用于{us}的关联方。"
            if zh
            else "During the term of this Agreement only, {us} shall not provide services that directly compete with the "
            "services supplied under this Agreement to the direct competitors of {them} named in writing at signature; this "
            "restriction ends on termination or expiry and does not apply to {us}'s Affiliates.",
            us,
            them,
        )
    if risk_type == "warranty_excessive" and re.search(_OUTPUT_GUARANTEE, original, re.I):
        # An output or yield guarantee on built works: keep a guarantee, but of what the contractor
        # controls (performance corrected for the weather and the grid), priced by performance damages.
        return fill_template(
            "{us}保证工程在竣工后试验期间达到保证表所列的性能指标，该指标按实测辐照度等{us}无法控制的现场条件修正，"
            "且不计电网限电或输电网络不可用的期间；未达标时，按保证表支付的性能赔偿金为{them}就此享有的唯一救济，"
            "并计入{us}的责任总额上限。"
            if zh
            else "{us} guarantees that the Works shall achieve the performance stated in the Schedule of Guarantees during the "
            "Tests after Completion, corrected for measured irradiation and other site conditions outside {us}'s control and "
            "not counting periods of grid curtailment or unavailability of the transmission network; performance damages "
            "under the Schedule of Guarantees shall be {them}'s only remedy for a shortfall and shall count towards "
            "{us}'s total liability.",
            us,
            them,
        )
    if risk_type == "warranty_excessive":
        return fill_template(
            "{us}保证设备或交付物自验收合格之日起十二（12）个月内符合合同约定的技术规格，且不存在材料和工艺方面的重大缺陷；"
            "{us}不对合同未明确约定的用途作出适用性保证。"
            if zh
            else "{us} warrants that for twelve (12) months from acceptance the deliverables shall conform to the agreed "
            "specifications and be free from material defects in materials and workmanship, and that it shall perform the "
            "services with reasonable skill and care; {us} gives no warranty of fitness for any purpose not expressly stated "
            "in this Agreement.",
            us,
            them,
        )
    return None


# A guarantee of what built works will produce ("not less than 287,000 MWh a year", "发电量不低于").
_OUTPUT_GUARANTEE = (
    r"(?:guarantee|warrant)\w*.{0,120}(?:MWh|kWh|GWh|yield|output|production|performance\s+ratio|availability)"
    r"|(?:发电量|产量|产能|性能指标|可利用率).{0,20}(?:不低于|不少于|达到)|保证.{0,20}(?:发电量|产量|产能)"
)


def _excessive_rate(original: str) -> bool:
    """A delay rate above 0.5% a day (or its weekly equivalent)."""
    pcts = find_percents(original)
    if not pcts:
        return False
    weekly = re.search(
        r"per\s+week|each\s+week|weekly|每(?:逾期|迟延|延迟)?(?:一)?(?:周|星期)", original, re.I
    )
    return pcts[0].value / (7 if weekly else 1) > 0.5


def _ld_rewrite(original: str, zh: bool, us: str, them: str) -> str | None:
    """The LD sentence with a moderate rate, an overall cap and exclusivity, its trigger kept."""
    pcts = find_percents(original)
    text = original.rstrip("。.;； ")
    if pcts:
        p = pcts[0]
        text = text[: p.start] + ("千分之一" if zh else "0.1%") + text[p.end :]
    # drop the words that take the cap away or keep other remedies open
    text = re.sub(
        r"[，,]?\s*(?:且)?(?:违约金)?(?:总额|累计(?:金额)?)?(?:均)?(?:不设(?:任何)?(?:上限|封顶)|不受.{0,8}限制)"
        r"|,?\s*(?:and\s+)?(?:shall\s+)?not\s+(?:be\s+)?subject\s+to\s+any\s+(?:\w+\s+){0,2}(?:maximum|cap|limit)(?:\s+amount)?"
        r"|,?\s*without\s+(?:any\s+)?(?:cap|limit|maximum)"
        r"|,?\s*(?:which\s+shall\s+be\s+)?in\s+addition\s+to\s+any\s+other\s+rights?\s+(?:or|and)\s+remed\w+(?:\s+of\s+the\s+\w+)?"
        r"|[，,]?\s*(?:并|且)?(?:还应|另行)?赔偿.{0,6}(?:全部|其他)损失",
        "",
        text,
        flags=re.I,
    ).rstrip("，, ")
    if text == original.rstrip("。.;； ") and not pcts:
        return None
    if re.search(r"\binterest\b", original, re.I) and re.search(r"late|overdue|unpaid", original, re.I):
        # Interest on a late payment compensates for the money's use: a yearly rate, not a penalty cap.
        return fill_template(
            "{us} shall pay interest on any amount not paid when due at four per cent (4%) a year above the "
            "base rate of the central bank of the currency concerned, from the due date until payment, as the sole "
            "remedy for the late payment.",
            us,
            them,
        )
    if zh:
        return f"{text}，违约金累计总额不超过合同总价的百分之十（10%），且该违约金为{them}就该违约行为可获得的唯一救济。"
    return (
        f"{text}, provided that the aggregate liquidated damages shall not exceed ten per cent (10%) of the total price payable under this Agreement "
        f"and shall be the sole and exclusive remedy of {them} for the delay or failure to which they relate."
    )
