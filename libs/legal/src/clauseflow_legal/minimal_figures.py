"""Figures: the figure a risk turns on brought to the playbook's standard, every other word kept.

:func:`figure_amendments` amends the figures named per risk type in the data
(``minimal_edit.json`` ``figure``); :func:`market_figures` sets each figure beyond the playbook's
walk-away point to its standard (:mod:`clauseflow_legal.positions`), written as the clause writes it.
"""

# ruff: noqa: E501  -- bilingual patterns and examples read better unbroken

from __future__ import annotations

import dataclasses
import re

from clauseflow_documents.numerals import int_to_english

from clauseflow_legal.minimal_data import minimal_edit_data
from clauseflow_legal.minimal_setting import Where
from clauseflow_legal.parameters import Basis, Parameter
from clauseflow_legal.parties import infer_parties
from clauseflow_legal.positions import deviations
from clauseflow_legal.redline_feedback import render_percent, render_period
from clauseflow_legal.redline_rules import is_chinese
from clauseflow_legal.rules.base import ClauseContext
from clauseflow_legal.text import find_percents, find_periods


def figure_amendments(sentence: str, risk_type: str) -> list[str]:
    """``sentence`` with the figure the risk turns on brought to the playbook's standard, in place.

    The figures are data (``minimal_edit.json`` ``figure``, per risk type): a service level of 95%
    availability becomes 99.5%, every other word kept. Only a figure of the kind the entry names,
    in a sentence about its matter ("availability", "可用率"), on the wrong side of the standard.
    """
    entries = minimal_edit_data().get("figure")
    listed = entries.get(risk_type) if isinstance(entries, dict) else None
    zh = is_chinese(sentence)
    out: list[str] = []
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
    out = []
    # every figure at once first, then each alone
    for chosen in ([edits] if len(edits) > 1 else []) + [[e] for e in edits]:
        text = original
        for start, end, new in sorted(chosen, reverse=True):
            text = text[:start] + new + text[end:]
        out.append(text)
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
