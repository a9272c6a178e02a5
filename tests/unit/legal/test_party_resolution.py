"""One resolver knows every name a contract gives each party, so every rule knows whether an actor is us or them.

A matrix: the same parties written in the ways contracts write them (role, label, defined short
name, full company name, mutual references; English and Chinese), our party given by the client
as a role, a label or a company name, and an actor named in each of those ways.
"""

# ruff: noqa: E501  -- contract fixtures read better unbroken

from __future__ import annotations

import pytest
from clauseflow_legal.analysis import analyse_clause
from clauseflow_legal.contract_setting import contract_setting
from clauseflow_legal.parties import contract_parties, infer_parties
from clauseflow_legal.party_roles import party_names

# Parties blocks written for these tests (no data set's text).
BLOCKS = {
    "en_defined_short_name": 'SOFTWARE LICENCE AGREEMENT\nThis Agreement is made between:\n(1) Orbis Technologies Limited, a company incorporated in England (hereinafter "Orbis"); and\n(2) Calder Systems GmbH, a company incorporated in Germany (the "Licensee").\n\n1. Grant\n',
    "en_quoted_short_name": 'DISTRIBUTION AGREEMENT\nThis Agreement is entered into by Orbis Technologies Limited, a company incorporated in England ("Orbis"), and Calder Systems GmbH, a company incorporated in Germany (the "Licensee").\n\n1. Appointment\n',
    "en_labels": "SUPPLY CONTRACT\nParty A: Orbis Technologies Limited\nParty B: Calder Systems GmbH\n\n1. Supply\n",
    "zh_labels_with_roles": "技术许可合同\n甲方（许可方）：远川科技有限公司\n乙方（被许可方）：青禾数据有限公司\n\n第一条 许可\n",
    # Two names in one pair of brackets, a short name and a role (in either order), the second
    # with or without "the": '("Sandler O'Neill" or the "Agent")', '("Supplier" or "Fonterra")' in cuad-train.
    "en_name_or_role": 'AGENCY AGREEMENT\nThis Agreement is made between MERIDEN FOODS PLC, a company incorporated in England ("Meriden" or the "Principal"), and CALDER SYSTEMS GMBH, a company incorporated in Germany ("Calder" or the "Agent").\n\n1. Appointment\n',
    "en_role_or_name": 'SUPPLY AGREEMENT\nThis Agreement is made between Tessel Dairy Co-operative Limited, a company incorporated in New Zealand (the "Supplier" or "Tessel"), and Calder Systems GmbH, a company incorporated in Germany (the "Buyer", or "Calder").\n\n1. Supply\n',
    # A short name and a label given together: （以下简称"青禾"或"甲方"）.
    "zh_short_name_or_label": '物流服务合同\n委托方：青禾数据有限公司（以下简称"青禾"或"甲方"），住所：杭州市\n服务方：远川科技有限公司（以下简称"远川"或"乙方"），住所：上海市\n\n第一条 服务\n',
    "zh_short_names": '技术许可合同\n许可方：远川科技有限公司（以下简称"远川"）\n被许可方：青禾数据有限公司（以下简称"青禾"）\n\n第一条 许可\n',
    # Legal forms of Central Europe and partnerships: "s.r.o.", "Sp. z o.o.", "L.P.".
    "en_central_european_forms": 'SUPPLY AGREEMENT\nThis Agreement is made between Moravek Components s.r.o. ("Moravek") and Calder Systems Sp. z o.o. (the "Buyer").\n\n1. Supply\n',
    # No legal form at all: a person, a trust, a university -- named, then a word of that name defined.
    "en_named_without_legal_form": 'CONSULTANCY AGREEMENT\nThis Agreement (the "Agreement") is made between Jana Novak Reisová ("Novak") and Calder Systems GmbH (the "Client").\n\n1. Services\n',
    # Another name of the same party in brackets is no second party: "(f/k/a …)".
    # Converted or justified text spreads a name's words apart: the same name with one space or many.
    "en_spread_name": 'FRANCHISE AGREEMENT\nThis Agreement is made between HARROW  BAKERIES  LIMITED, a company incorporated in England ("Harrow  Bakeries"), and Calder Systems GmbH (the "Franchisee").\n\n1. Grant\n',
    "en_formerly_known_as": 'SERVICES AGREEMENT\nThis Agreement is made between Orbis Holdings, L.P. (f/k/a Orbis Terminal, LLC), a Delaware limited partnership ("Orbis"), and Calder Systems GmbH (the "Customer").\n\n1. Services\n',
}

