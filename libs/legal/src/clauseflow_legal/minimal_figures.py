"""Figures: the figure a risk turns on brought to the playbook's standard, every other word kept.

:func:`figure_amendments` amends the figures named per risk type in the data
(``minimal_edit.json`` ``figure``); :func:`market_figures` sets each figure beyond the playbook's
walk-away point to its standard (:mod:`clauseflow_legal.positions`), written as the clause writes it.
"""

# ruff: noqa: E501  -- bilingual patterns and examples read better unbroken

from __future__ import annotations

import dataclasses
import re
from typing import Any

from clauseflow_documents.numerals import int_to_english

from clauseflow_legal.figures import Period, find_percents, find_periods
from clauseflow_legal.minimal_data import minimal_edit_data
from clauseflow_legal.minimal_setting import Where
from clauseflow_legal.parameters import Basis, Parameter
from clauseflow_legal.parties import infer_parties
from clauseflow_legal.positions import MarketPosition, deviations, market_positions
from clauseflow_legal.redline_feedback import render_percent, render_period
from clauseflow_legal.redline_rules import is_chinese
from clauseflow_legal.rules.base import ClauseContext


def figure_amendments(sentence: str, risk_type: str, domain: str = "generic", title: str = "") -> list[str]:
    """``sentence`` with the figure the risk turns on brought to the playbook's standard, in place.

    The figures are data (``minimal_edit.json`` ``figure``, per risk type): a service level of 95%
    availability becomes 99.5%, every other word kept. Only a figure of the kind the entry names,
    in a sentence about its matter ("availability", "可用率"), on the wrong side of the standard.
    A period entry names the playbook position it is held to (``position``, read for ``domain``):
    a claim window of nine months becomes the 24-month standard (see :func:`_period_amendments`).
    """
    entries = minimal_edit_data().get("figure")
    listed = entries.get(risk_type) if isinstance(entries, dict) else None
    zh = is_chinese(sentence)
    out: list[str] = []
    periods = [e for e in listed or () if e["kind"] == "period"]
    if periods:
        out += _period_amendments(sentence, periods, market_positions(domain, title), risk_type, zh)
    for entry in listed or ():
        near = entry["near"]["zh" if zh else "en"]
        if entry["kind"] != "percent" or not re.search(near, sentence, re.I):
            continue
        floor, ceiling = entry.get("at_least"), entry.get("at_most")
        for pc in find_percents(sentence):
            target = floor if floor is not None and pc.value < floor else None
            target = ceiling if ceiling is not None and pc.value > ceiling else target
            if target is None:
                continue
            piece = sentence[pc.start : pc.end]
            new = percent_written(piece.rstrip(), float(target), zh) + piece[len(piece.rstrip()) :]
            out.append(sentence[: pc.start] + new + sentence[pc.end :])
            break
    return out


def _language(spec: object, zh: bool) -> str:
    """The pattern (or wording) of ``spec`` for the sentence's language ("" where it has none)."""
    if isinstance(spec, dict):
        return str(spec.get("zh" if zh else "en") or "")
    return str(spec or "")


