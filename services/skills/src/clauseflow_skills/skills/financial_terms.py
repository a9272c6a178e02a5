"""extract_financial_terms: amounts, percentages, periods, payment days and caps, in English and Chinese."""

from __future__ import annotations

import re

from clauseflow_contracts.skills import SkillId
from pydantic import BaseModel, Field

from clauseflow_skills.numbers import (
    CN_NUMERAL_CHARS,
    EN_NUMBER_WORD,
    chinese_to_int,
    english_to_int,
    parse_decimal,
)
from clauseflow_skills.skill import Skill, SkillContext, SkillInput, SkillOutput
from clauseflow_skills.text import normalise, sentences

_CN = f"[{CN_NUMERAL_CHARS}]+"
_NUM = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_CURRENCY_CODES = {
    "USD": "USD", "US$": "USD", "$": "USD", "DOLLARS": "USD", "US DOLLARS": "USD", "美元": "USD",
    "EUR": "EUR", "€": "EUR", "EUROS": "EUR", "欧元": "EUR",
    "GBP": "GBP", "£": "GBP", "POUNDS": "GBP", "英镑": "GBP",
    "CNY": "CNY", "RMB": "CNY", "¥": "CNY", "YUAN": "CNY", "人民币": "CNY", "元": "CNY", "圆": "CNY",
    "HKD": "HKD", "HK$": "HKD", "港币": "HKD", "港元": "HKD",
    "JPY": "JPY", "日元": "JPY", "SGD": "SGD", "AUD": "AUD", "CAD": "CAD", "CHF": "CHF",
}  # fmt: skip
_MULTIPLIERS = {
    "k": 1e3, "thousand": 1e3, "m": 1e6, "mn": 1e6, "million": 1e6, "bn": 1e9, "billion": 1e9,
    "千": 1e3, "万": 1e4, "萬": 1e4, "百万": 1e6, "千万": 1e7, "亿": 1e8, "億": 1e8,
}  # fmt: skip

_EN_PREFIX_AMOUNT = re.compile(
    rf"(?P<cur>US\$|HK\$|USD|EUR|GBP|CNY|RMB|HKD|JPY|SGD|AUD|CAD|CHF|\$|€|£|¥)\s?(?P<num>{_NUM})"
    r"(?:\s?(?P<mult>million|billion|thousand|mn|bn|m|k)\b)?",
    re.IGNORECASE,
)
_EN_SUFFIX_AMOUNT = re.compile(
    rf"(?P<num>{_NUM})\s?(?:(?P<mult>million|billion|thousand)\s)?"
    r"(?P<cur>US dollars|dollars|euros|pounds|yuan|USD|EUR|GBP|CNY|RMB|HKD|JPY|SGD|AUD|CAD|CHF)\b",
    re.IGNORECASE,
)
_ZH_AMOUNT = re.compile(
    rf"(?P<cur>人民币|美元|欧元|港币|港元|英镑|日元)?\s?(?P<num>{_NUM}|{_CN})\s?(?P<mult>百万|千万|万|萬|亿|億)?"
    r"\s?(?P<unit>美元|欧元|港元|英镑|日元|元|圆)"
)
_ZH_PREFIX_AMOUNT = re.compile(
    rf"(?P<cur>人民币|美元|欧元|港币|港元|英镑|日元)\s?(?P<num>{_NUM}|{_CN})\s?(?P<mult>百万|千万|万|萬|亿|億)?"
)
_PERCENT = re.compile(rf"(?P<num>{_NUM})\s?(?:%|percent\b|per cent\b)", re.IGNORECASE)
_ZH_PERCENT = re.compile(rf"(?P<base>百分之|千分之|万分之)\s?(?P<num>{_NUM}|{_CN})")
_EN_PERIOD = re.compile(
    rf"\b(?:(?P<word>{EN_NUMBER_WORD})\s?\(\s?(?P<num1>\d+)\s?\)|(?P<num2>\d+)|(?P<word2>{EN_NUMBER_WORD}))"
    r"[\s-]?(?P<qual>business|working|calendar|banking|clear)?\s?(?P<unit>days?|weeks?|months?|years?)\b",
    re.IGNORECASE,
)
_ZH_PERIOD = re.compile(
    rf"(?<![第每\d])(?P<num>\d+|{_CN})\s?(?P<unit>个工作日|工作日|个自然日|自然日|日历日|日|天|周|星期|个月|年)"
    r"(?P<within>内|以内|之内)?"
)
# Calendar dates are not periods: "2024年1月1日", "1月15日", "2024-01-01".
_ZH_DATE = re.compile(
    r"\d{2,4}\s?年\s?\d{1,2}\s?月(?:\s?\d{1,2}\s?日)?|\d{1,2}\s?月\s?\d{1,2}\s?日|[〇零一二三四五六七八九]{4}年"
)
_WITHIN_EN = re.compile(
    r"(?:within|no later than|not later than|not more than|at least|before)\s+$", re.IGNORECASE
)

