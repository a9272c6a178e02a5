"""The governing_law rule (covenants): A one-sided option to sue anywhere, the counterparty's home courts, or a foreign court forum."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.jurisdictions import called, dispute_choice, jurisdiction_key, named
from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.packs import Vetoes, patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import Sentence

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)
VETOES = Vetoes(
    "governing_law",
    {
        "target_law_in_share_deal": "a share deal follows the target's law and courts: market practice, not home advantage",
        "neutral_or_our_seat": "arbitration seated at our home or at a neutral seat",
        "shared_city": "both parties are in the same city: the other side's local court is ours too",
        "us_parties_jury_waiver": "between US parties a mutual jury waiver is ordinary practice, not an away match",
        "jury_heading": '"14.4 Waiver of Jury Trial", a contents line: a heading names the waiver, nobody waives',
    },
)

_NON_US_ENTITY = PATTERNS["non_us_entity"]
_US_FORUM = PATTERNS["us_forum"]


_NEUTRAL_FORUM = (
    "Playbook: neutral institutional arbitration (ICC, SIAC, HKIAC) at a neutral seat, or our home courts.",
    "行业立场：在中立仲裁地进行机构仲裁（ICC、SIAC、HKIAC），或由我方所在地法院管辖。",
)


def _away_from_home(ctx: ClauseContext) -> Finding | None:
    """The law, courts or arbitral seat chosen are the counterparty's home, or foreign courts to us.

    Needs our home (from the contract's parties block, via the prompt); a clause choosing our own
    courts, or arbitration at a neutral seat, is not flagged whatever the law.
    """
    ours, theirs = ctx.homes
    if not ctx.has(PATTERNS["dispute_clause"]):
        return None
    choice = dispute_choice(ctx.text)
    target = jurisdiction_key(ctx.metadata.get("target_home"))
    # A share deal follows the target's law and courts: its shares, register and constitution are
    # governed there, so that choice is market practice, not the seller's home advantage.
    if VETOES.applies(
        "target_law_in_share_deal",
        ctx.domain == "sha_spa" and target is not None and target in {choice.law, choice.courts, choice.seat},
    ):
        return None

    def place(key: str | None) -> str:
        return named(key, ctx.language)

    # The party at home there is the contracting counterparty, whoever else the clause names.
    them = called(str(ctx.metadata.get("counterparty_name") or "")) or ctx.them

    def quote(pattern: str) -> tuple[Sentence, re.Match[str]] | None:
        # The operative sentence, not the heading "GOVERNING LAW AND JURISDICTION".
        return next(((s, m) for s, m in ctx.find(pattern) if not s.text.isupper()), None)

    def finding(hit: tuple[Sentence, re.Match[str]], description: str, reason: str, playbook: str) -> Finding:
        return Finding("governing_law_forum", "medium", span(*hit), description, reason, playbook)

    if choice.arbitration:
        hit = quote(r"arbitrat\w*|仲裁")
        if hit is None:
            return None
        if VETOES.applies(
            "neutral_or_our_seat", choice.seat is None or choice.seat == ours or choice.seat != theirs
        ):
            return None
        return finding(
            hit,
            WORDING.t(ctx, "seat_at_their_home", place=place(theirs), them_2=them),
            WORDING.t(ctx, "seat_why"),
            ctx.t(*_NEUTRAL_FORUM),
        )
    if choice.courts is not None and choice.courts != ours:
        hit = quote(r"courts?|jurisdiction|法院|管辖")
        if hit is None:
            return None
        return finding(
            hit,
            WORDING.t(ctx, "their_courts", place=place(theirs), them_2=them)
            if choice.courts == theirs
            else WORDING.t(ctx, "foreign_courts", place=place(choice.courts)),
            WORDING.t(ctx, "courts_why"),
            ctx.t(*_NEUTRAL_FORUM),
        )
    if choice.courts is None and choice.law is not None and choice.law == theirs and theirs != ours:
        hit = quote(r"govern\w*|laws?\s+of|适用")
        if hit is None:
            return None
        return finding(
            hit,
            WORDING.t(ctx, "their_law", place=place(theirs), them_2=them),
            WORDING.t(ctx, "their_law_why", them_2=them),
            WORDING.t(ctx, "their_law_market"),
        )
    return None


@rule(reports={"governing_law_forum"})
def governing_law(ctx: ClauseContext) -> list[Finding]:
    """A one-sided option to sue anywhere, the counterparty's home courts, or a foreign court forum."""
    for s, m in ctx.find(PATTERNS["sue_anywhere"]):
        side = ctx.actor(s, m.start())
        if m.groupdict().get("who"):
            # "nothing shall prevent the Contractor from bringing proceedings elsewhere": the one left free
            kept_free = ctx.parties.mentions(m.group("who"))
            side = kept_free[0].side if kept_free else None
        named_us = "us" in ctx.parties.sides_in(s.text[m.end() :]) or re.search(
            PATTERNS["against_word"], s.text[m.start() : m.end()], re.I
        )
        if ctx.parties.theirs(side) or (side in {None, "other"} and named_us):
            return [
                WORDING.finding(ctx, "asymmetric_jurisdiction", "governing_law_forum", "medium", span(s, m))
            ]
    for s, m in ctx.find(PATTERNS["their_home_courts"]):
        who_text = m.group("who") or m.group("who2") or m.group("who3") or ""
        ms = ctx.parties.mentions(who_text)
        if VETOES.applies("shared_city", ctx.metadata.get("shared_city")):
            break
        if ms and ctx.parties.theirs(ms[0].side):
            return [WORDING.finding(ctx, "their_home_courts", "governing_law_forum", "medium", span(s, m))]
    ours, _theirs = ctx.homes
    if ours is not None:
        away = _away_from_home(ctx)
        if away is not None:
            return [away]
    for s, m in ctx.find(PATTERNS["jury_waiver"]):
        if VETOES.applies("jury_heading", not re.search(PATTERNS["waiving"], s.text, re.I)):
            continue
        if VETOES.applies("us_parties_jury_waiver", ours == "us"):
            break
        return [WORDING.finding(ctx, "jury_waived", "governing_law_forum", "medium", span(s, m), priority=2)]
    our_names = " ".join(ctx.parties.our_names)
    if (
        ours is None
        and re.search(_NON_US_ENTITY, our_names)
        and not re.search(PATTERNS["arbitration"], ctx.text, re.I)
    ):
        for s, _m in ctx.find(PATTERNS["exclusive_courts"]):
            if re.search(_US_FORUM, s.text) or re.search(_US_FORUM, ctx.text):
                return [WORDING.finding(ctx, "us_courts", "governing_law_forum", "medium", span(s, 0))]
    return []
