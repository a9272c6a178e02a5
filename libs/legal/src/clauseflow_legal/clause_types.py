"""The clause-type catalogue and a deterministic classifier (English and Chinese).

The catalogue holds the 41 CUAD categories plus construction (FIDIC) and M&A (SPA/SHA) types.
``classify_clause`` looks at what a clause *does* (limits liability, lets a party terminate
without cause, binds a party to deal exclusively, ...) through the legal vocabulary that
expresses it, in the title and the text; it does not look for particular sentences. The
risk-bearing CUAD types are read sentence by sentence by :mod:`risk_type_readings`; the other
types by the cues here.
"""

# ruff: noqa: E501  -- legal regexes, bilingual findings and clause fixtures read better unbroken

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from clauseflow_legal import clause_classifier
from clauseflow_legal.risk_type_readings import risk_types


@dataclass(frozen=True)
class ClauseType:
    """One entry of the catalogue."""

    id: str
    name: str
    name_zh: str
    cuad: bool = False
    domain: str = "*"


@dataclass(frozen=True)
class _Cue:
    type_id: str
    text: str  # regex, searched in title + text (case-insensitive)
    title: str = ""  # regex searched in the title only; a title hit alone classifies
    negative: str = ""  # regex that, when it matches the clause, cancels a text hit


