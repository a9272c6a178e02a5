"""What makes a redline one a lawyer would sign, as checks any drafter's output can be held to.

The playbook model and every real LLM are judged by the same rules (the worker's validation
calls them on each draft; the playbook model also uses them to choose among its candidates):

* **minimal edit** — :func:`edit_share` is the share of the original's words a redline deletes
  or replaces; a redline that changes a figure must not rewrite the sentence around it
  (:func:`rewrites_around_figures`);
* **no foreign terms** — a capitalised (or, in Chinese, quoted) defined term in the proposed
  text must be one this contract uses or one the redline defines itself (:func:`foreign_terms`);
* **nothing required is lost** — the governing law survives a redline of its clause
  (:func:`governing_law_lost`) and no obligation of the counterparty that protects us is
  deleted (:func:`lost_protections`);
* **feedback honoured** — the figure a reviewer asked for is in the redraft, or the rationale
  says why not (:func:`feedback_honoured`);
* **the clause's own language and register** (:func:`language_mismatch`).

Every function returns what is wrong in words a drafter can act on, in the review's language.
"""

# ruff: noqa: E501  -- patterns and bilingual messages read better unbroken

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher

from clauseflow_documents.defined_terms import is_ordinary_term, quoted_terms, term_forms

from clauseflow_legal.analysis import reported_quote
from clauseflow_legal.figures import ZH_UNIT_WORDS, find_amounts, find_percents, find_periods
from clauseflow_legal.parties import Parties, infer_parties

# A redline may delete or replace at most this share of the sentence it quotes and still be a
# "minimal edit" (the bench's target is that at least 80% of redlines stay within it).
MINIMAL_SHARE = 0.5

_TOKEN = re.compile(r"[A-Za-z]+(?:['’][a-z]+)?|\d+(?:[.,]\d+)*|[\u3400-\u9fff]")
_CJK = re.compile(r"[\u3400-\u9fff]")


def tokens(text: str) -> list[str]:
    """Words of a text as a lawyer counts them: English words and numbers, each Chinese character."""
    return _TOKEN.findall(text)


def is_chinese(text: str) -> bool:
    """Whether a text is written in Chinese (most of its words are Chinese characters)."""
    words = tokens(text)
    return bool(words) and sum(1 for w in words if _CJK.fullmatch(w)) > len(words) / 2


def edit_share(original: str, proposed: str) -> float:
    """The share of ``original``'s words that ``proposed`` deletes or replaces (0.0 = untouched).

    Words added around a kept sentence (a proviso) do not count: the sentence is still there.
    """
    before = tokens(original)
    if not before:
        return 0.0
    after = tokens(proposed)
    matcher = SequenceMatcher(a=before, b=after, autojunk=False)
    kept = sum(block.size for block in matcher.get_matching_blocks())
    return round(1 - kept / len(before), 4)


def is_minimal(original: str, proposed: str) -> bool:
    """Whether a redline changes at most :data:`MINIMAL_SHARE` of the words it quotes."""
    return edit_share(original, proposed) <= MINIMAL_SHARE


@dataclass(frozen=True)
class Figure:
    """A period, percentage or amount written in a text, normalised for comparison."""

    kind: str  # "period" | "percent" | "amount"
    value: float
    unit: str = ""  # the period's unit or the amount's currency ("CNY" however the text writes yuan)
    start: int = 0
    end: int = 0

    def same_as(self, other: Figure) -> bool:
        """The same figure however it is written ("five (5) years" = "5年"; "60 months" ≠ "5 years")."""
        return self.kind == other.kind and self.value == other.value and self.unit == other.unit

    def spoken(self, language: str = "en") -> str:
        """The figure as a reason quotes it ("5 years", "5年", "20%", "USD 1,000,000")."""
        number = int(self.value) if self.value == int(self.value) else self.value
        if self.kind == "percent":
            return f"{number}%"
        if self.kind == "amount":
            return f"{self.unit} {number:,}".strip()
        if language.startswith("zh"):
            return f"{number}{ZH_UNIT_WORDS.get(self.unit, '周')}"
        return f"{number} {self.unit}{'' if number == 1 else 's'}"