# How the client names our party (Calder / 青禾 is always ours).
OUR_PARTY = {
    "en_defined_short_name": ["Licensee", "Calder Systems GmbH"],
    "en_quoted_short_name": ["Licensee", "Calder Systems GmbH"],
    "en_labels": ["Party B", "Calder Systems GmbH"],
    "en_name_or_role": ["Agent", "Calder Systems GmbH"],
    "en_role_or_name": ["Buyer", "Calder Systems GmbH"],
    "zh_labels_with_roles": ["乙方", "被许可方", "青禾数据有限公司"],
    "zh_short_names": ["被许可方", "青禾数据有限公司"],
    "zh_short_name_or_label": ["委托方", "青禾数据有限公司"],
    "en_central_european_forms": ["Buyer", "Calder Systems Sp. z o.o."],
    "en_named_without_legal_form": ["Client", "Calder Systems GmbH"],
    "en_formerly_known_as": ["Customer", "Calder Systems GmbH"],
    "en_spread_name": ["Franchisee", "Calder Systems GmbH"],
}

# How a clause names an actor, and whose side that is, per block.
ACTORS = {
    "en_defined_short_name": [
        ("Orbis may", "them"),
        ("Orbis Technologies Limited shall", "them"),
        ("The Licensee shall", "us"),
        ("Calder shall", "us"),
    ],
    "en_quoted_short_name": [
        ("Orbis may", "them"),
        ("The Licensee shall", "us"),
        ("Calder Systems GmbH shall", "us"),
    ],
    "en_labels": [
        ("Party A may", "them"),
        ("Party B shall", "us"),
        ("Orbis may", "them"),
        ("Calder shall", "us"),
    ],
    "en_name_or_role": [
        ("Meriden may", "them"),
        ("The Principal may", "them"),
        ("Calder shall", "us"),
        ("The Agent shall", "us"),
    ],
    "en_role_or_name": [
        ("Tessel may", "them"),
        ("The Supplier may", "them"),
        ("Calder shall", "us"),
        ("The Buyer shall", "us"),
    ],
    "zh_labels_with_roles": [
        ("甲方有权", "them"),
        ("许可方有权", "them"),
        ("远川科技有限公司可以", "them"),
        ("乙方应当", "us"),
        ("被许可方应当", "us"),
        ("青禾数据有限公司应当", "us"),
    ],
    "zh_short_name_or_label": [
        ("远川有权", "them"),
        ("乙方有权", "them"),
        ("青禾应当", "us"),
        ("甲方应当", "us"),
    ],
    "zh_short_names": [
        ("远川有权", "them"),
        ("许可方有权", "them"),
        ("青禾应当", "us"),
        ("被许可方应当", "us"),
    ],
}
ACTORS |= {
    "en_central_european_forms": [
        ("Moravek may", "them"),
        ("Moravek Components s.r.o. shall", "them"),
        ("The Buyer shall", "us"),
        ("Calder shall", "us"),
    ],
    "en_named_without_legal_form": [
        ("Novak may", "them"),
        ("Jana Novak Reisová shall", "them"),
        ("The Client shall", "us"),
    ],
    "en_spread_name": [
        ("Harrow Bakeries may", "them"),
        ("Harrow       Bakeries shall", "them"),
        ("HARROW BAKERIES LIMITED shall", "them"),
        ("The Franchisee shall", "us"),
    ],
    "en_formerly_known_as": [
        ("Orbis may", "them"),
        ("Orbis Holdings, L.P. shall", "them"),
        ("The Customer shall", "us"),
    ],
}
MUTUAL = {
    "en": [
        "Each party shall",
        "Either party may",
        "the other party",
        "Neither party shall",
        "Both parties shall",
    ],
    "zh": ["双方应当", "任何一方", "对方", "守约方有权"],
}

