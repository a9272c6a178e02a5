"""Home ground and away: where the parties are at home, and what a dispute clause chooses.

The parties blocks and dispute clauses here are written for these tests; none is taken from
the bundled examples or the golden set.
"""

# ruff: noqa: E501  -- clause fixtures read better unbroken

from __future__ import annotations

import pytest
from clauseflow_legal.analysis import analyse_clause
from clauseflow_legal.contract_setting import contract_setting
from clauseflow_legal.jurisdictions import (
    DisputeChoice,
    called,
    dispute_choice,
    home_of,
    jurisdiction_key,
    party_homes,
)

DISTRIBUTION = """EXCLUSIVE DISTRIBUTION AGREEMENT

This Agreement is made between Voss Medizintechnik GmbH, a company organised under the laws of Germany with its registered office in Hamburg (the "Supplier"), and Lianhe Medical Trading (Shenzhen) Co., Ltd., a company established in the People's Republic of China (the "Distributor").

1. APPOINTMENT
"""

ZH_SUPPLY = """采购合同

甲方（买方）：苏州恒远电子有限公司
住所：江苏省苏州市工业园区星湖街100号
乙方（卖方）：Brightline Components Pte. Ltd.
住所：新加坡

第一条 标的
"""

NO_HOMES = """SERVICES AGREEMENT

Between Alpha Ltd (the "Customer") and Beta Ltd (the "Supplier").
"""


class TestWhereAPartyIsAtHome:
    @pytest.mark.parametrize(
        ("description", "home"),
        [
            ("Voss GmbH, a company organised under the laws of Germany", "de"),
            ("Acme Holdings Inc., a Delaware corporation", "us"),
            ("Kite Analytics Limited, a company incorporated in Hong Kong", "hk"),
            ("Brightline Components Pte. Ltd.", "sg"),
            ("Lianhe Medical Trading (Shenzhen) Co., Ltd.", "cn"),
            ("Dunmore Freight B.V.", "nl"),
            ("Orchard Retail plc, whose registered office is at 1 King Street, London", "ew"),
            ("苏州恒远电子有限公司", "cn"),
        ],
    )
    def test_the_entry_incorporation_name_or_company_form_says(self, description: str, home: str) -> None:
        assert home_of(description) == home

    def test_a_plain_limited_company_says_nothing(self) -> None:
        assert home_of("Alpha Ltd") is None

    def test_both_parties_homes_come_from_the_parties_block(self) -> None:
        homes = party_homes("the Distributor", DISTRIBUTION)
        assert (homes.ours, homes.theirs) == ("cn", "de")
        assert homes.counterparty.startswith("Voss Medizintechnik GmbH")

    def test_a_parties_block_in_one_sentence_starts_the_first_entry_after_entered_into_by(self) -> None:
        text = (
            "CLOUD SERVICES AGREEMENT\n\nThis Agreement is entered into on 3 April 2026 by Vantor Analytics GmbH, "
            'a company incorporated in Germany ("Vantor"), and Ostrava Logistics a.s., a company incorporated '
            'in the Czech Republic ("Client").'
        )
        homes = party_homes("the Client", text)
        assert (homes.counterparty, homes.theirs) == ("Vantor Analytics GmbH", "de")

    def test_a_chinese_parties_block_reads_the_address_lines_under_each_entry(self) -> None:
        homes = party_homes("甲方", ZH_SUPPLY)
        assert (homes.ours, homes.theirs) == ("cn", "sg")

    def test_our_side_follows_the_client_whichever_party_it_is(self) -> None:
        homes = party_homes("Voss Medizintechnik GmbH", DISTRIBUTION)
        assert (homes.ours, homes.theirs) == ("de", "cn")

    def test_unknown_homes_stay_unknown(self) -> None:
        assert contract_setting("Customer", NO_HOMES).as_metadata() == {
            "counterparty_name": 'Beta Ltd (the "Supplier")',
            "contract_title": "SERVICES AGREEMENT",
            # the parties block's names for each side (no home among them)
            "our_aliases": "Alpha Ltd; Alpha; Customer",
            "counterparty_aliases": "Beta Ltd; Beta; Supplier",
        }

    def test_the_setting_is_named_in_the_language_of_the_review_and_read_back_in_either(self) -> None:
        setting = contract_setting("the Distributor", DISTRIBUTION)
        assert setting.as_metadata("zh-CN")["counterparty_home"] == "德国"
        assert {jurisdiction_key(setting.as_metadata(lang)["our_home"]) for lang in ("en", "zh-CN")} == {"cn"}


