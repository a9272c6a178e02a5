"""The disclosure rule (ma): what qualifies the warranties, read for whichever side we are.

For a buyer: general data-room disclosure, buyer knowledge defences and unqualified awareness. For
the seller the mirror clauses widen what it warrants: disclosure narrowed to specific disclosure
(the data room excluded), the buyer's knowledge no bar to a claim (pro-sandbagging), and the seller's
awareness stretched to what any employee knows.
"""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.lexicon import expand_class
from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.ma.common import we_buy, we_sell
from clauseflow_legal.rules.packs import Vetoes, patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import Sentence

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)
VETOES = Vetoes(
    "disclosure",
    {
        "knowledge_no_bar": '"shall not be affected by any knowledge of the Buyer": the market position',
        "actual_knowledge_only": "a defence resting on what the Buyer actually knew: the compromise a buyer's redline keeps",
        "enquiry_made": '"having made due and careful enquiry": awareness after enquiry, the market position',
    },
)

_KNOWLEDGE_NO_BAR = PATTERNS.compiled("knowledge_no_bar")
_CLAIM_BAR = re.compile(PATTERNS["claim_bar"], re.I)
_DILIGENCE = re.compile(PATTERNS["diligence_material"], re.I)
_TIME_TRIGGER = re.compile(PATTERNS["time_trigger"], re.I)
_KNOWLEDGE = re.compile(expand_class("knowledge"), re.I)  # the lexicon class, every language
_CONSTRUCTIVE = re.compile(PATTERNS["constructive_knowledge"], re.I)
_ENQUIRY_MADE = re.compile(PATTERNS["enquiry_made"], re.I)


def _our_knowledge(ctx: ClauseContext, text: str) -> re.Match[str] | None:
    """Where ``text`` makes our party the one who knew (or is deemed to know) something, else None.

    The knower is the party named last before the knowledge words ("of which the Buyer or any of
    its advisers had knowledge"), or the party a nominal form names ("known to the Buyer",
    "knowledge (actual or imputed) of the Purchaser"). Knowledge that starts a time limit
    ("within 20 days after the date on which the Buyer was aware") is a notice clause.
    """
    for k in _KNOWLEDGE.finditer(text):
        if _TIME_TRIGGER.search(text, max(0, k.start() - 90), k.start()):
            continue
        if ctx.parties.ours(ctx.parties.side_before(text, k.start(), window=160)):
            return k
    if ctx.zh:
        return None
    return re.search(
        rf"(?:known|made\s+available|revealed)\s+to\s+(?:the\s+)?(?:{ctx.us_rx})\b"
        rf"|knowledge\s+(?:\([^)]{{0,60}}\)\s+)?of\s+(?:the\s+)?(?:{ctx.us_rx})\b"
        rf"|\b(?:{ctx.us_rx})(?:'s|’s|s'|s’)\s+(?:(?:actual|constructive|imputed|deemed)[,\s]+(?:(?:or|and)\s+)?)*(?:knowledge|awareness)\b",
        text,
        re.I,
    )


def _enquiry_made(sentence: str, qualifier: str) -> bool:
    """Whether an awareness qualifier ("the actual knowledge of Mr X") is given after due enquiry.

    A qualifier that itself says no enquiry is made ("without making any enquiry") stays a risk
    whatever else the sentence says.
    """
    if re.search(
        r"\b(?:without|no|not|excluding)\b[^.;]{0,40}?(?:enquir|inquir|investigat)|未经|无需|不负有",
        qualifier,
        re.I,
    ):
        return False
    return VETOES.applies("enquiry_made", _ENQUIRY_MADE.search(sentence))


def _buyers_own(ctx: ClauseContext, text: str, at: int) -> bool:
    """Whether the knowledge named just before ``at`` ("the actual knowledge of") is our own party's.

    The Seller's awareness qualifier is narrowed to named persons' actual knowledge; "the actual
    knowledge of the Buyer" is what the Buyer knew, a knowledge defence's matter, not the Seller's.
    """
    return not ctx.zh and re.match(rf"\s*(?:the\s+)?(?:{ctx.us_rx})\b", text[at:]) is not None