def figures(text: str) -> list[Figure]:
    """Every period, percentage and amount of ``text``, in order."""
    found = [Figure("period", p.value, p.unit, p.start, p.end) for p in find_periods(text)]
    found += [Figure("percent", p.value, "", p.start, p.end) for p in find_percents(text)]
    found += [Figure("amount", a.value, a.code, a.start, a.end) for a in find_amounts(text)]
    return sorted(found, key=lambda f: f.start)


def _without_figures(text: str) -> str:
    out, last = [], 0
    for figure in figures(text):
        if figure.start >= last:
            out.append(text[last : figure.start])
            last = figure.end
    return "".join(out) + text[last:]


def rewrites_around_figures(original: str, proposed: str) -> bool:
    """A figure changed and the words around it rewritten too (120 days → 30 days is the number only).

    True when the original states a figure, the proposal changes it, and more than half of the
    original's other words are deleted or replaced.
    """
    before, after = figures(original), figures(proposed)
    if not before or not after or [f.value for f in before] == [f.value for f in after]:
        return False
    return edit_share(_without_figures(original), _without_figures(proposed)) > MINIMAL_SHARE


# How much longer than the original a proposal may be and still be a mere rewording of it.
_REWORDING_GROWTH = 1.3


def figure_only(original: str, proposed: str) -> str | None:
    """``original`` with only its figures changed to the proposal's (same kind, in order), or None.

    The redline a rewrite around a new figure should have been, when the figure alone is the fix.
    """
    wanted = figures(proposed)
    olds = figures(original)
    text = original
    changed = False
    for old in reversed(olds):  # from the end, so earlier positions stay valid
        same_kind = [f for f in wanted if f.kind == old.kind]
        if not same_kind:
            continue
        nth = [f for f in olds if f.kind == old.kind].index(old)
        new = same_kind[min(nth, len(same_kind) - 1)]
        if new.same_as(old):
            continue
        text = text[: old.start] + proposed[new.start : new.end] + text[old.end :]
        changed = True
    return text if changed else None


def needless_rewrite(
    original: str,
    proposed: str,
    *,
    clause_text: str,
    risk_type: str,
    our_party: str,
    domain: str = "generic",
    language: str = "en",
) -> str | None:
    """The figure-only redline, when the proposal rewrites the words around a new figure for nothing.

    A rewrite is needless when it only rewords the sentence (it is not much longer: a proposal that
    adds terms, a bank guarantee in place of a retention, adds substance) and changing the figure
    alone already removes the risk (the clause is reviewed again with only the figure changed).
    """
    if not rewrites_around_figures(original, proposed):
        return None
    if len(tokens(proposed)) > _REWORDING_GROWTH * len(tokens(original)):
        return None
    smaller = figure_only(original, proposed)
    if smaller is None or not risk_type:
        return None
    rewritten = clause_text.replace(original, smaller, 1)
    quote = reported_quote(rewritten, risk_type, our_party=our_party, domain=domain, language=language)
    still_risky = quote is not None and (quote in smaller or smaller in quote)
    return None if still_risky else smaller


# Feedback: the value the reviewer asks for follows a directive ("limit to 5 years", "改为30日").
_DIRECTIVE = re.compile(
    r"propos\w*|use|make\s+it|should\s+be|change\s+(?:it\s+)?to|instead|at\s+least|at\s+most|no\s+more\s+than|"
    r"limit\w*\s+(?:it\s+|this\s+|the\s+\w+\s+)?to|cap\w*\s+(?:it\s+)?(?:at|to)|reduce\w*\s+to|increase\w*\s+to|"
    r"extend\w*\s+to|shorten\w*\s+to|"
    r"改为|调整为|修改为|应为|建议|至少|不少于|不超过|限于|限定为|限制在|上限为|缩短为|延长为|降低为|提高为",
    re.I,
)