MATRIX = [
    (block, our, phrase, side)
    for block, ours in OUR_PARTY.items()
    for our in ours
    for phrase, side in ACTORS[block]
    + [(m, "mutual") for m in MUTUAL["zh" if block.startswith("zh") else "en"]]
]


@pytest.mark.parametrize(
    ("block", "our_party", "phrase", "side"), MATRIX, ids=[f"{b}|{o}|{p}" for b, o, p, _ in MATRIX]
)
def test_every_way_a_party_is_named_resolves_to_its_side(
    block: str, our_party: str, phrase: str, side: str
) -> None:
    parties = contract_parties(our_party, BLOCKS[block])
    mentions = parties.mentions(phrase)
    assert mentions, f"nobody recognised in {phrase!r}"
    assert mentions[0].side == side


def test_a_name_is_never_on_both_sides() -> None:
    for block, ours in OUR_PARTY.items():
        for our in ours:
            names = party_names(our, BLOCKS[block])
            assert names.ours and names.theirs
            assert not {n.casefold() for n in names.ours} & {n.casefold() for n in names.theirs}


def test_the_short_names_travel_in_the_contract_setting() -> None:
    meta = contract_setting("Licensee", BLOCKS["en_defined_short_name"]).as_metadata("en")
    assert "Orbis" in meta["counterparty_aliases"].split("; ")
    assert "Calder" in meta["our_aliases"].split("; ")


def test_every_name_given_in_one_pair_of_brackets_travels_in_the_contract_setting() -> None:
    meta = contract_setting("Agent", BLOCKS["en_name_or_role"]).as_metadata("en")
    assert {"Meriden", "Principal"} <= set(meta["counterparty_aliases"].split("; "))
    assert {"Calder", "Agent"} <= set(meta["our_aliases"].split("; "))


def test_the_document_naming_itself_is_no_party() -> None:
    names = party_names("Client", BLOCKS["en_named_without_legal_form"])
    assert "Agreement" not in names.ours + names.theirs
    assert "Novak" in names.theirs


def test_another_name_of_the_same_party_is_not_a_second_party() -> None:
    names = party_names("Customer", BLOCKS["en_formerly_known_as"])
    assert "Orbis" in names.theirs
    assert not any("f/k/a" in n for n in names.ours + names.theirs)
    assert not any("limited partnership" in n for n in names.ours)


def test_a_counterparty_known_only_by_its_short_name_is_them_in_a_review() -> None:
    # The clause never says "Licensor": only the parties block says Orbis is the other side.
    contract = BLOCKS["en_defined_short_name"]
    clause = "Orbis may terminate this Agreement at any time and for any reason on five (5) days' notice to the Licensee."
    setting = contract_setting("Licensee", contract).as_metadata("en")
    with_names = analyse_clause(clause, our_party="Licensee", metadata=setting)
    assert "termination_for_convenience" in {r["risk_type"] for r in with_names}
    # the same right given to us is no risk for us
    ours = clause.replace("Orbis may", "Calder may").replace("to the Licensee", "to Orbis")
    assert "termination_for_convenience" not in {
        r["risk_type"] for r in analyse_clause(ours, our_party="Licensee", metadata=setting)
    }


# A role word after a party's name is a longer noun: one of that party's customers, its portal.
LONGER_NOUN_BLOCK = 'COMPONENT SUPPLY AGREEMENT\nThis Agreement is made between Tarnwick Motors Limited ("Tarnwick") and Oresund Alloys AB (the "Supplier").\n\n1. Supply\n'