_CATALOGUE: tuple[ClauseType, ...] = (
    # --- the 41 CUAD categories
    ClauseType("document_name", "Document Name", "文件名称", True),
    ClauseType("parties", "Parties", "合同当事人", True),
    ClauseType("agreement_date", "Agreement Date", "签署日期", True),
    ClauseType("effective_date", "Effective Date", "生效日期", True),
    ClauseType("expiration_date", "Expiration Date", "到期日", True),
    ClauseType("renewal_term", "Renewal Term", "续期", True),
    ClauseType(
        "notice_period_to_terminate_renewal", "Notice Period To Terminate Renewal", "不续期通知期", True
    ),
    ClauseType("governing_law", "Governing Law", "适用法律", True),
    ClauseType("most_favored_nation", "Most Favored Nation", "最惠待遇", True),
    ClauseType("non_compete", "Non-Compete", "竞业限制", True),
    ClauseType("exclusivity", "Exclusivity", "排他/独家", True),
    ClauseType("no_solicit_of_customers", "No-Solicit Of Customers", "不招揽客户", True),
    ClauseType(
        "competitive_restriction_exception", "Competitive Restriction Exception", "竞争限制例外", True
    ),
    ClauseType("no_solicit_of_employees", "No-Solicit Of Employees", "不招揽员工", True),
    ClauseType("non_disparagement", "Non-Disparagement", "不诋毁", True),
    ClauseType("termination_for_convenience", "Termination For Convenience", "任意解除", True),
    ClauseType("rofr_rofo_rofn", "Rofr/Rofo/Rofn", "优先购买/要约/谈判权", True),
    ClauseType("change_of_control", "Change Of Control", "控制权变更", True),
    ClauseType("anti_assignment", "Anti-Assignment", "禁止转让", True),
    ClauseType("revenue_profit_sharing", "Revenue/Profit Sharing", "收入/利润分成", True),
    ClauseType("price_restrictions", "Price Restrictions", "价格限制", True),
    ClauseType("minimum_commitment", "Minimum Commitment", "最低承诺量", True),
    ClauseType("volume_restriction", "Volume Restriction", "数量限制", True),
    ClauseType("ip_ownership_assignment", "Ip Ownership Assignment", "知识产权归属/转让", True),
    ClauseType("joint_ip_ownership", "Joint Ip Ownership", "知识产权共有", True),
    ClauseType("license_grant", "License Grant", "许可授予", True),
    ClauseType("non_transferable_license", "Non-Transferable License", "不可转让许可", True),
    ClauseType("affiliate_license_licensor", "Affiliate License-Licensor", "关联方许可（许可方）", True),
    ClauseType("affiliate_license_licensee", "Affiliate License-Licensee", "关联方许可（被许可方）", True),
    ClauseType("unlimited_all_you_can_eat_license", "Unlimited/All-You-Can-Eat-License", "无限量许可", True),
    ClauseType(
        "irrevocable_or_perpetual_license", "Irrevocable Or Perpetual License", "不可撤销/永久许可", True
    ),
    ClauseType("source_code_escrow", "Source Code Escrow", "源代码托管", True),
    ClauseType("post_termination_services", "Post-Termination Services", "终止后服务", True),
    ClauseType("audit_rights", "Audit Rights", "审计权", True),
    ClauseType("uncapped_liability", "Uncapped Liability", "无上限责任", True),
    ClauseType("cap_on_liability", "Cap On Liability", "责任上限", True),
    ClauseType("liquidated_damages", "Liquidated Damages", "违约金/预定损害赔偿", True),
    ClauseType("warranty_duration", "Warranty Duration", "保证期限", True),
    ClauseType("insurance", "Insurance", "保险", True),
    ClauseType("covenant_not_to_sue", "Covenant Not To Sue", "不起诉承诺", True),
    ClauseType("third_party_beneficiary", "Third Party Beneficiary", "第三方受益人", True),
    # --- general commercial types
    ClauseType("definitions", "Definitions", "定义"),
    ClauseType("indemnity", "Indemnity", "赔偿/补偿"),
    ClauseType("payment", "Payment", "付款"),
    ClauseType("confidentiality", "Confidentiality", "保密"),
    ClauseType("data_protection", "Data Protection", "数据保护"),
    ClauseType("force_majeure", "Force Majeure", "不可抗力"),
    ClauseType("dispute_resolution", "Dispute Resolution", "争议解决"),
    ClauseType("termination_for_default", "Termination For Default", "违约解除"),
    ClauseType("warranties", "Warranties", "陈述与保证"),
    ClauseType("service_levels", "Service Levels", "服务水平"),
    ClauseType("change_in_law", "Change In Law And Price Adjustment", "法律变化与调价"),
    ClauseType("unilateral_amendment", "Unilateral Amendment", "单方变更"),
    ClauseType("acceptance", "Acceptance", "验收"),
    # --- construction (FIDIC-style)
    ClauseType("claims_time_bar", "Claims And Time Bar", "索赔与时效", domain="fidic"),
    ClauseType("variations", "Variations", "变更", domain="fidic"),
    ClauseType("extension_of_time", "Extension Of Time", "工期延长", domain="fidic"),
    ClauseType("ground_conditions", "Ground Conditions", "现场/地质条件", domain="fidic"),
    ClauseType(
        "employer_requirements", "Employer's Requirements And Design", "业主要求与设计", domain="fidic"
    ),
    ClauseType("performance_security", "Performance Security", "履约担保", domain="fidic"),
    ClauseType("delay_damages", "Delay Damages", "误期损害赔偿", domain="fidic"),
    # --- M&A (SPA/SHA)
    ClauseType("conditions_precedent", "Conditions Precedent", "先决条件", domain="sha_spa"),
    ClauseType("seller_limitations", "Limitations Of Seller Liability", "卖方责任限制", domain="sha_spa"),
    ClauseType("disclosure", "Disclosure", "披露", domain="sha_spa"),
    ClauseType("price_mechanism", "Price Mechanism", "价格机制", domain="sha_spa"),
    ClauseType("drag_tag", "Drag-Along And Tag-Along", "领售权与随售权", domain="sha_spa"),
    ClauseType("pre_emption", "Pre-Emption And Anti-Dilution", "优先认购与反稀释", domain="sha_spa"),
    ClauseType("board_reserved_matters", "Board And Reserved Matters", "董事会与保留事项", domain="sha_spa"),
)

CLAUSE_TYPES: dict[str, ClauseType] = {t.id: t for t in _CATALOGUE}
CUAD_TYPES: tuple[ClauseType, ...] = tuple(t for t in _CATALOGUE if t.cuad)

_LIAB = r"(?:liabilit(?:y|ies)|liable)"
_TERM = r"terminat(?:e|es|ed|ion)"

