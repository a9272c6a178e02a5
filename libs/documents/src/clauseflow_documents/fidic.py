"""FIDIC-style General Conditions + Particular Conditions: one merged clause tree with provenance.

The Particular Conditions (PC) amend the General Conditions (GC) sub-clause by sub-clause. The
instructions understood (case-insensitive, several per sub-clause, quoted or unquoted text):

* ``Delete the Sub-Clause and substitute: "…"`` / ``Replace the Sub-Clause with: "…"`` → replaced;
* ``Delete the Sub-Clause`` / ``This Sub-Clause is deleted`` → removed from the merged tree;
* ``Add at the end: "…"``, ``Add: …``, ``Add the following at the end of Sub-Clause 14.7: "…"`` → appended
  (to the named sub-clause if one is given);
* ``Delete paragraphs (c), (d) and (e)`` → those lettered paragraphs removed;
* ``Delete the second and third sentences and substitute: "…"`` → sentences replaced (or removed);
* ``[In the second sentence,] delete "X" and substitute "Y"`` / ``Replace "X" with "Y"`` → wording changed;
* a PC sub-clause that does not exist in the GC is a new sub-clause; a PC sub-clause with text but
  no recognised instruction replaces the GC sub-clause (the PC prevails) and a warning says so.

Provenance on the merged clauses: ``gc`` (untouched), ``amended`` (changed by the PC), ``pc`` (new
in the PC, or PC material such as the Contract Data). The merged text is rebuilt from the clauses
and parsed again, so offsets, definitions and cross-references refer to the merged document.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from itertools import pairwise

from clauseflow_documents.model import Clause, DocumentStructure, Provenance
from clauseflow_documents.numerals import ENGLISH_ORDINALS
from clauseflow_documents.parser import build_structure
from clauseflow_documents.segmenter import PREAMBLE_ID

_ORDINALS = {**ENGLISH_ORDINALS, "last": -1, "final": -1}
_ORD = r"(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|final)"
_INSTRUCTION_START = re.compile(
    r"(?:^|(?<=[.:;]\s)|(?<=\n))(?=(?:In\s+the\s+|Delete\b|Add\b|Replace\b|Insert\b|This\s+Sub-Clause\b))",
    re.I,
)
_REPLACE_ALL = re.compile(
    r"^(?:delete\s+(?:this|the)\s+(?:sub-?clause|clause)(?:\s+in\s+its\s+entirety)?\s*(?:,\s*)?and\s+(?:substitute|replace\s+(?:it\s+)?with)"
    r"|replace\s+(?:this|the)\s+(?:sub-?clause|clause)(?:\s+in\s+its\s+entirety)?\s+(?:with|by))(?:\s+the\s+following)?\s*:?\s*(?P<text>.*)$",
    re.I | re.S,
)
_DELETE_ALL = re.compile(
    r"^(?:delete\s+(?:this|the)\s+(?:sub-?clause|clause)(?:\s+in\s+its\s+entirety)?|this\s+sub-?clause\s+is\s+deleted)\s*\.?\s*$",
    re.I,
)
_ADD = re.compile(
    r"^(?:add|insert)(?:\s+the\s+following)?(?:\s+(?:new\s+)?(?:paragraph|sentence|text)s?)?"
    r"(?:\s+at\s+the\s+end(?:\s+of\s+(?:sub-?clause|clause)\s+(?P<target>\d+(?:\.\d+)*))?)?(?:\s+the\s+following)?\s*:?\s*(?P<text>.*)$",
    re.I | re.S,
)
_DELETE_PARAS = re.compile(
    r"^delete\s+(?:sub-?)?paragraphs?\s+(?P<list>(?:\([a-z0-9]{1,4}\)[\s,]*(?:and\s+|or\s+)?)+)\s*\.?\s*$",
    re.I,
)
_SENTENCES = re.compile(
    r"^delete\s+the\s+(?P<list>" + _ORD + r"(?:\s*(?:,|and)\s*" + _ORD + r")*)\s+sentences?"
    r"(?:\s*(?:,\s*)?and\s+(?:substitute|replace\s+(?:them|it)\s+with)\s*:?\s*(?P<text>.*))?\s*\.?$",
    re.I | re.S,
)
_WORDING = re.compile(
    r"^(?:in\s+the\s+(?P<where>" + _ORD + r"(?:\s*(?:,|and)\s*" + _ORD + r")*)\s+sentences?\s*,\s*)?"
    r"(?:delete\s+[\"“](?P<old>[^\"”]+)[\"”]\s+and\s+(?:substitute|insert|replace\s+(?:it\s+)?with)\s+[\"“](?P<new>[^\"”]*)[\"”]"
    r"|replace\s+[\"“](?P<old2>[^\"”]+)[\"”]\s+(?:with|by)\s+[\"“](?P<new2>[^\"”]*)[\"”])\s*\.?\s*$",
    re.I | re.S,
)
_SENTENCE_SPLIT = re.compile(r"(?<=[.;])\s+(?=[A-Z\"“(])")
_DECIMAL_ID = re.compile(r"^\d+(?:\.\d+)*$")


@dataclass(slots=True)
class _Entry:
    clause_id: str
    text: str  # the clause's own text (heading and body, without its sub-clauses)
    provenance: Provenance
    deleted: bool = False
    replaced: bool = False
    additions: list[str] = field(default_factory=list)


def merge_gc_pc(gc: DocumentStructure, pc: DocumentStructure) -> DocumentStructure:
    """The General Conditions amended by the Particular Conditions, as one clause tree."""
    warnings: list[str] = []
    entries = [_Entry(c.clause_id, _own_text(gc, c), "gc") for c in gc.clauses]
    by_id = {e.clause_id: e for e in entries}
    gc_ids = set(by_id)
    new_entries: list[_Entry] = []
    contract_data: list[str] = []
    for clause in pc.clauses:
        own = _own_text(pc, clause)
        if clause.clause_id == PREAMBLE_ID:
            continue
        if not _DECIMAL_ID.match(clause.clause_id):
            # Part A (Contract Data) and other PC material: kept as PC text at the end.
            if _body(own, clause).strip():
                contract_data.append(own)
            continue
        body = _body(own, clause).strip()
        if clause.clause_id not in gc_ids:
            new_entries.append(_Entry(clause.clause_id, own, "pc"))
            continue
        if not body:
            continue  # a clause heading repeated for orientation ("4. THE CONTRACTOR")
        _apply(by_id[clause.clause_id], body, by_id, warnings, clause.clause_id)
    ordered = _insert_new(entries, new_entries)
    pieces: list[str] = []
    provenance: dict[str, Provenance] = {}
    skip_under: list[str] = []
    for entry in ordered:
        if any(_is_descendant(entry.clause_id, d) for d in skip_under):
            continue
        if entry.deleted:
            skip_under.append(entry.clause_id)
            warnings.append(f"Sub-Clause {entry.clause_id} is deleted by the Particular Conditions.")
            continue
        if entry.replaced:
            skip_under.append(entry.clause_id)
        text = entry.text.rstrip()
        for addition in entry.additions:
            text = f"{text}\n{addition}" if text else addition
        pieces.append(text)
        provenance[entry.clause_id] = entry.provenance
    if contract_data:
        pieces.extend(contract_data)
    merged_text = "\n\n".join(p for p in pieces if p.strip())
    doc_id = hashlib.sha256(f"{gc.document_id}+{pc.document_id}".encode()).hexdigest()
    merged = build_structure(
        merged_text,
        source_format=gc.source_format,
        doc_id=doc_id,
        warnings=warnings,
        general_conditions_included=True,
    )
    gc_and_pc = set(provenance)
    clauses = tuple(
        c.model_copy(
            update={"provenance": provenance.get(c.clause_id, "gc" if c.clause_id in gc_and_pc else "pc")}
        )
        for c in merged.clauses
    )
    return merged.model_copy(update={"clauses": clauses, "title": gc.title})


def _own_text(doc: DocumentStructure, clause: Clause) -> str:
    """The clause's text without its sub-clauses."""
    end = clause.end
    if clause.children and doc.has(clause.children[0]):
        end = doc.get(clause.children[0]).start
    return doc.text[clause.start : end].rstrip()