_PAYMENT_WORDS = re.compile(
    r"\b(?:pay|paid|payment|payable|invoice|remit|settle)\w*|支付|付款|付清|结算|发票|清偿|汇付|支付款项",
    re.IGNORECASE,
)
# A notice period mentions payment ("no additional payment") without being a payment term.
_NOTICE_ONLY = re.compile(r"\bnotice\b|\bnotify|通知", re.IGNORECASE)
_CONDITIONAL_PAYMENT = re.compile(
    r"pay[- ]when[- ]paid|pay[- ]if[- ]paid|paid when paid"
    r"|receipt of payment from the (?:employer|owner|client)"
    r"|背靠背|业主支付后|收到业主|甲方收到.{0,10}款项后",
    re.IGNORECASE,
)
_CAP_WORDS = re.compile(
    r"shall not exceed|not exceed|in no event (?:shall|will)[^.;]{0,80}exceed|capped at|\bcap\b|limited to"
    r"|maximum (?:aggregate|total)|aggregate liability|up to a maximum|not more than"
    r"|不超过|不得超过|不应超过|不高于|以[^。；]{1,40}为限|上限|最高|累计总额",
    re.IGNORECASE,
)
_CAP_BASIS = re.compile(
    r"(?:the\s+)?(?:Accepted Contract Amount|Contract Price|contract price|Contract Sum|contract value|"
    r"(?:fees paid|total fees)(?:[^.;,]{0,80}?(?=[.;,]|$))?|Purchase Price|purchase price)"
    r"|签约合同价|合同总价|合同价款|合同价格|合同金额|合同总额|已付费用|转让价款|交易对价",
    re.IGNORECASE,
)

_UNIT_DAYS = {"day": 1, "week": 7, "month": 30, "year": 365}


class FinancialTermsInput(SkillInput):
    """Arguments of extract_financial_terms."""

    clause_id: str = Field(description="Id of the clause to analyse")
    text: str | None = Field(
        default=None,
        description="Analyse this text instead of the clause's own text (e.g. a proposed redline)",
    )


class MoneyAmount(BaseModel):
    """An amount of money as written, with its value and ISO currency when they can be read."""

    text: str
    value: float | None
    currency: str | None
    context: str


class Percentage(BaseModel):
    """A percentage (千分之/万分之 are converted to percent)."""

    text: str
    value: float
    context: str


class Period(BaseModel):
    """A period of time: "28 days", "twenty-eight (28) days", "30日内", "三个月"."""

    text: str
    value: int
    unit: str = Field(description="day, week, month or year")
    business_days: bool
    within: bool = Field(description="Written as a deadline ('within', '内')")
    approx_days: int
    context: str


class PaymentTerm(BaseModel):
    """A sentence about payment with its periods in days."""

    text: str
    days: list[int]
    conditional: bool = Field(
        description="Payment depends on a third party paying first (pay-when-paid, 背靠背)"
    )


class Cap(BaseModel):
    """A limit on an amount ("shall not exceed", "不超过", "以…为限")."""

    text: str
    amounts: list[MoneyAmount]
    percentages: list[float]
    basis: str | None = Field(description="What a percentage cap is measured against, e.g. 'Contract Price'")


