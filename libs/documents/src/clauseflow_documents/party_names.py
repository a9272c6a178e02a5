"""How a contract names its parties: role names (Supplier, 甲方…) and company names with their short forms.

Reading the parties block is part of reading the document: the gateway checks at intake that the
party a review acts for is one the contract names, and the reviewer (``clauseflow_legal.parties``)
builds on the same lexicon to decide whether an actor in a sentence is us or them.
"""

from __future__ import annotations

import re
from functools import cache

# The legal form that ends a company's name: "Kaizen Pharma K.K.", "Voss GmbH", "华信有限公司".
COMPANY_FORM = (
    r"\b(?:GmbH|AG|KG|KGaA|Ltd|Limited|Inc|LLC|LLP|plc|PLC|Corp(?:oration)?|Co\.|S\.A\.|S\.p\.A\.|S\.r\.l\.|SARL|S\.L\."
    r"|B\.V\.|N\.V\.|a\.s\.|A/S|ApS|AB|ASA|Oyj?|DAC|Pte|Pty|SE|SAS|S\.A\.S\.|K\.K\.|Kabushiki\s+Kaisha|Sdn\.?\s+Bhd"
    r"|Bhd|JSC|PJSC|W\.L\.L\.|FZE|FZCO|FZ-LLC"
    # Central and Eastern Europe, Latin America, partnerships: "Moravek s.r.o.", "Brava Sp. z o.o.",
    # "Tierra Ltda.", "Ridge Capital L.P.", "Pannon Kft.", "Sava d.o.o.", "Kaunas UAB", "Vega S.à r.l."
    r"|s\.r\.o\.|spol\.\s+s\s+r\.\s?o\.|Sp\.\s+z\s+o\.\s?o\.|Srl|Ltda\.?|L\.P\.|LP|LLLP|PLLC|Kft\.|Zrt\.|Nyrt\."
    r"|d\.o\.o\.|OÜ|UAB|Pvt\.?|A\.Ş\.|S\.\s?de\s+R\.L\.|S\.A\.\s+de\s+C\.V\.|SpA|S\.à\s?r\.l\.|Sàrl|GbR|OHG)(?![A-Za-z])"
    r"|有限(?:责任)?公司|股份有限公司"
)