def wished_figures(feedback: str) -> list[Figure]:
    """The figures a reviewer's feedback asks for: each kind's value after a directive, else its last."""
    found = figures(feedback)
    directives = [m.end() for m in _DIRECTIVE.finditer(feedback)]
    wished: list[Figure] = []
    for kind in ("period", "percent", "amount"):
        of_kind = [f for f in found if f.kind == kind]
        after = [f for f in of_kind if any(d <= f.start for d in directives)]
        wished += after[:1] if after else of_kind[-1:]
    return wished


def _mentions_figure(text: str, figure: Figure) -> bool:
    return any(f.same_as(figure) for f in figures(text))


def feedback_honoured(feedback: str, proposed: str, reason: str) -> list[Figure]:
    """The figures of ``feedback`` that neither the proposed text states nor the rationale discusses.

    A redraft honours "limit to 5 years" by stating five years; when it cannot (the clause has no
    period to limit), its rationale must say so, naming the figure. Empty list: honoured.
    """
    # The rationale's echo of the feedback ("Adjusted for the reviewer's feedback: limit to 5 years")
    # explains nothing: only the rest of it can say why the figure was not applied.
    explanation = reason.replace(feedback, " ") if feedback.strip() else reason
    return [
        f
        for f in wished_figures(feedback)
        if not _mentions_figure(proposed, f) and not _mentions_figure(explanation, f)
    ]


# Capitalised phrases used like defined terms ("the Contract Price", "any Permitted Transferee").
_DETERMINED = re.compile(
    r"\b(?i:the|a|an|any|each|such|all|this|that|its|their|every|no|per|relevant|applicable|of|to|by|for|with)\s+"
    r"(?P<term>[A-Z][a-z][\w'’-]*(?:\s+(?:of\s+|and\s+|for\s+)?[A-Z][a-z][\w'’-]*){0,3})"
)
_MID_SENTENCE = re.compile(r"(?<=[a-z,;:)]\s)(?P<term>[A-Z][a-z][\w'’-]*(?:\s+[A-Z][a-z][\w'’-]*){1,3})")
_ZH_QUOTED = re.compile(r"[“\"「『](?P<term>[\u3400-\u9fffA-Za-z0-9]{2,20})[”\"」』]")
# How a text defines a term inline: '"X" means', '(the "X")', '“X”是指', '（以下简称“X”）'.
_DEFINES = re.compile(
    r"[\"“「『](?P<term>[^\"”」』\n]{1,60})[\"”」』]\s*(?:,\s*)?(?:(?:shall\s+)?means?|has\s+the\s+meaning|是指|指|系指|意指)"
    r"|(?:\(|（)\s*(?:the\s+|hereinafter\s+(?:referred\s+to\s+as\s+)?|以下简称|下称)[\"“「『]?"
    r"(?P<term2>[^\"”」』)）\n]{1,60})[\"”」』]?\s*(?:\)|）)",
    re.I,
)


def defined_by(text: str) -> set[str]:
    """The terms ``text`` defines itself (lower-case forms)."""
    out: set[str] = set()
    for m in _DEFINES.finditer(text):
        term = (m.group("term") or m.group("term2") or "").strip()
        if term:
            out |= term_forms(re.sub(r"^the\s+", "", term, flags=re.I))
    return out


def contract_vocabulary(contract_text: str, defined_terms: Iterable[str] = ()) -> frozenset[str]:
    """The terms a contract has: those it defines, quotes or uses capitalised, as lower-case forms.

    A redline may use any of them; a capitalised term outside them is foreign to the contract.
    """
    known: set[str] = set()
    for term in [*defined_terms, *quoted_terms(contract_text)]:
        known |= term_forms(term)
    for rx in (_DETERMINED, _MID_SENTENCE):
        for m in rx.finditer(contract_text):
            known |= term_forms(" ".join(m.group("term").split()))
    for m in _ZH_QUOTED.finditer(contract_text):
        known.add(m.group("term").lower())
    return frozenset(known | defined_by(contract_text))


def _candidates(proposed: str) -> list[str]:
    found: list[str] = []
    for rx in (_DETERMINED, _MID_SENTENCE):
        found += [" ".join(m.group("term").split()) for m in rx.finditer(proposed)]
    found += [m.group("term") for m in _ZH_QUOTED.finditer(proposed)]
    return list(dict.fromkeys(found))