class FinancialTermsOutput(SkillOutput):
    """Financial terms found in the clause."""

    clause_id: str
    amounts: list[MoneyAmount]
    percentages: list[Percentage]
    periods: list[Period]
    payment_terms: list[PaymentTerm]
    caps: list[Cap]


def _cut(text: str, match: re.Match[str]) -> str:
    """The matched words as written in the original (offsets are shared with the normalised text)."""
    return text[match.start() : match.end()].strip()


def _overlaps(span: tuple[int, int], taken: list[tuple[int, int]]) -> bool:
    return any(span[0] < end and start < span[1] for start, end in taken)


def _number(raw: str) -> float | None:
    if raw and raw[0].isdigit():
        return parse_decimal(raw)
    value = chinese_to_int(raw)
    return float(value) if value is not None else None


def _currency(raw: str | None) -> str | None:
    return _CURRENCY_CODES.get(raw.strip().upper()) if raw else None


def find_amounts(sentence: str, original: str | None = None) -> list[MoneyAmount]:
    """Money amounts in one (normalised) sentence, longest and most specific patterns first."""
    found: list[tuple[int, MoneyAmount]] = []
    taken: list[tuple[int, int]] = []
    for pattern in (_ZH_AMOUNT, _ZH_PREFIX_AMOUNT, _EN_PREFIX_AMOUNT, _EN_SUFFIX_AMOUNT):
        for m in pattern.finditer(sentence):
            if _overlaps(m.span(), taken):
                continue
            groups = m.groupdict()
            value = _number(groups["num"])
            mult = (groups.get("mult") or "").lower()
            if value is not None and mult:
                value *= _MULTIPLIERS.get(mult, 1.0)
            currency = _currency(groups.get("cur")) or _currency(groups.get("unit"))
            if pattern is _ZH_AMOUNT and groups.get("cur") and groups.get("unit") == "元":
                currency = _currency(groups["cur"])
            taken.append(m.span())
            found.append(
                (
                    m.start(),
                    MoneyAmount(
                        text=_cut(original or sentence, m).strip(), value=value, currency=currency, context=""
                    ),
                )
            )
    return [a for _, a in sorted(found, key=lambda x: x[0])]


def find_percentages(sentence: str, original: str | None = None) -> list[Percentage]:
    """Percentages: "10%", "10 per cent", "百分之十", "千分之五"."""
    out: list[tuple[int, Percentage]] = []
    for m in _PERCENT.finditer(sentence):
        value = parse_decimal(m.group("num"))
        if value is not None:
            out.append((m.start(), Percentage(text=_cut(original or sentence, m), value=value, context="")))
    for m in _ZH_PERCENT.finditer(sentence):
        value = _number(m.group("num"))
        if value is None:
            continue
        scale = {"百分之": 1.0, "千分之": 0.1, "万分之": 0.01}[m.group("base")]
        out.append(
            (
                m.start(),
                Percentage(text=_cut(original or sentence, m), value=round(value * scale, 6), context=""),
            )
        )
    return [p for _, p in sorted(out, key=lambda x: x[0])]


def _unit(raw: str) -> tuple[str, bool]:
    raw = raw.lower().rstrip("s")
    if raw in ("day", "日", "天", "自然日", "个自然日", "日历日"):
        return "day", False
    if raw in ("工作日", "个工作日"):
        return "day", True
    if raw in ("week", "周", "星期"):
        return "week", False
    if raw in ("month", "个月"):
        return "month", False
    return "year", False


