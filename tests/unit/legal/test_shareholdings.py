"""Our shareholding is read from the contract's statements of holdings, never from its thresholds."""

# ruff: noqa: E501  -- contract fixtures read better unbroken

from __future__ import annotations

from clauseflow_legal.contract_setting import contract_setting

SHA = """SHAREHOLDERS' AGREEMENT

This Agreement is made between:
(1) Harbour Peak Holdings Limited, a company incorporated in England and Wales (the "Founder"); and
(2) Northgate Growth Fund II LP, a limited partnership registered in England (the "Investor").

WHEREAS the Investor has agreed to subscribe for 2,000 Series A Shares representing 20% of the issued share capital of the Company, and the Founder holds the remaining 80%.

2.2 The Investor may appoint one director for so long as it holds at least 30% of the Shares.
"""

ZH_SHA = """股东协议

甲方（创始股东）：杭州云帆科技控股有限公司
住所：浙江省杭州市西湖区文三路100号
乙方（投资方）：深圳前海启明创业投资合伙企业（有限合伙）
住所：广东省深圳市前海深港合作区前湾一路1号

鉴于：增资完成后乙方持有目标公司15%的股权，甲方持有目标公司85%的股权。

1.1 乙方在其持股比例不低于20%期间有权委派一名董事。
"""

CAP_TABLE = """SHAREHOLDERS' AGREEMENT

This Agreement is made between Orbis Capital Partners LLP, a limited liability partnership registered in England (the "Investor"), and Kestrel Founders Limited, a company incorporated in England (the "Founder").

SCHEDULE 2 - SHAREHOLDINGS AT COMPLETION
Kestrel Founders Limited          6,500      65%
Orbis Capital Partners LLP        3,500      35%
"""


def test_the_recitals_state_each_partys_holding() -> None:
    assert contract_setting("Northgate Growth Fund II LP", SHA).our_shareholding == 20.0
    assert contract_setting("Harbour Peak Holdings Limited", SHA).our_shareholding == 80.0


def test_a_chinese_recital_states_the_holding_of_the_party_named_by_its_label() -> None:
    assert contract_setting("乙方", ZH_SHA).our_shareholding == 15.0
    assert contract_setting("甲方（创始股东）", ZH_SHA).our_shareholding == 85.0


def test_a_cap_table_line_gives_the_holding() -> None:
    assert contract_setting("Investor", CAP_TABLE).our_shareholding == 35.0


def test_a_threshold_is_not_a_holding() -> None:
    thresholds_only = SHA.replace(
        "representing 20% of the issued share capital of the Company, and the Founder holds the remaining 80%",
        "",
    )
    assert contract_setting("Investor", thresholds_only).our_shareholding is None
    assert (
        contract_setting("乙方", ZH_SHA.replace("增资完成后乙方持有目标公司15%的股权，", "")).our_shareholding
        is None
    )


def test_the_holding_travels_in_the_prompt_metadata() -> None:
    assert contract_setting("Investor", SHA).as_metadata()["our_shareholding"] == "20%"
    assert (
        "our_shareholding" not in contract_setting("Investor", CAP_TABLE.split("SCHEDULE")[0]).as_metadata()
    )


RESPECTIVE = """JOINT VENTURE AGREEMENT

This Agreement is made between:
(1) Alder Ridge Holdings Pte. Ltd., a company incorporated in Singapore ("Alder"); and
(2) Brightwater Systems GmbH, a company incorporated in Germany ("Brightwater").

Recital: Alder and Brightwater own 55% and 45% of the issued shares of the Company respectively.
"""

ZH_RESPECTIVE = """合资经营合同

甲方：宁波海曙港口投资有限公司
乙方：苏州工业园区精密模具有限公司

鉴于：甲方、乙方分别持有合资公司65%、35%的股权。
"""