def _period_amendments(
    sentence: str,
    entries: list[dict[str, Any]],
    positions: dict[str, list[MarketPosition]],
    risk_type: str,
    zh: bool,
) -> list[str]:
    """Each period of ``sentence`` that is a time limit below its position's walk-away point, set to the standard.

    Which position a period is held to is the first entry whose ``since`` pattern the words since
    the previous period (or the sentence's start) match and whose ``unless_since`` they do not: "…
    unless proceedings are issued within 30 days" is a proceedings window, "Tax Claims … within
    three years" a tax one, any other a general one. A period is a time limit where ``deadline``
    matches the words before it (English: "within", "no later than") or ``deadline_after`` the words
    after it (Chinese: "…内"). An entry's ``covers`` adds the window the sentence also applies to
    another kind of claim (a general window that names tax claims gets a tax window of its own in
    brackets after it), unless that kind has a window of its own in the sentence. Every amendment
    at once first, then each alone.
    """
    windows: list[tuple[Period, dict[str, Any]]] = []
    previous = 0
    for period in find_periods(sentence):
        since, previous = sentence[previous : period.start], period.end
        entry = next((e for e in entries if _entry_fits(e, sentence, since, zh)), None)
        if entry is not None and _is_time_limit(entry, sentence, period, zh):
            windows.append((period, entry))
    kinds = {str(entry["position"]) for _, entry in windows}
    edits: list[tuple[int, int, str]] = []
    for period, entry in windows:
        position = _position(positions, str(entry["position"]), risk_type)
        piece = sentence[period.start : period.end].rstrip()
        new = piece
        if position is not None and position.level(period.days) is not None:
            new = _period_written(piece, position.standard, period.unit, zh)
        covers = entry.get("covers")
        if isinstance(covers, dict) and str(covers["position"]) not in kinds:
            new += _covered(sentence, covers, positions, risk_type, piece, period.days, zh)
        if new != piece:
            edits.append((period.start, period.start + len(piece), new))
    return _at_once_then_alone(sentence, edits)


def _entry_fits(entry: dict[str, Any], sentence: str, since: str, zh: bool) -> bool:
    """Whether a period entry is the one for a period: its matter in the sentence, its kind in the words since the last period."""
    near, needs, kind, other = (
        _language(entry.get(k), zh) for k in ("near", "if_sentence", "since", "unless_since")
    )
    return (
        (not near or re.search(near, sentence, re.I) is not None)
        and (not needs or re.search(needs, sentence, re.I) is not None)
        and (not kind or re.search(kind, since, re.I) is not None)
        and not (other and re.search(other, since, re.I))
    )


def _is_time_limit(entry: dict[str, Any], sentence: str, period: Period, zh: bool) -> bool:
    """Whether a period is a time limit for acting: "within …" (English) or "…内" (Chinese)."""
    before, after = _language(entry.get("deadline"), zh), _language(entry.get("deadline_after"), zh)
    if before and re.search(before, sentence[max(0, period.start - 60) : period.start], re.I):
        return True
    return bool(after) and re.match(after, sentence[period.end : period.end + 8]) is not None


def _position(
    positions: dict[str, list[MarketPosition]], measure: str, risk_type: str
) -> MarketPosition | None:
    """The playbook's position on ``measure`` for the risk ``risk_type``, if it has one."""
    return next((p for p in positions.get(measure, []) if p.risk_type == risk_type), None)


def _covered(
    sentence: str,
    covers: dict[str, Any],
    positions: dict[str, list[MarketPosition]],
    risk_type: str,
    piece: str,
    days: float,
    zh: bool,
) -> str:
    """The window of the other kind of claim a window also applies to, in brackets ("" where none is due)."""
    wording = _language(covers.get("written"), zh)
    if not wording or not re.search(_language(covers.get("if_sentence"), zh) or "(?!)", sentence, re.I):
        return ""
    unless = _language(covers.get("unless_sentence"), zh)
    if unless and re.search(unless, sentence, re.I):
        return ""
    position = _position(positions, str(covers["position"]), risk_type)
    if position is None or position.level(days) is None:
        return ""  # the window is long enough for that kind too
    unit = find_periods(piece)[0].unit if find_periods(piece) else "day"
    return wording.replace("{period}", _period_written(piece, position.standard, unit, zh, prefer_years=True))


def _period_written(piece: str, days: float, unit: str, zh: bool, prefer_years: bool = False) -> str:
    """``days`` written in the unit ``piece`` uses: "twenty-four (24) months" for 730 days, "六年" for 2190.

    A year is 365 days and a month a twelfth of it (the playbook's positions are in days); a period
    in days stays in days; whole years are written as years where the piece is in years (or
    ``prefer_years``), else as months.
    """
    years = days / 365
    if unit in ("year", "month") and (unit == "year" or prefer_years) and abs(years - round(years)) < 0.01:
        return render_period(piece, round(years), "year", zh)
    if unit in ("year", "month"):
        return render_period(piece, round(days * 12 / 365), "month", zh)
    return render_period(piece, days, unit if unit in ("day", "business day") else "day", zh)


