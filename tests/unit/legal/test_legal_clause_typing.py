"""Clause typing of the risk-bearing CUAD categories: what each category means, positive and negative.

Each table holds clauses written for these tests (not taken from any benchmark contract) in the
varied wording real contracts use, English and, where the type exists in Chinese contracts, Chinese.
A positive row says the clause *does* the thing the category is about; a negative row says it only
looks like it (a negation, a mere mention, a neighbouring legal concept, a table-of-contents line).
"""

# ruff: noqa: E501  -- clause fixtures read better unbroken

from __future__ import annotations

import pytest
from clauseflow_legal.clause_types import classify_clause

Row = tuple[str, str]  # (title, text)


def _ids(rows: list[Row]) -> list[str]:
    return [(title + " " + text)[:60] for title, text in rows]


def _check(type_id: str, rows: list[Row], expected: bool) -> None:
    for title, text in rows:
        found = type_id in classify_clause(
            title, text, "zh-CN" if any("\u4e00" <= ch <= "\u9fff" for ch in text) else "en"
        )
        assert found is expected, (
            f"{type_id} {'missed' if expected else 'wrongly found'} in: {title!r} {text!r}"
        )


# --- Cap On Liability: a ceiling on the amount, an exclusion of damage types, a sole remedy, a claim time limit
CAP_YES: list[Row] = [
    (
        "",
        "The Supplier's total liability arising out of or in connection with this Agreement shall not exceed the fees paid in the twelve months preceding the claim.",
    ),
    ("", "IN NO EVENT SHALL EITHER PARTY'S AGGREGATE LIABILITY EXCEED ONE MILLION DOLLARS ($1,000,000)."),
    (
        "",
        "NEITHER PARTY SHALL BE LIABLE TO THE OTHER FOR ANY SPECIAL, INCIDENTAL, INDIRECT OR CONSEQUENTIAL DAMAGES OR LOST PROFITS, HOWEVER CAUSED.",
    ),
    ("", "Under no circumstances will the Distributor be liable for punitive or exemplary damages."),
    (
        "",
        "EXCEPT AS SET OUT IN SECTION 7.3, I.E. FOR INDEMNIFIED CLAIMS, NEITHER PARTY WILL BE LIABLE FOR ANY INDIRECT DAMAGES.",
    ),
    ("", "Each party waives any right to claim consequential or punitive damages from the other party."),
    (
        "",
        "A party in breach shall be liable to the other party only for direct damages resulting from the breach.",
    ),
    (
        "",
        "Replacement or refund of the defective Units shall be the Purchaser's sole and exclusive remedy for breach of the product warranty.",
    ),
    (
        "",
        "No action, regardless of form, arising out of this Agreement may be brought by either party more than one (1) year after the cause of action has accrued.",
    ),
    (
        "",
        "Any claim under this Agreement must be commenced within eighteen months after the claimant first knew of it, failing which it is barred.",
    ),
    (
        "",
        "Neither party will be liable under any legal theory for amounts in excess of the fees paid in the preceding year.",
    ),
    (
        "Limitation of Liability",
        "Licensor's liability for any claim is limited to the amount of the license fee actually paid for the affected product.",
    ),
    ("", "任何一方在本合同项下的累计赔偿责任不超过合同总价款的百分之二十。"),
    ("", "供应商对买方的任何间接损失、利润损失不承担赔偿责任。"),
]
CAP_NO: list[Row] = [
    ("", "The Supplier shall indemnify the Customer against all losses arising from third-party claims."),
    ("", "Nothing in this Agreement shall limit or exclude either party's liability for fraud."),
    (
        "",
        "Each party irrevocably waives any right it may have to a trial by jury in any litigation directly or indirectly arising out of this Agreement.",
    ),
    (
        "",
        "Any action between the parties shall be brought within the State of Texas in the courts of Dallas County.",
    ),
    ("", "The Customer shall pay the fees within thirty (30) days of the invoice date."),
    (
        "",
        "This Agreement constitutes the entire agreement between the parties and supersedes all prior understandings.",
    ),
    ("", "乙方应当按照甲方的要求交付货物。"),
]


