"""The undefined_terms rule (drafting): A capitalised term reported as undefined, where this clause first uses it like a defined term."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re
from collections.abc import Iterator

from clauseflow_documents.defined_terms import (
    is_ordinary_term,
    name_goes_on,
    normalised_term,
    term_forms,
    term_pattern,
)
from clauseflow_documents.party_names import ROLES

from clauseflow_legal.parties import roles_in
from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.drafting.common import sentence_at, walk
from clauseflow_legal.rules.packs import Vetoes, patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import Sentence

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)
VETOES = Vetoes(
    "undefined_terms",
    {
        "first_used_elsewhere": "a term is reported once, at the clause where it is first used as a defined term",
        "defined_or_ordinary": "the term is defined (in any of its forms) or an ordinary document word",
        "possessive_of_defined": '"Supplier\'s": the possessive of a defined term or party, not a new term',
        "party_name": '"Sellers", "Purchaser\'s", "the Suppliers": a party, however inflected',
        "definition_sentence": "a definition (or a term being defined inline), not a use",
        "heading": 'a title or heading ("Contract for the Kilindini Yard Extension"), not an obligation',
        "used_elsewhere": "used again elsewhere: the document-level check reports it once, where first used",
        "fidic_term": "a term the FIDIC conditions define",
        "institution_or_party_word": "a word of an institution's or a party's name",
        "heading_words": "the clause's own heading words repeated in its text",
        "builds_on_defined": '"the Seller\'s Group", "the Accounts Date": a defined term extended',
        "proper_name": '"the Uniform Computer Information Transactions Act": a proper name',
        "start_of_longer_term": '"the Tests on Completion": only the beginning of a longer defined term',
        "part_of_longer_name": '"the National Security and Investment Act": only part of a longer name',
        "qualifies_a_noun": '"the Fleetwise platform": a name qualifying an ordinary noun',
    },
)


def _reported_undefined(ctx: ClauseContext) -> list[str]:
    """Terms the skills (or metadata) report as undefined, less those first used in another clause.

    An entry may be a bare term or ``{"term", "first_used_in"}``: a term is reported once, at the
    clause where it is first used as a defined term, not in every clause that repeats it.
    """
    terms: list[str] = []
    for d in walk([ctx.tool_results, {"undefined_terms": ctx.metadata.get("undefined_terms", [])}]):
        for key, value in d.items():
            if "undefined" not in str(key).lower() or not isinstance(value, list):
                continue
            for v in value:
                if isinstance(v, dict):
                    first = v.get("first_used_in") or v.get("first_used_in_clause")
                    if VETOES.applies(
                        "first_used_elsewhere", first and ctx.clause_id and str(first) != ctx.clause_id
                    ):
                        continue
                    v = v.get("term")
                if v is not None and str(v).strip() and str(v) != "None":
                    terms.append(str(v).strip())
    return list(dict.fromkeys(terms))


def _defined_in_results(ctx: ClauseContext) -> set[str]:
    """Terms the skills resolved to a definition (``resolve_definition``, ``get_clause_context``)."""
    defined: set[str] = set()
    for d in walk(ctx.tool_results):
        term = d.get("term")
        if isinstance(term, str) and term and (d.get("found") is True or d.get("definition")):
            defined |= term_forms(term)
    return defined


_NUMBERING_ONLY = re.compile(r"(?:^|\n)\s*(?:\d+(?:\.\d+)*\.?|\(?[a-z0-9]{1,4}\))$")


def _used_as_defined_term(ctx: ClauseContext, term: str) -> re.Match[str] | None:
    """The first use of ``term`` written like a defined term: capitalised, inside a sentence.

    At the start of a sentence or a heading any word is capitalised, so such a use proves nothing.
    """
    for m in re.finditer(rf"(?<![A-Za-z]){term_pattern(term)}(?![A-Za-z])", ctx.text):
        before = ctx.text[: m.start()].rstrip(" \t")
        if before and before[-1] not in ".:;!?\n" and not _NUMBERING_ONLY.search(before):
            return m
    return None


def _undefined_term_finding(
    ctx: ClauseContext, term: str, quote: Sentence, fix: str, *, priority: int = 0
) -> Finding:
    """The finding for a term used as a defined term that the contract does not define."""
    return Finding(
        "undefined_term",
        "low",
        quote,
        WORDING.t(ctx, "undefined_what", term=term),
        WORDING.t(ctx, "undefined_why"),
        fix,
        priority=priority,
        subject=term,
    )


_ZH_PARTY_WORDS = frozenset(alias for _, zh in ROLES.values() for alias in zh)


def _longer_cjk_name(term: str) -> bool:
    """A Chinese term that is more than a party word: "《客户投诉处理细则》" holds 客户 but names a rulebook.

    Chinese terms have no spaces, so a rulebook or form named after a party ("采购方验收规程",
    "甲方安全管理规定", "客户投诉处理细则") would pass for the party word it begins with; only a term
    that is itself one of the party words (甲方, 供方, 委托方, 服务提供方) is the party.
    """
    return any("\u3400" <= ch <= "\u9fff" for ch in term) and term not in _ZH_PARTY_WORDS


@rule(reports={"undefined_term"}, whole_unit=True)
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
        if VETOES.applies("defined_or_ordinary", forms & defined or is_ordinary_term(term)):
            continue
        possessive = re.fullmatch(PATTERNS["possessive"], term)
        if possessive:
            base = possessive.group("base")
            # "Supplier's" is the possessive of a defined term or party, not a new term: it is
            # undefined only when the base word is undefined too.
            if VETOES.applies("possessive_of_defined", base.lower() not in reported_forms or roles_in(base)):
                continue
        if VETOES.applies(
            "party_name", roles_in(term) and len(term.split()) == 1 and not _longer_cjk_name(term)
        ):
            continue
        m = _used_as_defined_term(ctx, term)
        if not m:
            continue
        s = sentence_at(ctx, m.start())
        if s is None:
            continue
        return [
            _undefined_term_finding(
                ctx,
                term,
                span(s, m.start() - s.start),
                WORDING.t(ctx, "define_or_rephrase"),
            )
        ]
    return []


# --- single-use terms written as defined terms ---------------------------------------------------

# "the Support Policy", "The Management Accounts": a definite article before a Title Case phrase in
# the middle of a sentence is how a drafter points at a defined thing; ordinary nouns after "the"
# are lower case. The words stay on one line (``[^\S\n]``), as sentences do, so a phrase found in a
# whole clause is the phrase found in its sentence.
_DEFINITE_TERM = PATTERNS.compiled("definite_term")


def definite_phrases(text: str) -> Iterator[re.Match[str]]:
    """Title Case phrases written after "the" ("the Support Policy"), the ``term`` group of each match.

    The one definition of a capitalised phrase used like a defined term: the single-use rule reads
    it in a clause, the clause context skill counts the same phrases across the whole document.
    """
    return _DEFINITE_TERM.finditer(text)


def _used_at(text: str, pos: int, words: list[str]) -> bool:
    """Whether ``words`` are written at ``pos`` (``words[0]`` is) as one use of a phrase.

    A use is word-bounded, its words separated by any whitespace (a phrase may wrap over lines);
    a phrase in quotation marks is being defined, not used.
    """
    if pos and (text[pos - 1].isalnum() or text[pos - 1] in '_"“'):
        return False
    i, end = pos + len(words[0]), len(text)
    for word in words[1:]:
        gap = i
        while i < end and text[i].isspace():
            i += 1
        if i == gap or not text.startswith(word, i):
            return False
        i += len(word)
    return i == end or not (text[i].isalnum() or text[i] in "_'’-")


def phrase_uses(phrase: str, text: str, at_most: int | None = None) -> int:
    """How many times ``phrase`` is used in ``text`` (see :func:`_used_at`).

    With ``at_most``, counting stops there: "used once?" needs two uses, not every one. A plain
    substring search, not a regex: compiling one pattern per phrase and scanning a whole contract
    with a leading look-behind cost milliseconds per phrase.
    """
    words = phrase.split()
    if not words:
        return 0
    n, pos = 0, text.find(words[0])
    while pos != -1:
        if _used_at(text, pos, words):
            n += 1
            if n == at_most:
                break
        pos = text.find(words[0], pos + 1)
    return n


def is_single_use(phrase: str, text: str) -> bool:
    """Whether ``text`` uses ``phrase`` exactly once."""
    return phrase_uses(phrase, text, at_most=2) == 1


# The defined terms of the FIDIC forms: a contract on FIDIC terms incorporates their definitions,
# so an abridged or amended set of conditions using them is not using undefined terms.
_FIDIC_TERMS = frozenset(
    {
        "accepted contract amount", "appendix to tender", "base date", "bill of quantities",
        "commencement date", "contract agreement", "contract data", "contract price",
        "contractor's documents", "contractor's equipment", "contractor's personnel", "cost",
        "country", "dispute", "dispute adjudication board", "dispute avoidance/adjudication board",
        "defects notification period", "delay damages", "employer's equipment",
        "employer's personnel", "employer's representative", "employer's requirements",
        "engineer", "engineer's representative", "exceptional event", "final payment certificate",
        "final statement", "force majeure", "general conditions", "goods", "interim payment certificate",
        "key personnel", "laws", "letter of acceptance", "letter of tender", "notice", "notice of claim",
        "notice of dissatisfaction", "particular conditions", "payment certificate",
        "performance certificate", "performance security", "permanent works", "plant", "programme",
        "provisional sum", "retention money", "schedule of guarantees", "schedule of payments",
        "schedules", "section", "site", "specification", "statement", "taking-over certificate",
        "temporary works", "tender", "tests after completion", "tests on completion",
        "time for completion", "unforeseeable", "variation", "works",
    }
)  # fmt: skip
# Names of laws, offices and institutions are proper nouns that a contract names without defining.
_INSTITUTION_WORDS = frozenset(
    {
        "law", "laws", "office", "secretary", "minister", "ministry", "commissioner", "agency",
        "department", "bank", "registrar", "registry", "authority", "board", "house", "stock",
        "revenue", "customs", "police", "university", "college", "hospital", "foundation", "fund",
        "group", "holdings", "limited", "inc", "ltd", "llc", "plc", "gmbh", "corporation",
        "company", "street", "road", "avenue", "square", "building", "tower", "park", "city",
        "province", "district", "county", "region", "island", "sea", "ocean", "river",
        "republic", "kingdom", "state", "states", "union", "federation", "nations", "emirates",
        "government", "court", "tribunal", "act", "regulation", "regulations", "directive",
        "convention", "code", "rules", "institute", "chamber", "commission", "council",
    }
)  # fmt: skip
# Words that may follow a defined term; any other lower-case word after the phrase makes it a
# proper-name modifier ("the Fleetwise platform"), not a term of its own.
_AFTER_TERM = frozenset(
    {
        "of", "to", "in", "for", "and", "or", "with", "under", "by", "on", "at", "from", "as",
        "shall", "will", "may", "must", "can", "could", "would", "should", "is", "are", "was",
        "were", "be", "been", "has", "have", "had", "does", "do", "did", "which", "that", "who",
        "whose", "including", "within", "between", "against", "upon", "into", "unless", "until",
        "if", "when", "where", "whether", "than", "not", "nor", "but", "so", "after", "before",
        "during", "without", "except", "save", "subject", "pursuant", "then", "only", "also",
        "contains", "sets", "provides", "states", "applies", "remains", "becomes", "means",
    }
)  # fmt: skip
_DEFINING_SENTENCE = PATTERNS.compiled("defining_sentence")


def _looked_up_definitions(ctx: ClauseContext) -> set[str] | None:
    """Forms of the defined terms this clause uses, as the clause context listed them.

    ``None`` when no context result lists them (absent, or cut off by truncation): without that
    evidence a capitalised phrase cannot be called undefined.
    """
    lists = [
        d["definitions_used"]
        for d in walk(ctx.tool_results)
        if isinstance(d.get("definitions_used"), list)
        and (not ctx.clause_id or str(d.get("clause_id") or ctx.clause_id) == ctx.clause_id)
    ]
    if not any(lists):
        # No context, or a clause that uses no defined term at all: either the document has no
        # definitions regime or its definitions could not be read, so "undefined" proves nothing.
        return None
    defined: set[str] = set()
    for entries in lists:
        for entry in entries:
            term = entry.get("term") if isinstance(entry, dict) else entry
            if isinstance(term, str) and term.strip():
                defined |= term_forms(term.strip())
    return defined | _defined_in_results(ctx)


def _single_use_evidence(ctx: ClauseContext) -> set[str] | None:
    """The clause's capitalised phrases that the whole document uses only once, per the clause context.

    ``None`` when no context result carries that list (an older skills server, or a result cut
    off by truncation): without it a phrase cannot be shown to be used only here, so nothing is
    reported.
    """
    found: set[str] | None = None
    for d in walk(ctx.tool_results):
        phrases = d.get("single_use_phrases")
        if not isinstance(phrases, list):
            continue
        if ctx.clause_id and str(d.get("clause_id") or ctx.clause_id) != ctx.clause_id:
            continue
        found = (found or set()) | {p for p in phrases if isinstance(p, str)}
    return found


def _party_words(ctx: ClauseContext) -> set[str]:
    names = [ctx.parties.our_label, ctx.parties.their_label, *ctx.parties.our_names, *ctx.parties.their_names]
    names += [str(ctx.metadata.get(k) or "") for k in ("our_party", "counterparty", "other_party")]
    return {w.lower() for n in names for w in re.findall(r"[A-Za-z][\w'’-]+", n)}


def _builds_on_defined(low: str, defined: set[str]) -> bool:
    """Whether a phrase is a defined term extended ("the Seller's Group", "the Accounts Date").

    A new word *before* a defined noun names a different thing ("the Management Accounts" are not
    "the Accounts"), so that is a term of its own and needs its own definition.
    """
    for d in defined:
        if len(d) <= 3 or not re.search(rf"\b{re.escape(d)}\b", low):
            continue
        prefix = low[: -len(d)].strip() if low.endswith(d) else None
        if not prefix or re.search(r"(?:'s|’s|'|’)$", prefix) or term_forms(prefix) & defined:
            return True
    return False


def _single_use_candidate(
    ctx: ClauseContext, defined: set[str], single_use: set[str]
) -> tuple[str, Sentence, int] | None:
    """The first Title Case phrase this clause uses like a defined term that no definition covers,
    and that the whole document uses only here."""
    party_words = _party_words(ctx)
    title_words = {w.lower() for w in re.findall(r"[A-Za-z][\w'’-]+", ctx.title)}
    for s in ctx.sentences:
        if VETOES.applies("definition_sentence", _DEFINING_SENTENCE.search(s.text)):
            continue
        if VETOES.applies("heading", len(s.text) <= 120 and not re.search(r"[.;:!?]\W*$", s.text)):
            continue
        for m in definite_phrases(s.text):
            raw = m.group("term")
            term = normalised_term(raw)
            words = [re.sub(r"(?:'s|’s|'|’)$", "", w.lower()) for w in term.split()]
            low = term.lower()
            if VETOES.applies("defined_or_ordinary", is_ordinary_term(term) or term_forms(term) & defined):
                continue
            if VETOES.applies("party_name", any(roles_in(form) for form in term_forms(term))):
                continue
            # Used again elsewhere (or here): the document-level check reports it once, where first used.
            if VETOES.applies(
                "used_elsewhere", {raw, term}.isdisjoint(single_use) or not is_single_use(term, ctx.text)
            ):
                continue
            if VETOES.applies("fidic_term", ctx.domain == "fidic" and term_forms(term) & _FIDIC_TERMS):
                continue
            if VETOES.applies(
                "institution_or_party_word", any(w in _INSTITUTION_WORDS or w in party_words for w in words)
            ):
                continue
            if VETOES.applies("heading_words", set(words) <= title_words):
                continue
            if VETOES.applies("builds_on_defined", _builds_on_defined(low, defined)):
                continue
            rest = s.text[m.end() :]
            if VETOES.applies("proper_name", name_goes_on(s.text, m.end())):
                continue
            if VETOES.applies(
                "start_of_longer_term",
                any(d.startswith(low + " ") and (low + rest.lower()).startswith(d) for d in defined),
            ):
                continue
            if VETOES.applies("part_of_longer_name", re.match(PATTERNS["longer_name_continues"], rest)):
                continue
            nxt = re.match(r"\s+([a-z][\w'’-]*)", rest)
            if VETOES.applies(
                "qualifies_a_noun",
                nxt and nxt.group(1) not in _AFTER_TERM and not nxt.group(1).endswith(("ly", "ed")),
            ):
                continue
            return term, s, m.start("term")
    return None


@rule(reports={"undefined_term"}, whole_unit=True)
def single_use_undefined_terms(ctx: ClauseContext) -> list[Finding]:
    """A Title Case phrase used like a defined term ("in accordance with the Support Policy") that the
    contract does not define.

    The document-level check needs two uses to tell a term from a proper noun; a single use in an
    operative sentence is as much a defect, since the obligation's content depends on it. Reported
    only with evidence from the clause context: the definitions the clause uses, and which of its
    capitalised phrases the whole document uses only once (a phrase used again elsewhere is the
    document-level check's, reported once where first used, not at every clause repeating it).
    """
    if ctx.zh:
        return []
    defined = _looked_up_definitions(ctx)
    if defined is None:
        return []
    single_use = _single_use_evidence(ctx)
    if not single_use:
        return []
    found = _single_use_candidate(ctx, defined, single_use)
    if found is None:
        return []
    term, s, pos = found
    fix = WORDING.t(ctx, "define_or_attach")
    return [_undefined_term_finding(ctx, term, span(s, pos), fix, priority=1)]
