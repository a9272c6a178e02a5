"""Defined terms: where they are defined, which clauses use them, and capitalised terms never defined.

Recognised forms: ``"X" means …`` (also ``shall mean``, ``has the meaning``, ``includes``),
``(the "X")`` / ``(hereinafter referred to as "X")`` / ``(each a "Party" and together the
"Parties")``, unquoted ``X shall mean …``, ``"X": …`` at the start of a line, and Chinese
``"X"是指/指/系指/意指…`` and ``(以下简称"X")``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from clauseflow_shared.documents.locate import ClauseLocator
from clauseflow_shared.documents.model import Clause, Definition, DocumentStructure

_OPEN_Q = '"“”«「『'
_CLOSE_Q = '"”“»」』'
_MEANS = re.compile(
    r"[\"“](?P<term>[^\"“”\n]{1,80}?)[\"”]\s*,?\s*(?:(?:shall|will|is\s+to)\s+)?(?i:means?|has\s+the\s+meanings?|have\s+the\s+meanings?"
    r"|shall\s+have\s+the\s+meanings?|includes?|shall\s+include|refers?\s+to|is\s+defined|:\s)"
)
_UNQUOTED = re.compile(
    r"(?:^|(?<=\n))[ \t]*(?:\(?[a-z0-9]{1,3}[.)]\s+)?"
    r"(?P<term>[A-Z][\w'’-]*(?:\s+(?:of\s+|and\s+|for\s+)?[A-Z][\w'’-]*){0,5})"
    r"\s+(?:shall\s+mean|means)\b"
    r"|(?P<term2>\b[A-Z][\w'’-]*(?:\s+(?:of\s+|and\s+|for\s+)?[A-Z][\w'’-]*){0,5})\s+shall\s+mean\b"
)
_PAREN = re.compile(r"[(（](?P<body>[^()（）\n]{0,200}?[\"“「][^()（）\n]{0,200}?)[)）]")
_QUOTED = re.compile(r"[\"“「『](?P<term>[^\"“”」』\n]{1,80})[\"”」』]")
_PAREN_FILLER = re.compile(
    r"^(?:\s|,|;|the|a|an|each|any|together|collectively|hereinafter|herein|hereafter|referred|to|as|and|or"
    r"|individually|jointly|severally|called|also|known|being|such|this|these|its|respectively|"
    r"以下|下文|简称|下称|合称|统称|单称|称|为|均|各|或|及|和|、|：|:)*$",
    re.IGNORECASE,
)
_ZH_MEANS = re.compile(
    r"[\"“「『](?P<term>[^\"“”」』\n]{1,30})[\"”」』]\s*(?:一词)?\s*(?:是指|系指|意指|特指|应指|指|意味着|包括)"
)
_ZH_SHORT = re.compile(
    r"(?:以下简称|以下称|下称|简称)\s*(?:为)?\s*[：:]?\s*[\"“「『](?P<term>[^\"“”」』\n]{1,30})[\"”」』]"
)
_SENTENCE_END = re.compile(r"(?<=[.;。；])\s+(?=[A-Z\"“(]|$)|\n")
_MAX_DEF_CHARS = 1000


def find_definitions(text: str, clauses: Sequence[Clause], language: str) -> list[Definition]:
    """All defined terms in ``text``, first definition wins, in document order."""
    locator = ClauseLocator(clauses)
    found: dict[str, Definition] = {}

    def add(term: str, start: int, definition: str) -> None:
        term = " ".join(term.split()).strip(" ,;:")
        if not _plausible_term(term):
            return
        key = term.lower()
        if key in found:
            return
        clause = locator.clause_at(start)
        found[key] = Definition(
            term=term,
            definition=definition.strip()[:_MAX_DEF_CHARS],
            clause_id=clause.clause_id if clause else None,
            start=start,
        )

    for m in _MEANS.finditer(text):
        add(m.group("term"), m.start("term"), _rest_of_paragraph(text, m.end()))
    for m in _UNQUOTED.finditer(text):
        group = "term" if m.group("term") else "term2"
        term = re.sub(r"^(?:The|A|An)\s+", "", m.group(group))
        add(term, m.start(group), _rest_of_paragraph(text, m.end()))
    for m in _PAREN.finditer(text):
        body = m.group("body")
        outside = _QUOTED.sub(" ", body)
        if not _PAREN_FILLER.match(outside):
            continue
        sentence = _sentence_before(text, m.start())
        for q in _QUOTED.finditer(body):
            add(q.group("term"), m.start("body") + q.start("term"), sentence)
    if language == "zh" or "“" in text or "是指" in text:
        for m in _ZH_MEANS.finditer(text):
            add(m.group("term"), m.start("term"), _rest_of_paragraph(text, m.end()))
        for m in _ZH_SHORT.finditer(text):
            add(m.group("term"), m.start("term"), _sentence_before(text, m.start()))
    return sorted(found.values(), key=lambda d: d.start)


def _plausible_term(term: str) -> bool:
    if not term or len(term) > 80 or term[-1] in ".,;:":
        return False
    if any("\u3400" <= ch <= "\u9fff" for ch in term):
        return 1 <= len(term) <= 30
    words = term.split()
    return len(term) >= 2 and len(words) <= 8 and any(ch.isalpha() for ch in term)


def _rest_of_paragraph(text: str, start: int) -> str:
    end = text.find("\n", start)
    end = len(text) if end < 0 else end
    return text[start : min(end, start + _MAX_DEF_CHARS)].strip(" :,")


def _sentence_before(text: str, paren_start: int) -> str:
    lo = max(0, paren_start - 400)
    window = text[lo:paren_start]
    cut = max(window.rfind("\n"), window.rfind(". "), window.rfind("。"), window.rfind("; "))
    return window[cut + 1 :].strip() if cut >= 0 else window.strip()


_WORD_START = re.compile(r"(?<![\w\"“])[A-Z0-9][\w'’&.-]*")
_LATIN_BOUNDARY = re.compile(r"(?:s|es)?(?![\w])")


class _LatinTerms:
    """Finds capitalised uses of defined terms with one pass over the words of the text.

    A single case-insensitive alternation of every term would be tried at every position; looking
    terms up by their first word keeps the scan linear in the text.
    """

    def __init__(self, terms: list[str]) -> None:
        self._by_first: dict[str, list[tuple[str, str]]] = {}
        for term in sorted(terms, key=len, reverse=True):
            first = re.split(r"[\s'’&.-]", term, maxsplit=1)[0].lower()
            self._by_first.setdefault(first, []).append((term.lower(), term))

    def finditer(self, text: str) -> list[tuple[int, str]]:
        hits: list[tuple[int, str]] = []
        lookup = self._by_first
        for m in _WORD_START.finditer(text):
            word = m.group().lower()
            cands = lookup.get(word) or lookup.get(re.split(r"['’&.-]", word, maxsplit=1)[0])
            if cands is None:
                cands = lookup.get(_singular(word))
                if cands is None:
                    continue
            pos = m.start()
            for low, term in cands:
                if text[pos : pos + len(low)].lower() == low and _LATIN_BOUNDARY.match(text, pos + len(low)):
                    hits.append((pos, term))
                    break
        return hits


def attach_definitions(
    text: str, clauses: Sequence[Clause], definitions: Sequence[Definition], language: str
) -> list[Clause]:
    """``clauses`` with ``definitions_used``: the defined terms used in each clause (and its sub-clauses)."""
    if not definitions or not clauses:
        return list(clauses)
    locator = ClauseLocator(clauses)
    latin = [d.term for d in definitions if not _is_cjk_term(d.term)]
    cjk = [d.term for d in definitions if _is_cjk_term(d.term)]
    hits: list[tuple[int, str]] = _LatinTerms(latin).finditer(text) if latin else []
    if cjk:
        pattern = re.compile("|".join(re.escape(t) for t in sorted(cjk, key=len, reverse=True)))
        hits.extend((m.start(), m.group()) for m in pattern.finditer(text))
    used: list[set[str]] = [set() for _ in clauses]
    last_owner: dict[str, int] = {}
    for pos, term in hits:
        idx = locator.index_at(pos)
        if idx is None or last_owner.get(term) == idx:
            continue
        last_owner[term] = idx
        for i in locator.lineage(idx):
            used[i].add(term)
    order = {d.term: i for i, d in enumerate(definitions)}
    return [
        c.model_copy(update={"definitions_used": tuple(sorted(used[i], key=order.__getitem__))})
        if used[i]
        else c
        for i, c in enumerate(clauses)
    ]


def _singular(word: str) -> str:
    if word.lower().endswith("es") and word[:-2]:
        return word[:-2] if not word.lower().endswith("ies") else word[:-3] + "y"
    return word[:-1] if word.lower().endswith("s") else word


def _is_cjk_term(term: str) -> bool:
    return any("\u3400" <= ch <= "\u9fff" for ch in term)


_CAPITALISED = re.compile(
    r"\b(?i:the|a|an|any|each|such|all|this|that|its|their|every|no|per|relevant|applicable)\s+"
    r"(?P<term>[A-Z][a-z][\w'’-]*(?:\s+(?:of\s+|and\s+|for\s+)?[A-Z][a-z][\w'’-]*){0,3})"
)
# A quoted Title Case phrase is how drafters mark a defined term, wherever it stands: in a definitions
# clause, inline in a recital or a schedule, or in a list ("X" and "Y" mean ...).
_QUOTED_TERM = re.compile(
    r"[\"“「『](?P<term>[A-Z][\w'’&-]*(?:\s+(?:[A-Z][\w'’&-]*|of|and|for|on|in|to|after|before|under|by|the|a)){0,6})[\"”」』]"
)
_POSSESSIVE = re.compile(r"(?:'s|’s|'|’)$")
_CONNECTORS = frozenset({"of", "and", "for"})
_NOT_TERMS = frozenset(
    [
        # calendar
        "january", "february", "march", "april", "may", "june", "july", "august", "september",
        "october", "november", "december", "monday", "tuesday", "wednesday", "thursday", "friday",
        "saturday", "sunday",
        # languages, nationalities and places: proper nouns, not defined terms
        "english", "chinese", "french", "german", "spanish", "european", "american", "british",
        "asian", "african", "international", "national", "federal", "internet", "united", "states",
        "state", "country", "government", "court", "courts", "people's", "republic", "china",
        "england", "wales", "scotland", "ireland", "hong", "kong", "new", "york", "california",
        "delaware", "singapore", "london", "beijing", "shanghai", "paris", "geneva", "europe",
        "america", "asia", "africa", "economic", "area", "union", "kingdom", "netherlands",
        "switzerland", "japan", "india", "germany", "france", "middle", "east", "west", "north",
        "south", "central",
    ]
)  # fmt: skip
# The last word of the names of laws, places and institutions ("Data Protection Act", "European
# Economic Area", "International Chamber of Commerce"): capitalised because they are proper nouns.
_PROPER_NOUN_HEADS = frozenset(
    [
        "act", "acts", "regulation", "regulations", "directive", "convention", "treaty", "ordinance",
        "statute", "code", "constitution", "union", "kingdom", "republic", "nations",
        "states", "court", "courts", "tribunal", "commission", "council", "parliament", "ministry",
        "chamber", "commerce", "institute", "centre", "center", "association", "exchange", "bureau",
        "organisation", "organization", "authority",
    ]
)  # fmt: skip
# Words every contract capitalises to name itself, its parts and its parties: "this Agreement",
# "each Party", "the Schedule". Their meaning is never in doubt, so they need no definition.
_DOCUMENT_WORDS = frozenset(
    [
        "agreement", "agreements", "contract", "contracts", "deed", "deeds", "party", "parties",
        "recital", "recitals", "preamble", "conditions", "terms", "signatory", "signatories",
    ]
)  # fmt: skip
_REFERENCE_WORDS = frozenset(
    [
        "clause", "clauses", "section", "sections", "article", "articles", "schedule", "schedules",
        "exhibit", "exhibits", "annex", "annexes", "annexure", "appendix", "appendices", "paragraph",
        "paragraphs", "part", "parts", "chapter", "sub-clause", "sub-clauses", "attachment",
        "attachments", "subsection", "subsections", "sub-section", "sub-sections", "subparagraph",
        "subparagraphs", "sub-paragraph", "sub-paragraphs", "subclause", "subclauses",
    ]
)  # fmt: skip


_IN_A_TITLE = re.compile(
    r"\b(?:Convention|Treaty|Act|Code|Protocol|Rules|Principles)\s+(?:on|of|for|relating\s+to)\s+(?:[A-Z][\w-]*\s+|(?:on|of|for|the|and)\s+){0,6}(?:the\s+)?$"
)


def in_a_title(text: str, pos: int) -> bool:
    """Whether the phrase at ``pos`` ends the title of a convention, treaty or act (a proper name)."""
    return _IN_A_TITLE.search(text[max(0, pos - 80) : pos]) is not None


def singular_forms(word: str) -> set[str]:
    """``word`` and what it may be the plural or possessive of ("Parties" → "Party", "Tests'" → "Test")."""
    low = _POSSESSIVE.sub("", word.lower())
    forms = {low}
    if low.endswith("ies") and len(low) > 3:
        forms.add(low[:-3] + "y")
    if low.endswith("es") and len(low) > 2:
        forms.add(low[:-2])
    if low.endswith("s") and len(low) > 1:
        forms.add(low[:-1])
    return forms


def term_forms(term: str) -> set[str]:
    """The term's lower-case forms, its last word taken as singular, plural or possessive."""
    words = term.lower().split()
    if not words:
        return set()
    return {" ".join([*words[:-1], last]) for last in singular_forms(words[-1])}


