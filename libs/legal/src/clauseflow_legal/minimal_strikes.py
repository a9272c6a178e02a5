"""Strikes: the parts of a sentence a drafter may strike, and the sentence left once they go.

One-sided words from the data (``minimal_edit.json`` ``strike``, ``strike_segment``), asides
between commas or in brackets (:func:`strike_spans`, tidied away by :func:`struck`, combined by
:func:`strike_combinations`); one limb of a list, labelled or not, struck with the list kept
grammatical (:func:`limb_strikes`); one alternative set off by commas (:func:`alternative_strikes`).
Which strike removes a risk the caller decides (:mod:`clauseflow_legal.minimal_edit`).
"""

# ruff: noqa: E501  -- bilingual patterns and examples read better unbroken

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from clauseflow_documents.numerals import int_to_chinese, int_to_letters, int_to_roman

from clauseflow_legal.minimal_data import minimal_edit_data
from clauseflow_legal.redline_rules import MINIMAL_SHARE, is_chinese, tokens

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


@lru_cache(maxsize=2)
def _segment_opening(zh: bool) -> re.Pattern[str] | None:
    """How a part between commas that a drafter may strike whole opens (None: any part may go)."""
    segment = minimal_edit_data().get("strike_segment")
    pattern = str(segment.get("zh" if zh else "en") or "") if isinstance(segment, dict) else ""
    return re.compile(pattern, re.I) if pattern else None


@lru_cache(maxsize=2)
def _strike_patterns(zh: bool) -> tuple[re.Pattern[str], ...]:
    strikes = minimal_edit_data()["strike"]
    assert isinstance(strikes, dict)
    return tuple(re.compile(p, re.I) for p in strikes["zh" if zh else "en"])


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


def strike_combinations(sentence: str) -> list[tuple[tuple[int, int], ...]]:
    """The strikes the search tries on ``sentence``: one span, then two that do not overlap."""
    spans = strike_spans(sentence)
    strikes: list[tuple[tuple[int, int], ...]] = [(s,) for s in spans]
    strikes += [
        (a, b) for a, b in itertools.combinations(spans[:_MAX_PAIRED], 2) if a[1] <= b[0] or b[1] <= a[0]
    ]
    return strikes