def find_periods(sentence: str, original: str | None = None) -> list[Period]:
    """Periods of time in one sentence (calendar dates are skipped)."""
    out: list[tuple[int, Period]] = []
    for m in _EN_PERIOD.finditer(sentence):
        raw_value = m.group("num1") or m.group("num2")
        value = int(raw_value) if raw_value else english_to_int(m.group("word2") or "")
        if value is None or value == 0 or value > 3650:
            continue
        unit, business = _unit(m.group("unit"))
        qual = (m.group("qual") or "").lower()
        business = business or qual in ("business", "working", "banking")
        within = bool(_WITHIN_EN.search(sentence[max(0, m.start() - 30) : m.start()]))
        out.append((m.start(), _period(_cut(original or sentence, m), value, unit, business, within)))
    masked = _ZH_DATE.sub(lambda d: " " * len(d.group(0)), sentence)
    for m in _ZH_PERIOD.finditer(masked):
        value_f = _number(m.group("num"))
        if value_f is None or value_f == 0:
            continue
        value = int(value_f)
        unit, business = _unit(m.group("unit"))
        if unit == "year" and value >= 100:
            continue  # "2024年" is a year, not a period
        within = bool(m.group("within")) or "以内" in masked[m.end() : m.end() + 3]
        out.append((m.start(), _period(_cut(original or sentence, m), value, unit, business, within)))
    return [p for _, p in sorted(out, key=lambda x: x[0])]


def _period(text: str, value: int, unit: str, business: bool, within: bool) -> Period:
    approx = value * _UNIT_DAYS[unit]
    if business:
        approx = round(value * 7 / 5)
    return Period(
        text=text.strip(),
        value=value,
        unit=unit,
        business_days=business,
        within=within,
        approx_days=approx,
        context="",
    )


def extract(text: str, clause_id: str = "") -> FinancialTermsOutput:
    """All financial terms of a text, grouped; each item carries its sentence as context."""
    amounts: list[MoneyAmount] = []
    percentages: list[Percentage] = []
    periods: list[Period] = []
    payments: list[PaymentTerm] = []
    caps: list[Cap] = []
    for sentence in sentences(text):
        original = sentence.text
        s = normalise(original)
        context = original if len(original) <= 240 else original[:239] + "…"
        s_amounts = [a.model_copy(update={"context": context}) for a in find_amounts(s, original)]
        s_percents = [p.model_copy(update={"context": context}) for p in find_percentages(s, original)]
        s_periods = [p.model_copy(update={"context": context}) for p in find_periods(s, original)]
        amounts += s_amounts
        percentages += s_percents
        periods += s_periods
        is_cap = bool(_CAP_WORDS.search(s))
        if s_periods and _PAYMENT_WORDS.search(s) and not _NOTICE_ONLY.search(s) and not is_cap:
            payments.append(
                PaymentTerm(
                    text=context,
                    days=[p.approx_days for p in s_periods],
                    conditional=bool(_CONDITIONAL_PAYMENT.search(s)),
                )
            )
        elif _CONDITIONAL_PAYMENT.search(s):
            payments.append(PaymentTerm(text=context, days=[], conditional=True))
        if is_cap and (s_amounts or s_percents or _CAP_BASIS.search(s)):
            basis = _CAP_BASIS.search(s)
            caps.append(
                Cap(
                    text=context,
                    amounts=s_amounts,
                    percentages=[p.value for p in s_percents],
                    basis=basis.group(0).strip() if basis else None,
                )
            )
    return FinancialTermsOutput(
        clause_id=clause_id,
        amounts=amounts,
        percentages=percentages,
        periods=periods,
        payment_terms=payments,
        caps=caps,
    )


def run(args: FinancialTermsInput, ctx: SkillContext) -> FinancialTermsOutput:
    """Extract the financial terms of a clause (or of the text given)."""
    text = args.text if args.text is not None else ctx.require_document().get(args.clause_id).text
    return extract(text, args.clause_id)


SKILL: Skill[FinancialTermsInput, FinancialTermsOutput] = Skill(
    skill_id=SkillId.EXTRACT_FINANCIAL_TERMS,
    name="Financial terms",
    description=(
        "Extract the financial terms of a clause, in English or Chinese: money amounts with currency "
        "(e.g. 'USD 1,000,000', '$5m', '人民币伍拾万元', '50万元'), percentages, periods and deadlines "
        "('28 days', '30日内'), payment periods in days (flagging pay-when-paid), and caps ('shall not "
        "exceed', '不超过', '以…为限') with what they are measured against. Use it to check liability "
        "caps, liquidated damages, payment terms and notice periods."
    ),
    input_model=FinancialTermsInput,
    output_model=FinancialTermsOutput,
    run=run,
    category="extraction",
)
