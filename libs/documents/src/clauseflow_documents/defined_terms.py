"""What a defined term is and how it is written: a plausible term, its singular and plural forms, a
quoted Title Case phrase, and the capitalised words that are ordinary words, not defined terms.
"""

from __future__ import annotations

import re


def plausible_term(term: str) -> bool:
    """Whether quoted words can be a defined term: short, with letters, not ending in punctuation."""
    if not term or len(term) > 80 or term[-1] in ".,;:":
        return False
    if any("\u3400" <= ch <= "\u9fff" for ch in term):
        return 1 <= len(term) <= 30
    words = term.split()
    return len(term) >= 2 and len(words) <= 8 and any(ch.isalpha() for ch in term)


# A quoted Title Case phrase is how drafters mark a defined term, wherever it stands: in a definitions
# clause, inline in a recital or a schedule, or in a list ("X" and "Y" mean ...).
_QUOTED_TERM = re.compile(
    r"[\"“「『](?:the\s+)?(?P<term>[A-Z][\w'’&-]*(?:\s+(?:[A-Z][\w'’&-]*|of|and|for|on|in|to|after|before|under|by|the|a)){0,6})"
    r"(?:\(s\))?,?[\"”」』]"
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
    return [m.group("term") for m in _QUOTED_TERM.finditer(text) if plausible_term(m.group("term"))]


def ordinary_words(words: list[str]) -> bool:
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
    return bool(words) and ordinary_words(words)


def normalised_term(term: str) -> str:
    """A phrase as one line: text from PDFs breaks lines inside terms ("Patient-\n Specific")."""
    return " ".join(re.sub(r"(?<=[A-Za-z])-\s+(?=[A-Za-z])", "-", term).split())


def term_pattern(term: str) -> str:
    """A regex for ``term`` however the text breaks its lines (any whitespace between words)."""
    return r"\s+".join(re.escape(w).replace(r"\-", r"-\s*") for w in normalised_term(term).split())
