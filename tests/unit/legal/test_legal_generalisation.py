"""The reviewer reasons about who bears a risk, not about particular sentences.

For every risk type of the taxonomy there are several phrasings that must be flagged (different
wording, structure, numbers, English and Chinese, active and passive, our party named by role,
by defined name or as 甲方/乙方) and several that must not be (mutual or balanced, favourable to
us, the same burden on the counterparty, market standard). None of these clauses appears in the
bundled examples or the golden set.
"""

# ruff: noqa: E501  -- clause fixtures read better unbroken

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest
import structlog.testing
from clauseflow_contracts.risk_types import RISK_TYPES
from clauseflow_legal.analysis import analyse_clause


@dataclass(frozen=True)
class Case:
    """A clause reviewed for ``our`` and whether ``risk`` must be found in it."""

    risk: str
    our: str
    text: str
    language: str = "en"
    domain: str = "generic"
    tools: list[Any] = field(default_factory=list)
    metadata: dict[str, Any] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return f"{self.risk}:{self.our[:12]}:{self.text[:40]}"


def _zh(risk: str, our: str, text: str, **kw: Any) -> Case:
    return Case(risk, our, text, language="zh-CN", **kw)


def _types(case: Case) -> list[str]:
    return [
        r["risk_type"]
        for r in analyse_clause(
            case.text,
            our_party=case.our,
            language=case.language,
            domain=case.domain,
            tool_results=case.tools,
            metadata=case.metadata,
        )
    ]


