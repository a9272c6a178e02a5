"""Capitalised terms a contract uses but never defines, where each is first used, and the documents a
Chinese contract names in 《》 without attaching them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from functools import lru_cache
from importlib import resources

from clauseflow_documents.defined_terms import (
    in_a_title,
    name_goes_on,
    normalised_term,
    ordinary_words,
    quoted_terms,
    term_forms,
    term_pattern,
)
from clauseflow_documents.model import Clause, Definition, DocumentStructure

_CAPITALISED = re.compile(
    r"\b(?i:the|a|an|any|each|such|all|this|that|its|their|every|no|per|relevant|applicable)\s+"
    r"(?P<term>[A-Z][a-z][\w'’-]*(?:\s+(?:of\s+|and\s+|for\s+)?[A-Z][a-z][\w'’-]*){0,3})"
)
# "a Termination Event (as defined below)", "Release Condition (as defined in Section 8.6)": the
# drafter points at the definition; whether it is there is a cross-reference question.
_POINTER = re.compile(r"[(,]\s*(?:as\s+)?(?:hereinafter\s+|further\s+|more\s+fully\s+)?defined\b")
_POINTED_TERM = re.compile(
    r"(?P<term>[A-Z][\w'’-]*(?:\s+(?:of\s+|and\s+|for\s+)?[A-Z][\w'’-]*){0,5})(?:\s+[a-z]+)?\s*$"
)


def pointed_terms(text: str) -> list[str]:
    """Terms followed by a pointer to their definition: "a Termination Event (as defined below)"."""
    found = []
    for pointer in _POINTER.finditer(text):
        # Read back from the pointer only: scanning every capital of a long contract costs far more.
        window = text[max(0, pointer.start() - 90) : pointer.start()]
        m = _POINTED_TERM.search(window)
        if m:
            found.append(normalised_term(m.group("term")))
    return found


def _uses(text: str) -> dict[str, list[tuple[int, int]]]:
    """Capitalised phrases after a determiner, each with the spans where it is used.

    "the Updates and Upgrades" is a use of each of the two terms, not of a third one.
    """
    uses: dict[str, list[tuple[int, int]]] = {}
    alone: set[str] = set()
    for m in _CAPITALISED.finditer(text):
        raw, start = m.group("term"), m.start("term")
        if " and" not in raw and "  " not in raw and "- " not in raw and not re.search(r"[\t\n]", raw):
            uses.setdefault(raw, []).append((start, start + len(raw)))  # the common case, kept cheap
            alone.add(raw)
            continue
        parts = re.split(r"(\s+and\s+)", raw)
        offset = 0
        for part in parts:
            if part.strip() and not re.fullmatch(r"\s+and\s+", part):
                term = normalised_term(part)
                if not term.endswith("-"):  # a word broken at the end of a line
                    uses.setdefault(term, []).append((start + offset, start + offset + len(part)))
                    if len(parts) == 1:
                        alone.add(term)
            offset += len(part)
    # A part seen only inside "X and Y" may be no term at all ("Time and Materials Rates").
    return _one_term_per_form({term: spans for term, spans in uses.items() if term in alone})


def _one_term_per_form(uses: dict[str, list[tuple[int, int]]]) -> dict[str, list[tuple[int, int]]]:
    """Uses of a term's singular and plural counted together, under the form used first: "free from
    all Encumbrances" and "any Encumbrance" are two uses of one term, not one use each of two."""
    merged: dict[str, list[tuple[int, int]]] = {}
    owner: dict[str, str] = {}  # each form -> the term its uses are counted under
    order: dict[str, int] = {}  # a long contract has hundreds of terms: look forms up, never scan the groups
    for term, spans in sorted(uses.items(), key=lambda item: min(item[1])):
        forms = term_forms(term)
        groups = {owner[f] for f in forms if f in owner}
        same = min(groups, key=order.__getitem__) if groups else None
        if same is None:
            merged[term], order[term] = list(spans), len(order)
            same = term
        else:
            merged[same] = sorted(merged[same] + spans)
        for form in forms:
            owner.setdefault(form, same)
    return merged


