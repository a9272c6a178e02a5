"""The bag of per-contract facts a clause is reviewed in: where the parties are at home, the law the
contract chooses, its title, our shareholding, an exclusive appointment, each side's names and the
board seats of the other side.
"""

# ruff: noqa: E501  -- the setting's docstrings read better unbroken

from __future__ import annotations

import re
from dataclasses import dataclass

from clauseflow_legal.appointments import exclusive_appointment
from clauseflow_legal.bargain import side_of_bargain
from clauseflow_legal.board_seats import seats_of_the_other_side
from clauseflow_legal.jurisdictions import governing_law, named, party_homes, target_home
from clauseflow_legal.mirror_indemnity import counterparty_indemnity
from clauseflow_legal.parties import infer_parties
from clauseflow_legal.party_roles import party_names, party_segments
from clauseflow_legal.shareholdings import holding_of_our_party


@dataclass(frozen=True)
class ContractSetting:
    """Where the parties are at home and which law the contract chooses: the review's legal setting.

    It travels in the clause prompt (the jurisdiction hint of docs/architecture.md#the-clause-agent), so a model, hosted or the
    playbook, can tell home ground from away.
    """

    our_home: str | None = None
    counterparty: str = ""
    counterparty_home: str | None = None
    governing_law: str | None = None
    target_home: str | None = None  # a share deal's target company
    contract_title: str = ""  # "SOFTWARE DEVELOPMENT AGREEMENT": what kind of deal the clause sits in
    our_shareholding: float | None = None  # percent of the company our party holds (SHA, SPA)
    exclusive_appointment: str = ""  # the line appointing a distributor, agent or licensee exclusively
    shared_city: str = ""  # both parties are in this city: "the other side's local court" is ours too
    # Every name the parties block gives each side ("Orbis", "远川", "Party A", the defined role):
    # the reviewer tells us from them by these, not only by the words the client typed.
    our_aliases: tuple[str, ...] = ()
    counterparty_aliases: tuple[str, ...] = ()
    their_board_seats: tuple[int, int] | None = None  # (directors the other side appoints, board size)
    # "pays" or "supplies" when the parties block gives our party no role: read from what the
    # contract binds each side to do (clauseflow_legal.bargain), so per-side positions apply.
    side_of_bargain: str = ""
    # the other side's own promise to indemnify, wherever the contract makes it ("16.2 The Licensor
    # shall indemnify"): an indemnity of ours in another clause is then one of two (mirror_indemnity)
    their_indemnity: str = ""

    def as_metadata(self, language: str = "en") -> dict[str, str]:
        """The facts known, by name in ``language``, for the prompt's metadata (unknown ones left out)."""
        facts = {
            "our_home": named(self.our_home, language),
            "counterparty_name": self.counterparty,
            "counterparty_home": named(self.counterparty_home, language),
            "governing_law": named(self.governing_law, language),
            "target_home": named(self.target_home, language),
            "contract_title": self.contract_title,
            "our_shareholding": "" if self.our_shareholding is None else f"{self.our_shareholding:g}%",
            "exclusive_appointment": self.exclusive_appointment,
            "shared_city": self.shared_city,
            "our_aliases": "; ".join(self.our_aliases),
            "counterparty_aliases": "; ".join(self.counterparty_aliases),
            "their_board_seats": ""
            if self.their_board_seats is None
            else "{} of {}".format(*self.their_board_seats),
            "our_side_of_bargain": self.side_of_bargain,
            "their_indemnity": self.their_indemnity,
        }
        return {k: v for k, v in facts.items() if v}


def _title_of(contract_text: str) -> str:
    """The contract's title line ("MASTER SUPPLY AGREEMENT"), past filing headers like "Exhibit 10.18"."""
    lines = [line.strip() for line in contract_text[:2000].splitlines() if line.strip()]
    titled = next((ln for ln in lines if re.search(r"agreement|contract|deed|合同|协议", ln, re.I)), "")
    return (titled or (lines[0] if lines else ""))[:120]


def contract_setting(our_party: str, contract_text: str) -> ContractSetting:
    """The parties' homes (from the parties block), the governing law (from the dispute clause),
    our shareholding where the contract states one, and any exclusive appointment."""
    segments = party_segments(our_party, contract_text)
    homes = party_homes(our_party, contract_text, segments)
    names = party_names(our_party, contract_text)
    governing = governing_law(contract_text)
    return ContractSetting(
        homes.ours,
        homes.counterparty,
        homes.theirs,
        governing,
        target_home(contract_text),
        _title_of(contract_text),
        holding_of_our_party(segments, contract_text),
        exclusive_appointment(contract_text),
        homes.shared_city,
        names.ours,
        names.theirs,
        seats_of_the_other_side(segments, contract_text),
        _side_of_bargain(our_party, names.ours, names.theirs, contract_text),
        _their_indemnity(our_party, names.ours, names.theirs, contract_text),
    )


def _their_indemnity(our_party: str, ours: tuple[str, ...], theirs: tuple[str, ...], text: str) -> str:
    """Where the other side promises an indemnity of its own, by any name the contract gives it."""
    return counterparty_indemnity(infer_parties(our_party, list(theirs), "", ours), text)


def _side_of_bargain(our_party: str, ours: tuple[str, ...], theirs: tuple[str, ...], text: str) -> str:
    """Whether we pay or supply, read from the obligations, when no role word of ours says so."""
    parties = infer_parties(our_party, list(theirs), "", ours)
    if parties.buy_side or parties.sell_side or not parties.our_names:
        return ""
    # the labels too (甲方, Party A): a Chinese contract binds its parties by them
    return side_of_bargain((*parties.our_names, *ours), (*parties.their_names, *theirs), text) or ""
