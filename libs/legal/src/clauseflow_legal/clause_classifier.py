"""Clause typing learned from real contracts: linear models over hashed word n-grams (English).

The weights in ``clause_classifier.npz`` were trained on the 430 expert-labelled contracts of
CUAD's train split by ``bench/clause_types/train_classifier.py`` (scikit-learn, a development
dependency). Here they are read and applied in pure Python, so no service needs numpy: a clause
is cut into sentences, each sentence becomes a set of hashed features (``features``, the very
function the training script used to build its matrices, with the feature set the model file
names: word uni- and bigrams, optionally trigrams and the last words of the previous sentence of
the clause), and a category's score is the best sentence's decision value.
Each category has two thresholds, both chosen by cross-validation on the train split: one for a
clause the hand-written rules already give the category (their reading is evidence, so the model
needs less to confirm it, or nothing at all) and one for a clause the rules do not.

The training data is English: for a clause written mostly in Chinese the model says nothing and
the rule-based typing (:mod:`clause_types`) decides alone.
"""

from __future__ import annotations

import ast
import io
import itertools
import json
import math
import re
import sys
import zipfile
import zlib
from array import array
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

MODEL_PATH = Path(__file__).with_name("clause_classifier.npz")

# Hashing: every feature string is hashed with CRC-32 (C speed, same value on every platform and
# Python version, unlike ``hash``) into this many buckets; no vocabulary is stored.
BUCKETS = 1 << 18
_TOKEN = re.compile(r"[a-z0-9]+(?:['’][a-z]+)?")
_DIGIT = re.compile(r"\d")
# Sentences end at . ; ! ? before a capital, a digit, a quote or a bracket, and at blank lines.
_SENTENCE_END = re.compile(r"(?<=[.;!?])\s+(?=[\"“'(\[A-Z0-9])|\n\s*\n")
_CJK = re.compile(r"[\u4e00-\u9fff]")
_LATIN = re.compile(r"[A-Za-z]")
# A sentence longer than this is read in windows of this many words (some filings have none).
WINDOW_WORDS = 120
MIN_SENTENCE_CHARS = 8


def sentences(text: str) -> list[tuple[int, int]]:
    """(start, end) offsets of the reading units of ``text``: sentences, long ones cut into windows."""
    units: list[tuple[int, int]] = []
    start = 0
    for m in _SENTENCE_END.finditer(text):
        units.extend(_windows(text, start, m.start()))
        start = m.end()
    units.extend(_windows(text, start, len(text)))
    return units


def _windows(text: str, start: int, end: int) -> Iterator[tuple[int, int]]:
    words = list(re.finditer(r"\S+", text[start:end]))
    if not words or end - start < MIN_SENTENCE_CHARS:
        return
    for i in range(0, len(words), WINDOW_WORDS):
        chunk = words[i : i + WINDOW_WORDS]
        yield start + chunk[0].start(), start + chunk[-1].end()


def reading_units(text: str) -> list[tuple[str, str]]:
    """The sentences the model reads in a clause text, each with the sentence before it ("" first)."""
    units = []
    previous = ""
    for start, end in sentences(text):
        sentence = text[start:end]
        units.append((sentence, previous))
        previous = sentence
    return units


def tokens(text: str) -> list[str]:
    """Lower-cased word tokens with every digit read as 0 (a number's size is not its type)."""
    return _TOKEN.findall(_DIGIT.sub("0", text.lower()))


@dataclass(frozen=True)
class FeatureSet:
    """Which hashed features a model reads (named in the model file, so training and inference agree)."""

    # Word trigrams beside the unigrams and bigrams.
    trigrams: bool = False
    # The last this-many words of the previous sentence, as features of their own ("p word"): a
    # heading cut off as a sentence ("Change of Control.") tells what the next one is about.
    context_words: int = 0

    @property
    def name(self) -> str:
        """The name written in the model file's meta."""
        grams = "word-1-3" if self.trigrams else "word-1-2"
        context = f"+prev-{self.context_words}" if self.context_words else ""
        return f"{grams}{context}/crc32/l2"


WORD_1_2 = FeatureSet()


def features(text: str, previous: str = "", feature_set: FeatureSet = WORD_1_2) -> dict[int, float]:
    """Hashed word n-gram presence of one sentence (and its context), L2-normalised (bucket → value)."""
    words = tokens(text)
    grams = {f"w {w}" for w in words}
    grams.update(f"b {a} {b}" for a, b in itertools.pairwise(words))
    if feature_set.trigrams:
        grams.update(f"t {a} {b} {c}" for a, b, c in zip(words, words[1:], words[2:], strict=False))
    if feature_set.context_words and previous:
        grams.update(f"p {w}" for w in tokens(previous)[-feature_set.context_words :])
    buckets = {zlib.crc32(g.encode("utf-8")) % BUCKETS for g in grams}
    if not buckets:
        return {}
    value = 1.0 / math.sqrt(len(buckets))
    return dict.fromkeys(buckets, value)


def is_english(text: str) -> bool:
    """Whether the model can read ``text``: more Latin letters than Chinese characters."""
    return len(_LATIN.findall(text)) > len(_CJK.findall(text))