@lru_cache(maxsize=1)
def _conventional_forms() -> frozenset[str]:
    """The forms of the terms contracts define whenever they rely on them (``conventional_terms.json``)."""
    raw = resources.files(__package__).joinpath("conventional_terms.json").read_text(encoding="utf-8")
    terms: dict[str, str] = json.loads(raw)["terms"]
    return frozenset(form for term in terms for form in term_forms(term))


def find_undefined_terms(
    text: str, definitions: Sequence[Definition], language: str, limit: int = 100
) -> list[str]:
    """Capitalised terms used like defined terms that the document never defines, in order of first use.

    A term counts as used like a defined term when it is capitalised after a determiner ("the Escrow
    Agent", "any Permitted Transferee") at least twice: a single use is too weak a signal against the
    proper nouns (products, offices, laws) a contract names once, except for the terms contracts always
    define (``conventional_terms.json``: "free from all Encumbrances"). It is defined when the document
    defines it (or puts it in quotation marks anywhere, schedules included, or points at its definition:
    "(as defined below)"), and its plurals and possessives are defined with it. Document words ("this
    Agreement", "each Party", "the Schedule"), proper nouns of places, laws and institutions (also where
    the phrase only begins one: "the Uniform Computer Information Transactions Act"), dates and words
    that only begin a longer defined term ("the Tests on Completion") are never reported.
    """
    if language == "zh":
        return _undefined_documents(text, definitions)[:limit]
    defined_terms = [d.term for d in definitions] + quoted_terms(text) + pointed_terms(text)
    defined: set[str] = set()
    for term in defined_terms:
        defined |= term_forms(term)
    long_defined = [d for d in defined if len(d) > 3]
    defined_lower = {t.lower() for t in defined_terms}
    kept: list[str] = []
    first: dict[str, int] = {}
    for term, spans in _uses(text).items():
        words = term.lower().split()
        # once is enough for a term contracts always define ("free from all Encumbrances")
        needed = 1 if term_forms(term) & _conventional_forms() else 2
        if len(spans) < needed or term_forms(term) & defined or ordinary_words(words):
            continue
        low = term.lower()
        if len(words) > 1 and any(re.search(rf"\b{re.escape(d)}\b", low) for d in long_defined):
            continue  # "the Seller's Group Company" builds on a defined term
        # The tail of a proper name ("the United Nations Convention on Contracts for the International
        # Sale of Goods"), or its beginning ("the Uniform Computer Information Transactions Act").
        spans = [(p, e) for p, e in spans if not in_a_title(text, p) and not name_goes_on(text, e)]
        if len(spans) < needed:
            continue
        # Words that only begin a longer defined term where they are written ("the Tests on
        # Completion") are that term, not a term of their own.
        longer = {d for d in defined_lower if d.startswith(low + " ")}
        if longer:
            lengths = {len(d) for d in longer}
            spans = [(p, e) for p, e in spans if not any(text[p : p + n].lower() in longer for n in lengths)]
            if len(spans) < needed:
                continue
        kept.append(term)
        first[term] = spans[0][0]
    # "the Safety Report" and "the Safety Reports" are one undefined term, named as first used.
    ordered: list[str] = []
    seen: set[str] = set()
    for term in sorted(kept, key=first.__getitem__):
        forms = term_forms(term)
        if not forms & seen:
            ordered.append(term)
        seen |= forms
    return ordered[:limit]


