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
