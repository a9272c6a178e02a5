"""Redlines from the playbook's fallback language, and their validation.

A redline replaces the risky sentence with a rewritten one. Where the risk lies in a number
(a period, a cap, a percentage) the sentence itself is rewritten with the playbook's value, so
the rest of the drafting survives; otherwise the playbook's fallback sentence replaces it.
The proposed text is in the clause's own language (an English contract reviewed in Chinese
still gets English contract text); the reason is in the review language.
"""

from __future__ import annotations

import re
from typing import Any

from clauseflow_shared.legal.parties import ROLES, infer_parties, roles_in
from clauseflow_shared.legal.playbook import load_playbook
from clauseflow_shared.legal.text import Period, find_percents, find_periods, split_sentences

_SMALL = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
]
_TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]


def number_to_words(n: int) -> str:
    """English words for 0..999 ("twenty-eight")."""
    if n < 20:
        return _SMALL[n]
    if n < 100:
        return _TENS[n // 10] + ("-" + _SMALL[n % 10] if n % 10 else "")
    rest = n % 100
    return _SMALL[n // 100] + " hundred" + (" and " + number_to_words(rest) if rest else "")


# risk type -> (unit family, target value, unit) for number-carried risks
_PERIOD_TARGETS: dict[str, tuple[float, str]] = {
    "claim_time_bar": (28, "day"),
    "payment_terms_unfavourable": (30, "day"),
    "post_termination_obligations": (60, "day"),
    "liability_cap_inadequate": (12, "month"),
    "ma_claim_limitations_unfavourable": (24, "month"),
    "ma_price_mechanism_risk": (6, "month"),
}
_PERCENT_TARGETS: dict[str, float] = {
    "security_insurance_burden": 10,
    "liquidated_damages_excessive": 10,
    "ma_claim_limitations_unfavourable": 30,
    "sha_exit_rights_unfavourable": 75,
}


def _is_zh(text: str) -> bool:
    cjk = len(re.findall(r"[\u4e00-\u9fff]", text))
    return cjk > max(4, len(text) * 0.15)


def _render_period(original: str, p: Period, value: float, unit: str, zh: bool) -> str:
    n = int(value) if value == int(value) else value
    piece = original[p.start : p.end]
    if zh:
        zh_unit = {
            "day": "日",
            "business day": "个工作日",
            "month": "个月",
            "year": "年",
            "hour": "小时",
            "week": "周",
        }[unit]
        return f"{n}{zh_unit}"
    plural = "" if n == 1 else "s"
    unit_word = {"business day": "business day"}.get(unit, unit) + plural
    if re.match(r"[A-Za-z]", piece) and "(" in piece and isinstance(n, int):
        return f"{number_to_words(n)} ({n}) {unit_word}"
    if re.match(r"[A-Za-z]", piece) and isinstance(n, int):
        return f"{number_to_words(n)} {unit_word}"
    return f"{n} {unit_word}"


_DIRECTIVE = re.compile(
    r"propos\w*|use|make\s+it|should\s+be|change\s+(?:it\s+)?to|instead|at\s+least|increase\s+to|reduce\s+to|"
    r"改为|调整为|修改为|应为|建议|至少|不少于|不超过",
    re.I,
)


def _wished(found: list[Any], feedback: str) -> list[Any]:
    """The value(s) the reviewer asks for: those after a directive ("propose 6 months"), else the last one."""
    if not found:
        return []
    directives = [m.end() for m in _DIRECTIVE.finditer(feedback)]
    after = [f for f in found if any(d <= f.start for d in directives)]
    return after[-1:] if after else found[-1:]


def _rewrite_numbers(risk_type: str, original: str, feedback: str) -> str | None:
    """Rewrite the period or percentage that carries the risk, with the playbook's or reviewer's value."""
    zh = _is_zh(original)
    fb_periods = _wished(find_periods(feedback), feedback) if feedback else []
    fb_percents = _wished(find_percents(feedback), feedback) if feedback else []
    if risk_type in _PERCENT_TARGETS or (fb_percents and find_percents(original)):
        pcts = find_percents(original)
        if pcts:
            target = fb_percents[0].value if fb_percents else _PERCENT_TARGETS.get(risk_type)
            if target is not None and target != pcts[0].value:
                pc = pcts[0]
                piece = original[pc.start : pc.end]
                n = int(target) if target == int(target) else target
                if zh:
                    new = f"百分之{n}" if piece.startswith("百分之") else f"{n}%"
                elif re.match(r"[A-Za-z]", piece) and isinstance(n, int):
                    new = f"{number_to_words(n)} per cent ({n}%)"
                elif "per cent" in piece or "percent" in piece:
                    new = f"{n} per cent"
                else:
                    new = f"{n}%"
                # keep a "(15%)" figure that follows a words form in step
                return original[: pc.start] + new + original[pc.end :]
    if risk_type in _PERIOD_TARGETS or fb_periods:
        periods = find_periods(original)
        if not periods:
            return None
        target_value, target_unit = _PERIOD_TARGETS.get(risk_type, (periods[0].value, periods[0].unit))
        if fb_periods:
            target_value, target_unit = fb_periods[0].value, fb_periods[0].unit
        # choose the period to change: for renewal clauses the renewal term, otherwise the first
        p = periods[0]
        if target_unit == p.unit and target_value == p.value:
            return None
        if not fb_periods and target_unit in {"month", "year"} and p.unit in {"day", "business day", "week"}:
            target_value, target_unit = round(target_value * 30), "day"
        if not fb_periods and target_unit == "day" and p.unit in {"month", "year"}:
            target_value, target_unit = max(1, round(target_value / 30)), "month"
        if not fb_periods:
            # never make a period worse for us: a claim/notice window only grows, a payment term only shrinks
            grows = risk_type != "payment_terms_unfavourable"
            new_days = (
                target_value
                * {"day": 1, "business day": 1.4, "week": 7, "month": 30, "year": 365, "hour": 1 / 24}[
                    target_unit
                ]
            )
            if (grows and new_days <= p.days) or (not grows and new_days >= p.days):
                return None
        return (
            original[: p.start]
            + _render_period(original, p, target_value, target_unit, zh)
            + original[p.end :]
        )
    return None


def _renewal_rewrite(original: str) -> str | None:
    periods = find_periods(original)
    if len(periods) < 1:
        return None
    zh = _is_zh(original)
    text = original
    for p in sorted(periods, key=lambda x: -x.start):
        if p.unit in {"month", "year"} and p.months > 12:
            text = text[: p.start] + _render_period(original, p, 12, "month", zh) + text[p.end :]
        elif p.unit in {"day", "business day"} and p.days >= 90:
            text = text[: p.start] + _render_period(original, p, 60, "day", zh) + text[p.end :]
    return text if text != original else None


def _party_name(
    roles: tuple[str, ...], names: tuple[str, ...], clause_text: str, zh: bool, fallback: str
) -> str:
    """How the clause itself names a party: the alias of its role (or its name) that occurs in the text."""
    aliases: list[str] = []
    for role in roles:
        en, zh_aliases = ROLES[role]
        aliases += list(zh_aliases if zh else en) + list(en if zh else zh_aliases)
    aliases += list(names)
    present = [a for a in aliases if re.search(rf"(?<![A-Za-z]){re.escape(a)}(?![A-Za-z])", clause_text)]
    label = present[0] if present else (aliases[0] if aliases else "")
    if not label:
        return fallback
    if zh or re.search(r"[\u4e00-\u9fff]", label):
        return label
    bare = re.search(rf"(?<!the )(?<!The )\b{re.escape(label)}\b", clause_text)
    the = re.search(rf"\b[Tt]he\s+{re.escape(label)}\b", clause_text)
    if label in names or (bare and not the):
        return label
    return f"the {label}"


def _fill(template: str, us: str, them: str) -> str:
    text = template.replace("{us}", us).replace("{them}", them)
    text = re.sub(r"\bthe the\b", "the", text)
    return text[:1].upper() + text[1:] if text and text[0].isalpha() else text


def draft_redline(
    risk: dict[str, Any] | Any,
    clause_text: str,
    language: str = "en",
    *,
    our_party: str = "",
    other_parties: list[str] | None = None,
    domain: str = "generic",
    feedback: str = "",
) -> tuple[str, str, str]:
    """(original_text, proposed_text, reason) fixing ``risk`` in ``clause_text``.

    ``original_text`` is the risk's quote when it occurs verbatim in the clause (else the
    clause's first sentence); ``proposed_text`` is a rewritten clause sentence taken from the
    playbook's fallback position, taking reviewer ``feedback`` (e.g. "make it 60 days") into account.
    """
    data = (
        risk
        if isinstance(risk, dict)
        else (risk.model_dump() if hasattr(risk, "model_dump") else dict(vars(risk)))
    )
    risk_type = str(data.get("risk_type") or "")
    original = str(data.get("original_text") or "")
    if not original or original not in clause_text:
        sentences = split_sentences(clause_text)
        original = sentences[0].text if sentences else clause_text.strip()
    playbook = load_playbook(domain if domain in {"generic", "fidic", "sha_spa"} else "generic")
    entry = playbook.for_risk(risk_type)
    contract_zh = _is_zh(clause_text)
    review_zh = language.startswith("zh")

    candidates: list[str] = []
    if risk_type == "auto_renewal_lock_in" and not feedback:
        candidates.append(_renewal_rewrite(original) or "")
    if risk_type not in {
        "uncapped_liability",
        "indemnity_one_sided",
        "ip_ownership_transfer",
        "data_protection_gap",
    }:
        candidates.append(_rewrite_numbers(risk_type, original, feedback) or "")
    if risk_type in {"broken_cross_reference", "undefined_term", "internal_inconsistency"}:
        candidates.append(_drafting_fix(risk_type, original, contract_zh) or "")
    if entry is not None:
        parties = infer_parties(our_party, other_parties, clause_text)
        us = _party_name(
            parties.our_roles,
            parties.our_names,
            clause_text,
            contract_zh,
            "相关方" if contract_zh else "the relevant Party",
        )
        their_roles = parties.their_roles + tuple(
            r for r in roles_in(clause_text) if r not in parties.our_roles
        )
        them = _party_name(
            their_roles,
            parties.their_names,
            clause_text,
            contract_zh,
            "另一方" if contract_zh else "the other Party",
        )
        templates = entry.position("zh-CN" if contract_zh else "en").redline
        template = _pick_template(templates, original, feedback)
        if template and "{fixed}" not in template:
            filled = _fill(template, us, them)
            candidates.append((_rewrite_numbers(risk_type, filled, feedback) if feedback else None) or filled)
    candidates.append(_soften(original, contract_zh))
    candidates = [c for c in dict.fromkeys(candidates) if c and c.strip() != original.strip()]
    # The first candidate that really removes the risk wins (checked by reviewing the rewritten clause).
    feedback_rewrite = _rewrite_numbers(risk_type, original, feedback) if feedback else None
    if feedback_rewrite and feedback_rewrite.strip() != original.strip():
        proposed = feedback_rewrite  # the reviewer's figure wins over the playbook's
    else:
        proposed = next(
            (
                c
                for c in candidates
                if not _still_risky(risk_type, clause_text, original, c, our_party, domain)
            ),
            candidates[0],
        )
    fallback_text = entry.position(language).fallback if entry else ""
    if review_zh:
        reason = f"按照审查手册的备选立场修改：{fallback_text}" if fallback_text else "修改以消除该风险。"
        if feedback:
            reason += f" 已根据审阅意见调整：{feedback}"
    else:
        reason = (
            f"Rewritten to the playbook's fallback position: {fallback_text}"
            if fallback_text
            else "Rewritten to remove the risk."
        )
        if feedback:
            reason += f" Adjusted for the reviewer's feedback: {feedback}"
    return original, proposed, reason


def _still_risky(
    risk_type: str, clause_text: str, original: str, proposed: str, our_party: str, domain: str
) -> bool:
    from clauseflow_shared.legal.analysis import analyse_clause  # local: analysis imports this module

    rewritten = clause_text.replace(original, proposed, 1)
    return any(
        r["risk_type"] == risk_type and (r["original_text"] in proposed or proposed in r["original_text"])
        for r in analyse_clause(rewritten, our_party=our_party, domain=domain)
    )


def _pick_template(templates: tuple[str, ...], original: str, feedback: str) -> str:
    if not templates:
        return ""
    if len(templates) == 1:
        return templates[0]
    # Choose the template that shares most vocabulary with the risky sentence.
    words = set(re.findall(r"[A-Za-z]{4,}|[\u4e00-\u9fff]{2}", (original + " " + feedback).lower()))
    return max(
        templates, key=lambda t: len(words & set(re.findall(r"[A-Za-z]{4,}|[\u4e00-\u9fff]{2}", t.lower())))
    )


def _drafting_fix(risk_type: str, original: str, zh: bool) -> str | None:
    if risk_type == "internal_inconsistency":
        m = re.search(r"\(([A-Za-z\s,-]+)\)", original)
        if m and find_periods(original) == [] and re.search(r"\d", original):
            from clauseflow_shared.legal.text import find_amounts

            amounts = find_amounts(original)
            if amounts:
                value = int(amounts[0].value)
                words = _money_words(value)
                if words:
                    return original[: m.start(1)] + words + original[m.end(1) :]
        m2 = re.search(r"\b([a-z][a-z\s-]+)\((\d+)\)", original, re.I)
        if m2:
            return (
                original[: m2.start(1)]
                + number_to_words(int(m2.group(2)))
                + " "
                + original[m2.start(2) - 1 :]
            )
    return None


def _money_words(value: int) -> str:
    if value <= 0 or value >= 10**12:
        return ""
    parts = []
    for scale, name in ((10**9, "billion"), (10**6, "million"), (10**3, "thousand"), (1, "")):
        chunk = value // scale % 1000
        if chunk:
            parts.append(number_to_words(chunk) + (f" {name}" if name else ""))
    return " ".join(parts)


def _soften(original: str, zh: bool) -> str:
    """Last resort: qualify the sentence so that it operates reasonably and mutually."""
    body = original.rstrip("。.;；")
    if zh:
        return f"{body}，但该等权利和义务应由双方对等享有和承担，并以合理且适当的方式行使。"
    return f"{body}, provided that this applies equally to both Parties and is exercised reasonably and in good faith."  # noqa: E501


def check_redline(
    redline: dict[str, Any],
    clause_text: str,
    risks: list[dict[str, Any]] | None = None,
    *,
    our_party: str = "",
    domain: str = "generic",
    language: str = "en",
) -> list[str]:
    """Problems with a redline (empty list = valid): verbatim original, real change, risk addressed.

    "Addressed" is checked by reviewing the clause again with the change applied: the risk the
    redline is for must no longer be found in the rewritten text.
    """
    from clauseflow_shared.legal.analysis import analyse_clause  # local: analysis imports this module

    zh = language.startswith("zh")
    issues: list[str] = []
    original = str(redline.get("original_text") or "")
    proposed = str(redline.get("proposed_text") or "")
    if not original or original not in clause_text:
        issues.append(
            "原文未逐字出现在条款中" if zh else "original_text does not occur verbatim in the clause"
        )
    if not proposed.strip():
        issues.append("修改建议为空" if zh else "proposed_text is empty")
    elif proposed.strip() == original.strip():
        issues.append("修改建议与原文相同" if zh else "proposed_text is identical to original_text")
    if issues or not risks:
        return issues
    risk = None
    idx = redline.get("risk_index")
    if isinstance(idx, int) and 0 <= idx < len(risks):
        risk = risks[idx]
    else:
        rid = redline.get("risk_id")
        risk = next((r for r in risks if rid and rid in (r.get("id"), r.get("risk_id"))), None) or next(
            (
                r
                for r in risks
                if (str(r.get("original_text") or "") and str(r.get("original_text")) in original)
                or original in str(r.get("original_text") or "")
            ),
            None,
        )
    if risk is None:
        issues.append(
            "该修改未对应任何已识别的风险" if zh else "the redline does not address any identified risk"
        )
        return issues
    rewritten = clause_text.replace(original, proposed, 1)
    still = [
        r
        for r in analyse_clause(rewritten, our_party=our_party, domain=domain, language=language)
        if r["risk_type"] == risk.get("risk_type")
        and (r["original_text"] in proposed or proposed in r["original_text"])
    ]
    if still:
        issues.append(
            f"修改后的文本仍存在{risk.get('risk_type')}风险"
            if zh
            else f"the rewritten text still carries the {risk.get('risk_type')} risk"
        )
    return issues