class TestCountriesTheTableDoesNotKnow:
    def test_a_country_is_known_by_its_own_name_in_the_parties_block_and_the_dispute_clause(self) -> None:
        contract = (
            "WORKS CONTRACT\n\nThis Contract is made between the Ostmark Rail Authority, a public body established "
            'in the Republic of Ostmark (the "Employer"), and Huayu Civil Engineering Co., Ltd., a company incorporated '
            'in the People\'s Republic of China (the "Contractor").\n\n1. DEFINITIONS\n\n1.1 "Works" means the railway.'
        )
        setting = contract_setting("the Contractor", contract)
        assert (setting.our_home, setting.counterparty_home) == ("cn", "x:Ostmark")
        assert setting.as_metadata()["counterparty_home"] == "Ostmark"
        assert (
            dispute_choice("The courts of Ostmark City shall have exclusive jurisdiction.").courts
            == "x:Ostmark"
        )

    def test_words_that_are_not_places_are_not_taken_for_one(self) -> None:
        assert dispute_choice("This Agreement is governed by the laws of the Employer's country.").law is None
        assert dispute_choice("Disputes go to the courts of competent jurisdiction.").courts is None


class TestWhatADisputeClauseChooses:
    def test_an_excluded_arbitration_chooses_none(self) -> None:
        clause = "The Engineer's decision is final and shall not be referred to arbitration. The courts of Singapore shall have exclusive jurisdiction."
        assert dispute_choice(clause) == DisputeChoice(courts="sg")
        assert dispute_choice("争议不得提交仲裁，由新加坡法院管辖。") == DisputeChoice(courts="sg")

    @pytest.mark.parametrize(
        ("clause", "choice"),
        [
            (
                "This Agreement shall be governed by the laws of the Federal Republic of Germany. The courts of Hamburg shall have exclusive jurisdiction.",
                DisputeChoice(law="de", courts="de"),
            ),
            (
                "This Agreement is governed by English law. Any dispute shall be finally resolved by arbitration under the rules of the Hong Kong International Arbitration Centre; the seat of arbitration shall be Hong Kong and the language shall be English.",
                DisputeChoice(law="ew", seat="hk", arbitration=True),
            ),
            (
                "Disputes shall be settled by arbitration administered by SIAC. The language of the arbitration shall be English.",
                DisputeChoice(seat="sg", arbitration=True),
            ),
            (
                # the seat stated in words, not the institution's home
                "This Agreement is governed by English law. Any dispute shall be finally resolved by arbitration under the SIAC Rules seated in London.",
                DisputeChoice(law="ew", seat="ew", arbitration=True),
            ),
            (
                "因本合同引起的争议，提交新加坡国际仲裁中心按其仲裁规则仲裁，仲裁地为香港。",
                DisputeChoice(seat="hk", arbitration=True),
            ),
            (
                "This Agreement is governed by Danish law and the courts of Copenhagen shall have exclusive jurisdiction.",
                DisputeChoice(law="dk", courts="dk"),
            ),
            (
                "本合同适用中华人民共和国法律。因本合同引起的争议，提交上海国际仲裁中心仲裁。",
                DisputeChoice(law="cn", seat="cn", arbitration=True),
            ),
            (
                "Governing law: the laws of the State of New York. Venue: the state and federal courts located in New York County.",
                DisputeChoice(law="us", courts="us"),
            ),
        ],
    )
    def test_law_courts_and_seat(self, clause: str, choice: DisputeChoice) -> None:
        assert dispute_choice(clause) == choice


CN_DISTRIBUTOR = {"our_home": "the PRC", "counterparty_home": "Germany"}


def _forum_findings(text: str, our: str, homes: dict[str, str], language: str = "en") -> list[str]:
    return [
        r["original_text"]
        for r in analyse_clause(text, our_party=our, language=language, metadata=homes)
        if r["risk_type"] == "governing_law_forum"
    ]