# --- Uncapped Liability: a cap or exclusion carved out, or liability stated to be unlimited
UNCAPPED_YES: list[Row] = [
    (
        "",
        "EXCEPT FOR A BREACH OF ITS CONFIDENTIALITY OBLIGATIONS, NEITHER PARTY SHALL BE LIABLE FOR ANY INDIRECT OR CONSEQUENTIAL DAMAGES.",
    ),
    (
        "",
        "The limitations set out in this Section shall not apply to a party's indemnification obligations or to damages caused by its gross negligence or wilful misconduct.",
    ),
    (
        "",
        "In no event shall the Vendor's total liability exceed the fees paid, other than liability for infringement of a third party's intellectual property rights.",
    ),
    (
        "",
        "The Contractor's liability for death or personal injury caused by its negligence shall be unlimited.",
    ),
    (
        "",
        "Each party's aggregate liability shall not exceed the fees paid, excluding liability arising from its indemnification obligations.",
    ),
    (
        "",
        "Nothing in this Agreement excludes or limits either party's liability for death or personal injury resulting from negligence.",
    ),
    ("", "乙方的赔偿总额不超过合同价款，但因乙方故意或重大过失造成的损失不受上述限额限制。"),
    ("", "乙方的赔偿责任以合同总金额为限，但因故意或重大过失造成损失的除外。"),
    (
        "",
        "Notwithstanding the foregoing, none of the limitations of liability in this Section 9.2 shall be available to a party that breaches Section 11.",
    ),
    (
        "",
        "This Section 12.3 will not limit the liability of a Party for (1) its indemnification obligations or (2) breach of confidentiality.",
    ),
]
UNCAPPED_NO: list[Row] = [
    ("", "The total liability of the Licensor shall not exceed the license fees paid under this Agreement."),
    ("", "乙方的赔偿责任以合同总金额为限。"),
    (
        "",
        "Acme Holdings is a Cayman Islands exempted company with unlimited liability company status in its home state.",
    ),
    (
        "",
        'The term "person" includes any corporation, partnership, limited or unlimited liability company, trust or association.',
    ),
    (
        "",
        "The Distributor shall, including without limitation, promote the Products and bear liability for its own employees.",
    ),
    ("", "The Employer shall pay the Contractor within 56 days of the statement."),
]


# --- Termination For Convenience: a party may end the contract without cause, by notice alone
TFC_YES: list[Row] = [
    (
        "",
        "Either party may terminate this Agreement for convenience upon sixty (60) days' written notice to the other party.",
    ),
    ("", "This Agreement may be terminated by either party upon ninety (90) days written notice."),
    (
        "",
        "The Company may terminate this Agreement at any time, with or without cause, by giving thirty days' notice to the Consultant.",
    ),
    (
        "",
        "Customer shall have the right to terminate any Statement of Work without cause on fifteen (15) days' prior written notice.",
    ),
    (
        "",
        "The Licensee has the right to terminate this Agreement, at its sole discretion, upon providing one hundred twenty (120) days' written notice to the Licensor.",
    ),
    (
        "",
        "Either party may terminate this Agreement, at any time, by giving the other party thirty (30) days prior written notice.",
    ),
    (
        "",
        "The Owner may terminate this Agreement upon the occurrence of any of the following: (a) the Operator fails to perform a material obligation and does not cure it within thirty days; (b) the Operator becomes insolvent; (c) without cause, on not less than ten (10) days prior written notice.",
    ),
    ("", "甲方有权随时解除本合同，但应提前三十日书面通知乙方。"),
    ("", "甲方可以提前30日书面通知乙方解除本合同。"),
    ("", "任何一方可提前六十天书面通知对方终止本协议，无需说明理由。"),
]
TFC_NO: list[Row] = [
    (
        "",
        "Either party may terminate this Agreement upon thirty (30) days written notice if the other party materially breaches this Agreement and fails to cure the breach.",
    ),
    (
        "",
        "The Franchisor shall have the right to terminate the Advertising Fund at any time, provided the remaining monies are first spent.",
    ),
    (
        "",
        "The Supplier reserves the right to terminate this Agreement immediately for cause if any regulator requires it to cease the Services for any reason.",
    ),
    ("", "Upon expiry of the Term this Agreement terminates, along with all licenses granted hereunder."),
    (
        "",
        "Either party may terminate this Agreement at the end of the Initial Term by giving written notice of non-renewal at least ninety (90) days before the end of the Initial Term.",
    ),
    ("", "乙方违约的，甲方有权解除本合同。"),
    (
        "",
        "In addition to its other remedies, by providing written notice, a party may immediately terminate this Agreement: (a) if the other party becomes insolvent; or (b) if the other party breaches Section 4.",
    ),
    (
        "",
        "Either party may terminate this Agreement by written notice upon the dissolution of the Joint Venture Company.",
    ),
    (
        "",
        "Each Supplier may terminate its obligations to supply a particular Product by giving written notice of the end of life of that Product.",
    ),
    (
        "",
        "If a majority of the shares of either party, Acme Inc. (other than shares held by its founders), are acquired by another company, the other party may terminate this Agreement by giving thirty (30) days written notice.",
    ),
]


