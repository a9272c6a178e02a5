"""Minimal edits: a redline changes the words that must change, not the sentence around them.

A drafter who finds a one-sided sentence strikes the words that make it one-sided ("sole and
exclusive", "immediately and without notice", "随时") and, where the fix needs words of its own,
adds them after the kept sentence as a rider ("Notwithstanding the foregoing, …") instead of
retyping the sentence. :func:`minimal_alternative` looks for such an edit of a sentence, given a
full rewrite that fixes it: the smallest strike (none, one span, then two) whose sentence, with
the rewrite as its rider, no longer carries the risk and breaks no drafting rule. Only when no
such edit exists is the whole-sentence rewrite the right redline: the substance requires it.

The words struck and the rider's opening are data (``minimal_edit.json``).
"""

# ruff: noqa: E501  -- bilingual patterns and examples read better unbroken

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from clauseflow_legal.analysis import reported_quote
from clauseflow_legal.parties import infer_parties
from clauseflow_legal.redline_rules import (
    MINIMAL_SHARE,
    broken_sentence,
    edit_share,
    figure_only,
    figures,
    foreign_terms,
    governing_law_lost,
    is_chinese,
    language_mismatch,
    lost_protections,
    needless_rewrite,
    no_op_change,
    tokens,
)
from clauseflow_legal.text import split_sentences

# The verb of a sentence's main clause: a segment holding it is the sentence, not a part to strike.
_MAIN_VERB = re.compile(
    r"\b(?:shall|must|will|may|agrees?|undertakes?|warrants?|is|are)\b|应当|应|须|必须|有权|可以|承担|负责|保证",
    re.I,
)
# Parts of a sentence a drafter can strike whole: between commas/semicolons (a comma inside a
# number, "USD 500,000", is not one), or a bracketed aside.
_SEGMENT = re.compile(r"(?:[^,;:，；：]|(?<=\d),(?=\d{3}))+")
_BRACKETED = re.compile(r"\s*[(（](?=[^()（）]*[A-Za-z\u4e00-\u9fff]{2})[^()（）]{8,120}[)）]")
# A part that limits or conditions the sentence ("if …", "unless …", "…的，", "仅…"): striking it
# widens the sentence, never a minimal fix. (A part saying there is no limit, "且不受任何金额限制",
# is what a drafter strikes; the counterparty's duties that protect us are kept by the drafting rules.)
_LIMITING = re.compile(
    r"^\s*(?:if|unless|provided|subject|only|except|save|where|when|to\s+the\s+extent|in\s+case|until|so\s+long|"
    r"as\s+long|in\s+respect|in\s+relation|solely|but)\b"
    r"|^\s*(?:如|若|除|但|仅|只有|经|在)|的\s*$",
    re.I,
)
# The words before an aside that it splits from their verb or object ("shall, …, obtain").
_SPLIT_VERB = re.compile(r"\b(?:shall|must|will|may|to|not|that)\s*$", re.I)
# ... or from its object, which opens with a determiner ("commercialise, anywhere, any product").
_OBJECT_AFTER = re.compile(
    r"\s*(?:any|all|the|a|an|each|its|their|his|her|such|every|no|that|this|these|those)\b", re.I
)
# How many spans the search combines, and how many single spans it pairs.
_MAX_PAIRED = 8

Check = Callable[[str], bool]


@lru_cache(maxsize=1)
def _data() -> dict[str, object]:
    text = resources.files("clauseflow_legal").joinpath("minimal_edit.json").read_text(encoding="utf-8")
    loaded: dict[str, object] = json.loads(text)
    return loaded


@lru_cache(maxsize=2)
def _segment_opening(zh: bool) -> re.Pattern[str] | None:
    """How a part between commas that a drafter may strike whole opens (None: any part may go)."""
    segment = _data().get("strike_segment")
    pattern = str(segment.get("zh" if zh else "en") or "") if isinstance(segment, dict) else ""
    return re.compile(pattern, re.I) if pattern else None


