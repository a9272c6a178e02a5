"""Group L: drafting defects, reported whatever the perspective.

Broken references and undefined terms need the whole document, so they are read from the
skills' results (``cross_reference_check``, ``get_clause_context``) or from the metadata;
words-versus-figures inconsistencies are visible in the clause itself.
"""

# ruff: noqa: E501  -- legal regexes, bilingual findings and clause fixtures read better unbroken

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from clauseflow_shared.documents.definitions import is_ordinary_term, term_forms
from clauseflow_shared.legal.parties import roles_in
from clauseflow_shared.legal.rules.base import ClauseContext, Finding, span
from clauseflow_shared.legal.rules.commercial import words_vs_digits
from clauseflow_shared.legal.text import Sentence, find_amounts, zh_to_number


def _walk(obj: Any) -> Iterator[dict[str, Any]]:
    if isinstance(obj, dict):
        yield obj
        for v in obj.values():
            yield from _walk(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from _walk(v)


def _sentence_at(ctx: ClauseContext, pos: int) -> Sentence | None:
    for s in ctx.sentences:
        if s.start <= pos < s.end:
            return s
    return None


def inconsistency(ctx: ClauseContext) -> list[Finding]:
    """Amounts or numbers whose words and figures disagree, and conflicts reported by the skills."""
    for a in find_amounts(ctx.text):
        if a.words_value is not None and abs(a.words_value - a.value) > 0.5:
            s = _sentence_at(ctx, a.start)
            if s is None:
                continue
            return [
                Finding(
                    "internal_inconsistency",
                    "high",
                    Sentence(ctx.text[a.start : a.end], a.start),
                    ctx.t(
                        f"The amount in figures ({a.value:,.0f}) differs from the amount in words ({a.words_value:,.0f}).",
                        f"金额的数字（{a.value:,.0f}）与文字（{a.words_value:,.0f}）不一致。",
                    ),
                    ctx.t(
                        "Which figure is payable is uncertain, a classic source of disputes.",
                        "应付金额不确定，这是争议的常见根源。",
                    ),
                    ctx.t(
                        "Align words and figures and state which prevails.",
                        "统一数字和文字并约定以何者为准。",
                    ),
                )
            ]
    for m in re.finditer(
        r"([壹贰叁肆伍陆柒捌玖拾佰仟万亿零]+)(?:元|圆)整?.{0,12}?[（(]\s*(?:小写[:：]?\s*)?(?:人民币)?[¥￥]?\s*([\d,]+(?:\.\d+)?)",
        ctx.text,
    ):
        words = zh_to_number(m.group(1))
        figures = float(m.group(2).replace(",", ""))
        if words is not None and abs(words - figures) > 0.5:
            return [
                Finding(
                    "internal_inconsistency",
                    "high",
                    Sentence(m.group(0), m.start()),
                    ctx.t(
                        f"Amount in words ({words:,.0f}) and figures ({figures:,.0f}) differ.",
                        f"金额大写（{words:,.0f}）与小写（{figures:,.0f}）不一致。",
                    ),
                    ctx.t("Which figure is payable is uncertain.", "应付金额不确定。"),
                    ctx.t(
                        "Align words and figures and state which prevails.",
                        "统一大小写金额并约定以何者为准。",
                    ),
                )
            ]
    for start, end, w, fig in words_vs_digits(ctx.text):
        return [
            Finding(
                "internal_inconsistency",
                "medium",
                Sentence(ctx.text[start:end], start),
                ctx.t(
                    f"A number is written as {w:g} in words but {fig:g} in figures.",
                    f"同一数字文字写作{w:g}，数字写作{fig:g}。",
                ),
                ctx.t("The period or quantity that applies is uncertain.", "适用的期限或数量不确定。"),
                ctx.t("Align words and figures.", "统一文字与数字。"),
            )
        ]
    for d in _walk(ctx.tool_results):
        kind = " ".join(str(d.get(k) or "") for k in ("type", "kind", "issue", "risk_type")).lower()
        if not any(k in kind for k in ("inconsisten", "conflict", "contradict", "mismatch")):
            continue
        quote = str(d.get("quote") or d.get("text") or d.get("original_text") or d.get("evidence") or "")
        if quote and quote in ctx.text:
            pos = ctx.text.index(quote)
            detail = str(d.get("detail") or d.get("description") or d.get("message") or "")
            return [
                Finding(
                    "internal_inconsistency",
                    "medium",
                    Sentence(quote, pos),
                    ctx.t(
                        f"This provision conflicts with another part of the contract. {detail}".strip(),
                        f"本条与合同其他部分冲突。{detail}".strip(),
                    ),
                    ctx.t(
                        "Conflicting provisions leave the applicable rule uncertain.",
                        "相互冲突的条款使适用规则不确定。",
                    ),
                    ctx.t("Align the provisions or state which prevails.", "统一条款或约定优先顺序。"),
                )
            ]
    return []


def _falsy(v: Any) -> bool:
    return v is False or (
        isinstance(v, str) and v.lower() in {"false", "no", "missing", "unresolved", "broken", "not_found"}
    )


_ATTACHMENT = re.compile(r"^\s*(?:Schedule|Annex|Appendix|Exhibit|Attachment|Annexure|附件|附录|附表)", re.I)
_ISSUE_RAW = re.compile(
    r"^\s*['‘“\"](?P<raw>[^'’”\"]+)['’”\"]\s+refers\s+to\s+a\s+clause\s+that\s+does\s+not\s+exist"
)


def _reference_results(ctx: ClauseContext) -> Iterator[dict[str, Any]]:
    yield from _walk(
        [ctx.tool_results, ctx.metadata.get("broken_references"), ctx.metadata.get("cross_references")]
    )


def _dangling(ctx: ClauseContext) -> list[str]:
    """References the skills report as unresolved, in the shapes they use.

    ``cross_reference_check`` gives ``references: [{raw, target, resolved}]`` plus readable
    ``issues`` ("'Clause 19.4' refers to a clause that does not exist ..."); ``get_clause_context``
    gives ``references_out: [{raw, target, resolved}]``; metadata may list raw strings.
    """
    out: list[str] = []
    resolved_kinds: set[str] = set()
    for d in _reference_results(ctx):
        raw = d.get("raw") or d.get("reference") or d.get("text") or d.get("target")
        if not isinstance(raw, str) or not raw.strip():
            raw = None
        unresolved = any(_falsy(d.get(k)) for k in ("resolved", "exists", "valid", "status"))
        if raw and (unresolved or d.get("broken") is True):
            out.append(raw.strip())
        if raw and (d.get("resolved") is True or d.get("kind_reproduced") is True):
            kind = _ATTACHMENT.match(raw)
            if kind:
                resolved_kinds.add(kind.group(0).strip().lower())
        for issue in d.get("issues") or []:
            m = _ISSUE_RAW.match(str(issue))
            if m:
                out.append(m.group("raw").strip())
    listed = ctx.metadata.get("broken_references")
    if isinstance(listed, list):
        out += [raw for raw in listed if isinstance(raw, str)]
    kept: list[str] = []
    for raw in dict.fromkeys(out):
        kind = _ATTACHMENT.match(raw)
        # Schedules and annexes that a contract refers to but does not reproduce are simply not
        # in the text under review; they are only missing when the contract reproduces its
        # attachments of that kind and this one is absent.
        if kind and kind.group(0).strip().lower() not in resolved_kinds:
            continue
        kept.append(raw)
    return kept


def _quoted_at(text: str, raw: str) -> int:
    """Where a reference stands in the text; a list ("Sections 1, 4 and 6.6") names only the number."""
    pos = text.find(raw)
    if pos >= 0:
        return pos
    number = raw.split()[-1] if raw.split() else ""
    if not re.fullmatch(r"\d+(?:\.\d+)*(?:\([a-z0-9]+\))?", number):
        return -1
    m = re.search(rf"(?<![\d.]){re.escape(number)}(?![\d]|\.\d)", text)
    return m.start() if m else -1


def broken_references(ctx: ClauseContext) -> list[Finding]:
    """References the skills (or metadata) report as pointing nowhere, quoted where they occur."""
    for raw in _dangling(ctx):
        pos = _quoted_at(ctx.text, raw)
        if pos < 0:
            continue
        s = _sentence_at(ctx, pos)
        if s is None:
            continue
        return [
            Finding(
                "broken_cross_reference",
                "medium",
                span(s, pos - s.start),
                ctx.t(
                    f"The reference to {raw} points to a provision that does not exist.",
                    f"对{raw}的引用指向不存在的条款。",
                ),
                ctx.t(
                    "The mechanism the reference was meant to import may not operate.",
                    "引用本应引入的机制可能无法运作。",
                ),
                ctx.t("Correct the reference to the intended provision.", "将引用更正为预期条款。"),
            )
        ]
    return []


def _reported_undefined(ctx: ClauseContext) -> list[str]:
    """Terms the skills (or metadata) report as undefined, less those first used in another clause.

    An entry may be a bare term or ``{"term", "first_used_in"}``: a term is reported once, at the
    clause where it is first used as a defined term, not in every clause that repeats it.
    """
    terms: list[str] = []
    for d in _walk([ctx.tool_results, {"undefined_terms": ctx.metadata.get("undefined_terms", [])}]):
        for key, value in d.items():
            if "undefined" not in str(key).lower() or not isinstance(value, list):
                continue
            for v in value:
                if isinstance(v, dict):
                    first = v.get("first_used_in") or v.get("first_used_in_clause")
                    if first and ctx.clause_id and str(first) != ctx.clause_id:
                        continue
                    v = v.get("term")
                if v is not None and str(v).strip() and str(v) != "None":
                    terms.append(str(v).strip())
    return list(dict.fromkeys(terms))


def _defined_in_results(ctx: ClauseContext) -> set[str]:
    """Terms the skills resolved to a definition (``resolve_definition``, ``get_clause_context``)."""
    defined: set[str] = set()
    for d in _walk(ctx.tool_results):
        term = d.get("term")
        if isinstance(term, str) and term and (d.get("found") is True or d.get("definition")):
            defined |= term_forms(term)
    return defined


_NUMBERING_ONLY = re.compile(r"(?:^|\n)\s*(?:\d+(?:\.\d+)*\.?|\(?[a-z0-9]{1,4}\))$")


def _used_as_defined_term(ctx: ClauseContext, term: str) -> re.Match[str] | None:
    """The first use of ``term`` written like a defined term: capitalised, inside a sentence.

    At the start of a sentence or a heading any word is capitalised, so such a use proves nothing.
    """
    for m in re.finditer(rf"(?<![A-Za-z]){re.escape(term)}(?![A-Za-z])", ctx.text):
        before = ctx.text[: m.start()].rstrip(" \t")
        if before and before[-1] not in ".:;!?\n" and not _NUMBERING_ONLY.search(before):
            return m
    return None


def undefined_terms(ctx: ClauseContext) -> list[Finding]:
    """A capitalised term reported as undefined, where this clause first uses it like a defined term.

    Plurals and possessives of defined terms and party names are defined; document words ("this
    Agreement", "each Party"), proper nouns and headings' words are not defined terms at all.
    """
    reported = _reported_undefined(ctx)
    reported_forms = {t.lower() for t in reported}
    defined = _defined_in_results(ctx)
    for term in reported:
        forms = term_forms(term)
        if forms & defined or is_ordinary_term(term):
            continue
        possessive = re.fullmatch(r"(?P<base>.+?)(?:'s|’s|s'|s’)", term)
        if possessive:
            base = possessive.group("base")
            # "Supplier's" is the possessive of a defined term or party, not a new term: it is
            # undefined only when the base word is undefined too.
            if base.lower() not in reported_forms or roles_in(base):
                continue
        if roles_in(term) and len(term.split()) == 1:
            continue  # "Sellers", "Purchaser's": a party, however inflected
        m = _used_as_defined_term(ctx, term)
        if not m:
            continue
        s = _sentence_at(ctx, m.start())
        if s is None:
            continue
        return [
            Finding(
                "undefined_term",
                "low",
                span(s, m.start() - s.start),
                ctx.t(
                    f'"{term}" is used as a defined term but is not defined.',
                    f"“{term}”作为定义术语使用，但未被定义。",
                ),
                ctx.t(
                    "Its scope is uncertain, and so are the obligations that depend on it.",
                    "其范围不确定，依赖它的义务也随之不确定。",
                ),
                ctx.t("Define the term or replace it with plain words.", "补充定义或改用普通用语。"),
            )
        ]
    return []
