"""Board quorum for the sha_minority rule (ma): a Board that is quorate without our director."""

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.ma.minority_vetoes import VETOES
from clauseflow_legal.rules.packs import patterns_beside, wording_beside

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)


def quorum_without_our_director(ctx: ClauseContext, *, reported: list[Finding]) -> list[Finding]:
    """The Board is quorate without our director (unless that sentence is ``reported`` already)."""
    out: list[Finding] = []
    # "the Investor Director" is ours only where we are the investor (or nobody is known)
    investor = "Investor|" if ctx.parties.is_role("investor") or not ctx.parties.known else ""
    for s, m in ctx.find(
        r"quor\w+.{0,120}?(?:whether\s+or\s+not|without|regardless\s+of|even\s+if).{0,40}(?:"
        + rf"{investor}{ctx.us_rx}|minority)\s*(?:Director)?|法定人数.{{0,30}}(?:无需|不论|不要求).{{0,10}}(?:投资方|小股东)"  # noqa: E501
        rf"|quor\w+\s+(?:for\s+(?:a\s+)?(?:Board\s+)?meetings?\s+)?shall\s+be\s+(?:\w+\s+){{0,3}}directors?\s+(?:appointed|nominated)\s+by\s+(?:the\s+)?(?:{ctx.them_rx})"
        # "须有过半数董事出席方可举行，无需乙方委派的董事出席"
        rf"|(?:无需|不需|不要求|不论)[^。；]{{0,4}}(?:{ctx.us_rx}|投资方|小股东)(?:委派|提名)的董事[^。；]{{0,4}}出席"
        # the quorum needs their director, ours not: own phrasings "two Directors, one of whom must be
        # the Investor Director", "a quorum requires the presence of at least one director appointed by
        # Orbis", "including at least one Lakeside Director"
        rf"|(?P<theirs>quor\w+[^.;]{{0,120}}?(?:one\s+of\s+whom|at\s+least\s+one\s+of\s+whom|including(?:\s+at\s+least\s+one)?|presence\s+of\s+(?:at\s+least\s+one|the|a))\s+(?:(?:must|shall)\s+be\s+)?(?:the\s+|a\s+|an\s+)?(?:(?:{ctx.them_rx})\s*(?:Director|nominee|appointee)|director\s+(?:appointed|nominated)\s+by\s+(?:the\s+)?(?:{ctx.them_rx})))"
        # "two directors, who need not include the Investor Director"
        rf"|quor\w+[^.;]{{0,80}}?(?:need\s+not|does\s+not\s+need\s+to|is\s+not\s+required\s+to|not\s+required\s+to)\s+include\s+(?:the\s+|any\s+)?(?:{investor}minority|{ctx.us_rx})"
    ):
        # a quorum that needs their director needs ours too where it names ours beside it
        if m.group("theirs") and re.search(
            rf"(?:{ctx.us_rx})\s*(?:Director|nominee|appointee)|(?:appointed|nominated)\s+by\s+(?:the\s+)?(?:{ctx.us_rx})",
            s.text[m.end() :],
            re.I,
        ):
            continue
        # a quorum without our director is a point of its own, unless the sentence was reported already
        if not VETOES.applies(
            "reported_already",
            any(f.risk_type == "sha_governance_weak" and f.quote.start == s.start for f in reported),
        ):
            out.append(
                WORDING.finding(ctx, "quorum_without_our_director", "sha_governance_weak", "high", span(s, m))
            )
        break
    return out or _quorum_their_directors_make(ctx, reported=reported)


def _quorum_their_directors_make(ctx: ClauseContext, *, reported: list[Finding]) -> list[Finding]:
    """A Board quorum the other side's directors make alone: a number, or a majority, within their seats.

    The seats come from the board clause (``their_board_seats`` in the metadata). "A quorum shall be
    deemed to exist ... so long as at least a majority of the total number of Directors then in office
    are present" on a board where one side nominates three of five (cuad-train
    TRANSPHORM_INC_02_14_2020-EX-10.12_1_-JOINT_VENTURE_AGREEMENT.txt); own phrasings "the quorum shall
    be four directors" (four of seven seats theirs), "two Directors shall form a quorum". A quorum that
    names our director or each side's ("at least one representative appointed by each Party") is none.
    """
    board = re.match(r"(\d+) of (\d+)$", str(ctx.metadata.get("their_board_seats") or ""))
    if board is None:
        return []
    seats, size = float(board.group(1)), float(board.group(2))
    for s, m in ctx.find(PATTERNS["board_quorum"]):
        if re.search(PATTERNS["quorum_needs_each_side"], s.text, re.I) or re.search(
            rf"(?:{ctx.us_rx})\s+(?:Director|nominee|appointee|representative)", s.text, re.I
        ):
            return []
        needed = size // 2 + 1 if m.group("majority") else _quorum_number(m.group("n"))
        if needed > seats:
            continue
        if VETOES.applies(
            "reported_already",
            any(f.risk_type == "sha_governance_weak" and f.quote.start == s.start for f in reported),
        ):
            return []
        return [
            WORDING.finding(
                ctx,
                "quorum_their_directors_make",
                "sha_governance_weak",
                "medium",
                span(s, m),
                seats=f"{seats:g}",
            )
        ]
    return []


def _quorum_number(raw: str) -> float:
    """The directors a quorum names: "three (3)" → 3, "4" → 4."""
    digits = re.search(r"\d{1,2}", raw)
    if digits:
        return float(digits.group(0))
    return float(_NUMBER_WORDS.get(raw.split()[0].lower(), 99))


_NUMBER_WORDS = {
    w: i
    for i, w in enumerate(
        ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
    )
}