@lru_cache(maxsize=2)
def _contradictions(zh: bool) -> tuple[tuple[re.Pattern[str], re.Pattern[str]], ...]:
    entries = _data().get("contradiction")
    listed = entries.get("zh" if zh else "en") if isinstance(entries, dict) else None
    return tuple((re.compile(str(e["added"]), re.I), re.compile(str(e["kept"]), re.I)) for e in listed or ())


def contradicted_qualifier(original: str, proposed: str, language: str = "en") -> str | None:
    """What is wrong when a qualifier the redline adds is contradicted by words it keeps, else None.

    "… irrespective of negligence …, to the extent caused by the Supplier's negligence" says two
    opposite things: the qualifier needs the words that contradict it struck (data: ``contradiction``).
    """
    zh = is_chinese(proposed)
    for added, kept in _contradictions(zh):
        if added.search(proposed) and not added.search(original):
            contrary = kept.search(proposed)
            if contrary is not None:
                if language.startswith("zh"):
                    return f"新增的限定语与保留的“{contrary.group(0)[:40]}”相矛盾；应一并删除后者"
                return (
                    f"the qualifier the redline adds contradicts words it keeps ({contrary.group(0)[:60]!r}); "
                    "strike them too"
                )
    return None


@lru_cache(maxsize=2)
def _strike_patterns(zh: bool) -> tuple[re.Pattern[str], ...]:
    strikes = _data()["strike"]
    assert isinstance(strikes, dict)
    return tuple(re.compile(p, re.I) for p in strikes["zh" if zh else "en"])


def rider_opening(zh: bool) -> str:
    """How a fix added after a kept sentence begins ("Notwithstanding the foregoing, ", "尽管有前述约定，")."""
    riders = _data()["rider"]
    assert isinstance(riders, dict)
    return str(riders["zh" if zh else "en"])


# Words that open a sentence with a capital only because they open it ("The", "Each"), lower-cased
# after the rider's comma; a party's name ("Customer") keeps its capital.
_LOWER_AFTER_RIDER = {
    "the",
    "each",
    "any",
    "all",
    "no",
    "neither",
    "either",
    "during",
    "if",
    "where",
    "in",
    "a",
    "an",
    "on",
    "for",
    "within",
    "after",
    "upon",
    "subject",
    "once",
    "until",
    "when",
    "unless",
}


# Qualifier openings capitalised only because they opened the fix's sentence.
_LOWER_IN_QUALIFIER = _LOWER_AFTER_RIDER | {
    "save",
    "provided",
    "except",
    "excluding",
    "unless",
    "only",
    "to",
}


def with_rider(sentence: str, fix: str, zh: bool) -> str:
    """``sentence`` kept, followed by ``fix`` as a rider that prevails over it."""
    body = sentence.rstrip().rstrip(",;:，；：、").rstrip()
    fix = fix.strip()
    if zh:
        end = "" if body.endswith(("。", "；", ";")) else "。"
        return f"{body}{end}{rider_opening(True)}{fix}"
    end = "" if body.endswith((".", ";", ":")) else "."
    first, _, rest = fix.partition(" ")
    if first.lower() in _LOWER_AFTER_RIDER:
        fix = f"{first.lower()} {rest}"
    return f"{body}{end} {rider_opening(False)}{fix}"


