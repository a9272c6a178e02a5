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

The words struck, the rider's opening, the figures and the per-risk-type slots are data
(``minimal_edit.json``); market figures are the playbook's positions.
"""

# ruff: noqa: E501  -- bilingual patterns and examples read better unbroken

from __future__ import annotations

import dataclasses
import itertools
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from clauseflow_documents.numerals import int_to_chinese, int_to_english, int_to_letters, int_to_roman

from clauseflow_legal.analysis import reported_quote
from clauseflow_legal.parameters import Basis, Parameter
from clauseflow_legal.parties import infer_parties
from clauseflow_legal.positions import deviations
from clauseflow_legal.redline_feedback import render_percent, render_period
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
from clauseflow_legal.rules.base import ClauseContext
from clauseflow_legal.text import find_percents, find_periods, split_sentences

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
    # the sentence opens with a capital, after its clause number if it has one ("17.2 A person …")
    return re.sub(r"^((?:\d+(?:\.\d+)*\.?\s+)?)([a-z])", lambda m: m.group(1) + m.group(2).upper(), text)


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


def _parties_named(wording: str, actors: Actors, sentence: str, named: str | None = None) -> str | None:
    """``wording`` with {us} and {them} as the clause names each ("the Buyer", "Koelhaven", "乙方"), or None.

    ``named``: the counterparty as the matched words name it, where the parties block does not.
    None when the wording names a party the clause does not name.
    """
    for slot, names in (("{us}", actors.us), ("{them}", actors.them or ((named,) if named else ()))):
        if slot not in wording:
            continue
        if not names:
            return None
        name = re.sub(r"^(?:the|The)\s+", "", names[0])
        article = re.search(rf"\b[Tt]he\s+{re.escape(name)}\b", sentence) is not None
        wording = wording.replace(slot, f"the {name}" if article else name)
    return wording


def actor_edits(sentence: str, risk_type: str, actors: Actors) -> list[str]:
    """``sentence`` with the party a risk turns on changed or its one-sided option struck, one slot each.

    The slots are data (``minimal_edit.json`` ``actor``, per risk type): who the IP belongs to,
    whose home court hears disputes, an option only the counterparty has. A slot naming the
    counterparty is rewritten to name us (or the slot's neutral word, "被告"); one naming us, the
    counterparty; a ``strike`` slot goes whole. Which of these removes the risk the caller checks.
    """
    out: list[str] = []
    matched: list[list[tuple[int, int, str]]] = []
    zh = is_chinese(sentence)
    for slot in _actor_slots(risk_type, zh):
        pattern = str(slot["pattern"])
        if slot.get("unless") == "we_supply" and actors.we_supply:
            continue  # what we deliver for pay is the customer's: the fix is elsewhere
        if "{us}" in pattern and not actors.us:
            continue  # the clause does not name the party the slot is about
        # a strike, or a slot saying so ("them_any"), takes any name not ours where none is placed
        them = _them(actors, zh, bool(slot.get("strike") or slot.get("them_any")))
        if "{them}" in pattern and them is None:
            continue
        unless = str(slot.get("unless_sentence") or "")
        if (
            unless
            and (them is not None or "{them}" not in unless)
            and re.search(unless.replace("{them}", them or ""), sentence, re.I)
        ):
            continue  # what is made from their own information is not ours to take by a swap
        needs = str(slot.get("if_sentence") or "")
        if needs and not re.search(needs, sentence, re.I):
            continue  # the slot is about what the sentence is not about
        pattern = pattern.replace("{us}", f"(?:{_alternation(actors.us)})")
        pattern = pattern.replace("{them}", them or "")
        for m in re.finditer(pattern, sentence, 0 if zh else re.I):
            if slot.get("strike"):
                out.append(struck(sentence, ((m.start(), m.end()),)))
                continue
            edits: list[tuple[int, int, str]] = []
            for name, value in m.groupdict().items():
                if value is None:
                    continue
                if name == "named":  # the party as the sentence names it, kept (the wording may name it)
                    continue
                if name == "word":  # not a party: the slot's words go there ("not", "不")
                    wording = _parties_named(
                        str(slot.get("to") or ""),
                        actors,
                        sentence,
                        m.group("named") if "named" in m.groupdict() else None,
                    )
                    if wording is None:  # it names a party the clause does not name: no edit
                        edits = []
                        break
                    edits.append((m.start(name), m.end(name), wording))
                    continue
                if name.startswith("cut"):  # words the edit strikes with it ("不", "…不得据此…")
                    edits.append((m.start(name), m.end(name), ""))
                    continue
                other = actors.us if name.startswith("them") else actors.them
                to = str(slot.get("to") or (other[0] if other else ""))
                if to:
                    edits.append((m.start(name), m.end(name), to))
            text = _applied(sentence, edits)
            if edits and text != sentence:
                out.append(text)
                matched.append(edits)
    # every slot's edit at once, after each alone: a fix that needs the claims narrowed and the
    # basis made fault-based needs both
    if len(matched) > 1:
        together = [e for edits in matched for e in edits]
        spans = sorted((start, end) for start, end, _ in together)
        if all(a[1] <= b[0] for a, b in itertools.pairwise(spans)):
            out.append(_applied(sentence, together))
    return list(dict.fromkeys(out))


def _applied(sentence: str, edits: Sequence[tuple[int, int, str]]) -> str:
    """``sentence`` with each (start, end, words) edit made; tidied where one strikes words."""
    text = sentence
    for start, end, to in sorted(edits, reverse=True):
        text = text[:start] + to + text[end:]
    return struck(text, ()) if any(not to for _, _, to in edits) else text


# A list item's label: "(a) ", "(ii) ", "(3) ", "（一）", "（2）".
_LABEL = re.compile(r"(?:\(|（)(?P<l>[a-z]|[ivx]{1,4}|\d{1,2}|[一二三四五六七八九十]{1,2})(?:\)|）)\s*")
# What joins a list's last item to the one before: "; and ", ", or ", "；以及", "；或者".
_ITEM_SEPARATOR = re.compile(r"\s*(?P<sep>[;,；，])\s*(?P<conj>and|or|以及|或者|或|及)?\s*$", re.I)


@dataclass(frozen=True)
class _Item:
    label_start: int
    text_start: int
    text_end: int
    conj: str


def _label_sequence(first: str) -> list[str] | None:
    """The labels of a list whose first label is ``first`` ("a" → a, b, c…), or None if it opens none."""
    # the label forms the document reader numbers lists with (clauseflow_documents.numerals),
    # as far as the label pattern reads them: a-z, i-x, 1-29, 一-十
    write: dict[str, tuple[Callable[[int], str], int]] = {
        "a": (lambda n: int_to_letters(n).lower(), 26),
        "i": (lambda n: int_to_roman(n).lower(), 10),
        "1": (str, 29),
        "一": (int_to_chinese, 10),
    }
    if first not in write:
        return None
    label, count = write[first]
    return [label(n) for n in range(1, count + 1)]


def _labelled_items(sentence: str) -> list[_Item]:
    """The labelled items of the sentence's list, "(a) …; (b) …; and (c) …", the last running to the sentence's end."""
    labels = list(_LABEL.finditer(sentence))
    if len(labels) < 2:
        return []
    sequence = _label_sequence(labels[0].group("l"))
    if sequence is None or [m.group("l") for m in labels] != sequence[: len(labels)]:
        return []
    items: list[_Item] = []
    for here, after in itertools.pairwise(labels):
        sep = _ITEM_SEPARATOR.search(sentence, here.end(), after.start())
        if sep is None:
            return []  # not a list of items: a label cited inside a sentence ("paragraph (b) above")
        items.append(_Item(here.start(), here.end(), sep.start(), sep.group("conj") or ""))
    last = labels[-1]
    stop = re.search(r"[.;。；]?[\"”]?\s*$", sentence[last.end() :])
    end = last.end() + (stop.start() if stop else 0)
    items.append(_Item(last.start(), last.end(), end, ""))
    return items


def _list_without(sentence: str, items: Sequence[_Item], gone: set[int], style: str) -> str:
    """The sentence with the items at ``gone`` struck: the others relabelled, the conjunction before the new last."""
    kept = [it for i, it in enumerate(items) if i not in gone]
    zh = is_chinese(sentence)
    head = sentence[: items[0].label_start]
    tail = sentence[items[-1].text_end :]
    if len(kept) == 1:
        # one item left is no list: it loses its label (and, in English, the colon that announced
        # the list: "shall not apply to liability …"; "下列情形…：…" keeps it)
        body = sentence[kept[0].text_start : kept[0].text_end]
        head = head if zh else re.sub(r":\s*$", " ", head)
        return f"{head}{body}{tail}"
    sep = "；" if zh else "; "
    separator = _ITEM_SEPARATOR.search(sentence, items[0].text_end, items[1].label_start)
    if separator is not None and separator.group("sep") in ",，":
        sep = "，" if zh else ", "
    conj = items[-2].conj  # the conjunction the list closed with ("; and (c)")
    labels = _label_sequence(style) or []
    # the labels written as the list writes them: "(a) ", "（一）", "(1)"
    written = sentence[items[0].label_start : items[0].text_start]
    first = _LABEL.match(written)
    shape = written.replace(first.group("l"), "{}", 1) if first else ("（{}）" if zh else "({}) ")
    parts = []
    for n, it in enumerate(kept):
        text = sentence[it.text_start : it.text_end]
        label = labels[n] if n < len(labels) else str(n + 1)
        opening = shape.format(label)
        joint = (
            ""
            if n == 0
            else (sep + (f"{conj}" if zh else f"{conj} ") if conj and n == len(kept) - 1 else sep)
        )
        parts.append(f"{joint}{opening}{text}")
    return head + "".join(parts) + tail


# Parallel limbs of an unlabelled list of verb phrases: "…, be free from defects, and be fit for any purpose."
_LAST_LIMB = re.compile(r",\s*(?P<conj>and|or)\s+(?P<first>[a-z]+)\b[^,;:.]*?(?=[.;]?[\"”]?\s*$)")


def limb_strikes(sentence: str) -> list[str]:
    """``sentence`` with one limb of its list struck (two for a labelled list), the list kept grammatical.

    A labelled list ("(a) …; (b) …; and (c) …") loses any one or two items: the others are
    relabelled, the closing "and"/"or" moves to the new last item, and a single item left loses
    its label. An unlabelled list of parallel verb phrases ("conform to X, be free from Y, and be
    fit for Z") loses its last limb, and the limb before it takes the conjunction ("conform to X
    and be free from Y"). Which limb is the offending one the caller decides (the clause reviewed
    again), as for every strike.
    """
    out: list[str] = []
    items = _labelled_items(sentence)
    if items:
        style = _LABEL.match(sentence, items[0].label_start)
        first = style.group("l") if style else "a"
        n = len(items)
        gones = [{i} for i in range(n)] + [set(p) for p in itertools.combinations(range(n), 2) if n > 2]
        out += [_list_without(sentence, items, gone, first) for gone in gones]
    for m in _LAST_LIMB.finditer(sentence):
        # the limb before it opens with the same word ("be … , and be …"): the list's previous item
        before = sentence[: m.start()]
        prev = [p for p in re.finditer(rf",\s*(?={re.escape(m.group('first'))}\b)", before)]
        if not prev:
            continue
        cut = prev[-1]
        out.append(before[: cut.start()] + f" {m.group('conj')} " + before[cut.end() :] + sentence[m.end() :])
    return list(dict.fromkeys(out))


# A disjunct set off by commas that widens what it follows: "was aware, or could reasonably have become
# aware from the information made available to it, of the facts"; "知悉，或者应当知悉，该事实".
_ALTERNATIVE = re.compile(r",\s*or\s+[^,;:.]{3,160},\s*|[，,]\s*或者?[^，,。；;]{2,60}[，,]")


def alternative_strikes(sentence: str) -> list[str]:
    """``sentence`` without one alternative set off by commas: "A, or B, of C" becomes "A of C".

    The alternative goes with both its commas (it is an aside to what it follows); one that holds a
    verb of its own ("…, or the Supplier shall …,") is a clause, not an alternative, and stays.
    """
    out = []
    zh = is_chinese(sentence)
    for m in _ALTERNATIVE.finditer(sentence):
        if _MODAL_OWN.search(m.group(0)):
            continue
        # what follows completes both alternatives ("aware, or could have become aware, of the
        # facts"); a word of another kind there makes the part an item of a list, which stays
        if not (_COMPLETES_ZH if zh else _COMPLETES).match(sentence, m.end()):
            continue
        joint = "" if zh else " "
        out.append(struck(sentence[: m.start()] + joint + sentence[m.end() :], ()))
    return out


# What may follow an alternative struck: a word completing both ("of the facts", "该事实").
_COMPLETES = re.compile(r"(?:of|to|in|on|for|from|with|by|at|about|against|under|that)\b", re.I)
_COMPLETES_ZH = re.compile(r"(?:该|此|上述|前述|相关|有关|其)")
# A verb of its own makes the part a clause ("应当知悉", ought to have known, is knowledge, not a duty).
_MODAL_OWN = re.compile(r"\b(?:shall|must|will|may)\b|(?:应当|应|须|必须)(?!当?知)|有权", re.I)


def figure_amendments(sentence: str, risk_type: str) -> list[str]:
    """``sentence`` with the figure the risk turns on brought to the playbook's standard, in place.

    The figures are data (``minimal_edit.json`` ``figure``, per risk type): a service level of 95%
    availability becomes 99.5%, every other word kept. Only a figure of the kind the entry names,
    in a sentence about its matter ("availability", "可用率"), on the wrong side of the standard.
    """
    entries = _data().get("figure")
    listed = entries.get(risk_type) if isinstance(entries, dict) else None
    zh = is_chinese(sentence)
    out: list[str] = []
    for entry in listed or ():
        near = entry["near"]["zh" if zh else "en"]
        if entry["kind"] != "percent" or not re.search(near, sentence, re.I):
            continue
        floor, ceiling = entry.get("at_least"), entry.get("at_most")
        for pc in find_percents(sentence):
            target = floor if floor is not None and pc.value < floor else None
            target = ceiling if ceiling is not None and pc.value > ceiling else target
            if target is None:
                continue
            piece = sentence[pc.start : pc.end]
            new = percent_written(piece.rstrip(), float(target), zh) + piece[len(piece.rstrip()) :]
            out.append(sentence[: pc.start] + new + sentence[pc.end :])
            break
    return out


def market_figures(original: str, where: Where) -> list[str]:
    """``original`` with each of its figures beyond the playbook's walk-away point set to the standard.

    The figures and what they measure are :mod:`clauseflow_legal.parameters`' (read in the whole
    clause: a claim window is one only with its forfeiture, which may follow the quote); the
    positions are the playbook's for our side (:mod:`clauseflow_legal.positions`). A 30-day claim
    window under a 60-day walk-away becomes the 90-day standard, written as the clause writes it.
    """
    at = where.clause_text.find(original)
    if at < 0:
        return []
    parties = infer_parties(where.our_party, None, where.clause_text)
    ctx = ClauseContext(
        clause_id="",
        title="",
        text=where.clause_text,
        language=where.language,
        domain=where.domain,
        parties=parties,
    )
    zh = is_chinese(original)
    edits: list[tuple[int, int, str]] = []
    for deviation in deviations(where.clause_text, parties, where.domain):
        parameter, position = deviation.parameter, deviation.position
        start, end = parameter.start - at, parameter.end - at
        if position.risk_type != where.risk_type or start < 0 or end > len(original):
            continue
        if position.bound != "any" and _bearer(ctx, parameter) in ("them", "other"):
            continue  # the other side's deadline: a longer one is no fix for us
        piece = original[start:end].rstrip()
        new = _standard_written(piece, position.standard, parameter, position.per, zh)
        if new is not None and new != piece:
            edits.append((start, start + len(piece), new))
    out = []
    # every figure at once first, then each alone
    for chosen in ([edits] if len(edits) > 1 else []) + [[e] for e in edits]:
        text = original
        for start, end, new in sorted(chosen, reverse=True):
            text = text[:start] + new + text[end:]
        out.append(text)
    return out


def _bearer(ctx: ClauseContext, parameter: Parameter) -> str | None:
    """Whose number a parameter is: the sentence's actor at it, else the party the sentence opens with."""
    sentence = parameter.sentence
    side = ctx.actor(sentence, parameter.start - sentence.start)
    if side is not None:
        return side
    mentions = ctx.parties.mentions(sentence.text)
    return mentions[0].side if mentions else None


