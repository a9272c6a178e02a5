"""Numeral systems used in contract numbering: Roman, letters and Chinese numerals."""

from __future__ import annotations

import re

_ROMAN_VALUES = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}
_ROMAN_RE = re.compile(r"^M{0,3}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})$")

_ZH_DIGITS = {
    "零": 0,
    "〇": 0,
    "一": 1,
    "二": 2,
    "两": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
}
_ZH_UNITS = {"十": 10, "百": 100, "千": 1000}
ZH_NUMERAL_CHARS = "零〇一二三四五六七八九十百千两"

# English number words: what "twenty-eight (28) days" and "Article Three" are written with.
ENGLISH_SMALL_NUMBERS = (
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
)  # fmt: skip
ENGLISH_TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")


# "the fifth anniversary", "the second sentence": English ordinal words up to ten.
ENGLISH_ORDINALS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
    "ninth": 9, "tenth": 10,
}  # fmt: skip


def roman_to_int(text: str) -> int | None:
    """The value of a canonical Roman numeral (any case), or None if ``text`` is not one."""
    up = text.upper()
    if not up or not _ROMAN_RE.match(up):
        return None
    total = 0
    for i, ch in enumerate(up):
        value = _ROMAN_VALUES[ch]
        nxt = _ROMAN_VALUES[up[i + 1]] if i + 1 < len(up) else 0
        total += -value if value < nxt else value
    return total


def int_to_roman(value: int) -> str:
    """Upper-case Roman numeral for 1..3999."""
    pairs = [
        (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
        (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
    ]  # fmt: skip
    out = []
    for number, letters in pairs:
        while value >= number:
            out.append(letters)
            value -= number
    return "".join(out)


def letters_to_int(text: str) -> int | None:
    """Ordinal of a list letter: a=1 … z=26, aa=27 … zz=52 (the way contracts continue past z)."""
    low = text.lower()
    if not low.isascii() or not low.isalpha() or len(low) > 2:
        return None
    if len(low) == 2:
        if low[0] != low[1]:
            return None
        return 26 + ord(low[0]) - ord("a") + 1
    return ord(low) - ord("a") + 1


def int_to_letters(value: int) -> str:
    """Inverse of :func:`letters_to_int` (lower case)."""
    if value <= 26:
        return chr(ord("a") + value - 1)
    return chr(ord("a") + (value - 27) % 26) * 2


def chinese_to_int(text: str) -> int | None:
    """Value of a Chinese numeral (一, 十, 十二, 二十三, 一百零五) or arabic digits; None if neither."""
    if text.isdigit():
        return int(text)
    if not text or any(ch not in ZH_NUMERAL_CHARS for ch in text):
        return None
    total, current = 0, 0
    for ch in text:
        if ch in _ZH_DIGITS:
            current = _ZH_DIGITS[ch]
        else:
            unit = _ZH_UNITS[ch]
            total += (current or 1) * unit
            current = 0
    total += current
    # "一二三" is not a numeral but a sequence of digits; read it positionally (一二 -> 12).
    if len(text) > 1 and all(ch in _ZH_DIGITS for ch in text):
        total = int("".join(str(_ZH_DIGITS[ch]) for ch in text))
    return total


def int_to_chinese(value: int) -> str:
    """Chinese numeral for 0..9999 (十二, 二十, 一百零五)."""
    digits = "零一二三四五六七八九"
    if value < 10:
        return digits[value]
    if value < 20:
        return "十" + (digits[value - 10] if value > 10 else "")
    out = []
    units = [(1000, "千"), (100, "百"), (10, "十")]
    pending_zero = False
    for unit, name in units:
        d = value // unit
        value %= unit
        if d:
            if pending_zero:
                out.append("零")
                pending_zero = False
            out.append(digits[d] + name)
        elif out:
            pending_zero = True
    if value:
        if pending_zero:
            out.append("零")
        out.append(digits[value])
    return "".join(out)


def int_to_english(n: int) -> str:
    """English words for 0..999 ("twenty-eight")."""
    if n < 20:
        return ENGLISH_SMALL_NUMBERS[n]
    if n < 100:
        return ENGLISH_TENS[n // 10] + ("-" + ENGLISH_SMALL_NUMBERS[n % 10] if n % 10 else "")
    rest = n % 100
    return ENGLISH_SMALL_NUMBERS[n // 100] + " hundred" + (" and " + int_to_english(rest) if rest else "")