# A document a Chinese contract names in 《》: laws, regulations, judicial interpretations and standards
# are public and need no attaching ("《中华人民共和国民法典》", "GB/T 1196《重熔用铝锭》", "《……管理办法》"
# of a ministry); any other rulebook, form or list ("《承包方安全文明施工考核细则》", "《客户投诉处理细则》")
# binds a party only if the contract attaches or defines it. That matters when the document decides
# money or liability (a deduction, an assessment, a penalty, liquidated damages, compensation) in the
# sentence that names it: "按《……》执行" for a staff handbook, a safety rulebook or a price list alone
# is routine and not reported.
_ZH_TITLE = re.compile(r"《(?P<term>[^《》\n]{2,40})》")
_ZH_PUBLIC = re.compile(
    r"中华人民共和国|^(?:国家|最高人民)|(?:法|法典|条例|解释|公约|规则|通则|准则|标准|规范)$"
)
_ZH_STANDARD_CODE = re.compile(r"(?:GB|JB|YB|HG|SH|DL|JGJ|ISO|IEC)(?:/[TZ])?\s*[\d.\-—]+\s*$", re.I)
_ZH_ATTACHED = re.compile(r"附件|附表|附录|见后附|作为本(?:合同|协议)(?:的)?(?:组成部分|附件)")
_ZH_MONEY_OR_LIABILITY = re.compile(r"扣款|扣减|扣除|考核|处罚|罚款|罚金|违约金|赔偿|索赔")
_ZH_SENTENCE_END = "。；;\n"


def _zh_sentence(text: str, start: int, end: int) -> str:
    """The sentence (to the nearest 。；or line end) holding ``text[start:end]``."""
    lo = max(text.rfind(ch, 0, start) for ch in _ZH_SENTENCE_END) + 1
    ends = [i for i in (text.find(ch, end) for ch in _ZH_SENTENCE_END) if i >= 0]
    return text[lo : min(ends) if ends else len(text)]


def _undefined_documents(text: str, definitions: Sequence[Definition]) -> list[str]:
    """Documents a Chinese contract names in 《》 to decide money or liability, but neither attaches
    nor defines, in order of first use.

    "依照《承包方安全文明施工考核细则》扣减进度款" makes a rulebook the contract never reproduces decide
    what one party owes: its content, version and who may change it are unknown. Laws and
    standards are public; a document listed as an attachment anywhere ("附件三《设备清单》") or given
    a definition is part of the contract; one named without money or liability in its sentence
    ("遵守《员工手册》") is left alone.
    """
    defined = {d.term for d in definitions}
    found: list[str] = []
    attached: set[str] = set()
    for m in _ZH_TITLE.finditer(text):
        term = m.group("term").strip()
        before = text[max(0, m.start() - 12) : m.start()]
        if _ZH_ATTACHED.search(before) or _ZH_ATTACHED.search(text[m.end() : m.end() + 12]):
            attached.add(term)
        public = _ZH_PUBLIC.search(term) or _ZH_STANDARD_CODE.search(before)
        decides = _ZH_MONEY_OR_LIABILITY.search(_zh_sentence(text, m.start(), m.end()))
        if decides and not public and term not in defined and term not in found:
            found.append(term)
    return [t for t in found if t not in attached]


def first_use(text: str, term: str) -> int | None:
    """Where ``term`` is first used like a defined term (after a determiner), else first written; or None."""
    pattern = term_pattern(term)
    m = re.search(
        rf"\b(?i:the|a|an|any|each|such|all|this|that|its|their|every|no)\s+(?:[A-Z][\w'’-]*\s+and\s+)?"
        rf"(?P<t>{pattern})(?![\w])",
        text,
    )
    if m:
        return m.start("t")
    m = re.search(rf"(?<![\w\"“]){pattern}(?![\w])", text)
    return m.start() if m else None


def undefined_terms_first_used_in(structure: DocumentStructure, clause: Clause) -> list[str]:
    """The document's undefined terms whose first use falls in ``clause`` (its sub-clauses included).

    An undefined term is a drafting defect of the document, reported once where it first appears,
    rather than in every clause that repeats it.
    """
    out: list[str] = []
    for term in structure.undefined_terms:
        pos = first_use(structure.text, term)
        if pos is not None and clause.start <= pos < clause.end:
            out.append(term)
    return out
