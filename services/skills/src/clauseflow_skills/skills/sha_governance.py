"""sha_governance_check: the governance of a shareholders' agreement from a shareholder's side — board seats
against holdings, quorum, casting vote, reserved matters and vetoes, deadlock, drag- and tag-along."""

from __future__ import annotations

import re

from clauseflow_contracts.skills import SkillId
from pydantic import BaseModel, Field

from clauseflow_skills.numbers import chinese_to_int, english_to_int
from clauseflow_skills.skill import Skill, SkillContext, SkillInput, SkillOutput
from clauseflow_skills.skills.financial_terms import find_percentages
from clauseflow_skills.skills.sha_spa_support import Passage, cut, items, passages, scope
from clauseflow_skills.text import normalise

_NUM = (
    r"(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
    r"[一二两三四五六七八九十]{1,2})"
)
_BOARD_SIZE = re.compile(
    rf"board\b.{{0,40}}(?:consist|comprise|"
    rf"be composed)\w*\s+of\s+(?:up to\s+)?({_NUM})\s*(?:\(\d+\)\s*)?(?:directors|members)|"
    rf"董事会由\s*({_NUM})\s*名董事组成|董事会.{{0,6}}(?:设|共有)\s*({_NUM})\s*名董事",
    re.I,
)
_APPOINT = re.compile(
    rf"(?:the\s+|each\s+)?([A-Z][\w-]*(?:\s[A-Z][\w-]*)?)\s+(?:shall be entitled to|shall have the right to|"
    rf"has the right to|may)\s+(?:appoint|"
    rf"nominate)\s+(?:and remove\s+)?({_NUM})\s*(?:\(\d+\)\s*)?(?:directors?|Directors?|members?)|"
    rf"([\u4e00-\u9fff]{{2,8}}?)有权(?:提名|委派|任命)\s*({_NUM})\s*名(?:董事)?",
)
_HOLDING = re.compile(
    r"(?:the\s+)?([A-Z][\w-]*(?:\s[A-Z][\w-]*)?)\s+(?:holds|shall hold|holding|"
    r"owns)\s+(\d+(?:\.\d+)?)\s?(?:%|per\s?cent)|([\u4e00-\u9fff]{2,8}?)持有(?:公司)?\s*(\d+(?:\.\d+)?)\s?%",
    re.I,
)
_QUORUM = re.compile(r"quorum|法定人数|(?:会议|董事会).{0,10}出席.{0,10}(?:方可|才能)", re.I)
_QUORUM_NEEDS = re.compile(
    r"(?:including|includes|at least one of whom (?:shall be|is))\s+(?:at least\s+)?(?:one|1|"
    r"an?)\s+([A-Z][\w-]*)\s+Director|(?:须|应当?)包括.{0,6}?([\u4e00-\u9fff]{2,6}?)(?:委派|提名)的董事",
    re.I,
)
_ADJOURNED = re.compile(
    r"adjourn\w*.{0,160}(?:quorum|present).{0,60}(?:those present|any two|directors present|"
    r"shall constitute)|延期.{0,40}(?:出席.{0,10}即|不论.{0,6}人数)",
    re.I,
)
_CASTING = re.compile(r"casting vote|deciding vote|决定票|最终决定权", re.I)
_NO_CASTING = re.compile(
    r"(?:not|no)\s+(?:have\s+(?:a|any)\s+)?(?:second or\s+)?casting vote|无(?:权)?.{0,4}决定票|"
    r"不享有.{0,6}决定",
    re.I,
)
_RESERVED = re.compile(
    r"Reserved Matters?|reserved matters?|保留事项|重大事项|须经.{0,30}(?:一致)?(?:同意|批准)的事项", re.I
)
_UNANIMOUS = re.compile(
    r"unanimous|all (?:the )?(?:Shareholders|Directors|members)|一致同意|全体(?:股东|董事)", re.I
)
_CONSENT_OF = re.compile(
    r"(?:prior\s+)?(?:written\s+)?(?:consent|approval|affirmative vote)\s+of\s+(?:the\s+|each\s+|"
    r"at least one\s+)?([A-Z][\w-]*(?:\s(?:Director|Shareholder|Majority))?)|(?:须|应|应当)(?:事先)?(?:经|"
    r"取得)\s*([\u4e00-\u9fff]{2,8}?)(?:委派的董事)?(?:书面)?(?:同意|批准)",
)
_VETO = re.compile(r"\bveto\b|一票否决", re.I)
_VETO_HOLDER = re.compile(
    r"([A-Z][\w-]*(?:\s[A-Z][\w-]*)?)\s+(?:shall have|has|holds)\s+(?:a\s+)?(?:right of\s+)?veto|"
    r"([\u4e00-\u9fff]{2,8}?)(?:享有|拥有)一票否决",
    re.I,
)
_DEADLOCK = re.compile(r"deadlock|僵局", re.I)
_DEADLOCK_MECH: dict[str, str] = {
    "escalation": r"escalat|refer\w* to the (?:chief executives|senior)|提交.{0,10}(?:高层|股东)",
    "mediation": r"mediat|调解",
    "russian_roulette": r"russian roulette|shoot-?out|buy-?sell|轮盘",
    "put_or_call_option": r"put option|call option|require the other .{0,40}(?:buy|purchase)|回购|收购对方",
    "arbitration": r"arbitrat|仲裁",
    "winding_up": r"wind(?:ing)?[- ]up|liquidat|dissol|解散|清算",
    "casting_vote": r"casting vote|决定票",
}
_DRAG = re.compile(r"drag[- ]along|dragged|领售|拖售|强制(?:随售|出售)", re.I)
_TAG = re.compile(r"tag[- ]along|co-?sale|随售|共同出售", re.I)
_PRICE_PROTECTION = re.compile(
    r"same (?:price|terms)|no less favou?rable|equal(?:ly)? terms|minimum price|"
    r"price (?:per Share )?(?:of )?not less than|fair market value|同等(?:条件|价格)|相同(?:条件|价格)|"
    r"不低于.{0,12}价格",
    re.I,
)


