"""The figures a contract states, in English and Chinese: numbers written in words or numerals,
periods, percentages and fractions, and amounts of money.

Everything here returns spans of the input (start/end offsets), so whatever a rule quotes is a
verbatim substring of the clause.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# ---------------------------------------------------------------- numbers

_EN_UNITS = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
_EN_SCALES = {"hundred": 100, "thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000}
EN_NUMBER_WORDS = (
    r"(?:(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen"
    r"|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred"
    r"|thousand|million|billion|and|point|(?<![a-z])half|a(?=[\s-]+half\b))[\s-]*)+"
)
# A half written out: "two and a half years", "seven and one-half percent", "a half year". Number-word
# libraries (word2number) read no fractions ("one and one half" gives 2), so the words are read here.


def words_to_number(words: str) -> float | None:
    """Parse English number words ("forty-five million five hundred thousand") into a number."""
    tokens = [t for t in re.split(r"[\s-]+", words.lower().strip()) if t and t != "and"]
    fraction = 0.0
    if tokens and tokens[-1] == "half":
        # "… and a half", "… and one-half", "a half", "half": the half is added, not multiplied
        tokens.pop()
        fraction = 0.5
        if tokens and tokens[-1] in {"a", "one"}:
            tokens.pop()
        if not tokens:
            return fraction
    if not tokens:
        return None
    total, current, seen = 0.0, 0.0, False
    for tok in tokens:
        if tok in _EN_UNITS:
            current += _EN_UNITS[tok]
            seen = True
        elif tok == "hundred":
            current = (current or 1) * 100
            seen = True
        elif tok in _EN_SCALES:
            total += (current or 1) * _EN_SCALES[tok]
            current = 0
            seen = True
        else:
            return None
    return total + current + fraction if seen else None


_ZH_DIGITS = {
    "零": 0,
    "〇": 0,
    "一": 1,
    "壹": 1,
    "二": 2,
    "两": 2,
    "贰": 2,
    "三": 3,
    "叁": 3,
    "四": 4,
    "肆": 4,
    "五": 5,
    "伍": 5,
    "六": 6,
    "陆": 6,
    "七": 7,
    "柒": 7,
    "八": 8,
    "捌": 8,
    "九": 9,
    "玖": 9,
}
_ZH_SMALL = {"十": 10, "拾": 10, "百": 100, "佰": 100, "千": 1000, "仟": 1000}
_ZH_BIG = {"万": 10_000, "萬": 10_000, "亿": 100_000_000, "億": 100_000_000}
ZH_NUMERALS = "零〇一壹二两贰三叁四肆五伍六陆七柒八捌九玖十拾百佰千仟万萬亿億"


def zh_to_number(text: str) -> float | None:
    """Parse Chinese numerals, plain or financial (三十, 伍拾万, 壹佰贰拾), into a number."""
    text = text.strip()
    if not text or any(ch not in _ZH_DIGITS and ch not in _ZH_SMALL and ch not in _ZH_BIG for ch in text):
        return None
    total, section, digit = 0, 0, 0
    for ch in text:
        if ch in _ZH_DIGITS:
            digit = _ZH_DIGITS[ch]
        elif ch in _ZH_SMALL:
            section += (digit or 1) * _ZH_SMALL[ch]
            digit = 0
        else:
            section += digit
            total += (section or 1) * _ZH_BIG[ch]
            section, digit = 0, 0
    return float(total + section + digit)


def to_number(raw: str) -> float | None:
    """A number from digits ("1,500.5"), English words or Chinese numerals."""
    raw = raw.strip()
    digits = raw.replace(",", "").replace("，", "")
    try:
        return float(digits)
    except ValueError:
        pass
    return words_to_number(raw) if re.search(r"[a-z]", raw, re.I) else zh_to_number(raw)


# ---------------------------------------------------------------- periods

_UNIT_DAYS = {
    "hour": 1 / 24,
    "day": 1,
    "business day": 1.4,
    "working day": 1.4,
    "calendar day": 1,
    "week": 7,
    "fortnight": 14,
    "month": 30,
    "quarter": 91,
    "year": 365,
}
# A number joined to its unit makes an adjective ("a 30-day cure period", "a twelve (12)-month term").
# Words between a number and its unit that name which months or years are counted ("twelve (12)
# calendar months", "three (3) consecutive Contract Years", "four fiscal quarters", "two Agreement
# Years"): the length is the unit's.
_PERIOD_QUALIFIER = (
    r"(?:(?:consecutive|successive|full|complete|whole|calendar|contract|agreement|lease|fiscal|financial"
    r"|program|programme)\s+){0,2}"
)
_EN_PERIOD = re.compile(
    r"(?:(?P<words>"
    + EN_NUMBER_WORDS
    + r")\s*)?(?:\(\s*)?(?P<num>\d+(?:\.\d+)?)?(?:\s*\))?(?:\s*-\s*|\s*)"
    + _PERIOD_QUALIFIER
    + r"(?P<unit>business days?|working days?|calendar days?|days?|weeks?|fortnights?|months?"
    r"|quarters?|years?|hours?)\b",
    re.I,
)
# A period written with an article for its number: "half a year", "half an hour", "a fortnight".
_EN_ARTICLE_PERIOD = re.compile(
    r"\b(?:(?P<half>half)\s+an?|an?)\s+(?P<unit>fortnight|year|month|week|day|hour)\b(?!['’]s)", re.I
)
# "one-quarter of the fees", "a quarter of the Shares": a share of something, not three months.
_QUARTER_SHARE = re.compile(
    r"\s+of\s+(?!(?:a|the|each|any)\s+(?:calendar\s+|fiscal\s+|financial\s+)?year)", re.I
)
# Formal Chinese drafting restates a number in figures: "三十六（36）个月", "十五(15)个工作日".
# A half is written into the period: "半年", "半个月", "一个半月", "两年半" ("半年度" is the half-year,
# not a length).
_ZH_PERIOD = re.compile(
    r"(?P<num>\d+(?:\.\d+)?|[" + ZH_NUMERALS + r"]+|半)\s*(?:[（(]\s*\d+(?:\.\d+)?\s*[）)])?\s*(?:个)?\s*"
    r"(?P<inner_half>半)?(?P<unit>个工作日|工作日|自然日|日历日|日|天|周|星期|个月|月|年|小时)"
    r"(?P<half_after>(?<=年)半(?![年月日天个]))?"
)
_ZH_UNIT = {
    "工作日": "business day",
    "个工作日": "business day",
    "自然日": "day",
    "日历日": "day",
    "日": "day",
    "天": "day",
    "周": "week",
    "星期": "week",
    "个月": "month",
    "月": "month",
    "年": "year",
    "小时": "hour",
}


@dataclass(frozen=True)
class Period:
    """A period of time found in text ("thirty (30) days", "14日", "三个月")."""

    value: float
    unit: str
    start: int
    end: int

    @property
    def days(self) -> float:
        """Approximate length in calendar days (business days count 1.4)."""
        return self.value * _UNIT_DAYS.get(self.unit, 1)

    @property
    def months(self) -> float:
        """Approximate length in months."""
        return self.days / 30


def find_periods(text: str) -> list[Period]:
    """All periods of time in ``text`` (English and Chinese), in order."""
    found: list[Period] = []
    for m in _EN_PERIOD.finditer(text):
        value: float | None = None
        if m.group("num"):
            value = float(m.group("num"))
        elif m.group("words"):
            value = words_to_number(m.group("words"))
        if value is None:
            continue
        unit = m.group("unit").lower().rstrip("s")
        if unit.endswith("day") and " " in unit:
            unit = "business day" if unit.split()[0] in {"business", "working"} else "day"
        if unit == "quarter" and _QUARTER_SHARE.match(text, m.end()):
            continue
        start = m.start("words") if m.group("words") else m.start("num")
        found.append(Period(value, unit, start, m.end()))
    for m in _EN_ARTICLE_PERIOD.finditer(text):
        unit = m.group("unit").lower()
        if not m.group("half") and unit != "fortnight":
            continue  # "a year", "a month": mostly a rate's basis ("twice a year", "1% a month")
        if any(p.start <= m.start() < p.end for p in found):
            continue
        found.append(Period(0.5 if m.group("half") else 1.0, unit, m.start(), m.end()))
    for m in _ZH_PERIOD.finditer(text):
        if m.group("unit") == "月" and re.match(r"\d{1,2}月\d", text[m.start() :]):
            continue  # a date such as 3月5日, not a period
        if m.group("unit") == "日" and re.search(r"月$", text[: m.start()]):
            continue
        if m.group("num") == "半":
            if m.group("inner_half") or (m.group("unit") == "年" and text.startswith("度", m.end())):
                continue  # "半年度": the half-year, not a length
            value = 0.5
        else:
            value = to_number(m.group("num"))
        if value is None or (m.group("unit") == "年" and value > 1900):
            continue
        if m.group("inner_half") or m.group("half_after"):
            value += 0.5
        found.append(Period(value, _ZH_UNIT[m.group("unit")], m.start(), m.end()))
    # "half a year", "两年半": a year and a half is eighteen months (as drafted in months), not 547.5 days
    found = [
        Period(p.value * 12, "month", p.start, p.end) if p.unit == "year" and p.value % 1 else p
        for p in found
    ]
    return sorted(found, key=lambda p: p.start)


# ---------------------------------------------------------------- percentages and amounts

_EN_PERCENT = re.compile(
    r"(?:(?P<words>"
    + EN_NUMBER_WORDS
    + r")\s*)?(?:[(（]\s*)?(?P<num>\d+(?:\.\d+)?)\s*(?:%|％|per\s*cent|percent)\s*[)）]?"
    r"|(?P<only_words>"
    + EN_NUMBER_WORDS
    + r")\s*(?:per\s*cent|percent)(?:\s*\(\s*(?P<num2>\d+(?:\.\d+)?)\s*%\s*\))?",
    re.I,
)
_ZH_PERCENT = re.compile(r"(?P<base>百|千|万)分之(?P<num>\d+(?:\.\d+)?|[" + ZH_NUMERALS + r"点]+)")
# A share written as a fraction of something: "one-quarter of the fees", "one-half (1/2) of the
# Price", "two-thirds of the Shares", "三分之一". Read as a percentage (25, 50, 66.7, 33.3).
_EN_FRACTION = re.compile(
    r"(?<![a-z-])(?:(?P<num>one|a|two|three)[\s-]+)(?P<den>half|halves|thirds?|quarters?|fourths?)"
    r"(?:\s*\(\s*\d/\d\s*\))?(?=\s+of\b(?!\s+(?:an?|the|each|any|such)\s+(?:calendar\s+|fiscal\s+|financial\s+)?(?:year|month|quarter|day)))",
    re.I,
)
# "the second half of the year", "the first quarter of 2025": which part, not how much. A bare "half
# of" is never read (a rule may see only "half of the retention" of "the second half of the retention").
_ORDINAL_BEFORE = re.compile(
    r"\b(?:first|second|third|fourth|last|latter|former|other|each|every|the)\s+$", re.I
)
_EN_FRACTION_NUM = {"one": 1, "a": 1, "two": 2, "three": 3}
_EN_FRACTION_DEN = {"half": 2, "halve": 2, "third": 3, "quarter": 4, "fourth": 4}
_ZH_FRACTION = re.compile(r"(?P<den>[二两三四五六七八九十])分之(?P<num>[一二两三四五六七八九])")


@dataclass(frozen=True)
class Percent:
    """A percentage found in text."""

    value: float
    start: int
    end: int


def percent_pattern(group: str = "pct") -> str:
    """A written percentage ("20%", "20 per cent", "20％") whose number is captured as ``group``.

    Patterns that hold several alternatives each need a group of their own name.
    """
    return rf"(?P<{group}>\d{{1,2}}(?:\.\d+)?|100)\s*(?:%|per\s*cent\b|percent\b|％)"


def find_percents(text: str) -> list[Percent]:
    """All percentages in ``text`` ("15%", "seven and a half per cent (7.5%)", "百分之二十")."""
    out: list[Percent] = []
    for m in _EN_PERCENT.finditer(text):
        if m.group("num"):
            out.append(Percent(float(m.group("num")), m.start("num"), m.end()))
        elif m.group("only_words"):
            worded = float(m.group("num2")) if m.group("num2") else words_to_number(m.group("only_words"))
            if worded is not None:
                out.append(Percent(worded, m.start(), m.end()))
    for m in _ZH_PERCENT.finditer(text):
        raw = m.group("num")
        if "点" in raw:
            whole, _, frac = raw.partition("点")
            w = zh_to_number(whole) or 0
            digits = "".join(str(int(zh_to_number(c) or 0)) for c in frac)
            value: float | None = float(f"{int(w)}.{digits or 0}")
        else:
            value = to_number(raw)
        if value is not None:
            value = value * {"百": 1.0, "千": 0.1, "万": 0.01}[m.group("base")]
            out.append(Percent(value, m.start(), m.end()))
    return _without_restatements(sorted(out, key=lambda p: p.start), text)


def find_fractions(text: str) -> list[Percent]:
    """Shares written as fractions ("one-quarter of", "two-thirds of", "三分之一"), as percentages.

    Kept apart from :func:`find_percents`: a fraction often splits a sum ("one half of the retention
    shall be released") rather than setting a rate, so only readers that know the base use it.
    """
    out: list[Percent] = []
    for m in _EN_FRACTION.finditer(text):
        num, den = m.group("num").lower(), m.group("den").lower().rstrip("s")
        if den == "halve" and num not in ("one", "a"):
            continue
        if any(p.start <= m.start() < p.end for p in out) or _ORDINAL_BEFORE.search(text[: m.start()]):
            continue
        share = _EN_FRACTION_NUM[num] / _EN_FRACTION_DEN[den]
        if share < 1:
            out.append(Percent(round(share * 100, 1), m.start(), m.end()))
    for m in _ZH_FRACTION.finditer(text):
        part, whole = zh_to_number(m.group("num")), zh_to_number(m.group("den"))
        if part and whole and part < whole:
            out.append(Percent(round(part / whole * 100, 1), m.start(), m.end()))
    return sorted(out, key=lambda p: p.start)


def _without_restatements(percents: list[Percent], text: str) -> list[Percent]:
    """One percentage for "百分之三十（30%）": the figures in brackets restate the words before them."""
    kept: list[Percent] = []
    for p in percents:
        last = kept[-1] if kept else None
        restated = last is not None and text[last.end : p.start].strip(" \t.") in ("(", "（")
        if last is not None and restated and p.value == last.value:
            kept[-1] = Percent(last.value, last.start, p.end)
            continue
        kept.append(p)
    return kept


_CURRENCY = r"(?:USD|US\$|EUR|GBP|RMB|CNY|HKD|JPY|SGD|AUD|CHF|€|£|\$|¥|人民币|美元|欧元|英镑|港币|港元)"
_EN_AMOUNT = re.compile(
    r"(?P<cur>"
    + _CURRENCY
    + r")\s?(?P<num>\d[\d,]*(?:\.\d+)?)\s*(?P<scale>million|billion|thousand|m\b|bn\b|k\b)?"
    r"(?:\s*\((?P<words>[A-Za-z\s-]+?)\))?",
    re.I,
)
# Chinese drafting names the currency before the sum, after it or both ("人民币500,000元",
# "500,000元人民币", "RMB500,000元", "人民币伍拾万元", "50万元"); a sum in 万/亿 after a currency needs
# no 元 ("人民币50万").
_ZH_AMOUNT = re.compile(
    r"(?P<cur>人民币|美元|欧元|英镑|港币|港元|RMB|CNY|[¥￥])?\s?"
    r"(?P<num>\d[\d,]*(?:\.\d+)?|[" + ZH_NUMERALS + r"]+)\s*"
    r"(?P<scale>万|亿)?\s*(?:(?P<unit>元|美元|欧元|英镑|港元)(?P<after>人民币)?)?"
)
# The one currency each way of writing it names (人民币, RMB, CNY, 元 and ¥ are all yuan: a
# Japanese contract's ¥ is read as yuan too, as the cap reading already does).
_CURRENCY_CODE = {
    "人民币": "CNY", "RMB": "CNY", "CNY": "CNY", "元": "CNY", "¥": "CNY", "￥": "CNY",
    "美元": "USD", "USD": "USD", "US$": "USD", "$": "USD", "欧元": "EUR", "EUR": "EUR", "€": "EUR",
    "英镑": "GBP", "GBP": "GBP", "£": "GBP", "港币": "HKD", "港元": "HKD", "HKD": "HKD",
}  # fmt: skip


@dataclass(frozen=True)
class Amount:
    """A sum of money with its currency and, when the text states it, the value written in words."""

    value: float
    currency: str
    start: int
    end: int
    words_value: float | None = None

    @property
    def code(self) -> str:
        """The currency whichever way it is written ("人民币", "RMB", "元" → "CNY"; unknown: as written)."""
        return _CURRENCY_CODE.get(self.currency.upper(), self.currency.upper())


def find_amounts(text: str) -> list[Amount]:
    """Money amounts ("GBP 48,500,000 (forty-eight million ...)", "人民币伍拾万元（¥500,000）").

    A Chinese sum ("人民币50万元", "RMB500,000元") is read once, whole: the English reading of its
    first part ("人民币50") is not a second amount.
    """
    chinese: list[Amount] = []
    for m in _ZH_AMOUNT.finditer(text):
        if not m.group("unit") and not (m.group("cur") and m.group("scale")):
            continue
        num = to_number(m.group("num"))
        if num is None:
            continue
        if m.group("scale"):
            num *= 10_000 if m.group("scale") == "万" else 100_000_000
        cur = m.group("cur") or m.group("after") or m.group("unit")
        chinese.append(Amount(num, cur, m.start(), m.end()))
    out = list(chinese)
    scales = {"million": 1e6, "m": 1e6, "billion": 1e9, "bn": 1e9, "thousand": 1e3, "k": 1e3}
    for m in _EN_AMOUNT.finditer(text):
        if any(a.start < m.end() and m.start() < a.end for a in chinese):
            continue
        value = float(m.group("num").replace(",", ""))
        if m.group("scale"):
            value *= scales[m.group("scale").lower()]
        words = m.group("words")
        words_value = None
        if words:
            cleaned = re.sub(
                r"\b(pounds?|sterling|dollars?|euros?|yuan|renminbi|cents?|only|us|united states)\b",
                "",
                words,
                flags=re.I,
            )
            words_value = words_to_number(cleaned)
        out.append(Amount(value, m.group("cur").upper(), m.start(), m.end(), words_value))
    return sorted(out, key=lambda a: a.start)


# How a Chinese finding or redline names each unit of a period ("30日", "6个月", "10个工作日").
ZH_UNIT_WORDS = {
    "hour": "小时",
    "day": "日",
    "calendar day": "日",
    "business day": "个工作日",
    "working day": "个工作日",
    "week": "周",
    "month": "个月",
    "quarter": "个季度",
    "year": "年",
}


def fmt_period(p: Period, zh: bool = False) -> str:
    """A period as a short human string ("30 days"; with ``zh``, "30日")."""
    value = int(p.value) if p.value == int(p.value) else p.value
    if zh:
        return f"{value}{ZH_UNIT_WORDS.get(p.unit, p.unit)}"
    return f"{value} {p.unit}{'' if value == 1 else 's'}"