def _body(own: str, clause: Clause) -> str:
    """Own text without the number and heading line."""
    first, _, rest = own.partition("\n")
    if clause.title and clause.title in first:
        return rest
    number = clause.number_raw
    return (first[first.find(number) + len(number) :] if number and number in first else first) + "\n" + rest


def _instructions(body: str) -> list[str]:
    """The body split into separate instructions (never inside quoted text)."""
    cuts = [0]
    for m in _INSTRUCTION_START.finditer(body):
        if m.start() == 0:
            continue
        before = body[: m.start()]
        if (before.count('"') + before.count("“") + before.count("”")) % 2 == 0:
            cuts.append(m.start())
    cuts.append(len(body))
    return [body[a:b].strip() for a, b in pairwise(cuts) if body[a:b].strip()]


def _apply(entry: _Entry, body: str, by_id: dict[str, _Entry], warnings: list[str], pc_id: str) -> None:
    recognised = False
    for instruction in _instructions(body):
        if m := _REPLACE_ALL.match(instruction):
            entry.text = _heading(entry.text) + "\n" + _unquote(m.group("text"))
            entry.replaced, entry.provenance, recognised = True, "amended", True
        elif _DELETE_ALL.match(instruction):
            entry.deleted, recognised = True, True
        elif m := _ADD.match(instruction):
            target = by_id.get(m.group("target") or entry.clause_id)
            if target is None:
                warnings.append(
                    f"PC {pc_id}: Sub-Clause {m.group('target')} to add to does not exist in the GC."
                )
                continue
            target.additions.append(_unquote(m.group("text")))
            target.provenance, recognised = "amended", True
        elif m := _DELETE_PARAS.match(instruction):
            labels = re.findall(r"\(([a-z0-9]{1,4})\)", m.group("list"))
            entry.text = _delete_paragraphs(entry.text, labels)
            entry.provenance, recognised = "amended", True
        elif m := _SENTENCES.match(instruction):
            entry.text = _replace_sentences(entry.text, m.group("list"), _unquote(m.group("text") or ""))
            entry.provenance, recognised = "amended", True
        elif m := _WORDING.match(instruction):
            old = m.group("old") or m.group("old2")
            new = m.group("new") if m.group("old") else m.group("new2")
            changed = _replace_wording(entry.text, m.group("where"), old, new)
            if changed == entry.text:
                warnings.append(
                    f"PC {pc_id}: the words {old!r} to replace were not found in the GC Sub-Clause."
                )
            entry.text = changed
            entry.provenance, recognised = "amended", True
    if not recognised:
        # Text with no recognisable instruction: the PC wording prevails over the GC.
        entry.text = _heading(entry.text) + "\n" + body
        entry.replaced, entry.provenance = True, "amended"
        warnings.append(
            f"PC Sub-Clause {pc_id} has no recognised amendment instruction; its text replaces the GC "
            "Sub-Clause."
        )


