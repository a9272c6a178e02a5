"""The other side's board seats are read from the board clause, so a quorum can be judged against them."""

from __future__ import annotations

from clauseflow_legal.contract_setting import contract_setting

JV = """JOINT VENTURE AGREEMENT

This Agreement is made between:
(1) Ostrava Terminal Holdings a.s., a company incorporated in the Czech Republic ("Ostrava"); and
(2) Pelican Bay Logistics Inc., a corporation incorporated in Delaware ("Pelican").

4.1 The Board shall comprise seven directors, of whom Ostrava may appoint four and Pelican three.
"""


def test_the_board_clause_gives_the_seats_each_side_fills() -> None:
    assert contract_setting("Pelican", JV).their_board_seats == (4, 7)
    assert contract_setting("Ostrava", JV).their_board_seats == (3, 7)
    assert contract_setting("Pelican", JV).as_metadata()["their_board_seats"] == "4 of 7"


def test_seats_that_do_not_add_up_to_the_board_are_not_read() -> None:
    partial = JV.replace(
        "of whom Ostrava may appoint four and Pelican three", "of whom Ostrava may appoint four"
    )
    assert contract_setting("Pelican", partial).their_board_seats is None
    assert "their_board_seats" not in contract_setting("Pelican", partial).as_metadata()


SHA = """SHAREHOLDERS' AGREEMENT

This Agreement is made between:
(1) Harrow Founders Holdco Limited, a company incorporated in England (the "Founders");
(2) Larkspur Growth Fund II LP, acting by its general partner (the "Investor"); and
(3) Brightwell Labs Limited (the "Company").

5.1 The Founders shall be entitled to appoint, remove and replace three (3) directors.
5.2 The Investor shall be entitled to appoint and remove one (1) director (the "Investor Director").
"""

GUDONG = """股东协议

甲方：王某某（以下简称“创始股东”）
乙方：深圳市远航创业投资合伙企业（有限合伙）（以下简称“投资方”）
丙方：杭州青禾科技有限公司（以下简称“公司”）

第五条 董事会由五名董事组成，其中创始股东有权委派三名董事，投资方有权委派一名董事，另设一名独立董事。
"""


def test_each_sides_own_appointment_right_gives_the_seats() -> None:
    # "appoint, remove and replace three (3) directors", stated party by party, no board size given
    assert contract_setting("Investor", SHA).their_board_seats == (3, 4)
    assert contract_setting("Founders", SHA).their_board_seats == (1, 4)


def test_chinese_seats_are_read_from_weipai_n_ming_dongshi() -> None:
    # 委派N名董事, with the board's size (five, one independent) stated apart
    assert contract_setting("投资方", GUDONG).their_board_seats == (3, 5)
    assert contract_setting("乙方（投资方）", GUDONG).their_board_seats == (3, 5)
    assert contract_setting("甲方（创始股东）", GUDONG).their_board_seats == (1, 5)


def test_one_sides_right_alone_is_not_read() -> None:
    alone = SHA.split("5.2 ")[0]
    assert contract_setting("Investor", alone).their_board_seats is None