@dataclass(frozen=True, eq=False)  # hashed by identity: the sentence cache keys on it
class ClauseClassifier:
    """One-vs-rest linear models, one per clause type, over :func:`features`."""

    type_ids: tuple[str, ...]
    intercepts: tuple[float, ...]
    # A type is given to a clause the rules did not type when its best sentence reaches this.
    thresholds: tuple[float, ...]
    # ... and kept on a clause the rules typed when its best sentence reaches this (-1e9: always).
    rule_thresholds: tuple[float, ...]
    # bucket → ((type index, weight), ...): only the buckets with a non-zero weight are kept.
    weights: dict[int, tuple[tuple[int, float], ...]]
    feature_set: FeatureSet = WORD_1_2

    def decision(self, text: str, previous: str = "") -> list[float]:
        """The decision value of every type for one sentence (as the training library computes it)."""
        scores = list(self.intercepts)
        for bucket, value in features(text, previous, self.feature_set).items():
            for index, weight in self.weights.get(bucket, ()):
                scores[index] += weight * value
        return scores

    def scores(self, text: str) -> dict[str, float]:
        """Each type's best sentence score over the clause text (English only; empty otherwise)."""
        best = [-math.inf] * len(self.type_ids)
        if not is_english(text):
            return {}
        for sentence, previous in reading_units(text):
            # The previous sentence is read only when the model was trained with context.
            context = previous if self.feature_set.context_words else ""
            for i, score in enumerate(_cached_decision(self, sentence, context)):
                best[i] = max(best[i], score)
        return dict(zip(self.type_ids, best, strict=True))

    def classify(self, text: str, rule_types: frozenset[str] = frozenset()) -> set[str]:
        """The types the model gives a clause, given the types the rules gave it.

        A type the rules gave is kept when its best sentence reaches the type's rule threshold
        (for most types far below any score: the rules' reading stands); any other type is given
        when its best sentence reaches the type's own threshold. Types the model does not know
        are not returned: the caller keeps the rules' reading of them.
        """
        scores = self.scores(text)
        if not scores:
            return set()  # not English: the model has nothing to say
        found = set()
        for (type_id, score), own, confirm in zip(
            scores.items(), self.thresholds, self.rule_thresholds, strict=True
        ):
            if score >= (confirm if type_id in rule_types else own):
                found.add(type_id)
        return found


@lru_cache(maxsize=8192)
def _cached_decision(model: ClauseClassifier, sentence: str, previous: str) -> tuple[float, ...]:
    # A parent clause's text repeats its children's sentences: each is scored once.
    return tuple(model.decision(sentence, previous))


def _read_npy(blob: bytes) -> array:
    """A 1-D little-endian float32/int32 array from ``.npy`` bytes (the subset numpy writes here)."""
    stream = io.BytesIO(blob)
    if stream.read(6) != b"\x93NUMPY":
        raise ValueError("not a .npy array")
    major = stream.read(2)[0]
    size_bytes = 2 if major == 1 else 4
    header_len = int.from_bytes(stream.read(size_bytes), "little")
    header = ast.literal_eval(stream.read(header_len).decode("latin1"))
    codes = {"<f4": "f", "<i4": "i", "<f8": "d", "|u1": "B"}
    descr = header["descr"]
    if descr not in codes or header["fortran_order"] or len(header["shape"]) != 1:
        raise ValueError(f"unsupported .npy array: {header}")
    values = array(codes[descr])
    values.frombytes(stream.read())
    if sys.byteorder == "big":
        values.byteswap()
    return values


def load(path: Path = MODEL_PATH) -> ClauseClassifier:
    """Read a model written by the training script (``.npz``: meta JSON, CSR-like weight arrays)."""
    with zipfile.ZipFile(path) as archive:
        arrays = {name.removesuffix(".npy"): archive.read(name) for name in archive.namelist()}
    meta = json.loads(bytes(_read_npy(arrays["meta"]).tobytes()).decode("utf-8").rstrip("\0 "))
    feature_set = FeatureSet(**meta.get("feature_set", {}))
    if meta.get("buckets") != BUCKETS or meta.get("features") != feature_set.name:
        raise ValueError(f"{path.name}: trained with other features ({meta.get('features')})")
    buckets = _read_npy(arrays["buckets"])
    type_index = _read_npy(arrays["type_index"])
    values = _read_npy(arrays["weights"])
    table: dict[int, list[tuple[int, float]]] = {}
    for bucket, index, weight in zip(buckets, type_index, values, strict=True):
        table.setdefault(bucket, []).append((index, float(weight)))
    return ClauseClassifier(
        type_ids=tuple(meta["type_ids"]),
        intercepts=tuple(float(v) for v in meta["intercepts"]),
        thresholds=tuple(float(v) for v in meta["thresholds"]),
        rule_thresholds=tuple(float(v) for v in meta["rule_thresholds"]),
        weights={b: tuple(pairs) for b, pairs in table.items()},
        feature_set=feature_set,
    )


@lru_cache(maxsize=1)
def shipped() -> ClauseClassifier:
    """The model shipped with the package (loaded once)."""
    return load()