def strike_spans(sentence: str) -> list[tuple[int, int]]:
    """Spans of ``sentence`` a drafter may strike without rewriting it, fewest words first.

    One-sided words from the data, and the parts between commas or in brackets that do not
    hold the main clause's verb; none covers more than :data:`MINIMAL_SHARE` of the words.
    """
    zh = is_chinese(sentence)
    spans: set[tuple[int, int]] = set()
    for rx in _strike_patterns(zh):
        spans.update((m.start(), m.end()) for m in rx.finditer(sentence) if m.group(0).strip())
    main = _MAIN_VERB.search(sentence)
    aside = _segment_opening(zh)
    # The first part holds the subject, the part with the main verb the promise: never struck; nor
    # a part that is an item of a list or the verb's object (only asides go whole).
    for m in list(_SEGMENT.finditer(sentence))[1:]:
        if main is not None and m.start() <= main.start() < m.end():
            continue
        if main is None or m.start() < main.start() or _LIMITING.search(m.group(0)):
            continue
        if aside is not None and not aside.search(m.group(0)):
            continue
        # an aside goes with the comma before it; with the one after it too where it splits a verb
        # from what follows ("shall, at its own cost, obtain" → "shall obtain")
        start = m.start() - 1 if m.start() > 0 and sentence[m.start() - 1] in ",，" else m.start()
        splits_verb = (
            _SPLIT_VERB.search(sentence[:start]) is not None
            or _OBJECT_AFTER.match(sentence, m.end() + 1) is not None
        )
        end = m.end() + 1 if splits_verb and sentence[m.end() : m.end() + 1] == "," else m.end()
        spans.add((start, end))
    spans.update((m.start(), m.end()) for m in _BRACKETED.finditer(sentence))
    if zh and main is not None:
        # A condition and its consequence go together ("，违约金不足以弥补损失的，乙方应补足差额"): striking
        # the consequence alone leaves a "…的" with nothing to follow it.
        parts = list(_SEGMENT.finditer(sentence))
        for cond, then in itertools.pairwise(parts):
            if cond.start() > main.end() and cond.group(0).rstrip().endswith("的"):
                start = cond.start() - 1 if sentence[cond.start() - 1] in "，," else cond.start()
                spans.add((start, then.end()))
    limit = MINIMAL_SHARE * len(tokens(sentence))
    kept = [s for s in spans if 0 < len(tokens(sentence[s[0] : s[1]])) <= limit]
    return sorted(kept, key=lambda s: (len(tokens(sentence[s[0] : s[1]])), s[0]))


def struck(sentence: str, spans: tuple[tuple[int, int], ...]) -> str:
    """``sentence`` without ``spans``, its spaces and punctuation tidied."""
    text = sentence
    for start, end in sorted(spans, reverse=True):
        text = text[:start] + " " + text[end:]
    text = re.sub(r"[ \t]{2,}", " ", text)
    text = re.sub(r"\s+([,;:.，；：。)）])", r"\1", text)
    text = re.sub(r"([(（])\s+", r"\1", text)
    text = re.sub(r"[(（]\s*[)）]", "", text)
    text = re.sub(r"([,;:，；：])\s*(?=[,;:.，；：。])", "", text)
    text = re.sub(r"\b(?:and|or)\s*(?=[,;.])", "", text, flags=re.I)
    text = re.sub(r"(?<=[,;])\s*(?:and|or)\s*(?=[,;.])", "", text, flags=re.I)
    text = re.sub(r"\b(and|or)\s+(?:and|or)\b", r"\1", text, flags=re.I)
    text = re.sub(r"[ \t]{2,}", " ", text).strip()
    text = (
        re.sub(r"(?<=[\u3400-\u9fff，；：。])\s+(?=[\u3400-\u9fff，；：。])", "", text)
        if is_chinese(text)
        else text
    )
    # a conjunction left with nothing to join ("，且。") goes with the words it joined
    text = re.sub(r"[，；、]?(?:且|并|并且|而且|和|及|或)(?=[，；。]|$)", "", text)
    text = re.sub(r"[，；：、]+(?=[。；]|$)", "", text)
    text = re.sub(r"^[,;:，；：]\s*", "", text)
    return text[:1].upper() + text[1:] if text[:1].isalpha() else text


@dataclass(frozen=True)
class Actors:
    """How the clause names each side: the aliases of ours and of the counterparty found in it."""

    us: tuple[str, ...] = ()
    them: tuple[str, ...] = ()
    # we deliver and are paid (a supplier's deliverables are the customer's by the bargain)
    we_supply: bool = False


def clause_actors(our_party: str, clause_text: str) -> Actors:
    """The names the clause gives our party and the counterparty, in the order it uses them."""
    if not our_party:
        return Actors()
    parties = infer_parties(our_party, None, clause_text)
    mentions = parties.mentions(clause_text)
    us = tuple(dict.fromkeys(m.alias for m in mentions if m.side == "us"))
    # A name the parties block does not place ("Aurelia") is not ours: the counterparty's, here.
    them = tuple(dict.fromkeys(m.alias for m in mentions if m.side in ("them", "other")))
    return Actors(us, them, parties.supplies)