def _knowledge_defence(ctx: ClauseContext) -> Finding | None:
    """The seller escapes claims for what we knew, or are deemed to know, before the deal (anti-sandbagging).

    A sentence that bars our claim (no liability, no claim, not entitled, reduced, excluded) for a
    matter our party, or its advisers, knew or ought to have known, or that its due diligence or the
    data room revealed. A defence that sweeps in the whole diligence material (the data room, the
    due diligence reports) or that names knowledge we are deemed to have (constructive, imputed) is
    high, as a general disclosure of the data room is; knowledge alone, actual or what we ought to
    have known, is medium.
    """
    for s in ctx.sentences:
        text = s.text
        # "The Seller shall not be liable for a Claim to the extent that: … (c) the Buyer knew of it"
        barred = _CLAIM_BAR.search(text) or _CLAIM_BAR.search(ctx.lead_in(s))
        if not barred or VETOES.applies("knowledge_no_bar", _KNOWLEDGE_NO_BAR.search(text)):
            continue
        known = _our_knowledge(ctx, text) or _DILIGENCE.search(text)
        if known is None:
            continue
        # The provision's breadth: its paragraph may go on to say what the Buyer is deemed to know.
        end = ctx.text.find("\n", s.end)
        provision = ctx.text[s.start : end if end != -1 else len(ctx.text)]
        if VETOES.applies(
            "actual_knowledge_only", not _DILIGENCE.search(provision) and not _CONSTRUCTIVE.search(provision)
        ):
            continue
        if _DILIGENCE.search(provision) or re.search(PATTERNS["deemed_knowledge"], provision, re.I):
            return WORDING.finding(
                ctx, "diligence_defence", "ma_disclosure_overbroad", "high", span(s, known)
            )
        return WORDING.finding(ctx, "anti_sandbagging", "ma_disclosure_overbroad", "medium", span(s, known))
    return None


def _seller_disclosure(ctx: ClauseContext) -> list[Finding]:
    """For the seller: the warranties widened by what may not qualify them, or by whose knowledge counts.

    "qualified only by matters specifically disclosed in the Disclosure Letter; the Data Room shall
    not be treated as disclosed" (specific disclosure only); "the Buyer's rights shall not be affected
    by any investigation or knowledge of the Buyer" (the Buyer's knowledge no bar to its claim); "the
    Seller shall be deemed to know anything known to any employee of the Company" (awareness widened).
    """
    for s, m in ctx.find(PATTERNS["specific_disclosure_only"]):
        return [WORDING.finding(ctx, "specific_disclosure_only", "warranty_excessive", "medium", span(s, m))]
    for s, m in ctx.find(PATTERNS["seller_knowledge_widened"]):
        return [WORDING.finding(ctx, "seller_knowledge_widened", "warranty_excessive", "medium", span(s, m))]
    for s in ctx.sentences:
        text = s.text
        no_bar = _KNOWLEDGE_NO_BAR.search(text) or re.search(PATTERNS["not_reduced_by_knowledge"], text, re.I)
        if no_bar is None or not re.search(PATTERNS["buyers_investigation"], text, re.I):
            continue
        if ctx.parties.ours(ctx.parties.side_before(text, no_bar.start(), window=160)):
            continue  # our own rights unaffected by our knowledge: the seller's claim, not a risk
        return [
            WORDING.finding(
                ctx, "knowledge_no_bar_for_seller", "warranty_excessive", "medium", span(s, no_bar)
            )
        ]
    return []


_QUALIFIED_BY_LIST = re.compile(PATTERNS["qualified_by_list"], re.I)
_GENERAL_ITEM = re.compile(PATTERNS["general_item"], re.I)


