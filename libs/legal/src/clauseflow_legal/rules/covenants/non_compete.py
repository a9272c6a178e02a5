"""The non_compete rule (covenants): A restraint of trade on us (time, territory, scope); for a buyer, a seller non-compete too weak to protect goodwill."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.figures import find_periods, fmt_period
from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.covenants.common import AFTER_THE_CONTRACT, EXCLUSIVE_DEALING
from clauseflow_legal.rules.packs import Vetoes, patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)
VETOES = Vetoes(
    "non_compete",
    {
        "non_solicit_not_compete": "a promise not to solicit or hire staff: non_solicit's subject",
        "no_duty_not_a_restraint": '"shall not be obliged to market", "must not be more than": a duty lifted or a limit set, no trade restrained',
        "act_in_noun_phrase": '"Fair Market Value", "the Manufacture, use or sale", "obligations to provide": the act word names a thing',
        "another_acts": '"shall not engage a different accountant to provide", "shall not appoint another agent to sell": a choice of who serves the party, not a restraint on its own trade',
        "thing_subject": '"this provision shall not protect", "Nothing in this Section shall restrict": a provision, not a party, is the subject',
        "caption": '"(vi) Employment; Noncompetition; Nondisclosure.": the covenant named in a heading binds no one',
        "rights_transferred": '"shall not sell or otherwise transfer any of the rights": an assignment restriction, no trade restrained',
        "confidentiality": "a promise not to disclose: confidentiality, not a restraint of trade",
        "exclusivity_during_term": "not dealing in competing products while the contract runs: exclusivity's point",
        "seller_goodwill_protection": "a seller's covenant protecting the goodwill it has sold, within market limits",
        "narrow_restraint": "a restraint short, local and narrow in scope",
        "mutual_and_limited": "a restraint both sides accept, not both broad and long",
    },
)

_RESTRAINT = PATTERNS["restraint"]
_COMMERCIAL_OBJECT = PATTERNS["commercial_object"]
_TERRITORY = PATTERNS["territory"]


_DURING_THE_TERM = PATTERNS.compiled("during_the_term")


def _act_in_noun_phrase(text: str, m: re.Match[str]) -> bool:
    """The restrained act's word names a thing, not what the party may not do.

    After an article or a noun that takes an infinitive ("the Manufacture, use or sale of the
    Product", "the obligations to provide Services"), or as a capitalised word inside a
    capitalised name ("Fair Market Value", "Generic Market Share").
    """
    if not m.groupdict().get("act"):
        return False
    start, end = m.span("act")
    if re.search(PATTERNS["noun_before_act"], text[max(0, start - 40) : start], re.I):
        return True
    return bool(
        re.search(r"\b[A-Z][a-z]+\s+$", text[max(0, start - 30) : start])
        and re.match(r"[A-Z]", m.group("act"))
        and re.match(r"\s+[A-Z][a-z]+", text[end : end + 30])
    )


@rule(reports={"non_compete"})
def non_compete(ctx: ClauseContext) -> list[Finding]:
    """A restraint of trade on us (time, territory, scope); for a buyer, a seller non-compete too weak to protect goodwill.

    A covenant not to provide, sell or engage in a business, running beyond the contract or over
    a territory, is a non-compete whatever it calls itself ("shall not provide analytics services
    to any retailer anywhere in the world for three years").
    """
    for s, m in ctx.find(_RESTRAINT):
        text = s.text
        tail = text[m.start() : m.end() + 160]
        if not re.search(_COMMERCIAL_OBJECT, tail, re.I) and not re.search(
            PATTERNS["non_compete_word"], m.group(0), re.I
        ):
            continue
        if VETOES.applies(
            "non_solicit_not_compete",
            # from the restrained act on: a capacity listed before it ("as partner, consultant,
            # employee or otherwise, be engaged in") is not a promise about employees
            re.search(
                PATTERNS["solicit_word"],
                text[(m.start("act") if m.groupdict().get("act") else m.start()) : m.end() + 40],
                re.I,
            )
            and not re.search(PATTERNS["compete_word"], text, re.I),
        ):
            continue
        if VETOES.applies(
            "caption",
            not m.groupdict().get("act")
            and re.search(PATTERNS["caption_before"], text[: m.start()])
            and re.search(PATTERNS["caption_after"], text[m.end() :]),
        ):
            continue
        if VETOES.applies(
            "thing_subject",
            m.groupdict().get("act") is not None
            and not m.groupdict().get("neither")
            and re.search(PATTERNS["thing_subject"], text[max(0, m.start() - 80) : m.start()], re.I),
        ):
            continue
        if VETOES.applies("confidentiality", re.search(PATTERNS["confidentiality"], m.group(0), re.I)):
            continue
        body = m.groupdict().get("body")
        if VETOES.applies(
            "no_duty_not_a_restraint", body is not None and re.match(PATTERNS["no_duty"], body, re.I)
        ):
            continue
        if VETOES.applies("act_in_noun_phrase", _act_in_noun_phrase(text, m)):
            continue
        if VETOES.applies(
            "another_acts", body is not None and re.match(PATTERNS["another_acts"], body, re.I)
        ):
            continue
        if VETOES.applies(
            "rights_transferred",
            m.groupdict().get("act") is not None
            and re.match(PATTERNS["rights_object"], text[m.end("act") :], re.I),
        ):
            continue
        side = ctx.actor(s, m.start())
        named_after_neither = ctx.parties.mentions(m.group(0)) if m.groupdict().get("neither") else []
        if side is None and named_after_neither:
            side = named_after_neither[0].side
        if side is None and re.search(PATTERNS["non_compete_word"], m.group(0), re.I):
            side = ctx.parties.side_before(text, len(text))
        periods = [p for p in find_periods(text) if p.unit in {"month", "year"}]
        if ctx.domain == "sha_spa" and ctx.parties.is_role("buyer") and ctx.parties.theirs(side):
            if periods and periods[0].months < 24:
                return [
                    WORDING.finding(
                        ctx,
                        "seller_non_compete_short",
                        "non_compete",
                        "medium",
                        span(s, periods[0].start),
                        period=fmt_period(periods[0]),
                    )
                ]
            continue
        if not (ctx.parties.ours(side) or side == "mutual"):
            continue
        if VETOES.applies(
            "exclusivity_during_term",
            _DURING_THE_TERM.search(text)
            and not AFTER_THE_CONTRACT.search(text)
            and re.search(EXCLUSIVE_DEALING, text, re.I),
        ):
            continue
        if VETOES.applies(
            "seller_goodwill_protection",
            ctx.domain == "sha_spa"
            and ctx.parties.is_role("seller")
            and (not periods or periods[0].days <= 3 * 366)  # up to three years
            and not re.search(PATTERNS["worldwide"], text, re.I)
            # the seller's whole group bound (every affiliate, the Seller's Group) goes beyond the
            # goodwill sold: a fund's other holdings, a parent's other divisions
            and not re.search(PATTERNS["seller_group"], text, re.I),
        ):
            continue
        territory = re.search(_TERRITORY, text)
        # the shared "after the contract", plus a restraint counted from signing or a share deal's Completion
        after_term = AFTER_THE_CONTRACT.search(text) or re.search(
            PATTERNS["from_signing_or_completion"], text, re.I
        )
        broad = [
            x
            for x in (
                re.search(
                    PATTERNS["worldwide_or_any_country"],
                    text,
                    re.I,
                ),
                None
                if re.search(
                    PATTERNS["affiliates_excluded"],
                    text,
                    re.I,
                )
                else re.search(PATTERNS["affiliates"], text, re.I),
                re.search(
                    PATTERNS["any_business_or_person"],
                    text,
                    re.I,
                ),
            )
            if x
        ]
        long = bool(periods) and periods[0].months > 12
        lasting = long or (after_term is not None and bool(periods))
        # an investor barred from investing in competitors: its own business restrained, however briefly
        investing = ctx.parties.is_role("investor") and re.search(
            PATTERNS["investing_restrained"], tail, re.I
        )
        if VETOES.applies("narrow_restraint", not (lasting or territory or broad or investing)):
            continue
        if not (periods or territory or re.search(PATTERNS["compete_any"], text, re.I)):
            continue
        if VETOES.applies("mutual_and_limited", side == "mutual" and not (broad and long)):
            continue
        level = "high" if ctx.parties.ours(side) and (lasting or len(broad) >= 2 or territory) else "medium"
        scope = [b.group(0) for b in broad] + (
            [territory.group(0).strip()] if territory and not broad else []
        )
        return [
            Finding(
                "non_compete",
                level,
                span(s, m),
                ctx.t(
                    f"{ctx.us} is restrained from competing"
                    + (f" ({', '.join(dict.fromkeys(scope))})" if scope else "")
                    + (f" for {fmt_period(periods[0])}" if periods else "")
                    + (" after the contract ends" if after_term else "")
                    + ".",
                    f"{ctx.us}受到竞业限制"
                    + (f"（{'、'.join(dict.fromkeys(scope))}）" if scope else "")
                    + (f"，期限{fmt_period(periods[0])}" if periods else "")
                    + ("，且延续至合同终止后" if after_term else "")
                    + "。",
                ),
                WORDING.t(ctx, "why"),
                WORDING.t(ctx, "market"),
            )
        ]
    return []