def foreign_terms(proposed: str, *, clause_text: str, vocabulary: Iterable[str] = ()) -> list[str]:
    """Defined terms of ``proposed`` that this contract does not have and the redline does not define.

    ``vocabulary`` is :func:`contract_vocabulary` of the whole contract (the clause alone is used
    when it is not known). Ordinary capitalised words (this Agreement, Clause 5, the Civil Code of
    the People's Republic of China, months) are never foreign.
    """
    known = set(vocabulary) | contract_vocabulary(clause_text) | defined_by(proposed)
    foreign: list[str] = []
    for term in _candidates(proposed):
        forms = term_forms(term)
        if forms & known or is_ordinary_term(term) or term.lower() in clause_text.lower():
            continue
        if _built_of(term.split(), known):
            continue
        foreign.append(term)
    return foreign


def _built_of(words: list[str], known: set[str]) -> bool:
    """Whether a phrase is known terms side by side ("the Customer Service Credits": Customer + Service Credits)."""
    if len(words) < 2:
        return False
    for cut in range(1, len(words)):
        head, tail = " ".join(words[:cut]), " ".join(words[cut:])
        head_ok = bool(term_forms(head) & known) or is_ordinary_term(head)
        tail_ok = bool(term_forms(tail) & known) or is_ordinary_term(tail) or _built_of(words[cut:], known)
        if head_ok and tail_ok:
            return True
    return False


# A statement of the law that governs the contract.
_GOVERNING_LAW = re.compile(
    r"govern(?:ed|s|ing)?\s+(?:by\s+)?(?:and\s+construed\s+in\s+accordance\s+with\s+)?(?:the\s+)?laws?\s+of\s+"
    r"(?P<law>(?:the\s+)?[A-Z][\w'’]*(?:\s+(?:and\s+|of\s+|the\s+)?[A-Z][\w'’]*){0,5})"
    r"|(?:the\s+)?laws?\s+of\s+(?P<law2>(?:the\s+)?[A-Z][\w'’]*(?:\s+(?:and\s+|of\s+|the\s+)?[A-Z][\w'’]*){0,5})\s+"
    r"(?:shall\s+)?(?:govern|appl(?:y|ies))"
    r"|governing\s+law\s+(?:of\s+this\s+\w+\s+)?(?:is|shall\s+be)\s+(?:the\s+laws?\s+of\s+)?(?P<law3>[A-Z][\w'’]*(?:\s+[A-Z][\w'’]*){0,4})"
    r"|(?:适用|受|依据|依照|按照)(?P<zh>[\u3400-\u9fff]{1,15}?)(?:的)?法律(?:管辖|解释|并|。|，|；|$)"
    r"|(?P<zh2>[\u3400-\u9fff]{1,15}?)法律为(?:本合同的)?(?:准据法|适用法律)"
)


def governing_law(text: str) -> str | None:
    """The law a text says governs the contract ("England and Wales", "中华人民共和国"), or None."""
    m = _GOVERNING_LAW.search(text)
    if m is None:
        return None
    law = next(g for g in m.groups() if g)
    return re.sub(r"^the\s+", "", law.strip())


def governing_law_lost(original: str, proposed: str, language: str = "en") -> str | None:
    """What is wrong when a redline of a governing-law clause drops the governing law, else None."""
    law = governing_law(original)
    if law is None or governing_law(proposed) is not None:
        return None
    if language.startswith("zh"):
        return f"修改删除了合同的适用法律（{law}法律）；争议解决条款的修改必须保留适用法律"
    return f"the redline drops the governing law (the laws of {law}); keep the governing law when redrafting disputes"