def _listed_general_item(ctx: ClauseContext) -> list[tuple[Sentence, re.Match[str]]]:
    """A data-room, public-record or deemed-knowledge item in a list the warranties are qualified by.

    "The Warranties are qualified by: (a) the Disclosure Letter; (b) all documents in the Data Room"
    names the general disclosure in an item after the lead-in, and a Chinese list puts each item in a
    sentence of its own ("保证应受限于：（a）披露函…；（b）数据室…"): the item is read with the lead-in
    before it, up to the list's end. The item's sentence is quoted.
    """
    for s, lead in ctx.find(_QUALIFIED_BY_LIST.pattern):
        start = s.start + lead.end()
        end = ctx.text.find("。", start)
        scope_end = min(end if end >= 0 else len(ctx.text), start + 600)
        for later in ctx.sentences:
            if later.end <= start or later.start >= scope_end:
                continue
            lo = max(0, start - later.start)
            item = _GENERAL_ITEM.search(later.text, lo, min(len(later.text), scope_end - later.start))
            if item is not None:
                return [(later, item)]
    return []


@rule(reports={"ma_disclosure_overbroad", "warranty_excessive"})
def disclosure(ctx: ClauseContext) -> list[Finding]:
    """General data-room disclosure, buyer knowledge defences and unqualified awareness (for a buyer);
    specific disclosure only, pro-sandbagging and widened awareness (for the seller)."""
    if we_sell(ctx):
        return _seller_disclosure(ctx)
    if not we_buy(ctx):
        return []
    listed = _listed_general_item(ctx)
    for s, m in [*ctx.find(PATTERNS["general_disclosure"]), *listed]:
        if VETOES.applies("knowledge_no_bar", _KNOWLEDGE_NO_BAR.search(s.text)):
            continue
        general = re.search(PATTERNS["data_room_or_public"], s.text, re.I)
        return [
            Finding(
                "ma_disclosure_overbroad",
                "high",
                span(s, m),
                ctx.t(
                    "Disclosure extends to the whole data room and to anything the Buyer or its advisers knew or are deemed to know."
                    if general
                    else "The Buyer loses its claim for anything it is deemed to know (constructive or imputed knowledge), not only for what it actually knew.",
                    "披露范围扩展至整个数据室以及买方或其顾问知道或被视为知道的任何事项。"
                    if general
                    else "买方对其被视为知悉（推定或归属知悉）的任何事项均丧失索赔权，而不限于其实际知悉的事项。",
                ),
                WORDING.t(ctx, "why"),
                WORDING.t(ctx, "market"),
            )
        ]
    defence = _knowledge_defence(ctx)
    if defence is not None:
        return [defence]
    for s, m in ctx.find(
        r"(?:Buyer|Purchaser)\s+(?:\w+\s+){0,3}(?:was|is|had\s+been|has\s+been)\s+aware|could\s+reasonably\s+have\s+(?:become\s+aware|discovered)|knowledge\s+of\s+the\s+(?:Buyer|Purchaser)\s.{0,60}(?:reduce|prejudice|preclude)"
        rf"|(?:买方|{ctx.us_rx})[^。；]{{0,20}}(?:已知|知悉|应当知道)"
    ):
        if VETOES.applies("knowledge_no_bar", _KNOWLEDGE_NO_BAR.search(s.text)):
            continue
        if _TIME_TRIGGER.search(s.text, max(0, m.start() - 90), m.start()):
            continue  # the buyer's awareness starts a notice period: no defence
        if VETOES.applies("actual_knowledge_only", not _CONSTRUCTIVE.search(s.text)):
            continue
        return [WORDING.finding(ctx, "anti_sandbagging", "ma_disclosure_overbroad", "medium", span(s, m))]
    for s, m in ctx.find(PATTERNS["no_enquiry"]):
        if _enquiry_made(s.text, m.group(0)) or _buyers_own(ctx, s.text, m.end()):
            continue
        return [
            WORDING.finding(ctx, "awareness_without_enquiry", "ma_disclosure_overbroad", "medium", span(s, m))
        ]
    for s, m in ctx.find(PATTERNS["enquiry_excluded"]):
        if not re.search(PATTERNS["awareness"], s.text, re.I) or _enquiry_made(s.text, m.group(0)):
            continue
        return [
            WORDING.finding(ctx, "awareness_without_enquiry", "ma_disclosure_overbroad", "medium", span(s, m))
        ]
    return []