def quoted_terms(text: str) -> list[str]:
    """Title Case phrases in quotation marks anywhere in ``text``: terms the drafter defines inline."""
    return [m.group("term") for m in _QUOTED_TERM.finditer(text) if _plausible_term(m.group("term"))]


def _is_ordinary(words: list[str]) -> bool:
    """Capitalised words that are not a defined term: document words, headings' words, proper nouns."""
    bare = [_POSSESSIVE.sub("", w) for w in words]
    if bare[0] in _REFERENCE_WORDS or all(w in _DOCUMENT_WORDS or w in _CONNECTORS for w in bare):
        return True
    if bare[-1] in _PROPER_NOUN_HEADS and len(bare) > 1:
        return True
    return all(
        w in _NOT_TERMS or b in _NOT_TERMS or b in _CONNECTORS for w, b in zip(words, bare, strict=True)
    )


def is_ordinary_term(term: str) -> bool:
    """Whether a capitalised phrase is ordinary words, not a defined term ("this Agreement", "EU Act")."""
    words = term.lower().split()
    if len(words) > 1 and words[0] in ("the", "this", "that", "each", "either", "a", "an", "any"):
        words = words[1:]
    return bool(words) and _is_ordinary(words)


def find_undefined_terms(
    text: str, definitions: Sequence[Definition], language: str, limit: int = 100
) -> list[str]:
    """Capitalised terms used like defined terms that the document never defines, in order of first use.

    A term counts as used like a defined term when it is capitalised after a determiner ("the
    Escrow Agent", "any Permitted Transferee") at least twice: a single use is too weak a signal
    against the proper nouns (products, offices, laws) a contract names once. It is defined when the document
    defines it (or puts it in quotation marks anywhere, schedules included), and its plurals and
    possessives are defined with it. Document words ("this Agreement", "each Party", "the
    Schedule"), proper nouns of places, laws and institutions, dates and words that only begin
    a longer defined term ("the Tests on Completion") are never reported.
    """
    if language == "zh":
        return []
    defined_terms = [d.term for d in definitions] + quoted_terms(text)
    defined: set[str] = set()
    for term in defined_terms:
        defined |= term_forms(term)
    uses: dict[str, list[int]] = {}
    for m in _CAPITALISED.finditer(text):
        uses.setdefault(m.group("term"), []).append(m.start("term"))
    long_defined = [d for d in defined if len(d) > 3]
    defined_lower = {t.lower() for t in defined_terms}
    kept: list[str] = []
    first: dict[str, int] = {}
    for term, positions in uses.items():
        words = term.lower().split()
        if len(positions) < 2 or term_forms(term) & defined or _is_ordinary(words):
            continue
        low = term.lower()
        if len(words) > 1 and any(re.search(rf"\b{re.escape(d)}\b", low) for d in long_defined):
            continue  # "the Seller's Group Company" builds on a defined term
        # Words that only begin a longer defined term where they are written ("the Tests on
        # Completion") are that term, not a term of their own.
        # The tail of a proper name ("the United Nations Convention on Contracts for the International
        # Sale of Goods"): a use right after a convention's, treaty's or act's title is that name.
        positions = [p for p in positions if not in_a_title(text, p)]
        if len(positions) < 2:
            continue
        longer = {d for d in defined_lower if d.startswith(low + " ")}
        if longer:
            lengths = {len(d) for d in longer}
            positions = [p for p in positions if not any(text[p : p + n].lower() in longer for n in lengths)]
            if len(positions) < 2:
                continue
        kept.append(term)
        first[term] = positions[0]
    return sorted(kept, key=first.__getitem__)[:limit]


def first_use(text: str, term: str) -> int | None:
    """Where ``term`` is first used like a defined term (after a determiner), else first written; or None."""
    escaped = re.escape(term)
    m = re.search(
        rf"\b(?i:the|a|an|any|each|such|all|this|that|its|their|every|no)\s+(?P<t>{escaped})(?![\w])", text
    )
    if m:
        return m.start("t")
    m = re.search(rf"(?<![\w\"“]){escaped}(?![\w])", text)
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