_CUES: tuple[_Cue, ...] = (
    _Cue(
        "definitions",
        r"\bshall mean\b|“[^”]{2,60}” means|\"[^\"]{2,60}\" means|是指|系指",
        title=r"definition|interpretation|定义|释义",
    ),
    _Cue(
        "document_name",
        r"^\s*[A-Z][A-Z \-&]{6,}AGREEMENT\s*$|^\s*[\u4e00-\u9fff]{2,20}(?:合同|协议)(?:书)?\s*$",
    ),
    _Cue("parties", r"\b(?:by and between|entered into (?:by|between))\b|甲方[:：].{0,40}乙方|合同当事人"),
    _Cue(
        "agreement_date",
        r"\b(?:dated|made|entered into)\s+(?:as of\s+)?(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?\s+(?:day of\s+)?[A-Z][a-z]+|签订日期|签署日期",
    ),
    _Cue(
        "effective_date",
        r"\beffective\s+(?:as of|on|from)\b|\bEffective Date\b.{0,40}\bmeans\b|自.{0,20}之日起生效|生效日期",
    ),
    _Cue(
        "expiration_date",
        r"\b(?:shall|will)\s+(?:continue|remain)\s+in\s+(?:full\s+)?(?:force|effect).{0,120}(?:until|for a period|expir)|\b(?:initial\s+)?term\s+of\s+(?:this\s+agreement\s+)?(?:shall\s+be|is)\b|有效期(?:为|自|至)|期限为.{0,20}年",
        title=r"\bterm\b(?! ?sheet)|duration|有效期|合同期限",
    ),
    _Cue(
        "notice_period_to_terminate_renewal",
        r"\bnotice\s+of\s+(?:non-?renewal|its\s+intention\s+not\s+to\s+renew)|\bnot\s+to\s+renew\b|unless\s+(?:either|one)\s+party.{0,80}(?:before|prior\s+to)\s+the\s+(?:end|expir)|不再续(?:期|约)|不续(?:期|约)",
    ),
    _Cue(
        "most_favored_nation",
        r"most[- ]favou?red|no\s+less\s+favou?rable\s+(?:terms|prices?|pricing|rates)|(?:better|lower|more favou?rable)\s+(?:terms|prices?|rates)\s+than.{0,60}(?:other|any third)|最惠|不(?:高|差)于.{0,20}(?:其他|第三方|任何)",
    ),
    _Cue(
        "no_solicit_of_customers",
        r"\bsolicit\w*.{0,80}\b(?:customers?|clients?|suppliers?)\b|招揽.{0,10}客户|争夺.{0,6}客户",
    ),
    _Cue(
        "no_solicit_of_employees",
        r"\b(?:solicit|entice|hire|employ|engage|recruit)\w*.{0,80}\b(?:employees?|personnel|staff|officers?)\b(?!\s+of\s+the\s+Contractor's)|招揽.{0,10}(?:员工|雇员|人员)|聘用.{0,10}(?:员工|雇员)|挖角",
        negative=r"^(?!.*(?:solicit|entice|hire|recruit|no-hire|招揽|挖角|聘用)).*$",
    ),
    _Cue("non_disparagement", r"disparag|诋毁|贬损|负面评价"),
    _Cue(
        "competitive_restriction_exception",
        r"(?:nothing\s+in|shall\s+not\s+(?:prevent|restrict|prohibit)).{0,120}(?:holding|acquir|own(?:ing)?|investment).{0,60}(?:shares|securities|per\s*cent|%)|\bpassive\s+investment|(?:shall\s+not\s+apply|does\s+not\s+apply).{0,80}(?:non-?compet|exclusiv|restrict)",
    ),
    _Cue(
        "rofr_rofo_rofn",
        r"right\s+of\s+first\s+(?:refusal|offer|negotiation)|\bROF[RON]\b|pre-?empti(?:on|ve)\s+right|first\s+(?:refusal|offer)|优先(?:购买|受让|谈判)权",
    ),
    _Cue(
        "revenue_profit_sharing",
        r"\broyalt(?:y|ies)\b|\b(?:revenue|profit)s?[- ]shar|\b(?:per\s*cent|%)\s+of\s+(?:the\s+)?(?:net|gross)\s+(?:sales|revenues?|receipts|profits?)|分成|利润分配|收益分享",
    ),
    _Cue(
        "price_restrictions",
        r"(?:shall|may)\s+not\s+(?:increase|raise|change)\s+(?:the\s+)?(?:prices?|fees|rates)|\bprices?\s+(?:shall|will)\s+(?:remain\s+)?fixed|\bresale\s+prices?|\bmay\s+increase\s+the\s+(?:fees|prices?|rates)|(?:price|fee)\s+increases?|价格.{0,10}(?:不得|不变|固定|调整|上调)|调价",
    ),
    _Cue(
        "minimum_commitment",
        r"\bminimum\s+(?:annual\s+|monthly\s+|quarterly\s+)?(?:purchase|order|volume|quantit|commitment|spend|revenue|sales|fee|royalt)|take[- ]or[- ]pay|\bshortfall\b|\bnot\s+less\s+than.{0,40}(?:units|orders|purchases)|最低(?:采购|订购|销售|购买)(?:量|额|金额)?|保底",
    ),
    _Cue(
        "volume_restriction",
        r"\b(?:volume|usage|quantity|capacity)\s+(?:limits?|caps?|restrictions?)\b|\bexceeds?\s+the\s+number\s+of\s+(?:users|units|licen)|(?:maximum|up\s+to)\s+(?:of\s+)?[\d,]+\s+(?:units|users|seats)|数量限制|用量.{0,6}(?:上限|限制)",
    ),
    _Cue("joint_ip_ownership", r"\bjointly\s+own|\bjoint\s+ownership|\bco-?own|共同(?:所有|拥有|享有)|共有"),
    _Cue(
        "license_grant",
        r"\bgrants?\s+(?:to\s+\w+\s+)?(?:\w+\s+){0,3}(?:a|an|the)\s+(?:[\w,-]+\s+){0,6}licen[cs]e|\bhereby\s+licen[cs]es\b|\blicen[cs]e\s+to\s+(?:use|reproduce|distribute|sell|make)|授予.{0,30}(?:许可|使用权)|许可.{0,10}使用",
        title=r"licen[cs]e|许可",
    ),
    _Cue(
        "non_transferable_license",
        r"non-?transferable|non-?sublicen[cs]able|not\s+(?:be\s+)?(?:transferable|sublicensable)|不可转让|不得(?:转授权|再许可|分许可)",
    ),
    _Cue(
        "affiliate_license_licensor",
        r"(?:Licensor|Supplier|Provider|Company)(?:'s)?\s+(?:and\s+its\s+)?Affiliates.{0,60}(?:grant|licen)",
    ),
    _Cue(
        "affiliate_license_licensee",
        r"licen[cs]e.{0,160}(?:its|their)\s+Affiliates|Affiliates\s+(?:of\s+\w+\s+)?may\s+(?:also\s+)?use|关联(?:公司|方).{0,20}(?:使用|许可)",
    ),
    _Cue(
        "unlimited_all_you_can_eat_license",
        r"\bunlimited\s+(?:number\s+of\s+)?(?:copies|users|seats|installations|use)|\benterprise[- ]wide\s+licen|不限(?:数量|用户数)",
    ),
    _Cue(
        "irrevocable_or_perpetual_license",
        r"(?:perpetual|irrevocable)[\w\s,-]{0,60}licen[cs]e|licen[cs]e[\w\s,-]{0,60}(?:perpetual|irrevocable)|永久.{0,10}许可|不可撤销.{0,10}许可",
    ),
    _Cue("source_code_escrow", r"\bescrow\b|源代码托管|源码托管"),
    _Cue(
        "post_termination_services",
        r"(?:after|following|upon|on)\s+(?:the\s+)?(?:termination|expiry|expiration).{0,160}(?:continue\s+to\s+(?:provide|supply|perform)|transition|wind[- ]?down|export|retriev|make\s+(?:\w+\s+)?available)|(?:transition|exit)\s+(?:assistance|services|period)|终止后.{0,40}(?:继续|过渡|移交|导出)",
    ),
    _Cue(
        "warranty_duration",
        r"warrant(?:y|ies)\s+period|\bwarrant\w*.{0,100}\bfor\s+(?:a\s+period\s+of\s+)?(?:[\w-]+\s+)?\(?\d+\)?\s+(?:months|years|days)|defects?\s+(?:liability|notification)\s+period|guarantee\s+period|质保期|保修期|质量保证期|缺陷责任期",
    ),
    _Cue(
        "covenant_not_to_sue",
        r"\bnot\s+to\s+sue\b|\bshall\s+not\s+(?:\w+\s+){0,2}(?:challenge|contest|dispute)\s+(?:the\s+)?(?:validity|ownership|enforceability)|\bno[- ]challenge|不(?:起诉|质疑).{0,10}(?:有效性|权属)",
    ),
    _Cue(
        "third_party_beneficiary",
        r"third[- ]party\s+beneficiar|Rights\s+of\s+Third\s+Parties|(?:person|party)\s+who\s+is\s+not\s+a\s+party|enforceable\s+by.{0,40}third|第三方受益",
    ),
    _Cue(
        "indemnity",
        r"\bindemnif|\bhold\s+(?:\w+\s+){0,3}harmless|使.{0,20}免受.{0,20}(?:损失|损害|索赔)|(?:赔偿|补偿).{0,30}(?:全部|一切|所有).{0,10}损失|免受(?:任何)?(?:损害|损失)",
        title=r"indemn|赔偿|补偿",
    ),
    _Cue(
        "payment",
        r"(?:shall|will)\s+pay\b.{0,120}\bwithin\b|\bpayment\s+(?:terms?|of\s+(?:the\s+)?(?:invoice|amount))|\binvoice|\bInterim\s+Payment|\bretention\b|\bset[- ]off\b|\bpay[- ](?:when|if)[- ]paid|\b(?:pay|paid)\s+(?:the\s+)?(?:Rent|service\s+charge)|\bRent\s+(?:shall|review)|付款|支付.{0,20}(?:款|费用|价款|租金)|结算|租金",
        title=r"payment|fees|invoic|\brent\b|service\s+charge|付款|支付|价款|结算|租金",
    ),
    _Cue(
        "confidentiality",
        r"\bconfidential(?:ity)?\b|保密",
        title=r"confidential|保密",
        negative=r"^(?!.*(?:keep|hold|treat|disclose|confidentiality\s+obligations|confidential\s+information|保密)).*$",
    ),
    _Cue(
        "data_protection",
        r"\bpersonal\s+data|\bdata\s+protection|\b(?:Customer|Client)\s+Data\b|\bsecurity\s+incident|\bsub-?processor|\bGDPR\b|\bdata\s+breach|个人信息|数据(?:保护|安全)|个人数据|客户数据",
    ),
    _Cue(
        "force_majeure",
        r"force\s+majeure|exceptional\s+events?|acts?\s+of\s+god|不可抗力",
        title=r"force majeure|不可抗力",
    ),
    _Cue(
        "dispute_resolution",
        r"\barbitra\w+|\bdispute\w*\b.{0,80}(?:resolved|settled|referred|submitted)|\b(?:exclusive|non-exclusive)\s+jurisdiction|\bcourts?\s+of\b|\badjudicat|Dispute\s+(?:Avoidance\s+)?(?:Adjudication\s+)?Board|\bDA?AB\b|仲裁|争议.{0,10}(?:解决|提交)|(?:人民)?法院.{0,6}管辖|诉讼",
        title=r"dispute|arbitration|jurisdiction|争议|仲裁",
    ),
    _Cue(
        "termination_for_default",
        _TERM
        + r".{0,160}(?:breach|default|insolven|bankrupt|fails?\s+to|failure\s+to)|(?:breach|default|insolven|fails?\s+to).{0,160}"
        + _TERM
        + r"|(?:违约|破产|未能|逾期).{0,40}解除|解除.{0,40}(?:违约|破产)",
    ),
    _Cue(
        "warranties",
        r"\b(?:represents?\s+and\s+)?warrants?\s+(?:to\s+\w+\s+)?that\b|\bthe\s+Warranties\b|陈述与保证|陈述和保证|保证.{0,10}(?:真实|合法|有效)",
        title=r"warrant|陈述|保证",
    ),
    _Cue(
        "service_levels",
        r"\bservice\s+levels?\b|\bavailability\b.{0,60}(?:per\s*cent|%)|\buptime\b|\bservice\s+credits?\b|服务水平|可用性|服务等级",
    ),
    _Cue(
        "change_in_law",
        r"change\w*\s+in\s+(?:the\s+)?(?:applicable\s+)?laws?|\bexchange\s+rates?\b|\bescalation\b|\bprice\s+adjustment|法律(?:法规)?(?:变化|变更)|汇率|调价",
    ),
    _Cue(
        "unilateral_amendment",
        r"\bmay\s+(?:at\s+any\s+time\s+)?(?:amend|modify|change|update|vary)\s+(?:this\s+Agreement|these\s+terms|the\s+terms|the\s+(?:fees|prices?))|\bby\s+posting\b|\bcontinued\s+use.{0,60}(?:acceptance|constitutes)|有权.{0,10}(?:单方)?(?:修改|变更|调整).{0,10}(?:本合同|条款|价格|费用)",
    ),
    _Cue(
        "acceptance",
        r"\bdeemed\s+(?:to\s+have\s+been\s+)?(?:accepted|approved)|\bacceptance\s+(?:test|certificate|criteria)|\bTaking[- ]Over\b|视为.{0,6}(?:验收合格|验收通过|接受|认可|同意)|验收",
    ),
    # construction
    _Cue(
        "claims_time_bar",
        r"(?:notice|claim).{0,160}within.{0,60}(?:days|months).{0,200}(?:shall\s+not\s+be\s+entitled|deemed\s+to\s+have\s+waived|time-?barred|be\s+barred|lose|discharged|no\s+longer\s+be\s+liable)|(?:shall\s+not\s+be\s+entitled|no\s+claim).{0,120}unless.{0,120}notice.{0,60}within|\bNotice\s+of\s+Claim\b|Contractor's\s+Claims|Employer's\s+Claims|索赔.{0,40}(?:日|天)内|逾期.{0,20}(?:视为放弃|丧失|不予)",
        title=r"\bclaims?\b|索赔",
    ),
    _Cue(
        "variations",
        r"\bvariations?\b|\bchange\s+orders?\b|工程变更|变更指令|变更估价",
        title=r"variation|变更",
    ),
    _Cue(
        "extension_of_time",
        r"extension\s+of\s+(?:the\s+)?time|\bEOT\b|工期(?:延长|顺延)|延长工期|顺延",
        title=r"extension of time|工期",
    ),
    _Cue(
        "ground_conditions",
        r"\bphysical\s+conditions\b|\bsub-?surface|\bground\s+conditions|\bsite\s+data|\bunforeseeable\b.{0,40}(?:conditions|physical)|地质条件|地下(?:条件|障碍)|现场条件|不可预见的.{0,6}(?:条件|障碍)",
    ),
    _Cue(
        "employer_requirements",
        r"Employer's\s+Requirements|\bdesign\s+(?:criteria|data)\s+(?:provided|supplied)|发包人要求|业主要求",
    ),
    _Cue(
        "performance_security",
        r"performance\s+(?:security|bond|guarantee)|\bbank\s+guarantee|\bletter\s+of\s+credit|\bparent\s+company\s+guarantee|\bretention\s+money|履约(?:保函|担保|保证金)|质量保证金|保函",
    ),
    _Cue(
        "delay_damages",
        r"\bdelay\s+damages|liquidated\s+damages\s+for\s+delay|误期(?:损害)?赔偿|逾期竣工.{0,20}(?:违约金|赔偿)",
    ),
    # M&A
    _Cue(
        "conditions_precedent",
        r"conditions?\s+precedent|\bsubject\s+to\s+the\s+satisfaction|\bthe\s+Conditions\b|\blong[- ]?stop|\bCompletion\s+shall\s+(?:be\s+)?conditional|先决条件|交割条件|生效条件",
        title=r"condition|先决条件",
    ),
    _Cue(
        "seller_limitations",
        r"(?:Seller|Sellers|Warrantors?|Vendors?)(?:'s|s')?\s+(?:total\s+|aggregate\s+|maximum\s+)*liabilit|\bde\s+minimis\b|\bbasket\b|\bthreshold\b.{0,80}\bclaims?\b|aggregate\s+(?:amount\s+of\s+)?(?:all\s+)?claims|卖方.{0,10}(?:赔偿)?责任.{0,20}(?:上限|不超过)|起赔额",
    ),
    _Cue(
        "disclosure",
        r"\bDisclosure\s+Letter|\bDisclosed\b|\bData\s+Room|\bfairly\s+disclosed|\bso\s+far\s+as\s+the\s+\w+\s+(?:is|are)\s+aware|\bawareness|披露函|已披露|知悉",
    ),
    _Cue(
        "price_mechanism",
        r"\bLeakage\b|\bcompletion\s+accounts|\bearn-?out|\bdeferred\s+consideration|\blocked\s+box|\bpurchase\s+price\s+adjustment|\bPurchase\s+Price\b|对赌|业绩补偿|价格调整|转让价款|收购价款",
    ),
    _Cue(
        "drag_tag",
        r"drag[- ]along|tag[- ]along|co-?sale|领售|随售|拖售|共同出售",
        title=r"drag|tag|领售|随售",
    ),
    _Cue(
        "pre_emption",
        r"pre-?empti(?:on|ve)|anti-?dilution|new\s+(?:shares|securities).{0,60}offer|优先认购|反稀释",
    ),
    _Cue(
        "board_reserved_matters",
        r"\bboard\s+of\s+directors|\bquorum\b|\breserved\s+matters|\bcasting\s+vote|\bdeadlock|\bveto\b|董事会|法定人数|保留事项|一票否决|僵局",
        title=r"board|governance|reserved|董事会|治理",
    ),
)


