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

Or each side's right stated on its own, the board's size given apart or not at all: "The Founders
shall be entitled to appoint, remove and replace three (3) directors" and "the Investor may appoint
one (1) director" (cuad-train joint-venture drafting states seats party by party the same way:
"shall be entitled to appoint two (2) directors"); "董事会由五名董事组成，其中甲方有权委派三名董事，
乙方委派两名董事"; "投资方有权提名一名董事". Both sides' seats must be stated; their sum is the board
unless its size is stated and larger.
"""

from __future__ import annotations

import re

from clauseflow_legal.figures import words_to_number, zh_to_number
from clauseflow_legal.party_roles import SHORT_NAME, PartySegment

_NUMBER = (
    r"(?:\d{1,2}|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)(?:\s*\(\d{1,2}\))?"
)
_BOARD = re.compile(
    rf"\bBoard\b[^.;]{{0,40}}?\b(?:shall\s+)?(?:consist|comprise|be\s+composed)\w*\s+(?:of\s+)?(?P<size>{_NUMBER})\s+"
    r"(?:\w+\s+){0,2}?(?:directors|members|persons)\b(?P<rest>[^.;]{0,400})",
    re.I,
)


# One side's own right: "<party> shall be entitled to appoint, remove and replace three (3) directors".
_APPOINTS = re.compile(
    r"(?P<who>[^.;:]{0,120}?)\b(?:shall\s+(?:be\s+entitled|have\s+the\s+right)\s+to|(?:is|are)\s+entitled\s+to|"
    r"(?:has|have)\s+the\s+right\s+to|may|shall)\s+(?:from\s+time\s+to\s+time\s+)?(?:nominate|appoint|designate)"
    r"(?:\s*(?:,|and|or|and/or)\s*(?:to\s+)?(?:remove|replace|dismiss|substitute))*\s+(?:up\s+to\s+)?"
    rf"(?P<n>{_NUMBER})\s+(?:\w+\s+){{0,2}}?(?:directors?|members?\s+of\s+the\s+Board)\b",
    re.I,
)
_ZH_NUMBER = r"(?:\d{1,2}|[一二两三四五六七八九十]{1,3})"
_ZH_BOARD = re.compile(rf"董事会由(?P<size>{_ZH_NUMBER})\s*(?:名|位|人)(?:董事)?(?:组成|构成)")
_ZH_APPOINTS = re.compile(
    rf"(?P<who>[^。；，,：:]{{1,30}}?)(?:有权|可以|可)?(?:委派|提名|推荐|任命|指派|选派)(?:\s*)(?P<n>{_ZH_NUMBER})\s*(?:名|位)(?:董事)?"
)


def _value(number: str) -> int:
    """ "three (3)" → 3, "5" → 5, "三" → 3 (the figure in brackets, else the words)."""
    digits = re.search(r"\d{1,2}", number)
    if digits:
        return int(digits.group(0))
    return int(words_to_number(number) or zh_to_number(number) or 0)


def _aliases(segment: PartySegment) -> list[str]:
    names = [segment.defined, segment.name, *segment.also_defined, *re.split(r"[（()）]", segment.defined)]
    # the short name the entry defines: "王某某（以下简称“创始股东”）", '(hereinafter "Orbis")'
    names += [m.group("short") for m in SHORT_NAME.finditer(segment.text)]
    names = [re.sub(r"\s*[:：]\s*$", "", n) for n in names if n]
    return [n.strip() for n in names if len(n.strip()) >= 2]


def _named(alias: str, text: str) -> list[int]:
    """Where ``alias`` stands in ``text`` (word bounds for Latin names; none for Chinese ones)."""
    bounded = re.match(r"[A-Za-z0-9]", alias) is not None
    rx = rf"\b{re.escape(alias)}\b" if bounded else re.escape(alias)
    return [m.start() for m in re.finditer(rx, text, re.I)]


def _seats_stated_party_by_party(segments: list[PartySegment], contract_text: str) -> tuple[int, int] | None:
    """(Theirs, board size) from each side's own appointment right, read across the contract."""
    seats: dict[int, int] = {}
    for rx in (_APPOINTS, _ZH_APPOINTS):
        for m in rx.finditer(contract_text):
            who = m.group("who")
            # the party named last before the right is the one holding it
            placed = [
                (pos, i) for i, seg in enumerate(segments) for a in _aliases(seg) for pos in _named(a, who)
            ]
            if not placed:
                continue
            _, index = max(placed)
            seats[index] = seats.get(index, 0) + _value(m.group("n"))
    ours = sum(n for i, n in seats.items() if segments[i].ours)
    theirs = sum(n for i, n in seats.items() if not segments[i].ours)
    if not (ours and theirs):
        return None
    sizes = [_value(m.group("size")) for m in _BOARD.finditer(contract_text)]
    sizes += [_value(m.group("size")) for m in _ZH_BOARD.finditer(contract_text)]
    size = next((n for n in sizes if n >= ours + theirs), ours + theirs)
    return theirs, size


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
    return _seats_stated_party_by_party(segments, contract_text)
