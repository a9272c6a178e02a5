"""How much of the company our party holds, as the recitals, the parties block or a cap table state it.

A minority shareholder's protections are only as good as the thresholds attached to them: a
board seat "for so long as it holds at least 30%" is no seat for a 20% investor, and reserved
matters passed by "Shareholders holding 60%" are the majority's alone when the others hold 80%.
The clause under review names the threshold; the holding is stated once, elsewhere in the
contract, and travels with the contract's setting (see ``contract_setting.ContractSetting``).

Only statements of a holding count ("representing 20% of the issued share capital", "holds 35%
of the Shares", "持有公司20%的股权", a cap-table line); a condition ("so long as it holds at
least 30%", "持股比例不低于10%") is a threshold, not a holding, and is never read as one.
"""

from __future__ import annotations

import re

from clauseflow_legal.figures import percent_pattern
from clauseflow_legal.party_roles import PartySegment

_PCT = percent_pattern("pct")
_OF_THE_COMPANY = (
    r"\s+(?:of\s+(?:the\s+|its\s+)?(?:entire\s+|total\s+|enlarged\s+|fully[- ]diluted\s+)?(?:issued\s+)?"
    r"(?:share\s+capital|shares|equity|voting\s+rights|capital|registered\s+capital)|shareholding|interest|stake)"
)
# A holding is stated with a verb of having, never with a threshold word in between.
_EN_HOLDING = re.compile(
    rf"\b(?:representing|represents|holds|owns|holding|owning|constituting|constitutes|being|comprising)\s+"
    rf"(?:approximately\s+|about\s+|in\s+aggregate\s+|an\s+aggregate\s+of\s+)?{_PCT}{_OF_THE_COMPANY}"
    rf"|\b(?:holds|owns)\s+the\s+(?:remaining|other|balance\s+of\s+(?:the\s+)?)\s*{percent_pattern('rest')}",
    re.I,
)
_ZH_HOLDING = re.compile(
    rf"(?:持有|持股比例为|持股比例：|持股比例:|占)[^。；，,不低超以]{{0,16}}?{_PCT}(?:的)?(?:股权|股份|注册资本|表决权)?"
)
_CONDITION = re.compile(
    r"(?:so\s+long\s+as|if|where|provided|unless|until)\s*$|不低于|以上|超过|低于|少于", re.I
)
_CAP_TABLE_LINE = re.compile(rf"^[^\n%％]{{3,100}}?\s{_PCT}\s*$", re.M)
# Several holders in one statement, their percentages in the order the holders are named: "A and B
# own 70% and 30% of the Shares respectively", "A and B are the holders of 45% and 55% of the issued
# shares, respectively", "甲方、乙方分别持有公司60%、40%的股权". ("In the proportions of" is not read:
# no contract in cuad-train states holdings that way.)
_RESPECTIVE = re.compile(
    r"\b(?:hold|own|are\s+the\s+(?:registered\s+)?holders\s+of)\b[^.;\n]{0,80}?\brespectively\b"
    r"|\b(?:hold|own)\s+(?:\d{1,2}(?:\.\d+)?\s*(?:%|per\s*cent)[,\s]*(?:and\s+)?){2,}[^.;\n]{0,60}?\brespectively\b"
    r"|分别(?:持有|持股|占)",
    re.I,
)
_PER_CENT_STOP = re.compile(r"\b(per\s*cent|pct)\.", re.I)
_PERCENT_FIGURE = re.compile(r"(?<![\d.])(\d{1,2}(?:\.\d+)?|100)\s*(?:%|％|per\s*cent\b|percent\b)", re.I)


def _aliases(segment: PartySegment) -> list[str]:
    """The party's name and what the contract calls it, "乙方（投资方）" also as 乙方 and 投资方."""
    names = [segment.defined, segment.name, *re.split(r"[（()）]", segment.defined)]
    return [n.strip() for n in names if n and len(n.strip()) >= 2]


def _last_party_before(text: str, pos: int, segments: list[PartySegment]) -> PartySegment | None:
    """The party named last before ``pos``: whose holding the percentage states."""
    best: tuple[int, PartySegment] | None = None
    for segment in segments:
        for alias in _aliases(segment):
            for m in re.finditer(re.escape(alias), text[:pos], re.I):
                if best is None or m.start() > best[0]:
                    best = (m.start(), segment)
    return best[1] if best else None


def holding_of_our_party(segments: list[PartySegment], contract_text: str) -> float | None:
    """Our party's percentage of the company, when the contract states it; ``None`` otherwise."""
    if not any(s.ours for s in segments):
        return None
    # British drafting's "per cent." is an abbreviation, not a sentence's end: "will hold 45 per cent.,
    # 35 per cent. and 20 per cent. respectively" is one statement (the figures are all we return).
    contract_text = _PER_CENT_STOP.sub(r"\1", contract_text)
    # Read first: in "甲方、乙方分别持有65%、35%" the party named last before 65% is not its holder.
    respective = _respective_holding(segments, contract_text)
    if respective is not None:
        return respective
    counted = _counted_holding(segments, contract_text)
    if counted is not None:
        return counted
    for sentence in re.split(r"(?<=[.;。；])\s+|\n", contract_text):
        for rx in (_EN_HOLDING, _ZH_HOLDING):
            for m in rx.finditer(sentence):
                before = sentence[: m.start()]
                if _CONDITION.search(before[-20:]) or _CONDITION.search(m.group(0)):
                    continue
                party = _last_party_before(sentence, m.start(), segments)
                if party is not None and party.ours:
                    return float(m.group("pct") or m.groupdict()["rest"])
    for m in _CAP_TABLE_LINE.finditer(contract_text):
        party = _last_party_before(m.group(0), m.start("pct") - m.start(), segments)
        if party is not None and party.ours:
            return float(m.group("pct"))
    return None