def market_figures(original: str, where: Where) -> list[str]:
    """``original`` with each of its figures beyond the playbook's walk-away point set to the standard.

    The figures and what they measure are :mod:`clauseflow_legal.parameters`' (read in the whole
    clause: a claim window is one only with its forfeiture, which may follow the quote); the
    positions are the playbook's for our side (:mod:`clauseflow_legal.positions`). A 30-day claim
    window under a 60-day walk-away becomes the 90-day standard, written as the clause writes it.
    """
    at = where.clause_text.find(original)
    if at < 0:
        return []
    parties = infer_parties(where.our_party, None, where.clause_text)
    ctx = ClauseContext(
        clause_id="",
        title="",
        text=where.clause_text,
        language=where.language,
        domain=where.domain,
        parties=parties,
    )
    zh = is_chinese(original)
    edits: list[tuple[int, int, str]] = []
    for deviation in deviations(where.clause_text, parties, where.domain):
        parameter, position = deviation.parameter, deviation.position
        start, end = parameter.start - at, parameter.end - at
        if position.risk_type != where.risk_type or start < 0 or end > len(original):
            continue
        if position.bound != "any" and _bearer(ctx, parameter) in ("them", "other"):
            continue  # the other side's deadline: a longer one is no fix for us
        piece = original[start:end].rstrip()
        new = _standard_written(piece, position.standard, parameter, position.per, zh)
        if new is not None and new != piece:
            edits.append((start, start + len(piece), new))
    return _at_once_then_alone(original, edits)


def _at_once_then_alone(text: str, edits: list[tuple[int, int, str]]) -> list[str]:
    """``text`` with every (start, end, words) edit made at once first, then with each alone."""
    out = []
    for chosen in ([edits] if len(edits) > 1 else []) + [[e] for e in edits]:
        amended = text
        for start, end, new in sorted(chosen, reverse=True):
            amended = amended[:start] + new + amended[end:]
        out.append(amended)
    return out


def _bearer(ctx: ClauseContext, parameter: Parameter) -> str | None:
    """Whose number a parameter is: the sentence's actor at it, else the party the sentence opens with."""
    sentence = parameter.sentence
    side = ctx.actor(sentence, parameter.start - sentence.start)
    if side is not None:
        return side
    mentions = ctx.parties.mentions(sentence.text)
    return mentions[0].side if mentions else None


def _standard_written(piece: str, standard: float, parameter: Parameter, per: Basis, zh: bool) -> str | None:
    """The playbook's ``standard`` written in the style of ``piece`` (days for a period, on its own basis for a rate)."""
    if parameter.kind == "period":
        found = find_periods(piece)
        if not found:
            return None
        unit = found[0].unit
        if unit in ("month", "year") and standard % 30 == 0:
            return render_period(piece, standard / 30, "month", zh)
        return render_period(piece, standard, "day", zh)
    if parameter.kind == "percent":
        value = standard
        if per and parameter.per and per != parameter.per:
            # the standard is a rate on the position's basis; the clause states it on its own
            value = round(dataclasses.replace(parameter, value=standard, per=per).rate(parameter.per), 4)
        return percent_written(piece, value, zh)
    return None  # multiples and amounts: their wording varies too much to rewrite in place


def percent_written(piece: str, value: float, zh: bool) -> str:
    """A percentage written like ``piece``, a fraction in words too ("ninety-nine point five per cent (99.5%)")."""
    if zh or value == int(value) or not re.match(r"[A-Za-z]", piece) or "(" not in piece:
        return render_percent(piece, value, zh)
    whole, _, decimals = f"{value:g}".partition(".")
    digits = " ".join(int_to_english(int(d)) for d in decimals)
    return f"{int_to_english(int(whole))} point {digits} per cent ({value:g}%)"