class GovernanceInput(SkillInput):
    """Arguments of sha_governance_check."""

    clause_id: str = Field(description="Id of the governance / board / transfer clause")
    whole_agreement: bool = Field(
        default=False,
        description=(
            "Read every clause of the agreement (board, quorum and drag/tag are often in different clauses)"
        ),
    )


class BoardSeats(BaseModel):
    """Directors a shareholder may appoint, against its holding."""

    holder: str
    seats: int
    board_size: int | None
    seat_share: float | None = Field(description="Percent of the board")
    holding: float | None = Field(description="Percent of the shares, when the agreement states it")


class Quorum(BaseModel):
    """The board quorum."""

    text: str
    requires_director_of: str | None = Field(description="Whose director must be present for a quorum")
    adjourned_meeting_without_them: bool


class ReservedMatters(BaseModel):
    """Matters needing more than a simple majority."""

    text: str
    items: int
    approval: str = Field(description="unanimous, consent of a named holder, a percentage, or unspecified")
    consent_of: list[str]


class Deadlock(BaseModel):
    """The deadlock provisions."""

    text: str
    mechanisms: list[str]


class TransferRight(BaseModel):
    """A drag-along or tag-along right."""

    text: str
    threshold_percent: float | None
    price_protection: bool


class GovernanceOutput(SkillOutput):
    """Governance terms found and the concerns for a minority shareholder."""

    clause_id: str
    board_size: int | None
    board_seats: list[BoardSeats]
    quorum: Quorum | None
    chair_casting_vote: bool | None = Field(description="null when the agreement does not say")
    reserved_matters: ReservedMatters | None
    vetoes: list[str] = Field(description="Who holds a veto (named consent rights or 'veto')")
    deadlock: Deadlock | None
    drag_along: TransferRight | None
    tag_along: TransferRight | None
    concerns: list[str]


def _count(raw: str) -> int | None:
    raw = raw.strip()
    if raw.isdigit():
        return int(raw)
    return english_to_int(raw.lower()) or chinese_to_int(raw)


def _first(found: list[Passage], rx: re.Pattern[str]) -> Passage | None:
    return next((p for p in found if rx.search(p.text)), None)


def _board(found: list[Passage]) -> tuple[int | None, list[BoardSeats]]:
    size: int | None = None
    holdings: dict[str, float] = {}
    seats: dict[str, int] = {}
    for p in found:
        text = normalise(p.text)
        if size is None and (m := _BOARD_SIZE.search(text)):
            size = _count(next(g for g in m.groups() if g))
        for m in _HOLDING.finditer(text):
            holder = (m.group(1) or m.group(3) or "").strip()
            holdings[holder.lower()] = float(m.group(2) or m.group(4))
        for m in _APPOINT.finditer(text):
            holder = (m.group(1) or m.group(3) or "").strip()
            n = _count(m.group(2) or m.group(4) or "")
            if holder and n:
                holder = re.sub(r"^(?:The|Each)\s+", "", holder)
                seats[holder] = seats.get(holder, 0) + n
    out = [
        BoardSeats(
            holder=holder,
            seats=n,
            board_size=size,
            seat_share=round(100 * n / size, 1) if size else None,
            holding=holdings.get(holder.lower()),
        )
        for holder, n in seats.items()
    ]
    return size, out


def _threshold(text: str) -> float | None:
    norm = normalise(text)
    values = [p.value for p in find_percentages(norm, text)]
    return max(values) if values else None