@lru_cache(maxsize=1)
def _compiled() -> tuple[tuple[str, re.Pattern[str], re.Pattern[str] | None, re.Pattern[str] | None], ...]:
    out = []
    for cue in _CUES:
        out.append(
            (
                cue.type_id,
                re.compile(cue.text, re.I | re.S | re.M),
                re.compile(cue.title, re.I) if cue.title else None,
                re.compile(cue.negative, re.I | re.S) if cue.negative else None,
            )
        )
    return tuple(out)


_ORDER = {t.id: i for i, t in enumerate(_CATALOGUE)}


def classify_clause_combined(title: str, text: str, language: str = "en") -> list[str]:
    """The clause types of a clause, in catalogue order: the rules' reading weighed with the learned one.

    The rules (:func:`classify_clause`) know the catalogue's every type and read English
    and Chinese; the model learned from CUAD's 430 train contracts (:mod:`clause_classifier`)
    reads the 13 risk-bearing types in English. For those types the model has the last word, with
    the rules' reading as evidence: a type the rules gave stands when the model's score reaches
    the type's (low) rule threshold, any other needs the type's own threshold; both thresholds
    were chosen by cross-validation on those contracts, scoring clauses as this function does.
    Chinese text is read by the rules alone.

    This is what a review reports (``report.json``'s ``clause_types``). Planning, the reviewer's
    rules and skills read :func:`classify_clause`, so the model's readings cannot raise findings.
    """
    return weigh_with_model(title, text, classify_clause(title, text, language))