# canonical role -> (English aliases, Chinese aliases)
ROLES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    # 存货人 / 寄存人: who leaves goods with a warehouse (仓储合同) or a bailee (保管合同) pays for a service
    # A data controller buys processing from its processor (GDPR art. 28): the processor serves it.
    "customer": (
        (
            "Customer",
            "Client",
            "Subscriber",
            "Depositor",
            "Bailor",
            "Controller",
            "Data Controller",
            "Shipper",
            "Consignor",
        ),
        (
            "客户",
            "委托方",
            # the Civil Code's own names in a technology contract (技术开发/咨询/服务合同, 委托合同):
            # 委托人 commissions and pays, 受托人 / 研究开发人 (开发方) does the work
            "委托人",
            "采购方",
            "需方",
            "用户",
            "定作方",
            "定作人",
            "存货人",
            "存货方",
            "托运人",
            "托运方",
            "寄存人",
            "寄存方",
        ),
    ),
    "provider": (
        # an Operator runs the other side's asset for a fee (hotel management, O&M)
        (
            "Provider",
            "Service Provider",
            "Supplier",
            "Vendor",
            "Consultant",
            "Service Company",
            "Operator",
            "Warehouse Keeper",
            "Warehouseman",
            "Bailee",
            "Processor",
            "Data Processor",
            "Carrier",
            "Freight Forwarder",
            "Forwarder",
        ),
        # 加工方 / 承揽方: the maker in a processing or work contract (承揽合同) supplies like any vendor
        (
            "供应商",
            # 供货方 / 供货商 / 供货人: the supplier of goods (供货合同, 经销合同)
            "供货方",
            "供货商",
            "供货人",
            "服务商",
            "服务提供方",
            "服务提供商",
            "服务方",
            "供方",
            "受托方",
            "受托人",
            "研究开发人",
            "研究开发方",
            "开发方",
            "加工方",
            "承揽方",
            "承揽人",
            "保管人",
            "保管方",
            "仓储方",
            "仓储人",
            "承运人",
            "承运方",
        ),
    ),
    "buyer": (("Buyer", "Purchaser", "Buyers", "Purchasers"), ("买方", "买受人", "收购方", "受让方")),
    "seller": (
        ("Seller", "Sellers", "Warrantor", "Warrantors", "Vendor", "Vendors"),
        ("卖方", "出卖人", "转让方", "出让方"),
    ),
    # a designer or surveyor appointed by the 发包人 (设计/勘察合同) bears the builder's risks in its design
    "contractor": (
        ("Contractor", "EPC Contractor"),
        (
            "承包商",
            "承包人",
            "总承包商",
            "总承包方",
            "总承包人",
            "总包方",
            "总包人",
            "设计人",
            "设计方",
            "勘察人",
            "勘察设计人",
        ),
    ),
    "employer": (
        ("Employer", "Owner", "Engineer", "Employer's Representative", "Lender", "Lenders"),
        # 监理人 (GB-0201's supervising engineer) certifies, approves and instructs for the 发包人, as the
        # Engineer does for the Employer
        (
            "业主",
            "雇主",
            "发包人",
            "发包方",
            "工程师",
            "建设单位",
            "监理人",
            "监理单位",
            "监理工程师",
            "发包人代表",
        ),
    ),
    "recipient": (("Recipient", "Receiving Party"), ("接收方", "信息接收方", "接受方")),
    "discloser": (("Discloser", "Disclosing Party"), ("披露方", "信息披露方")),
    "licensee": (("Licensee",), ("被许可方", "被许可人")),
    "licensor": (("Licensor",), ("许可方", "许可人")),
    "distributor": (
        ("Distributor", "Reseller", "Dealer", "Franchisee"),
        ("经销商", "分销商", "代理商", "被特许人", "加盟商"),
    ),
    # A commission agent (the EU agency directive's commercial agent, a sales representative, 委托代理合同's
    # 代理人) sells the principal's goods in the principal's name and is paid for it: unlike a distributor it
    # buys nothing. cuad-train: Monsanto "the Agent shall be entitled to a Commission"; the placement and
    # remarketing agents of the banks' agency agreements are paid a fee for selling too.
    "agent": (
        (
            "Agent",
            "Sales Agent",
            "Commercial Agent",
            "Commission Agent",
            "Sales Representative",
        ),
        ("代理人", "代理方"),
    ),
    "principal": (("Manufacturer", "Principal", "Franchisor"), ("制造商", "生产商", "厂家", "特许人")),
    "investor": (
        ("Investor", "Investors", "Minority Shareholder"),
        ("投资方", "投资人", "小股东", "少数股东"),
    ),
    "majority": (
        ("Founder", "Founders", "Majority Shareholder", "Existing Shareholders", "Promoter"),
        ("创始人", "创始股东", "原股东", "大股东", "控股股东"),
    ),
    "party_a": (("Party A",), ("甲方",)),
    "party_b": (("Party B",), ("乙方",)),
    "lessee": (("Lessee", "Tenant"), ("承租方", "承租人")),
    "lessor": (("Lessor", "Landlord"), ("出租方", "出租人")),
    "borrower": (("Borrower", "Obligor"), ("借款人", "借款方")),
    # the finance parties of a facility agreement act for the lenders (LMA: "each Finance Party", "the
    # Agent" of a syndicate is named "Facility Agent" where a bare "Agent" would be a distributor's); a
    # 保证合同 calls the lender 债权人
    "lender": (
        ("Lender", "Finance Party", "Facility Agent", "Security Agent", "Security Trustee", "Arranger"),
        ("贷款人", "出借人", "贷款方", "出借方", "债权人"),
    ),
    # who answers for another's debt (guarantee, 保证合同): on the borrower's side of the deal
    "guarantor": (("Guarantor", "Surety"), ("保证人", "担保人", "保证方", "担保方")),
    "subcontractor": (("Subcontractor", "Sub-contractor"), ("分包商", "分包人", "分包方")),
}


_GENERIC_WORDS = {
    "the",
    "co",
    "ltd",
    "inc",
    "limited",
    "company",
    "group",
    "holdings",
    "international",
    "national",
    "global",
    "corporation",
    "gmbh",
    "ag",
    "b.v",
    "plc",
    "llc",
}


def roles_in(text: str) -> list[str]:
    """Canonical roles whose names occur in ``text`` (English whole words, case-insensitive; Chinese)."""
    zh_text = _without_longer_zh_aliases(text)
    found: list[str] = []
    for role, en_rx, zh in _role_patterns():
        # one alternation per role finds a match exactly when one of its aliases would on its own
        hit = en_rx is not None and en_rx.search(text) is not None
        hit = hit or any(a in zh_text[role] for a in zh)
        if hit:
            found.append(role)
    return found


def _without_longer_zh_aliases(text: str) -> dict[str, str]:
    """Per role, the text with every longer Chinese alias of another role that contains one of its
    own blanked out: "被许可方" holds "许可方" and "被特许人" holds "特许人", but names the other side."""
    out: dict[str, str] = {}
    for role in ROLES:
        masked = text
        for longer in _longer_zh_aliases(role):
            masked = masked.replace(longer, "\0" * len(longer))
        out[role] = masked
    return out