def _heading(text: str) -> str:
    return text.partition("\n")[0]


def _unquote(text: str) -> str:
    text = text.strip()
    if len(text) >= 2 and text[0] in '"“' and text[-1] in '"”' and text.count('"') + text.count("“") <= 2:
        return text[1:-1].strip()
    if len(text) >= 2 and text[0] in '"“' and text[-1] in '"”':
        return text[1:-1].strip()
    return text


def _delete_paragraphs(text: str, labels: list[str]) -> str:
    heading, _, body = text.partition("\n")
    markers = list(re.finditer(r"(?<![\w)])\(([a-z0-9]{1,4})\)\s", body))
    spans = []
    for i, m in enumerate(markers):
        if m.group(1) not in labels:
            continue
        end = markers[i + 1].start() if i + 1 < len(markers) else _sentence_end(body, m.end())
        spans.append((m.start(), end))
    for start, end in reversed(spans):
        body = body[:start] + body[end:]
    body = re.sub(r"[;,]\s*(?:or|and)?\s*(?=\.)", "", body)
    body = re.sub(r";\s*(?:or|and)\s*$", ".", body.rstrip())
    return f"{heading}\n{body}"


def _sentence_end(text: str, start: int) -> int:
    m = re.search(r"\.(?:\s|$)", text[start:])
    return start + m.start() if m else len(text)


def _ordinals(spec: str, count: int) -> list[int]:
    out = []
    for word in re.findall(_ORD, spec, re.I):
        value = _ORDINALS[word.lower()]
        out.append(count if value == -1 else value)
    return [v for v in out if 1 <= v <= count]


def _replace_sentences(text: str, spec: str, substitute: str) -> str:
    heading, _, body = text.partition("\n")
    sentences = _SENTENCE_SPLIT.split(body.strip())
    chosen = set(_ordinals(spec, len(sentences)))
    if not chosen:
        return text
    out: list[str] = []
    for i, sentence in enumerate(sentences, start=1):
        if i in chosen:
            if i == min(chosen) and substitute:
                out.append(substitute)
            continue
        out.append(sentence)
    return f"{heading}\n{' '.join(out)}"


