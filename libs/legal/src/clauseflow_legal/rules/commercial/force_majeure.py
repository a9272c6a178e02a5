"""The force_majeure rule (commercial): Force majeure skewed for the counterparty (its own supply problems) or denied to us."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.parties import Side
from clauseflow_legal.rules.base import ClauseContext, Finding, finding, span
from clauseflow_legal.rules.packs import Vetoes, patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import Sentence

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)
VETOES = Vetoes(
    "force_majeure",
    {
        "listed_as_not_force_majeure": "own-sphere events listed as NOT force majeure: the market position",
        "each_bears_own": "both sides bear their own losses of force majeure",
        "one_ground_given": "force majeure is the one ground for an extension; what is denied is another (extension_of_time)",
        "relief_for_any_party": '"either Party shall not be liable": the relief is for whichever side is hit',
        "we_are_relieved_too": "force majeure relieves us as well",
        "accrued_payment_only": "force majeure does not excuse paying what already fell due: the market carve-out",
    },
)


@rule(reports={"force_majeure_unbalanced"})
def force_majeure(ctx: ClauseContext) -> list[Finding]:
    """Force majeure skewed for the counterparty (its own supply problems) or denied to us."""
    if not re.search(PATTERNS["force_majeure_named"], ctx.text + ctx.title, re.I):
        return []
    listed = _listed_own_events(ctx)
    if listed:
        return listed
    for s, m in ctx.find(
        rf"(?:{ctx.us_rx})[^.。；]{{0,12}}(?:shall|will)\s+bear\s+(?:all|its\s+own|the\s+whole\s+of\s+(?:the|its))\s+(?:losses|costs|expenses)"
        rf"|(?:{ctx.us_rx})[^。；]{{0,6}}(?:应|须)?(?:自行|单独|独自)承担[^。；]{{0,20}}(?:损失|费用|成本)"
    ):
        mutual = re.search(
            rf"(?:{ctx.them_rx}|各方|双方|each\s+Party|both\s+Parties)[^.。；]{{0,20}}(?:bear|自行承担|各自承担)",
            ctx.text,
            re.I,
        )
        if not (ctx.parties.ours(ctx.actor(s, m.start())) or re.match(ctx.us_rx, m.group(0))):
            continue
        if VETOES.applies("each_bears_own", mutual):
            continue
        return [WORDING.finding(ctx, "we_bear_losses", "force_majeure_unbalanced", "high", span(s, m))]
    for s, m in ctx.find(PATTERNS["relief_denied"]):
        if VETOES.applies(
            "one_ground_given",
            not re.search(PATTERNS["force_majeure_words"], s.text[m.start() : m.end() + 80], re.I)
            and re.search(PATTERNS["extension_for_force_majeure"], s.text[: m.start()], re.I),
        ):
            continue
        side = ctx.actor(s, m.start())
        obj = re.match(PATTERNS["shall_not_entitle"], m.group(0), re.I)
        if obj:
            ms = ctx.parties.mentions(s.text[m.start() + obj.end() : m.start() + obj.end() + 40])
            side = ms[0].side if ms else side
        if ctx.parties.ours(side):
            return [
                WORDING.finding(ctx, "no_relief_for_us", "force_majeure_unbalanced", "medium", span(s, m))
            ]
    return (
        _force_majeure_denied_to_us(ctx)
        or _external_events_excluded(ctx)
        or _their_event_binds_us(ctx)
        or _payable_while_stopped(ctx)
    )


def _units(ctx: ClauseContext) -> list[Sentence]:
    """The clause's sentences, a sentence ending with a colon joined to the list items it opens
    ("以下情形不属于不可抗力：（一）洪水；（二）干旱")."""
    units: list[Sentence] = []
    taken: set[int] = set()
    for s in ctx.sentences:
        if s.start in taken:
            continue
        items = ctx.list_items(s)
        if items:
            units.append(Sentence(ctx.text[s.start : items[-1].end], s.start))
            taken.update(x.start for x in items)
        else:
            units.append(s)
    return units


def _excluded_spans(text: str) -> list[tuple[int, int]]:
    """Where a sentence lists events taken OUT of force majeure: after "does not include" / "none of
    the following shall constitute", or before "shall not be deemed Force Majeure" / "不视为不可抗力"."""
    spans = [(m.end(), len(text)) for m in re.finditer(PATTERNS["excluded_list_after"], text, re.I)]
    for m in re.finditer(PATTERNS["excluded_list_before"], text, re.I):
        start = max(text.rfind(c, 0, m.start()) for c in ":：;；") + 1
        spans.append((start, m.start()))
    return spans


def _carved_spans(text: str) -> list[tuple[int, int]]:
    """Carve-outs inside a list ("strikes (other than of its own employees)"): to the bracket's close, else the end."""
    spans = []
    for m in re.finditer(PATTERNS["carved_out"], text, re.I):
        inside = text.rfind("(", 0, m.start()) > text.rfind(")", 0, m.start())
        close = text.find(")", m.end()) if inside else -1
        spans.append((m.start(), close if close >= 0 else len(text)))
    return spans


