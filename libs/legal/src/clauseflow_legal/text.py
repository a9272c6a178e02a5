"""Reading contract text: sentences, in English and Chinese (the figures in them: :mod:`figures`).

Everything here returns spans of the input (start/end offsets), so whatever a rule quotes is a
verbatim substring of the clause.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

# Abbreviations after which a full stop does not end a sentence.
_ABBREVIATIONS = {
    "co",
    "ltd",
    "inc",
    "no",
    "nos",
    "art",
    "arts",
    "cl",
    "e.g",
    "i.e",
    "etc",
    "u.s",
    "st",
    "mr",
    "mrs",
    "dr",
    "corp",
    "plc",
    "b.v",
    "n.v",
    "s.a",
    "vs",
    "para",
    "sub",
    "approx",
    "p.r.c",
}


@dataclass(frozen=True)
class Sentence:
    """A sentence of a clause with its offset in the clause text."""

    text: str
    start: int

    @property
    def end(self) -> int:
        """Offset just after the sentence."""
        return self.start + len(self.text)


# Company forms that end a name with a full stop: the stop also ends the sentence when the next words
# open one. cuad-train AMBASSADOREYEWEAR "... shall be furnished by Diplomat to KI, Inc. KI, Inc. shall
# have the right to take a physical inventory", "... upon the good name of KI and KI, Inc. To this end,
# Diplomat shall ..."; "... and 6) Murka Ltd. The parties agree to work together"; "common stock
# shares of XLI Technologies, Inc. These shares will be issued"; "determined by WPP plc. ESAs are
# granted". A name goes on after them ("Acme Inc. and Beta Ltd. agree", 'Acme Inc. (the "Company")',
# "Pharmaceutical Co. LTD is", "Co. Ltd") and then they end nothing.
_COMPANY_FORMS = {"inc", "ltd", "co", "corp", "l.l.c", "plc"}
_PER_CENT = ("per cent.", "percent.", "pct.")
# A word that opens a sentence and cannot go on with a company's name.
_SENTENCE_OPENER = re.compile(
    r"(?:The|This|These|Those|Such|Each|It|They|We|To|Except|Notwithstanding|Subject|Unless|If)\b"
)
# A word of a name: capitalised, with a full stop only as a company form or an initial (a stop after
# any other word ends a sentence: "for The Joint Corp. Locations. You must").
_NAME_WORD = r"(?:(?:Inc|Ltd|Co|Corp|L\.L\.C|[A-Z])\.|[A-Z][\w&'’-]*)"
# A name (capitalised words, a company form among them) and then its verb: "KI, Inc. shall",
# "Licensee may", "ESAs are". Not a company form itself ("Co. Limited shall" is one name).
_NAME_THEN_VERB = re.compile(
    r"(?!(?:Limited|Ltd|LTD|Inc|Incorporated|LLC|L\.L\.C|LLP|Corporation|Company|Co|GmbH|AG|Pty|LP|Plc|PLC)\b)"
    rf"{_NAME_WORD}(?:,?\s+{_NAME_WORD}){{0,4}}\s+"
    r"(?:shall|will|may|must|can|cannot|should|agrees|acknowledges|represents|warrants|undertakes|covenants"
    r"|hereby|is|are|has|have|does|reserves|grants|retains|accepts)\b"
)
# The name a company form closes: "KI, Inc." -> "KI, Inc.".
_NAME_BEFORE_FORM = re.compile(r"(?:[A-Z][\w&'’-]*\s+){0,4}[A-Z][\w&'’-]*,?\s+[A-Za-z.]+\.$")


def _opens_after_company(before: str, after: str) -> bool:
    """Whether the words after a company form's full stop open a new sentence.

    They do when they open with a sentence's first word ("The", "To", "Each"), with a name and its
    verb ("KI, Inc. shall", "Licensee may"), or with the very name the stop closed ("to KI, Inc.
    KI, Inc.'s consent"); a name that goes on ("Co. Ltd", "Inc. Group Benefit Plan") does not.
    """
    if _SENTENCE_OPENER.match(after) or _NAME_THEN_VERB.match(after):
        return True
    name = _NAME_BEFORE_FORM.search(before)
    return name is not None and after.startswith(name.group(0))


_EN_BOUNDARY = re.compile(r"(?<=[.!?])[\"'”’)]?\s+(?=[\"“(]?[A-Z0-9])")
_ZH_BOUNDARY = re.compile(r"(?<=[。！？；])")


# A line that stops mid-sentence (a word, a number, a comma or a bracket last) and a next line that
# opens in lower case are one sentence broken by a page or a wrapped line of a converted PDF.
# cuad-train BLACKSTONE "… remains uncured thirty (30)" / [page break] / "days after Client's receipt
# of notice …"; PlayboyEnterprises "… shall be due and" / "payable on or before the fifteenth …";
# FEDERATEDGOVERNMENT "… has received prior" / "written notice from the Adviser …" (1,120 such
# breaks in 213 of the 430 cuad-train contracts). A line ending in ".", ";" or ":" ends its sentence or
# list item whatever follows; a next line opening with "(", a capital or a digit may be a new item. A
# line without a lower-case letter is a heading or a page's running header ("LIMITATION OF LIABILITY",
# "AIMMUNE THERAPEUTICS, INC., 8-K, 2/5/2020"), never the first half of a sentence.
_BROKEN_LINE_END = re.compile(r"[a-z][^\n]*[A-Za-z0-9,)]$")
_CONTINUATION_START = re.compile(r"[a-z]")


def _logical_lines(text: str) -> list[tuple[int, int]]:
    """The spans of the text's lines, a line broken mid-sentence joined with its continuation."""
    spans: list[tuple[int, int]] = []
    for line in re.finditer(r"[^\n]+", text):
        if not line.group(0).strip():
            continue
        if (
            spans
            and _CONTINUATION_START.match(line.group(0).lstrip())
            and _BROKEN_LINE_END.search(text[spans[-1][0] : spans[-1][1]].rstrip())
        ):
            spans[-1] = (spans[-1][0], line.end())
        else:
            spans.append((line.start(), line.end()))
    return spans


def split_sentences(text: str) -> list[Sentence]:
    """Split clause text into sentences (English full stops, Chinese 。！？；, and line breaks).

    A line break ends a sentence unless the line stops mid-sentence and the next opens in lower case
    (a page break or a wrapped line of a converted PDF). Offsets are kept, so
    ``text[s.start:s.end] == s.text`` for every sentence.
    """
    sentences: list[Sentence] = []
    for base, end in _logical_lines(text):
        line = text[base:end]
        cuts = [0]
        for m in _EN_BOUNDARY.finditer(line):
            before = line[: m.start()].rstrip("\"'”’)")
            word = re.search(r"([A-Za-z.]+)\.$", before)
            abbreviation = word.group(1).lower().rstrip(".") if word else ""
            if abbreviation in _COMPANY_FORMS or before.lower().endswith(_PER_CENT):
                # "per cent." (British drafting) ends a sentence only where a new one opens:
                # "forty per cent. (40%) of the Shares" goes on, "at 5 per cent. The Buyer shall" ends
                if not _opens_after_company(before, line[m.end() :]):
                    continue
            elif abbreviation in _ABBREVIATIONS or re.search(r"\b[A-Z]\.$", before):
                continue  # "e.g.", "No.", initials such as "J."
            cuts.append(m.end())
        for m in _ZH_BOUNDARY.finditer(line):
            if 0 < m.end() < len(line):
                cuts.append(m.end())
        cuts = [*sorted(set(cuts)), len(line)]
        for a, b in itertools.pairwise(cuts):
            chunk = line[a:b]
            stripped = chunk.strip()
            if stripped:
                offset = base + a + (len(chunk) - len(chunk.lstrip()))
                sentences.append(Sentence(stripped, offset))
    return sentences


def narrow(sentence: Sentence, pos: int, limit: int = 320) -> Sentence:
    """The part of a long sentence around ``pos`` (a clause-text offset), bounded by ';' or ':'.

    Long sentences hold lists; quoting only the limb that carries the risk points the reader at it.
    """
    if len(sentence.text) <= limit:
        return sentence
    rel = max(0, min(pos - sentence.start, len(sentence.text) - 1))
    text = sentence.text
    left = max(text.rfind(";", 0, rel), text.rfind("；", 0, rel), text.rfind(":", 0, rel))
    right_candidates = [i for i in (text.find(";", rel), text.find("；", rel)) if i != -1]
    right = min(right_candidates) + 1 if right_candidates else len(text)
    start = left + 1 if left != -1 else 0
    piece = text[start:right]
    lead = len(piece) - len(piece.lstrip())
    piece = piece.strip()
    if len(piece) < 25:
        return sentence
    return Sentence(piece, sentence.start + start + lead)


def clean(text: str) -> str:
    """Collapse whitespace, for messages."""
    return re.sub(r"\s+", " ", text).strip()


def written_in_chinese(text: str) -> bool:
    """Whether a clause is written in Chinese: over 15% of its characters (and over four) are Chinese."""
    cjk = len(re.findall(r"[\u4e00-\u9fff]", text))
    return cjk > max(4, len(text) * 0.15)