FLAG: list[Case] = [
    # ------------------------------------------------------- a buyer's advance and a seller's price
    _zh(
        "payment_terms_unfavourable",
        "甲方（采购方）",
        "甲方应于本合同签订后五日内向乙方支付合同总价的80%作为预付款，余款于验收合格后支付。",
    ),
    Case(
        "payment_terms_unfavourable",
        "Customer",
        "The Customer shall pay seventy per cent (70%) of the Contract Price within five (5) days of signature of this Agreement, and the balance on delivery.",
    ),
    _zh(
        "unilateral_change_right",
        "甲方（采购方）",
        "乙方可根据原材料价格波动单方调整供货价格，甲方应予接受。",
    ),
    Case(
        "liquidated_damages_excessive",
        "Customer",
        "The Customer shall pay interest on late payments at two per cent (2%) per day.",
    ),
    _zh(
        "ground_conditions_risk",
        "承包人",
        "承包人已充分了解现场地质及水文条件，施工中遇到任何不利物质条件的风险均由承包人承担，发包人不予补偿。",
        domain="fidic",
    ),
    Case(
        "liquidated_damages_excessive",
        "Licensee",
        "Upon any termination of this Agreement, the Licensee shall pay the following payment penalties, without limit: all unpaid Royalties and the full Guarantee.",
    ),
    # ------------------------------------------------------------------ A. liability
    Case(
        "uncapped_liability",
        "Supplier",
        "The Supplier shall be responsible for any and all loss or damage suffered by the Customer in connection with this Agreement, without limit.",
    ),
    Case(
        "uncapped_liability",
        "Contractor",
        "Notwithstanding any other provision of this Contract, no cap or limitation on liability shall apply to the Contractor's liability under this Clause.",
    ),
    Case(
        "uncapped_liability",
        "Seller",
        "All losses incurred by the Buyer as a result of any defect in the Goods shall be borne by the Seller in full, and the limitations in Clause 14 shall not apply to the Seller.",
    ),
    Case(
        "uncapped_liability",
        'Kestrel Software Ltd ("Kestrel")',
        "Kestrel shall be liable without limitation for all losses arising from any breach of this Agreement.",
    ),
    _zh(
        "uncapped_liability",
        "乙方",
        "乙方应赔偿甲方因此遭受的全部损失，该等赔偿不受合同价款或任何其他金额的限制。",
    ),
    _zh(
        "uncapped_liability",
        "承包人（华建工程有限公司）",
        "承包人对其违约行为给发包人造成的一切损失承担全部赔偿责任，包括间接损失和可得利益损失。",
    ),
    Case(
        "liability_cap_inadequate",
        "Customer",
        "The Provider's aggregate liability shall be limited to the fees paid in the one (1) month preceding the event giving rise to the claim.",
    ),
    Case(
        "liability_cap_inadequate",
        "Buyer (Lindqvist AB)",
        "In no event shall the Seller's total liability exceed ten per cent (10%) of the Purchase Price.",
    ),
    _zh("liability_cap_inadequate", "甲方", "乙方在本合同项下的全部赔偿责任以合同总价的百分之五为限。"),
    Case(
        "indemnity_one_sided",
        "Supplier",
        "The Supplier shall defend, indemnify and hold harmless the Customer from and against any and all claims arising out of the use of the Services, regardless of fault.",
    ),
    Case(
        "indemnity_one_sided",
        "Licensee",
        "Licensee will indemnify Licensor against all losses, even if caused by Licensor's own negligence.",
    ),
    _zh(
        "indemnity_one_sided",
        "乙方",
        "乙方应赔偿并使甲方免受因本合同引起的任何索赔、损失和费用，无论甲方是否存在过错。",
    ),
    _zh(
        "liquidated_damages_excessive", "乙方", "乙方每迟延交货一天，应按合同总价的百分之二向甲方支付违约金。"
    ),
    Case(
        "liquidated_damages_excessive",
        "Contractor",
        "Delay damages shall be payable by the Contractor at the rate of 0.5% of the Contract Price for each day of delay and shall not be subject to any maximum amount.",
    ),
    Case(
        "liquidated_damages_excessive",
        "Supplier",
        "If the Supplier fails to meet a Milestone Date, it shall pay the Customer liquidated damages of USD 10,000 per day, which shall be in addition to any other rights or remedies of the Customer.",
    ),
    _zh(
        "liquidated_damages_excessive",
        "卖方",
        "卖方迟延交货的，每迟延一周应向买方支付货款百分之五的违约金，违约金累计金额不设上限。",
    ),
    # ------------------------------------------------------------------ B. termination and term
    Case(
        "termination_for_convenience",
        "Consultant",
        "The Client may end this Agreement at any time and for any reason on fourteen (14) days' notice to the Consultant.",
    ),
    _zh(
        "termination_for_convenience", "乙方", "甲方可随时书面通知乙方解除本合同，乙方不得因此要求任何补偿。"
    ),
    Case(
        "termination_for_convenience",
        "Distributor",
        "Manufacturer may terminate this Agreement for convenience upon thirty (30) days' written notice without liability.",
    ),
    Case(
        "termination_rights_unbalanced",
        "Customer",
        "The Supplier may suspend performance of all services without prior notice if any payment is late, even if the payment is disputed.",
    ),
    Case(
        "termination_rights_unbalanced",
        "Contractor",
        "The Contractor shall not be entitled to suspend the Works or to terminate the Contract for late payment by the Employer.",
    ),
    _zh(
        "termination_rights_unbalanced",
        "乙方",
        "乙方有任何违约行为的，甲方有权立即解除本合同，无需给予乙方任何纠正期。",
    ),
    Case(
        "auto_renewal_lock_in",
        "Customer",
        "Upon expiry of the Initial Term this Agreement shall renew automatically for successive three (3) year terms unless the Customer gives notice of non-renewal no later than nine (9) months before the end of the then-current term.",
    ),
    Case(
        "auto_renewal_lock_in",
        "Subscriber",
        "This Subscription renews automatically for successive twenty-four (24) month periods; notice of non-renewal must be received at least one hundred and twenty (120) days before renewal.",
    ),
    _zh(
        "auto_renewal_lock_in",
        "甲方（客户）",
        "本合同期满后自动续展五年，除非甲方在期满前十二个月书面通知不续约。",
    ),
    Case(
        "post_termination_obligations",
        "Customer",
        "Upon termination the Provider shall delete all Customer Data immediately and shall have no obligation to return or provide any export of it.",
    ),
    Case(
        "post_termination_obligations",
        "Distributor",
        "On termination all stock held by the Distributor shall be forfeited to the Principal without compensation.",
    ),
    _zh(
        "post_termination_obligations",
        "甲方（客户）",
        "合同终止后，乙方可立即删除甲方的全部数据，且无义务提供任何数据导出或过渡服务。",
    ),
    # ------------------------------------------------------------------ C. payment and price
    Case(
        "payment_terms_unfavourable",
        "Supplier",
        "The Customer shall settle each invoice within ninety (90) days of the end of the month in which it was received.",
    ),
    _zh("payment_terms_unfavourable", "乙方", "甲方应在收到乙方发票后一百二十天内付款。"),
    Case(
        "payment_terms_unfavourable",
        "Subcontractor",
        "The Contractor shall pay the Subcontractor only after and to the extent that the Contractor has received payment from the Employer for the relevant work.",
    ),
    Case(
        "unilateral_change_right",
        "Consultant",
        "The Client may at any time vary the scope of the Services by notice, and the Consultant shall carry out the varied Services for the same fee.",
    ),
    Case(
        "unilateral_change_right",
        "Customer",
        "The Provider may amend these terms from time to time by posting a revised version on its website.",
    ),
    _zh(
        "unilateral_change_right",
        "乙方",
        "甲方有权随时调整设备的技术规格，乙方应按调整后的规格供货且合同价格不作调整。",
    ),
    Case(
        "unilateral_change_right",
        "Reseller",
        "Vendor reserves the right to change its prices and discount structure at any time upon notice to Reseller.",
    ),
    Case(
        "unilateral_change_right",
        "Vendor (Orbis Data Ltd)",
        "The Customer may change the service levels, specifications or delivery schedule at any time by written notice, and the Vendor shall comply without any adjustment to the Charges.",
    ),
    Case(
        "minimum_commitment",
        "Buyer",
        "The Buyer shall purchase not less than 5,000 units in each Contract Year and shall pay for any shortfall at the Contract Price.",
    ),
    _zh(
        "minimum_commitment",
        "甲方（采购方）",
        "甲方每年的最低采购金额为人民币五百万元，不足部分甲方仍应按差额支付。",
    ),
    Case(
        "minimum_commitment",
        "Distributor",
        "The Distributor undertakes a minimum annual purchase volume of EUR 2,000,000.",
    ),
    Case(
        "security_insurance_burden",
        "Contractor",
        "The Contractor shall provide an on-demand bank guarantee for twenty per cent (20%) of the Contract Price, valid until two years after the Taking-Over Certificate.",
    ),
    _zh(
        "security_insurance_burden",
        "乙方",
        "乙方应于合同签订后七日内向甲方提交合同总价百分之二十的见索即付银行保函。",
    ),
    Case(
        "security_insurance_burden",
        "Supplier",
        "The Customer shall retain fifteen per cent (15%) of each payment due to the Supplier as retention until the end of the warranty period.",
    ),
    _zh(
        "cost_escalation_change_in_law",
        "乙方",
        "本合同价款为包干价，合同履行期间人工、材料价格上涨及税费变化的风险均由乙方自行承担。",
    ),
    Case(
        "cost_escalation_change_in_law",
        "Contractor",
        "The Contract Price is a lump sum and shall not be adjusted for any change in legislation, taxes or the cost of labour and materials.",
    ),
    Case(
        "cost_escalation_change_in_law",
        "Supplier",
        "The prices are fixed for the term of this Agreement and the Supplier shall bear any increase in duties, tariffs or exchange rate fluctuations.",
    ),
    _zh(
        "cost_escalation_change_in_law",
        "乙方（卖方）",
        "合同单价在合同有效期内保持不变，乙方不得以人工成本、汇率或关税变化为由要求调价。",
    ),
    # ------------------------------------------------------------------ D. time and claims
    Case(
        "claim_time_bar",
        "Contractor",
        "If the Contractor fails to give notice of a claim within seven (7) days after becoming aware of the event, the Contractor shall not be entitled to any extension of time or additional payment.",
    ),
    _zh("claim_time_bar", "乙方", "乙方未在事件发生后五日内书面提出索赔的，视为放弃索赔权利。"),
    Case(
        "claim_time_bar",
        "Customer",
        "Any action by the Customer arising out of this Agreement must be commenced within six (6) months after the cause of action accrues, failing which it is barred.",
    ),
    Case(
        "deemed_acceptance_or_waiver",
        "Customer",
        "If the Customer does not notify the Supplier of any defect within three (3) days of delivery, the Deliverables shall be deemed accepted.",
    ),
    _zh(
        "deemed_acceptance_or_waiver",
        "甲方（买方）",
        "甲方在收货后三日内未提出书面异议的，视为货物验收合格。",
    ),
    Case(
        "deemed_acceptance_or_waiver",
        "Contractor",
        "If the Contractor fails to respond to the Engineer's determination within seven (7) days, the Contractor shall be deemed to have agreed to it.",
    ),
    # ------------------------------------------------------------------ E. performance and warranties
    _zh(
        "warranty_excessive",
        "乙方",
        "乙方保证所供产品在交付后八年内不出现任何故障，并完全满足甲方的全部使用要求。",
    ),
    Case(
        "warranty_excessive",
        "Supplier",
        "The Supplier warrants that the Software will be free from all errors and fit for any purpose for which the Customer may use it.",
    ),
    Case(
        "warranty_excessive",
        "Contractor",
        "The Contractor guarantees that the Works, when completed, shall be fit for the purposes for which they are intended, irrespective of any design provided by the Employer.",
    ),
    Case(
        "warranty_excessive",
        "Seller",
        "The Seller warrants the Goods against defects in materials and workmanship for a period of ten (10) years from delivery.",
    ),
    _zh(
        "warranty_excessive",
        "卖方（东方机电有限公司）",
        "卖方保证设备自交付之日起七十二个月内无任何缺陷，并保证设备适合买方的一切用途。",
    ),
    Case(
        "warranty_or_sla_inadequate",
        "Customer",
        "Service credits are the Customer's sole and exclusive remedy for any failure by the Provider to meet the Service Levels.",
    ),
    Case(
        "warranty_or_sla_inadequate",
        "Customer",
        "The Provider will use commercially reasonable efforts to make the Platform available 95% of the time in each month.",
    ),
    _zh(
        "warranty_or_sla_inadequate",
        "甲方（买方）",
        "乙方对产品的质量保证期为交付后三个月，乙方的责任仅限于修理或更换。",
    ),
    Case(
        "force_majeure_unbalanced",
        "Customer",
        "Force majeure includes, without limitation, shortages of labour or materials and delays by the Supplier's subcontractors.",
    ),
    Case(
        "force_majeure_unbalanced",
        "Contractor",
        "Force majeure events shall not entitle the Contractor to any extension of time or additional payment.",
    ),
    _zh(
        "force_majeure_unbalanced", "甲方（买方）", "不可抗力包括原材料短缺、价格上涨及乙方供应商的延迟交货。"
    ),
    # ------------------------------------------------------------------ F. IP, confidentiality, data
    Case(
        "ip_ownership_transfer",
        "Consultant",
        "The Consultant hereby assigns to the Client all right, title and interest in any know-how, methods and tools it uses or develops in the course of the Services, including those existing before the Effective Date.",
    ),
    _zh(
        "ip_ownership_transfer",
        "乙方",
        "乙方在履行本合同过程中使用或形成的全部技术成果及乙方原有的技术资料，其知识产权均归甲方所有。",
    ),
    Case(
        "ip_ownership_transfer",
        "Customer",
        "All intellectual property in the bespoke software developed for and paid for by the Customer shall remain vested in the Supplier.",
    ),
    Case(
        "license_scope_restrictive",
        "Licensee",
        "The Licensor grants the Licensee a revocable, non-transferable licence to use the Software at a single site for internal purposes only, which the Licensor may terminate at any time.",
    ),
    _zh(
        "license_scope_restrictive",
        "被许可方",
        "许可方授予被许可方一项可随时撤销、不可转让的许可，被许可方不得就许可专利的有效性提出异议。",
    ),
    Case(
        "license_scope_restrictive",
        "Customer",
        "The Customer's licence is limited to a term of one (1) year, may be revoked by the Provider on notice, and may not be used by the Customer's Affiliates.",
    ),
    Case(
        "confidentiality_overbroad",
        "Recipient",
        "The Recipient shall keep confidential in perpetuity all information received from the Discloser, whether or not marked as confidential, and no exceptions shall apply.",
    ),
    _zh(
        "confidentiality_overbroad",
        "接收方",
        "接收方对从披露方获得的全部信息承担永久保密义务，即使依法律要求披露，亦须事先取得披露方的书面同意。",
    ),
    Case(
        "confidentiality_overbroad",
        "Supplier",
        "The Supplier may not disclose Confidential Information to any person, including its professional advisers, financiers or auditors, without the Customer's prior written consent.",
    ),
    Case(
        "data_protection_gap",
        "Customer",
        "The Provider may use Customer Data, including in aggregated form, to train and improve its machine-learning models and may share it with its partners.",
    ),
    _zh(
        "data_protection_gap",
        "甲方（客户）",
        "乙方可将甲方数据用于改进其产品及模型训练，并可在未经甲方同意的情况下委托境外分包商处理。",
    ),
    Case(
        "data_protection_gap",
        "Customer",
        "The Provider shall notify the Customer of any Personal Data Breach within thirty (30) days of becoming aware of it.",
    ),
    # ------------------------------------------------------------------ G. restrictive covenants
    Case(
        "non_compete",
        "Consultant",
        "For a period of five (5) years following the Effective Date, the Consultant shall not, directly or indirectly, perform consulting services for any competitor of the Client in Europe or North America.",
    ),
    _zh(
        "non_compete",
        "乙方",
        "合同期内及终止后三年内，乙方不得在中国境内向任何第三方提供与本合同设备相同或类似的产品。",
    ),
    Case(
        "non_compete",
        'Brightwave Ltd ("Brightwave")',
        "Brightwave undertakes that it will not, anywhere in the world and for two (2) years after expiry, engage in any business that competes with the business of the Customer.",
    ),
    Case(
        "non_compete",
        "Service Provider",
        "During the term and for thirty-six (36) months thereafter the Service Provider shall not supply logistics software to any airline in any country where the Client operates.",
    ),
    Case(
        "exclusivity",
        "Buyer",
        "The Buyer shall purchase all of its requirements for the Products exclusively from the Seller during the Term.",
    ),
    _zh("exclusivity", "乙方（经销商）", "乙方在合同期内不得从任何第三方采购同类产品。"),
    Case(
        "exclusivity",
        "Distributor",
        "The Distributor shall not distribute, promote or sell any products that compete with the Products.",
    ),
    Case(
        "non_solicit",
        "Supplier",
        "For three (3) years after termination, the Supplier shall not employ or solicit any employee of the Customer or any of its Affiliates, including through general advertisements.",
    ),
    _zh(
        "non_solicit",
        "乙方",
        "合同终止后五年内，乙方不得直接或间接招揽或雇用甲方及其关联公司的任何员工或客户。",
    ),
    Case(
        "non_solicit",
        "Contractor",
        "During the term and for two (2) years afterwards, the Contractor shall not solicit any customer of the Employer or its Affiliates.",
    ),
    Case(
        "mfn_or_price_restriction",
        "Supplier",
        "The Supplier shall ensure that the prices charged to the Customer are no higher than the lowest prices it charges to any other customer for similar services, and shall refund any difference.",
    ),
    _zh(
        "mfn_or_price_restriction",
        "乙方",
        "乙方向甲方提供的价格不得高于乙方同期向任何第三方提供的同类产品价格。",
    ),
    Case(
        "mfn_or_price_restriction",
        "Distributor",
        "The Distributor shall resell the Products at no less than the retail prices set by the Manufacturer from time to time.",
    ),
    # ------------------------------------------------------------------ H. assignment and control
    Case(
        "assignment_restriction",
        "Service Provider",
        "The Service Provider may not assign or novate this Agreement, even to an Affiliate, without the Client's prior written consent, whereas the Client may assign it freely.",
    ),
    _zh(
        "assignment_restriction",
        "乙方",
        "未经甲方书面同意，乙方不得转让本合同项下的任何权利义务；甲方可将本合同转让给其关联公司而无需乙方同意。",
    ),
    Case(
        "assignment_restriction",
        "Licensee",
        "Licensee may not assign this Agreement, including on a merger or sale of its business, without Licensor's consent, which Licensor may withhold in its sole discretion. Licensor may assign this Agreement without restriction.",
    ),
    Case(
        "change_of_control",
        "Supplier",
        "The Customer may terminate this Agreement immediately if the Supplier undergoes a change of control.",
    ),
    _zh(
        "change_of_control", "乙方", "乙方发生控制权变更的，应事先取得甲方书面同意，否则甲方有权解除本合同。"
    ),
    Case(
        "change_of_control",
        "Licensee",
        "Any change of control of the Licensee shall be deemed an assignment requiring the Licensor's prior consent.",
    ),
    Case(
        "third_party_rights",
        "Supplier",
        "Each Affiliate of the Customer may enforce any term of this Agreement against the Supplier as if it were a party.",
    ),
    Case(
        "third_party_rights",
        "Contractor",
        "The Lenders shall be entitled to enforce the Contractor's obligations under this Contract directly against the Contractor.",
    ),
    _zh("third_party_rights", "乙方", "甲方的关联公司及最终用户有权直接依据本合同向乙方主张权利。"),
    # ------------------------------------------------------------------ I. disputes
    Case(
        "governing_law_forum",
        "Supplier",
        "Any dispute shall be submitted exclusively to the courts of the place where the Customer has its registered office.",
    ),
    _zh("governing_law_forum", "乙方", "因本合同发生争议的，由甲方住所地人民法院管辖。"),
    Case(
        "governing_law_forum",
        "Contractor",
        "The Employer may bring proceedings in any court of competent jurisdiction, while the Contractor may bring proceedings only in the courts of the Employer's country.",
    ),
    Case(
        "dispute_resolution_unbalanced",
        "Contractor",
        "The Engineer's determination shall be final and binding on the Contractor and shall not be referred to arbitration.",
    ),
    Case(
        "dispute_resolution_unbalanced",
        "Supplier",
        "The Customer may, at its sole option, elect whether any dispute is resolved by arbitration or by the courts.",
    ),
    _zh(
        "dispute_resolution_unbalanced",
        "乙方",
        "甲方对争议事项作出的决定为最终决定，乙方应无条件执行且不得提起仲裁或诉讼。",
    ),
    # ------------------------------------------------------------------ J. construction (FIDIC)
    Case(
        "ground_conditions_risk",
        "Contractor",
        "The Contractor shall be deemed to have satisfied itself as to all sub-surface and hydrological conditions and shall bear all risks arising from them, whether or not foreseeable.",
        domain="fidic",
    ),
    _zh(
        "ground_conditions_risk",
        "承包人",
        "承包人应承担现场全部地质及地下条件的风险，发包人提供的地勘资料仅供参考，发包人对其准确性不承担责任。",
        domain="fidic",
    ),
    Case(
        "ground_conditions_risk",
        "Contractor",
        "The Employer does not warrant the accuracy of the Site data, and the Contractor shall have no claim for any unforeseeable physical conditions.",
        domain="fidic",
    ),
    Case(
        "employer_requirements_errors",
        "Contractor",
        "The Contractor shall be responsible for any error, omission or defect in the Employer's Requirements, whether or not discoverable, and shall not be entitled to any additional time or cost.",
        domain="fidic",
    ),
    _zh(
        "employer_requirements_errors",
        "承包人",
        "发包人要求中的任何错误或遗漏均由承包人负责，承包人无权因此要求延长工期或增加费用。",
        domain="fidic",
    ),
    Case(
        "employer_requirements_errors",
        "Contractor",
        "The Contractor shall obtain at its own risk all permits, land access and the grid connection which the Employer would otherwise be required to provide.",
        domain="fidic",
    ),
    Case(
        "extension_of_time_restricted",
        "Contractor",
        "The Contractor shall not be entitled to an extension of time for any delay caused by the Employer or its other contractors.",
        domain="fidic",
    ),
    Case(
        "extension_of_time_restricted",
        "Contractor",
        "Where delays are concurrent, the Contractor shall not be entitled to any extension of time.",
        domain="fidic",
    ),
    _zh(
        "extension_of_time_restricted",
        "承包人",
        "因发包人原因造成的延误，承包人无权要求顺延工期。",
        domain="fidic",
    ),
    Case(
        "variation_valuation_unfair",
        "Contractor",
        "Variations with a value below 5% of the Contract Price shall be carried out without any adjustment to the Contract Price.",
        domain="fidic",
    ),
    Case(
        "variation_valuation_unfair",
        "Contractor",
        "The Engineer shall value each Variation at rates determined by the Employer in its sole discretion, and the Contractor shall have no right to object.",
        domain="fidic",
    ),
    _zh(
        "variation_valuation_unfair",
        "承包人",
        "发包人可随时指示变更，变更金额在合同价格百分之五以内的，不调整合同价格。",
        domain="fidic",
    ),
    # ------------------------------------------------------------------ K. M&A
    Case(
        "ma_claim_limitations_unfavourable",
        "Buyer",
        "The aggregate liability of the Sellers for all Warranty Claims shall not exceed ten per cent (10%) of the Purchase Price.",
        domain="sha_spa",
    ),
    Case(
        "ma_claim_limitations_unfavourable",
        "Buyer",
        "The Sellers shall not be liable for any Claim unless the aggregate amount of all Claims exceeds 5% of the Purchase Price, in which case only the excess shall be recoverable.",
        domain="sha_spa",
    ),
    Case(
        "ma_claim_limitations_unfavourable",
        "Buyer",
        "No Claim may be brought against the Sellers unless notified to them within six (6) months after Completion.",
        domain="sha_spa",
    ),
    Case(
        "ma_disclosure_overbroad",
        "Buyer",
        "The Warranties are qualified by all matters disclosed in the Data Room and all information in the public domain.",
        domain="sha_spa",
    ),
    Case(
        "ma_disclosure_overbroad",
        "Buyer",
        "The Buyer shall not be entitled to claim for any matter of which the Buyer or any of its advisers had actual or constructive knowledge at the date of this Agreement.",
        domain="sha_spa",
    ),
    Case(
        "ma_disclosure_overbroad",
        "Buyer",
        "The Warranties are given so far as the Sellers are aware, which means the actual knowledge of Mr Zhou without any enquiry.",
        domain="sha_spa",
    ),
    Case(
        "ma_conditions_precedent_gap",
        "Buyer",
        "The conditions in Clause 4.1 may be waived by the Sellers by notice to the Buyer.",
        domain="sha_spa",
    ),
    Case(
        "ma_conditions_precedent_gap",
        "Buyer",
        "The Buyer shall not be entitled to terminate this Agreement before Completion for any reason, including breach of the Warranties.",
        domain="sha_spa",
    ),
    Case(
        "ma_conditions_precedent_gap",
        "Buyer",
        "The Warranties are given at the date of this Agreement only and shall not be repeated at Completion.",
        domain="sha_spa",
    ),
    Case(
        "ma_price_mechanism_risk",
        "Buyer",
        "The Completion Accounts shall be prepared by the Sellers' accountants and shall be final and binding on the Buyer.",
        domain="sha_spa",
    ),
    Case(
        "ma_price_mechanism_risk",
        "Buyer",
        "Permitted Leakage includes any payment to the Sellers, and the Buyer must notify any Leakage claim within three (3) months after Completion.",
        domain="sha_spa",
    ),
    Case(
        "ma_price_mechanism_risk",
        "Seller",
        "The Earn-Out Payment shall be calculated by the Buyer in its sole discretion, and the Buyer may restructure the business as it sees fit during the Earn-Out Period.",
        domain="sha_spa",
    ),
    # the buyer named 乙方 and the seller 甲方, as the parties block defines them (see party_roles)
    _zh(
        "ma_claim_limitations_unfavourable",
        "乙方（受让方）",
        "甲方在本协议项下的赔偿责任总额不超过转让价款的百分之五。",
        domain="sha_spa",
    ),
    _zh(
        "ma_claim_limitations_unfavourable",
        "乙方（受让方）",
        "仅当索赔总额超过人民币叁佰万元时，乙方方可就超出部分主张赔偿。",
        domain="sha_spa",
    ),
    _zh(
        "ma_claim_limitations_unfavourable",
        "乙方（受让方）",
        "乙方应在交割日后六个月内以书面形式提出索赔，逾期视为放弃。",
        domain="sha_spa",
    ),
    _zh(
        "ma_claim_limitations_unfavourable",
        "乙方（受让方）",
        "本条的责任限制同样适用于甲方对标的股权权属、税务事项的赔偿责任。",
        domain="sha_spa",
    ),
    Case(
        "ma_claim_limitations_unfavourable",
        "Buyer",
        "The limitations in this Schedule shall also apply to Claims under the Title Warranties and the Tax Covenant.",
        domain="sha_spa",
    ),
    _zh(
        "ma_disclosure_overbroad",
        "乙方（受让方）",
        "甲方的陈述与保证均以披露函、目标公司的公开信息以及乙方及其顾问已知悉或应当知悉的全部信息为限。",
        domain="sha_spa",
    ),
    _zh(
        "ma_conditions_precedent_gap",
        "乙方（受让方）",
        "甲方的陈述与保证仅在本协议签署日作出，不在交割日重复作出。",
        domain="sha_spa",
    ),
    _zh(
        "ma_conditions_precedent_gap",
        "乙方（受让方）",
        "甲方可以书面通知的方式豁免本条约定的任何先决条件。",
        domain="sha_spa",
    ),
    _zh(
        "ma_price_mechanism_risk",
        "乙方（受让方）",
        "乙方应于本协议签署之日起五个工作日内向甲方支付转让价款的百分之八十，无需设立共管账户或提供任何担保。",
        domain="sha_spa",
    ),
    _zh(
        "ma_price_mechanism_risk",
        "乙方（受让方）",
        "自基准日至交割日期间，目标公司可以向甲方进行利润分配，且该等分配无需从转让价款中扣除。",
        domain="sha_spa",
    ),
    Case(
        "ma_price_mechanism_risk",
        "Buyer",
        "Within five Business Days after the signing of this Agreement the Buyer shall pay 60% of the Purchase Price to the Seller's account.",
        domain="sha_spa",
    ),
    Case(
        "ma_price_mechanism_risk",
        "Buyer",
        "Between the Locked Box Date and Completion the Company may pay dividends to the Sellers, which shall not be deducted from the Purchase Price.",
        domain="sha_spa",
    ),
    _zh(
        "payment_terms_unfavourable",
        "乙方（受托方）",
        "甲方应在平台通过最终验收之日起十二个月内支付全部服务费用。",
    ),
    Case(
        "liability_cap_inadequate",
        "Distributor",
        "The Supplier's total liability under this Agreement shall not exceed EUR 1,000.",
    ),
    _zh("liability_cap_inadequate", "甲方（买方）", "乙方的赔偿责任总额不超过人民币一万元。"),
    Case(
        "warranty_or_sla_inadequate",
        "Distributor",
        "The Supplier gives no warranty of any kind in respect of the Products, whether express or implied.",
    ),
    Case("warranty_or_sla_inadequate", "Licensee", 'The Software is provided "as is" by the Licensor.'),
    _zh("warranty_or_sla_inadequate", "甲方（买方）", "乙方对设备不作任何质量保证。"),
    Case(
        "payment_terms_unfavourable",
        "Distributor",
        "The Distributor shall pay each invoice in full before shipment.",
    ),
    _zh("payment_terms_unfavourable", "甲方（买方）", "甲方应在乙方发货前支付全部货款。"),
    Case(
        "unilateral_change_right",
        "Licensee",
        "The Licensor may increase the fee each year by any amount it chooses.",
    ),
    _zh(
        "deemed_acceptance_or_waiver",
        "甲方（采购方）",
        "甲方应在货物到达后二十四小时内完成检验，逾期未提出书面异议的，视为货物质量合格。",
    ),
    _zh(
        "unilateral_change_right",
        "甲方（采购方）",
        "乙方有权根据市场行情随时调整供货价格，调整后的价格自乙方通知之日起适用于所有未交付订单。",
    ),
    _zh(
        "liability_cap_inadequate",
        "甲方（采购方）",
        "乙方迟延交货的，每迟延一日按迟延交货部分货款的万分之一向甲方支付违约金，违约金总额不超过迟延交货部分货款的百分之一。",
    ),
    Case(
        "liability_cap_inadequate",
        "Buyer",
        "Delay damages payable by the Supplier shall not exceed 2% of the Contract Price.",
    ),
    Case(
        "warranty_excessive",
        "Provider",
        "The Provider shall ensure that the Services are available 100% of the time.",
    ),
    _zh("warranty_excessive", "乙方（服务方）", "乙方保证平台可用性达到百分之百。"),
    # a construction contract for the Employer
    Case(
        "liability_cap_inadequate",
        "Employer",
        "The Contractor shall pay Delay Damages of 0.01% of the Contract Price per day, subject to a maximum of 0.5% of the Contract Price.",
        domain="fidic",
    ),
    Case(
        "warranty_or_sla_inadequate",
        "Employer",
        "The Defects Notification Period shall be three (3) months from the date of the Taking-Over Certificate.",
        domain="fidic",
    ),
    # a commercial lease for the tenant
    Case(
        "termination_for_convenience",
        "Tenant",
        "The Landlord may terminate this Lease at any time on three (3) months' notice if it wishes to redevelop the Building, without compensation to the Tenant.",
    ),
    Case(
        "unilateral_change_right",
        "Tenant",
        "The Rent shall be reviewed every year and shall be increased to such amount as the Landlord may determine, and shall never decrease.",
    ),
    Case(
        "unilateral_change_right",
        "Tenant",
        "The Tenant shall pay a proportion, as determined by the Landlord, of all costs incurred by the Landlord in relation to the Building.",
    ),
    Case(
        "assignment_restriction",
        "Tenant",
        "The Tenant shall not assign, underlet or share possession of the whole or any part of the Premises.",
    ),
    Case(
        "termination_rights_unbalanced",
        "Tenant",
        "The Tenant shall have no right to terminate this Lease before the end of the term.",
    ),
    _zh("termination_rights_unbalanced", "乙方（承租方）", "租赁期内乙方无权提前解除本合同。"),
    Case(
        "security_insurance_burden",
        "Tenant",
        "The Tenant shall pay a rent deposit equal to twelve (12) months' Rent, which the Landlord may retain in full on the expiry of the term.",
    ),
    Case(
        "security_insurance_burden",
        "Tenant",
        "If the Premises are damaged by an insured risk, the Rent shall continue to be payable in full.",
    ),
    # a Chinese construction contract for the contractor named 乙方 (发包人 is 甲方)
    _zh(
        "cost_escalation_change_in_law",
        "乙方（承包人）",
        "合同价格为固定总价，不因人工、材料价格上涨或法律法规变化而调整。",
    ),
    _zh(
        "extension_of_time_restricted", "乙方（承包人）", "因任何原因导致的工期延误，乙方均无权要求顺延工期。"
    ),
    Case(
        "extension_of_time_restricted",
        "Contractor",
        "The Contractor shall not be entitled to any extension of time for any reason.",
        domain="fidic",
    ),
    _zh(
        "variation_valuation_unfair",
        "乙方（承包人）",
        "甲方有权随时对工程内容进行变更，变更金额在合同价格百分之十以内的，乙方不得要求调整合同价格。",
    ),
    _zh(
        "force_majeure_unbalanced",
        "乙方（承包人）",
        "发生不可抗力的，乙方应自行承担由此造成的全部损失和费用。",
    ),
    Case(
        "force_majeure_unbalanced",
        "Contractor",
        "In the event of Force Majeure the Contractor shall bear all losses and costs arising from it.",
    ),
    # a cloud provider's discretion over the service, the customer's access and its data's handlers
    Case(
        "unilateral_change_right",
        "Client",
        "The Provider may modify, replace or discontinue any feature of the Services at any time without notice to the Client.",
    ),
    Case(
        "termination_rights_unbalanced",
        "Client",
        "The Provider may suspend the Services at any time and for any reason in its discretion.",
    ),
    Case(
        "data_protection_gap",
        "Client",
        "The Provider may engage sub-processors anywhere in the world without notice to or consent of the Client.",
    ),
    # the whole price at signature; a commissioned system whose IP and source code the developer keeps
    _zh(
        "payment_terms_unfavourable",
        "甲方（委托方）",
        "甲方应于本合同签订之日起五日内一次性支付全部合同价款。",
    ),
    Case(
        "payment_terms_unfavourable",
        "Customer",
        "Within ten (10) days of signature the Customer shall pay 100% of the fees.",
    ),
    _zh(
        "ip_ownership_transfer",
        "甲方（委托方）",
        "乙方为甲方开发的系统及其源代码、文档的全部知识产权归乙方所有，甲方仅享有非独占的使用权。",
    ),
    # the supplier owes nothing for late delivery
    Case(
        "liability_cap_inadequate",
        "Purchaser",
        "Delivery dates are estimates only. The Supplier shall not be liable for any delay in delivery, however caused.",
    ),
    _zh("liability_cap_inadequate", "买方", "交货日期仅供参考，卖方对迟延交货不承担任何责任。"),
    # extension of time limited to a closed list that leaves out the Employer's own delay
    Case(
        "extension_of_time_restricted",
        "Contractor",
        "The Contractor shall be entitled to an extension of the Time for Completion only for a Variation instructed by the Engineer.",
        domain="fidic",
    ),
    Case(
        "extension_of_time_restricted",
        "Contractor",
        "Delays caused by the Employer or its other contractors shall not entitle the Contractor to any extension of time.",
        domain="fidic",
    ),
    # a minority investor in English, the founder defined as "the Founder Shareholder"
    Case(
        "sha_governance_weak",
        "Investor",
        "The Founder Shareholder may appoint four directors. The Investor may appoint one observer, who may attend Board meetings but shall have no vote.",
        domain="sha_spa",
    ),
    Case(
        "sha_governance_weak",
        "Investor",
        "The following matters require the approval of Shareholders holding more than fifty per cent (50%) of the Shares: any amendment to the articles, the issue of new shares and the winding up of the Company.",
        domain="sha_spa",
    ),
    Case(
        "sha_governance_weak",
        "Investor",
        "If the Shareholders are unable to agree on any matter, the chairman shall decide it and his decision shall be final.",
        domain="sha_spa",
    ),
    Case(
        "sha_governance_weak",
        "Investor",
        "The Company shall provide the Investor with its audited annual accounts within nine (9) months after the end of each financial year.",
        domain="sha_spa",
    ),
    Case(
        "sha_dilution_pre_emption",
        "Investor",
        "The Board may allot new Shares to any person on such terms as it thinks fit, and no Shareholder shall have any right of pre-emption.",
        domain="sha_spa",
    ),
    Case(
        "sha_exit_rights_unfavourable",
        "Investor",
        "If the Investor breaches this Agreement it shall be deemed to have offered all its Shares to the Founder Shareholder at their nominal value.",
        domain="sha_spa",
    ),
    Case(
        "sha_exit_rights_unfavourable",
        "Investor",
        "The Founder Shareholder may sell its Shares to a third party, and the Investor shall have no right to sell its Shares to that buyer together with the Founder Shareholder.",
        domain="sha_spa",
    ),
    # a minority investor named 甲方, the founder 乙方
    _zh(
        "sha_governance_weak",
        "甲方（投资方）",
        "目标公司董事会由五名董事组成，全部由乙方提名。",
        domain="sha_spa",
    ),
    _zh(
        "sha_governance_weak",
        "甲方（投资方）",
        "股东会决议由代表过半数表决权的股东通过，包括修改公司章程、增加注册资本、合并、分立及解散等事项。",
        domain="sha_spa",
    ),
    _zh(
        "sha_governance_weak",
        "甲方（投资方）",
        "目标公司应于每个会计年度结束后一百八十日内向甲方提供年度财务报表。",
        domain="sha_spa",
    ),
    Case(
        "sha_governance_weak",
        "Investor",
        "All directors shall be appointed by the Founders.",
        domain="sha_spa",
    ),
    _zh(
        "sha_dilution_pre_emption",
        "甲方（投资方）",
        "目标公司后续增加注册资本的，由乙方决定增资价格和认购方，甲方不享有优先认购权。",
        domain="sha_spa",
    ),
    Case(
        "sha_dilution_pre_emption",
        "Investor",
        "The Investor shall have no right of pre-emption on any issue of new shares by the Company.",
        domain="sha_spa",
    ),
    _zh(
        "sha_exit_rights_unfavourable",
        "甲方（投资方）",
        "乙方向第三方转让股权的，无需取得甲方同意，甲方亦无权要求按同等条件一并出售其股权。",
        domain="sha_spa",
    ),
    _zh(
        "sha_exit_rights_unfavourable",
        "甲方（投资方）",
        "如持有目标公司百分之五十一以上股权的股东同意出售目标公司，甲方应按相同条件出售其全部股权。",
        domain="sha_spa",
    ),
    _zh(
        "sha_exit_rights_unfavourable",
        "甲方（投资方）",
        "甲方有权要求乙方回购其股权，回购价格为甲方投资本金，不计利息。",
        domain="sha_spa",
    ),
    Case(
        "sha_exit_rights_unfavourable",
        "Investor",
        "The Investor shall have no right to participate in any sale of Shares by the Founders.",
        domain="sha_spa",
    ),
    Case(
        "sha_exit_rights_unfavourable",
        "Investor",
        "The Redemption Price shall be the Subscription Price without interest.",
        domain="sha_spa",
    ),
    Case(
        "sha_governance_weak",
        "Investor",
        "The Board shall be quorate if two directors appointed by the Founders are present, whether or not the Investor Director attends.",
        domain="sha_spa",
    ),
    Case(
        "sha_governance_weak",
        "Investor",
        "The chairman, who shall be appointed by the Majority Shareholder, shall have a casting vote.",
        domain="sha_spa",
    ),
    Case(
        "sha_governance_weak",
        "Minority Shareholder",
        "The Reserved Matters may be approved by a simple majority of the shareholders.",
        domain="sha_spa",
    ),
    Case(
        "sha_exit_rights_unfavourable",
        "Investor",
        "If shareholders holding more than 50% of the shares wish to sell, they may require the Investor to sell its shares on the same terms.",
        domain="sha_spa",
    ),
    Case(
        "sha_exit_rights_unfavourable",
        "Investor",
        "The Investor shall not transfer any of its shares for a period of seven (7) years from Completion.",
        domain="sha_spa",
    ),
    # ------------------------------------------------------------------- a tenant's fit-out on termination
    _zh(
        "post_termination_obligations",
        "乙方（承租方）",
        "租赁期满或合同解除时，乙方所作装修及添附无偿归甲方所有，甲方亦有权要求乙方恢复原状。",
    ),
    Case(
        "post_termination_obligations",
        "Tenant",
        "On termination of the Lease, all fit-out works and leasehold improvements made by the Tenant shall become the property of the Landlord without compensation.",
    ),
    # --------------------------------------------------------------- a subcontractor's side of a subcontract
    Case(
        "employer_requirements_errors",
        "Subcontractor",
        "The Subcontractor shall be responsible for any errors or omissions in the Employer's Requirements and the Contractor's drawings, whether or not they could reasonably have been discovered.",
        domain="fidic",
        metadata={"counterparty_name": 'Marlowe Construction Group Ltd (the "Contractor")'},
    ),
    Case(
        "security_insurance_burden",
        "Subcontractor",
        "The Contractor may retain 3% of each payment, to be released twelve months after the end of the defects period of the Main Contract.",
        domain="fidic",
    ),
    Case(
        "termination_rights_unbalanced",
        "Subcontractor",
        "The Subcontractor shall not suspend the Subcontract Works for any reason, including non-payment.",
        domain="fidic",
    ),
    # ------------------------------------------------------------------- a licensee's side of a licence
    Case(
        "minimum_commitment",
        "Licensee",
        "The Licensee shall pay the Licensor a royalty of 8% of Net Sales, and a minimum annual royalty of EUR 500,000 whether or not any Licensed Products are sold.",
    ),
    Case(
        "unilateral_change_right",
        "Licensee",
        "The Licensor may increase the royalty rate at any time by notice to the Licensee.",
    ),
    Case(
        "mfn_or_price_restriction",
        "Licensee",
        "The Licensee shall not sell the Licensed Products to any customer at a price lower than the price it charges the Licensor's other distributors.",
    ),
    Case(
        "license_scope_restrictive",
        "Licensee",
        "2.1 The Licensor grants the Licensee a non-exclusive licence which the Licensor may revoke at any time. 2.2 The Licensee shall not challenge the validity of any of the Licensed Patents.",
    ),
    # ------------------------------------------- a cap that protects only the other side is not ours
    _zh(
        "uncapped_liability",
        "甲方（客户）",
        "7.1 乙方在本合同项下的累计赔偿责任不超过人民币一万元。7.2 因甲方违约给乙方造成损失的，甲方应赔偿乙方的全部损失，包括间接损失和预期利益损失。",
    ),
    Case(
        "uncapped_liability",
        "Customer",
        "7.1 The Provider's total liability under this Agreement shall not exceed USD 1,500. 7.2 The Customer shall compensate the Provider for all losses caused by its breach, including indirect losses and loss of profit.",
    ),
    # ------------------------------------------------------------ a distributor's side of the deal
    Case(
        "deemed_acceptance_or_waiver",
        "Distributor",
        "Products shall be deemed accepted by the Distributor unless it notifies the Supplier of any defect within five (5) days after delivery.",
    ),
    Case(
        "liability_cap_inadequate",
        "Distributor",
        "The Supplier's total liability under or in connection with this Agreement shall not exceed the price paid for the order giving rise to the claim.",
    ),
    Case(
        "ip_ownership_transfer",
        "Distributor",
        "On termination of this Agreement, all customer lists and customer data compiled by the Distributor shall become the property of the Supplier.",
    ),
    Case(
        "post_termination_obligations",
        "Distributor",
        "On termination the Distributor shall cease to sell the Products and shall destroy its remaining stock of Products at its own cost.",
    ),
    Case(
        "exclusivity",
        "Distributor",
        "2.1 The Supplier may appoint other distributors or sell the Products directly to any customer in the Territory. 2.2 The Distributor shall not, during the term of this Agreement, manufacture, distribute or promote any products which compete with the Products.",
    ),
    # ------------------------------------------------------ a share purchase, read for either side
    Case(
        "ma_disclosure_overbroad",
        "Buyer",
        "The Warranties are qualified by all matters disclosed in the Disclosure Letter and by all information contained in the Data Room or available from any public register.",
        domain="sha_spa",
    ),
    Case(
        "ma_disclosure_overbroad",
        "Buyer",
        "The Buyer shall not be entitled to claim for any breach of Warranty of which it or any of its advisers has actual, constructive or imputed knowledge at the date of this Agreement.",
        domain="sha_spa",
    ),
    Case(
        "ma_conditions_precedent_gap",
        "Buyer",
        "The Seller warrants to the Buyer that each Warranty is true and accurate at the date of this Agreement.",
        domain="sha_spa",
    ),
    Case(
        "ma_conditions_precedent_gap",
        "Buyer",
        "4.2 The Seller may waive any of the Conditions by notice to the Buyer. 4.3 The Buyer shall have no right to terminate this Agreement before Completion for any breach of Warranty.",
        domain="sha_spa",
    ),
    Case(
        "ma_price_mechanism_risk",
        "Buyer",
        "The Seller shall prepare the completion accounts, which shall be final and binding on the Buyer unless the Buyer objects in writing within five Business Days of receiving them.",
        domain="sha_spa",
    ),
    Case(
        "ma_price_mechanism_risk",
        "Buyer",
        "5.1 The Seller shall prepare the completion accounts, which shall be final and binding on the Buyer. 5.2 No Leakage has occurred since the Locked Box Date, save for Permitted Leakage, which includes any payment to or for the benefit of the Seller that the Seller approves.",
        domain="sha_spa",
    ),
    Case(
        "ma_price_mechanism_risk",
        "Buyer",
        "No claim may be made for Leakage unless notified to the Seller within three months after Completion.",
        domain="sha_spa",
    ),
    Case(
        "ma_claim_limitations_unfavourable",
        "Buyer",
        "The Seller shall not be liable for any Claim unless notice of it is given to the Seller within nine months after Completion.",
        domain="sha_spa",
    ),
    Case(
        "ma_price_mechanism_risk",
        "Seller",
        "GBP 9,600,000 of the Consideration is payable on the second anniversary of Completion (the Deferred Consideration), which shall not bear interest and shall not be secured by any guarantee, charge or escrow.",
        domain="sha_spa",
    ),
    # ------------------------------------------- thresholds the contract's own numbers make illusory
    Case(
        "sha_governance_weak",
        "Investor",
        "The Investor may appoint one director for so long as it holds at least 30% of the Shares.",
        domain="sha_spa",
        metadata={"our_shareholding": "20%"},
    ),
    _zh(
        "sha_governance_weak",
        "乙方（投资方）",
        "乙方在其持股比例不低于20%期间有权委派一名董事。",
        domain="sha_spa",
        metadata={"our_shareholding": "15%"},
    ),
    Case(
        "sha_governance_weak",
        "Investor",
        "The Company shall not take any Reserved Matter without the prior written approval of Shareholders holding at least 60% of the Shares.",
        domain="sha_spa",
        metadata={"our_shareholding": "20%"},
    ),
    _zh(
        "sha_governance_weak",
        "乙方（投资方）",
        "下列保留事项须经代表三分之二以上表决权的股东同意：修改公司章程、增加或减少注册资本、公司合并、分立、解散。",
        domain="sha_spa",
        metadata={"our_shareholding": "15%"},
    ),
    Case(
        "sha_exit_rights_unfavourable",
        "Investor",
        "If the Founder proposes to transfer Shares representing more than 75% of the Shares to a third party, the Investor may require the purchaser to buy its Shares on the same terms.",
        domain="sha_spa",
        metadata={"our_shareholding": "20%"},
    ),
    _zh(
        "sha_exit_rights_unfavourable",
        "乙方（投资方）",
        "甲方向第三方转让其持有的目标公司股权超过60%时，乙方有权按同等条件一并出售其股权。",
        domain="sha_spa",
        metadata={"our_shareholding": "15%"},
    ),
    Case(
        "sha_exit_rights_unfavourable",
        "Investor",
        "The Investor shall not transfer any of its Shares before the fifth anniversary of the date of this Agreement.",
        domain="sha_spa",
    ),
    Case(
        "sha_dilution_pre_emption",
        "Investor",
        "5.1 Any new Shares shall first be offered to the Shareholders in proportion to their holdings. 5.2 The Board may resolve that clause 5.1 shall not apply to any issue of Shares which the Board considers to be in the interests of the Company.",
        domain="sha_spa",
    ),
    Case(
        "sha_exit_rights_unfavourable",
        "Investor",
        "If no Exit has occurred by the sixth anniversary of this Agreement, the Investor may require the Founder to purchase its Shares at the Subscription Price.",
        domain="sha_spa",
    ),
    Case(
        "sha_exit_rights_unfavourable",
        "Investor",
        "A Shareholder who commits any breach of this Agreement shall be deemed to have served a transfer notice in respect of all its shares at nominal value.",
        domain="sha_spa",
    ),
    Case(
        "sha_dilution_pre_emption",
        "Investor",
        "The Board may issue new shares to any person without first offering them to the existing shareholders.",
        domain="sha_spa",
    ),
    Case(
        "sha_dilution_pre_emption",
        "Investor",
        "The pre-emption rights in Article 12 may be disapplied by an ordinary resolution of the shareholders.",
        domain="sha_spa",
    ),
    Case(
        "sha_dilution_pre_emption",
        "Investor",
        "A shareholder who fails to fund its share of any Further Funding shall have its shareholding diluted at a subscription price equal to 10% of fair value.",
        domain="sha_spa",
    ),
    # ------------------------------------------------------------------ L. drafting defects
    Case(
        "broken_cross_reference",
        "Supplier",
        "Any claim by the Supplier shall follow the procedure in Clause 21.3.",
        tools=[
            {
                "clause_id": "8.2",
                "references": [
                    {"raw": "Clause 21.3", "target": "21.3", "resolved": False, "target_title": ""}
                ],
                "issues": ["'Clause 21.3' refers to a clause that does not exist in this contract"],
            }
        ],
    ),
    _zh(
        "broken_cross_reference",
        "乙方",
        "乙方的索赔应按照本合同第十五条约定的程序处理。",
        tools=[{"references_out": [{"raw": "第十五条", "target": "15", "resolved": False}]}],
    ),
    Case(
        "broken_cross_reference",
        "Customer",
        "The Customer may terminate under Section 14.9 if the Provider fails to remedy the breach.",
        tools=[{"issues": ["'Section 14.9' refers to a clause that does not exist in this contract"]}],
    ),
    Case(
        "undefined_term",
        "Customer",
        "The Provider shall provide support in accordance with the Support Policy.",
        tools=[{"clause_id": "7.4", "undefined_terms": ["Support Policy"]}],
    ),
    Case(
        "undefined_term",
        "Supplier",
        "The Supplier shall complete the Acceptance Tests before the Go-Live Date.",
        tools=[{"undefined_terms": ["Go-Live Date"]}],
    ),
    Case(
        "undefined_term",
        "Buyer",
        "The Seller shall deliver the Seller's Disclosure Bundle on the Effective Date.",
        tools=[{"undefined_terms": ["Seller's Disclosure Bundle", "Disclosure Bundle"]}],
    ),
    Case(
        "internal_inconsistency",
        "Supplier",
        "The annual fee is USD 150,000 (one hundred thousand US dollars).",
    ),
    _zh("internal_inconsistency", "乙方", "合同总价为人民币壹佰万元整（¥1,200,000）。"),
    Case(
        "internal_inconsistency",
        "Customer",
        "The Provider shall respond within fourteen (40) days of the request.",
    ),
    # ------------------------------------------------ a one-way NDA read from the recipient's side
    _zh(
        "confidentiality_overbroad",
        "接收方",
        "接收方不得以相关信息已经公开或由接收方独立研发为由拒绝履行保密义务。",
    ),
    Case(
        "confidentiality_overbroad",
        "Recipient",
        "The Recipient shall keep all Confidential Information secret even if such information is or becomes publicly available.",
    ),
    _zh(
        "confidentiality_overbroad",
        "接收方",
        "如接收方因司法机关或监管部门要求须披露保密信息，须预先征得披露方书面同意。",
    ),
    _zh(
        "confidentiality_overbroad",
        "接收方",
        "协议终止后，接收方应立即销毁全部保密资料，不得保留任何副本。",
    ),
    Case(
        "confidentiality_overbroad",
        "Recipient",
        "On request the Recipient shall destroy all Confidential Information without retaining any copies.",
    ),
    _zh(
        "unilateral_change_right",
        "甲方（客户）",
        "乙方有权不时修改其信息安全管理制度，甲方应遵守修改后的制度。",
    ),
    # --------------------------------------------- a Chinese distribution agreement, distributor's side
    _zh(
        "exclusivity",
        "乙方（经销商）",
        "经销期间，乙方不得在约定区域内推广或销售与甲方产品同类的其他品牌产品。",
    ),
    _zh(
        "exclusivity",
        "乙方（经销商）",
        "在本协议有效期内，乙方不得在四川省内销售与甲方产品直接竞争的同类产品。",
    ),
    _zh(
        "post_termination_obligations",
        "乙方（经销商）",
        "协议终止后，甲方不负有回购乙方库存产品的义务，且乙方不得继续销售库存产品。",
    ),
    Case(
        "post_termination_obligations",
        "Distributor",
        "Upon termination the Supplier shall have no obligation to repurchase any remaining stock and the Distributor shall not sell any remaining stock.",
    ),
    _zh(
        "liability_cap_inadequate",
        "甲方（客户）",
        "乙方的累计赔偿责任不超过甲方在前三个月内支付的服务费用。",
    ),
    _zh(
        "liability_cap_inadequate",
        "乙方（经销商）",
        "甲方在本协议项下的累计赔偿责任不超过乙方最近一个月的采购金额。",
    ),
    _zh(
        "non_compete",
        "乙方（经销商）",
        "本协议终止后一年内，乙方不得在华东地区经销任何竞争品牌的产品。",
    ),
    _zh("payment_terms_unfavourable", "经销商", "经销商应在下单时预付订单全额货款。"),
    # ------------------------------------------------------ a consultancy, the consultant's side
    Case(
        "deemed_acceptance_or_waiver",
        "Consultant",
        "Any sum that the Consultant does not include in its final invoice shall be deemed waived.",
    ),
    _zh("deemed_acceptance_or_waiver", "乙方（承包人）", "乙方未列入竣工结算报告的款项，视为乙方自动放弃。"),
    Case(
        "security_insurance_burden",
        "Consultant",
        "The Consultant shall maintain professional indemnity insurance of not less than £10,000,000 for each and every claim, and shall keep that insurance in force for twelve (12) years after termination of this Agreement.",
    ),
    _zh(
        "security_insurance_burden",
        "乙方（服务方）",
        "乙方应投保职业责任保险，并在本合同终止后十年内保持有效。",
    ),
    # ------------------------------------------------ a Chinese specialist subcontract, subcontractor's side
    _zh(
        "employer_requirements_errors",
        "乙方（分包人）",
        "乙方应对甲方提供的施工图纸和业主要求进行复核，其中的任何错误均由乙方承担责任和费用。",
        domain="fidic",
    ),
    _zh(
        "ground_conditions_risk",
        "乙方（分包人）",
        "施工中遇到的地下管线、障碍物等不利物质条件，均由乙方自行承担。",
        domain="fidic",
    ),
    _zh(
        "variation_valuation_unfair",
        "乙方（分包人）",
        "甲方可将分包工程的任何部分删减后另行发包给其他单位，乙方不得索赔。",
        domain="fidic",
    ),
    _zh(
        "variation_valuation_unfair",
        "乙方（分包人）",
        "单项变更金额在合同价款3%以内的，合同价款不予调整。",
        domain="fidic",
    ),
    # ------------------------------------------- a tenant's deposit kept on any termination
    _zh(
        "post_termination_obligations",
        "乙方（承租方）",
        "乙方应于签约时支付相当于六个月租金的押金。合同因任何原因终止的，押金不予退还。",
    ),
    # ------------------------------------------------------------- a commercial agent's side
    Case(
        "payment_terms_unfavourable",
        "Agent",
        "The Agent shall be entitled to a commission of five per cent (5%) of each order, payable within one hundred and twenty (120) days after the end of the calendar quarter in which the Principal receives full payment from the customer.",
    ),
    Case(
        "indemnity_one_sided",
        "Agent",
        "If a customer fails to pay any invoice in full, the Agent shall repay to the Principal all commission received on that customer's orders and shall indemnify the Principal for the unpaid amount.",
    ),
    Case(
        "post_termination_obligations",
        "Agent",
        "On termination for any reason the Agent shall not be entitled to any indemnity, compensation or commission on orders received after the date of termination.",
    ),
    _zh(
        "post_termination_obligations",
        "乙方（经销商）",
        "本协议因任何原因终止或届满，乙方均无权要求任何补偿。",
    ),
    Case(
        "non_compete",
        "Agent",
        "For three (3) years after termination the Agent shall not act for any manufacturer of pumps anywhere in Europe.",
    ),
    Case(
        "governing_law_forum",
        "Agent",
        "This Agreement is governed by Danish law and the courts of Copenhagen shall have exclusive jurisdiction.",
        metadata={"our_home": "Spain", "counterparty_home": "Denmark"},
    ),
    # ------------------------------------------------------- a franchisee (session 9 franchise probe)
    Case(
        "non_compete",
        "Franchisee",
        "8.2 For 3 years after termination or expiry, the Franchisee shall not be engaged or interested in any restaurant or food-delivery business anywhere in Ireland or the United Kingdom.",
    ),
    Case(
        "minimum_commitment",
        "Franchisee",
        "3.3 Whatever the Gross Sales of the Outlet, the royalty payable for each month shall be not less than EUR 5,000.",
    ),
    _zh("minimum_commitment", "乙方（被特许人）", "3.3 乙方每月应支付的特许经营费不低于人民币5万元。"),
    Case(
        "deemed_acceptance_or_waiver",
        "Franchisee",
        "3.4 Each royalty statement issued by the Franchisor shall be final and binding on the Franchisee unless the Franchisee disputes it in writing within 7 days of its date.",
    ),
    Case(
        "unilateral_change_right",
        "Franchisee",
        "4.1 The Franchisee shall operate the Outlet in accordance with the Manual. The Franchisor may amend the Manual at any time in its sole discretion, and each amendment shall bind the Franchisee from the date it is notified.",
    ),
    Case(
        "exclusivity",
        "Franchisee",
        "4.2 The Franchisee shall purchase all food products and equipment used at the Outlet only from the Franchisor or from suppliers nominated by the Franchisor.",
    ),
    _zh(
        "exclusivity",
        "乙方（加盟商）",
        "4.2 乙方经营所需的原料、包装及设备只能从甲方或甲方指定的供应商处采购。",
    ),
    Case(
        "mfn_or_price_restriction",
        "Franchisee",
        "4.3 The Franchisee shall sell all menu items at the retail prices set by the Franchisor from time to time.",
    ),
    Case(
        "ip_ownership_transfer",
        "Franchisee",
        "5.3 All customer data collected at the Outlet, including loyalty-scheme members, belongs to the Franchisor.",
    ),
    Case(
        "termination_rights_unbalanced",
        "Franchisee",
        "7.2 The Franchisor may terminate this Agreement with immediate effect by written notice if the Franchisee fails to comply with any provision of the Manual, however minor.",
    ),
    Case(
        "post_termination_obligations",
        "Franchisee",
        "8.1 On termination or expiry for any reason, the Franchisee shall at the Franchisor's option sell to the Franchisor the equipment and stock of the Outlet at their written-down book value, and shall assign the lease of the Premises to the Franchisor without any premium.",
    ),
    _zh(
        "post_termination_obligations",
        "乙方（加盟商）",
        "8.1 本合同终止的，乙方应按账面净值将门店设备和库存转让给甲方。",
    ),
    Case(
        "non_solicit",
        "Franchisee",
        "8.3 For 24 months after termination, the Franchisee shall not employ or solicit any person who is or was employed by the Franchisor or by any other franchisee of the Franchisor.",
    ),
    Case(
        "liability_cap_inadequate",
        "Franchisee",
        "9.2 The total liability of the Franchisor under this Agreement shall not exceed the royalties paid by the Franchisee in the 3 months before the claim.",
    ),
    Case(
        "claim_time_bar",
        "Franchisee",
        "9.3 Any claim by the Franchisee against the Franchisor shall be barred unless proceedings are issued within 6 months after the event giving rise to the claim.",
    ),
    _zh("confidentiality_overbroad", "乙方", "6.1 乙方对甲方披露的信息负有保密义务，且该义务不受期限限制。"),
    # ------------------------------------------------------- a developer under a commissioned development (技术开发)
    _zh(
        "unilateral_change_right",
        "乙方（受托方）",
        "1.2 开发过程中，甲方有权随时变更开发需求，乙方应予配合，合同价款不予调整。",
    ),
    _zh(
        "warranty_excessive",
        "乙方（受托方）",
        "5.1 平台的质保期为验收合格之日起三年。质保期内，乙方应免费提供维护、升级及现场技术支持服务。",
    ),
    Case("warranty_excessive", "Supplier", "5.1 The Warranty Period is 36 months from acceptance."),
    _zh(
        "claim_time_bar",
        "乙方（受托方）",
        "6.3 乙方应在知道或应当知道索赔事由之日起7日内向甲方书面提出索赔，逾期未提出的，视为乙方放弃该索赔。",
    ),
    _zh("termination_rights_unbalanced", "乙方（受托方）", "7.2 乙方无权单方解除本合同。"),
    # ------------------------------------------------------- a US EPC contractor (no FIDIC words)
    Case(
        "employer_requirements_errors",
        "Contractor",
        "3.3 The Contractor shall obtain, at its cost, all permits required for the Work, including the interconnection agreement with the transmission provider.",
        domain="fidic",
    ),
    Case(
        "variation_valuation_unfair",
        "Contractor",
        "4.1 The Owner may order changes to the Work. The Contractor shall be entitled to an adjustment of the Contract Price for a change only if the change increases the cost of the Work by more than USD 500,000, and then only for the excess.",
        domain="fidic",
    ),
    Case(
        "variation_valuation_unfair",
        "Contractor",
        "4.2 The Owner may perform any deleted portion of the Work itself or award it to another contractor.",
        domain="fidic",
    ),
    Case(
        "security_insurance_burden",
        "Contractor",
        "7.1 The Contractor shall deliver an irrevocable standby letter of credit for 30% of the Contract Price, which the Owner may draw upon its demand without proof of default.",
        domain="fidic",
    ),
    Case(
        "uncapped_liability",
        "Contractor",
        "8.2 The Owner's aggregate liability to the Contractor shall not exceed USD 1,000,000. The Contractor's liability shall not be limited.",
        domain="fidic",
    ),
    Case(
        "liability_cap_inadequate",
        "Contractor",
        "8.2 The Owner's aggregate liability to the Contractor shall not exceed USD 1,000,000. The Contractor's liability shall not be limited.",
        domain="fidic",
    ),
    Case(
        "third_party_rights",
        "Contractor",
        "11.2 The Owner's lenders shall be third-party beneficiaries of the Contractor's obligations under this Agreement and may enforce them directly against the Contractor.",
        domain="fidic",
    ),
    # ------------------------------------------------------- a seller of shares (股权转让, 转让方)
    _zh(
        "termination_for_convenience",
        "甲方（转让方）",
        "2.1 乙方有权在交割前任何时间单方书面通知甲方解除本协议，且无需承担任何责任。",
        domain="sha_spa",
    ),
    _zh(
        "ma_price_mechanism_risk",
        "甲方（转让方）",
        "1.2 乙方应于交割日支付转让价款的40%；剩余60%由乙方于交割后24个月内分期支付，乙方无需就该等款项提供任何担保或抵押。",
        domain="sha_spa",
    ),
    _zh(
        "ma_price_mechanism_risk",
        "甲方（转让方）",
        "1.3 交割后，目标公司由乙方控制经营。第二期转让价款的金额根据目标公司2027年度经审计的净利润确定，审计机构由乙方单方指定。",
        domain="sha_spa",
    ),
    _zh(
        "liquidated_damages_excessive",
        "甲方（转让方）",
        "2.2 甲方违反本协议任何约定的，应按转让价款总额的30%向乙方支付违约金。",
        domain="sha_spa",
    ),
    Case(
        "liquidated_damages_excessive",
        "Seller",
        "2.2 If the Seller breaches any provision of this Agreement, it shall pay the Buyer liquidated damages of 25% of the Purchase Price.",
        domain="sha_spa",
    ),
    # ------------------------------------------------------- an offshore software developer (English)
    Case(
        "payment_terms_unfavourable",
        "Supplier",
        "3.1 The Supplier shall invoice the Fees on acceptance of each Deliverable. Each invoice is payable 90 days after the end of the month in which the Customer receives it.",
    ),
    Case(
        "liquidated_damages_excessive",
        "Supplier",
        "6.1 The Supplier shall not replace any key person without the Customer's consent, and shall pay the Customer GBP 5,000 for each day on which a key person is unavailable.",
    ),
    Case(
        "security_insurance_burden",
        "Supplier",
        "8.3 The Supplier shall maintain professional indemnity insurance of not less than GBP 10,000,000 during the term and for 10 years after this Agreement ends.",
    ),
    # ------------------------------------------------------- a Chinese EPC contractor (光伏总承包), and a tenant's deposit
    _zh(
        "employer_requirements_errors",
        "乙方（承包人）",
        "2.2 承包人应对发包人要求中的任何错误、遗漏或缺陷负责，并自费修正。",
        domain="fidic",
    ),
    _zh(
        "employer_requirements_errors",
        "乙方（承包人）",
        "2.3 承包人负责办理本工程的全部审批手续，包括接入系统批复和并网手续，费用由承包人承担。",
        domain="fidic",
    ),
    _zh(
        "warranty_excessive",
        "乙方（承包人）",
        "8.1 本工程的缺陷责任期为五年，自工程接收之日起计算。",
        domain="fidic",
    ),
    _zh(
        "post_termination_obligations", "乙方（承租方）", "8.1 合同因任何原因终止的，甲方收取的押金不予退还。"
    ),
    Case(
        "post_termination_obligations",
        "Tenant",
        "8.1 On termination for any reason, any deposit held by the Landlord shall not be refunded.",
    ),
    # ------------------------------------------------------- a SaaS client facing a provider known by name
    Case(
        "data_protection_gap",
        "Client",
        "5.3 The Provider shall notify the Client of a personal data breach within a reasonable time after becoming aware of it.",
    ),
    Case(
        "indemnity_one_sided",
        "Client",
        "7.3 The Client shall indemnify the Provider against any claim arising from the Client's use of the Platform.",
    ),
    # ------------------------------------------------------- an investor receiving confidential information
    Case(
        "confidentiality_overbroad",
        "Recipient",
        "3.3 The Recipient's obligations under this Agreement shall continue indefinitely.",
        metadata={"contract_title": "CONFIDENTIALITY AGREEMENT"},
    ),
    Case(
        "liquidated_damages_excessive",
        "Recipient",
        "6.2 The Recipient shall pay Helix USD 1,000,000 as liquidated damages for each breach of this Agreement, without prejudice to Helix's other remedies.",
    ),
    # ------------------------------------------------------- a seller's warranties that outlive the audit cycles
    _zh(
        "warranty_excessive",
        "甲方（转让方）",
        "3.1 甲方的陈述与保证自交割日起五年内持续有效。",
        domain="sha_spa",
    ),
    Case(
        "warranty_excessive",
        "Seller",
        "3.1 The Warranties shall survive Completion for five years.",
        domain="sha_spa",
    ),
    Case(
        "warranty_excessive",
        "Seller",
        "5.1 The Warranty Period is 36 months from Completion.",
        domain="sha_spa",
    ),
    # ------------------------------------------- a contract manufacturer (加工方) and a business buyer
    _zh(
        "warranty_excessive",
        "乙方（加工方）",
        "乙方应对甲方提供的技术图纸中的任何错误或遗漏负责，并自费修正由此产生的不合格产品。",
    ),
    Case(
        "warranty_excessive",
        "Manufacturer",
        "The Manufacturer shall be responsible for any errors or omissions in the drawings supplied by the Customer and shall rework non-conforming units at its own cost.",
        metadata={"counterparty_name": 'Norrland Medical AB (the "Customer")'},
    ),
    _zh(
        "payment_terms_unfavourable",
        "乙方（加工方）",
        "甲方在收到其下游客户支付的相应货款后，向乙方支付该批产品的加工费。",
    ),
    _zh(
        "deemed_acceptance_or_waiver",
        "乙方（加工方）",
        "乙方对甲方验收结果有异议的，应在收到验收结果后3日内书面提出，逾期视为乙方认可验收结果并放弃异议。",
    ),
    _zh("liability_cap_inadequate", "乙方（加工方）", "甲方的违约责任总额不超过其已支付加工费的百分之五。"),
    _zh(
        "security_insurance_burden",
        "乙方（加工方）",
        "乙方应在本合同签订后10日内向甲方支付履约保证金人民币200万元。甲方有权在乙方任何违约时直接没收该保证金，保证金不计利息。",
    ),
    _zh("change_of_control", "乙方（加工方）", "乙方控制权发生变更的，甲方有权立即解除本合同。"),
    _zh(
        "post_termination_obligations",
        "乙方（加工方）",
        "本合同终止后，乙方已采购的原材料及在制品由乙方自行处理，甲方不予补偿。",
    ),
    _zh(
        "force_majeure_unbalanced",
        "乙方（加工方）",
        "因不可抗力导致甲方不能履行本合同的，甲方不承担责任。乙方因原材料短缺、停电或政府限产而延迟交货的，不视为不可抗力。",
    ),
    Case(
        "force_majeure_unbalanced",
        "Supplier",
        "The Customer shall not be liable for any failure to perform caused by force majeure. Delays of the Supplier caused by power outages or government restrictions shall not constitute Force Majeure.",
    ),
    Case(
        "indemnity_one_sided",
        "Buyer",
        "The Buyer shall assume, pay and discharge all liabilities and obligations of the Seller relating to the Business, whether arising before, on or after Completion.",
        domain="sha_spa",
    ),
    Case(
        "indemnity_one_sided",
        "Buyer",
        "The Buyer shall be responsible for all liabilities in respect of the Employees, including liabilities arising from any act or omission of the Seller before Completion.",
        domain="sha_spa",
    ),
    _zh(
        "indemnity_one_sided",
        "受让方",
        "受让方承担目标业务在交割日前产生的全部债务和责任。",
        domain="sha_spa",
    ),
    Case(
        "ma_price_mechanism_risk",
        "Buyer",
        "The value of the stock shall be determined by the Seller's accountants from a stock count taken on the Completion Date, and their determination shall be final and binding on the parties.",
        domain="sha_spa",
    ),
    Case(
        "ma_conditions_precedent_gap",
        "Buyer",
        "Completion is conditional on the landlord's consent to the assignment of the Lease. The Seller may waive this condition by notice to the Buyer.",
        domain="sha_spa",
    ),
    Case(
        "ma_claim_limitations_unfavourable",
        "Buyer",
        "The Seller shall not be liable for any claim unless the Buyer gives notice of the claim, with full particulars, within six months after Completion.",
        domain="sha_spa",
    ),
    Case(
        "ma_claim_limitations_unfavourable",
        "Buyer",
        "The limitations in this clause 6 apply to all claims, including claims for breach of the title warranties and the tax warranties.",
        domain="sha_spa",
    ),
    Case(
        "confidentiality_overbroad",
        "Buyer",
        "The Buyer shall keep confidential all information relating to the Seller, and shall not disclose it to its financiers or professional advisers without the Seller's prior written consent.",
    ),
    Case(
        "confidentiality_overbroad",
        "Recipient",
        "The Recipient shall keep the Confidential Information secret for an unlimited period.",
    ),
    Case(
        "warranty_excessive",
        "Manufacturer",
        "The Manufacturer warrants that the Specifications are complete and free from errors, and shall be liable for any defect in the Products resulting from the Specifications.",
        metadata={"counterparty_name": 'Norrland Medical AB (the "Customer")'},
    ),
    Case(
        "cost_escalation_change_in_law",
        "Manufacturer",
        "The Prices are fixed for the term of this Agreement, notwithstanding any increase in the cost of resin, energy or labour.",
        metadata={"counterparty_name": 'Norrland Medical AB (the "Customer")'},
    ),
    Case(
        "liquidated_damages_excessive",
        "Manufacturer",
        "If the Manufacturer fails to deliver on the delivery date, it shall pay the Customer 2% of the price of the Purchase Order for each day of delay, in addition to any other remedy.",
        metadata={"counterparty_name": 'Norrland Medical AB (the "Customer")'},
    ),
    Case(
        "change_of_control",
        "Manufacturer",
        "The Customer may terminate this Agreement if any person acquires control of the Manufacturer.",
        metadata={"counterparty_name": 'Norrland Medical AB (the "Customer")'},
    ),
    Case(
        "security_insurance_burden",
        "Supplier",
        "The Supplier shall maintain product liability insurance of not less than EUR 50,000,000 for each claim, for the term and 15 years afterwards.",
    ),
    # ---------------------------------------------- a designer (设计人) appointed by the 发包人
    _zh(
        "variation_valuation_unfair",
        "设计人",
        "设计人应按照发包人提供的设计任务书及发包人随时提出的修改要求完成设计，设计人不得因此要求增加设计费。",
        domain="fidic",
    ),
    _zh(
        "ground_conditions_risk",
        "设计人",
        "发包人提供的地质勘察报告及基础资料如有错误，由设计人负责核实并承担由此产生的全部后果。",
        domain="fidic",
    ),
    _zh(
        "payment_terms_unfavourable",
        "设计人",
        "本项目竣工验收合格并取得发包人的银行贷款放款后，发包人支付设计费的50%。",
        domain="fidic",
    ),
    _zh(
        "extension_of_time_restricted",
        "设计人",
        "因发包人原因导致设计延误的，设计工期不予顺延。",
        domain="fidic",
    ),
    _zh(
        "payment_terms_unfavourable", "设计人", "发包人逾期支付设计费的，不承担任何违约责任。", domain="fidic"
    ),
    Case(
        "payment_terms_unfavourable",
        "Supplier",
        "No interest shall accrue on late payments by the Customer.",
    ),
    # ------------------------------------------------------- a hotel owner facing its operator
    Case(
        "liability_cap_inadequate",
        "Owner",
        "The Operator shall not be liable to the Owner for any loss unless caused by its gross negligence or wilful misconduct.",
        metadata={"counterparty_name": 'Meridian Hospitality Management B.V. (the "Operator")'},
    ),
    _zh("liability_cap_inadequate", "甲方（委托方）", "除故意或重大过失外，乙方对甲方的任何损失不承担责任。"),
    Case(
        "data_protection_gap",
        "Owner",
        "All guest data collected at the Hotel shall belong to the Operator, and the Operator may use it for any purpose, including for its loyalty programme and for other hotels it manages.",
        metadata={"counterparty_name": 'Meridian Hospitality Management B.V. (the "Operator")'},
    ),
    Case(
        "termination_rights_unbalanced",
        "Owner",
        "The Owner may not terminate this Agreement for any failure of the Hotel to achieve any level of financial performance.",
        metadata={"counterparty_name": 'Meridian Hospitality Management B.V. (the "Operator")'},
    ),
    Case(
        "liquidated_damages_excessive",
        "Owner",
        "If the Owner sells the Hotel, the Owner shall pay the Operator a termination fee equal to the total fees paid in the preceding 5 years.",
        metadata={"counterparty_name": 'Meridian Hospitality Management B.V. (the "Operator")'},
    ),
    Case(
        "assignment_restriction",
        "Owner",
        "The Owner shall not sell or transfer the Hotel without the Operator's prior written consent. The Operator may assign this Agreement to any of its affiliates without the Owner's consent.",
        metadata={"counterparty_name": 'Meridian Hospitality Management B.V. (the "Operator")'},
    ),
    Case(
        "indemnity_one_sided",
        "Operator",
        "If the Owner rejects a recommendation, the Owner shall bear the consequences and the Operator hereby releases and shall indemnify the Owner against all claims, whether or not caused by the negligence of the Owner.",
        metadata={"counterparty_name": 'Vertex Rail LLC ("Owner")'},
    ),
    # ------------------------------------- English written the Chinese way: Party A (Buyer) / Party B (Seller)
    Case(
        "uncapped_liability",
        "Party B (Seller)",
        "Party B shall compensate Party A for all direct and indirect losses arising from any breach, including loss of production and loss of profit.",
    ),
    Case(
        "ip_ownership_transfer",
        "Party B (Seller)",
        "All drawings, software and technical documents provided by Party B, including Party B's pre-existing technology, shall become the property of Party A.",
    ),
    Case(
        "payment_terms_unfavourable",
        "Party B (Seller)",
        "Party A shall pay 70% of the contract price on delivery, and the remaining 30% within 30 days after the expiry of the warranty period.",
    ),
    _zh("payment_terms_unfavourable", "乙方（卖方）", "甲方在验收合格后支付70%，质保期届满后支付剩余30%。"),
    # ------------------------------------------------------ a Chinese software licence, for the licensee
    _zh(
        "license_scope_restrictive",
        "被许可方",
        "许可方授予被许可方一项非独占、不可转让、不可分许可的许可软件使用权，仅限于被许可方在宁波北仑一号仓库使用。",
    ),
    _zh(
        "license_scope_restrictive",
        "被许可方",
        "被许可方不得对许可软件的有效性或许可方的知识产权提出任何异议。",
    ),
    _zh(
        "license_scope_restrictive",
        "被许可方",
        "本协议项下的许可仅供被许可方使用，被许可方的关联公司不得使用许可软件。",
    ),
    _zh("unilateral_change_right", "被许可方", "许可方有权每年单方调整许可费，调整幅度不受限制。"),
    _zh(
        "warranty_or_sla_inadequate", "被许可方", "被许可方对许可软件的唯一救济为许可方在合理期限内提供补丁。"
    ),
    _zh(
        "auto_renewal_lock_in",
        "被许可方",
        "本协议有效期为一年，期满前许可方未书面通知不续约的，自动续期一年。被许可方如不续约，应在期满前180日书面通知许可方。",
    ),
    # --------------------------------------------------------------- a borrower facing its lender
    Case(
        "unilateral_change_right",
        "Borrower",
        "Interest accrues at a rate of 6% per annum above EURIBOR. The Lender may increase the margin at any time by notice to the Borrower.",
    ),
    Case(
        "change_of_control",
        "Borrower",
        "If any person acquires control of the Borrower, the Loan shall become immediately due and payable.",
    ),
    Case(
        "termination_rights_unbalanced",
        "Borrower",
        "Each of the following is an Event of Default: (a) any other indebtedness of the Borrower or any of its affiliates is not paid when due; (b) any event occurs which the Lender considers, in its absolute discretion, may have a material adverse effect.",
    ),
    Case(
        "termination_rights_unbalanced",
        "Borrower",
        "On an Event of Default the Lender may immediately declare the Loan due and payable without notice.",
    ),
    Case(
        "security_insurance_burden",
        "Borrower",
        "The Borrower shall procure that each of its shareholders provides an unlimited personal guarantee of the Loan on demand.",
    ),
    _zh(
        "security_insurance_burden",
        "乙方（借款人）",
        "乙方应促使其实际控制人为本合同项下全部债务提供无限连带责任保证。",
    ),
    # ------------------------------------------- a depositor facing its warehouse (仓储合同)
    _zh(
        "deemed_acceptance_or_waiver",
        "存货人",
        "货物出库时，存货人应当场验收。存货人未当场提出书面异议的，视为货物完好无损、数量无误。",
    ),
    _zh(
        "unilateral_change_right",
        "存货人",
        "保管人有权根据市场行情调整仓储费标准，调整后的标准自保管人书面通知存货人之日起十日后执行。",
    ),
    _zh(
        "security_insurance_burden",
        "存货人",
        "存货人应自行对存放的货物投保财产一切险，保险金额不低于货物价值的百分之一百五十。",
    ),
    Case(
        "security_insurance_burden",
        "Customer",
        "The Customer shall maintain insurance of the Goods while in storage for their full value naming the Warehouse Keeper as loss payee.",
    ),
    _zh(
        "liability_cap_inadequate",
        "存货人",
        "因仓库漏雨、鼠害或温湿度控制设备故障造成的货物损失，保管人不承担任何责任。",
    ),
    Case(
        "liability_cap_inadequate",
        "Customer",
        "The Warehouse Keeper shall not be liable for any loss caused by leakage, vermin or breakdown of its refrigeration equipment.",
    ),
    _zh(
        "indemnity_one_sided",
        "存货人",
        "因货物本身的性质或包装缺陷给保管人或任何第三方造成的一切损失，无论保管人是否存在过错，均由存货人全额赔偿。",
    ),
    # ---------------------------------------------------- a borrower facing its lender, in Chinese
    _zh(
        "unilateral_change_right",
        "借款人",
        "在借款期限内，贷款人有权根据国家利率政策变化及市场资金成本情况单方调整借款利率。",
    ),
    _zh(
        "liquidated_damages_excessive",
        "借款人",
        "借款人未按期偿还借款本金或利息的，贷款人有权按逾期金额每日千分之三计收罚息，直至全部清偿之日止。",
    ),
    _zh(
        "termination_rights_unbalanced",
        "借款人",
        "下列任一事件均构成借款人违约：\n（一）借款人未按期偿还任何到期款项；\n（二）贷款人认为借款人的财务状况发生不利变化；\n（三）借款人违反本合同项下任何其他义务。",
    ),
    _zh(
        "change_of_control",
        "借款人",
        "下列任一事件均构成借款人违约：\n（一）借款人未按期偿还任何到期款项；\n（二）借款人的控股股东或实际控制人发生变更。",
    ),
    _zh(
        "termination_rights_unbalanced",
        "借款人",
        "发生违约事件的，贷款人有权无需通知借款人即宣布本合同项下全部借款立即提前到期。",
    ),
    _zh(
        "deemed_acceptance_or_waiver",
        "借款人",
        "借款人收到贷款人发出的对账单后五日内未提出书面异议的，视为借款人对对账单所列全部内容予以确认。",
    ),
    # ------------------------------------------- Particular Conditions read for the Contractor
    Case(
        "claim_time_bar",
        "Contractor",
        "If the Contractor considers itself entitled to any additional payment or extension of time, it shall give notice to the Engineer within 14 days after it became aware of the event. If the Contractor fails to give notice within such period, the Contractor shall not be entitled to additional payment.",
        domain="fidic",
    ),
    Case(
        "extension_of_time_restricted",
        "Contractor",
        "The Contractor shall be entitled to an extension of the Time for Completion only in respect of a Variation.",
        domain="fidic",
    ),
    Case(
        "extension_of_time_restricted",
        "Contractor",
        "Sub-paragraphs (b) to (e) of Sub-Clause 8.5 [Extension of Time for Completion] of the General Conditions are deleted.",
        domain="fidic",
    ),
    Case(
        "governing_law_forum",
        "Contractor",
        "21. Disputes and Arbitration\n21.6 The courts of Mombasa shall have exclusive jurisdiction over any dispute.",
        domain="fidic",
        metadata={
            "our_home": "England and Wales",
            "counterparty_name": "Northshore Port Authority",
            "counterparty_home": "Kenya",
        },
    ),
    # --------------------------------------- a contractor under Chinese 专用合同条款 (GF-2017-0201)
    _zh(
        "employer_requirements_errors",
        "承包人",
        "承包人应对发包人提供的施工图纸进行复核，因图纸错误、遗漏或缺陷造成的费用增加和工期延误，由承包人承担。",
        domain="fidic",
    ),
    _zh(
        "termination_rights_unbalanced",
        "承包人",
        "发包人逾期支付进度款的，承包人不得以此为由暂停施工或解除合同。",
        domain="fidic",
    ),
    _zh(
        "claim_time_bar",
        "承包人",
        "承包人应在知道索赔事件发生后七日内向监理人发出索赔意向通知书，逾期未发出的，丧失要求追加付款和延长工期的权利。",
        domain="fidic",
    ),
    # ------------------------------------------------------ a partner in a joint development
    Case(
        "ip_ownership_transfer",
        "Velora",
        "Velora grants Kaizen a perpetual, irrevocable, worldwide, royalty-free licence, with the right to sublicense, to use Velora's Background IP for any purpose.",
        metadata={"counterparty_name": "Kaizen Pharma K.K."},
    ),
    Case(
        "license_scope_restrictive",
        "Velora",
        "Kaizen grants Velora a non-exclusive, non-transferable licence, revocable at any time by Kaizen, to use the Developed IP solely for performing its tasks under the Development Plan.",
        metadata={"counterparty_name": "Kaizen Pharma K.K."},
    ),
    # ------------------------------------------------ a property manager facing the developer
    _zh(
        "unilateral_change_right",
        "乙方（受托方）",
        "甲方每季度对乙方服务进行考核，并有权根据考核结果扣减当季物业服务费，扣减比例由甲方确定。",
    ),
    _zh(
        "indemnity_one_sided",
        "乙方（受托方）",
        "乙方对小区内发生的一切人身伤害和财产损失承担全部赔偿责任，无论该等损害是否由乙方造成。",
    ),
    _zh(
        "termination_rights_unbalanced",
        "乙方（受托方）",
        "有下列情形之一的，甲方有权立即解除本合同：\n（一）乙方被业主投诉累计三次以上的；\n（二）乙方严重违约，经甲方书面催告后三十日内仍未纠正的。",
    ),
    # ------------------------------- immediate termination for any breach, cure or not
    Case(
        "termination_rights_unbalanced",
        "Supplier",
        "The Customer may terminate this Agreement immediately by written notice, whether or not the breach is disputed, if the Supplier fails to remedy any breach within thirty (30) days.",
    ),
    # a party's name that is the tail of the other's (许可方 in 被许可方) names only itself
    _zh("termination_rights_unbalanced", "被许可方", "被许可方无权单方提前解除本协议。"),
    # ------------------------------------------------ a distributor facing its supplier
    Case(
        "post_termination_obligations",
        "Oceanic Medical Supplies Pty Ltd (the Distributor)",
        "14.1 On termination the Supplier may, but shall not be obliged to, repurchase the Products held in stock by the Distributor. The Distributor shall not sell any Products remaining in its stock after termination.",
    ),
    Case(
        "mfn_or_price_restriction",
        "Oceanic Medical Supplies Pty Ltd (the Distributor)",
        "5.2 The Distributor shall not resell the Products at prices below the retail prices recommended by the Supplier from time to time.",
    ),
    Case(
        "payment_terms_unfavourable",
        "Oceanic Medical Supplies Pty Ltd (the Distributor)",
        "5.3 The Distributor shall pay one hundred per cent (100%) of the price of each order before the Products are shipped.",
    ),
    Case(
        "minimum_commitment",
        "Oceanic Medical Supplies Pty Ltd (the Distributor)",
        "4.1 The Distributor shall purchase Products with a total invoice value of not less than EUR 2,000,000 in each Contract Year.",
    ),
    Case(
        "warranty_or_sla_inadequate",
        "Oceanic Medical Supplies Pty Ltd (the Distributor)",
        "7.1 The Supplier warrants that the Products will be free from defects in materials for six (6) months from delivery to the Distributor.",
    ),
    Case(
        "warranty_or_sla_inadequate",
        "Oceanic Medical Supplies Pty Ltd (the Distributor)",
        "7.2 The Supplier's sole obligation under this warranty is to repair or replace the defective Products, at its option.",
    ),
    # ------------------------------------------------ a developer under a Chinese 技术开发合同
    _zh(
        "non_compete",
        "乙方",
        "在本合同有效期内及本合同终止后五年内，乙方不得为任何第三方开发与本项目相同或类似的系统。",
    ),
    # ------------------------------------------------ a consultant facing its client
    Case(
        "security_insurance_burden",
        "BRIGHTLINE ADVISORY LIMITED (the Consultant)",
        "6.1 The Consultant shall maintain professional indemnity insurance of not less than GBP 10,000,000 for each claim during the term of this Agreement and for twelve (12) years after its termination.",
    ),
    Case(
        "third_party_rights",
        "BRIGHTLINE ADVISORY LIMITED (the Consultant)",
        "12.1 Each member of the Client's group may enforce any term of this Agreement against the Consultant under the Contracts (Rights of Third Parties) Act 1999.",
        metadata={"counterparty": "KESTREL ENERGY PLC (the Client)"},
    ),
    Case(
        "claim_time_bar",
        "BRIGHTLINE ADVISORY LIMITED (the Consultant)",
        "3.2 The Consultant shall submit each invoice within thirty (30) days after the end of the month in which the Services were performed. Fees not invoiced within that period shall not be payable.",
    ),
    _zh(
        "claim_time_bar",
        "乙方",
        "乙方应在每月结束后十日内向甲方提交结算申请及发票，逾期提交的，甲方对该月费用不予支付。",
    ),
    # ------------------------------------------------ a subcontractor facing the main contractor
    _zh(
        "cost_escalation_change_in_law",
        "乙方（分包人）",
        "3.2 合同履行期间，主要材料（铝型材、玻璃、钢材）市场价格上涨的风险全部由乙方承担，合同价款不作调整。",
        domain="fidic",
    ),
    Case(
        "cost_escalation_change_in_law",
        "Hartley Facades Ltd (the Subcontractor)",
        "4.2 Any rise in the market price of steel or aluminium shall be borne by the Subcontractor and the Subcontract Sum shall not be adjusted.",
        domain="fidic",
        metadata={"counterparty": "Bramwell Construction plc (the Contractor)"},
    ),
    _zh(
        "termination_for_convenience",
        "乙方（分包人）",
        "10.2 甲方因发包人原因或总包合同解除而解除本合同的，乙方不得向甲方主张任何损失赔偿。",
        domain="fidic",
    ),
    Case(
        "termination_for_convenience",
        "Hartley Facades Ltd (the Subcontractor)",
        "18.2 If the Main Contract is terminated for any reason, the Contractor may terminate this Subcontract by notice and the Subcontractor shall have no claim for compensation, loss of profit or costs.",
        domain="fidic",
        metadata={"counterparty": "Bramwell Construction plc (the Contractor)"},
    ),
    _zh(
        "payment_terms_unfavourable",
        "乙方（分包人）",
        "4.3 工程竣工验收合格后，乙方提交结算资料，分包工程结算价以发包人对总包工程结算的审定价为准。",
        domain="fidic",
    ),
    Case(
        "payment_terms_unfavourable",
        "Hartley Facades Ltd (the Subcontractor)",
        "9.4 The final account shall be the amount certified by the Employer under the Main Contract in respect of the Subcontract Works.",
        domain="fidic",
        metadata={"counterparty": "Bramwell Construction plc (the Contractor)"},
    ),
    # a Chinese construction retention above the 3% that the law allows
    _zh(
        "security_insurance_burden",
        "乙方（分包人）",
        "4.4 甲方从每期进度款中扣留百分之五作为质量保证金，缺陷责任期满后十四日内退还。",
        domain="fidic",
    ),
    # a retention released only when the employer upstream releases the main contractor's
    _zh(
        "security_insurance_burden",
        "乙方（分包人）",
        "4.4 甲方从结算价款中预留百分之三作为质量保证金，待发包人向甲方退还总包质量保证金后无息退还。",
        domain="fidic",
    ),
    # five years is the statutory minimum against leaks, not for fit-out work
    _zh("warranty_excessive", "乙方（分包人）", "11.1 乙方对装修工程的保修期为五年。", domain="fidic"),
    # ------------------------------------------------ a controller facing its data processor
    Case(
        "data_protection_gap",
        "Nordlicht Versicherung AG (the Customer)",
        "5.1 The Processor may appoint or replace any Sub-processor at any time without notice to the Customer, and the Customer shall have no right to object.",
        metadata={"counterparty": "CloudHarbor Analytics Inc. (the Processor)"},
    ),
    Case(
        "data_protection_gap",
        "Nordlicht Versicherung AG (the Customer)",
        "6.1 The Processor and its Sub-processors may transfer and process Customer Personal Data in any country in which they or their affiliates operate.",
        metadata={"counterparty": "CloudHarbor Analytics Inc. (the Processor)"},
    ),
    Case(
        "data_protection_gap",
        "Nordlicht Versicherung AG (the Customer)",
        "8.1 The Customer's audit rights under the Data Protection Laws are satisfied by the Processor making its most recent SOC 2 Type II report available to the Customer once a year. The Customer shall not carry out on-site audits or inspections.",
        metadata={"counterparty": "CloudHarbor Analytics Inc. (the Processor)"},
    ),
    Case(
        "post_termination_obligations",
        "Nordlicht Versicherung AG (the Customer)",
        "9.1 Within one hundred and eighty (180) days after the end of the Principal Agreement the Processor shall delete all Customer Personal Data. The Processor is not obliged to return any Customer Personal Data to the Customer.",
        metadata={"counterparty": "CloudHarbor Analytics Inc. (the Processor)"},
    ),
    Case(
        "unilateral_change_right",
        "Nordlicht Versicherung AG (the Customer)",
        "11.1 The Processor may amend this DPA from time to time by posting an updated version on its website. The updated version takes effect on posting.",
        metadata={"counterparty": "CloudHarbor Analytics Inc. (the Processor)"},
    ),
    # ------------------------------------------------ a shipper facing its logistics provider
    Case(
        "exclusivity",
        "Vantor Electronics B.V. (the Customer)",
        "2.1 During the term the Customer shall use the Provider exclusively for all shipments of Goods from China to Europe.",
        metadata={"counterparty": "Pearl Delta Freight Limited (the Provider)"},
    ),
    Case(
        "minimum_commitment",
        "Vantor Electronics B.V. (the Customer)",
        "2.2 The Customer shall tender not less than five hundred (500) TEU of Goods in each Contract Year. If the Customer tenders fewer, it shall pay the Provider a shortfall fee of USD 400 for each TEU not tendered.",
        metadata={"counterparty": "Pearl Delta Freight Limited (the Provider)"},
    ),
    Case(
        "liquidated_damages_excessive",
        "Vantor Electronics B.V. (the Customer)",
        "3.3 Overdue sums bear interest at five per cent (5%) per month until paid.",
        metadata={"counterparty": "Pearl Delta Freight Limited (the Provider)"},
    ),
    Case(
        "liability_cap_inadequate",
        "Vantor Electronics B.V. (the Customer)",
        "5.1 The Provider's liability for loss of or damage to Goods shall not exceed two (2) SDR per kilogram of the gross weight of the Goods lost or damaged.",
        metadata={"counterparty": "Pearl Delta Freight Limited (the Provider)"},
    ),
    Case(
        "liability_cap_inadequate",
        "Vantor Electronics B.V. (the Customer)",
        "5.2 The Provider shall not be liable for any loss caused by delay, however caused.",
        metadata={"counterparty": "Pearl Delta Freight Limited (the Provider)"},
    ),
    Case(
        "claim_time_bar",
        "Vantor Electronics B.V. (the Customer)",
        "6.1 Any claim for loss of or damage to Goods must be notified to the Provider in writing within three (3) days of delivery. The Provider shall be discharged from all liability unless suit is brought within six (6) months of delivery.",
        metadata={"counterparty": "Pearl Delta Freight Limited (the Provider)"},
    ),
    Case(
        "force_majeure_unbalanced",
        "Vantor Electronics B.V. (the Customer)",
        "7. FORCE MAJEURE\n7.1 The Provider shall not be liable for any failure or delay caused by events beyond its reasonable control, including port congestion, shortage of containers or vessel space, and strikes or labour disputes of its own employees or subcontractors.",
        metadata={"counterparty": "Pearl Delta Freight Limited (the Provider)"},
    ),
    # ------------------------------------------------ a shipper facing its carrier, in Chinese
    _zh(
        "minimum_commitment",
        "甲方（托运人）",
        "2.1 甲方保证每月交运的货物不少于200吨，不足部分按相应运费的百分之五十向乙方支付空载补偿费。",
    ),
    _zh(
        "unilateral_change_right",
        "甲方（托运人）",
        "3.1 乙方有权根据燃油价格变化单方调整运价，调整后的运价自乙方通知之日起执行。",
    ),
    _zh(
        "deemed_acceptance_or_waiver",
        "甲方（托运人）",
        "4.1 收货人应在货物送达后二十四小时内验收，逾期未提出书面异议的，视为货物完好、数量无误。",
    ),
    _zh(
        "liability_cap_inadequate",
        "甲方（托运人）",
        "5.1 货物在运输过程中发生灭失、短少、损坏的，乙方按每公斤人民币二十元的标准赔偿，且赔偿总额不超过该批货物运费的三倍。",
    ),
    _zh(
        "liability_cap_inadequate",
        "甲方（托运人）",
        "5.2 因乙方原因造成货物迟延送达的，乙方不承担任何责任。",
    ),
    _zh(
        "indemnity_one_sided",
        "甲方（托运人）",
        "6.2 乙方因运输甲方货物而遭受的任何损失，包括因乙方自身过错造成的损失，均由甲方负责赔偿。",
    ),
    # ------------------------------------------------ a 25% investor facing its founder
    Case(
        "sha_governance_weak",
        "Harcourt Ventures LLP (the Investor)",
        '2.1 Any shareholder holding at least 30% of the Shares may appoint one director (the "Investor Director").',
        domain="sha_spa",
        metadata={"counterparty": "Marcus Feld (the Founder)", "our_shareholding": "25%"},
    ),
    Case(
        "sha_governance_weak",
        "Harcourt Ventures LLP (the Investor)",
        "2.2 The quorum for Board meetings shall be two directors, who need not include the Investor Director.",
        domain="sha_spa",
        metadata={"counterparty": "Marcus Feld (the Founder)"},
    ),
    Case(
        "sha_dilution_pre_emption",
        "Harcourt Ventures LLP (the Investor)",
        "5.1 Any new Shares shall first be offered to the existing shareholders in proportion to their holdings, unless the Board resolves that the offer is not in the interests of the Company.",
        domain="sha_spa",
        metadata={"counterparty": "Marcus Feld (the Founder)"},
    ),
    Case(
        "sha_exit_rights_unfavourable",
        "Harcourt Ventures LLP (the Investor)",
        "7.1 If the Investor commits any breach of this Agreement, the Founder may require the Investor to transfer all its Shares to the Founder at 50% of their Fair Value.",
        domain="sha_spa",
        metadata={"counterparty": "Marcus Feld (the Founder)"},
    ),
    Case(
        "sha_governance_weak",
        "Harcourt Ventures LLP (the Investor)",
        "8.1 If the shareholders cannot agree on a matter for thirty days, the matter shall be decided by the chairman.",
        domain="sha_spa",
        metadata={"counterparty": "Marcus Feld (the Founder)"},
    ),
    # ------------------------------------------------ a 15% investor facing its founder, in Chinese
    _zh(
        "sha_governance_weak",
        "乙方（投资方）",
        "1.2 董事会会议须有过半数董事出席方可举行，无需乙方委派的董事出席。",
        domain="sha_spa",
    ),
    _zh(
        "sha_governance_weak",
        "乙方（投资方）",
        "1.3 董事长由甲方委派。董事会表决票数相等时，董事长有权作出最终决定。",
        domain="sha_spa",
    ),
    _zh(
        "sha_governance_weak",
        "乙方（投资方）",
        "3.1 公司每年向乙方提供经审计的年度财务报告。",
        domain="sha_spa",
    ),
    _zh(
        "sha_dilution_pre_emption",
        "乙方（投资方）",
        "4.1 公司增加注册资本时，经董事会决定，可以不向现有股东提供优先认购权。",
        domain="sha_spa",
    ),
    _zh(
        "sha_exit_rights_unfavourable",
        "乙方（投资方）",
        "6.1 乙方违反本协议任何约定的，甲方有权以乙方原始出资额的50%收购乙方持有的全部股权。",
        domain="sha_spa",
    ),
    _zh(
        "sha_governance_weak",
        "乙方（投资方）",
        "7.1 各方无法就公司经营事项达成一致的，由董事长决定。",
        domain="sha_spa",
    ),
    # ------------------------------------------------ a tenant facing its landlord
    Case(
        "auto_renewal_lock_in",
        "Lumen Health Analytics Limited (the Tenant)",
        "2.1 The Landlord lets the Premises to the Tenant for a term of ten years from 1 November 2026. The Tenant has no right to end this Lease before the end of the term.",
        metadata={"counterparty": "Castlegate Property Holdings Limited (the Landlord)"},
    ),
    Case(
        "unilateral_change_right",
        "Lumen Health Analytics Limited (the Tenant)",
        "4.1 On each fifth anniversary of the term the Rent shall be increased to such amount as the Landlord's surveyor determines to be the open market rent. The Rent shall never be reduced on a review.",
        metadata={"counterparty": "Castlegate Property Holdings Limited (the Landlord)"},
    ),
    Case(
        "liability_cap_inadequate",
        "Lumen Health Analytics Limited (the Tenant)",
        "7.1 The Landlord shall not be liable for any failure or interruption of the heating, lifts, air-conditioning or other services, however caused.",
        metadata={"counterparty": "Castlegate Property Holdings Limited (the Landlord)"},
    ),
    Case(
        "termination_for_convenience",
        "Lumen Health Analytics Limited (the Tenant)",
        "9.1 The Landlord may end this Lease at any time by giving the Tenant three months' notice if it wishes to redevelop the building, and the Tenant shall not be entitled to any compensation.",
        metadata={"counterparty": "Castlegate Property Holdings Limited (the Landlord)"},
    ),
    Case(
        "termination_rights_unbalanced",
        "Lumen Health Analytics Limited (the Tenant)",
        "10.1 If any Rent is unpaid for seven days after it is due, whether formally demanded or not, or if the Tenant breaches any of its obligations, the Landlord may re-enter the Premises and this Lease shall immediately end.",
        metadata={"counterparty": "Castlegate Property Holdings Limited (the Landlord)"},
    ),
    Case(
        "post_termination_obligations",
        "Lumen Health Analytics Limited (the Tenant)",
        "11.1 At the end of the term the Tenant shall remove all its fixtures and reinstate the Premises to their original condition. Any item left in the Premises shall become the property of the Landlord without payment.",
        metadata={"counterparty": "Castlegate Property Holdings Limited (the Landlord)"},
    ),
    # ------------------------------------------------ a SaaS customer, in Chinese, and its data on exit
    _zh(
        "liability_cap_inadequate",
        "甲方（客户）",
        "5.2 因第三方云服务商原因造成的服务中断，乙方不承担任何责任。",
    ),
    _zh("post_termination_obligations", "甲方（客户）", "6.3 本协议终止后，乙方将在七日内删除甲方全部数据。"),
    Case(
        "liability_cap_inadequate",
        "Nordlicht Versicherung AG (the Customer)",
        "The Processor shall not be liable for any interruption of the Services caused by its hosting providers.",
        metadata={"counterparty": "CloudHarbor Analytics Inc. (the Processor)"},
    ),
    Case(
        "post_termination_obligations",
        "Nordlicht Versicherung AG (the Customer)",
        "Within seven (7) days after termination the Processor shall delete all Customer Data.",
        metadata={"counterparty": "CloudHarbor Analytics Inc. (the Processor)"},
    ),
    # ------------------------------------------------ an English subcontract, read for the subcontractor
    Case(
        "liquidated_damages_excessive",
        "Hartley Facades Ltd (the Subcontractor)",
        "3.1 If the Subcontractor fails to complete the Subcontract Works by the completion date, it shall pay the Contractor all liquidated damages that the Employer deducts under the Main Contract, together with all other losses the Contractor suffers.",
        domain="fidic",
        metadata={"counterparty": "Bramwell Construction plc (the Contractor)"},
    ),
    Case(
        "claim_time_bar",
        "Hartley Facades Ltd (the Subcontractor)",
        "4.1 The Subcontractor shall give notice of any claim for an extension of time or additional payment within seven days after the event. If it does not, it shall not be entitled to any extension of time or additional payment.",
        domain="fidic",
        metadata={"counterparty": "Bramwell Construction plc (the Contractor)"},
    ),
    Case(
        "variation_valuation_unfair",
        "Hartley Facades Ltd (the Subcontractor)",
        "5.1 The Contractor may instruct variations to the Subcontract Works. No variation shall entitle the Subcontractor to additional payment unless and to the extent that the Contractor recovers payment for it from the Employer.",
        domain="fidic",
        metadata={"counterparty": "Bramwell Construction plc (the Contractor)"},
    ),
]