def _event_item(text: str, m: re.Match[str]) -> tuple[str, int]:
    """The list item an event opens, to the next separator ("increase in the cost" -> "increase in the
    cost of energy or raw materials exceeding ten percent (10%) in any calendar quarter")."""
    end = re.search(r"[,;，、；。]|以及|及|\s(?:and\s|or\s+(?:any|the|a|an)\s)", text[m.end() :])
    stop = m.end() + (end.start() if end else len(text) - m.end())
    item = re.sub(r"\s+", " ", text[m.start() : stop][:120]).strip(" .")
    return item + ")" * max(0, item.count("(") - item.count(")")), stop


def _within(pos: int, spans: list[tuple[int, int]]) -> bool:
    return any(a <= pos < b for a, b in spans)


def _named_side(ctx: ClauseContext, text: str) -> Side | None:
    """The first side named in ``text`` that is us or them (not "the affected Party")."""
    return next((x.side for x in ctx.parties.mentions(text) if x.side in ("us", "them")), None)


_RISK = "force_majeure_unbalanced"


def _listed_quote(
    ctx: ClauseContext, first: tuple[Sentence, int] | None, events: list[str], sep: str
) -> tuple[Sentence, str] | None:
    """Where the first event of the lists read stands, and all the events read, for one finding."""
    if first is None:
        return None
    s, pos = first
    return span(s, pos), ("、" if ctx.zh else sep).join(events)


def _listed_own_events(ctx: ClauseContext) -> list[Finding]:
    """Every own-sphere event a force majeure list includes (its costs, the market, its suppliers, its
    own workforce, plant or money), when the relief is the other side's: the events name it, or they
    name no one and the other side is the one that performs."""
    events: list[str] = []
    first: tuple[Sentence, int] | None = None
    for s in _units(ctx):
        if not re.search(PATTERNS["relief_words"], s.text, re.I):
            continue
        out = _excluded_spans(s.text) + _carved_spans(s.text)
        item_end = 0
        for m in re.finditer(PATTERNS["listed_own_events"], s.text, re.I):
            if m.start() < item_end:
                continue  # the rest of an item already read ("自身员工罢工及其分包商…")
            if VETOES.applies(
                "listed_as_not_force_majeure",
                _within(m.start(), out)
                or re.search(_NOT_FORCE_MAJEURE, s.text[m.start() :], re.I)
                or re.search(PATTERNS["excluded_before"], s.text[max(0, m.start() - 60) : m.start()], re.I)
                or re.search(PATTERNS["excluded_within"], m.group(0), re.I),
            ):
                continue
            named = _named_side(ctx, m.group(0))
            if ctx.parties.ours(named) or not (
                ctx.parties.theirs(named) or ctx.parties.pays or not ctx.parties.known
            ):
                continue
            event, item_end = _event_item(s.text, m)
            if event.lower() not in (e.lower() for e in events):
                events.append(event)
            first = first or (s, m.start())
    if found := _listed_quote(ctx, first, events, "; "):
        return [WORDING.finding(ctx, "own_sphere_events", _RISK, "medium", found[0], matched=found[1])]
    return []


def _external_events_excluded(ctx: ClauseContext) -> list[Finding]:
    """Events nobody controls (flood, drought, epidemic, war, government action, extreme weather) listed
    as NOT force majeure, when that leaves them with us: the list names us, or names no one and we perform."""
    events: list[str] = []
    first: tuple[Sentence, int] | None = None
    for s in _units(ctx):
        for a, b in _excluded_spans(s.text):
            burdened = _burdened_by_exclusion(ctx, _named_side(ctx, s.text[a:b]))
            if not ctx.parties.ours(burdened):
                continue
            for m in re.finditer(PATTERNS["listed_external_events"], s.text[a:b], re.I):
                event = _event_item(s.text[a:b], m)[0]
                if event.lower() not in (e.lower() for e in events):
                    events.append(event)
                first = first or (s, a + m.start())
    if found := _listed_quote(ctx, first, events, ", "):
        return [WORDING.finding(ctx, "external_excluded", _RISK, "medium", found[0], matched=found[1])]
    return []


def _their_event_binds_us(ctx: ClauseContext) -> list[Finding]:
    """Force majeure that excuses the other side but never relieves us: "A Force Majeure Event affecting
    the Seller shall not relieve the Buyer of its obligations to take and pay for the minimum quantities"."""
    for s, m in ctx.find(PATTERNS["does_not_relieve"]):
        if not re.search(PATTERNS["force_majeure_named"], s.text, re.I):
            continue
        if not ctx.parties.ours(_named_side(ctx, m.group("who") or m.group("who2") or "")):
            continue
        if VETOES.applies(
            "accrued_payment_only",
            re.search(PATTERNS["accrued_payment"], s.text[m.end() : m.end() + 80], re.I),
        ):
            continue
        return [
            WORDING.finding(ctx, "their_event_binds_us", "force_majeure_unbalanced", "medium", span(s, m))
        ]
    return []