# A word that binds the party named just before it ("the Supplier shall", "乙方应").
_BINDS = re.compile(
    r"\b(?:shall|must|will|undertakes?\s+to|agrees?\s+to|is\s+(?:obliged|required|responsible)\s+to|warrants?|guarantees?|indemnif\w+)\b"
    r"|应当|应|须|必须|负责|保证|承诺|有义务|承担",
    re.I,
)
# ... unless it is an exemption or a right, which protect that party itself, not us.
_NOT_PROTECTIVE = re.compile(
    r"^(?:shall|will)\s+not\s+be\s+(?:liable|responsible|obliged|required)|^(?:shall|will)\s+(?:be\s+entitled|have\s+the\s+right)"
    r"|^承担(?:的)?责任(?:以|不超过)|^不承担|^免除|^免责",
    re.I,
)
# Sentences and their parts; a decimal clause number ("5.1") does not end a sentence.
_PIECES = re.compile(r"(?:[^.;。；]|(?<=\d)\.(?=\d))+[.;。；]?")
# Between the party and the binding word: a few words, not a possessive ("the Seller's awareness shall").
_GAP = re.compile(r"^(?![’']s\b)[^,;，；。.]{0,25}$")


def _obligations_of(parties: Parties, text: str) -> list[str]:
    """The parts of ``text`` that bind the counterparty (the party named just before the binding word)."""
    found: list[str] = []
    for piece in _PIECES.finditer(text):
        part = piece.group(0).strip()
        mentions = parties.mentions(part)
        for bind in _BINDS.finditer(part):
            before = [m for m in mentions if m.end <= bind.start()]
            if not before:
                continue
            subject = max(before, key=lambda m: m.end)
            if subject.side != "them" or not _GAP.match(part[subject.end : bind.start()]):
                continue
            if _NOT_PROTECTIVE.search(part[bind.start() :]):
                continue
            found.append(part)
            break
    return found


def lost_protections(
    original: str, proposed: str, *, our_party: str, clause_text: str = "", language: str = "en"
) -> list[str]:
    """Obligations of the counterparty in ``original`` that protect us and that ``proposed`` deletes.

    An obligation counts as kept when most of its words are still in the proposed text (its figure
    may change: "shall pay within 120 days" → "within 30 days" keeps it).
    """
    parties = infer_parties(our_party, None, clause_text or original)
    if not parties.known:
        return []
    kept_words = set(tokens(proposed))
    # A proposal binding the counterparty to a stronger version of the same duty rewrites it, not deletes it.
    rewritten = [set(tokens(t)) for t in _obligations_of(parties, proposed)]
    lost: list[str] = []
    for text in _obligations_of(parties, original):
        words = [w for w in tokens(text) if not w[0].isdigit()]
        if not words or sum(1 for w in words if w in kept_words) / len(words) >= 0.5:
            continue
        if any(sum(1 for w in words if w in new) / len(words) >= 0.3 for new in rewritten):
            continue
        lost.append(text)
    if not lost:
        return []
    if language.startswith("zh"):
        return [f"修改删除了对方保护我方的义务：“{t[:80]}”；应保留该义务（可修改其内容）" for t in lost]
    return [
        f"the redline deletes an obligation of the counterparty that protects us: {t[:100]!r}; keep it (amend it if needed)"
        for t in lost
    ]


_ASCII_PUNCT_IN_ZH = re.compile(r"[\u3400-\u9fff]\s*[,;:?!]\s*[\u3400-\u9fff]|[\u3400-\u9fff]\s*\.\s*$")


def language_mismatch(clause_text: str, proposed: str, language: str = "en") -> str | None:
    """The proposed text is not in the clause's own language, or a Chinese one not in its register."""
    zh_review = language.startswith("zh")
    if is_chinese(clause_text) and tokens(proposed) and not is_chinese(proposed):
        return (
            "条款为中文，修改建议须以中文起草"
            if zh_review
            else "the clause is in Chinese: write the proposed text in Chinese"
        )
    if not is_chinese(clause_text) and is_chinese(proposed):
        return (
            "条款为英文，修改建议须以英文起草"
            if zh_review
            else "the clause is in English: write the proposed text in English"
        )
    if is_chinese(proposed) and _ASCII_PUNCT_IN_ZH.search(proposed):
        return (
            "中文条款应使用全角标点（，；：。）"
            if zh_review
            else "Chinese contract text takes full-width punctuation (，；：。), not ASCII"
        )
    return None


