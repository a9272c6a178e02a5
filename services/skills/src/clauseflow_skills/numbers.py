"""Numbers as written in contracts: digits with separators, English words, Chinese numerals."""

from __future__ import annotations

import re

_CN_DIGITS = {
    "零": 0, "〇": 0, "一": 1, "壹": 1, "二": 2, "贰": 2, "貳": 2, "两": 2, "兩": 2, "三": 3, "叁": 3,
    "參": 3, "四": 4, "肆": 4, "五": 5, "伍": 5, "六": 6, "陆": 6, "陸": 6, "七": 7, "柒": 7,
    "八": 8, "捌": 8, "九": 9, "玖": 9,
}  # fmt: skip
_CN_SMALL_UNITS = {"十": 10, "拾": 10, "百": 100, "佰": 100, "千": 1000, "仟": 1000}
_CN_BIG_UNITS = {"万": 10_000, "萬": 10_000, "亿": 100_000_000, "億": 100_000_000}
CN_NUMERAL_CHARS = "".join([*_CN_DIGITS, *_CN_SMALL_UNITS, *_CN_BIG_UNITS])

_EN_WORDS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
    "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30,
    "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
    "hundred": 100,
}  # fmt: skip
EN_NUMBER_WORD = (
    r"(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[- ](?:one|two|three|four|five|six|"
    r"seven|eight|nine))?|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|"
    r"fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|(?:one |a )?hundred)"
)


def chinese_to_int(text: str) -> int | None:
    """Chinese numerals (常用 and 大写) to an int: "伍拾万" → 500000, "三十" → 30, "十五" → 15."""
    if not text or any(ch not in CN_NUMERAL_CHARS for ch in text):
        return None
    total = 0  # completed 亿/万 sections
    section = 0  # within the current 万 section
    digit: int | None = None
    for ch in text:
        if ch in _CN_DIGITS:
            digit = _CN_DIGITS[ch]
        elif ch in _CN_SMALL_UNITS:
            section += (digit if digit is not None else 1) * _CN_SMALL_UNITS[ch]
            digit = None
        else:
            big = _CN_BIG_UNITS[ch]
            section += digit or 0
            digit = None
            if big == 100_000_000:
                total = (total + section) * big
            else:
                total += section * big
            section = 0
    section += digit or 0
    return total + section


def english_to_int(text: str) -> int | None:
    """English number words to an int: "twenty-eight" → 28, "one hundred" → 100."""
    words = re.split(r"[\s-]+", text.strip().lower())
    if not words or any(w not in _EN_WORDS and w not in ("a", "and") for w in words):
        return None
    value = 0
    for word in words:
        if word in ("a", "and"):
            continue
        n = _EN_WORDS[word]
        value = max(value, 1) * n if n == 100 else value + n
    return value


def parse_decimal(text: str) -> float | None:
    """Digits with thousands separators ("1,000,000.50", "1 000") to a float."""
    cleaned = re.sub(r"[,\s']", "", text)
    try:
        return float(cleaned)
    except ValueError:
        return None