class TestAwayFromHome:
    @pytest.mark.parametrize(
        "clause",
        [
            "This Agreement shall be governed by German law, and the courts of Hamburg shall have exclusive jurisdiction.",
            "Any dispute shall be referred to arbitration under the DIS Arbitration Rules, seated in Hamburg.",
            "This Agreement is governed by the laws of Germany.",
            "The courts of England shall have exclusive jurisdiction over any dispute arising under this Agreement.",
        ],
    )
    def test_the_counterpartys_home_or_foreign_courts_are_flagged(self, clause: str) -> None:
        assert _forum_findings(clause, "the Distributor", CN_DISTRIBUTOR)

    @pytest.mark.parametrize(
        "clause",
        [
            "This Agreement is governed by the laws of the People's Republic of China, and the courts of Shenzhen shall have exclusive jurisdiction.",
            "This Agreement is governed by German law. Any dispute shall be finally resolved by arbitration administered by SIAC, seated in Singapore.",
            "Disputes shall be finally resolved by arbitration under the ICC Rules, seated in Geneva, Switzerland.",
            "Each party shall bear its own costs of performing this Agreement.",
        ],
    )
    def test_our_home_courts_or_neutral_arbitration_are_not(self, clause: str) -> None:
        assert not _forum_findings(clause, "the Distributor", CN_DISTRIBUTOR)

    def test_the_same_clause_is_home_ground_for_the_other_side(self) -> None:
        clause = "This Agreement shall be governed by German law, and the courts of Hamburg shall have exclusive jurisdiction."
        assert not _forum_findings(
            clause, "the Supplier", {"our_home": "Germany", "counterparty_home": "the PRC"}
        )

    def test_a_chinese_clause_for_a_chinese_buyer_facing_a_singapore_seller(self) -> None:
        homes = {"our_home": "the PRC", "counterparty_home": "Singapore"}
        assert _forum_findings("本合同适用新加坡法律，争议提交新加坡法院管辖。", "甲方", homes, "zh-CN")
        assert not _forum_findings(
            "本合同适用中华人民共和国法律，争议提交甲方所在地人民法院管辖。", "甲方", homes, "zh-CN"
        )

    def test_the_finding_names_the_counterparty_whose_home_it_is_not_another_party_of_the_clause(
        self,
    ) -> None:
        homes = {**CN_DISTRIBUTOR, "counterparty_name": 'Voss GmbH (the "Supplier")'}
        clause = "The Engineer's decision binds the Distributor. The courts of Hamburg shall have exclusive jurisdiction."
        [finding] = [
            r
            for r in analyse_clause(clause, our_party="the Distributor", metadata=homes)
            if r["risk_type"] == "governing_law_forum"
        ]
        assert "Germany, the Supplier's home" in finding["description"]

    def test_a_jury_waiver_between_us_parties_is_ordinary(self) -> None:
        clause = "The Parties waive any right to trial by jury as to any dispute resolved through litigation."
        us_parties = {"our_home": "the United States", "counterparty_home": "the United States"}
        assert not _forum_findings(clause, "Buyer", us_parties)
        assert _forum_findings(
            clause, "the Distributor", {**CN_DISTRIBUTOR, "counterparty_home": "the United States"}
        )

    def test_the_finding_quotes_the_operative_sentence_not_the_heading(self) -> None:
        clause = "GOVERNING LAW\n\n15.1 The courts of Hamburg shall have exclusive jurisdiction."
        assert _forum_findings(clause, "the Distributor", CN_DISTRIBUTOR) == [
            "15.1 The courts of Hamburg shall have exclusive jurisdiction."
        ]


class TestAPlaceBeatsACompanyForm:
    DISTRIBUTION = (
        "EXCLUSIVE DISTRIBUTION AGREEMENT\n\nThis Agreement is entered into between Halvorsen Medical Systems Inc., "
        'a Delaware corporation with its principal office in Wilmington, Delaware (the "Supplier"), and Distribuidora '
        "Andina de Equipos Médicos S.A.S., a company organised under the laws of Colombia with its registered office "
        'in Bogotá (the "Distributor").\n\n14.1 This Agreement is governed by the laws of the State of Delaware. The '
        "courts of Wilmington, Delaware shall have exclusive jurisdiction over any dispute.\n"
    )

    def test_the_parties_block_states_the_home_a_company_form_would_guess_wrong(self) -> None:
        # "S.A.S." is a French form and a Colombian one; the parties block says Colombia.
        setting = contract_setting("Distribuidora Andina de Equipos Médicos S.A.S.", self.DISTRIBUTION)
        assert (setting.our_home, setting.counterparty_home) == ("x:Colombia", "us")

    def test_courts_of_a_city_the_table_does_not_know_are_placed_by_its_state_or_country(self) -> None:
        assert (
            dispute_choice("The courts of Wilmington, Delaware shall have exclusive jurisdiction.").courts
            == "us"
        )
        assert dispute_choice("The courts of Lyon, France shall have jurisdiction.").courts == "fr"
        assert contract_setting("Halvorsen Medical Systems Inc.", self.DISTRIBUTION).our_home == "us"


