"""Recognising the number that opens a line: ``1.1``, ``(a)``, ``Article V``, ``第十条``, ``一、`` …

A line may be read several ways (``(i)`` is the ninth letter or Roman one), so a recognised marker
carries every plausible reading; the segmenter picks the one that continues the numbering.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from clauseflow_documents.numerals import (
    ENGLISH_SMALL_NUMBERS,
    ZH_NUMERAL_CHARS,
    chinese_to_int,
    letters_to_int,
    roman_to_int,
)

# Style families. Absolute styles carry the full number ("14.2"); relative ones ("(a)") are
# numbered within their parent. Grouping styles (Part, Chapter) group clauses without taking part
# in their ids; container styles (Schedule, Exhibit) start a new numbering namespace.
ABSOLUTE = "absolute"
RELATIVE = "relative"
GROUPING = "grouping"
CONTAINER = "container"


@dataclass(frozen=True, slots=True)
class Reading:
    """One interpretation of a marker."""

    style: str  # e.g. "dec:2", "kw:article", "paren:alpha", "zh:tiao"
    value: int  # ordinal within the style (last part for decimals)
    parts: tuple[int, ...]  # numeric path for absolute styles, (value,) otherwise
    label: str  # how the number is written in an id: "14.2", "a", "V"
    family: str  # ABSOLUTE | RELATIVE | GROUPING | CONTAINER
    keyword: str = ""  # "Schedule", "Part", "Chapter" … for grouping/container ids


@dataclass(frozen=True, slots=True)
class Marker:
    """A number recognised at the start of a line."""

    readings: tuple[Reading, ...]
    raw: str  # the marker as written, e.g. "Sub-Clause 20.1", "(a)", "第十条"
    rest: str  # the remainder of the line after the marker
    rest_offset: int  # offset of ``rest`` within the line
    bare: bool = False  # a number without punctuation ("2 Scope"): only a clause if it heads a line


_KEYWORDS = {
    "sub-clause": ("kw:clause", ABSOLUTE, "Sub-Clause"),
    "subclause": ("kw:clause", ABSOLUTE, "Sub-Clause"),
    "clause": ("kw:clause", ABSOLUTE, "Clause"),
    "article": ("kw:article", ABSOLUTE, "Article"),
    "section": ("kw:section", ABSOLUTE, "Section"),
    "§": ("kw:section", ABSOLUTE, "Section"),
    "part": ("kw:part", GROUPING, "Part"),
    "chapter": ("kw:chapter", GROUPING, "Chapter"),
    "schedule": ("ct:schedule", CONTAINER, "Schedule"),
    "exhibit": ("ct:exhibit", CONTAINER, "Exhibit"),
    "annex": ("ct:annex", CONTAINER, "Annex"),
    "annexure": ("ct:annex", CONTAINER, "Annexure"),
    "appendix": ("ct:appendix", CONTAINER, "Appendix"),
    "attachment": ("ct:attachment", CONTAINER, "Attachment"),
    # A Statement of Work printed after the agreement numbers its own paragraphs afresh.
    "statement of work": ("ct:sow", CONTAINER, "Statement of Work"),
}
# Clause numbers written as words ("Article Three"), one to twenty.
_WORD_NUMBERS = {w: n for n, w in enumerate((*ENGLISH_SMALL_NUMBERS, "twenty")) if n > 0}
_NUM = r"\d{1,4}(?:\.\d{1,4})*"

_KW_RE = re.compile(
    r"(?P<kw>(?i:sub-?clause|clause|article|section|part|chapter|schedule|exhibit|annexure|annex|appendix"
    r"|attachment|statement\s+of\s+work)|§)(?i:\s+no\.?)?\s*(?P<num>"
    + _NUM
    + r"|[IVXLCDM]{1,7}|[ivxlcdm]{1,7}|[A-Z]{1,2}|(?i:"
    + "|".join(_WORD_NUMBERS)
    + r"))(?P<tail>\.?)(?=$|[\s:.)\]\-–—])"
)
_DEC_RE = re.compile(
    r"(?P<num>\d{1,4}(?:\.\d{1,4})+|\d{1,4}(?=\.))(?P<tail>\.?)(?P<kuan>款?)(?=\s|$|[\u3400-\u9fff]|\*\*|__)"
)
_PAREN_RE = re.compile(
    r"(?P<open>[(（])(?P<num>[a-z]{1,4}|[A-Z]{1,4}|\d{1,3}|[" + ZH_NUMERAL_CHARS + r"]{1,4})[)）]"
)
_BRACKET_RE = re.compile(r"(?P<num>[a-z]{1,3}|\d{1,2})\)(?=\s)")
_NUM_BRACKET_RE = re.compile(r"(?P<num>\d{1,2})(?:\)(?=[ \t]|$|[\u3400-\u9fff])|）)")
_ZH_ORD_RE = re.compile(
    r"第\s*(?P<num>[" + ZH_NUMERAL_CHARS + r"\d]{1,6})\s*(?P<unit>条|章|节|部分|款)(?![的规约所中项下之])"
)
_ZH_DUN_RE = re.compile(r"(?P<num>[" + ZH_NUMERAL_CHARS + r"]{1,4})\s*[、．]")
_LETTER_DOT_RE = re.compile(r"(?P<num>[A-Z]|[a-z]|[ivx]{1,4}|[IVX]{1,4})\.(?=[ \t]+\S)")
_BARE_RE = re.compile(r"(?P<num>\d{1,3})(?=[ \t]+[A-Z])")
_ZH_NUMDUN_RE = re.compile(r"(?P<num>\d{1,3})\s*、")
_ZH_ANNEX_RE = re.compile(
    r"(?P<kw>附件|附表|附录)\s*(?P<num>[" + ZH_NUMERAL_CHARS + r"\d]{1,4})(?![的规约所中])"
)

_FIRST_CHARS = frozenset("0123456789(（第§附" + ZH_NUMERAL_CHARS + "sScCaApPeEmMiIvVxX")


def read_marker(line: str) -> Marker | None:
    """The numbering marker opening ``line`` (already stripped of leading spaces), or None."""
    if not line or (line[0] not in _FIRST_CHARS and not line[0].isalpha()):
        return None
    first = line[0]
    if first.isdigit():
        return _read_decimal(line)
    if first in "(（":
        return _read_paren(line)
    if first == "第":
        return _read_zh_ordinal(line)
    if first in ZH_NUMERAL_CHARS:
        return _read_zh_dun(line)
    if first == "附":
        return _read_zh_annex(line)
    marker = _read_keyword(line)
    if marker is None and first.isascii() and first.isalpha():
        return _read_bracket(line) or _read_letter_dot(line)
    return marker


def _marker(readings: list[Reading], line: str, end: int) -> Marker | None:
    if not readings:
        return None
    rest_offset = end
    while rest_offset < len(line) and line[rest_offset] in " \t　*_":
        rest_offset += 1
    return Marker(tuple(readings), line[:end].strip(), line[rest_offset:], rest_offset)


def _read_decimal(line: str) -> Marker | None:
    m = _DEC_RE.match(line)
    if m:
        num = m.group("num")
        parts = tuple(int(p) for p in num.split("."))
        if len(parts) == 2 and parts[1] == 0:
            parts = parts[:1]  # "2.0 Scope" heads clause 2 (its sub-clauses are 2.1, 2.2 …)
        return _marker([Reading(f"dec:{len(parts)}", parts[-1], parts, num, ABSOLUTE)], line, m.end())
    m = _NUM_BRACKET_RE.match(line)
    if m:
        # "1) Duties of the Supplier", "1）合同标的"
        return _marker(_paren_readings(m.group("num"), "bracket"), line, m.end())
    m = _BARE_RE.match(line)
    if m:
        value = int(m.group("num"))
        marker = _marker([Reading("dec:1", value, (value,), str(value), ABSOLUTE)], line, m.end())
        return replace(marker, bare=True) if marker else None
    m = _ZH_NUMDUN_RE.match(line)
    if m:
        value = int(m.group("num"))
        return _marker([Reading("zh:numdun", value, (value,), str(value), RELATIVE)], line, m.end())
    return None


def _paren_readings(token: str, prefix: str) -> list[Reading]:
    readings: list[Reading] = []
    if token.isdigit():
        return [Reading(f"{prefix}:num", int(token), (int(token),), token, RELATIVE)]
    zh = chinese_to_int(token)
    if zh is not None:
        return [Reading("zh:paren", zh, (zh,), str(zh), RELATIVE)]
    roman = roman_to_int(token)
    case = "lower" if token.islower() else "upper"
    letter = letters_to_int(token)
    if letter is not None:
        readings.append(Reading(f"{prefix}:alpha-{case}", letter, (letter,), token, RELATIVE))
    if roman is not None:
        readings.append(Reading(f"{prefix}:roman-{case}", roman, (roman,), token, RELATIVE))
    return readings


def _read_paren(line: str) -> Marker | None:
    m = _PAREN_RE.match(line)
    if not m:
        return None
    token = m.group("num")
    end = m.end()
    is_zh = chinese_to_int(token) is not None and not token.isdigit()
    # "(a)text" is unusual in English but normal in Chinese "（一）甲方…".
    if not is_zh and end < len(line) and not line[end].isspace() and not _is_cjk(line[end]):
        return None
    return _marker(_paren_readings(token, "paren"), line, end)


def _read_bracket(line: str) -> Marker | None:
    m = _BRACKET_RE.match(line)
    if not m:
        return None
    return _marker(_paren_readings(m.group("num"), "bracket"), line, m.end())


def _read_letter_dot(line: str) -> Marker | None:
    m = _LETTER_DOT_RE.match(line)
    if not m:
        return None
    return _marker(_paren_readings(m.group("num"), "dot"), line, m.end())


def _read_keyword(line: str) -> Marker | None:
    m = _KW_RE.match(line)
    if not m:
        return None
    kw = " ".join(m.group("kw").lower().replace("subclause", "sub-clause").split())
    style, family, name = _KEYWORDS.get(kw, _KEYWORDS["clause"])
    num = m.group("num")
    end = m.end()
    readings: list[Reading] = []
    if num[0].isdigit():
        parts = tuple(int(p) for p in num.split("."))
        if family == ABSOLUTE and len(parts) > 1:
            readings.append(Reading(f"dec:{len(parts)}", parts[-1], parts, num, ABSOLUTE))
        else:
            readings.append(Reading(style, parts[-1], parts, num, family, name))
    elif num.lower() in _WORD_NUMBERS:
        value = _WORD_NUMBERS[num.lower()]
        readings.append(Reading(style, value, (value,), str(value), family, name))
    else:
        roman = roman_to_int(num)
        if family == ABSOLUTE:
            if roman is None:
                return None
            # "Article V" is cited as Article 5: the id uses arabic numerals.
            readings.append(Reading(style, roman, (roman,), str(roman), family, name))
        else:
            letter = letters_to_int(num) if num.isupper() else None
            if roman is not None:
                readings.append(Reading(style, roman, (roman,), num, family, name))
            if letter is not None and (roman is None or len(num) == 1):
                readings.append(Reading(style + ":alpha", letter, (letter,), num, family, name))
            if not readings:
                return None
    return _marker(readings, line, end)


def _read_zh_ordinal(line: str) -> Marker | None:
    m = _ZH_ORD_RE.match(line)
    if not m:
        return None
    value = chinese_to_int(m.group("num"))
    if value is None:
        return None
    unit = m.group("unit")
    if unit == "条":
        reading = Reading("zh:tiao", value, (value,), str(value), ABSOLUTE)
    elif unit in ("章", "部分"):
        reading = Reading(
            "zh:chapter", value, (value,), str(value), GROUPING, "Chapter" if unit == "章" else "Part"
        )
    elif unit == "节":
        reading = Reading("zh:jie", value, (value,), str(value), GROUPING, "Section")
    else:
        reading = Reading("zh:kuan", value, (value,), str(value), RELATIVE)
    return _marker([reading], line, m.end())


def _read_zh_dun(line: str) -> Marker | None:
    m = _ZH_DUN_RE.match(line)
    if not m:
        return None
    value = chinese_to_int(m.group("num"))
    if value is None:
        return None
    return _marker([Reading("zh:dun", value, (value,), str(value), RELATIVE)], line, m.end())


def _read_zh_annex(line: str) -> Marker | None:
    m = _ZH_ANNEX_RE.match(line)
    if not m:
        return None
    value = chinese_to_int(m.group("num"))
    if value is None:
        return None
    return _marker([Reading("ct:annex", value, (value,), str(value), CONTAINER, "Annex")], line, m.end())


def _is_cjk(ch: str) -> bool:
    return "\u3400" <= ch <= "\u9fff" or "\u3000" <= ch <= "\u303f" or "\uff00" <= ch <= "\uffef"
