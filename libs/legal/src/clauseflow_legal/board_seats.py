"""How many board seats the other side fills, as the contract's board clause states it.

A quorum is a protection only when it needs a director of ours: a quorum of three on a board where
the other side appoints three is met by its directors alone. The quorum is stated in one clause and
the board's make-up in another, so the seats travel with the contract's setting (see
``contract_setting.ContractSetting``), as our shareholding does.

Read: "The Board shall consist of five (5) members ..., three (3) of whom shall be nominated by AFSL
and two (2) of whom shall be nominated by TPH-A" (cuad-train
TRANSPHORM_INC_02_14_2020-EX-10.12_1_-JOINT_VENTURE_AGREEMENT.txt); own phrasings "The board shall
comprise seven directors, of whom the Sponsor may appoint four and the Investor three", "the Board
shall consist of 5 Directors: 3 appointed by A and 2 appointed by B".
"""

from __future__ import annotations

import re

from clauseflow_legal.party_roles import PartySegment
from clauseflow_legal.text import words_to_number

_NUMBER = (
    r"(?:\d{1,2}|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)(?:\s*\(\d{1,2}\))?"
)
_BOARD = re.compile(
    rf"\bBoard\b[^.;]{{0,40}}?\b(?:shall\s+)?(?:consist|comprise|be\s+composed)\w*\s+(?:of\s+)?(?P<size>{_NUMBER})\s+"
    r"(?:\w+\s+){0,2}?(?:directors|members|persons)\b(?P<rest>[^.;]{0,400})",
    re.I,
)


def _value(number: str) -> int:
    """ "three (3)" → 3, "5" → 5 (the figure in brackets, else the words)."""
    digits = re.search(r"\d{1,2}", number)
    return int(digits.group(0)) if digits else int(words_to_number(number) or 0)


def _aliases(segment: PartySegment) -> list[str]:
    names = [segment.defined, segment.name, *re.split(r"[（()）]", segment.defined)]
    return [n.strip() for n in names if n and len(n.strip()) >= 2]


def seats_of_the_other_side(segments: list[PartySegment], contract_text: str) -> tuple[int, int] | None:
    """(Directors the other side appoints, board size), when the board clause states every side's seats."""
    if not any(s.ours for s in segments):
        return None
    for m in _BOARD.finditer(contract_text):
        size = _value(m.group("size"))
        theirs = ours = 0
        for part in re.split(r"\band\b|[,:]", m.group("rest")):
            count = re.search(rf"\b{_NUMBER}\b", part, re.I)
            named = [
                s for s in segments for a in _aliases(s) if re.search(rf"\b{re.escape(a)}\b", part, re.I)
            ]
            if count is None or len({id(s) for s in named}) != 1:
                continue
            if named[0].ours:
                ours += _value(count.group(0))
            else:
                theirs += _value(count.group(0))
        if ours and theirs and ours + theirs == size:
            return theirs, size
    return None