@lru_cache(maxsize=64)
def _actor_slots(risk_type: str, zh: bool) -> tuple[dict[str, object], ...]:
    actors = _data().get("actor")
    assert isinstance(actors, dict)
    entry = actors.get(risk_type) or {}
    assert isinstance(entry, dict)
    return tuple(entry.get("zh" if zh else "en") or ())


def _alternation(names: Sequence[str]) -> str:
    return "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))


def _them(actors: Actors, zh: bool, strike: bool) -> str | None:
    """The pattern of the counterparty's names; for a strike, any name not ours when none is known.

    A party the parties block does not place ("save that Aurelia may…") is still not us: striking
    an option it alone has is checked like any other edit.
    """
    if actors.them:
        return f"(?:{_alternation(actors.them)})"
    if not strike or zh:
        return None
    ours = f"(?!(?:{_alternation(actors.us)})\\b)" if actors.us else ""
    return f"(?-i:{ours}[A-Z][A-Za-z-]+)"


def actor_edits(sentence: str, risk_type: str, actors: Actors) -> list[str]:
    """``sentence`` with the party a risk turns on changed or its one-sided option struck, one slot each.

    The slots are data (``minimal_edit.json`` ``actor``, per risk type): who the IP belongs to,
    whose home court hears disputes, an option only the counterparty has. A slot naming the
    counterparty is rewritten to name us (or the slot's neutral word, "被告"); one naming us, the
    counterparty; a ``strike`` slot goes whole. Which of these removes the risk the caller checks.
    """
    out: list[str] = []
    zh = is_chinese(sentence)
    for slot in _actor_slots(risk_type, zh):
        pattern = str(slot["pattern"])
        if slot.get("unless") == "we_supply" and actors.we_supply:
            continue  # what we deliver for pay is the customer's: the fix is elsewhere
        if "{us}" in pattern and not actors.us:
            continue  # the clause does not name the party the slot is about
        them = _them(actors, zh, bool(slot.get("strike")))
        if "{them}" in pattern and them is None:
            continue
        unless = str(slot.get("unless_sentence") or "")
        if unless and them is not None and re.search(unless.replace("{them}", them), sentence, re.I):
            continue  # what is made from their own information is not ours to take by a swap
        pattern = pattern.replace("{us}", f"(?:{_alternation(actors.us)})")
        pattern = pattern.replace("{them}", them or "")
        for m in re.finditer(pattern, sentence, 0 if zh else re.I):
            if slot.get("strike"):
                out.append(struck(sentence, ((m.start(), m.end()),)))
                continue
            edits = []
            for name, value in m.groupdict().items():
                if value is None:
                    continue
                if name == "word":  # not a party: the slot's words go there ("not", "不")
                    edits.append((m.start(name), m.end(name), str(slot.get("to") or "")))
                    continue
                other = actors.us if name.startswith("them") else actors.them
                to = str(slot.get("to") or (other[0] if other else ""))
                if to:
                    edits.append((m.start(name), m.end(name), to))
            text = sentence
            for start, end, to in sorted(edits, reverse=True):
                text = text[:start] + to + text[end:]
            if edits and text != sentence:
                out.append(text)
    return list(dict.fromkeys(out))


def strike_combinations(sentence: str) -> list[tuple[tuple[int, int], ...]]:
    """The strikes the search tries on ``sentence``: one span, then two that do not overlap."""
    spans = strike_spans(sentence)
    strikes: list[tuple[tuple[int, int], ...]] = [(s,) for s in spans]
    strikes += [
        (a, b) for a, b in itertools.combinations(spans[:_MAX_PAIRED], 2) if a[1] <= b[0] or b[1] <= a[0]
    ]
    return strikes