@pytest.mark.parametrize(
    "sentence",
    [
        "The Supplier shall refund any sum charged to Tarnwick by a Tarnwick Customer.",
        "Access to the Tarnwick Customer Portal is provided by the Supplier.",
        "Tarnwick Customers may inspect the Supplier's plant.",
        "Each Tarnwick Customer shall be entitled to enforce clause 8.",
    ],
)
def test_a_role_word_after_a_partys_name_is_not_that_role(sentence: str) -> None:
    parties = contract_parties("Tarnwick", LONGER_NOUN_BLOCK)
    assert parties.our_roles == ("customer",)
    assert "Customer" not in {m.alias for m in parties.mentions(sentence)}


@pytest.mark.parametrize(
    "sentence",
    [
        "The Customer shall pay each invoice.",
        "If Customer fails to pay, the Supplier may suspend delivery.",
        "Taxes Customer will pay all sales taxes.",  # a run-in heading
        "Provide Customer with monthly reports.",  # a list item's verb
        "Oresund Alloys AB shall deliver to the Customer.",
    ],
)
def test_a_role_word_after_any_other_word_is_the_party(sentence: str) -> None:
    parties = contract_parties("Tarnwick", LONGER_NOUN_BLOCK)
    assert ("us", "Customer") in {(m.side, m.alias) for m in parties.mentions(sentence)}


def test_a_finding_calls_our_party_by_its_name_not_by_its_names_customers() -> None:
    clause = "The Supplier shall bear every cost of a recall, whether required by a regulator or by a Tarnwick Customer."
    parties = contract_parties("Tarnwick", LONGER_NOUN_BLOCK, clause)
    assert parties.our_label == "Tarnwick"


@pytest.mark.parametrize(
    ("our_party", "clause", "maker"),
    [
        ("Customer", "The Contractor shall deliver the survey reports to the Customer.", "Contractor"),
        ("Client", "The Manufacturer shall make the Products to the Client's drawings.", "Manufacturer"),
        ("客户", "勘察人应向客户交付勘察报告。", "勘察人"),
    ],
)
def test_with_no_counterparty_given_the_other_side_of_the_bargain_the_clause_names_is_them(
    our_party: str, clause: str, maker: str
) -> None:
    parties = infer_parties(our_party, None, clause)
    assert ("them", maker) in {(m.side, m.alias) for m in parties.mentions(clause)}


def test_a_contractor_beside_the_supplier_stays_a_third_party() -> None:
    clause = "The Supplier may engage a Contractor to perform the installation for the Customer."
    parties = infer_parties("Customer", None, clause)
    assert ("them", "Supplier") in {(m.side, m.alias) for m in parties.mentions(clause)}
    assert ("other", "Contractor") in {(m.side, m.alias) for m in parties.mentions(clause)}
    # the counterparty named by the parties block decides: no guess from the clause
    given = infer_parties("Customer", ["Hollin Works Ltd"], "The Contractor shall deliver the reports.")
    assert ("other", "Contractor") in {(m.side, m.alias) for m in given.mentions("The Contractor shall")}


def test_a_name_spread_over_several_spaces_is_one_mention_of_the_whole_name() -> None:
    # the rules quote and strike the actor's whole name: "Harrow", the first word, is not enough
    parties = contract_parties("Franchisee", BLOCKS["en_spread_name"])
    for written in ("Harrow       Bakeries shall", "Harrow\nBakeries shall", "HARROW BAKERIES LIMITED shall"):
        mention = parties.mentions(written)[0]
        assert (mention.side, mention.start, mention.end) == ("them", 0, len(written) - len(" shall"))
    assert parties.side_before("the fee is earned by Harrow   Bakeries upon payment", 40) == "them"