CLEAR: list[Case] = [
    # ------------------------------- immediate termination once a cure period has run out
    Case(
        "termination_rights_unbalanced",
        "Supplier",
        "The Customer may terminate this Agreement immediately by written notice if the Supplier commits a material breach of this Agreement which the Supplier fails to remedy within thirty (30) days after receiving notice of it.",
    ),
    # ---------------------------------------- a buyer of goods is not a buyer of shares
    Case(
        "ma_claim_limitations_unfavourable",
        "Party A (Buyer)",
        "Party B's total liability under this Agreement shall not exceed 10% of the price of the relevant order.",
    ),
    # ------------------------------------------------ a property manager facing the developer
    _zh(
        "termination_rights_unbalanced",
        "乙方（受托方）",
        "有下列情形之一的，甲方有权立即解除本合同：\n（一）乙方严重违约，经甲方书面催告后三十日内仍未纠正的；\n（二）乙方破产或进入清算程序的。",
    ),
    _zh(
        "governing_law_forum",
        "乙方（受托方）",
        "因本合同发生的争议，由甲方所在地人民法院管辖。",
        metadata={"our_home": "中国", "counterparty_home": "中国", "shared_city": "上海"},
    ),
    # ------------------------------------------------------ a partner in a joint development
    Case(
        "ip_ownership_transfer",
        "Velora",
        "Velora grants Kaizen a non-exclusive, royalty-free licence to use Velora's Background IP solely to perform the Project during the term.",
        metadata={"counterparty_name": "Kaizen Pharma K.K."},
    ),
    Case(
        "license_scope_restrictive",
        "Kaizen",
        "Kaizen grants Velora a non-exclusive, non-transferable licence, revocable at any time by Kaizen, to use the Developed IP solely for performing its tasks under the Development Plan.",
        metadata={"counterparty_name": "Velora Biotech Limited"},
    ),
    # ------------------------------------------- Particular Conditions read for the Employer
    Case(
        "security_insurance_burden",
        "Employer",
        "The Contractor shall deliver to the Employer, within 14 days after receiving the Letter of Acceptance, a Performance Security in the amount of 20% of the Accepted Contract Amount, in the form of an unconditional bank guarantee payable on first demand.",
        domain="fidic",
    ),
    Case(
        "security_insurance_burden",
        "Employer",
        "The Employer shall retain 10% of each interim payment as Retention Money, to be released on the expiry of the last Defects Notification Period.",
        domain="fidic",
    ),
    Case(
        "governing_law_forum",
        "Employer",
        "21. Disputes and Arbitration\n21.6 The courts of Mombasa shall have exclusive jurisdiction over any dispute.",
        domain="fidic",
        metadata={
            "our_home": "Kenya",
            "counterparty_name": "Hanwell Construction Limited",
            "counterparty_home": "England and Wales",
        },
    ),
    # ------------------------------------------- a depositor facing its warehouse (仓储合同)
    _zh(
        "liability_cap_inadequate",
        "存货人",
        "因存货人原因或不可抗力造成的货物损失，保管人不承担责任。",
    ),
    Case(
        "liability_cap_inadequate",
        "Customer",
        "The Provider shall not be liable for any interruption caused by power failure or acts of God.",
    ),
    _zh(
        "indemnity_one_sided",
        "保管人",
        "因保管人保管不善给存货人造成的一切损失，由保管人全额赔偿。",
    ),
    _zh(
        "security_insurance_burden",
        "存货人",
        "存货人应自行对存放的货物按其价值投保财产一切险。",
    ),
    Case(
        "security_insurance_burden",
        "Borrower",
        "The Borrower shall maintain insurance of the Charged Assets for their full value naming the Lender as first loss payee.",
    ),
    _zh(
        "deemed_acceptance_or_waiver",
        "甲方",
        "任何一方未行使本合同项下的权利，不视为放弃该权利。",
    ),
    # ---------------------------------------------------- a borrower facing its lender, in Chinese
    _zh(
        "liquidated_damages_excessive",
        "借款人",
        "借款人未按期偿还借款本金或利息的，贷款人有权按逾期金额每日万分之五计收罚息，直至全部清偿之日止。",
    ),
    _zh(
        "liquidated_damages_excessive",
        "贷款人",
        "借款人未按期偿还借款本金或利息的，贷款人有权按逾期金额每日千分之三计收罚息，直至全部清偿之日止。",
    ),
    _zh(
        "uncapped_liability",
        "借款人",
        "借款人的实际控制人及其配偶应向贷款人提供无限连带责任保证。",
    ),
    _zh(
        "termination_rights_unbalanced",
        "借款人",
        "下列事件构成借款人违约：\n（一）借款人未按期偿还到期款项且在十五个工作日内未予补救；\n（二）借款人自身超过人民币一千万元的金融债务未按期偿还。",
    ),
    _zh(
        "unilateral_change_right",
        "乙方",
        "甲方有权随时修改其管理制度。",
    ),
    Case(
        "termination_rights_unbalanced",
        "Licensor",
        "Either party may terminate immediately upon written notice if the other party fails to pay any amount due hereunder and fails to cure such default within thirty (30) days after written notice, any termination for the Licensee's failure to pay resulting in the acceleration of the Licensee's obligation to pay all sums due.",
    ),
    # --------------------------------------------------------------- a borrower facing its lender
    Case(
        "termination_rights_unbalanced",
        "Borrower",
        "Each of the following is an Event of Default: (a) the Borrower fails to pay any amount within five Business Days of its due date; (b) any financial indebtedness of the Borrower exceeding EUR 1,000,000 is not paid when due.",
    ),
    Case(
        "change_of_control",
        "Lender",
        "If any person acquires control of the Borrower, the Loan shall become immediately due and payable.",
    ),
    Case(
        "security_insurance_burden",
        "Borrower",
        "The Borrower shall grant the Lender a first-ranking charge over the vessel; no personal guarantee shall be required from its shareholders.",
    ),
    # ------------------------------------------------------ a Chinese software licence, for the licensee
    _zh(
        "license_scope_restrictive",
        "许可方",
        "本协议项下的许可仅供被许可方使用，被许可方的关联公司不得使用许可软件。",
    ),
    _zh("uncapped_liability", "许可方", "许可方有权每年单方调整许可费，调整幅度不受限制。"),
    _zh(
        "auto_renewal_lock_in",
        "被许可方",
        "本协议有效期为一年，期满前任何一方未书面通知不续约的，自动续期一年。不续约的一方应在期满前30日书面通知对方。",
    ),
    _zh(
        "license_scope_restrictive",
        "被许可方",
        "许可方授予被许可方及其关联公司一项不可撤销的许可软件使用权，被许可方可在其任何场所使用，并可随业务一并转让。",
    ),
    # ------------------------------------- English written the Chinese way: Party A (Buyer) / Party B (Seller)
    Case(
        "ip_ownership_transfer",
        "Party B (Seller)",
        "All drawings and documents provided by Party A shall remain the property of Party A.",
    ),
    Case(
        "payment_terms_unfavourable",
        "Party A (Buyer)",
        "Party A shall pay 10% of the contract price within 30 days after signing, 60% within 60 days after the Equipment passes final acceptance, and the remaining 30% within 30 days after the expiry of the warranty period.",
    ),
    _zh(
        "payment_terms_unfavourable",
        "乙方（卖方）",
        "甲方在验收合格后30日内支付95%，质保期届满后支付剩余5%。",
    ),
    Case(
        "indemnity_one_sided",
        "Operator",
        "If the Owner does not approve a recommendation of the Operator, then the Operator shall not be liable and the Owner hereby releases and shall indemnify and hold the Operator harmless from any loss arising from the failure to implement it.",
        metadata={"counterparty_name": 'Vertex Rail LLC ("Owner")'},
    ),
    # ------------------------------------------------------- a hotel owner facing its operator
    Case(
        "liability_cap_inadequate",
        "Operator",
        "The Operator shall not be liable to the Owner for any loss unless caused by its gross negligence or wilful misconduct.",
        metadata={"counterparty_name": 'Siam Riverside Properties Co., Ltd. (the "Owner")'},
    ),
    Case(
        "liability_cap_inadequate",
        "Owner",
        "The Operator's liability shall not be limited in the case of its gross negligence or wilful misconduct.",
        metadata={"counterparty_name": 'Meridian Hospitality Management B.V. (the "Operator")'},
    ),
    Case(
        "termination_rights_unbalanced",
        "Owner",
        "The Owner may terminate this Agreement if the Hotel fails to achieve 85% of the budgeted Gross Operating Profit in two consecutive Fiscal Years.",
        metadata={"counterparty_name": 'Meridian Hospitality Management B.V. (the "Operator")'},
    ),
    Case(
        "liquidated_damages_excessive",
        "Owner",
        "If the Owner sells the Hotel, the Operator shall be entitled to the fees earned up to the date of termination.",
        metadata={"counterparty_name": 'Meridian Hospitality Management B.V. (the "Operator")'},
    ),
    # ---------------------------------------------- a designer (设计人) appointed by the 发包人
    _zh(
        "ground_conditions_risk",
        "设计人",
        "发包人应对其提供的地质勘察报告及基础资料的真实性、准确性负责。",
        domain="fidic",
    ),
    _zh(
        "payment_terms_unfavourable", "发包人", "发包人逾期支付设计费的，不承担任何违约责任。", domain="fidic"
    ),
    _zh(
        "payment_terms_unfavourable",
        "设计人",
        "发包人逾期支付设计费的，应按每日万分之五向设计人支付逾期付款违约金。",
        domain="fidic",
    ),
    _zh(
        "variation_valuation_unfair",
        "设计人",
        "发包人提出修改要求导致设计工作量增加的，双方应按实际增加的工作量协商增加设计费。",
        domain="fidic",
    ),
    Case(
        "minimum_commitment",
        "Customer",
        "The Supplier shall reserve sufficient capacity to meet the Customer's forecasts. The Customer shall have no obligation to order any minimum quantity of Products.",
    ),
    Case(
        "warranty_excessive",
        "Manufacturer",
        "The Customer warrants that the Specifications are complete and free from errors, and the Manufacturer shall not be liable for any defect resulting from the Specifications.",
        metadata={"counterparty_name": 'Norrland Medical AB (the "Customer")'},
    ),
    Case(
        "change_of_control",
        "Manufacturer",
        "The Manufacturer may terminate this Agreement if any person acquires control of the Customer.",
        metadata={"counterparty_name": 'Norrland Medical AB (the "Customer")'},
    ),
    Case(
        "security_insurance_burden",
        "Supplier",
        "The Supplier shall maintain product liability insurance of not less than EUR 5,000,000 for each claim, for the term and 3 years afterwards.",
    ),
    # ------------------------------------------- a contract manufacturer (加工方) and a business buyer
    _zh(
        "warranty_excessive",
        "甲方（委托方）",
        "乙方应对甲方提供的技术图纸中的任何错误或遗漏负责，并自费修正由此产生的不合格产品。",
    ),
    Case(
        "warranty_excessive",
        "Manufacturer",
        "The Customer shall be responsible for any errors or omissions in the drawings supplied by the Customer, and the Manufacturer shall notify any error it notices.",
        metadata={"counterparty_name": 'Norrland Medical AB (the "Customer")'},
    ),
    _zh(
        "deemed_acceptance_or_waiver",
        "甲方（委托方）",
        "乙方对甲方验收结果有异议的，应在收到验收结果后3日内书面提出，逾期视为乙方认可验收结果并放弃异议。",
    ),
    _zh(
        "security_insurance_burden",
        "甲方（委托方）",
        "乙方应在本合同签订后10日内向甲方支付履约保证金人民币200万元。甲方有权在乙方任何违约时直接没收该保证金，保证金不计利息。",
    ),
    _zh(
        "indemnity_one_sided",
        "甲方（委托方）",
        "甲方有权从应付乙方的任何款项中直接扣除乙方应承担的违约金、赔偿金及其他任何费用。",
    ),
    _zh(
        "force_majeure_unbalanced",
        "甲方（委托方）",
        "因不可抗力导致甲方不能履行本合同的，甲方不承担责任。乙方因原材料短缺、停电或政府限产而延迟交货的，不视为不可抗力。",
    ),
    Case(
        "force_majeure_unbalanced",
        "Supplier",
        "Neither Party shall be liable for any failure to perform caused by force majeure. Shortages of materials or labour of the Supplier shall not constitute Force Majeure.",
    ),
    Case(
        "indemnity_one_sided",
        "Buyer",
        "The Buyer shall assume the liabilities under the Assumed Contracts to the extent they arise after Completion, and the Seller shall indemnify the Buyer against all liabilities arising before Completion.",
        domain="sha_spa",
    ),
    Case(
        "ma_conditions_precedent_gap",
        "Buyer",
        "Completion is conditional on the landlord's consent to the assignment of the Lease. The Buyer may waive this condition by notice to the Seller.",
        domain="sha_spa",
    ),
    Case(
        "ma_claim_limitations_unfavourable",
        "Buyer",
        "The Seller shall not be liable for any claim unless the Buyer gives notice of the claim within 24 months after Completion.",
        domain="sha_spa",
    ),
    Case(
        "confidentiality_overbroad",
        "Recipient",
        "The Recipient shall not disclose Confidential Information to any person other than its professional advisers who need to know it and are bound by duties of confidence.",
    ),
    Case(
        "confidentiality_overbroad",
        "Buyer",
        "The Buyer may disclose information relating to the Seller to its financiers and professional advisers without the Seller's consent, provided they are bound by duties of confidence.",
    ),
    # ------------------------------------------------------- the buyer's view of long survival; tax; two years
    _zh(
        "warranty_excessive",
        "乙方（受让方）",
        "3.1 甲方的陈述与保证自交割日起五年内持续有效。",
        domain="sha_spa",
    ),
    Case(
        "warranty_excessive",
        "Buyer",
        "3.1 The Warranties shall survive Completion for five years.",
        domain="sha_spa",
    ),
    Case(
        "warranty_excessive",
        "Seller",
        "3.1 The Tax Warranties shall survive Completion for seven years.",
        domain="sha_spa",
    ),
    Case(
        "warranty_excessive",
        "Seller",
        "3.1 The Warranties shall survive Completion for 24 months.",
        domain="sha_spa",
    ),
    # ------------------------------------------------------- the discloser's view; other agreements' obligations
    Case(
        "confidentiality_overbroad",
        "Helix",
        "3.3 The Recipient's obligations under this Agreement shall continue indefinitely.",
        metadata={
            "contract_title": "CONFIDENTIALITY AGREEMENT",
            "counterparty_name": 'Northfield LLP (the "Recipient")',
        },
    ),
    Case(
        "confidentiality_overbroad",
        "Recipient",
        "3.3 The Recipient's obligations under this Agreement shall continue indefinitely.",
        metadata={"contract_title": "SUPPLY AGREEMENT"},
    ),
    # ------------------------------------------------------- both may choose; a reasonable determination
    Case(
        "dispute_resolution_unbalanced",
        "National Credit Report.com, LLC",
        "3 In the case of a disputed charge, Equidata or Marketing Affiliate may choose arbitration.",
        metadata={"counterparty_name": "Equidata, Inc."},
    ),
    Case(
        "unilateral_change_right",
        "Tenant",
        "2.1 The Rent shall be increased to such amount as the Landlord, acting reasonably, may determine.",
    ),
    Case(
        "data_protection_gap",
        "Client",
        "5.3 The Provider shall notify the Client of a personal data breach without undue delay and in any event within 48 hours.",
    ),
    # ------------------------------------------------------- the Chinese EPC employer's view; a two-year defects period
    _zh(
        "warranty_excessive",
        "乙方（承包人）",
        "8.1 本工程的缺陷责任期为二年，自工程接收之日起计算。",
        domain="fidic",
    ),
    Case(
        "warranty_excessive", "Supplier", "8.1 The Supplier warrants the Products for 2 years from delivery."
    ),
    _zh(
        "employer_requirements_errors",
        "甲方（发包人）",
        "2.2 承包人应对发包人要求中的任何错误、遗漏或缺陷负责，并自费修正。",
        domain="fidic",
    ),
    _zh(
        "warranty_excessive",
        "甲方（发包人）",
        "8.1 本工程的缺陷责任期为五年，自工程接收之日起计算。",
        domain="fidic",
    ),
    _zh(
        "post_termination_obligations", "甲方（出租方）", "8.1 合同因任何原因终止的，甲方收取的押金不予退还。"
    ),
    Case(
        "post_termination_obligations",
        "Landlord",
        "8.1 On termination for any reason, any deposit held by the Landlord shall not be refunded.",
    ),
    # ------------------------------------------------------- the software customer's view
    Case(
        "payment_terms_unfavourable",
        "Customer",
        "3.1 The Supplier shall invoice the Fees on acceptance of each Deliverable. Each invoice is payable 90 days after the end of the month in which the Customer receives it.",
    ),
    Case(
        "payment_terms_unfavourable",
        "Supplier",
        "3.1 Each invoice is payable 30 days after the Customer receives it.",
    ),
    Case(
        "liquidated_damages_excessive",
        "Customer",
        "6.1 The Supplier shall pay the Customer GBP 5,000 for each day on which a key person is unavailable.",
    ),
    Case(
        "security_insurance_burden",
        "Supplier",
        "8.3 The Supplier shall maintain professional indemnity insurance of not less than GBP 10,000,000 during the term and for 3 years after this Agreement ends.",
    ),
    # ------------------------------------------------------- the buyer of shares' view, and market terms for the seller
    _zh(
        "indemnity_one_sided",
        "甲方（转让方）",
        "3.2 甲方对其违反陈述与保证给乙方造成的全部损失承担赔偿责任，该赔偿责任不设上限，且不受任何最低索赔金额的限制。",
        domain="sha_spa",
    ),
    _zh(
        "liability_cap_inadequate",
        "甲方（转让方）",
        "3.2 甲方对其违反陈述与保证给乙方造成的全部损失承担赔偿责任，该赔偿责任不设上限，且不受任何最低索赔金额的限制。",
        domain="sha_spa",
    ),
    _zh(
        "termination_for_convenience",
        "乙方（受让方）",
        "2.1 乙方有权在交割前任何时间单方书面通知甲方解除本协议，且无需承担任何责任。",
        domain="sha_spa",
    ),
    _zh(
        "ma_price_mechanism_risk",
        "乙方（受让方）",
        "1.3 交割后，目标公司由乙方控制经营。第二期转让价款的金额根据目标公司2027年度经审计的净利润确定，审计机构由乙方单方指定。",
        domain="sha_spa",
    ),
    _zh(
        "liquidated_damages_excessive",
        "乙方（受让方）",
        "2.2 甲方违反本协议任何约定的，应按转让价款总额的30%向乙方支付违约金。",
        domain="sha_spa",
    ),
    Case(
        "liquidated_damages_excessive",
        "Seller",
        "2.2 If the Seller breaches any provision of this Agreement, it shall pay the Buyer liquidated damages of 10% of the Purchase Price.",
        domain="sha_spa",
    ),
    # ------------------------------------------------------- the US EPC owner's view
    Case(
        "force_majeure_unbalanced",
        "Contractor",
        "5.2 The Contractor shall be entitled to an extension of time only for a Force Majeure Event and shall not be entitled to any extension for delay caused by the Owner, or for concurrent delay.",
        domain="fidic",
    ),
    Case(
        "liability_cap_inadequate",
        "Owner",
        "8.2 The Owner's aggregate liability to the Contractor shall not exceed USD 1,000,000. The Contractor's liability shall not be limited.",
        domain="fidic",
    ),
    Case(
        "uncapped_liability",
        "Supplier",
        "8.2 The Supplier's liability for death or personal injury caused by its negligence shall not be limited.",
    ),
    Case(
        "uncapped_liability",
        "Supplier",
        "8.2 The Supplier's liability includes, but shall not be limited to, the cost of re-performance.",
    ),
    Case(
        "third_party_rights",
        "Owner",
        "11.2 The Owner's lenders shall be third-party beneficiaries of the Contractor's obligations under this Agreement and may enforce them directly against the Contractor.",
        domain="fidic",
    ),
    Case(
        "variation_valuation_unfair",
        "Contractor",
        "4.2 The Owner shall not delete any part of the Work in order to perform it itself or award it to another contractor.",
        domain="fidic",
    ),
    Case(
        "security_insurance_burden",
        "Owner",
        "7.1 The Contractor shall deliver an irrevocable standby letter of credit for 30% of the Contract Price, which the Owner may draw upon its demand.",
        domain="fidic",
    ),
    Case(
        "deemed_acceptance_or_waiver",
        "Buyer",
        "5.1 The Seller shall prepare the completion accounts, which shall be final and binding on the Buyer unless the Buyer objects in writing within five Business Days of receiving them.",
        domain="sha_spa",
    ),
    # ------------------------------------------------------- the commissioning party's view, and fair development terms
    _zh(
        "indemnity_one_sided",
        "乙方（受托方）",
        "6.2 因乙方原因给甲方造成损失的，乙方应赔偿甲方的全部损失，包括间接损失和预期利益损失。",
    ),
    _zh(
        "warranty_or_sla_inadequate",
        "甲方（委托方）",
        "2.3 乙方应在本合同签订后7日内向甲方提交金额为合同总价款20%的银行履约保函，该保函为见索即付保函，有效期至质保期届满后6个月。",
    ),
    _zh(
        "unilateral_change_right",
        "乙方（受托方）",
        "1.2 甲方有权变更开发需求，变更导致工作量增加的，双方应协商调整合同价款和交付期限。",
    ),
    _zh("warranty_excessive", "甲方（委托方）", "5.1 平台的质保期为验收合格之日起三年。"),
    _zh(
        "claim_time_bar",
        "甲方（委托方）",
        "6.3 乙方应在知道或应当知道索赔事由之日起7日内向甲方书面提出索赔，逾期未提出的，视为乙方放弃该索赔。",
    ),
    # ------------------------------------------------------- the franchisor's view, and a fair franchise
    Case(
        "termination_rights_unbalanced",
        "Franchisor",
        "11.1 Any change in the control of the Franchisee shall be treated as an assignment and shall entitle the Franchisor to terminate this Agreement immediately.",
    ),
    Case(
        "uncapped_liability",
        "Franchisor",
        "6.1 The Franchisee shall keep confidential the Manual and all information disclosed to it by the Franchisor, and this obligation shall continue without limit in time after this Agreement ends.",
    ),
    Case(
        "confidentiality_overbroad",
        "Franchisor",
        "6.1 The Franchisee shall keep confidential the Manual and all information disclosed to it by the Franchisor, and this obligation shall continue without limit in time after this Agreement ends.",
    ),
    Case(
        "claim_time_bar",
        "Franchisor",
        "9.3 Any claim by the Franchisee against the Franchisor shall be barred unless proceedings are issued within 6 months after the event giving rise to the claim.",
    ),
    Case(
        "non_solicit",
        "Franchisor",
        "8.3 For 24 months after termination, the Franchisee shall not employ or solicit any person who is or was employed by the Franchisor.",
    ),
    Case(
        "post_termination_obligations",
        "Franchisor",
        "8.1 On termination, the Franchisee shall at the Franchisor's option sell to the Franchisor the equipment and stock of the Outlet at their written-down book value, and shall assign the lease of the Premises to the Franchisor without any premium.",
    ),
    Case(
        "post_termination_obligations",
        "Franchisee",
        "8.1 On termination other than for the Franchisee's breach, the Franchisor may offer to buy the equipment and stock of the Outlet at their fair market value determined by an independent valuer.",
    ),
    Case(
        "unilateral_change_right",
        "Franchisee",
        "4.1 The Franchisor may update the Manual to reflect changes in the System, provided that no update shall materially increase the Franchisee's costs or obligations without its written consent.",
    ),
    Case(
        "unilateral_change_right",
        "Customer",
        "4.1 The Supplier may update its internal procedures from time to time.",
    ),
    Case(
        "exclusivity",
        "Franchisee",
        "4.2 The Franchisee may purchase food products and equipment from any supplier whose goods meet the specifications in the Manual.",
    ),
    Case(
        "mfn_or_price_restriction",
        "Franchisor",
        "4.3 The Franchisee shall sell all menu items at the retail prices set by the Franchisor from time to time.",
    ),
    Case(
        "ip_ownership_transfer",
        "Supplier",
        "5.3 All customer data collected by the Supplier in providing the Services belongs to the Customer.",
    ),
    Case(
        "minimum_commitment",
        "Franchisor",
        "3.3 Whatever the Gross Sales of the Outlet, the royalty payable for each month shall be not less than EUR 5,000.",
    ),
    Case(
        "deemed_acceptance_or_waiver",
        "Franchisee",
        "3.4 Each royalty statement issued by the Franchisor shall be final and binding on the Franchisee unless the Franchisee disputes it in writing within 60 days of its date.",
    ),
    # ------------------------------------------------- the principal reading its agency agreement
    Case(
        "payment_terms_unfavourable",
        "Principal",
        "The Agent shall be entitled to a commission of five per cent (5%) of each order, payable within one hundred and twenty (120) days after the end of the calendar quarter in which the Principal receives full payment from the customer.",
    ),
    Case(
        "indemnity_one_sided",
        "Principal",
        "If a customer fails to pay any invoice in full, the Agent shall repay to the Principal all commission received on that customer's orders and shall indemnify the Principal for the unpaid amount.",
    ),
    Case(
        "governing_law_forum",
        "Principal",
        "This Agreement is governed by Danish law and the courts of Copenhagen shall have exclusive jurisdiction.",
        metadata={"our_home": "Denmark", "counterparty_home": "Spain"},
    ),
    Case(
        "post_termination_obligations",
        "Principal",
        "On termination for any reason the Agent shall not be entitled to any indemnity, compensation or commission on orders received after the date of termination.",
    ),
    _zh(
        "post_termination_obligations",
        "甲方（出租方）",
        "乙方应于签约时支付相当于六个月租金的押金。合同因任何原因终止的，押金不予退还。",
    ),
    _zh(
        "post_termination_obligations",
        "乙方（承租方）",
        "乙方应支付三个月租金作为押金。合同期满后，甲方应无息退还押金，但乙方欠付的租金除外。",
    ),
    # ---------------------------------------------- a main contractor reading its own subcontract
    _zh(
        "security_insurance_burden",
        "甲方（总承包人）",
        "甲方按每期进度款的10%扣留质量保证金，待整体工程竣工验收满五年后无息退还。",
        domain="fidic",
    ),
    _zh(
        "warranty_excessive",
        "甲方（总承包人）",
        "甲方按每期进度款的10%扣留质量保证金，待整体工程竣工验收满五年后无息退还。",
        domain="fidic",
    ),
    _zh(
        "termination_rights_unbalanced",
        "甲方（总承包人）",
        "无论甲方是否按时付款，乙方均不得以任何理由停工或暂停施工。",
        domain="fidic",
    ),
    _zh(
        "dispute_resolution_unbalanced",
        "甲方（总承包人）",
        "甲方工程师对任何争议的决定为最终决定，对双方具有约束力。",
        domain="fidic",
    ),
    _zh(
        "unilateral_change_right",
        "乙方（分包人）",
        "甲方有权随时变更工程内容，单项变更金额在合同价款5%以内的，合同价款不予调整。",
        domain="fidic",
    ),
    # ------------------------------------------------ a consultancy on terms a consultant can sign
    Case(
        "termination_for_convenience",
        "Consultant",
        "The Client may terminate this Agreement on sixty (60) days' written notice, in which case the Client shall pay for Services performed up to the date of termination together with the Consultant's reasonable committed costs that cannot be cancelled.",
    ),
    Case(
        "deemed_acceptance_or_waiver",
        "Consultant",
        "Any sum that the Client does not include in its final statement shall be deemed waived.",
    ),
    Case(
        "security_insurance_burden",
        "Consultant",
        "The Consultant shall maintain professional indemnity insurance of not less than £1,000,000 in the aggregate during the term and for three (3) years after it.",
    ),
    Case(
        "security_insurance_burden",
        "Consultant",
        "The Consultant shall maintain professional indemnity insurance for six (6) years after completion of the Services.",
    ),
    Case(
        "security_insurance_burden",
        "Client",
        "The Consultant shall maintain professional indemnity insurance for twelve (12) years after termination of this Agreement.",
    ),
    Case(
        "governing_law_forum",
        "Consultant",
        "This Agreement is governed by English law. Any dispute shall be finally resolved by arbitration under the SIAC Rules seated in London.",
        metadata={"our_home": "England and Wales", "counterparty_home": "Singapore"},
    ),
    # ----------------------------- a distributor's freedoms and a supplier's view of its distributor
    _zh("mfn_or_price_restriction", "乙方（经销商）", "乙方可自行决定产品转售价格。"),
    _zh("ip_ownership_transfer", "甲方（供应商）", "乙方的客户名单和客户资料归乙方所有。"),
    _zh(
        "payment_terms_unfavourable",
        "甲方（客户）",
        "乙方的累计赔偿责任不超过甲方在前十二个月内支付的服务费用。",
    ),
    _zh(
        "liability_cap_inadequate",
        "甲方（客户）",
        "乙方的累计赔偿责任不超过甲方在前十二个月内支付的服务费用。",
    ),
    _zh(
        "exclusivity",
        "乙方（经销商）",
        "在本协议有效期内，乙方不得在四川省内销售与甲方产品直接竞争的同类产品。",
        metadata={"exclusive_appointment": "1.1 甲方指定乙方为其在四川省范围内的独家经销商。"},
    ),
    _zh(
        "post_termination_obligations",
        "乙方（经销商）",
        "协议终止后，甲方无回购库存的义务，乙方可在六个月内继续销售剩余库存。",
    ),
    _zh(
        "post_termination_obligations",
        "甲方（供应商）",
        "本协议终止后，甲方无回购剩余库存的义务，乙方亦不得继续销售剩余库存产品。",
    ),
    # ------------------------------------- the discloser is not bound by the recipient's duties
    _zh(
        "confidentiality_overbroad",
        "甲方",
        "甲方向乙方披露的全部信息，无论是否标明保密字样，均属保密信息，乙方不得向任何第三方披露。",
    ),
    _zh(
        "confidentiality_overbroad",
        "甲方（披露方）",
        "保密信息是指乙方以任何方式知悉的与甲方有关的全部信息，无论是否标明保密字样。",
    ),
    Case(
        "confidentiality_overbroad",
        "Company",
        "All information disclosed by the Company to the Consultant, whether or not marked as confidential, shall be Confidential Information and the Consultant shall not disclose it without the prior written consent of the Company.",
    ),
    _zh(
        "confidentiality_overbroad",
        "接收方",
        "接收方应销毁全部保密资料，不得保留任何副本，但法律法规要求保留的除外。",
    ),
    _zh(
        "confidentiality_overbroad",
        "接收方",
        "未经披露方事先书面同意，接收方不得向第三方披露保密信息。",
    ),
    _zh("unilateral_change_right", "乙方", "甲方有权修订其内部管理制度。"),
    _zh(
        "ground_conditions_risk",
        "承包人",
        "承包人遇到有经验的承包人无法预见的不利物质条件的，有权获得工期顺延和费用补偿。",
        domain="fidic",
    ),
    Case(
        "confidentiality_overbroad",
        "Bank",
        "The Bank shall keep the Source Code confidential for five (5) years after termination. The Vendor hereby grants the Bank a nonexclusive, worldwide, irrevocable, perpetual license to any patents necessary to use the Software.",
    ),
    _zh(
        "payment_terms_unfavourable",
        "甲方（采购方）",
        "甲方应于本合同签订后五日内支付合同总价的20%作为预付款，余款于验收合格后三十日内支付。",
    ),
    _zh(
        "payment_terms_unfavourable",
        "甲方（采购方）",
        "乙方向甲方提交等额预付款保函后十日内，甲方支付合同总价的60%作为预付款。",
    ),
    _zh(
        "auto_renewal_lock_in",
        "甲方（采购方）",
        "本合同有效期为三年，期满后自动续展一年，除非任何一方在期满前三十日书面通知对方不再续展。",
    ),
    _zh(
        "liquidated_damages_excessive",
        "甲方（采购方）",
        "甲方逾期付款的，每逾期一日按未付款项的万分之五向乙方支付违约金。",
    ),
    Case(
        "liquidated_damages_excessive",
        "Customer",
        "The Customer shall pay interest on overdue amounts at 0.03% per day until paid.",
    ),
    _zh(
        "auto_renewal_lock_in",
        "乙方",
        "本合同有效期为三年，期满后自动续展三年，除非甲方在期满前六个月书面通知乙方不再续展。",
    ),
    Case(
        "auto_renewal_lock_in",
        "Customer",
        "This Agreement has an initial term of three (3) years and shall renew automatically for successive periods of one (1) year unless either party gives thirty (30) days' notice of non-renewal.",
    ),
    # ------------------------------------------------ US drafting habits that only look like risks
    Case(
        "uncapped_liability",
        "Licensee",
        "The Licensee shall be solely responsible for the development of the Games, including, without limitation, all design, programming, testing and localisation, at its own cost.",
    ),
    Case(
        "uncapped_liability",
        "Operator",
        "The Operator hereby disclaims any and all representations and warranties regarding the Leases, express or implied, including without limitation any warranty of title.",
    ),
    Case(
        "termination_for_convenience",
        "Customer",
        "The Vendor may terminate the Support Services at the end of any Support Term on thirty (30) days' prior written notice.",
    ),
    Case(
        "termination_for_convenience",
        "Contractor",
        "The Owner may terminate this Agreement at any time upon the occurrence of any of the following:",
    ),
    Case(
        "termination_for_convenience",
        "Customer",
        "The licences granted in this Agreement shall not terminate for any reason unless the Vendor terminates the applicable Order Form in accordance with its terms.",
    ),
    Case(
        "termination_for_convenience",
        "Company",
        "The Company or the Agent may terminate this Agreement at any time in whole or in part on sixty (60) days' notice.",
    ),
    Case(
        "warranty_excessive",
        "Supplier",
        "The Supplier gives no warranty that the Equipment is fit for any particular purpose.",
    ),
    Case(
        "termination_for_convenience",
        "Twin Rivers Holdings",
        "The Company or the Contractor may terminate this Agreement at any time in whole or in part on thirty (30) days' notice.",
    ),
    Case(
        "non_solicit",
        "Supplier",
        "The Supplier shall defend, indemnify and hold the Buyer and its Affiliates, and each of their respective directors, officers and employees, harmless from all losses; this indemnity will not apply to losses caused by the Buyer's negligence.",
    ),
    Case(
        "uncapped_liability",
        "Buyer",
        "Without limiting Section 11, the Buyer shall be responsible for all costs of any recall of the Products.",
    ),
    Case(
        "warranty_excessive",
        "Seller",
        "The Seller represents that this Agreement is its valid and binding obligation, enforceable in accordance with its terms, subject to bankruptcy laws and general principles of equity (regardless of whether enforcement is sought in equity or at law).",
    ),
    Case(
        "unilateral_change_right",
        "Bank",
        "The Vendor may amend the Customisation specifications at its option, provided that the Vendor shall obtain the Bank's written consent to each amendment.",
    ),
    Case(
        "ip_ownership_transfer",
        "Operator",
        "When the first well is completed as a producing well, the Operator shall assign to the Investor an undivided fifty percent working interest in the lease and the well.",
    ),
    Case(
        "ip_ownership_transfer",
        "Bank",
        "Title to and ownership of the Software (except the Bank Customisations) shall remain with the Vendor or its licensors.",
    ),
    Case(
        "non_compete",
        "Promoter",
        "ARTICLE 1 DEFINITIONS 1 ARTICLE 2 GRANT OF RIGHTS 9 2.1 Grant of Rights to Promoter 9 2.2 Negative Covenants 10 2.3 Promoter shall not compete in the Territory 10 2.4 Retained Rights 11",
    ),
    # the same powers with the customer's safeguards, or exercised by the customer itself
    Case(
        "data_protection_gap",
        "Client",
        "The Provider may engage the sub-processors listed in Annex 3 and shall give the Client thirty (30) days' notice of any new sub-processor, to which the Client may object.",
    ),
    Case(
        "termination_rights_unbalanced",
        "Client",
        "The Client may suspend its use of the Services at any time and for any reason.",
    ),
    # an off-the-shelf licence: the licensor keeping its software and source code is the deal
    Case(
        "ip_ownership_transfer",
        "Customer",
        "The Software, including its source code, shall remain the property of the Licensor, and the Customer shall have a non-exclusive licence to use it.",
    ),
    # late delivery has a price, or it is our own delay that is excused
    Case(
        "liability_cap_inadequate",
        "Purchaser",
        "The Supplier shall deliver on the dates in each Order and shall pay delay damages of 1% of the price of the late Products per week, up to 10%.",
    ),
    Case(
        "liability_cap_inadequate",
        "Purchaser",
        "The Purchaser shall not be liable for any delay in taking delivery, however caused.",
    ),
    # security for performance is not a warranty of it
    Case(
        "warranty_excessive",
        "Contractor",
        "The Contractor shall deliver a performance guarantee for ten per cent (10%) of the Contract Price, valid until twenty-eight days after the Performance Certificate, some three years after the Commencement Date.",
        domain="fidic",
    ),
    Case(
        "extension_of_time_restricted",
        "Contractor",
        "The Contractor shall be entitled to an extension of the Time for Completion if completion is delayed by a Variation, a delay caused by the Employer or exceptionally adverse climatic conditions.",
        domain="fidic",
    ),
    # the same SHA subjects, written the way a minority investor would want them
    Case(
        "sha_governance_weak",
        "Investor",
        "The Investor may appoint one director and one observer; the quorum for a Board meeting shall include the Investor Director.",
        domain="sha_spa",
    ),
    Case(
        "sha_governance_weak",
        "Investor",
        "The Company shall deliver monthly management accounts within 20 days after each month end and audited annual accounts within one hundred and twenty (120) days after the end of each financial year.",
        domain="sha_spa",
    ),
    Case(
        "sha_dilution_pre_emption",
        "Investor",
        "New Shares shall first be offered to every Shareholder in proportion to its holding; Shares not taken up may then be allotted to any person at a price no lower than that offered to the Shareholders.",
        domain="sha_spa",
    ),
    Case(
        "sha_exit_rights_unfavourable",
        "Investor",
        "If the Founder Shareholder sells its Shares to a third party, the Investor may sell its Shares to that buyer together with the Founder Shareholder on the same terms.",
        domain="sha_spa",
    ),
    # ------------------------------------------------------------------ A. liability
    Case(
        "uncapped_liability",
        "Supplier",
        "The Customer shall be liable for all losses suffered by the Supplier arising from the Customer's breach, and no limitation of liability shall apply to the Customer.",
    ),
    Case(
        "uncapped_liability",
        "Supplier",
        "Each party's total liability under this Agreement shall not exceed the fees paid in the twelve (12) months before the claim.",
    ),
    Case(
        "uncapped_liability",
        "Contractor",
        "Nothing in this Contract limits either party's liability for death or personal injury caused by negligence, or for fraud.",
    ),
    _zh("uncapped_liability", "乙方", "甲方对乙方因甲方违约遭受的全部损失承担赔偿责任，且不受任何金额限制。"),
    _zh("uncapped_liability", "乙方", "任何一方在本合同项下的累计赔偿责任不超过合同总价的百分之百。"),
    _zh(
        "uncapped_liability",
        "乙方",
        "乙方逾期交付的，每逾期一日应支付合同总价百分之一的违约金，违约金总额不设上限。",
    ),
    Case(
        "liability_cap_inadequate",
        "Customer",
        "The Provider's total liability shall not exceed the total fees paid or payable in the twelve (12) months before the claim.",
    ),
    Case(
        "liability_cap_inadequate",
        "Provider",
        "The Provider's aggregate liability shall not exceed the fees paid in the three (3) months preceding the claim.",
    ),
    Case(
        "indemnity_one_sided",
        "Supplier",
        "Each party shall indemnify the other against third-party claims to the extent caused by its own breach of this Agreement.",
    ),
    Case(
        "indemnity_one_sided",
        "Customer",
        "The Supplier shall indemnify the Customer against all third-party claims alleging that the Services infringe any intellectual property right.",
    ),
    Case(
        "liquidated_damages_excessive",
        "Supplier",
        "If the Supplier fails to meet a Milestone Date it shall pay liquidated damages of 0.1% of the Fees per day, up to a maximum of 10% of the Fees, as the Customer's sole remedy for the delay.",
    ),
    Case(
        "liquidated_damages_excessive",
        "Supplier",
        "If the Customer pays late, it shall pay the Supplier a late payment charge of 1% of the overdue amount per day without limit.",
    ),
    _zh(
        "liquidated_damages_excessive",
        "乙方",
        "甲方逾期付款的，每逾期一日按应付款项的千分之五向乙方支付违约金。",
    ),
    # ------------------------------------------------------------------ B. termination
    Case(
        "termination_for_convenience",
        "Customer",
        "The Customer may terminate this Agreement for convenience on thirty (30) days' notice.",
    ),
    Case(
        "termination_for_convenience",
        "Supplier",
        "Either party may terminate this Agreement for convenience on one hundred and eighty (180) days' written notice, in which case the Customer shall pay for all Services performed up to the termination date and the Supplier's committed costs.",
    ),
    Case(
        "termination_rights_unbalanced",
        "Supplier",
        "Either party may terminate this Agreement by written notice if the other party commits a material breach which is not remedied within thirty (30) days after receipt of notice requiring it to be remedied.",
    ),
    _zh(
        "termination_rights_unbalanced",
        "乙方",
        "一方严重违约且在收到另一方书面通知后三十日内未予纠正的，另一方有权解除本合同。",
    ),
    Case(
        "auto_renewal_lock_in",
        "Customer",
        "This Agreement will renew for successive one (1) year periods unless either party gives at least thirty (30) days' notice of non-renewal.",
    ),
    Case(
        "auto_renewal_lock_in",
        "Customer",
        "This Agreement expires at the end of the Initial Term and may only be renewed by written agreement of the parties.",
    ),
    Case(
        "post_termination_obligations",
        "Customer",
        "For sixty (60) days after termination the Provider shall make Customer Data available for export in a standard format and provide reasonable transition assistance at its then-current rates.",
    ),
    Case(
        "post_termination_obligations",
        "Customer",
        "On termination, the Customer may require the Supplier to provide transition services for up to six (6) months.",
    ),
    # ------------------------------------------------------------------ C. payment and price
    Case(
        "payment_terms_unfavourable",
        "Supplier",
        "The Customer shall pay each invoice within thirty (30) days of receipt.",
    ),
    Case(
        "payment_terms_unfavourable",
        "Customer",
        "The Customer shall pay each undisputed invoice within ninety (90) days of receipt.",
    ),
    Case(
        "unilateral_change_right",
        "Supplier",
        "Any change to the scope of the Services shall be agreed in writing by both parties, with a corresponding adjustment to the Fees.",
    ),
    Case(
        "unilateral_change_right",
        "Supplier",
        "The Supplier may update the Services from time to time provided that no update materially reduces their functionality.",
    ),
    _zh(
        "unilateral_change_right",
        "乙方",
        "甲方可提出变更要求，变更涉及价款或工期的，双方应协商调整合同价格和交付期限。",
    ),
    Case(
        "unilateral_change_right",
        "Customer",
        "The Customer may change the scope of the Services at any time by written notice, and the Supplier shall implement such change without any adjustment to the Fees.",
    ),
    Case(
        "minimum_commitment",
        "Supplier",
        "The Customer commits to a minimum annual spend of USD 100,000.",
    ),
    Case(
        "minimum_commitment",
        "Buyer",
        "The forecasts provided by the Buyer are for planning purposes only and are not binding.",
    ),
    Case(
        "security_insurance_burden",
        "Contractor",
        "The Contractor shall provide a performance security of ten per cent (10%) of the Contract Price, released on the issue of the Taking-Over Certificate.",
    ),
    Case(
        "security_insurance_burden",
        "Employer",
        "The Contractor shall provide an on-demand performance bond of twenty per cent (20%) of the Contract Price.",
    ),
    Case(
        "cost_escalation_change_in_law",
        "Contractor",
        "The Contract Price shall be adjusted to reflect any increase or decrease in Cost resulting from a change in the Laws of the Country after the Base Date.",
    ),
    Case(
        "cost_escalation_change_in_law",
        "Customer",
        "The Fees are fixed for the Initial Term and shall not be increased for inflation, exchange rate movements or changes in tax.",
    ),
    _zh(
        "cost_escalation_change_in_law",
        "甲方",
        "合同价格为固定价格，乙方不得以原材料价格、汇率或税率变化为由要求调整价格。",
    ),
    # ------------------------------------------------------------------ D. time and claims
    Case(
        "claim_time_bar",
        "Contractor",
        "Either party shall give notice of a claim within twenty-eight (28) days after becoming aware of it; late notice shall not bar the claim unless the other party is prejudiced.",
    ),
    Case(
        "claim_time_bar",
        "Employer",
        "If the Contractor fails to give notice of a claim within fourteen (14) days, it shall lose its entitlement to additional payment.",
    ),
    Case(
        "deemed_acceptance_or_waiver",
        "Supplier",
        "If the Customer does not reject the Deliverables within ten (10) days of delivery, they shall be deemed accepted.",
    ),
    Case(
        "deemed_acceptance_or_waiver",
        "Customer",
        "Acceptance shall occur only on the Customer's written confirmation that the Deliverables pass the Acceptance Tests.",
    ),
    # ------------------------------------------------------------------ E. warranties
    Case(
        "warranty_excessive",
        "Supplier",
        "The Supplier warrants that the Services will be performed with reasonable skill and care and that the Software will materially conform to the Documentation for ninety (90) days.",
    ),
    Case(
        "warranty_excessive",
        "Buyer",
        "The Seller warrants that the Goods shall be free from all defects and fit for the Buyer's purposes for five (5) years.",
    ),
    _zh("warranty_excessive", "乙方", "乙方保证设备自验收合格之日起十二个月内符合合同约定的技术规格。"),
    Case(
        "warranty_or_sla_inadequate",
        "Customer",
        "The Provider shall make the Platform available 99.9% of each month; service credits are without prejudice to the Customer's other rights and remedies.",
    ),
    Case(
        "warranty_or_sla_inadequate",
        "Supplier",
        "Service credits are the Customer's sole and exclusive remedy for any failure to meet the Service Levels.",
    ),
    Case(
        "force_majeure_unbalanced",
        "Customer",
        "Neither party is liable for delay caused by events beyond its reasonable control, provided it gives prompt notice; if the event continues for more than ninety (90) days either party may terminate.",
    ),
    _zh(
        "force_majeure_unbalanced",
        "乙方",
        "因不可抗力导致任何一方不能履行合同的，该方应及时通知对方，双方均不承担违约责任。",
    ),
    # ------------------------------------------------------------------ F. IP, confidentiality, data
    Case(
        "ip_ownership_transfer",
        "Supplier",
        "Each party retains ownership of its pre-existing intellectual property; the Customer shall own the bespoke reports produced for it upon payment, and the Supplier grants it a licence to any Supplier tools embedded in them.",
    ),
    Case(
        "ip_ownership_transfer",
        "Customer",
        "All intellectual property rights in the Deliverables shall vest in the Customer upon creation.",
    ),
    Case(
        "license_scope_restrictive",
        "Licensee",
        "The Licensor grants the Licensee a perpetual, irrevocable, worldwide licence, transferable with the business, to use the Software for any purpose, including by its Affiliates.",
    ),
    Case(
        "variation_valuation_unfair",
        "Contractor",
        "The Contractor may instruct variations. No adjustment to the Subcontract Sum shall be made for any variation whose value is less than GBP 50,000.",
        domain="fidic",
        metadata={"counterparty_name": 'Keswick Mechanical Services Ltd (the "Subcontractor")'},
    ),
    Case(
        "security_insurance_burden",
        "Contractor",
        "The Contractor may retain 10% of each payment, to be released twelve months after the end of the defects period of the Main Contract.",
        domain="fidic",
        metadata={"counterparty_name": 'Keswick Mechanical Services Ltd (the "Subcontractor")'},
    ),
    Case(
        "security_insurance_burden",
        "Subcontractor",
        "The Contractor may retain 5% of each payment, half released on completion and half at the end of the defects period.",
        domain="fidic",
    ),
    Case(
        "ip_ownership_transfer",
        "Tenant",
        "On termination of the Lease, all fit-out works and leasehold improvements made by the Tenant shall become the property of the Landlord without compensation.",
    ),
    Case(
        "post_termination_obligations",
        "Tenant",
        "On termination of the Lease, the Tenant may remove its fit-out works and shall make good any damage; any fit-out left shall be paid for by the Landlord at its depreciated value.",
    ),
    Case(
        "license_scope_restrictive",
        "Licensor",
        "The Licensor grants the Licensee a revocable, non-transferable licence to use the Software.",
    ),
    Case(
        "confidentiality_overbroad",
        "Supplier",
        "Each party shall keep the other's Confidential Information confidential for three (3) years after termination, except information that is public, independently developed, or required to be disclosed by law.",
    ),
    Case(
        "confidentiality_overbroad",
        "Discloser",
        "The Recipient shall keep all information received from the Discloser confidential in perpetuity.",
    ),
    Case(
        "data_protection_gap",
        "Customer",
        "The Provider shall process Customer Data only on the Customer's documented instructions, shall not use it for any other purpose, and shall notify any Personal Data Breach without undue delay and in any event within 48 hours.",
    ),
    Case(
        "data_protection_gap",
        "Provider",
        "The Provider may use Customer Data to train and improve its models.",
    ),
    # ------------------------------------------------------------------ G. covenants
    Case(
        "non_compete",
        "Customer",
        "For three (3) years after termination, the Supplier shall not provide analytics services to any retailer anywhere in the world.",
    ),
    Case(
        "non_compete",
        "Supplier",
        "Nothing in this Agreement restricts either party from providing similar services to third parties.",
    ),
    _zh("non_compete", "乙方", "甲方在合同期内及终止后三年内不得在全国范围内从事与乙方相同或类似的业务。"),
    Case(
        "exclusivity",
        "Distributor",
        "The Principal appoints the Distributor as its exclusive distributor in the Territory and shall not appoint any other distributor there.",
    ),
    Case(
        "exclusivity",
        "Supplier",
        "The Customer shall purchase the Products exclusively from the Supplier.",
    ),
    Case(
        "non_solicit",
        "Supplier",
        "For twelve (12) months after termination neither party shall solicit for employment any employee of the other party with whom it had material contact, provided that general advertisements not targeted at such employees shall not breach this clause.",
    ),
    Case(
        "non_solicit",
        "Customer",
        "The Supplier shall not solicit the Customer's employees for two (2) years.",
    ),
    Case(
        "mfn_or_price_restriction",
        "Customer",
        "The Supplier's prices to the Customer shall be no less favourable than those it offers to any other customer.",
    ),
    Case(
        "mfn_or_price_restriction",
        "Distributor",
        "The Distributor is free to determine its resale prices.",
    ),
    # ------------------------------------------------------------------ H. assignment and control
    Case(
        "assignment_restriction",
        "Supplier",
        "Neither party may assign this Agreement without the other's consent, not to be unreasonably withheld, except to an Affiliate or a successor to its business.",
    ),
    Case(
        "assignment_restriction",
        "Customer",
        "The Supplier shall not assign this Agreement without the Customer's consent.",
    ),
    Case(
        "change_of_control",
        "Customer",
        "The Customer may terminate this Agreement if the Supplier undergoes a change of control.",
    ),
    Case(
        "change_of_control",
        "Supplier",
        "A change of control of either party shall not affect this Agreement.",
    ),
    Case(
        "third_party_rights",
        "Supplier",
        "A person who is not a party to this Agreement has no right under the Contracts (Rights of Third Parties) Act 1999 to enforce any of its terms.",
    ),
    Case(
        "third_party_rights",
        "Customer",
        "The Customer's Affiliates may enforce this Agreement against the Supplier.",
    ),
    # ------------------------------------------------------------------ I. disputes
    Case(
        "governing_law_forum",
        "Supplier",
        "Any dispute shall be finally resolved by arbitration under the ICC Rules, seated in Singapore, by three arbitrators.",
    ),
    Case(
        "governing_law_forum",
        "Customer",
        "Disputes shall be submitted to the courts of the place where the Customer has its seat.",
    ),
    _zh("governing_law_forum", "乙方", "争议提交乙方所在地人民法院管辖。"),
    Case(
        "dispute_resolution_unbalanced",
        "Supplier",
        "Either party may refer a dispute to arbitration under the rules of the LCIA; the award shall be final and binding on both parties.",
    ),
    Case(
        "dispute_resolution_unbalanced",
        "Employer",
        "The Engineer's determination shall be final and binding on the Contractor.",
        domain="fidic",
    ),
    # ------------------------------------------------------------------ J. construction
    Case(
        "ground_conditions_risk",
        "Contractor",
        "If the Contractor encounters physical conditions which were Unforeseeable, it shall be entitled to an extension of time and payment of Cost.",
        domain="fidic",
    ),
    Case(
        "ground_conditions_risk",
        "Employer",
        "The Contractor shall bear all risks of sub-surface conditions, whether or not foreseeable.",
        domain="fidic",
    ),
    Case(
        "employer_requirements_errors",
        "Contractor",
        "If the Employer's Requirements contain an error which an experienced contractor exercising due care would not have discovered, the Contractor shall be entitled to an extension of time and Cost Plus Profit.",
        domain="fidic",
    ),
    Case(
        "employer_requirements_errors",
        "Employer",
        "The Contractor shall be responsible for any error in the Employer's Requirements and shall not be entitled to additional time or cost.",
        domain="fidic",
    ),
    Case(
        "extension_of_time_restricted",
        "Contractor",
        "The Contractor shall be entitled to an extension of the Time for Completion if completion is delayed by a Variation or by any delay caused by the Employer.",
        domain="fidic",
    ),
    Case(
        "extension_of_time_restricted",
        "Employer",
        "Where delays are concurrent, the Contractor shall not be entitled to any extension of time.",
        domain="fidic",
    ),
    Case(
        "variation_valuation_unfair",
        "Contractor",
        "Each Variation shall be valued using the rates in the Bill of Quantities or, where none apply, at reasonable new rates agreed or fairly determined.",
        domain="fidic",
    ),
    Case(
        "variation_valuation_unfair",
        "Employer",
        "Variations with a value below 5% of the Contract Price shall be carried out without any adjustment to the Contract Price.",
        domain="fidic",
    ),
    # ------------------------------------------------------------------ K. M&A
    Case(
        "ma_claim_limitations_unfavourable",
        "Seller",
        "The aggregate liability of the Sellers for all Warranty Claims shall not exceed ten per cent (10%) of the Purchase Price.",
        domain="sha_spa",
    ),
    Case(
        "ma_claim_limitations_unfavourable",
        "Buyer",
        "The aggregate liability of the Sellers shall not exceed one hundred per cent (100%) of the Purchase Price.",
        domain="sha_spa",
    ),
    Case(
        "ma_disclosure_overbroad",
        "Buyer",
        "The Warranties are qualified only by matters fairly disclosed in the Disclosure Letter with sufficient detail to identify their nature and scope.",
        domain="sha_spa",
    ),
    Case(
        "ma_disclosure_overbroad",
        "Seller",
        "The Warranties are qualified by all matters disclosed in the Data Room and all information in the public domain.",
        domain="sha_spa",
    ),
    Case(
        "ma_conditions_precedent_gap",
        "Buyer",
        "The Buyer may terminate this Agreement before Completion if any Warranty is untrue in any material respect or a Material Adverse Change occurs.",
        domain="sha_spa",
    ),
    Case(
        "ma_conditions_precedent_gap",
        "Seller",
        "The conditions in Clause 4.1 may be waived by the Sellers by notice to the Buyer.",
        domain="sha_spa",
    ),
    Case(
        "ma_price_mechanism_risk",
        "Buyer",
        "The Completion Accounts shall be prepared by the Buyer and, if disputed, determined by an independent accountant acting as expert.",
        domain="sha_spa",
    ),
    Case(
        "ma_price_mechanism_risk",
        "Seller",
        "The Completion Accounts shall be prepared by the Sellers' accountants and shall be final and binding on the Buyer.",
        domain="sha_spa",
    ),
    _zh(
        "ma_claim_limitations_unfavourable",
        "甲方（转让方）",
        "甲方在本协议项下的赔偿责任总额不超过转让价款的百分之五。",
        domain="sha_spa",
    ),
    _zh(
        "ma_claim_limitations_unfavourable",
        "乙方（受让方）",
        "甲方对标的股权权属和税务事项的赔偿责任不受本条所列责任限制的约束。",
        domain="sha_spa",
    ),
    _zh(
        "ma_disclosure_overbroad",
        "乙方（受让方）",
        "甲方的陈述与保证仅受披露函中已具体、公允披露的事项限制；乙方的知悉不影响其索赔权利。",
        domain="sha_spa",
    ),
    _zh(
        "ma_conditions_precedent_gap",
        "乙方（受让方）",
        "甲方的陈述与保证在本协议签署日及交割日均应真实、准确、完整。",
        domain="sha_spa",
    ),
    _zh(
        "ma_conditions_precedent_gap",
        "乙方（受让方）",
        "乙方可以书面通知的方式豁免本条约定的任何先决条件。",
        domain="sha_spa",
    ),
    _zh(
        "ma_price_mechanism_risk",
        "乙方（受让方）",
        "乙方应于交割日向甲方支付转让价款的百分之八十。",
        domain="sha_spa",
    ),
    _zh(
        "ma_price_mechanism_risk",
        "乙方（受让方）",
        "乙方应于本协议签署之日起五个工作日内将转让价款的百分之八十存入以乙方名义开立、由双方共管的共管账户，并于交割日释放给甲方。",
        domain="sha_spa",
    ),
    _zh(
        "ma_price_mechanism_risk",
        "甲方（转让方）",
        "乙方应于本协议签署之日起五个工作日内向甲方支付转让价款的百分之八十，无需设立共管账户或提供任何担保。",
        domain="sha_spa",
    ),
    Case(
        "ma_price_mechanism_risk",
        "Buyer",
        "Any dividend paid to the Sellers between the Locked Box Date and Completion shall be deducted from the Purchase Price.",
        domain="sha_spa",
    ),
    Case(
        "liability_cap_inadequate",
        "Supplier",
        "The Supplier's total liability under this Agreement shall not exceed EUR 1,000.",
    ),
    Case(
        "liability_cap_inadequate",
        "Distributor",
        "The Supplier's total liability under this Agreement shall not exceed EUR 5,000,000.",
    ),
    Case(
        "warranty_or_sla_inadequate",
        "Distributor",
        "Except for the warranties in Clause 6.1, the Supplier gives no other warranty, express or implied.",
    ),
    Case(
        "warranty_or_sla_inadequate",
        "Supplier",
        "The Supplier gives no warranty of any kind in respect of the Products, whether express or implied.",
    ),
    Case(
        "warranty_or_sla_inadequate",
        "Recipient",
        'Confidential Information is provided "as is" by the Discloser.',
    ),
    Case(
        "unilateral_change_right",
        "Licensee",
        "The Licensor may increase the fee once a year by no more than the increase in the CPI.",
    ),
    _zh("unilateral_change_right", "甲方（客户）", "乙方有权每年上调服务费用，但涨幅不得超过百分之三。"),
    Case(
        "unilateral_change_right",
        "Tenant",
        "The Rent shall be reviewed every five years to the open market rent as determined by an independent surveyor.",
    ),
    Case(
        "assignment_restriction",
        "Tenant",
        "The Tenant shall not assign the Premises without the Landlord's consent, which shall not be unreasonably withheld.",
    ),
    Case("assignment_restriction", "Tenant", "Neither party may assign this Lease."),
    Case(
        "warranty_or_sla_inadequate",
        "Employer",
        "The Defects Notification Period shall be two (2) years from the date of the Taking-Over Certificate.",
        domain="fidic",
    ),
    Case("warranty_excessive", "Provider", "The Provider shall ensure availability of 99.9% in each month."),
    Case(
        "warranty_excessive",
        "Customer",
        "The Provider shall ensure that the Services are available 100% of the time.",
    ),
    Case(
        "termination_rights_unbalanced",
        "Tenant",
        "The Tenant shall have no right to terminate this Lease except for the Landlord's material breach.",
    ),
    Case(
        "security_insurance_burden",
        "Tenant",
        "The Tenant shall pay a rent deposit equal to three (3) months' Rent.",
    ),
    Case(
        "security_insurance_burden",
        "Landlord",
        "If the Premises are damaged by an insured risk, the Rent shall continue to be payable in full.",
    ),
    _zh(
        "liability_cap_inadequate",
        "乙方（供应方）",
        "乙方迟延交货的，每迟延一日按迟延交货部分货款的万分之一向甲方支付违约金，违约金总额不超过迟延交货部分货款的百分之一。",
    ),
    Case(
        "liability_cap_inadequate",
        "Buyer",
        "Delay damages payable by the Supplier shall not exceed 10% of the Contract Price.",
    ),
    _zh(
        "deemed_acceptance_or_waiver",
        "乙方（供应方）",
        "甲方应在货物到达后三十日内完成检验，逾期未提出书面异议的，视为货物质量合格。",
    ),
    Case(
        "payment_terms_unfavourable",
        "Distributor",
        "The Distributor shall pay in full before shipment by irrevocable letter of credit.",
    ),
    Case(
        "payment_terms_unfavourable",
        "Supplier",
        "The Distributor shall pay each invoice in full before shipment.",
    ),
    _zh("payment_terms_unfavourable", "乙方（受托方）", "甲方应在收到乙方发票后三十日内支付服务费用。"),
    _zh(
        "cost_escalation_change_in_law",
        "乙方（承包人）",
        "合同价格为固定总价；基准日后法律法规变化导致乙方费用增加的，合同价格应相应调整。",
    ),
    _zh(
        "extension_of_time_restricted",
        "乙方（承包人）",
        "因甲方原因、变更或不可抗力导致工期延误的，乙方有权要求顺延工期。",
    ),
    _zh(
        "variation_valuation_unfair",
        "乙方（承包人）",
        "甲方有权对工程内容进行变更，变更工程按合同单价或公允价格估价，并相应调整合同价格和工期。",
    ),
    _zh(
        "force_majeure_unbalanced",
        "乙方（承包人）",
        "发生不可抗力的，甲乙双方各自承担由此造成的自身损失，工期相应顺延。",
    ),
    Case(
        "force_majeure_unbalanced",
        "Contractor",
        "In the event of Force Majeure the Contractor shall bear its own costs and the Employer shall bear its own costs.",
    ),
    _zh(
        "sha_governance_weak",
        "甲方（投资方）",
        "目标公司董事会由五名董事组成，其中甲方有权提名一名董事，其余由乙方提名。",
        domain="sha_spa",
    ),
    _zh(
        "sha_governance_weak",
        "甲方（投资方）",
        "修改公司章程、增加注册资本、合并、分立及解散，须经代表三分之二以上表决权的股东通过，且须经甲方书面同意。",
        domain="sha_spa",
    ),
    _zh(
        "sha_governance_weak",
        "甲方（投资方）",
        "目标公司应于每季度结束后四十五日内提供季度财务报表，并于每个会计年度结束后一百八十日内提供经审计的年度财务报表。",
        domain="sha_spa",
    ),
    _zh(
        "sha_dilution_pre_emption",
        "甲方（投资方）",
        "目标公司后续增加注册资本的，甲方有权按其持股比例以同等条件优先认购。",
        domain="sha_spa",
    ),
    _zh(
        "sha_dilution_pre_emption",
        "乙方（创始股东）",
        "目标公司后续增加注册资本的，由乙方决定增资价格和认购方，甲方不享有优先认购权。",
        domain="sha_spa",
    ),
    _zh(
        "sha_exit_rights_unfavourable",
        "甲方（投资方）",
        "乙方向第三方转让股权的，甲方有权按同等条件一并出售其股权。",
        domain="sha_spa",
    ),
    _zh(
        "sha_exit_rights_unfavourable",
        "甲方（投资方）",
        "回购价格为甲方投资本金加上按年化百分之八计算的利息。",
        domain="sha_spa",
    ),
    Case(
        "sha_exit_rights_unfavourable",
        "Investor",
        "The Redemption Price shall be the Subscription Price plus 8% a year, compounded annually.",
        domain="sha_spa",
    ),
    Case(
        "sha_governance_weak",
        "Investor",
        "No resolution on a Reserved Matter shall be passed without the prior written consent of the Investor.",
        domain="sha_spa",
    ),
    Case(
        "sha_governance_weak",
        "Investor",
        "A quorum of the Board requires the presence of the Investor Director.",
        domain="sha_spa",
    ),
    Case(
        "sha_exit_rights_unfavourable",
        "Investor",
        "A drag-along may be exercised only by holders of at least 75% of the shares and only at a price not lower than fair market value.",
        domain="sha_spa",
    ),
    Case(
        "license_scope_restrictive",
        "Licensor",
        "The Licensee shall not challenge the validity of any of the Licensed Patents.",
    ),
    Case(
        "unilateral_change_right",
        "Licensee",
        "The royalty rate may be changed only by written agreement of both parties.",
    ),
    Case(
        "uncapped_liability",
        "Customer",
        "7.1 Each party's total liability under this Agreement shall not exceed the fees paid in the preceding twelve (12) months. 7.2 The Customer shall compensate the Provider for all losses caused by its breach.",
    ),
    _zh(
        "indemnity_one_sided",
        "甲方（客户）",
        "因甲方违约给乙方造成损失的，甲方应赔偿乙方的全部损失。",
    ),
    Case(
        "deemed_acceptance_or_waiver",
        "Buyer",
        "The Goods are deemed accepted by the Buyer unless the Buyer notifies the Seller of a defect within thirty (30) days after delivery.",
    ),
    Case(
        "exclusivity",
        "Distributor",
        "2.1 The Supplier appoints the Distributor as its exclusive distributor in the Territory and shall not appoint any other distributor there. 2.2 The Distributor shall not, during the term of this Agreement, distribute any products which compete with the Products.",
    ),
    Case(
        "non_compete",
        "Distributor",
        "2.1 The Supplier appoints the Distributor as its exclusive distributor in the Territory and shall not appoint any other distributor there. 2.2 The Distributor shall not, during the term of this Agreement, distribute any products which compete with the Products.",
    ),
    Case(
        "exclusivity",
        "Distributor",
        "For three (3) years after termination, the Distributor shall not distribute anywhere in the world any products which compete with the Products.",
    ),
    Case(
        "ip_ownership_transfer",
        "Distributor",
        "The Distributor's customer lists and customer data remain the property of the Distributor.",
    ),
    Case(
        "post_termination_obligations",
        "Distributor",
        "On termination the Distributor shall return or destroy the Supplier's Confidential Information, and the Supplier shall buy back the Distributor's saleable stock of Products at the price the Distributor paid for it.",
    ),
    Case(
        "ma_disclosure_overbroad",
        "Buyer",
        "The rights of the Buyer shall not be affected by any knowledge (actual, constructive or imputed) of the Buyer or its advisers.",
        domain="sha_spa",
    ),
    Case(
        "ma_conditions_precedent_gap",
        "Buyer",
        "The Seller warrants that each Warranty is true and accurate at the date of this Agreement and will be true and accurate at Completion. The Buyer may waive any of the Conditions by notice to the Seller.",
        domain="sha_spa",
    ),
    Case(
        "ma_price_mechanism_risk",
        "Buyer",
        "The Buyer shall prepare the completion accounts within 60 days after Completion; any dispute shall be referred to an independent accountant acting as expert.",
        domain="sha_spa",
    ),
    Case(
        "ma_price_mechanism_risk",
        "Seller",
        "GBP 9,600,000 of the Consideration is payable on the second anniversary of Completion, bears interest at 4% a year and is secured by a guarantee from the Buyer's parent company.",
        domain="sha_spa",
    ),
    Case(
        "ma_claim_limitations_unfavourable",
        "Buyer",
        "The limitations in this clause 7 do not apply to Claims by the Buyer under the Title Warranties or the Tax Covenant.",
        domain="sha_spa",
    ),
    Case(
        "ma_claim_limitations_unfavourable",
        "Buyer",
        "No claim may be made against the Seller for Leakage unless notified to the Seller within three months after Completion.",
        domain="sha_spa",
    ),
    Case(
        "termination_rights_unbalanced",
        "Seller",
        "The Buyer shall have no right to terminate this Agreement before Completion for any breach of Warranty.",
        domain="sha_spa",
    ),
    Case(
        "termination_rights_unbalanced",
        "Buyer",
        "The Buyer shall have no right to terminate this Agreement before Completion for any breach of Warranty.",
        domain="sha_spa",
    ),
    Case(
        "non_compete",
        "Seller",
        "The Seller shall not, for a period of three years after Completion, carry on in the United Kingdom any business which competes with the business of the Company.",
        domain="sha_spa",
    ),
    Case(
        "sha_governance_weak",
        "Investor",
        "The Investor may appoint one director for so long as it holds at least 10% of the Shares.",
        domain="sha_spa",
        metadata={"our_shareholding": "20%"},
    ),
    Case(
        "sha_governance_weak",
        "Investor",
        "The Company shall not take any Reserved Matter without the prior written approval of Shareholders holding at least 85% of the Shares.",
        domain="sha_spa",
        metadata={"our_shareholding": "20%"},
    ),
    Case(
        "sha_governance_weak",
        "Investor",
        "The chairman of the Board shall be appointed by the Founder and shall not have a casting vote.",
        domain="sha_spa",
    ),
    Case(
        "sha_governance_weak",
        "Investor",
        "The chairman of the Board shall be appointed by the Investor and shall have a casting vote.",
        domain="sha_spa",
    ),
    _zh(
        "sha_governance_weak",
        "乙方（投资方）",
        "董事长由甲方委派的董事担任，董事长不享有决定票。",
        domain="sha_spa",
    ),
    Case(
        "sha_exit_rights_unfavourable",
        "Investor",
        "If the Founder proposes to transfer any Shares to a third party, the Investor may require the purchaser to buy its Shares on the same terms.",
        domain="sha_spa",
        metadata={"our_shareholding": "20%"},
    ),
    Case(
        "sha_exit_rights_unfavourable",
        "Investor",
        "If no Exit has occurred by the sixth anniversary of this Agreement, the Investor may require the Founder to purchase its Shares at the Subscription Price plus 8% per annum simple interest.",
        domain="sha_spa",
    ),
    Case(
        "sha_dilution_pre_emption",
        "Investor",
        "A Shareholder who fails to fund its share of any capital call approved by the Board may be diluted by the issue of Shares to the other Shareholders at Fair Market Value.",
        domain="sha_spa",
    ),
    Case(
        "sha_dilution_pre_emption",
        "Investor",
        "5.1 Any new Shares shall first be offered to the Shareholders in proportion to their holdings. 5.2 Clause 5.1 shall not apply to the issue of Shares under an employee option plan approved as a Reserved Matter.",
        domain="sha_spa",
    ),
    Case(
        "assignment_restriction",
        "Investor",
        "The Investor shall not transfer any of its Shares before the second anniversary of Completion.",
        domain="sha_spa",
    ),
    _zh(
        "assignment_restriction",
        "乙方（投资方）",
        "自本协议签署之日起五年内，乙方不得转让其持有的目标公司股权。",
        domain="sha_spa",
    ),
    Case(
        "sha_exit_rights_unfavourable",
        "Investor",
        "If the Founders propose to sell more than 50% of the shares, the Investor may require the purchaser to acquire its shares on the same terms.",
        domain="sha_spa",
    ),
    Case(
        "sha_dilution_pre_emption",
        "Investor",
        "New shares shall first be offered to all shareholders pro rata to their holdings.",
        domain="sha_spa",
    ),
    Case(
        "sha_dilution_pre_emption",
        "Majority Shareholder",
        "The Board may issue new shares to any person without first offering them to the existing shareholders.",
        domain="sha_spa",
    ),
    # ------------------------------------------------------------------ L. drafting
    _zh(
        "broken_cross_reference",
        "乙方",
        '本合同中，"设备"是指本合同附件一所列的装配线；"验收"是指甲方按照附件二的标准进行的验收。',
        tools=[
            {
                "references": [
                    {"raw": "附件一", "target": None, "resolved": False},
                    {"raw": "附件二", "target": None, "resolved": False},
                ],
                "issues": ["'附件一' refers to a clause that does not exist in this contract"],
            }
        ],
    ),
    Case(
        "broken_cross_reference",
        "Customer",
        "The Services are described in Exhibit A and priced in Schedule 2.",
        tools=[
            {
                "references_out": [
                    {"raw": "Exhibit A", "target": None, "resolved": False},
                    {"raw": "Schedule 2", "target": None, "resolved": False},
                ]
            }
        ],
    ),
    Case(
        "broken_cross_reference",
        "Supplier",
        "Any claim shall follow the procedure in Clause 14.2.",
        tools=[{"references": [{"raw": "Clause 14.2", "target": "14.2", "resolved": True}], "issues": []}],
    ),
    Case(
        "undefined_term",
        "Supplier",
        "The Customer may assign this Agreement without the Supplier's consent.",
        tools=[{"undefined_terms": ["Supplier's"]}],
    ),
    Case(
        "undefined_term",
        'Harbor Retail plc (the "Customer")',
        "The Services shall be provided at the Customer’s premises and under the Agreement’s terms.",
        tools=[{"undefined_terms": ["Customer’s", "Agreement’s"]}],
    ),
    Case(
        "internal_inconsistency",
        "Supplier",
        "The annual fee is USD 150,000 (one hundred and fifty thousand US dollars).",
    ),
    Case(
        "internal_inconsistency",
        "Customer",
        "The Provider shall respond within thirty (30) days of the request.",
    ),
    # 许可方 is the tail of 被许可方: the licensee's lack of an exit is not the licensor's
    _zh("termination_rights_unbalanced", "许可方", "被许可方无权单方提前解除本协议。"),
    # immediate termination on winding-up, dissolution or a revoked licence is standard
    Case(
        "termination_rights_unbalanced",
        "the Customer",
        "The Supplier may terminate this Agreement immediately by written notice if the Customer is wound up or has a receiver appointed over its assets.",
    ),
    _zh("termination_rights_unbalanced", "乙方", "乙方被吊销营业执照或者解散的，甲方有权立即解除本合同。"),
    # default interest (罚息) left outside the cap is a penalty point, not uncapped general liability
    _zh("uncapped_liability", "借款人", "借款人应支付的罚息不受本合同任何责任限额的限制。"),
    # ------------------------------------------------ a distributor facing its supplier
    # an exclusive appointment answered by exclusive purchasing from us is reciprocal
    Case(
        "exclusivity",
        "Hartwell Instruments GmbH (the Supplier)",
        "2. APPOINTMENT\n2.1 The Supplier appoints the Distributor as its exclusive distributor of the Products in the Territory.\n2.2 The Distributor shall purchase the Products exclusively from the Supplier.",
        metadata={"counterparty": "Oceanic Medical Supplies Pty Ltd (the Distributor)"},
    ),
    # a definition or a heading binds no one
    Case(
        "minimum_commitment",
        "Oceanic Medical Supplies Pty Ltd (the Distributor)",
        '1.4 "Minimum Purchase Target" means the amount set out in Clause 4.1.',
    ),
    Case("minimum_commitment", "Oceanic Medical Supplies Pty Ltd (the Distributor)", "4. MINIMUM PURCHASES"),
    # twelve months is the market warranty
    Case(
        "warranty_or_sla_inadequate",
        "Oceanic Medical Supplies Pty Ltd (the Distributor)",
        "7.1 The Supplier warrants that the Products will be free from defects in materials for twelve (12) months from delivery to the Distributor.",
    ),
    # ------------------------------------------------ a developer under a Chinese 技术开发合同
    # damages on top of liquidated damages for our own late delivery are not an indemnity
    _zh(
        "indemnity_one_sided",
        "乙方",
        "乙方逾期交付的，每逾期一日，应按合同总价的千分之一向甲方支付违约金；违约金不足以弥补甲方损失的，乙方还应赔偿甲方的全部损失。",
    ),
    # ------------------------------------------------ a consultant facing its client
    Case(
        "security_insurance_burden",
        "BRIGHTLINE ADVISORY LIMITED (the Consultant)",
        "6.1 The Consultant shall maintain professional indemnity insurance of not less than GBP 5,000,000 for each claim during the term of this Agreement and for six (6) years after its termination.",
    ),
    # the group that may enforce is ours, against the counterparty
    Case(
        "third_party_rights",
        "BRIGHTLINE ADVISORY LIMITED (the Consultant)",
        "12.1 Each member of the Consultant's group may enforce clause 7 of this Agreement against the Client.",
        metadata={"counterparty": "KESTREL ENERGY PLC (the Client)"},
    ),
    # a late invoice stays payable; a year to invoice is ample
    Case(
        "claim_time_bar",
        "BRIGHTLINE ADVISORY LIMITED (the Consultant)",
        "3.2 The Consultant shall submit each invoice within thirty (30) days after the end of the month. Invoices submitted late remain payable, and the payment period runs from their receipt.",
    ),
    Case(
        "claim_time_bar",
        "BRIGHTLINE ADVISORY LIMITED (the Consultant)",
        "3.2 Fees not invoiced within twelve (12) months after the Services were performed shall not be payable.",
    ),
    _zh(
        "claim_time_bar",
        "乙方",
        "乙方应在每月结束后十日内向甲方提交发票，逾期提交的，付款期自甲方收到发票之日起计算。",
    ),
    # ------------------------------------------------ a subcontractor facing the main contractor
    # the same clauses read for the main contractor, who gains by them
    _zh(
        "cost_escalation_change_in_law",
        "甲方（承包人）",
        "3.2 合同履行期间，主要材料（铝型材、玻璃、钢材）市场价格上涨的风险全部由乙方承担，合同价款不作调整。",
        domain="fidic",
    ),
    _zh(
        "termination_for_convenience",
        "甲方（承包人）",
        "10.2 甲方因发包人原因或总包合同解除而解除本合同的，乙方不得向甲方主张任何损失赔偿。",
        domain="fidic",
    ),
    Case(
        "cost_escalation_change_in_law",
        "Bramwell Construction plc (the Contractor)",
        "4.2 Any rise in the market price of steel or aluminium shall be borne by the Subcontractor and the Subcontract Sum shall not be adjusted.",
        domain="fidic",
        metadata={"counterparty": "Hartley Facades Ltd (the Subcontractor)"},
    ),
    # an upstream termination that pays for work done, materials and demobilisation is fair
    Case(
        "termination_for_convenience",
        "Hartley Facades Ltd (the Subcontractor)",
        "18.2 If the Main Contract is terminated, the Contractor may terminate this Subcontract by notice and shall pay the Subcontractor the value of work done, the cost of materials ordered and its demobilisation costs.",
        domain="fidic",
        metadata={"counterparty": "Bramwell Construction plc (the Contractor)"},
    ),
    # a price rise above a threshold that the counterparty reimburses is an adjustment mechanism
    Case(
        "cost_escalation_change_in_law",
        "Hartley Facades Ltd (the Subcontractor)",
        "4.2 Any rise in the market price of steel or aluminium above 5% shall be reimbursed by the Contractor.",
        domain="fidic",
        metadata={"counterparty": "Bramwell Construction plc (the Contractor)"},
    ),
    # a final account the parties agree between themselves
    Case(
        "payment_terms_unfavourable",
        "Hartley Facades Ltd (the Subcontractor)",
        "9.4 The final account shall be agreed between the Contractor and the Subcontractor within 30 days after the Subcontractor submits it.",
        domain="fidic",
        metadata={"counterparty": "Bramwell Construction plc (the Contractor)"},
    ),
    # 3% retention, released when the defects period ends: what Chinese law allows
    _zh(
        "security_insurance_burden",
        "乙方（分包人）",
        "4.4 甲方从结算价款中预留百分之三作为质量保证金，缺陷责任期满后十四日内退还。",
        domain="fidic",
    ),
    # five years against leaks of a curtain wall is China's statutory minimum warranty
    _zh(
        "warranty_excessive",
        "乙方（分包人）",
        "11.1 乙方对幕墙工程的保修期为五年，自总包工程竣工验收合格之日起计算。",
        domain="fidic",
    ),
    # a third party settling the goods' quality settles nothing about the price
    _zh("payment_terms_unfavourable", "乙方（供应商）", "货物质量以第三方检测机构确认的结果为准。"),
    # our own approval of what we pay is no third party's audit
    _zh(
        "payment_terms_unfavourable",
        "甲方（承包人）",
        "4.3 分包工程结算价以发包人对总包工程结算的审定价为准。",
        domain="fidic",
    ),
    # ------------------------------------------------ a controller facing its data processor
    Case(
        "data_protection_gap",
        "Nordlicht Versicherung AG (the Customer)",
        "5.1 The Processor may appoint new Sub-processors on thirty (30) days' prior notice to the Customer, and the Customer may object on reasonable grounds.",
        metadata={"counterparty": "CloudHarbor Analytics Inc. (the Processor)"},
    ),
    Case(
        "data_protection_gap",
        "Nordlicht Versicherung AG (the Customer)",
        "6.1 The Processor shall not transfer Customer Personal Data outside the EEA without the prior written consent of the Customer.",
        metadata={"counterparty": "CloudHarbor Analytics Inc. (the Processor)"},
    ),
    Case(
        "data_protection_gap",
        "Nordlicht Versicherung AG (the Customer)",
        "6.1 The Processor may transfer Customer Personal Data to any country, provided that the transfer is made under the Standard Contractual Clauses.",
        metadata={"counterparty": "CloudHarbor Analytics Inc. (the Processor)"},
    ),
    Case(
        "data_protection_gap",
        "Nordlicht Versicherung AG (the Customer)",
        "8.1 The Customer may audit the Processor's compliance with this DPA on thirty (30) days' notice once a year, and at any time after a Personal Data Breach.",
        metadata={"counterparty": "CloudHarbor Analytics Inc. (the Processor)"},
    ),
    Case(
        "post_termination_obligations",
        "Nordlicht Versicherung AG (the Customer)",
        "9.1 Within thirty (30) days after the end of the Principal Agreement the Processor shall return all Customer Personal Data to the Customer and then delete it.",
        metadata={"counterparty": "CloudHarbor Analytics Inc. (the Processor)"},
    ),
    Case(
        "unilateral_change_right",
        "Nordlicht Versicherung AG (the Customer)",
        "11.1 This DPA may be amended only in writing signed by both parties.",
        metadata={"counterparty": "CloudHarbor Analytics Inc. (the Processor)"},
    ),
    # the same restrictions read for the processor, who gains by them
    Case(
        "data_protection_gap",
        "CloudHarbor Analytics Inc. (the Processor)",
        "8.1 The Customer's audit rights under the Data Protection Laws are satisfied by the Processor making its most recent SOC 2 Type II report available to the Customer once a year. The Customer shall not carry out on-site audits or inspections.",
        metadata={"counterparty": "Nordlicht Versicherung AG (the Customer)"},
    ),
    Case(
        "data_protection_gap",
        "CloudHarbor Analytics Inc. (the Processor)",
        "6.1 The Processor and its Sub-processors may transfer and process Customer Personal Data in any country in which they or their affiliates operate.",
        metadata={"counterparty": "Nordlicht Versicherung AG (the Customer)"},
    ),
    # ------------------------------------------------ a shipper facing its logistics provider
    Case(
        "exclusivity",
        "Pearl Delta Freight Limited (the Provider)",
        "4.2 The Provider shall use the Customer Data exclusively to provide the Services.",
        metadata={"counterparty": "Vantor Electronics B.V. (the Customer)"},
    ),
    Case(
        "liquidated_damages_excessive",
        "Vantor Electronics B.V. (the Customer)",
        "3.3 Overdue sums bear interest at one and a half per cent (1.5%) per month until paid.",
        metadata={"counterparty": "Pearl Delta Freight Limited (the Provider)"},
    ),
    Case(
        "liability_cap_inadequate",
        "Vantor Electronics B.V. (the Customer)",
        "5.1 The Provider's liability for loss of or damage to Goods shall not exceed the invoice value of the Goods lost or damaged.",
        metadata={"counterparty": "Pearl Delta Freight Limited (the Provider)"},
    ),
    Case(
        "force_majeure_unbalanced",
        "Vantor Electronics B.V. (the Customer)",
        "7. FORCE MAJEURE\n7.1 Neither party shall be liable for any failure or delay caused by events beyond its reasonable control, including war, epidemic and general strikes, but excluding strikes or labour disputes of its own employees.",
        metadata={"counterparty": "Pearl Delta Freight Limited (the Provider)"},
    ),
    # the limitation period bars the Provider's customer, not the Provider
    Case(
        "claim_time_bar",
        "Pearl Delta Freight Limited (the Provider)",
        "6.1 The Provider shall be discharged from all liability unless suit is brought within six (6) months of delivery.",
        metadata={"counterparty": "Vantor Electronics B.V. (the Customer)"},
    ),
    Case(
        "payment_terms_unfavourable",
        "Vantor Electronics B.V. (the Customer)",
        "6.1 The Provider shall be discharged from all liability unless suit is brought within six (6) months of delivery.",
        metadata={"counterparty": "Pearl Delta Freight Limited (the Provider)"},
    ),
    # a provider's own commitments read for the provider
    Case(
        "minimum_commitment",
        "Pearl Delta Freight Limited (the Provider)",
        "2.2 The Customer shall tender not less than five hundred (500) TEU of Goods in each Contract Year.",
        metadata={"counterparty": "Vantor Electronics B.V. (the Customer)"},
    ),
    # ------------------------------------------------ a shipper facing its carrier, in Chinese
    # subcontracting the carriage is not handing our data to sub-processors
    _zh(
        "data_protection_gap",
        "甲方（托运人）",
        "7.1 乙方可将本合同项下的运输业务转委托第三方承运，无需取得甲方同意。",
    ),
    # the same clauses read for the carrier
    _zh(
        "deemed_acceptance_or_waiver",
        "乙方（承运人）",
        "4.1 收货人应在货物送达后二十四小时内验收，逾期未提出书面异议的，视为货物完好、数量无误。",
    ),
    _zh(
        "liability_cap_inadequate",
        "乙方（承运人）",
        "5.1 货物在运输过程中发生灭失、短少、损坏的，乙方按每公斤人民币二十元的标准赔偿，且赔偿总额不超过该批货物运费的三倍。",
    ),
    _zh(
        "indemnity_one_sided",
        "乙方（承运人）",
        "6.2 乙方因运输甲方货物而遭受的任何损失，包括因乙方自身过错造成的损失，均由甲方负责赔偿。",
    ),
    # a carrier that answers for its own delay
    _zh(
        "liability_cap_inadequate",
        "甲方（托运人）",
        "5.2 因乙方原因造成货物迟延送达的，乙方应按迟延天数每日支付该批运费的百分之五作为违约金。",
    ),
    # ------------------------------------------------ a 25% investor facing its founder
    Case(
        "sha_governance_weak",
        "Harcourt Ventures LLP (the Investor)",
        '2.1 Any shareholder holding at least 20% of the Shares may appoint one director (the "Investor Director").',
        domain="sha_spa",
        metadata={"counterparty": "Marcus Feld (the Founder)", "our_shareholding": "25%"},
    ),
    Case(
        "sha_governance_weak",
        "Harcourt Ventures LLP (the Investor)",
        "2.2 The quorum for Board meetings shall be two directors, one of whom shall be the Investor Director.",
        domain="sha_spa",
        metadata={"counterparty": "Marcus Feld (the Founder)"},
    ),
    Case(
        "sha_dilution_pre_emption",
        "Harcourt Ventures LLP (the Investor)",
        "5.1 Any new Shares shall first be offered to the existing shareholders in proportion to their holdings.",
        domain="sha_spa",
        metadata={"counterparty": "Marcus Feld (the Founder)"},
    ),
    Case(
        "sha_exit_rights_unfavourable",
        "Harcourt Ventures LLP (the Investor)",
        "7.1 If the Investor commits a material breach of this Agreement which it fails to remedy within 30 days, the Founder may require the Investor to transfer its Shares to the Founder at their Fair Value.",
        domain="sha_spa",
        metadata={"counterparty": "Marcus Feld (the Founder)"},
    ),
    Case(
        "sha_governance_weak",
        "Harcourt Ventures LLP (the Investor)",
        "8.1 If the shareholders cannot agree on a matter for thirty days, the matter shall be referred to mediation and, failing settlement, to arbitration.",
        domain="sha_spa",
        metadata={"counterparty": "Marcus Feld (the Founder)"},
    ),
    # ------------------------------------------------ a 15% investor facing its founder, in Chinese
    _zh(
        "sha_governance_weak",
        "乙方（投资方）",
        "1.2 董事会会议须有过半数董事出席方可举行，且出席董事中须包括乙方委派的董事。",
        domain="sha_spa",
    ),
    _zh(
        "sha_governance_weak",
        "乙方（投资方）",
        "3.1 公司应于每季度结束后30日内向乙方提供季度财务报表，并于每年度结束后120日内提供经审计的年度财务报告。",
        domain="sha_spa",
    ),
    _zh(
        "sha_dilution_pre_emption",
        "乙方（投资方）",
        "4.1 公司增加注册资本时，现有股东有权按持股比例优先认购。",
        domain="sha_spa",
    ),
    _zh(
        "sha_governance_weak",
        "乙方（投资方）",
        "7.1 各方无法就公司经营事项达成一致的，提交上海国际仲裁中心仲裁。",
        domain="sha_spa",
    ),
    # the same clauses read for the founder
    _zh(
        "sha_exit_rights_unfavourable",
        "甲方（创始股东）",
        "6.1 乙方违反本协议任何约定的，甲方有权以乙方原始出资额的50%收购乙方持有的全部股权。",
        domain="sha_spa",
    ),
    _zh(
        "sha_governance_weak",
        "甲方（创始股东）",
        "1.3 董事长由甲方委派。董事会表决票数相等时，董事长有权作出最终决定。",
        domain="sha_spa",
    ),
    # ------------------------------------------------ a tenant facing its landlord
    Case(
        "auto_renewal_lock_in",
        "Lumen Health Analytics Limited (the Tenant)",
        "2.1 The Landlord lets the Premises to the Tenant for a term of ten years. The Tenant may end this Lease on the fifth anniversary of the term by giving six months' notice.",
        metadata={"counterparty": "Castlegate Property Holdings Limited (the Landlord)"},
    ),
    Case(
        "unilateral_change_right",
        "Lumen Health Analytics Limited (the Tenant)",
        "4.1 On each fifth anniversary of the term the Rent shall be reviewed to the open market rent, determined in default of agreement by an independent surveyor acting as an expert.",
        metadata={"counterparty": "Castlegate Property Holdings Limited (the Landlord)"},
    ),
    Case(
        "liability_cap_inadequate",
        "Lumen Health Analytics Limited (the Tenant)",
        "7.1 The Landlord shall not be liable for any interruption of the services caused by events beyond its reasonable control, provided that it restores them as soon as reasonably practicable.",
        metadata={"counterparty": "Castlegate Property Holdings Limited (the Landlord)"},
    ),
    Case(
        "termination_rights_unbalanced",
        "Lumen Health Analytics Limited (the Tenant)",
        "10.1 If any Rent is unpaid for twenty-one days after written demand, or if the Tenant commits a material breach which it fails to remedy within thirty days of notice, the Landlord may re-enter the Premises.",
        metadata={"counterparty": "Castlegate Property Holdings Limited (the Landlord)"},
    ),
    # the same clauses read for the landlord, who gains by them
    Case(
        "post_termination_obligations",
        "Castlegate Property Holdings Limited (the Landlord)",
        "11.1 Any item left in the Premises at the end of the term shall become the property of the Landlord without payment.",
        metadata={"counterparty": "Lumen Health Analytics Limited (the Tenant)"},
    ),
    Case(
        "termination_for_convenience",
        "Castlegate Property Holdings Limited (the Landlord)",
        "9.1 The Landlord may end this Lease at any time by giving the Tenant three months' notice if it wishes to redevelop the building, and the Tenant shall not be entitled to any compensation.",
        metadata={"counterparty": "Lumen Health Analytics Limited (the Tenant)"},
    ),
    # ------------------------------------------------ a SaaS customer, in Chinese, and its data on exit
    _zh(
        "liability_cap_inadequate",
        "乙方（服务商）",
        "5.2 因第三方云服务商原因造成的服务中断，乙方不承担任何责任。",
    ),
    _zh(
        "post_termination_obligations",
        "甲方（客户）",
        "6.3 本协议终止后六十日内，甲方可导出其全部数据；期满后乙方将在七日内删除甲方全部数据。",
    ),
    Case(
        "post_termination_obligations",
        "Nordlicht Versicherung AG (the Customer)",
        "The Processor shall make Customer Data available for export for 60 days after termination and shall then delete it within thirty days.",
        metadata={"counterparty": "CloudHarbor Analytics Inc. (the Processor)"},
    ),
    # ------------------------------------------------ an English subcontract, read for the subcontractor
    Case(
        "claim_time_bar",
        "Hartley Facades Ltd (the Subcontractor)",
        "4.1 The Subcontractor shall give notice of any claim for an extension of time or additional payment within twenty-eight days after it became aware of the event. If it does not, the Contractor shall take the delay into account in assessing the claim.",
        domain="fidic",
        metadata={"counterparty": "Bramwell Construction plc (the Contractor)"},
    ),
    Case(
        "variation_valuation_unfair",
        "Hartley Facades Ltd (the Subcontractor)",
        "5.1 The Contractor may instruct variations to the Subcontract Works, which shall be valued at the rates in the Subcontract and paid whether or not the Contractor recovers payment from the Employer.",
        domain="fidic",
        metadata={"counterparty": "Bramwell Construction plc (the Contractor)"},
    ),
    # the same clauses read for the main contractor
    Case(
        "claim_time_bar",
        "Bramwell Construction plc (the Contractor)",
        "4.1 The Subcontractor shall give notice of any claim for an extension of time or additional payment within seven days after the event. If it does not, it shall not be entitled to any extension of time or additional payment.",
        domain="fidic",
        metadata={"counterparty": "Hartley Facades Ltd (the Subcontractor)"},
    ),
    Case(
        "variation_valuation_unfair",
        "Bramwell Construction plc (the Contractor)",
        "5.1 No variation shall entitle the Subcontractor to additional payment unless and to the extent that the Contractor recovers payment for it from the Employer.",
        domain="fidic",
        metadata={"counterparty": "Hartley Facades Ltd (the Subcontractor)"},
    ),
]