def run(args: GovernanceInput, ctx: SkillContext) -> GovernanceOutput:
    """Read the governance terms and list what a minority shareholder should look at."""
    document = ctx.require_document()
    clause = document.get(args.clause_id)
    clauses = list(document.clauses) if args.whole_agreement else scope(document, clause, True)
    found = passages(document, clauses)
    size, seats = _board(found)
    quorum = None
    if q := _first(found, _QUORUM):
        needs = _QUORUM_NEEDS.search(q.text)
        quorum = Quorum(
            text=cut(q.text),
            requires_director_of=(needs.group(1) or needs.group(2)) if needs else None,
            adjourned_meeting_without_them=any(_ADJOURNED.search(p.text) for p in found),
        )
    casting: bool | None = None
    if c := _first(found, _CASTING):
        casting = not _NO_CASTING.search(c.text)
    reserved = None
    if r := _first(found, _RESERVED):
        near = [p for p in found if p.clause_id == r.clause_id]
        consent = sorted(
            {
                (m.group(1) or m.group(2)).strip()
                for p in near
                for m in _CONSENT_OF.finditer(p.text)
                if m.group(1) or m.group(2)
            }
        )
        reserved_items = sum(len(items(document, cl)) for cl in clauses if cl.clause_id == r.clause_id)
        pct = next((_threshold(p.text) for p in near if _threshold(p.text)), None)
        approval = (
            "unanimous"
            if any(_UNANIMOUS.search(p.text) for p in near)
            else f"consent of {', '.join(consent)}"
            if consent
            else f"{pct:g}% of the votes"
            if pct
            else "unspecified"
        )
        reserved = ReservedMatters(
            text=cut(r.text), items=reserved_items, approval=approval, consent_of=consent
        )
    vetoes = sorted(
        {(m.group(1) or m.group(2)).strip() for p in found for m in _VETO_HOLDER.finditer(p.text)}
        | set(reserved.consent_of if reserved else [])
    )
    deadlock = None
    if d := _first(found, _DEADLOCK):
        # The mechanism follows the word "deadlock": read that passage and the next two of its clause.
        at = found.index(d)
        near_text = " ".join(p.text for p in found[at : at + 3] if p.clause_id == d.clause_id)
        deadlock = Deadlock(
            text=cut(d.text),
            mechanisms=[name for name, rx in _DEADLOCK_MECH.items() if re.search(rx, near_text, re.I)],
        )
    drag = _transfer(found, _DRAG)
    tag = _transfer(found, _TAG)
    out = GovernanceOutput(
        clause_id=clause.clause_id,
        board_size=size,
        board_seats=seats,
        quorum=quorum,
        chair_casting_vote=casting,
        reserved_matters=reserved,
        vetoes=vetoes,
        deadlock=deadlock,
        drag_along=drag,
        tag_along=tag,
        concerns=[],
    )
    out.concerns = _concerns(out)
    return out


def _transfer(found: list[Passage], rx: re.Pattern[str]) -> TransferRight | None:
    p = _first(found, rx)
    if p is None:
        return None
    near = " ".join(x.text for x in found if x.clause_id == p.clause_id and rx.search(x.text)) or p.text
    return TransferRight(
        text=cut(p.text),
        threshold_percent=_threshold(near),
        price_protection=bool(_PRICE_PROTECTION.search(near)),
    )


def _concerns(out: GovernanceOutput) -> list[str]:
    concerns: list[str] = []
    for s in out.board_seats:
        if s.seat_share is not None and s.holding is not None and s.seat_share + 10 <= s.holding:
            concerns.append(
                f"{s.holder} holds {s.holding:g}% of the shares but appoints only {s.seats} of "
                f"{s.board_size} directors ({s.seat_share:g}%)"
            )
    if out.quorum is not None:
        if out.quorum.requires_director_of is None:
            concerns.append("the quorum does not require a director of the minority shareholder")
        elif out.quorum.adjourned_meeting_without_them:
            concerns.append("an adjourned meeting is quorate without the minority's director")
    if out.chair_casting_vote:
        concerns.append("the chair has a casting vote")
    if out.reserved_matters is None:
        concerns.append("no reserved matters: the majority decides everything")
    elif out.reserved_matters.approval == "unspecified":
        concerns.append("the approval needed for reserved matters is not stated")
    if out.deadlock is None:
        concerns.append("no deadlock mechanism")
    elif not out.deadlock.mechanisms:
        concerns.append("deadlock is mentioned but no resolution mechanism is given")
    if out.drag_along is not None:
        if out.drag_along.threshold_percent is not None and out.drag_along.threshold_percent < 75:
            concerns.append(
                f"drag-along may be triggered at {out.drag_along.threshold_percent:g}% (below 75%)"
            )
        if not out.drag_along.price_protection:
            concerns.append("drag-along without a same-price / same-terms protection")
    if out.tag_along is None and out.drag_along is not None:
        concerns.append("drag-along without a matching tag-along for the minority")
    return concerns


SKILL: Skill[GovernanceInput, GovernanceOutput] = Skill(
    skill_id=SkillId.SHA_GOVERNANCE_CHECK,
    name="SHA governance check",
    description=(
        "Check the governance of a shareholders' agreement: board size and seats each shareholder appoints "
        "against its holding, the quorum (and whether it needs the minority's director), the chair's "
        "casting vote, reserved matters and who must consent, vetoes, deadlock mechanisms, and drag-along / "
        "tag-along thresholds and price protection; lists concerns for a minority shareholder. Set "
        "whole_agreement when these terms are spread over several clauses."
    ),
    input_model=GovernanceInput,
    output_model=GovernanceOutput,
    run=run,
    domain="sha_spa",
    category="analysis",
)