# A group of parties the definitions name, in a deal where we are not the role the group's word suggests.
_GROUP_CONTRACT = (
    "SUBSCRIPTION AGREEMENT\nThis Agreement is made between:\n"
    '(1) Tarn Ventures Fund II, L.P., a limited partnership registered in Jersey (the "Investor");\n'
    '(2) Holloway HoldCo Limited, a company incorporated in England ("Holloway HoldCo").\n\n1. Definitions\n'
    '"Warranties" means the statements in Schedule 3, and "Warrantors" means Holloway HoldCo and the Managers, jointly and severally;\n'
    '"Group" means the Company and its subsidiaries;\n'
    '"Investor Parties" means the Investor and its Affiliates;\n'
)


def test_a_group_the_definitions_make_of_our_party_is_ours() -> None:
    names = party_names("Holloway HoldCo Limited", _GROUP_CONTRACT)
    assert {"Warrantors", "Warrantor"} <= set(names.ours)
    assert "Group" not in names.ours + names.theirs  # "the Company and its subsidiaries": no group of parties
    assert "Investor Parties" not in names.ours + names.theirs  # "its Affiliates" is not a party's name
    parties = contract_parties("Holloway HoldCo Limited", _GROUP_CONTRACT)
    assert parties.mentions("Each of the Warrantors warrants")[0].side == "us"
    assert parties.mentions("any claim against any Warrantor")[0].side == "us"


# Short names given in the body, not the parties block (own drafting).
_BODY_SHORT_NAMES = (
    "DISTRIBUTION AGREEMENT\n"
    'This Agreement is made between Tessel Dairy Limited, a company incorporated in New Zealand (the "Supplier"), '
    'and Calder Systems GmbH, a company incorporated in Germany (the "Distributor").\n\n'
    '1. Definitions\n"Orbis" means the Supplier. "Territory" means the Kingdom of Spain.\n'
    '7. Marketing\nThe Distributor (hereinafter "Calder") shall promote the Products.\n'
)


def test_a_short_name_the_body_defines_is_the_side_of_the_party_it_names() -> None:
    names = party_names("Distributor", _BODY_SHORT_NAMES)
    assert "Orbis" in names.theirs
    assert "Calder" in names.ours
    assert "Territory" not in names.ours + names.theirs
    parties = contract_parties("Distributor", _BODY_SHORT_NAMES)
    assert parties.mentions("Orbis may terminate")[0].side == "them"


@pytest.mark.parametrize(
    "clause",
    [
        'In this Clause "Orbis" means the Licensor. Orbis may bring proceedings in any court.',
        'The Licensor (hereinafter "Orbis") may bring proceedings in any court.',
        'The Licensor (referred to below as "Orbis") may bring proceedings in any court.',
    ],
)
def test_a_short_name_the_clause_itself_defines_is_resolved(clause: str) -> None:
    parties = infer_parties("Licensee", None, clause)
    assert parties.mentions("Orbis may")[0].side == "them"
    assert infer_parties("Licensor", None, clause).mentions("Orbis may")[0].side == "us"


def test_a_defined_word_that_names_no_party_is_no_short_name() -> None:
    parties = infer_parties(
        "Licensee", None, '"Territory" means the Kingdom of Spain. The Licensor may sell.'
    )
    assert not parties.mentions("Territory")


# Every way a Chinese contract introduces a party's short name (以下简称, 下称, 简称为, 以下称, a colon after
# it, no quotes, after a comma outside brackets, with other names after it), in an entry line or in the
# one opening sentence: the short name the clauses then use is the counterparty's.
_ZH_SHORT_FORMS = (
    '（以下简称"瀚海公司"）',
    "（下称“瀚海公司”）",
    "（简称为“瀚海公司”）",
    "（以下简称：瀚海公司）",
    "（下称：“瀚海公司”）",
    "（以下称「瀚海公司」）",
    '，以下简称"瀚海公司"',
    "（以下简称“瀚海公司”，与甲方合称“双方”）",
)


