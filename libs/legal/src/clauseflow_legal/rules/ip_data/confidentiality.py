"""The confidentiality rule (ip_data): Overbroad confidentiality burdens on us as the (main) recipient."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re
from collections.abc import Callable

from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.packs import Vetoes, patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import Sentence

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)
VETOES = Vetoes(
    "confidentiality",
    {
        "we_only_disclose": "we are the one-way discloser: the recipient's duties protect us",
        "independent_development_excepted": "the exceptions include information the recipient develops independently",
        "trade_secrets_while_secret": "a duty for trade secrets for as long as they stay secret",
        "not_a_duty": '"a perpetual licence to the patents": the word qualifies a grant, not a duty',
        "copy_carve_out": "copies that law, compliance or back-up systems keep are excepted",
    },
)

# "甲方以任何形式向乙方披露", "disclosed by the Company to the Consultant": who gives the information.
_DISCLOSES_ZH = PATTERNS["discloses_zh"]
_DISCLOSED_BY_EN = PATTERNS["disclosed_by_en"]
# "The Franchisee shall keep confidential … all information disclosed to it by the Franchisor"
_DISCLOSED_TO_EN = PATTERNS["disclosed_to_en"]


def _we_only_disclose(ctx: ClauseContext) -> bool:
    """We are the one-way discloser: the recipient's burdens are the counterparty's, not ours.

    Our role says so ("甲方（披露方）"); failing that, the clause itself names us as the party
    that discloses to the counterparty and never the other way round.
    """
    if ctx.parties.is_role("discloser") and not ctx.parties.is_role("recipient"):
        return True
    if ctx.parties.is_role("recipient") or not ctx.parties.known:
        return False
    us, them = ctx.us_rx, ctx.them_rx
    ours = any(ctx.has(p.format(us, them)) for p in (_DISCLOSES_ZH, _DISCLOSED_BY_EN, _DISCLOSED_TO_EN))
    theirs = any(ctx.has(p.format(them, us)) for p in (_DISCLOSES_ZH, _DISCLOSED_BY_EN, _DISCLOSED_TO_EN))
    return ours and not theirs


# The standard exclusions taken away: "乙方不得以任何信息已为公众所知或系乙方独立开发为由主张其不属于保密信息",
# "even if such information is or becomes publicly available".
_EXCLUSIONS_DENIED = PATTERNS["exclusions_denied"]
# Return or destruction with no copy kept even where law or a compliance system requires one.
_NO_COPY_KEPT = PATTERNS["no_copy_kept"]
_COPY_CARVE_OUT = PATTERNS["copy_carve_out"]


# Whom a recipient ordinarily tells in confidence: its advisers, auditors, financiers, investors, insurers.
_ADVISER_NOUNS = PATTERNS["adviser_nouns"]
_ADVISERS = rf"(?:professional\s+|legal\s+|financial\s+)?(?:{_ADVISER_NOUNS}|banks)"


@rule(reports={"confidentiality_overbroad"})
def confidentiality(ctx: ClauseContext) -> list[Finding]:
    """Overbroad confidentiality burdens on us as the (main) recipient."""
    if not re.search(
        PATTERNS["confidentiality_named"],
        f"{ctx.text} {ctx.title} {ctx.metadata.get('contract_title') or ''}",
        re.I,
    ) and not re.search(PATTERNS["this_contract_itself"], ctx.text, re.I):
        return []
    if VETOES.applies("we_only_disclose", _we_only_disclose(ctx)):
        return []
    receiving = ctx.parties.is_role("recipient")
    out: list[Finding] = []

    def bound(s_text: str, pos: int, s: object) -> bool:
        if receiving:
            return True
        # the party that must keep the information confidential is the subject of the duty
        side = ctx.actor(s, pos) if isinstance(s, Sentence) else ctx.parties.side_before(s_text, pos)
        return ctx.parties.ours(side) and side != "mutual"

    out += _advisers_barred(ctx, bound)
    out += _unmarked_information(ctx, bound)
    out += _public_information_not_excepted(ctx, receiving, bound)
    out += _compelled_disclosure_restricted(ctx, bound)
    out += _exclusions_and_copies(ctx, receiving, bound)
    out += _perpetual_duty(ctx, receiving, bound)
    out += _contract_kept_secret(ctx)
    return out


def _contract_kept_secret(ctx: ClauseContext) -> list[Finding]:
    """Only we must keep the contract itself (its existence, its signing) secret: a one-sided burden.

    "乙方不得向任何第三方披露本合同的存在"; "本合同的存在及条款均属甲方保密信息，乙方应予保密". Not when the
    duty is mutual ("双方均不得披露本合同的存在", "Neither party shall disclose the existence of this
    Agreement") or binds the counterparty as well in the clause.
    """
    bound_sides: set[str] = set()
    hit: tuple[Sentence, int] | None = None
    for s, m in ctx.find(PATTERNS["this_contract_itself"]):
        secret = re.search(PATTERNS["kept_secret"], s.text, re.I)
        if not secret:
            continue
        duty = re.search(PATTERNS["secrecy_duty"], s.text, re.I)
        pos = duty.start() if duty else secret.start()
        side = ctx.actor(s, pos)
        if side is None or side == "mutual" or re.search(PATTERNS["both_bound"], s.text, re.I):
            bound_sides.add("mutual")
            continue
        bound_sides.add(side)
        if ctx.parties.ours(side) and hit is None:
            hit = (s, m.start())
    if hit is None or len(bound_sides) > 1:
        return []
    s, at = hit
    # no exception for what the law, a regulator or a court requires: the duty can put us in breach of the law
    level = "low" if re.search(PATTERNS["law_excepted"], ctx.text, re.I) else "medium"
    return [
        WORDING.finding(
            ctx, "contract_kept_secret", "confidentiality_overbroad", level, span(s, at), priority=5
        )
    ]


def _advisers_barred(ctx: ClauseContext, bound: Callable[[str, int, object], bool]) -> list[Finding]:
    """We may not tell our own advisers (or financiers) without consent."""
    out: list[Finding] = []
    for s, m in ctx.find(
        # "other than its advisers" is the permitted exception, so only "including" or "even to" restricts
        rf"(?:not|without).{{0,160}}?(?:including|even\s+to)\s+(?:to\s+)?(?:its|their|the\s+\w+['’]s)?\s*(?:own\s+)?(?:professional\s+)?(?:{_ADVISER_NOUNS})"
        rf"|not\s+(?:\w+\s+){{0,3}}disclos\w*\s+(?:\w+\s+){{0,4}}?to\s+(?:any\s+of\s+)?(?:its|their)\s+(?:own\s+)?{_ADVISERS}(?:\s*(?:,|or|and)\s*(?:its\s+)?{_ADVISERS})*"
        r"[^.;]{0,80}?(?:without|except\s+with|unless\s+it\s+has)[^.;]{0,40}?(?:consent|approval)"
        r"|不得向.{0,20}(?:顾问|律师|审计师|会计师|投资人|投资方|融资方|贷款人|有限合伙人|基金管理人|管理人|出资人).{0,10}披露"
    ):
        if bound(s.text, m.start(), s) and re.search(PATTERNS["disclosure_or_consent"], s.text, re.I):
            out.append(
                WORDING.finding(
                    ctx, "advisers_barred", "confidentiality_overbroad", "medium", span(s, m), priority=3
                )
            )
            break
    return out


def _unmarked_information(ctx: ClauseContext, bound: Callable[[str, int, object], bool]) -> list[Finding]:
    """Information is confidential whether or not it is marked."""
    out: list[Finding] = []
    for s, m in ctx.find(PATTERNS["unmarked_information"]):
        if bound(s.text, m.start(), s):
            out.append(
                WORDING.finding(
                    ctx, "unmarked_information", "confidentiality_overbroad", "medium", span(s, m), priority=2
                )
            )
            break
    return out


def _public_information_not_excepted(
    ctx: ClauseContext, receiving: bool, bound: Callable[[str, int, object], bool]
) -> list[Finding]:
    """The exceptions leave out information we develop independently."""
    out: list[Finding] = []
    exceptions = re.search(
        PATTERNS["exceptions"],
        ctx.text,
        re.I | re.S,
    )
    if (
        exceptions
        and re.search(PATTERNS["public"], ctx.text, re.I)
        and not VETOES.applies(
            "independent_development_excepted", re.search(PATTERNS["independent_development"], ctx.text, re.I)
        )
    ):
        # a table of contents' "Exclusions" line before the first sentence belongs to none
        s = next((x for x in ctx.sentences if x.start <= exceptions.start() < x.end), None)
        if s is not None and (receiving or bound(s.text, exceptions.start() - s.start, s)):
            burden = re.search(PATTERNS["contemporaneous_records"], ctx.text, re.I)
            out.append(
                Finding(
                    "confidentiality_overbroad",
                    "high",
                    span(s, exceptions.start() - s.start),
                    ctx.t(
                        "The exclusions from confidentiality omit independently developed information"
                        + (" and require proof by contemporaneous written records." if burden else "."),
                        "保密例外未包括独立开发的信息" + ("，且须以同期书面记录证明。" if burden else "。"),
                    ),
                    WORDING.t(ctx, "independent_development_why"),
                    WORDING.t(ctx, "independent_development_market"),
                    priority=0,
                )
            )
    return out


def _compelled_disclosure_restricted(
    ctx: ClauseContext, bound: Callable[[str, int, object], bool]
) -> list[Finding]:
    """A disclosure the law or a court compels needs the other side's consent first."""
    out: list[Finding] = []
    for s, m in ctx.find(PATTERNS["compelled_needs_consent"]):
        if bound(s.text, m.start(), s):
            c = re.search(
                PATTERNS["consent"],
                s.text[m.start() :],
                re.I,
            )
            anchor = m.start() + (c.start() if c else 0)
            out.append(
                WORDING.finding(
                    ctx,
                    "compelled_disclosure_restricted",
                    "confidentiality_overbroad",
                    "medium",
                    span(s, anchor),
                    priority=3,
                )
            )
            break
    return out


def _perpetual_duty(
    ctx: ClauseContext, receiving: bool, bound: Callable[[str, int, object], bool]
) -> list[Finding]:
    """Our confidentiality duty runs without end, beyond trade secrets."""
    out: list[Finding] = []
    for s, m in ctx.find(PATTERNS["perpetual"]):
        if VETOES.applies(
            "trade_secrets_while_secret",
            re.search(PATTERNS["trade_secret"], s.text, re.I)
            and re.search(PATTERNS["so_long_as"], s.text, re.I),
        ):
            continue
        # in a confidentiality agreement "the Recipient's obligations under this Agreement" are confidentiality duties
        nda = re.search(
            PATTERNS["confidentiality_title"],
            f"{ctx.metadata.get('contract_title') or ''} {ctx.title}",
            re.I,
        ) and re.search(PATTERNS["obligations"], s.text, re.I)
        if VETOES.applies(
            "not_a_duty",
            not (nda or re.search(PATTERNS["confidentiality_word"], s.text, re.I))
            or re.search(PATTERNS["perpetual_licence"], s.text, re.I),
        ):
            continue
        if bound(s.text, m.start(), s) or receiving:
            out.append(
                WORDING.finding(
                    ctx, "perpetual_duty", "confidentiality_overbroad", "medium", span(s, m), priority=4
                )
            )
            break
    return out


def _exclusions_and_copies(
    ctx: ClauseContext, receiving: bool, bound: Callable[[str, int, object], bool]
) -> list[Finding]:
    """The standard exclusions denied outright, and destruction that leaves no copy the law requires."""
    out: list[Finding] = []
    for s, m in ctx.find(_EXCLUSIONS_DENIED):
        if receiving or bound(s.text, m.start(), s):
            out.append(
                WORDING.finding(ctx, "exclusions_denied", "confidentiality_overbroad", "high", span(s, m))
            )
            break
    for s, m in ctx.find(_NO_COPY_KEPT):
        if VETOES.applies("copy_carve_out", re.search(_COPY_CARVE_OUT, s.text, re.I)):
            continue
        if not (receiving or bound(s.text, m.start(), s)):
            continue
        out.append(WORDING.finding(ctx, "no_copy_kept", "confidentiality_overbroad", "low", span(s, m)))
        break
    return out