def _respective_holding(segments: list[PartySegment], contract_text: str) -> float | None:
    """Our percentage where one sentence gives several holders' percentages in the order it names them."""
    for sentence in re.split(r"(?<=[.;。；])\s+|\n", contract_text):
        verb = _RESPECTIVE.search(sentence)
        if verb is None:
            continue
        named: list[tuple[int, PartySegment]] = []
        for segment in segments:
            at = [
                m.start()
                for a in _aliases(segment)
                for m in re.finditer(re.escape(a), sentence[: verb.start()])
            ]
            if at:
                named.append((min(at), segment))
        named.sort(key=lambda x: x[0])
        figures = [float(m.group(1)) for m in _PERCENT_FIGURE.finditer(sentence, verb.start())]
        if len(named) >= 2 and len(figures) == len(named) and abs(sum(figures) - 100) < 0.5:
            for (_, segment), figure in zip(named, figures, strict=True):
                if segment.ours:
                    return figure
    return None


# A holding stated as a number of shares, the holder after "held by" (an elided "and 400 Shares by
# Y" too) or before a verb of having: "of which 1,000 shares will be issued and outstanding and held
# by the MHC" (cuad-train BLUEHILLSBANCORP_INC_05_20_2014-EX-1.1-AGENCY_AGREEMENT.txt), "the 10,000
# shares of Common Stock held by the Consultant" (cuad-train
# PANDIONTHERAPEUTICSHOLDCOLLC_05_22_2020-EX-10.17-CONSULTING_AGREEMENT.txt), "the ValueAct Group
# currently beneficially owns 19,125,204 shares" (cuad-train
# ALLISONTRANSMISSIONHOLDINGSINC_12_15_2014-EX-99.1-COOPERATION_AGREEMENT.txt); own phrasing "A
# holds 700 ordinary shares and B holds 300 ordinary shares". A count alone is no percentage: the
# issued total must be stated beside it ("the issued share capital consists of 1,000 shares, of
# which ...") or every holder's count given in the same sentence.
_COUNT = r"(?P<n>\d{1,3}(?:,\d{3})+|\d+)"
# the class between the count and "shares" ("ordinary", "Series A"), never "the"/"of": "5 Pledge of
# shares" and "1 The shares held by" are clause numbers, not counts
_SHARES_WORD = r"(?:(?!(?:the|of)\b)[A-Za-z-]+\s+){0,3}?(?:shares?|units|stock)\b"
_COUNT_HELD_BY = re.compile(
    rf"{_COUNT}\s+{_SHARES_WORD}[^.;\d]{{0,60}}?\b(?:held|owned)\s+(?:of\s+record\s+|beneficially\s+)?by\s+"
    rf"|\band\s+{_COUNT.replace('?P<n>', '?P<n2>')}\s+{_SHARES_WORD}\s+by\s+",
    re.I,
)
_HOLDS_COUNT = re.compile(
    rf"\b(?:holds|owns|(?:shall|will)\s+(?:hold|own)|is\s+the\s+(?:registered\s+|beneficial\s+)?(?:holder|owner)\s+of)"
    rf"\s+{_COUNT}\s+{_SHARES_WORD}",
    re.I,
)
_COUNT_CONDITION = re.compile(
    r"(?:at\s+least|not\s+less\s+than|more\s+than|less\s+than|in\s+excess\s+of|so\s+long\s+as|continues?\s+to)\s*$",
    re.I,
)
# "so long as X holds 500 Shares", "if X owns 300 shares": a condition on the holder, no holding.
_HOLDER_CONDITION = re.compile(
    r"\b(?:so\s+long\s+as|as\s+long\s+as|if|provided|while|unless|until|whether)\b[^.;,]{0,60}$", re.I
)
_ISSUED_TOTAL = re.compile(
    rf"\bissued\b[^.;]{{0,60}}?\b(?:comprising|consists?\s+of|consisting\s+of|divided\s+into)\s+{_COUNT}\s+{_SHARES_WORD}",
    re.I,
)


def _first_party_at(text: str, segments: list[PartySegment]) -> PartySegment | None:
    """The party named at the very start of ``text`` (after an optional "the")."""
    head = re.sub(r"^\s*(?:the\s+)?", "", text[:120], flags=re.I)
    for segment in segments:
        for alias in _aliases(segment):
            if head.lower().startswith(alias.lower()):
                return segment
    return None


def _counted_holding(segments: list[PartySegment], contract_text: str) -> float | None:
    """Our percentage where one sentence states holdings as numbers of shares."""
    for sentence in re.split(r"(?<=[.;。；])\s+|\n", contract_text):
        counts: list[tuple[PartySegment, int]] = []
        for m in _COUNT_HELD_BY.finditer(sentence):
            if _COUNT_CONDITION.search(sentence[: m.start()]):
                continue
            party = _first_party_at(sentence[m.end() :], segments)
            if party is not None:
                counts.append((party, int((m.group("n") or m.group("n2")).replace(",", ""))))
        for m in _HOLDS_COUNT.finditer(sentence):
            if _HOLDER_CONDITION.search(sentence[: m.start()]):
                continue
            party = _last_party_before(sentence, m.start(), segments)
            if party is not None:
                counts.append((party, int(m.group("n").replace(",", ""))))
        ours = [n for party, n in counts if party.ours]
        if not ours:
            continue
        issued = _ISSUED_TOTAL.search(sentence)
        if issued is not None:
            total = int(issued.group("n").replace(",", ""))
        elif len({id(party) for party, _ in counts}) >= 2:
            total = sum(n for _, n in counts)
        else:
            continue
        if 0 < ours[0] <= total:
            return round(100 * ours[0] / total, 2)
    return None