@pytest.mark.parametrize("form", _ZH_SHORT_FORMS)
def test_every_form_of_a_chinese_short_name_names_the_counterparty(form: str) -> None:
    text = (
        "设备维护合同\n\n甲方（委托方）：澄江精工有限公司\n住所：无锡市\n\n"
        f"乙方（服务方）：瀚海科技股份有限公司{form}\n住所：宁波市\n\n第一条 维护范围\n"
    )
    names = party_names("甲方", text)
    assert "瀚海公司" in names.theirs
    assert not any(
        n.startswith(("下称", "以下", "：", "简称")) or "，" in n for n in names.ours + names.theirs
    )
    clause = "瀚海公司有权随时解除本合同，且无需承担任何责任。"
    meta = contract_setting("甲方", text + clause).as_metadata()
    risks = analyse_clause(clause, our_party="甲方", language="zh-CN", metadata=meta)
    assert "termination_for_convenience" in {r["risk_type"] for r in risks}


def test_the_parties_named_in_one_opening_sentence_keep_their_short_names() -> None:
    text = (
        "技术开发合同\n\n本合同由澄江精工有限公司（以下简称“澄江”或“甲方”）与瀚海科技股份有限公司"
        "（以下简称“瀚海公司”或“乙方”）于2026年3月签订。\n\n第一条 开发内容\n"
    )
    names = party_names("澄江精工有限公司", text)
    assert {"澄江", "澄江精工有限公司"} <= set(names.ours)
    assert {"瀚海公司", "瀚海科技股份有限公司"} <= set(names.theirs)


def test_a_party_also_called_the_company_is_a_party_not_a_deal_target() -> None:
    text = (
        "ENDORSEMENT AGREEMENT\n\nThis Agreement is made by and among Kestrel Outdoor, Inc. "
        '(The "Company" or "Kestrel"), Dana Whitfield ("Whitfield") and Whitfield Media LLC '
        '("Whitfield Media"), effective as of 1 March 2026.\n\nWHEREAS, the Company wishes to retain Whitfield Media;'
    )
    names = party_names("Whitfield Media LLC", text)
    assert "Company" in names.theirs
    assert "Company" not in names.ours


@pytest.mark.parametrize(
    ("our_party", "buys", "supplies"),
    [
        # the role leads; the description says what the company does elsewhere
        ("Buyer (Tarrow Valves Inc., a manufacturer of valves buying forgings)", True, False),
        ("Tenant (a distributor of spare parts)", True, False),
        ("Seller (Lindqvist AB, itself a buyer of raw steel)", False, True),
        # a label in front leaves the role to the description
        ("乙方（供货方，远川科技有限公司）", False, True),
        # no role in front: the description names it
        ("Koster B.V., the technology provider of the venture", False, True),
        # a commission agent sells the principal's goods and is paid for it: it buys nothing
        ("Agent (Harlow Marketing Ltd)", False, True),
        ("乙方（代理方）", False, True),
        ("代理人", False, True),
        # a distributor still buys to resell
        ("Distributor (Kestrel Parts Ltd)", True, False),
        # 被特许人 (franchisee) holds 特许人 (franchisor), as 被许可方 holds 许可方: the longer word decides
        ("乙方（被特许人）", True, False),
        ("被许可方", True, False),
    ],
)
def test_the_role_the_client_leads_with_decides_its_side(our_party: str, buys: bool, supplies: bool) -> None:
    parties = infer_parties(our_party)
    assert (parties.buy_side, parties.supplies) == (buys, supplies)


def test_an_agents_principal_named_as_the_client_who_commissions_it_is_them() -> None:
    parties = infer_parties("代理方", [], "委托方应于每季度结束后三十日内向代理方支付佣金。")
    assert parties.side_before("委托方应", 3) == "them"