# --- Change Of Control: a party's change of control lets the other terminate, or needs its consent/notice
COC_YES: list[Row] = [
    (
        "",
        "Should the Reseller undergo a change of control, the Manufacturer may terminate this Agreement by written notice.",
    ),
    (
        "",
        "If a majority of the voting stock of the Distributor is sold or transferred to a third party, the Supplier may terminate this Agreement on thirty (30) days' notice.",
    ),
    (
        "",
        "Licensor may terminate this Agreement: (1) if Licensee fails to pay any amount when due; or (2) upon sixty (60) days prior written notice if Licensee merges with another entity or sells all or substantially all of its assets.",
    ),
    (
        "",
        "Any merger, consolidation or acquisition of a controlling interest in the Service Provider shall be deemed an assignment requiring the prior written consent of the Client.",
    ),
    (
        "",
        "The Vendor shall notify the Customer in writing within ten days after any change in control of the Vendor.",
    ),
    (
        "",
        "If the Company is acquired by a competitor of the Partner, the Partner may terminate this Agreement immediately.",
    ),
    (
        "",
        "This Agreement cannot be assigned by a Party, also as a result of a merger, of a de-merger or of a spin-off, without the prior written consent of the other Party.",
    ),
    ("", "乙方控股股东或实际控制人发生变更的，应提前书面通知甲方，甲方有权解除本合同。"),
    ("", "乙方的控股股东发生变化的，甲方有权解除本合同。"),
    ("", "如乙方发生合并、分立或控制权变更，应提前通知甲方。"),
]
COC_NO: list[Row] = [
    (
        "",
        "Neither party may assign this Agreement, whether by operation of law or otherwise, without the prior written consent of the other party.",
    ),
    (
        "",
        "Either party may assign this Agreement without consent to a successor in connection with a merger or the sale of all or substantially all of its assets.",
    ),
    (
        "",
        "Either party shall have the right to assign this Agreement in connection with the merger or acquisition of such party or the sale of all or substantially all of its assets related to this &nbsp; Agreement without such consent.",
    ),
    ("", "No change in control of either party shall be deemed an assignment of this Agreement."),
    (
        "",
        '"Change of Control" means the acquisition by any person of more than fifty percent of the voting securities of a Party.',
    ),
    (
        "",
        "Each party may disclose the terms of this Agreement in confidence to a prospective acquirer in connection with a proposed merger or acquisition.",
    ),
]