def _replace_wording(text: str, where: str | None, old: str, new: str) -> str:
    heading, _, body = text.partition("\n")
    if not where:
        return f"{heading}\n{body.replace(old, new)}"
    sentences = _SENTENCE_SPLIT.split(body.strip())
    chosen = set(_ordinals(where, len(sentences)))
    changed = [s.replace(old, new) if i in chosen else s for i, s in enumerate(sentences, start=1)]
    return f"{heading}\n{' '.join(changed)}"


def _key(clause_id: str) -> tuple[int, ...]:
    return tuple(int(p) for p in clause_id.split(".")) if _DECIMAL_ID.match(clause_id) else ()


def _is_descendant(clause_id: str, ancestor: str) -> bool:
    return clause_id.startswith(ancestor + ".") or clause_id.startswith(ancestor + "(")


def _insert_new(entries: list[_Entry], new_entries: list[_Entry]) -> list[_Entry]:
    """GC entries with the PC's new sub-clauses placed in numeric order."""
    ordered = list(entries)
    for new in new_entries:
        key = _key(new.clause_id)
        position = None
        for i, entry in enumerate(ordered):
            entry_key = _key(entry.clause_id)
            if entry_key and entry_key < key:
                position = i + 1
        if position is None:
            position = next((i + 1 for i, e in enumerate(ordered) if e.clause_id == PREAMBLE_ID), 0)
        ordered.insert(position, new)
    return ordered


# --- wording changes read from an amendment instruction -------------------------------------------


@dataclass(frozen=True, slots=True)
class WordingChange:
    """One change of wording an amendment instruction makes: ``old`` becomes ``new`` ("" deletes it).

    ``target`` is the sub-clause the instruction names ("In Sub-Clause 20.1, …"), or None when it
    names none (the instruction amends the sub-clause it is printed under); ``start``/``end`` span
    the instruction's words from its verb to the last quoted text.
    """

    target: str | None
    old: str
    new: str
    start: int
    end: int


_QUOTED = re.compile(r"[\"“](?P<q>[^\"”\n]{1,200})[\"”]")
# between two quoted texts, words that make the first become the second: 'replace "A" with "B"',
# 'delete "A" and substitute "B"', 'for "A" substitute "B"', '"A" shall be replaced by "B"',
# '"A" appearing in the second sentence is replaced with the term "B"', '"A" is deleted and replaced
# with "B"' (amendment agreements in cuad-train: GluMobile's content licence, Bellring's manufacturing
# agreement)
_BECOMES = re.compile(
    r"^\s*(?:,\s*)?(?:with|by|substitute|read|insert"
    r"|and\s+(?:substitute|insert|replace\s+(?:it|them)\s+(?:with|by))"
    r"|[^\"“”.;]{0,80}?\b(?:shall|is|are|will)\s+(?:be\s+)?(?:deleted\s+and\s+)?"
    r"(?:replaced|substituted|amended\s+to(?:\s+read)?)(?:\s+(?:with|by))?)"
    r"(?:\s+the\s+(?:term|words?|phrase|figure|number)s?)?\s*:?\s*$",
    re.I,
)
# words before a quoted text that delete it: 'delete the words "A"', 'delete the reference to "A"'
_DELETES = re.compile(
    r"\b(?:delete|omit|strike(?:\s+out)?|remove)\s+(?:the\s+(?:words?|phrase|text|reference\s+to)\s*:?\s*)?$",
    re.I,
)
# words after a quoted text that delete it: '"A" shall be deleted'
_DELETED_AFTER = re.compile(
    r"^\s*(?:(?:shall|is|are|will)\s+(?:be\s+)?(?:deleted|omitted|struck\s+out))\b", re.I
)
_AND = re.compile(r"^\s*(?:,\s*(?:and\s+)?|and\s+)$", re.I)
_AMEND_VERB = re.compile(
    r"\b(?:replace[ds]?|substitut\w*|delete[ds]?|omit\w*|strike|struck|remove[ds]?|read|amended)\b",
    re.I,
)
_TARGET = re.compile(r"\b(?:sub-?clause|clause)\s+(?P<id>\d+(?:\.\d+)*)", re.I)
_INSTRUCTION_BREAK = re.compile(r"(?:[.;](?=\s+[A-Z(\"“])|\n)")