def _standard_written(piece: str, standard: float, parameter: Parameter, per: Basis, zh: bool) -> str | None:
    """The playbook's ``standard`` written in the style of ``piece`` (days for a period, on its own basis for a rate)."""
    if parameter.kind == "period":
        found = find_periods(piece)
        if not found:
            return None
        unit = found[0].unit
        if unit in ("month", "year") and standard % 30 == 0:
            return render_period(piece, standard / 30, "month", zh)
        return render_period(piece, standard, "day", zh)
    if parameter.kind == "percent":
        value = standard
        if per and parameter.per and per != parameter.per:
            # the standard is a rate on the position's basis; the clause states it on its own
            value = round(dataclasses.replace(parameter, value=standard, per=per).rate(parameter.per), 4)
        return percent_written(piece, value, zh)
    return None  # multiples and amounts: their wording varies too much to rewrite in place


def percent_written(piece: str, value: float, zh: bool) -> str:
    """A percentage written like ``piece``, a fraction in words too ("ninety-nine point five per cent (99.5%)")."""
    if zh or value == int(value) or not re.match(r"[A-Za-z]", piece) or "(" not in piece:
        return render_percent(piece, value, zh)
    whole, _, decimals = f"{value:g}".partition(".")
    digits = " ".join(int_to_english(int(d)) for d in decimals)
    return f"{int_to_english(int(whole))} point {digits} per cent ({value:g}%)"


def strike_combinations(sentence: str) -> list[tuple[tuple[int, int], ...]]:
    """The strikes the search tries on ``sentence``: one span, then two that do not overlap."""
    spans = strike_spans(sentence)
    strikes: list[tuple[tuple[int, int], ...]] = [(s,) for s in spans]
    strikes += [
        (a, b) for a, b in itertools.combinations(spans[:_MAX_PAIRED], 2) if a[1] <= b[0] or b[1] <= a[0]
    ]
    return strikes


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

    # the figure, the actor or the trigger amended in place: what the rewrite should have been
    edits = [
        *figure_amendments(original, risk_type),
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