# --- Anti-Assignment: consent or notice needed to assign or transfer the contract
ASSIGN_YES: list[Row] = [
    (
        "",
        "Licensee shall not assign or transfer this Agreement without the prior written consent of Licensor.",
    ),
    (
        "",
        "This Agreement and the rights granted hereunder are personal to the Distributor and are not assignable or transferable.",
    ),
    (
        "",
        "Neither party may assign any of its rights hereunder except with the written consent of the other party, which shall not be unreasonably withheld.",
    ),
    ("", "未经甲方书面同意，乙方不得转让本合同项下的权利义务。"),
    (
        "",
        "All rights granted herein are not sublicensable,\n\nSource: ACME HOLDINGS INC, 10-K, 3/1/2019\n\ntransferable or assignable.",
    ),
]
ASSIGN_NO: list[Row] = [
    ("", "The Supplier shall deliver the Goods DDP to the Buyer's warehouse."),
    ("", "Title to the Goods passes to the Buyer on delivery."),
    (
        "",
        "The release of the source code to the Licensee will not act as an assignment of any intellectual property rights of the Owner.",
    ),
]


# --- Non-Compete: a restraint on a party's own business, field, territory or dealings with competitors
NONCOMPETE_YES: list[Row] = [
    ("", "During the term the Agent shall not engage in any business that competes with the Principal."),
    (
        "",
        "The Distributor shall not, during the Term, directly or indirectly, engage in the manufacture or sale of products that compete with the Products.",
    ),
    (
        "",
        "For two years after termination, the Consultant shall not, directly or indirectly, own, manage or operate any business similar to the Company's business within fifty miles of any Company location.",
    ),
    (
        "",
        "During the Term and for one (1) year thereafter, the Developer shall not research, develop, manufacture, sell or distribute any product containing the Compound.",
    ),
    (
        "",
        "The Reseller agrees not to market, license or distribute the Software to any of the companies listed in Schedule 4 or their subsidiaries.",
    ),
    (
        "",
        "Throughout the Term, the Publisher will not display any advertisement on the Site that promotes a product of a Sponsor Competitor.",
    ),
    (
        "Non-Competition",
        "The Seller covenants that it will not carry on a business in the Territory that is substantially the same as the Business.",
    ),
    ("", "合同期内及终止后两年内，乙方不得从事与甲方相同或相竞争的业务。"),
    ("", "乙方承担竞业限制义务。"),
    ("", "乙方在合作期间不得与甲方的竞争对手进行合作。"),
]
NONCOMPETE_NO: list[Row] = [
    (
        "",
        "Nothing in this Agreement shall prevent either party from developing or marketing products that compete with the other party's products.",
    ),
    (
        "",
        "The Supplier shall not manufacture the Products otherwise than in accordance with the Specifications.",
    ),
    ("", "The Licensee shall not sell any Product that fails to meet the quality standards."),
    ("", "The competent authority shall approve the Product before launch."),
    (
        "",
        "ARTICLE 3 CONFIDENTIALITY AND NON-COMPETITION 3.1 Maintenance of Confidential Information. The Consultant shall keep the Company's information confidential.",
    ),
]