def minimal_alternative(
    original: str,
    proposed: str,
    *,
    removes_risk: Check,
    acceptable: Check = lambda _: True,
    edits: Sequence[str] = (),
) -> str | None:
    """A minimal redline of ``original`` doing what ``proposed`` does, or None when none exists.

    Only sought when ``proposed`` deletes or replaces more than :data:`MINIMAL_SHARE` of the
    original's words. Candidates, smallest first: the given ``edits`` of the sentence (the actor
    changed, see :func:`actor_edits`); then the sentence kept whole with ``proposed`` as its
    rider; then with one span struck; then with two. The first whose text ``removes_risk`` (the
    clause reviewed again no longer reports the risk in it) and is ``acceptable`` (no drafting
    rule broken) wins.
    """
    if not original.strip() or edit_share(original, proposed) <= MINIMAL_SHARE:
        return None
    zh = is_chinese(original)
    strikes = strike_combinations(original)
    kept = [original, *(struck(original, strike) for strike in strikes if strike)]
    # The fix's figure written into the kept sentence (sixty months -> twelve months), the rest of
    # the fix added after it: the figure is often half the fix.
    refigured = figure_only(original, proposed)
    if refigured is not None:
        kept += [refigured, *(struck(refigured, strike) for strike in strike_combinations(refigured))]
    phrases = qualifiers(proposed, zh)
    candidates = [with_qualifier(k, q, zh) for k in kept for q in phrases]
    candidates += [with_rider(k, proposed, zh) for k in kept]
    # The figures the fix brings (a cap, a period) are its substance: a candidate without them is not
    # the fix, however it reads to the rules.
    olds = figures(original)
    needed = [f for f in figures(proposed) if not any(f.same_as(o) for o in olds)]
    # An edit of the actor is the fix where the party is the risk (whose IP, whose courts): the
    # template's figures belong to the template's wording, not to it.
    actor = set(edits)
    for candidate in [*edits, *candidates]:
        if not tokens(candidate) or edit_share(original, candidate) > MINIMAL_SHARE:
            continue
        stated = figures(candidate)
        if candidate not in actor and not all(any(f.same_as(g) for g in stated) for f in needed):
            continue
        if removes_risk(candidate) and acceptable(candidate):
            return candidate
    return None


@lru_cache(maxsize=2)
def _qualifier_opening(zh: bool) -> re.Pattern[str]:
    openings = _data()["qualifier"]
    assert isinstance(openings, dict)
    return re.compile(str(openings["zh" if zh else "en"]), re.I)


@lru_cache(maxsize=2)
def _inline_opening(zh: bool) -> re.Pattern[str]:
    inline = _data()["qualifier_inline"]
    assert isinstance(inline, dict)
    return re.compile(str(inline.get("zh" if zh else "en") or "(?!)"), re.I)


def qualifiers(fix: str, zh: bool) -> list[str]:
    """The qualifying phrases of a fix ("to the extent caused by …", "但…除外"), each up to its clause's end.

    These are what a drafter inserts into a kept sentence to bring it to the fix's position.
    """
    found: list[str] = []
    for m in _qualifier_opening(zh).finditer(fix):
        before = fix[: m.start()].rstrip()
        inline = _inline_opening(zh)
        if (
            before
            and not before.endswith((",", ";", "，", "；"))
            and not zh
            and not inline.match(fix, m.start())
        ):
            continue
        end = re.search(r"[;；。]|\.(?:\s|$)", fix[m.start() :])
        phrase = fix[m.start() : m.start() + end.start() if end else len(fix)].strip(" ,，")
        if len(tokens(phrase)) >= 3:
            found.append(phrase)
    return list(dict.fromkeys(found))


def with_qualifier(sentence: str, phrase: str, zh: bool) -> str:
    """``sentence`` with ``phrase`` inserted at its end, before its closing punctuation."""
    body = sentence.rstrip()
    stop = re.search(r"[.;:。；：]+$", body)
    close = stop.group(0) if stop else ("。" if zh else ".")
    body = body[: stop.start()] if stop else body
    body = body.rstrip(" ,;，；")
    first, _, rest = phrase.partition(" ")
    if not zh and first.lower() in _LOWER_IN_QUALIFIER:
        phrase = f"{first.lower()} {rest}"  # it goes mid-sentence now: "…, save for fraud, …"
    return f"{body}，{phrase}{close}" if zh else f"{body}, {phrase}{close}"