_SPACED_BLOCK = (
    "HOSTING AGREEMENT\n"
    'This Hosting Agreement is made between Varden  Data  Systems, LLC, a Delaware limited liability company ("VDS"), '
    'and Quillon Retail Inc., a New York corporation (the "Host Partner").\n'
    "1. Services. VDS shall host the Quillon web site.\n"
)


@pytest.mark.parametrize("ours", ["Varden Data Systems, LLC", "VDS"])
def test_our_name_typed_with_single_spaces_or_as_the_short_name_is_ours(ours: str) -> None:
    # the extraction doubles the spaces inside the name; the client types the short name the entry defines
    names = party_names(ours, _SPACED_BLOCK)
    assert "VDS" in names.ours and "VDS" not in names.theirs
    assert any("Quillon" in n for n in names.theirs)


def test_our_party_typed_as_a_defined_term_no_role_word_knows_is_ours() -> None:
    names = party_names("Host Partner", _SPACED_BLOCK)
    assert "Host Partner" in names.ours and "VDS" in names.theirs


@pytest.mark.parametrize(
    ("our_party", "actor", "side"),
    [
        # a borrower's guarantor answers for the borrower's debt: on our side
        ("Borrower", "The Guarantor shall pay", "us"),
        ("借款人", "保证人应当承担", "us"),
        ("Guarantor", "The Borrower shall repay", "us"),
        # the finance parties of a facility agreement and a guarantee's creditor are the lender's side
        ("Borrower", "Each Finance Party may", "them"),
        ("Borrower", "The Security Agent may", "them"),
        ("保证人", "债权人有权", "them"),
        ("Lender", "The Guarantor shall pay", "them"),
    ],
)
def test_a_facility_agreement_puts_the_guarantor_beside_the_borrower(
    our_party: str, actor: str, side: str
) -> None:
    parties = infer_parties(our_party)
    assert parties.side_before(actor, len(actor)) == side


# A parties block run into recitals, a contents page or a definitions list: what it yields that names no party.
_RECITAL_CONTRACT = (
    "TABLE OF CONTENTS\n1. Definitions\n2. Supply\n\n"
    'This Supply Agreement is made between Harrowgate Instruments Ltd ("Harrowgate") and Velden Medical Inc. '
    '("Velden" or the "Buyer").\n'
    'WHEREAS, Velden wishes to buy the instruments described in Exhibit "A" attached hereto (the "Products"); and\n'
    'WHEREAS, Harrowgate sells the Products in the territory described in Exhibit "B" attached hereto (the '
    '"Territory").\n'
    "NOW, THEREFORE, the parties agree as follows.\n"
)


@pytest.mark.parametrize(
    ("name", "junk"),
    [
        ("WHEREAS", True),
        ("WHEREAS, Velden wishes to buy the instruments", True),
        ('Exhibit "A" attached hereto', True),
        ("as defined below", True),
        ("TABLE OF CONTENTS", True),
        ("2.1 During the Term", True),
        ("II", True),
        ("Products", True),
        ("Private Placement Shares", True),
        ("of the Company within the United States", True),
        # real names stay: a number or a thing-word with a legal form, a role, a label, a lower-case short name
        ("2205925 Ontario Limited", False),
        ("Kestrel Software Inc.", False),
        ("Buyer", False),
        ("Holding Company", False),
        ("i-on", False),
        ("甲方", False),
    ],
)
def test_recitals_headings_and_defined_things_are_not_party_names(name: str, junk: bool) -> None:
    from clauseflow_legal.party_roles import not_a_party_name

    assert not_a_party_name(name) is junk


def test_a_parties_block_run_into_recitals_gives_no_recital_as_an_alias() -> None:
    names = party_names("Harrowgate", _RECITAL_CONTRACT)
    every = names.ours + names.theirs
    assert not [
        n
        for n in every
        if n.startswith("WHEREAS") or "attached hereto" in n or n in {"Products", "Territory"}
    ]
    assert "Harrowgate" in names.ours
    assert "Velden" in names.theirs
