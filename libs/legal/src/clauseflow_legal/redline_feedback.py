"""A reviewer's feedback applied to a clause sentence: the period, amount or percentage it asks for.

"limit to 5 years", "限于五年", "cap it at USD 2,000,000", "改为百分之二十": the figure is read
with :func:`redline_rules.wished_figures` and written into the sentence in the sentence's own
style (words and figures in English, "五年" or "5年" in Chinese as the clause writes it), changing
only the figure. A sentence with no figure of that kind but an open-ended duration ("indefinitely",
"永久") gets the period in its place. What cannot be applied is returned, so the drafter can say
why in the redline's rationale.
"""

from __future__ import annotations

import re

from clauseflow_documents.numerals import int_to_chinese, int_to_english

from clauseflow_legal.figures import ZH_NUMERALS, ZH_UNIT_WORDS
from clauseflow_legal.redline_rules import Figure, figures, is_chinese, wished_figures

_LONG = {"month", "year"}
_OPEN_ENDED_EN = re.compile(
    r"\b(?:indefinitely|in\s+perpetuity|perpetually|without\s+(?:any\s+)?limit(?:ation)?\s+(?:of|in)\s+time|for\s+an\s+unlimited\s+period)\b",
    re.I,
)
_OPEN_ENDED_ZH = re.compile(r"永久(?:有效)?|无限期|长期有效|不受期限限制")


def _number(value: float) -> int | float:
    return int(value) if value == int(value) else value


def render_period(piece: str, value: float, unit: str, zh: bool) -> str:
    """A period written like ``piece`` (the one it replaces): "thirty (30) days", "三十日", "30日"."""
    n = _number(value)
    if zh:
        words = isinstance(n, int) and not re.search(r"\d", piece)
        both = isinstance(n, int) and re.search(r"[（(]\s*\d", piece)
        if both:
            return f"{int_to_chinese(int(n))}（{n}）{ZH_UNIT_WORDS[unit]}"
        return f"{int_to_chinese(int(n)) if words else n}{ZH_UNIT_WORDS[unit]}"
    unit_word = unit + ("" if n == 1 else "s")
    if unit == "business day" and re.search(r"\bBusiness\s+Days?\b", piece):
        unit_word = unit_word.title()  # the contract's defined term keeps its capitals
    if re.match(r"[A-Za-z]", piece) and "(" in piece and isinstance(n, int):
        return f"{int_to_english(n)} ({n}) {unit_word}"
    if re.match(r"[A-Za-z]", piece) and isinstance(n, int):
        return f"{int_to_english(n)} {unit_word}"
    return f"{n} {unit_word}"


def _chinese_number(n: int | float) -> str:
    """5 → 五, 0.5 → 零点五, 12.25 → 十二点二五."""
    whole, _, decimals = f"{n}".partition(".")
    digits = "零一二三四五六七八九"
    text = int_to_chinese(int(whole)) if int(whole) else "零"
    return text + ("点" + "".join(digits[int(d)] for d in decimals) if decimals else "")


def render_percent(piece: str, value: float, zh: bool) -> str:
    """A percentage written like ``piece``: "fifteen per cent (15%)", "百分之七十五", "20%"."""
    n = _number(value)
    if zh:
        # keep the clause's own style: "百分之五十一" → "百分之七十五", "百分之51" → "百分之75"
        words = piece.startswith("百分之") and not re.search(r"\d", piece)
        written = _chinese_number(n) if words else str(n)
        return f"百分之{written}" if piece.startswith("百分之") else f"{n}%"
    if re.match(r"[A-Za-z]", piece) and isinstance(n, int):
        return f"{int_to_english(n)} per cent ({n}%)"
    if "per cent" in piece or "percent" in piece:
        return f"{n} per cent"
    return f"{n}%"


# A sum's scale word stays and only the number before it changes ("100万元" → "50万元").
_AMOUNT_SCALE = re.compile(r"\s*(?:(万)|(亿)|(thousand|k)\b|(million|m)\b|(billion|bn)\b)", re.I)
_SCALES = (10_000, 100_000_000, 1_000, 1_000_000, 1_000_000_000)
_FINANCIAL = "壹贰叁肆伍陆柒捌玖拾佰仟"


def _chinese_amount(n: int, financial: bool) -> str:
    """An integer sum in Chinese numerals (500000 → 五十万; financial: 伍拾万, as amounts are written)."""
    parts: list[str] = []
    gap = False
    for size, name in ((100_000_000, "亿"), (10_000, "万"), (1, "")):
        section, n = divmod(n, size)
        if not section:
            gap = gap or bool(parts)
            continue
        text = int_to_chinese(section)
        if parts and 10 <= section < 20:
            text = "一" + text  # 一万一千 is right, but 一万十五 is not: 一万零一十五
        if parts and (gap or section < 1000):
            text = "零" + text
        parts.append(text + name)
        gap = False
    text = "".join(parts) or "零"
    return text.translate(str.maketrans("一二三四五六七八九十百千", _FINANCIAL)) if financial else text


