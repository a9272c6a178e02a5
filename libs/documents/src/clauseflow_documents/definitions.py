"""Defined terms: where they are defined and which clauses use them (terms never defined:
:mod:`.undefined_terms`; what a term is: :mod:`.defined_terms`).

Recognised forms: ``"X" means …`` (also ``shall mean``, ``has the meaning``, ``includes``),
``(the "X")`` / ``(hereinafter referred to as "X")`` / ``(each a "Party" and together the
"Parties")``, unquoted ``X shall mean …``, ``"X": …`` at the start of a line, a numbered
``1.27 X - …`` (with a colon only when what follows defines: ``1.4 X: means …``, or inside a
definitions article; "4.1 Note: …" is a heading), and Chinese ``"X"是指/指/系指/意指…`` and
``(以下简称"X")``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from clauseflow_documents.defined_terms import plausible_term
from clauseflow_documents.locate import ClauseLocator
from clauseflow_documents.model import Clause, Definition

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
    r"[ \t]*(?:[-–—][ \t]*|(?P<colon>:)[ \t]+)(?=[\w\"“])"
)
# After a colon a numbered line is a heading far more often than a definition: cuad-train NANOPHASE
# "12. Default: The failure of Buyer to perform …", INTRICON "3.1 Term: The initial term of this
# Agreement shall be …", JINGWEI "10. Notices: Notices or other communications …", and "4.1 Note: …".
# It defines when the words after the colon say so (cuad-train CHEETAHMOBILE "1.1.4 Force Majeure:
# means any event which is not reasonably controllable", "2.3 Affiliate: shall mean any entity …",
# "1.6 Site: refers to the premises …") or when it stands in a definitions article ("1.5 Business
# Day: a day other than a Saturday …").
_COLON_DEFINES = re.compile(
    r"(?:(?:shall|will)\s+)?(?:means?\b|refers?\s+to\b|has\s+the\s+meanings?\b|is\s+defined\b)", re.I
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
        if not plausible_term(term):
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
    articles = [(a.start, a.end) for a in clauses if a.level == 1 and _DEFINITIONS_ARTICLE.search(a.title)]
    for pattern in (_MEANS_AS_USED, _DASHED, _LISTED):
        for m in pattern.finditer(text):
            if pattern is _DASHED and m.group("colon") and not _defines_after_colon(text, m, articles):
                continue  # a heading ("4.1 Note: …", "3.1 Term: The initial term …")
            add(m.group("term"), m.start("term"), _rest_of_paragraph(text, m.end()))
    for m in _LABELLED.finditer(text):
        meaning = _rest_of_paragraph(text, m.end())
        if not _ITS_OWN_VERB.match(meaning) and _in_schedule(text, m.start("term"), clauses, locator):
            add(m.group("term"), m.start("term"), meaning)
    for start, end in articles:
        for m in _RUN_ON.finditer(text, start, end):
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


def _defines_after_colon(text: str, m: re.Match[str], articles: list[tuple[int, int]]) -> bool:
    """A numbered "Term: …" defines when its words say so or it stands in a definitions article."""
    return bool(_COLON_DEFINES.match(text, m.end())) or any(a <= m.start() < b for a, b in articles)


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
