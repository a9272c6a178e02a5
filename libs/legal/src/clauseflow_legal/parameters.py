"""The numbers of a clause and what each one measures: periods, percentages, multiples of fees.

A clause's economics are its numbers: a warranty period, a cap written as a multiple of the fees,
a cure period, a renewal term, a liquidated-damages rate per week, a late-payment interest rate,
a retention, a drag-along threshold. Contracts phrase them in countless ways ("the fees paid in
the six months preceding the claim", "twice the Charges", "合同总价的百分之五", "每逾期一日按千分之五"),
but once a number is found and the words beside it say what it measures, it can be compared with
the playbook's market position whatever the wording (:mod:`clauseflow_legal.positions`).

Extraction runs once per clause (cached on the text). What counts as a cue for each measure is
data (``parameters.json``); this module only finds the numbers, normalises them (periods to days,
rates to a basis, percentages of the fees to multiples) and gives each the nearest cue's measure.
"""

# ruff: noqa: E501  -- legal patterns and bilingual wording read better unbroken

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from typing import Literal

from clauseflow_legal.figures import (
    EN_NUMBER_WORDS,
    ZH_NUMERALS,
    find_fractions,
    find_percents,
    find_periods,
    to_number,
    words_to_number,
)
from clauseflow_legal.text import Sentence, split_sentences

Kind = Literal["period", "percent", "multiple", "amount", "count"]
Basis = Literal["", "day", "week", "month", "year"]

# How far (characters) a cue may stand before the number it describes, within one sentence; a cue
# after the number must follow it at once ("36 months' warranty", "十二个月质保期"): further on it
# usually belongs to another number ("an initial term of 3 years, renewing for 1 year").
_CUE_WINDOW = 120
_CUE_AFTER = 4
# A share's threshold often comes before the right it triggers ("holders of 75% may exercise the
# drag-along right"): for percentages and multiples a cue may follow further on.
_CUE_AFTER_SHARE = 60
# Between a cue and its number: the number counts from the end of what the cue names ("six months
# after the warranty period expires", "质保期届满后6个月"), so it is not that thing's length.
_FROM_THE_END = re.compile(r"届满|期满|结束|终止|expir|\bend\s+of\b|\bafter\s+the\s+(?:end|expiry)", re.I)
# A Chinese limb break between a number and a cue after it: the cue opens the next limb, which has
# its own number ("95%于验收合格后支付，尾款5%…", "首付款30%；质保金5%").
_NEXT_LIMB = re.compile(r"[，；]")
# A period that is a deadline ("within 7 days", "7日内") is no term's length.
_WITHIN_BEFORE = re.compile(r"\b(?:within|in)\s+(?:a\s+period\s+of\s+)?$|(?:于|在)$", re.I)
_WITHIN_AFTER = re.compile(r"^\s*(?:\)\s*)?(?:以?内|之内)")
# The act a Chinese deadline is the deadline of follows its 内: "两小时内(书面)(向甲方)通知".
_ZH_ACT_AFTER = re.compile(r"^\s*(?:以?内|之内)[^，,。；;]{0,6}")
# Per-basis conversions for rates.
_PER_YEAR = {"day": 365.0, "week": 365.0 / 7, "month": 12.0, "year": 1.0}


@dataclass(frozen=True)
class Parameter:
    """A number of the clause with what it measures.

    ``value`` is normalised: days for periods, a multiple (1.0 = 100%) for multiples, a percentage
    for percentages; ``per`` is the basis of a rate ("week" for "0.5% per week").
    """

    measure: str
    kind: Kind
    value: float
    sentence: Sentence
    start: int  # offsets in the clause text
    end: int
    per: Basis = ""
    raw: str = ""

    def rate(self, basis: Basis) -> float:
        """The value as a rate on ``basis`` ("0.1% per day" is 0.7 per week); unchanged when not a rate."""
        if not self.per or not basis or self.per == basis:
            return self.value
        return self.value * _PER_YEAR[self.per] / _PER_YEAR[basis]


@dataclass(frozen=True)
class Measure:
    """What the data says of one measure: the kinds it takes, its cue, and whether it is a rate."""

    name: str
    kinds: tuple[str, ...]
    cue: re.Pattern[str]
    per: str = ""  # "required", "forbidden" or ""
    deadline: bool = True  # may the number be a deadline ("within 30 days")?
    requires: re.Pattern[str] | None = None  # what the sentence (or what follows) must say
    other_act: re.Pattern[str] | None = None  # acts whose deadline the number may be instead