def render_amount(piece: str, value: float) -> str:
    """An amount written like ``piece``: only its figure changes, in the piece's own style.

    "USD 1,000,000" → "USD 2,000,000", "100万元" → "50万元", "USD 1.5 million" → "USD 2 million",
    "人民币壹佰万元" → "人民币伍拾万元" (financial numerals stay financial), "1,000,000.00" keeps its cents.
    """
    digits = re.search(r"\d[\d,]*(?:\.\d+)?", piece)
    if digits is None:
        numeral = re.search(f"[{ZH_NUMERALS}]+", piece)
        if numeral is None or value != int(value):
            return piece
        financial = any(ch in _FINANCIAL for ch in numeral.group())
        return piece[: numeral.start()] + _chinese_amount(int(value), financial) + piece[numeral.end() :]
    scale = _AMOUNT_SCALE.match(piece, digits.end())
    if scale:
        value /= next(size for size, word in zip(_SCALES, scale.groups(), strict=True) if word)
    n = _number(round(value, 6))
    old = digits.group(0)
    cents = 0 if scale else len(old.partition(".")[2])  # "1.5 million" has no cents
    grouped = "," in old or (isinstance(n, int) and n >= 10_000 and not scale)
    if cents and value == round(value, cents):
        new = f"{value:,.{cents}f}" if grouped else f"{value:.{cents}f}"
    else:
        new = f"{n:,}" if grouped and isinstance(n, int) else str(n)
    return piece[: digits.start()] + new + piece[digits.end() :]


def _closest(found: list[Figure], wish: Figure) -> Figure | None:
    """The figure of the sentence the feedback is about: same unit, else same scale, else none.

    "limit to 5 years" is about a term in months or years, never about a notice of 90 days; an
    amount in euros is not the one a feedback in dollars speaks of.
    """
    if wish.kind == "percent":
        return found[0] if found else None
    if wish.kind == "amount":
        return next((f for f in found if not wish.unit or not f.unit or f.unit == wish.unit), None)
    same = [f for f in found if f.unit == wish.unit]
    scale = [f for f in found if (f.unit in _LONG) == (wish.unit in _LONG)]
    return next(iter(same or scale), None)


def _render(text: str, target: Figure, wish: Figure, zh: bool) -> str:
    piece = text[target.start : target.end]
    if wish.kind == "period":
        return render_period(piece, wish.value, wish.unit, zh)
    if wish.kind == "percent":
        return render_percent(piece, wish.value, zh)
    return render_amount(piece, wish.value)


def _open_ended(text: str, wish: Figure, zh: bool) -> str | None:
    """A period put where the sentence leaves a duration open ("indefinitely" → "for five (5) years")."""
    rx = _OPEN_ENDED_ZH if zh else _OPEN_ENDED_EN
    m = rx.search(text)
    if m is None or wish.kind != "period":
        return None
    if zh:
        new = f"{render_period('五', wish.value, wish.unit, True)}内有效"
    else:
        new = f"for a period of {render_period('five (5)', wish.value, wish.unit, False)}"
    return text[: m.start()] + new + text[m.end() :]


def _restated(text: str, target: Figure) -> list[Figure]:
    """The same sum restated in brackets right after the target ("人民币伍拾万元（¥500,000）"):
    changed with it, or the clause would state two sums."""
    if target.kind != "amount":
        return []
    return [
        f
        for f in figures(text)
        if f.kind == "amount"
        and f.same_as(target)
        and f.start > target.start
        and re.fullmatch(r"\s*[（(]\s*", text[target.end : f.start])
    ]


def apply_feedback(original: str, feedback: str) -> tuple[str | None, list[Figure]]:
    """``original`` with the feedback's figures written in (None when nothing changed), and the
    figures it asks for that the sentence gives no place to."""
    zh = is_chinese(original)
    text = original
    missing: list[Figure] = []
    for wish in wished_figures(feedback):
        target = _closest([f for f in figures(text) if f.kind == wish.kind], wish)
        if target is None:
            opened = _open_ended(text, wish, zh)
            if opened is None:
                missing.append(wish)
            else:
                text = opened
            continue
        if not target.same_as(wish):
            for figure in sorted([target, *_restated(text, target)], key=lambda f: -f.start):
                text = text[: figure.start] + _render(text, figure, wish, zh) + text[figure.end :]
    return (text if text != original else None), missing