def test_a_register_number_in_brackets_does_not_end_a_partys_entry() -> None:
    text = (
        "ASSET PURCHASE AGREEMENT\n\n"
        '(1) Kestrel Holdings Pte. Ltd., a company incorporated in Singapore (the "Seller"); and\n\n'
        "(2) Harbourline Foods Limited, a company incorporated in England and Wales (company number 08123456) "
        'whose registered office is at 14 Quayside, Bristol BS1 4RN (the "Buyer").\n'
    )
    homes = party_homes("Buyer", text)
    assert homes.ours == "ew"
    assert homes.theirs == "sg"


def test_english_parties_written_the_chinese_way_are_read_line_by_line() -> None:
    text = (
        "EQUIPMENT PURCHASE CONTRACT\n\n"
        "Party A (Buyer): Wuxi Hengtai New Energy Co., Ltd.\n"
        "Address: No. 18 Xinhua Road, Xinwu District, Wuxi, Jiangsu Province, China\n"
        "Party B (Seller): Kessler Anlagenbau GmbH\n"
        "Address: Industriestrasse 7, 70565 Stuttgart, Germany\n\n"
        "Article 8 Disputes\n8.1 This Contract is governed by the laws of the People's Republic of China.\n"
    )
    homes = party_homes("Party B", text)
    assert (homes.ours, homes.theirs) == ("de", "cn")
    assert homes.counterparty == 'Wuxi Hengtai New Energy Co., Ltd. (the "Party A")'
    assert called(homes.counterparty) == "Party A"


@pytest.mark.parametrize(
    ("place", "key"),
    [
        ("Port House, Mombasa, Kenya", "ke"),
        ("the courts of Nairobi", "ke"),
        ("Dubai International Financial Centre", "ae"),
        ("Riyadh, Kingdom of Saudi Arabia", "sa"),
        ("the laws of the Republic of India", "in"),
        ("印度尼西亚雅加达", "id"),
        ("Kuala Lumpur", "my"),
        ("Ho Chi Minh City", "vn"),
        ("Lagos State", "ng"),
    ],
)
def test_the_places_where_fidic_contracts_are_performed_are_known(place: str, key: str) -> None:
    assert jurisdiction_key(place) == key


def test_courts_named_by_a_city_belong_to_its_country() -> None:
    assert dispute_choice("The courts of Mombasa shall have exclusive jurisdiction.").courts == "ke"


def _zh_parties(ours: str, theirs: str) -> str:
    return f"物业服务合同\n\n委托方：上海浦江置业发展有限公司\n住所：{theirs}\n受托方：上海安居物业管理有限公司\n住所：{ours}\n\n第一条 服务内容\n"


def test_parties_in_the_same_city_share_their_local_court() -> None:
    text = _zh_parties("上海市徐汇区漕溪北路331号", "上海市闵行区浦锦路2888号")
    assert contract_setting("上海安居物业管理有限公司", text).as_metadata("zh-CN")["shared_city"] == "上海"


def test_parties_in_different_cities_do_not() -> None:
    text = _zh_parties("江苏省苏州市工业园区星湖街218号", "上海市闵行区浦锦路2888号")
    assert "shared_city" not in contract_setting("上海安居物业管理有限公司", text).as_metadata("zh-CN")


def test_a_chinese_arbitration_commission_seats_the_arbitration_in_china() -> None:
    choice = dispute_choice(
        "Any dispute shall be submitted to the Ningbo Arbitration Commission for arbitration."
    )
    assert choice.arbitration and choice.seat == "cn"
    assert jurisdiction_key("the Inter-American Commercial Arbitration Commission") != "cn"