# --- Exclusivity: an exclusive dealing commitment (exclusive appointment or grant, all requirements, no dealings with others)
EXCLUSIVE_YES: list[Row] = [
    ("", "The Buyer shall purchase all of its requirements for the Goods exclusively from the Seller."),
    (
        "",
        "The Company hereby appoints the Distributor as its exclusive distributor of the Products in the Territory.",
    ),
    (
        "",
        "Licensor grants to Licensee an exclusive, royalty-bearing license to make and sell the Licensed Products in the Field.",
    ),
    (
        "",
        "During the Term, the Manufacturer shall not supply the Products to any third party in the Territory.",
    ),
    ("", "The Company shall not appoint any other distributor for the Products in the Territory."),
    ("", "The Customer shall buy its entire requirements of packaging from the Supplier."),
    (
        "",
        "The Partner shall not enter into any agreement with any other provider of payment services for the same purpose during the Term.",
    ),
    (
        "Exclusivity",
        "During the Term, the Customer shall obtain the Services solely from the Provider and shall not engage any other vendor for them.",
    ),
    ("", "甲方授予乙方在中国大陆地区的独家代理权。"),
    ("", "合同期内，甲方不得向任何第三方采购同类产品。"),
]
EXCLUSIVE_NO: list[Row] = [
    ("", "Service credits are the sole and exclusive remedy for unavailability."),
    ("", "The courts of England shall have exclusive jurisdiction."),
    (
        "Non-Exclusive",
        "This Agreement does not create an exclusive arrangement, and nothing herein shall preclude the Company from engaging any other agent.",
    ),
    ("", "Licensor grants to Licensee a non-exclusive, non-transferable license to use the Software."),
    (
        "",
        "The Supplier acknowledges that it is not the Customer's exclusive provider and the Customer may use other vendors.",
    ),
    (
        "",
        "All goodwill arising from the use of a party's trademarks shall enure exclusively to the owner of those trademarks.",
    ),
    ("", "This Agreement is the complete and exclusive statement of the agreement between the parties."),
    ("", "The prices are exclusive of value added tax."),
    (
        "",
        "All fees are exclusive of any sales taxes imposed on the products and services provided under this Agreement.",
    ),
    (
        "",
        "The Licensor acknowledges that it may have entered into exclusive license arrangements with other corporations.",
    ),
    (
        "",
        "As between the Parties, the Company shall have the sole and exclusive right to set the prices of the Products.",
    ),
    (
        "",
        "WHEREAS, under the Master Agreement the Franchisor granted the Developer the exclusive right to develop resorts under the brand;",
    ),
    ("Exclusivity", "4.1 Content exclusive: [ ] Yes [ ] No 4.2 Copyright: [ ] Yes [ ] No"),
    ("Appointment; Exclusivity", "Section 2.01 Appointment; Exclusivity 5"),
    ("", "2.1 Appointment 3 2.2 Exclusivity 4 2.3 Territory 4 3.1 Orders 5 3.2 Delivery 6"),
    ("", "甲方授予乙方非独家的使用许可。"),
    ("", "本授权为非独家授权。"),
]


# --- Liquidated Damages: a pre-agreed sum for breach, or a fee/penalty payable on termination
LD_YES: list[Row] = [
    ("", "For each week of delay the Builder shall pay liquidated damages of 0.5% of the price."),
    (
        "",
        "If the Customer terminates this Agreement before the end of the Initial Term, it shall pay an early termination fee equal to the fees remaining for the Initial Term.",
    ),
    (
        "",
        "In the event of termination by the Licensee during the first year, the following payment penalties apply: the Licensee shall forfeit the advance and pay the balance of the minimum guarantee.",
    ),
    (
        "",
        "The parties agree that the sum of $50,000 is a genuine pre-estimate of the loss and shall be paid by the defaulting party as agreed damages.",
    ),
    ("", "乙方逾期交货的，应按日支付合同总价千分之一的违约金。"),
]
LD_NO: list[Row] = [
    (
        "",
        "An amount equal to any termination fee received by the Purchaser under the merger agreement shall be distributed to the Sponsors pro rata.",
    ),
    ("", "Consent must be given in writing under penalty of nullity."),
    ("", "Late payments shall bear interest at one percent per month."),
    ("", "The Distributor shall comply with all laws, violation of which may result in civil penalties."),
    (
        "",
        "The Company shall reimburse the Contractor for any losses (including cancellation penalties) incurred on its behalf.",
    ),
    ("Termination Fee", "Termination Fee."),
    (
        "",
        "Any amounts owed, including reimbursements for supply penalties under Section 5.5, may be set off against the quarterly payment.",
    ),
]


# --- Audit Rights: a right to audit or inspect the counterparty's books, records or premises
AUDIT_YES: list[Row] = [
    ("", "The Licensor may audit the books and records of the Licensee once per year."),
    (
        "",
        "Upon ten days' notice, the Company shall have the right to inspect the Manufacturer's facilities to verify compliance with the Quality Agreement.",
    ),
    (
        "",
        "Distributor shall keep accurate records of all sales and shall make them available for examination by an independent accountant appointed by Supplier.",
    ),
    ("", "甲方有权审计乙方与本合同有关的账簿和记录。"),
]
AUDIT_NO: list[Row] = [
    (
        "",
        "Smith & Co., which certified the financial statements and issued an audit report on them, are independent public accountants.",
    ),
    (
        "Records Retention",
        "Each Party shall keep written records of its research activities in accordance with industry practice.",
    ),
    ("", "The Company shall deliver its audited annual financial statements to its shareholders."),
]