@cache
def measures() -> tuple[Measure, ...]:
    """Every measure of ``parameters.json``, in the file's order (earlier wins a tie)."""
    raw = json.loads(resources.files(__package__).joinpath("parameters.json").read_text(encoding="utf-8"))
    out = []
    for name, spec in raw["measures"].items():
        cue = "|".join(f"(?:{spec[lang]})" for lang in ("en", "zh") if spec.get(lang))
        deadline = bool(spec.get("deadline", True))
        requires = re.compile(spec["requires"], re.I) if spec.get("requires") else None
        per = str(spec.get("per") or "")
        acts = spec.get("other_act") or {}
        act = "|".join(f"(?:{acts[lang]})" for lang in ("en", "zh") if acts.get(lang))
        other_act = re.compile(act, re.I) if act else None
        out.append(
            Measure(name, tuple(spec["kinds"]), re.compile(cue, re.I), per, deadline, requires, other_act)
        )
    return tuple(out)


# --- numbers -------------------------------------------------------------------------------------

_BASE_WORDS = (
    r"(?:(?:total|aggregate|annual|yearly|monthly|contract|purchase|subscription|service|license|licence)\s+)*"
    r"(?:fees?|charges?|price|consideration|contract\s+(?:price|value|sum)|amounts?\s+(?:actually\s+)?(?:paid|payable)"
    r"|sums?\s+paid|value\s+of\s+(?:the\s+)?(?:contract|order|agreement))"
)
_ZH_BASE = r"(?:合同(?:总)?(?:价款|金额|价格|总价|总额)|(?:已)?(?:支付|收取)的?(?:全部)?(?:费用|价款|服务费)|服务费(?:总额)?|总价款?|年度?费用)"
_TIMES_WORD = {"once": 1.0, "twice": 2.0, "thrice": 3.0}
_EN_MULTIPLE = re.compile(
    r"(?:(?P<word>"
    + EN_NUMBER_WORDS
    + r"|once|twice|thrice)\s*)?(?:\(\s*)?(?P<num>\d+(?:\.\d+)?)?(?:\s*\))?\s*"
    r"(?P<times>times|x|×)?\s+(?:the\s+|of\s+the\s+)?(?:amount\s+of\s+(?:the\s+)?)?" + _BASE_WORDS,
    re.I,
)
_ZH_MULTIPLE = re.compile(
    _ZH_BASE + r"的?\s*(?P<num>\d+(?:\.\d+)?|[" + ZH_NUMERALS + r"]+)\s*倍"
    r"|(?P<num2>\d+(?:\.\d+)?|[" + ZH_NUMERALS + r"]+)\s*倍于?" + _ZH_BASE
)
# A percentage of the fees or of the price is a multiple of it ("50% of the fees paid").
_OF_BASE_AFTER = re.compile(r"\s*\)?\s*of\s+(?:the\s+)?" + _BASE_WORDS, re.I)
_OF_BASE_BEFORE_ZH = re.compile(_ZH_BASE + r"的?\s*$")
# "the fees paid … in the twelve (12) months preceding the claim": a multiple of a year's fees.
_FEES_IN_PERIOD = re.compile(
    r"(?:fees?|charges?|amounts?|sums?)\s+(?:actually\s+)?(?:paid|payable|received)(?:\s+or\s+payable)?"
    r"[^.;]{0,80}?\b(?:in|during|for|over|within)\s+(?:the\s+)?(?:\w+\s+){0,2}?(?:period\s+of\s+)?"
    # the period follows ("in respect of the Services in the twelve months": the second "in")
    r"(?=(?:[\w()-]+\s+){0,4}(?:[\w()]+-)?(?:months?|years?|quarters?)\b)",
    re.I,
)
# Words that may stand between "the fees paid in" and the period: "the prior six months", "the
# immediately preceding twelve (12) months", "the last 3 months".
_LOOKING_BACK = re.compile(
    r"(?:(?:the|prior|preceding|previous|last|immediately|most\s+recent|trailing)\s+)*", re.I
)
_ZH_FEES_IN_PERIOD = re.compile(r"(?:前|之前|此前|过去|最近)\s*(?=[\d" + ZH_NUMERALS + r"]+\s*个?月)")
_EN_BASIS = re.compile(
    r"^\s*\)?\s*(?:of\s+[^.;,]{0,60}?\s+)?(?:per|for\s+each|each|a|for\s+every|every)\s+(?:(?:full|complete|calendar|business|working)\s+)?"
    r"(?:(?:day|week|month|year)\s+(?:or\s+part\s+(?:thereof\s+)?)?(?:of\s+(?:delay|late(?:ness)?)|overdue|late)|"
    r"(?P<unit>day|week|month|year|annum))",
    re.I,
)
_EN_BASIS_FULL = re.compile(
    r"(?:per|for\s+each|each|a|for\s+every|every)\s+(?:\w+\s+)?(?P<unit>day|week|month|year|annum)", re.I
)
_ZH_BASIS = re.compile(
    r"(?:每|按)(?:逾期|延迟|迟延|延期)?[\u4e00-\u9fff]{0,3}?(?:一|1)?\s*(?:个)?(?P<unit>日|天|周|星期|月|年)|(?P<rate>日|月|年)(?:利率|息)"
)
_ZH_BASIS_UNIT = {"日": "day", "天": "day", "周": "week", "星期": "week", "月": "month", "年": "year"}
_CURRENCY_OR_AMOUNT = re.compile(r"[$€£¥]|\b(?:USD|EUR|GBP|RMB|CNY)\b|元")


