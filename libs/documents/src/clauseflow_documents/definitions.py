"""Defined terms: where they are defined, which clauses use them, and capitalised terms never defined.

Recognised forms: ``"X" means …`` (also ``shall mean``, ``has the meaning``, ``includes``),
``(the "X")`` / ``(hereinafter referred to as "X")`` / ``(each a "Party" and together the
"Parties")``, unquoted ``X shall mean …``, ``"X": …`` at the start of a line, and Chinese
``"X"是指/指/系指/意指…`` and ``(以下简称"X")``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from clauseflow_documents.locate import ClauseLocator
from clauseflow_documents.model import Clause, Definition, DocumentStructure

_OPEN_Q = '"“”«「『'
_CLOSE_Q = '"”“»」』'
_MEANS = re.compile(
    r"[\"“](?P<term>[^\"“”\n]{1,80}?)[\"”]\s*,?\s*(?:(?:shall|will|is\s+to)\s+)?(?i:means?|has\s+the\s+meanings?|have\s+the\s+meanings?"
    r"|shall\s+have\s+the\s+meanings?|includes?|shall\s+include|refers?\s+to|is\s+defined|:\s)"
)
# ``"Registration Statement," as used herein, means …``: US drafting puts the comma inside the quotes
# and says where the meaning holds before saying what it is.
_MEANS_AS_USED = re.compile(
    r"[\"“](?P<term>[^\"“”\n]{1,80}?),?[\"”]\s*,?\s*as\s+used\s+(?:herein|in\s+this\s+\w+)\s*,?\s*"
    r"(?:shall\s+)?(?i:means?|has\s+the\s+meanings?|includes?|refers?\s+to)"
)
# A numbered definitions list without quotation marks: ``1.27 Maintenance Services - the services
# described in …``, ``1.38 Relationship Manager(s) -the employee designated …``, ``1.9 Business Day -
# Monday through Friday …``. (A numbered heading followed by a dash and its text reads the same way,
# and the section it heads does say what the term means.)
_DASHED = re.compile(
    r"(?:^|(?<=\n))[ \t]*\d+(?:\.\d+)*\.?[ \t]+"
    r"(?P<term>[A-Z][\w'’&/-]*(?:[ \t]+(?:of|and|for|[A-Z][\w'’&/-]*)){0,6}?)(?:\(s\))?"
    r"[ \t]*(?:[-–—][ \t]*|:[ \t]+)(?=[\w\"“])"
)
# Inside a definitions article, a numbered entry may run straight on from the term to its meaning:
# "1.40 Representative an employee, officer, director or agent of a Party", "1.52 Work Product all
# information …". Only there: elsewhere a heading and its first words read the same way.
_DEFINITIONS_ARTICLE = re.compile(r"definition|interpretation|定义|释义", re.I)
_RUN_ON = re.compile(
    r"(?:^|(?<=\n))[ \t]*\d+(?:\.\d+)+\.?[ \t]+"
    r"(?P<term>[A-Z][\w'’&/-]*(?:[ \t]+(?:of|and|for|[A-Z][\w'’&/-]*)){0,5}?)(?:\(s\))?"
    r"[ \t]+(?=(?:all|an|a|the|any|each|every|those|that|such)\s)"
)
_UNQUOTED = re.compile(
    r"(?:^|(?<=\n))[ \t]*(?:\(?[a-z0-9]{1,3}[.)]\s+)?"
    r"(?P<term>[A-Z][\w'’-]*(?:\s+(?:of\s+|and\s+|for\s+)?[A-Z][\w'’-]*){0,5})"
    r"\s+(?:shall\s+mean|means)\b"
    r"|(?P<term2>\b[A-Z][\w'’-]*(?:\s+(?:of\s+|and\s+|for\s+)?[A-Z][\w'’-]*){0,5})\s+shall\s+mean\b"
)
# A list that defines by enumeration: "Each of the following is an Event of Default:", "any of the
# following events shall constitute a Termination Event".
_LISTED = re.compile(
    r"(?i:each|any|all)\s+of\s+the\s+following\s+(?:(?i:events?|circumstances?)\s+)?"
    r"(?i:is|are|shall\s+be|constitutes?|shall\s+constitute)\s+(?:(?i:an?)\s+)?"
    r"(?P<term>[A-Z][\w'’-]*(?:\s+(?:of\s+)?[A-Z][\w'’-]*){0,4})"
)
# A schedule's label and its meaning in one sentence of a paragraph: "Early Exit Charge: an amount
# equal to three Monthly Fees", "Volume Rebate: a credit of 2% of the Price", "Response Time: the
# period from the call to the engineer's arrival". The label opens the paragraph or follows a full
# stop, and the meaning starts with a lower-case determiner. Only inside a schedule (_in_schedule):
# in the body "Payment Terms: the Customer shall pay …" is a heading, and a one-word label ("Note:",
# "Important:", "Example:") or a meaning with its own verb ("… shall pay") defines nothing.
_LABELLED = re.compile(
    r"(?:^|(?<=\n)|(?<=[.;]\s))[ \t]*(?P<term>[A-Z][\w'’-]*(?:[ \t]+(?:of\s+|for\s+)?[A-Z][\w'’-]*){1,4})"
    r":[ \t]+(?=(?:an?|the|all|any|each|every)\s)"
)
_SCHEDULE = re.compile(r"^(?:Schedule|Annex|Appendix|Exhibit|附件)\b", re.I)
_SCHEDULE_HEADING = re.compile(
    r"(?m)^[ \t]*(?:SCHEDULE|Schedule|ANNEX|Annex|APPENDIX|Appendix|EXHIBIT|Exhibit|附件)\b[^\n.。]{0,60}$"
)
_ITS_OWN_VERB = re.compile(r"^[^.;]*\b(?:shall|will|may|must)\b")
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
        term = _bare_term(term)
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
    for pattern in (_MEANS_AS_USED, _DASHED, _LISTED):
        for m in pattern.finditer(text):
            add(m.group("term"), m.start("term"), _rest_of_paragraph(text, m.end()))
    for m in _LABELLED.finditer(text):
        meaning = _rest_of_paragraph(text, m.end())
        if not _ITS_OWN_VERB.match(meaning) and _in_schedule(text, m.start("term"), clauses, locator):
            add(m.group("term"), m.start("term"), meaning)
    for article in clauses:
        if article.level == 1 and _DEFINITIONS_ARTICLE.search(article.title):
            for m in _RUN_ON.finditer(text, article.start, article.end):
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


def _in_schedule(text: str, offset: int, clauses: Sequence[Clause], locator: ClauseLocator) -> bool:
    """Is ``offset`` inside a Schedule, Annex, Appendix, Exhibit or 附件: a clause so numbered or
    titled (or one of its ancestors), or after such a heading line within the clause."""
    by_id = {c.clause_id: c for c in clauses}
    clause = locator.clause_at(offset)
    root_start = 0
    while clause is not None:
        if _SCHEDULE.search(clause.clause_id) or _SCHEDULE.search(clause.title):
            return True
        root_start = clause.start
        clause = by_id.get(clause.parent_id) if clause.parent_id else None
    return _SCHEDULE_HEADING.search(text, root_start, offset) is not None


def _bare_term(term: str) -> str:
    """The term as it is used: ``"the Adjusted Rate"`` defines "Adjusted Rate", ``"Center(s)"`` "Center"."""
    term = " ".join(term.split()).strip(" ,;:")
    # Lower-case articles only: "A Shares" is a class of shares, not "a Shares".
    term = re.sub(r"^(?:the|The|a|an)\s+(?=[A-Z\d])", "", term)
    return re.sub(r"\s*\(s\)$", "", term)


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
    r"[\"“「『](?:the\s+)?(?P<term>[A-Z][\w'’&-]*(?:\s+(?:[A-Z][\w'’&-]*|of|and|for|on|in|to|after|before|under|by|the|a)){0,6})"
    r"(?:\(s\))?,?[\"”」』]"
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
        "south", "central", "world", "wide", "web",
        # the law in general, and a company's or a state's organs: capitalised by habit, never in doubt
        "law", "laws", "board", "directors", "president", "congress", "senate",
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
        "organisation", "organization", "authority", "law", "laws", "congress", "society",
    ]
)  # fmt: skip
# "the State of Texas", "the Commonwealth of Pennsylvania", "the Borough of Manhattan": places.
_PLACE_KINDS = frozenset(
    ["state", "commonwealth", "borough", "city", "county", "province", "district", "republic", "kingdom"]
)
# A proper name goes on after the phrase: "Uniform Computer Information Transactions Act", "the
# Biomedical Advanced Research and Development Authority", "Electronic Signatures in Global and
# National Commerce (ESIGN) Act", "the Office of the Inspector General".
_NAME_GOES_ON = re.compile(
    r"(?:\s+(?:[A-Z][\w'’-]*|of|and|for|in|on|the|\([A-Z]{2,}\))){0,6}?\s+(?:"
    + "|".join(sorted(w.capitalize() for w in _PROPER_NOUN_HEADS))
    + r")\b|\s+of\s+the\s+[A-Z][\w'’-]*\s+[A-Z]"
    # "the Licensed CSPs": the phrase goes on with an abbreviation, so it is a longer term
    r"|[^\S\n]+[A-Z]{2,}s?\b"
)
# A company's officers and its auditors: their titles are capitalised by habit, never in doubt.
_OFFICERS = frozenset(
    {
        "chief executive officer", "chief financial officer", "chief operating officer", "managing director",
        "vice president", "general counsel", "company secretary", "certified public accountant",
        "certified public accountants",
    }
)  # fmt: skip


def name_goes_on(text: str, end: int) -> bool:
    """Whether the capitalised phrase ending at ``end`` is only the beginning of a longer proper name."""
    return _NAME_GOES_ON.match(text, end) is not None


# Words every contract capitalises to name itself, its parts and its parties: "this Agreement",
# "each Party", "the Schedule". Their meaning is never in doubt, so they need no definition.
_DOCUMENT_WORDS = frozenset(
    [
        "agreement", "agreements", "contract", "contracts", "deed", "deeds", "party", "parties",
        "recital", "recitals", "preamble", "conditions", "terms", "signatory", "signatories",
        "lease", "leases", "tenancy", "addendum", "instrument",
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
    if len(bare) > 2 and bare[0] in _PLACE_KINDS and bare[1] == "of":
        return True
    if " ".join(bare) in _OFFICERS:
        return True
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


def normalised_term(term: str) -> str:
    """A phrase as one line: text from PDFs breaks lines inside terms ("Patient-\n Specific")."""
    return " ".join(re.sub(r"(?<=[A-Za-z])-\s+(?=[A-Za-z])", "-", term).split())


def term_pattern(term: str) -> str:
    """A regex for ``term`` however the text breaks its lines (any whitespace between words)."""
    return r"\s+".join(re.escape(w).replace(r"\-", r"-\s*") for w in normalised_term(term).split())


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
    return {term: spans for term, spans in uses.items() if term in alone}


def find_undefined_terms(
    text: str, definitions: Sequence[Definition], language: str, limit: int = 100
) -> list[str]:
    """Capitalised terms used like defined terms that the document never defines, in order of first use.

    A term counts as used like a defined term when it is capitalised after a determiner ("the
    Escrow Agent", "any Permitted Transferee") at least twice: a single use is too weak a signal
    against the proper nouns (products, offices, laws) a contract names once. It is defined when the document
    defines it (or puts it in quotation marks anywhere, schedules included, or points at its
    definition: "(as defined below)"), and its plurals and possessives are defined with it. Document
    words ("this Agreement", "each Party", "the Schedule"), proper nouns of places, laws and
    institutions (also where the phrase only begins one: "the Uniform Computer Information
    Transactions Act"), dates and words that only begin a longer defined term ("the Tests on
    Completion") are never reported.
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
        if len(spans) < 2 or term_forms(term) & defined or _is_ordinary(words):
            continue
        low = term.lower()
        if len(words) > 1 and any(re.search(rf"\b{re.escape(d)}\b", low) for d in long_defined):
            continue  # "the Seller's Group Company" builds on a defined term
        # The tail of a proper name ("the United Nations Convention on Contracts for the International
        # Sale of Goods"), or its beginning ("the Uniform Computer Information Transactions Act").
        spans = [(p, e) for p, e in spans if not in_a_title(text, p) and not name_goes_on(text, e)]
        if len(spans) < 2:
            continue
        # Words that only begin a longer defined term where they are written ("the Tests on
        # Completion") are that term, not a term of their own.
        longer = {d for d in defined_lower if d.startswith(low + " ")}
        if longer:
            lengths = {len(d) for d in longer}
            spans = [(p, e) for p, e in spans if not any(text[p : p + n].lower() in longer for n in lengths)]
            if len(spans) < 2:
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