@cache
def _longer_zh_aliases(role: str) -> tuple[str, ...]:
    """Other roles' Chinese aliases that contain one of this role's (许可方 -> 被许可方)."""
    own = ROLES[role][1]
    return tuple(
        a
        for other, (_, zh) in ROLES.items()
        if other != role
        for a in zh
        if any(o in a and o != a for o in own)
    )


@cache
def _role_patterns() -> tuple[tuple[str, re.Pattern[str] | None, tuple[str, ...]], ...]:
    """Per role: its English aliases as one whole-word, case-insensitive pattern, and its Chinese aliases.

    Built once (on first use) so that reading a clause's roles costs one search per role instead of
    compiling and searching a pattern per alias.
    """
    out: list[tuple[str, re.Pattern[str] | None, tuple[str, ...]]] = []
    for role, (en, zh) in ROLES.items():
        alternation = "|".join(re.escape(a) for a in en)
        rx = re.compile(rf"(?<![A-Za-z])(?:{alternation})(?![A-Za-z])", re.I) if en else None
        out.append((role, rx, zh))
    return tuple(out)


# How a contract introduces the short name it will use for a party: 以下简称 / 以下简称为 / 简称 / 简称为 /
# 下称 / 以下称 / 下文简称, a colon allowed after ("（以下简称：瀚海公司）"); and in English "hereinafter
# (referred to as / called)". Not 合称 / 统称 (the parties together: "合称"双方"").
SHORT_NAME_INTRO = (
    r"(?:(?:以下|下文)?简称|(?:以下|下文)称|下称)为?\s*[:：]?"
    r"|hereinafter(?:\s+referred\s+to\s+as|\s+called)?|referred\s+to\s+as"
)
_QUOTED_FIRST = re.compile(r"^[\"'“‘「『]([^\"'”’」』]{1,30})[\"'”’」』]")
# A short name introduced after a comma, outside brackets: "瀚海科技股份有限公司，以下简称"瀚海公司"".
_TRAILING_SHORT = re.compile(
    rf"[，,]\s*(?P<intro>{SHORT_NAME_INTRO})\s*(?P<short>[\"“‘「『][^\"”’」』]{{1,30}}[\"”’」』])", re.I
)
_FORMER_NAME = re.compile(r"^(?:f/k/a|a/k/a|d/b/a|formerly(?:\s+known\s+as)?|trading\s+as)\s+", re.I)
_QUOTES = re.compile(r"^[\"'“”‘’「」]+|[\"'“”‘’「」]+$")


def names_in(text: str) -> list[str]:
    """Company names and their short forms from a party description ("Recipient (Kunlun Ltd.)")."""
    names: list[str] = []
    text = re.sub(r"[（]", "(", re.sub(r"[）]", ")", text))
    text = _TRAILING_SHORT.sub(lambda m: f"({m.group('intro')}{m.group('short')})", text)
    for inner in re.findall(r"\(([^()]*(?:\([^()]*\)[^()]*)*)\)", text):
        # (the "Supplier"), ("Kestrel"): strip the article and the quotes of a defined name
        inner = re.sub(rf"^(?:the|{SHORT_NAME_INTRO})\s*", "", inner.strip(), flags=re.I)
        # （以下简称"瀚海"，与甲方合称"双方"）: the first quoted name is the party's, the rest names others
        first = _QUOTED_FIRST.match(inner.strip())
        inner = first.group(1) if first else _QUOTES.sub("", inner.strip())
        # "(f/k/a Marrero Terminal, LLC)": the party's former name, without the marker
        inner = _FORMER_NAME.sub("", inner)
        long_enough = len(inner) > 2 or (len(inner) == 2 and re.search(r"[\u4e00-\u9fff]", inner))
        if long_enough and not roles_in(inner):
            names.append(inner)
    base = _QUOTES.sub("", re.sub(r"\(.*\)", "", text).strip())
    if base and not roles_in(base):
        names.append(base)
    shorts: list[str] = []
    for name in names:
        m = re.match(r"[A-Z][A-Za-z&\-]+", name)
        if m and m.group(0).lower() not in _GENERIC_WORDS and len(m.group(0)) > 2:
            shorts.append(m.group(0))
        zh = re.match(r"[\u4e00-\u9fff]{2,4}", name)
        if zh and not roles_in(zh.group(0)):
            shorts.append(zh.group(0))
    return [n for n in dict.fromkeys(names + shorts) if n]