def _basis(sentence: str, start: int, end: int) -> Basis:
    """The basis a percentage is a rate on: "… per week", "for each day of delay", "每逾期一日", "年利率"."""
    after = sentence[end : end + 90]
    m = _EN_BASIS.match(after)
    if m:
        unit = (m.group("unit") or "").lower()
        if not unit:
            unit = next(u for u in ("day", "week", "month", "year") if u in m.group(0).lower())
        return "year" if unit == "annum" else unit  # type: ignore[return-value]
    m2 = _EN_BASIS_FULL.search(after[:40])
    if m2:
        unit = m2.group("unit").lower()
        return "year" if unit == "annum" else unit  # type: ignore[return-value]
    before = sentence[max(0, start - 40) : start]
    # the basis of an earlier rate is not this number's ("每逾期一日按千分之五…，总额不超过百分之十")
    before = re.split(r"分之|%|％", before)[-1]
    zh = list(_ZH_BASIS.finditer(before)) + list(_ZH_BASIS.finditer(after[:12]))
    if zh:
        m3 = zh[-1] if zh[-1].start() < len(before) else zh[0]
        return _ZH_BASIS_UNIT[m3.group("unit") or m3.group("rate")]  # type: ignore[return-value]
    if re.search(
        r"\bp\.?\s?a\.?\b|per\s+annum|annual(?:ly)?\s+rate|\bannual\b", sentence[end : end + 30], re.I
    ):
        return "year"
    return ""


@dataclass(frozen=True)
class _Number:
    kind: Kind
    value: float
    start: int
    end: int
    per: Basis = ""


def _numbers(sentence: str) -> list[_Number]:
    """Every period, percentage and multiple of one sentence (offsets in the sentence)."""
    out: list[_Number] = []
    taken: list[tuple[int, int]] = []
    for m in _EN_MULTIPLE.finditer(sentence):
        word, num = m.group("word"), m.group("num")
        spoken = word.strip().lower() if word else ""
        times = bool(word or num) and m.group("times") is not None
        if not times and spoken not in _TIMES_WORD:
            continue
        value = float(num) if num else _TIMES_WORD.get(spoken) or words_to_number(spoken)
        if value:
            out.append(_Number("multiple", value, m.start(), m.end()))
            taken.append((m.start(), m.end()))
    for m in _ZH_MULTIPLE.finditer(sentence):
        value = to_number(m.group("num") or m.group("num2") or "")
        if value:
            out.append(_Number("multiple", value, m.start(), m.end()))
            taken.append((m.start(), m.end()))
    for p in find_percents(sentence):
        if any(a <= p.start < b for a, b in taken):
            continue
        of_base = _OF_BASE_AFTER.match(sentence, p.end)
        zh_base = _OF_BASE_BEFORE_ZH.search(sentence[max(0, p.start - 20) : p.start])
        per = _basis(sentence, p.start, p.end)
        if (of_base or zh_base) and not per:
            # a share of the fees or the price: also a multiple of it (for caps)
            out.append(_Number("multiple", p.value / 100, p.start, of_base.end() if of_base else p.end))
        out.append(_Number("percent", p.value, p.start, p.end, per))
    for p in find_fractions(sentence):
        # "one-quarter of the fees", "合同总价的三分之一": read only as a share of the fees or the price
        of_base = _OF_BASE_AFTER.match(sentence, p.end)
        zh_base = _OF_BASE_BEFORE_ZH.search(sentence[max(0, p.start - 20) : p.start])
        if (of_base or zh_base) and not any(a <= p.start < b for a, b in taken):
            out.append(_Number("multiple", p.value / 100, p.start, of_base.end() if of_base else p.end))
            out.append(_Number("percent", p.value, p.start, p.end))
    for fees in _FEES_IN_PERIOD.finditer(sentence):
        window = sentence[fees.end() : fees.end() + 60]
        period = next(
            (q for q in find_periods(window) if q.start < 6 or _LOOKING_BACK.fullmatch(window[: q.start])),
            None,
        )
        if period and period.unit in {"month", "year"}:
            at = fees.end() + period.start
            out.append(_Number("multiple", period.months / 12, fees.start(), at + period.end - period.start))
    for m in _ZH_FEES_IN_PERIOD.finditer(sentence):
        period = next((q for q in find_periods(sentence[m.end() : m.end() + 12]) if q.start == 0), None)
        if period and re.search(_ZH_BASE + r"|费用|价款", sentence[m.end() : m.end() + 40]):
            out.append(_Number("multiple", period.months / 12, m.start(), m.end() + period.end))
    for q in find_periods(sentence):
        if any(a <= q.start < b for a, b in taken):
            continue
        out.append(_Number("period", q.days, q.start, q.end))
    return out