def explained_figures(figs: Sequence[Figure], language: str) -> str:
    """The figures as a rationale lists them ("5 year, 20%")."""
    sep = "、" if language.startswith("zh") else ", "
    return sep.join(f.spoken(language) for f in figs)


# An amendment instruction: "delete 'X' and substitute 'Y'", "replace X with Y", "将“X”修改为“Y”".
_AMENDMENT = re.compile(
    r"\b(?:delete|replace)\s+(?P<a>[\"“‘'][^\"”’']{1,120}[\"”’']|[^,;.\"“]{1,80}?)\s+(?:and\s+substitute|with|by)\s+"
    r"(?P<b>[\"“‘'][^\"”’']{1,120}[\"”’']|[^,;.\"“]{1,80}?)(?=\s*(?:[.;,]|$))"
    r"|(?:将|把)[“\"](?P<za>[^”\"]{1,60})[”\"](?:修改|调整|变更|替换)为[“\"](?P<zb>[^”\"]{1,60})[”\"]"
    r"|删除[“\"](?P<zc>[^”\"]{1,60})[”\"][，,]?(?:代之以|替换为|改为)[“\"](?P<zd>[^”\"]{1,60})[”\"]",
    re.I,
)


@dataclass(frozen=True)
class Amendment:
    """An amendment instruction in a text: the words it deletes and those it substitutes, and where it stands."""

    deleted: str
    substituted: str
    start: int
    end: int


def amendments(text: str) -> list[Amendment]:
    """Every "delete X and substitute Y" (or "将“X”修改为“Y”") instruction of ``text``."""
    found = []
    for m in _AMENDMENT.finditer(text):
        a = m.group("a") or m.group("za") or m.group("zc") or ""
        b = m.group("b") or m.group("zb") or m.group("zd") or ""
        found.append(Amendment(a.strip(), b.strip(), m.start(), m.end()))
    return found


def _same_in_substance(a: str, b: str) -> bool:
    """Whether two texts say the same: the same figures ("28 days" = "twenty-eight (28) days") and other words."""
    fa, fb = figures(a), figures(b)
    if len(fa) != len(fb) or not all(x.same_as(y) for x, y in zip(fa, fb, strict=True)):
        return False
    return tokens(_without_figures(a).lower()) == tokens(_without_figures(b).lower())


def no_op_change(original: str, proposed: str, language: str = "en") -> str | None:
    """What is wrong when a redline changes nothing in substance, else None.

    The proposal writes an amendment that substitutes a text for the same text ("delete 28 days and
    substitute twenty-eight (28) days") where the original's amendment did not.
    """
    zh = language.startswith("zh")
    for m in amendments(proposed):
        a, b = m.deleted.strip("\"“”‘’' "), m.substituted.strip("\"“”‘’' ")
        if a and b and _same_in_substance(a, b):
            said = proposed[m.start : m.end]
            if any(_same_in_substance(original[o.start : o.end], said) for o in amendments(original)):
                continue  # the original's own no-op, not the redline's
            if zh:
                return f"修改建议以相同内容替换相同内容（{said[:60]}），该修改不产生任何效果"
            return (
                f"the amendment substitutes the same text for itself ({said[:80]!r}): it changes nothing; "
                "withdraw the amendment or propose a different figure"
            )
    return None