# --- Insurance: a duty to maintain insurance (for the counterparty's benefit)
INSURANCE_YES: list[Row] = [
    ("", "The Consultant shall maintain professional indemnity insurance of at least USD 2 million."),
    (
        "",
        "During the Term, Supplier shall carry commercial general liability insurance with limits of not less than $1,000,000 per occurrence and shall name Buyer as an additional insured.",
    ),
    (
        "",
        "The Franchisee must procure and keep in force, at its own cost, product liability coverage and provide certificates of insurance on request.",
    ),
    (
        "Insurance",
        "Each party shall obtain and keep policies covering its obligations under this Agreement with reputable insurers.",
    ),
    (
        "",
        "If requested, the Seller shall arrange for any insurance desired by the Buyer on shipments of Product.",
    ),
    ("", "承包人应为其施工人员投保工伤保险和意外伤害保险。"),
]
INSURANCE_NO: list[Row] = [
    (
        "",
        "Revenue means all amounts received from customers less taxes, freight, insurance, refunds and credits.",
    ),
    ("", "The Affiliate shall comply with the Health Insurance Portability and Accountability Act."),
    (
        "",
        "Liability per occurrence shall not exceed the amount of insurance coverage actually paid to the Company under its policies.",
    ),
    (
        "",
        "The Supplier is responsible for paying freight, handling and insurance charges to the delivery point.",
    ),
]


# --- Ip Ownership Assignment: IP created by one party becomes the counterparty's
IP_YES: list[Row] = [
    (
        "",
        "All inventions made in the course of the Services shall vest in the Client, and the Consultant hereby assigns all right, title and interest in them.",
    ),
    (
        "",
        "All deliverables and work product created by the Contractor under this Agreement shall be the sole and exclusive property of the Company.",
    ),
    ("", "Each item of the Content shall be deemed a work made for hire for the Publisher."),
    (
        "",
        "Any improvements to the Licensed Technology made by the Licensee shall be owned by the Licensor, and the Licensee agrees to assign them to the Licensor.",
    ),
    (
        "",
        "The party that does not wish to file the application shall transfer its share of ownership in the invention to the other party free of charge.",
    ),
    ("", "因履行本合同所产生的全部知识产权归甲方所有。"),
    ("", "乙方同意将开发成果的知识产权转让给甲方。"),
    (
        "",
        "The Sponsor shall own all inventions and discoveries made by either party in the course of the Research Program.",
    ),
    (
        "",
        "The Assignor hereby assigns, transfers and conveys to the Assignee all of the Assignor's right, title, and interest in, to, and under the Transferred Contract.",
    ),
]
IP_NO: list[Row] = [
    (
        "Content Ownership",
        "Each party and its suppliers retain all rights, title and interest in and to all intellectual property rights in its own content.",
    ),
    (
        "Intellectual Property Rights",
        "The release of the Material to the Licensee will not act as an assignment of any intellectual property rights that the Owner possesses in it.",
    ),
    (
        "Intellectual Property",
        "The Licensor's intellectual property is and shall remain the sole property of the Licensor, and nothing herein confers any ownership on the Licensee.",
    ),
    (
        "",
        "Without the prior written consent of Licensor, Licensee shall not apply for registration of any intellectual property rights in the Licensed Products.",
    ),
    ("", "Neither party may assign this Agreement or any rights hereunder without consent."),
    ("", "双方各自原有的知识产权仍归各自所有。"),
    ("", "乙方保留其原有知识产权。"),
    (
        "",
        "You agree to comply with the restrictions on transfer of ownership of the corporation set forth in Section 12.02.",
    ),
    (
        "",
        "Each of the inventors named in the Patents has assigned to the Company all of his right, title and interest in such Patents.",
    ),
    (
        "",
        "Nothing herein shall be construed to transfer or convey any ownership interest in the Plants to the Company.",
    ),
]