# "the Licensee's platform charges", "乙方的管理费": the party whose fee runs on is its payer.
_POSSESSIVE = re.compile(r"\s*(?:['’]s?\b|的)")
# the payment verb: a party named after it ("beyond the Landlord's control") says what stops the
# business, not who pays
_PAYMENT_VERB = re.compile(r"payable|\bpay\b|照常|仍应|继续|仍须")


def _fee_owner(ctx: ClauseContext, payment: str) -> Side | None:
    """The side whose fee the payment is, when the words name it as the fee's owner before the verb."""
    verb = _PAYMENT_VERB.search(payment)
    before = payment[: verb.start()] if verb else payment
    for mention in ctx.parties.mentions(before):
        if mention.side in ("us", "them") and _POSSESSIVE.match(before, mention.end):
            return mention.side
    return None


def _payable_while_stopped(ctx: ClauseContext) -> list[Finding]:
    """Our payments run on, in full, through the period force majeure closes the business."""
    for s, m in ctx.find(PATTERNS["payable_while_stopped"]):
        payer = _fee_owner(ctx, m.group(0)) or ctx.actor(s, m.start())
        if payer is None:
            payer = "us" if ctx.parties.pays else "them" if ctx.parties.supplies else None
        if ctx.parties.ours(payer):
            return [
                WORDING.finding(
                    ctx, "payable_while_stopped", "force_majeure_unbalanced", "medium", span(s, m)
                )
            ]
    return []


# "…的，不视为不可抗力", "shall not constitute Force Majeure": a list of what is excluded
_NOT_FORCE_MAJEURE = PATTERNS["not_force_majeure"]
# Events nobody in the supply chain controls: denying relief for them is not excluding one's own risks.
_BEYOND_CONTROL = PATTERNS["beyond_control"]
_RELIEVED = PATTERNS["relieved"]
_ANY_PARTY = PATTERNS["any_party"]


def _burdened_by_exclusion(ctx: ClauseContext, actor: Side | None) -> Side | None:
    """Who an exclusion from force majeure burdens: the party it names, else the one who performs.

    An exclusion stated of events alone ("governmental orders and power outages shall not
    constitute Force Majeure", cuad-train "raw material price increases, unavailability of raw
    materials, and labor disputes shall not be deemed a Force Majeure Event"; "双方确认，限电、停产措施
    不构成不可抗力") or agreed by both ("the Parties agree that …") takes relief from whoever must
    deliver, build or serve: the payer's obligation is money, which force majeure rarely excuses.
    """
    if actor is not None and actor != "mutual":
        return actor
    if ctx.parties.supplies:
        return "us"
    if ctx.parties.pays:
        return "them"
    return None


def _force_majeure_denied_to_us(ctx: ClauseContext) -> list[Finding]:
    """Force majeure that relieves only the other side, or that excludes events nobody controls when they hit us."""
    relieved_them = None
    for s, m in ctx.find(_RELIEVED):
        if not re.search(PATTERNS["force_majeure_words"], s.text, re.I):
            continue
        if VETOES.applies("relief_for_any_party", re.search(_ANY_PARTY, s.text, re.I)):
            continue
        side = ctx.actor(s, m.start())
        if VETOES.applies("we_are_relieved_too", ctx.parties.ours(side) or side == "mutual"):
            return []
        if ctx.parties.theirs(side):
            relieved_them = relieved_them or (s, m)
    excluded = next(
        (
            (s, m)
            for s, m in ctx.find(rf"(?:{_BEYOND_CONTROL})[^。；.;]{{0,40}}?(?:{_NOT_FORCE_MAJEURE})")
            if ctx.parties.ours(_burdened_by_exclusion(ctx, ctx.actor(s, m.start())))
        ),
        None,
    )
    if relieved_them is None and excluded is None:
        return []
    s, m = relieved_them or excluded  # type: ignore[misc]
    return [
        finding(
            ctx,
            "force_majeure_unbalanced",
            "high" if relieved_them and excluded else "medium",
            span(s, m),
            (
                (
                    f"Force majeure relieves only {ctx.them}"
                    if relieved_them
                    else f"Force majeure is denied to {ctx.us}"
                )
                + (
                    f", and events outside anyone's control (government action, power cuts) do not excuse {ctx.us}."
                    if excluded
                    else "."
                ),
                (f"不可抗力仅免除{ctx.them}的责任" if relieved_them else f"{ctx.us}不能援引不可抗力")
                + (
                    f"，且政府限产、停电等任何一方均无法控制的事件也不免除{ctx.us}的责任。"
                    if excluded
                    else "。"
                ),
            ),
            WORDING.pair(ctx, "denied_why"),
            WORDING.pair(ctx, "denied_market"),
        )
    ]
