"""The governing_law rule (covenants): A one-sided option to sue anywhere, the counterparty's home courts, or a foreign court forum."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.jurisdictions import called, dispute_choice, jurisdiction_key, named
from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import Sentence

_NON_US_ENTITY = r"\bB\.V\.|\bN\.V\.|\bGmbH\b|\bAG\b|\bS\.A\.|\bS\.p\.A\.|Co\.,?\s+Ltd\.?|\(HK\)|\(Suzhou\)|\(Shanghai\)|\(Beijing\)|有限公司|\bPte\.?\s+Ltd"
_US_FORUM = r"State\s+of\s+(?:New\s+York|California|Delaware|Texas|Washington|Illinois|Massachusetts)|County|federal\s+courts|United\s+States\s+District"


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
    if not ctx.has(r"govern|jurisdiction|\bcourts?\b|arbitrat|适用.{0,12}法律|法院|仲裁|管辖"):
        return None
    choice = dispute_choice(ctx.text)
    target = jurisdiction_key(ctx.metadata.get("target_home"))
    if ctx.domain == "sha_spa" and target is not None and target in {choice.law, choice.courts, choice.seat}:
        # A share deal follows the target's law and courts: its shares, register and constitution are
        # governed there, so that choice is market practice, not the seller's home advantage.
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
        if hit is None or choice.seat is None or choice.seat == ours or choice.seat != theirs:
            return None
        return finding(
            hit,
            ctx.t(
                f"Arbitration is seated in {place(theirs)}, {them}'s home.",
                f"仲裁地在{them}所在地（{place(theirs)}）。",
            ),
            ctx.t(
                "A seat and institution at the counterparty's home give it home advantage: its counsel, its supervisory courts, its procedure.",
                "仲裁地和仲裁机构位于对方所在地，使对方在律师、监督法院和程序上占据主场优势。",
            ),
            ctx.t(*_NEUTRAL_FORUM),
        )
    if choice.courts is not None and choice.courts != ours:
        hit = quote(r"courts?|jurisdiction|法院|管辖")
        if hit is None:
            return None
        return finding(
            hit,
            ctx.t(
                f"Disputes go to the courts of {place(theirs)}, {them}'s home, not to neutral arbitration.",
                f"争议由{them}所在地（{place(theirs)}）法院管辖，而非中立仲裁。",
            )
            if choice.courts == theirs
            else ctx.t(
                f"Disputes go to the courts of {place(choice.courts)}, away from {ctx.us}'s home, with no arbitration.",
                f"争议由{place(choice.courts)}法院管辖，远离{ctx.us}所在地，且未约定仲裁。",
            ),
            ctx.t(
                f"{ctx.us} would litigate abroad under unfamiliar procedure and at higher cost, and a court judgment from there may not be enforceable where the assets are; an arbitral award is (New York Convention).",
                f"{ctx.us}须在境外按陌生程序诉讼，成本更高，且该地法院判决在资产所在地未必能够执行；仲裁裁决则可依《纽约公约》执行。",
            ),
            ctx.t(*_NEUTRAL_FORUM),
        )
    if choice.courts is None and choice.law is not None and choice.law == theirs and theirs != ours:
        hit = quote(r"govern\w*|laws?\s+of|适用")
        if hit is None:
            return None
        return finding(
            hit,
            ctx.t(
                f"The contract is governed by the law of {place(theirs)}, {them}'s home, and names no neutral forum.",
                f"合同适用{them}所在地（{place(theirs)}）法律，且未约定中立的争议解决机构。",
            ),
            ctx.t(
                f"{ctx.us} must take advice in a law {them} knows well, and without a forum clause may be sued in {them}'s courts.",
                f"{ctx.us}须就对方熟悉的外国法寻求法律意见，且无管辖约定时可能在对方法院被诉。",
            ),
            ctx.t(
                "Playbook: a neutral law (for example English law) with neutral institutional arbitration.",
                "行业立场：适用中立法律（如英国法），并约定中立机构仲裁。",
            ),
        )
    return None


@rule(reports={"governing_law_forum"})
def governing_law(ctx: ClauseContext) -> list[Finding]:
    """A one-sided option to sue anywhere, the counterparty's home courts, or a foreign court forum."""
    for s, m in ctx.find(
        r"\b(?:may|shall\s+be\s+entitled\s+to|reserves\s+the\s+right\s+to)\s+(?:also\s+)?(?:bring|commence|institute|take)\s+(?:any\s+)?(?:proceedings|an?\s+action|suit)\b.{0,120}(?:any\s+(?:other\s+)?|other\s+)(?:court|jurisdiction)|有权(?:选择|向).{0,20}(?:任何|其他).{0,10}法院"
    ):
        side = ctx.actor(s, m.start())
        named_us = "us" in ctx.parties.sides_in(s.text[m.end() :]) or re.search(
            r"against", s.text[m.start() : m.end()], re.I
        )
        if ctx.parties.theirs(side) or (side in {None, "other"} and named_us):
            return [
                Finding(
                    "governing_law_forum",
                    "medium",
                    span(s, m),
                    ctx.t(
                        f"Only {ctx.them} may sue in other courts: the jurisdiction clause is asymmetric.",
                        f"仅{ctx.them}可在其他法院起诉：管辖条款不对等。",
                    ),
                    ctx.t(
                        f"{ctx.us} may be sued anywhere while being confined to one forum itself.",
                        f"{ctx.us}可能在任何地方被诉，而自身只能在一个法院起诉。",
                    ),
                    ctx.t(
                        "Playbook: symmetric neutral arbitration or courts for both parties.",
                        "行业立场：双方对等的中立仲裁或法院管辖。",
                    ),
                )
            ]
    for s, m in ctx.find(
        r"(?:提交|向|由)(?P<who>\w{1,6}?)(?:所在地|住所地|注册地)(?:的)?(?:有管辖权的)?(?:人民)?法院|courts?\s+of\s+(?:the\s+place\s+of\s+)?(?P<who2>\w+)['’]s\s+(?:domicile|principal\s+place|registered\s+(?:office|seat)|seat)"
        r"|courts?\s+(?:of|at|in|for)\s+the\s+(?:place|city|country|jurisdiction)\s+(?:where|in\s+which)\s+(?:the\s+)?(?P<who3>\w+)\s+(?:has|is)"
    ):
        who_text = m.group("who") or m.group("who2") or m.group("who3") or ""
        ms = ctx.parties.mentions(who_text)
        if ctx.metadata.get("shared_city"):
            break  # both parties are in the same city: the other side's local court is ours too
        if ms and ctx.parties.theirs(ms[0].side):
            return [
                Finding(
                    "governing_law_forum",
                    "medium",
                    span(s, m),
                    ctx.t(
                        f"Disputes go to the courts of {ctx.them}'s home.",
                        f"争议提交{ctx.them}所在地法院管辖。",
                    ),
                    ctx.t(
                        f"{ctx.us} would litigate away from home before the counterparty's local courts.",
                        f"{ctx.us}须在对方所在地法院异地诉讼。",
                    ),
                    ctx.t(
                        "Playbook: neutral arbitration, or our own or a neutral forum.",
                        "行业立场：中立仲裁，或我方所在地或中立地法院。",
                    ),
                )
            ]
    ours, _theirs = ctx.homes
    if ours is not None:
        away = _away_from_home(ctx)
        if away is not None:
            return [away]
    for s, m in ctx.find(r"waive\w*.{0,40}(?:trial\s+by\s+)?jury|jury\s+trial\s+waiver"):
        if ours == "us":
            break  # between US parties a mutual jury waiver is ordinary practice, not an away match
        return [
            Finding(
                "governing_law_forum",
                "medium",
                span(s, m),
                ctx.t("The parties waive trial by jury.", "双方放弃陪审团审理。"),
                ctx.t(
                    "Jury waivers are usually sought by the party drafting a US-law contract and remove a procedural protection.",
                    "放弃陪审团审理通常由美国法合同起草方提出，取消了一项程序保障。",
                ),
                ctx.t(
                    "Playbook: neutral arbitration makes the point moot.",
                    "行业立场：采用中立仲裁即可避免此问题。",
                ),
                priority=2,
            )
        ]
    our_names = " ".join(ctx.parties.our_names)
    if (
        ours is None
        and re.search(_NON_US_ENTITY, our_names)
        and not re.search(r"arbitra|仲裁", ctx.text, re.I)
    ):
        for s, _m in ctx.find(r"(?:exclusive\s+jurisdiction|courts?\s+(?:located\s+)?in)\b"):
            if re.search(_US_FORUM, s.text) or re.search(_US_FORUM, ctx.text):
                return [
                    Finding(
                        "governing_law_forum",
                        "medium",
                        span(s, 0),
                        ctx.t(
                            f"Disputes go exclusively to US state or federal courts, far from {ctx.us}'s home, with no neutral arbitration.",
                            f"争议专属美国州或联邦法院管辖，远离{ctx.us}所在地，且无中立仲裁。",
                        ),
                        ctx.t(
                            "Foreign litigation is costly, and a US judgment may be hard to enforce where our assets or the counterparty's are.",
                            "境外诉讼成本高，且美国判决在相关资产所在地可能难以执行。",
                        ),
                        ctx.t(
                            "Playbook: neutral institutional arbitration (ICC, SIAC, HKIAC) at a neutral seat.",
                            "行业立场：中立仲裁地的机构仲裁（ICC、SIAC、HKIAC）。",
                        ),
                    )
                ]
    return []