# What may open a struck part that holds a verb: a coordinated or subordinate clause goes whole
# ("and the Supplier shall…", "provided that…"); any other part holding the verb is the sentence's own.
_CLAUSE_OPENER = re.compile(
    r"^\W*(?:and|or|but|nor|provided|save|except|unless|if|where|which|who|whom|whereupon|in\s+which\s+case|"
    r"so\s+that|in\s+order|whether|including|excluding|together|as|than|when|while|until|after|before)\b",
    re.I,
)
_MODAL = re.compile(r"\b(?:shall|must|will|may|is\s+to|are\s+to)\b", re.I)
_WORD_POS = re.compile(r"[A-Za-z]+(?:['’][a-z]+)?|\d+(?:[.,]\d+)*|[\u3400-\u9fff]|[,;:，；：、(（)）]")
# Introduced by a strike: a verb left with a list that lost its head ("shall defend, its Affiliates"),
# a comma or conjunction with nothing after it, an empty or half bracket, a number cut at its comma.
_DANGLING = (
    re.compile(r"\b(?:shall|must|will|may)\s+[a-z]+,\s+(?:its|their|his|her|the|a|an|any|all)\b"),
    re.compile(r",\s*[.;:]|\b(?:and|or|nor)\s*[.;,)]|\(\s*(?:or|and)\b|\b(?:shall|must|will|may|to)\s*,"),
    re.compile(r"[A-Za-z],\d"),
    re.compile(r"[，；、]\s*[。；]|的[。；]\s*$|的。尽管"),
)
# A lone letter that is neither "a" nor a list label ("(b)", "e.g."): what is left of a cut word.
_CUT_WORD = re.compile(r"(?<![\w(.’'-])[b-z](?=\s)")
_BRACKETS = (("(", ")"), ("（", "）"), ("[", "]"), ("“", "”"))


def broken_sentence(original: str, proposed: str, language: str = "en") -> str | None:
    """What a strike broke in the sentence it kept, else None.

    A strike must leave a grammatical sentence: brackets balanced, no comma or conjunction left
    dangling, no word or number cut, the main verb kept (a part holding a verb goes only when it
    is a clause of its own: "and …", "provided that …"), no item struck out of a list whose other
    items stay. Only what the redline introduces counts: the original's own defects are not its.
    """
    zh = language.startswith("zh")
    if edit_share(original, proposed) > MINIMAL_SHARE:
        return None  # a rewrite, not a strike: its grammar is its own
    for opening, closing in _BRACKETS:
        before = original.count(opening) - original.count(closing)
        if proposed.count(opening) - proposed.count(closing) not in (0, before):
            return "修改后括号不成对" if zh else f"the strike leaves an unbalanced {opening}{closing} bracket"
    for rx in _DANGLING:
        if len(rx.findall(proposed)) > len(rx.findall(original)):
            return (
                "删除后句子残缺（悬空的标点、连词或被截断的词）"
                if zh
                else "the strike leaves a broken sentence (a dangling comma, conjunction or list, or a cut word)"
            )
    if len(_CUT_WORD.findall(proposed)) > len(_CUT_WORD.findall(original)):
        return "删除截断了词语" if zh else "the strike cuts a word in two"
    words = [(m.group(0), m.start(), m.end()) for m in _WORD_POS.finditer(original)]
    kept = [(m.group(0), m.start()) for m in _WORD_POS.finditer(proposed)]
    after = [w for w, _ in kept]
    matcher = SequenceMatcher(a=[w for w, _, _ in words], b=after, autojunk=False)
    for tag, i1, i2, j1, _j2 in matcher.get_opcodes():
        if tag != "delete" or i1 >= i2:
            continue
        gone = original[words[i1][1] : words[i2 - 1][2]]
        if _MODAL.search(gone) and not _CLAUSE_OPENER.match(gone):
            return (
                "删除了句子的主要谓语"
                if zh
                else f"the strike removes the sentence's main verb ({gone[:60]!r})"
            )
        # an item of a list whose others stay: struck after a comma, and what follows it up to the
        # next stop still joins items ("…, salads or casual dining meals")
        follows = proposed[kept[j1][1] :] if j1 < len(kept) else ""
        rest = re.split(r"[,;.:]", follows.lstrip(" ,"), maxsplit=1)[0]
        # the kept parts meet at a comma (an aside struck with both its commas leaves none)
        opened_by_comma = (j1 > 0 and after[j1 - 1] == ",") or (j1 < len(after) and after[j1] == ",")
        if (
            opened_by_comma
            and not zh
            and not _CLAUSE_OPENER.match(gone.lstrip(" ,"))
            and re.search(r"\b(?:and|or)\b", rest)
            and not _MODAL.search(rest)
            and not _CLAUSE_OPENER.match(rest)
        ):
            return f"the strike removes an item of a list whose other items stay ({gone[:60]!r})"
    return None