def test_every_risk_type_has_phrasings_that_must_and_must_not_be_flagged() -> None:
    flagged = {c.risk for c in FLAG}
    cleared = {c.risk for c in CLEAR}
    assert set(RISK_TYPES) <= flagged, sorted(set(RISK_TYPES) - flagged)
    assert set(RISK_TYPES) <= cleared, sorted(set(RISK_TYPES) - cleared)
    for risk in RISK_TYPES:
        assert sum(c.risk == risk for c in FLAG) >= 3, risk
        assert sum(c.risk == risk for c in CLEAR) >= 2, risk


@pytest.mark.parametrize("case", FLAG, ids=[c.id for c in FLAG])
def test_a_risk_borne_by_our_party_is_flagged_whatever_the_phrasing(case: Case) -> None:
    assert case.risk in _types(case)


@pytest.mark.parametrize("case", CLEAR, ids=[c.id for c in CLEAR])
def test_a_balanced_favourable_or_counterparty_risk_is_not_flagged(case: Case) -> None:
    assert case.risk not in _types(case)


def test_no_rule_raises_on_any_phrasing() -> None:
    # A rule that raises is logged and skipped so that one defect never sinks a review; that same
    # safety net would hide a broken pattern from every other test, so it is checked here.
    with structlog.testing.capture_logs() as logs:
        for case in FLAG + CLEAR:
            _types(case)
    failed = [(e.get("rule"), e.get("clause_id")) for e in logs if e.get("event") == "review rule failed"]
    assert not failed, failed[:5]