# --- Renewal Term: automatic renewal or extension, or a unilateral right to renew/extend
RENEWAL_YES: list[Row] = [
    ("", "The term shall automatically renew for successive one-year periods."),
    (
        "",
        "If neither party gives such notice, the term of this Agreement shall be automatically renewed for another one (1) year.",
    ),
    (
        "",
        "Thereafter this Agreement shall renew for subsequent two (2) year periods unless either party gives notice of its intention to terminate.",
    ),
    (
        "",
        "The Initial Term shall automatically be extended for an additional period of six months unless either party objects in writing.",
    ),
    (
        "",
        "This Agreement shall be renewed automatically for another five (5) years upon expiry unless terminated.",
    ),
    (
        "",
        "The agreement has a duration of three years, extendable for a further two years, unless notice of non-renewal is sent.",
    ),
    (
        "",
        "After the first year, the Agreement shall renew automatically on the same terms unless superseded.",
    ),
    (
        "",
        "The Licensee shall have the option to extend the Term for one additional period of five years by giving notice before expiry.",
    ),
    ("", "合同期满后自动续期一年。"),
    (
        "",
        "This JV Agreement shall have a duration of [***] years, extendable for a further [***] years, unless notice of non-renewal is sent.",
    ),
    ("", "本协议期满前三十日任何一方未书面提出异议的，本协议自动延续一年。"),
]
RENEWAL_NO: list[Row] = [
    (
        "",
        "If the force majeure event continues, the time for performance shall be extended for a period equal to the delay.",
    ),
    (
        "",
        "If ETON is unable to sell the Products due to supply issues that extend for a period of thirty days, the minimum royalty shall be prorated.",
    ),
    (
        "Renewal",
        "If the Publisher offers promotional space to a competitor, it shall first negotiate with the Client in good faith.",
    ),
    ("", "This Agreement shall commence on the Effective Date and continue for fifteen months."),
    ("", "合同期限为一年，自双方签字之日起计算。"),
    (
        "",
        "Supplier shall adhere to the security standards throughout the Term of the contract and any Renewal Terms.",
    ),
]


# --- Governing Law: the law that governs the contract
LAW_YES: list[Row] = [
    ("", "This Agreement is governed by the laws of Singapore."),
    (
        "",
        "THIS AGREEMENT SHALL BE GOVERNED IN ALL RESPECTS, INCLUDING VALIDITY, INTERPRETATION AND EFFECT, BY THE LAWS OF THE STATE OF DELAWARE.",
    ),
    (
        "",
        "This Agreement shall be construed and enforced in accordance with the internal laws of the State of New York.",
    ),
    ("", "The laws of England and Wales shall govern this Agreement."),
    (
        "",
        "This Agreement is entered into in the State of Texas and shall be interpreted according to the laws of the State of Texas.",
    ),
    ("", "本合同受中华人民共和国法律管辖，适用中华人民共和国法律。"),
]
LAW_NO: list[Row] = [
    (
        "",
        "All purchase orders agreed between the Company and a Supplier shall be governed by this Agreement unless otherwise agreed.",
    ),
    ("", "Attention: General Counsel 12. Dispute Resolution and Governing Law"),
    ("", "Each party shall comply with all applicable laws in performing this Agreement."),
]


CASES: list[tuple[str, list[Row], list[Row]]] = [
    ("cap_on_liability", CAP_YES, CAP_NO),
    ("uncapped_liability", UNCAPPED_YES, UNCAPPED_NO),
    ("termination_for_convenience", TFC_YES, TFC_NO),
    ("change_of_control", COC_YES, COC_NO),
    ("anti_assignment", ASSIGN_YES, ASSIGN_NO),
    ("non_compete", NONCOMPETE_YES, NONCOMPETE_NO),
    ("exclusivity", EXCLUSIVE_YES, EXCLUSIVE_NO),
    ("liquidated_damages", LD_YES, LD_NO),
    ("audit_rights", AUDIT_YES, AUDIT_NO),
    ("insurance", INSURANCE_YES, INSURANCE_NO),
    ("ip_ownership_assignment", IP_YES, IP_NO),
    ("renewal_term", RENEWAL_YES, RENEWAL_NO),
    ("governing_law", LAW_YES, LAW_NO),
]