def test_holdings_listed_respectively_go_to_the_parties_in_the_order_named() -> None:
    assert contract_setting("Brightwater", RESPECTIVE).our_shareholding == 45.0
    assert contract_setting("Alder", RESPECTIVE).our_shareholding == 55.0
    assert contract_setting("乙方", ZH_RESPECTIVE).our_shareholding == 35.0
    holders = RESPECTIVE.replace(
        "own 55% and 45% of the issued shares of the Company respectively",
        "are the holders of 55% and 45% of the issued shares, respectively",
    )
    assert contract_setting("Brightwater", holders).our_shareholding == 45.0


def test_respective_figures_that_are_not_the_whole_company_are_no_holding() -> None:
    partial = RESPECTIVE.replace("55% and 45%", "20% and 15%")
    assert contract_setting("Brightwater", partial).our_shareholding is None


COUNTED = """SHAREHOLDERS' AGREEMENT

This Agreement is made between:
(1) Fernhill Ventures Limited, a company incorporated in Ireland ("Fernhill"); and
(2) Calder Instruments AB, a company incorporated in Sweden ("Calder").

2.1 The issued share capital of the Company consists of 2,500 ordinary shares, of which 1,750 ordinary shares are held by Fernhill and 750 ordinary shares by Calder.
"""


def test_holdings_stated_as_numbers_of_shares_give_the_percentage_of_the_issued_total() -> None:
    assert contract_setting("Calder", COUNTED).our_shareholding == 30.0
    assert contract_setting("Fernhill", COUNTED).our_shareholding == 70.0
    each_holds = COUNTED.replace(
        "The issued share capital of the Company consists of 2,500 ordinary shares, of which 1,750 ordinary shares are held by Fernhill and 750 ordinary shares by Calder",
        "Fernhill holds 1,200 Shares and Calder holds 800 Shares",
    )
    assert contract_setting("Calder", each_holds).our_shareholding == 40.0


def test_a_count_without_the_issued_total_or_a_condition_on_a_count_is_no_holding() -> None:
    alone = COUNTED.replace(
        "The issued share capital of the Company consists of 2,500 ordinary shares, of which 1,750 ordinary shares are held by Fernhill and 750 ordinary shares by Calder",
        "Calder owns 750 ordinary shares",
    )
    assert contract_setting("Calder", alone).our_shareholding is None
    condition = COUNTED.replace(
        "The issued share capital of the Company consists of 2,500 ordinary shares, of which 1,750 ordinary shares are held by Fernhill and 750 ordinary shares by Calder",
        "So long as Calder holds 750 Shares and Fernhill holds 1,750 Shares, Calder may appoint one director",
    )
    assert contract_setting("Calder", condition).our_shareholding is None


# A founder's holding company that keeps a minority after an investor subscribes, in British drafting
# ("per cent." with its full stop) and with pre-money counts of shares beside the post-money figures.
FOUNDER_MINORITY = """SUBSCRIPTION AND SHAREHOLDERS' AGREEMENT

This Agreement is made between:
(1) Westmoor Ventures II LP, a limited partnership registered in Scotland (the "Investor");
(2) Corrie Founders Limited, a company incorporated in Scotland ("Founder HoldCo"); and
(3) Glenbrae Trustees Limited, as trustee of the Glenbrae Employee Trust (the "Trustee").

(A) The Company has an issued share capital of 1,000,000 Ordinary Shares, of which 700,000 are held by Founder HoldCo and 300,000 are held by the Trustee.
(B) Following the subscription, the Investor, Founder HoldCo and the Trustee will hold 40 per cent., 38 per cent. and 22 per cent. respectively of the issued share capital of the Company.
"""


def test_british_per_cent_with_its_full_stop_does_not_cut_a_statement_of_holdings() -> None:
    assert contract_setting("Founder HoldCo", FOUNDER_MINORITY).our_shareholding == 38.0
    assert contract_setting("Investor", FOUNDER_MINORITY).our_shareholding == 40.0
