"""Minimal edits: a redline changes the words that must change, not the sentence around them.

A drafter who finds a one-sided sentence strikes the words that make it one-sided ("sole and
exclusive", "immediately and without notice", "随时") and, where the fix needs words of its own,
adds them after the kept sentence as a rider ("Notwithstanding the foregoing, …") instead of
retyping the sentence; where the risk is a figure, a party, a trigger or one limb of a list, the
drafter amends or strikes just that. :func:`minimal_alternative` looks for such an edit of a
sentence, given a full rewrite that fixes it: the figure, party or trigger amended in place, a
limb struck, then the smallest strike (none, one span, then two) whose sentence, with the
rewrite's qualifier or the rewrite as its rider, no longer carries the risk and breaks no
drafting rule. Only when no such edit exists is the whole-sentence rewrite the right redline:
the substance requires it.

This module is the search and the rule it serves (:func:`needless_sentence_rewrite`,
:func:`smaller_redline`), with the rider and the qualifier a kept sentence takes. The edits it
tries come from their own modules: the strikes (:mod:`clauseflow_legal.minimal_strikes`), the
party changed (:mod:`clauseflow_legal.minimal_actors`), the figures amended
(:mod:`clauseflow_legal.minimal_figures`). The words struck, the rider's opening, the figures and
the per-risk-type slots are data (``minimal_edit.json``, :mod:`clauseflow_legal.minimal_data`);
market figures are the playbook's positions.
"""

# ruff: noqa: E501  -- bilingual patterns and examples read better unbroken

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from clauseflow_legal.analysis import reported_quote
from clauseflow_legal.minimal_actors import actor_edits, clause_actors
from clauseflow_legal.minimal_data import minimal_edit_data
from clauseflow_legal.minimal_figures import figure_amendments, market_figures
from clauseflow_legal.minimal_setting import Where
from clauseflow_legal.minimal_strikes import (
    alternative_strikes,
    limb_strikes,
    strike_combinations,
    strike_spans,
    struck,
)
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

Check = Callable[[str], bool]


@lru_cache(maxsize=2)
def _contradictions(zh: bool) -> tuple[tuple[re.Pattern[str], re.Pattern[str]], ...]:
    entries = minimal_edit_data().get("contradiction")
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


def rider_opening(zh: bool) -> str:
    """How a fix added after a kept sentence begins ("Notwithstanding the foregoing, ", "尽管有前述约定，")."""
    riders = minimal_edit_data()["rider"]
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


def _closed(text: str, like: str) -> str:
    """``text`` ending as ``like`` ends (a part struck at the end takes the full stop with it)."""
    stop = re.search(r"[.;:。；：]+[\"”]?\s*$", like)
    if stop is None or re.search(r"[.;:。；：]+[\"”]?\s*$", text):
        return text
    return text.rstrip(" ,，") + stop.group(0).strip()


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
    original's words. Candidates, smallest first: the given ``edits`` of the sentence (a figure,
    the actor or a trigger amended in place, see :func:`actor_edits`); then one limb of a list or
    one alternative struck (:func:`limb_strikes`, :func:`alternative_strikes`); then the sentence
    kept whole, or with one or two spans struck, with the fix's qualifying phrase or with
    ``proposed`` as its rider; last, an edit with one span of its sentence struck too. The first
    whose text ``removes_risk`` (the clause reviewed again no longer reports the risk in it) and
    is ``acceptable`` (no drafting rule broken) wins.
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
    # A limb of a list or an alternative struck (the list kept grammatical), of the original or of
    # the sentence with the fix's figure written in.
    limbs = [t for k in (original, refigured) if k for t in (*limb_strikes(k), *alternative_strikes(k))]
    kept += limbs
    phrases = qualifiers(proposed, zh)
    # A limb struck alone comes first: the words that carry the risk were the limb, and a rider
    # restating the fix in a template's words beside the amended sentence would say it twice.
    candidates = [*limbs, *(with_qualifier(k, q, zh) for k in kept for q in phrases)]
    candidates += [with_rider(k, proposed, zh) for k in kept]
    # The figures the fix brings (a cap, a period) are its substance: a candidate without them is not
    # the fix, however it reads to the rules.
    olds = figures(original)
    needed = [f for f in figures(proposed) if not any(f.same_as(o) for o in olds)]
    # An edit of the actor is the fix where the party is the risk (whose IP, whose courts): the
    # template's figures belong to the template's wording, not to it.
    # Last, an in-place edit with one span of its sentence struck too: the trigger amended and the
    # limb that keeps the other remedies open struck ("within ten days of written demand, and the
    # Discloser may in addition recover…").
    amended_and_struck = [_closed(struck(e, (span,)), e) for e in edits for span in strike_spans(e)]
    actor = {*edits, *amended_and_struck}
    for candidate in [*edits, *candidates, *amended_and_struck]:
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
    openings = minimal_edit_data()["qualifier"]
    assert isinstance(openings, dict)
    return re.compile(str(openings["zh" if zh else "en"]), re.I)


@lru_cache(maxsize=2)
def _inline_opening(zh: bool) -> re.Pattern[str]:
    inline = minimal_edit_data()["qualifier_inline"]
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

    # the figure, the actor or the trigger amended in place: what the rewrite should have been
    edits = [
        *figure_amendments(original, risk_type, domain),
        *market_figures(original, where),
        *actor_edits(original, risk_type, clause_actors(our_party, clause_text)),
    ]
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