_POSITIVE = [(t, row) for t, yes, _ in CASES for row in yes]
_NEGATIVE = [(t, row) for t, _, no in CASES for row in no]


@pytest.mark.parametrize(
    ("type_id", "row"),
    _POSITIVE,
    ids=[f"{t}:{i}" for t, i in zip([t for t, _ in _POSITIVE], _ids([r for _, r in _POSITIVE]), strict=True)],
)
def test_a_clause_that_does_the_thing_gets_the_type(type_id: str, row: Row) -> None:
    _check(type_id, [row], expected=True)


@pytest.mark.parametrize(
    ("type_id", "row"),
    _NEGATIVE,
    ids=[f"{t}:{i}" for t, i in zip([t for t, _ in _NEGATIVE], _ids([r for _, r in _NEGATIVE]), strict=True)],
)
def test_a_clause_that_only_looks_like_it_does_not(type_id: str, row: Row) -> None:
    _check(type_id, [row], expected=False)


def test_a_heading_alone_still_names_its_type() -> None:
    """Classifying a bare clause name (as the planner does) still answers from the title."""
    assert "insurance" in classify_clause("Insurance", "")
    assert "renewal_term" in classify_clause("Renewal", "")
    assert "exclusivity" in classify_clause("Exclusivity", "")
    assert "governing_law" in classify_clause("Governing Law", "")


def test_a_heading_over_a_short_review_note_still_names_its_type() -> None:
    """A checklist item (clause name plus a one-line note) is typed by its name."""
    assert "renewal_term" in classify_clause("Renewal", "Review clause 3.2 (term): renewal mechanics")
    assert "cap_on_liability" in classify_clause(
        "Limitation of Liability", "Review clause 17.6 (general): cap and carve-outs"
    )


def test_a_heading_naming_two_subjects_types_only_the_one_the_text_is_about() -> None:
    text = (
        "ARTICLE 3 CONFIDENTIALITY AND NON-COMPETITION 3.1 Maintenance of Confidential Information. "
        "The Consultant acknowledges that he will have access to confidential information of the Company and "
        "shall not disclose it to any person without the Company's consent, nor use it for any other purpose."
    )
    types = classify_clause("Confidentiality and Non-Competition", text)
    assert "non_compete" not in types
    assert "confidentiality" in types


def test_a_heading_over_a_clause_about_something_else_does_not_type_it() -> None:
    text = (
        "5.1 The Term of this Agreement shall begin on the Effective Date and end fifteen months later. "
        "5.2 Either party may terminate this Agreement upon written notice if the other party commits a material breach "
        "that remains uncured thirty days after notice of the breach."
    )
    assert "renewal_term" not in classify_clause("Termination and Renewal", text)


def test_a_parent_clause_does_not_combine_a_cap_and_an_unrelated_exception() -> None:
    """A cap in one sub-clause and an 'except' in another, unrelated one do not make liability uncapped."""
    text = (
        "9.1 Except as set out in Schedule 2, the Supplier shall deliver the Goods to the Site. "
        "9.2 The Supplier's total liability under this Agreement shall not exceed the Contract Price."
    )
    types = classify_clause("Liability", text)
    assert "cap_on_liability" in types
    assert "uncapped_liability" not in types


def test_a_table_of_contents_does_not_type_the_agreement_that_follows_it() -> None:
    text = (
        "8.2 Notices 15 8.3 Rights 16 8.4 Applicable Laws 16 8.8 Limitation of Liability 17 8.9 Exclusivity 18 "
        "8.13 Assignment 18 8.14 Insurance 19 9.1 Counterparts 19 OPERATION AGREEMENT This Agreement is made by and between A and B."
    )
    types = classify_clause("", text)
    for absent in ("exclusivity", "insurance", "uncapped_liability", "cap_on_liability"):
        assert absent not in types