def _rewrites_most_of_its_sentence(original: str, proposed: str, clause_text: str) -> bool:
    """Whether the redline deletes or replaces more than half the words of the sentence(s) it quotes from.

    A quote of a few words ("shall be unlimited") replaced whole is still a minimal edit of its
    sentence. Only a quote that runs to its sentence's end is judged: a fix added as a rider
    goes after the sentence, not after words in the middle of it.
    """
    at = clause_text.find(original)
    if at < 0:
        return False
    end = at + len(original)
    touched = [s for s in split_sentences(clause_text) if s.start < end and at < s.end]
    words = sum(len(tokens(s.text)) for s in touched) or len(tokens(original))
    if edit_share(original, proposed) * len(tokens(original)) <= MINIMAL_SHARE * words:
        return False
    return not touched or not tokens(clause_text[end : touched[-1].end])


@dataclass(frozen=True)
class Where:
    """The redline's setting: its clause, the risk it fixes, our party, the review and the contract's terms."""

    clause_text: str
    risk_type: str
    our_party: str
    domain: str = "generic"
    language: str = "en"
    vocabulary: frozenset[str] = frozenset()


def needless_sentence_rewrite(original: str, proposed: str, where: Where) -> str | None:
    """The minimal redline a rewrite of more than half the sentence should have been, or None.

    The rule every drafter's redline is held to (the playbook model's and any LLM's): when the
    clause's rules report the risk in the original and a minimal edit (see
    :func:`minimal_alternative`) removes it without breaking a drafting rule, rewriting the
    sentence is not needed. None when the rewrite is minimal already, or the substance needs it.
    """
    clause_text, risk_type, our_party = where.clause_text, where.risk_type, where.our_party
    domain, language = where.domain, where.language
    if not risk_type or not _rewrites_most_of_its_sentence(original, proposed, clause_text):
        return None
    if reported_quote(clause_text, risk_type, our_party=our_party, domain=domain, language=language) is None:
        return None  # the rules cannot see this risk: whether an edit removes it cannot be checked

    def removes_risk(candidate: str) -> bool:
        rewritten = clause_text.replace(original, candidate, 1)
        quote = reported_quote(rewritten, risk_type, our_party=our_party, domain=domain, language=language)
        return quote is None or not (quote in candidate or candidate in quote)

    def acceptable(candidate: str) -> bool:
        return not (
            broken_sentence(original, candidate)
            or contradicted_qualifier(original, candidate)
            or no_op_change(original, candidate)
            or governing_law_lost(original, candidate)
            or lost_protections(original, candidate, our_party=our_party, clause_text=clause_text)
            or language_mismatch(clause_text, candidate)
            or foreign_terms(candidate, clause_text=clause_text, vocabulary=where.vocabulary)
        )

    edits = actor_edits(original, risk_type, clause_actors(our_party, clause_text))
    return minimal_alternative(
        original, proposed, removes_risk=removes_risk, acceptable=acceptable, edits=edits
    )


@dataclass(frozen=True)
class Smaller:
    """The minimal redline a draft should have been: ``figure`` (the figure alone) or ``sentence``."""

    kind: str
    text: str


def smaller_redline(original: str, proposed: str, where: Where) -> Smaller | None:
    """The minimal redline ``proposed`` should have been, or None when it is minimal or must rewrite.

    First the figure alone (:func:`redline_rules.needless_rewrite`), then striking and adding
    (:func:`needless_sentence_rewrite`).
    """
    setting = {"clause_text": where.clause_text, "risk_type": where.risk_type, "our_party": where.our_party}
    figure = needless_rewrite(original, proposed, domain=where.domain, language=where.language, **setting)
    if figure is not None:
        return Smaller("figure", figure)
    sentence = needless_sentence_rewrite(original, proposed, where)
    return Smaller("sentence", sentence) if sentence is not None else None