def wording_changes(text: str) -> list[WordingChange]:
    """The changes of wording the amendment instructions in ``text`` make, in order.

    Read: 'replace "A" with "B" [and "C" with "D"]', 'delete "A" and substitute "B"', 'for "A"
    substitute "B"', '"A" shall be replaced by "B"', 'delete the words "A" [and "C"]', '"A" shall
    be deleted'. Quoted text with no such words around it (a definition, a citation) is no change.
    """
    quotes = list(_QUOTED.finditer(text))
    out: list[WordingChange] = []
    i = 0
    deleting = False
    while i < len(quotes):
        q = quotes[i]
        lead_from = quotes[i - 1].end() if i else 0
        lead = text[lead_from : q.start()]
        if _INSTRUCTION_BREAK.search(lead):
            deleting = False
        nxt = quotes[i + 1] if i + 1 < len(quotes) else None
        start = _instruction_start(text, q.start())
        verb = _AMEND_VERB.search(text[start : q.start()]) is not None
        if (
            nxt is not None
            and _BECOMES.match(text[q.end() : nxt.start()])
            and (verb or _AMEND_VERB.search(text[q.end() : nxt.start()]))
        ):
            out.append(WordingChange(_named(text, start, q, nxt), q["q"], nxt["q"], start, nxt.end()))
            deleting = False
            i += 2
            continue
        if _DELETES.search(lead) or (deleting and _AND.match(lead)) or _deleted_after(text, quotes, i):
            out.append(WordingChange(_named(text, start, q, q), q["q"], "", start, q.end()))
            deleting = True
        else:
            deleting = False
        i += 1
    return out


def _instruction_start(text: str, pos: int) -> int:
    """Where the instruction holding ``pos`` begins: after the last sentence break before it."""
    breaks = [
        m.end()
        for m in _INSTRUCTION_BREAK.finditer(text)
        if m.end() <= pos and not _inside_quotes(text, m.start())
    ]
    start = breaks[-1] if breaks else 0
    while start < pos and text[start].isspace():
        start += 1
    return start


def _named(text: str, start: int, first: re.Match[str], last: re.Match[str]) -> str | None:
    """The sub-clause named before the instruction's quoted text, else after it to the instruction's end."""
    return _target(text, start, first.start()) or _target(
        text, last.end(), _instruction_end(text, last.end())
    )


def _instruction_end(text: str, pos: int) -> int:
    m = _INSTRUCTION_BREAK.search(text, pos)
    return m.start() if m else len(text)


def _deleted_after(text: str, quotes: list[re.Match[str]], i: int) -> bool:
    """'"A" and "B" shall be deleted': the quoted texts chained by "and" or commas end in a deletion."""
    j = i
    while j + 1 < len(quotes) and _AND.match(text[quotes[j].end() : quotes[j + 1].start()]):
        j += 1
    return _DELETED_AFTER.match(text[quotes[j].end() : quotes[j].end() + 40]) is not None


def _inside_quotes(text: str, pos: int) -> bool:
    before = text[:pos]
    return (before.count('"') + before.count("“") + before.count("”")) % 2 == 1


def _target(text: str, start: int, pos: int) -> str | None:
    """The sub-clause an instruction names before its quoted text ('In Sub-Clause 20.1, replace …')."""
    named = [m["id"] for m in _TARGET.finditer(text, start, pos) if not _inside_quotes(text, m.start())]
    return named[0] if named else None


@dataclass(frozen=True, slots=True)
class SubClauseDeletion:
    """An instruction deleting a whole sub-clause ('Sub-Clause 4.12 is deleted', 'Delete Sub-Clause 8.5')."""

    target: str | None  # None: "This Sub-Clause is deleted" (the one it is printed under)
    start: int
    end: int


_DELETED_SUBCLAUSE = re.compile(
    r"\b(?:(?:sub-?clause|clause)\s+(?P<id>\d+(?:\.\d+)+)(?:\s*[\[(][^\])\n]{1,80}[\])])?"
    r"|this\s+sub-?clause)\s+(?:is|shall\s+be)\s+(?:hereby\s+)?deleted(?:\s+in\s+(?:its\s+)?entirety)?"
    r"(?!\s+and\s+(?:replaced|substituted)|\s*(?:,\s*)?and\s+the\s+following)"
    r"|\bdelete\s+(?:sub-?clause\s+(?P<id2>\d+(?:\.\d+)+)|(?:this|the)\s+sub-?clause)(?:\s+in\s+(?:its\s+)?entirety)?"
    r"(?!\s*(?:,\s*)?and\s+(?:substitute|replace|insert))",
    re.I,
)


def subclause_deletions(text: str) -> list[SubClauseDeletion]:
    """The instructions in ``text`` that delete a whole sub-clause without putting another in its place."""
    return [
        SubClauseDeletion(m["id"] or m["id2"], m.start(), m.end())
        for m in _DELETED_SUBCLAUSE.finditer(text)
        if not _inside_quotes(text, m.start())
    ]
