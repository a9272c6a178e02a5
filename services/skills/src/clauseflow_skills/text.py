"""Small text helpers shared by the skills: sentences, summaries, term and reference spotting (en/zh)."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from clauseflow_documents.model import Clause, DocumentStructure
from clauseflow_legal.clause_types import classify_clause as _classify_clause

# A full stop ends a sentence only before whitespace, so "2.5" and "14.2" stay whole.
_SENTENCE_END = re.compile(r"(?<=[;!?。；！？])\s*(?=\S)|(?<=\.)\s+(?=\S)|\n+")
_CJK = re.compile(r"[\u4e00-\u9fff]")


class _LengthKeepingFolds(dict[int, str]):
    """Code point → its NFKC form when that is one character, else itself; filled on first use.

    A ``str.translate`` table: per-character ``unicodedata.normalize`` in a Python loop cost
    ~50 µs per clause, while a clause only uses a few hundred distinct characters, so each is
    folded once (the table is bounded by the characters actually seen, a few thousand at most).
    """

    def __missing__(self, code: int) -> str:
        ch = chr(code)
        folded = unicodedata.normalize("NFKC", ch)
        value = folded if len(folded) == 1 else ch
        self[code] = value
        return value


_FOLDS = _LengthKeepingFolds()


def normalise(text: str) -> str:
    """NFKC per character where it keeps the length (full-width digits, ％, ￥ become ASCII).

    Offsets in the result are offsets in ``text``, so matches can be cut from the original.
    """
    if text.isascii():
        return text
    return text.translate(_FOLDS)


def is_chinese(text: str) -> bool:
    """Whether the text is mostly Chinese (enough CJK characters to matter)."""
    return len(_CJK.findall(text)) >= max(1, len(text) // 10)


@dataclass(frozen=True)
class Sentence:
    """A sentence with its offsets in the text it was cut from."""

    text: str
    start: int
    end: int


def sentences(text: str) -> list[Sentence]:
    """Split English and Chinese prose into sentences, keeping offsets."""
    out: list[Sentence] = []
    start = 0
    for match in _SENTENCE_END.finditer(text):
        piece = text[start : match.start()]
        if piece.strip():
            lead = len(piece) - len(piece.lstrip())
            out.append(Sentence(piece.strip(), start + lead, start + lead + len(piece.strip())))
        start = match.end()
    tail = text[start:]
    if tail.strip():
        lead = len(tail) - len(tail.lstrip())
        out.append(Sentence(tail.strip(), start + lead, start + lead + len(tail.strip())))
    return out


def summarise(text: str, limit: int = 160) -> str:
    """The first sentence, cut to ``limit`` characters: enough for an LLM to know what a clause is."""
    first = next(iter(sentences(text)), None)
    summary = first.text if first else text.strip()
    return summary if len(summary) <= limit else summary[: limit - 1].rstrip() + "…"


def term_occurs(term: str, text: str) -> bool:
    """Whether a defined term is used in the text (word-bounded for Latin terms, substring for CJK)."""
    if not term.strip():
        return False
    if _CJK.search(term):
        return term in text
    return re.search(rf"(?<![\w]){re.escape(term)}(?![\w])", text, flags=re.IGNORECASE) is not None


def terms_used(clause: Clause, document: DocumentStructure) -> list[str]:
    """The defined terms a clause uses: the parser's list if it made one, else a scan of the text."""
    if clause.definitions_used:
        return list(clause.definitions_used)
    return [
        d.term
        for d in document.definitions
        if d.clause_id != clause.clause_id and term_occurs(d.term, clause.text)
    ]


# "Clause 14.2", "Sub-Clause 20.1", "Article 5", "Section 3(b)", "clauses 4 and 5" (first only),
# "第14.2条", "第十四条", "第 5 款".
_EN_REF = re.compile(
    r"\b(?:Sub-)?(?:Clause|Article|Section|Paragraph)s?\s+(\d+(?:\.\d+)*(?:\s*\([a-z0-9]+\))?)",
    re.IGNORECASE,
)
_ZH_REF = re.compile(r"第\s*([0-9]+(?:\.[0-9]+)*|[一二三四五六七八九十百零〇两]+)\s*[条款章节]")


@dataclass(frozen=True)
class FoundReference:
    """A reference spotted in text: the raw words and the clause number they name."""

    raw: str
    number: str
    start: int


def find_references(text: str) -> list[FoundReference]:
    """Cross-references written in the text, in order of appearance."""
    from clauseflow_skills.numbers import chinese_to_int

    found: list[FoundReference] = []
    for m in _EN_REF.finditer(text):
        number = re.sub(r"\s+", "", m.group(1))
        found.append(FoundReference(m.group(0), number, m.start()))
    for m in _ZH_REF.finditer(text):
        raw_number = m.group(1)
        if raw_number[0].isdigit():
            number = raw_number
        else:
            value = chinese_to_int(raw_number)
            if value is None:
                continue
            number = str(value)
        found.append(FoundReference(m.group(0), number, m.start()))
    return sorted(found, key=lambda r: r.start)


def resolve_number(number: str, document: DocumentStructure) -> str | None:
    """The clause id a referenced number points to ("14.2(a)" → "14.2(a)" or "14.2"), if any."""
    bare = number.replace(" ", "")
    base = re.sub(r"\(.*\)$", "", bare)
    candidates = [number, bare, base, f"第{base}条", f"Clause {base}", f"Article {base}"]
    for candidate in candidates:
        if candidate and document.has(candidate):
            return candidate
    by_number: dict[str, str] = {}
    for clause in document.clauses:
        raw = clause.number_raw.strip().rstrip(".")
        if raw:
            by_number.setdefault(raw, clause.clause_id)
            zh = re.fullmatch(r"第\s*(\d+(?:\.\d+)*)\s*[条款章节]", raw)
            if zh:
                by_number.setdefault(zh.group(1), clause.clause_id)
    for candidate in candidates:
        if candidate in by_number:
            return by_number[candidate]
    return None


# Function words that carry no meaning for matching or retrieval.
STOPWORDS = frozenset(
    {
        "the",
        "a",
        "an",
        "of",
        "to",
        "and",
        "or",
        "in",
        "on",
        "for",
        "by",
        "be",
        "is",
        "are",
        "shall",
        "will",
        "with",
        "this",
        "that",
        "any",
        "such",
        "as",
    }
)


def classify_clause(title: str, text: str, language: str = "en") -> list[str]:
    """The shared classifier's clause types, memoised by clause content (a fresh list each call).

    Classifying costs ~1.5 ms of regex work per clause, and one review classifies the same clause
    from several skills (classify_clause, load_review_criteria, compare_with_baseline,
    assess_deviation, draft_redline); clause texts are immutable, so the answer is reused.
    """
    return list(_classify_memo(title, text, language))


@lru_cache(maxsize=4096)
def _classify_memo(title: str, text: str, language: str) -> tuple[str, ...]:
    return tuple(_classify_clause(title, text, language))