def weigh_with_model(title: str, text: str, rule_types: list[str]) -> list[str]:
    """The rules' types of a clause weighed with the learned model (see :func:`classify_clause_combined`)."""
    found = set(rule_types)
    if is_definitions_article(title, found):
        return ["definitions"]  # a definitions article names every type; its entries do nothing
    body = model_text(title, text)
    if clause_classifier.is_english(body):
        model = clause_classifier.shipped()
        learned = model.classify(body, frozenset(found))
        found = (found - set(model.type_ids)) | learned
    return sorted(found, key=lambda t: _ORDER[t])


def is_definitions_article(title: str, types: set[str]) -> bool:
    """Whether a clause is a definitions article (typed as such alone, whatever its entries name)."""
    return "definitions" in types and re.search(r"definition|定义|释义", title or "", re.I) is not None


def model_text(title: str, text: str) -> str:
    """The text the learned model reads for a clause: its heading, then its text."""
    return f"{title}\n{text}" if title else (text or "")


def classify_clause(title: str, text: str, language: str = "en") -> list[str]:
    """The clause types the hand-written rules find, from the catalogue, in catalogue order.

    ``language`` is accepted for symmetry with the other helpers: both English and Chinese
    vocabularies are always checked, since contracts mix them (bilingual clauses, English
    defined terms in Chinese text). The risk-bearing CUAD types are read sentence by sentence
    (what the sentence does: a cap with its carve-out, a right to terminate with its trigger);
    the other types by their vocabulary.
    """
    title = title or ""
    text = text or ""
    body = f"{title}\n{text}"
    found: set[str] = set()
    for type_id, text_rx, title_rx, negative in _compiled():
        if title_rx is not None and title and title_rx.search(title):
            found.add(type_id)
            continue
        if text_rx.search(body) and not (negative is not None and negative.search(text)):
            found.add(type_id)
    found |= risk_types(title, text)
    # A bare heading keeps every type its words name; a definitions article with entries is typed
    # as such alone (its entries name types without doing anything).
    if text and is_definitions_article(title, found):
        return ["definitions"]
    return sorted(found, key=lambda t: _ORDER[t])


def clause_type_names(type_ids: list[str], language: str = "en") -> list[str]:
    """Human names of clause types in ``language``."""
    zh = language.startswith("zh")
    return [(CLAUSE_TYPES[t].name_zh if zh else CLAUSE_TYPES[t].name) for t in type_ids if t in CLAUSE_TYPES]