# --- measures ------------------------------------------------------------------------------------


def _is_deadline(sentence: str, number: _Number) -> bool:
    return bool(
        _WITHIN_BEFORE.search(sentence[max(0, number.start - 30) : number.start])
        or _WITHIN_AFTER.match(sentence[number.end : number.end + 6])
    )


# How far past its sentence a measure's required words may stand ("…三十日内提出；逾期即视为放弃").
_REQUIRES_AFTER = 200


def _measure_for(sentence: str, number: _Number, following: str = "") -> Measure | None:
    """The measure whose cue stands nearest the number in its sentence (before it preferred)."""
    best: tuple[float, int, Measure] | None = None
    deadline = number.kind == "period" and _is_deadline(sentence, number)
    for order, measure in enumerate(measures()):
        if number.kind not in measure.kinds or (deadline and not measure.deadline):
            continue
        if measure.requires is not None and not measure.requires.search(sentence + following):
            continue
        if measure.per == "required" and not number.per:
            continue
        if measure.per == "forbidden" and number.per:
            continue
        if deadline and _deadline_of_other_act(sentence, number, measure):
            continue
        for m in measure.cue.finditer(sentence):
            if m.end() <= number.start:
                distance: float = number.start - m.end()
                between = sentence[m.end() : number.start]
                if distance > _CUE_WINDOW or _FROM_THE_END.search(between):
                    continue
                if deadline and measure.other_act is not None and measure.other_act.search(between):
                    continue  # "cure … by notifying … within 60 days": the deadline of the notice
            elif m.start() >= number.end:
                distance = m.start() - number.end
                if distance > (_CUE_AFTER if number.kind == "period" else _CUE_AFTER_SHARE):
                    continue
                if _NEXT_LIMB.search(sentence, number.end, m.start()):
                    continue  # "设备款的95%于验收后支付，尾款5%于质保期满后支付": the cue names the next limb's number
                distance *= 1.5  # a cue after the number reads less surely
            else:
                distance = 0
            if best is None or (distance, order) < (best[0], best[1]):
                best = (distance, order, measure)
    return best[2] if best else None


def _deadline_of_other_act(sentence: str, number: _Number, measure: Measure) -> bool:
    """Is a Chinese deadline that of another act than the measure's ("…补救措施，并在两小时内通知")?"""
    if measure.other_act is None:
        return False
    after = _ZH_ACT_AFTER.match(sentence[number.end : number.end + 12])
    return bool(after and measure.other_act.search(after.group()))


@lru_cache(maxsize=1024)
def extract_parameters(text: str) -> tuple[Parameter, ...]:
    """Every number of the clause that measures something the playbooks have a position on.

    Cached on the text: the rules of one clause share one extraction.
    """
    out: list[Parameter] = []
    for sentence in split_sentences(text):
        following = text[sentence.end : sentence.end + _REQUIRES_AFTER]
        for number in _numbers(sentence.text):
            measure = _measure_for(sentence.text, number, following)
            if measure is None:
                continue
            raw = sentence.text[number.start : number.end]
            if number.kind == "period" and _CURRENCY_OR_AMOUNT.search(raw):
                continue
            out.append(
                Parameter(
                    measure.name,
                    number.kind,
                    number.value,
                    sentence,
                    sentence.start + number.start,
                    sentence.start + number.end,
                    number.per,
                    raw,
                )
            )
    return tuple(out)


def parameters_of(text: str, measure: str) -> list[Parameter]:
    """The clause's parameters of one measure, in order."""
    return [p for p in extract_parameters(text) if p.measure == measure]
