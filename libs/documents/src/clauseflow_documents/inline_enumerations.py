"""Lists that enumerate inside one sentence are folded back into the clause that opens them."""

from __future__ import annotations

import re

from clauseflow_documents.accepted_clauses import AcceptedClause, clause_ends
from clauseflow_documents.clause_titles import has_cjk
from clauseflow_documents.numbering import ABSOLUTE, RELATIVE, read_marker

_ENUMERATION_STYLE_PREFIXES = ("paren:", "bracket:", "dot:")
# An enumeration's items are fragments of one sentence; longer items are provisions of their own.
_ENUMERATION_ITEM_MAX = 600
# Chinese lists: "（一）…；" and "1、…；" items, one per line, after a lead-in that ends with a colon.
_ZH_ENUMERATION_STYLE_PREFIXES = ("zh:paren", "zh:numdun")
_ZH_ENUMERATION_ITEM_MAX = 300
_ZH_ITEM_JOINER = re.compile(r"[；;，,、]$")
_ZH_ITEM_LAST_END = re.compile(r"[。；;.]$")
_ITEM_JOINER = re.compile(r"(?:[;,]|;\s*(?:and|or|and/or|plus)|,\s*(?:and|or|and/or))$", re.IGNORECASE)
_ITEM_LAST_END = re.compile(r"[.;,a-z0-9)]$")
# A sentence break inside an item (". The …"): lower-case word or closing bracket, stop, capital.
_SENTENCE_BREAK = re.compile(r"[a-z0-9)\]][.!?][\"”’']?\s+[\"“(]?[A-Z]")
# A page number left between items by a page break ("…; and\n\n   6\n\n(c) …").
_PAGE_NOISE = re.compile(r"(?:\s{2,}|\n\s*)-?\d{1,3}-?\s*$")
_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n\s*")


def fold_inline_enumerations(text: str, accepted: list[AcceptedClause]) -> list[AcceptedClause]:
    """``accepted`` without the items of lists that enumerate inside one sentence.

    "This warranty shall not apply if: (a) the Software has been modified; or (b) …" is one
    provision: its items are fragments of a single sentence (short, joined by ";"/", and"/"; or",
    no sentence of their own), and contract-review practice quotes and reviews it whole. Such items
    stay in their parent, which becomes a leaf; a reference to "Section 7.3(b)" then resolves to
    7.3. Lists whose items are provisions of their own (full sentences, headed paragraphs) are kept.
    Nested lists are judged first, so an item may hold an inline sub-list ("…met: (i) …; and (ii) …;").
    """
    if len(accepted) < 3:
        return accepted
    ends = clause_ends(accepted, len(text))
    dropped: set[int] = set()
    for parent in range(len(accepted) - 1, -1, -1):
        items = [c for c in accepted[parent].children if c not in dropped]
        if _is_inline_enumeration(text, accepted, ends, parent, items):
            for index in items:
                dropped.update(_subtree(accepted, index))
    if not dropped:
        return accepted
    kept = [i for i in range(len(accepted)) if i not in dropped]
    new_index = {old: new for new, old in enumerate(kept)}
    folded: list[AcceptedClause] = []
    for old in kept:
        item = accepted[old]
        item.parent = new_index[item.parent] if item.parent is not None else None
        item.children = [new_index[c] for c in item.children if c not in dropped]
        folded.append(item)
    return folded


def _subtree(accepted: list[AcceptedClause], index: int) -> list[int]:
    out = [index]
    for child in accepted[index].children:
        out.extend(_subtree(accepted, child))
    return out


def _is_inline_enumeration(
    text: str, accepted: list[AcceptedClause], ends: list[int], parent: int, items: list[int]
) -> bool:
    """Whether ``items`` (the children of ``parent``) enumerate inside the parent's sentence."""
    owner = accepted[parent]
    if len(items) < 2 or owner.reading.family not in (ABSOLUTE, RELATIVE):
        return False
    style = accepted[items[0]].reading.style
    if not style.startswith(_ENUMERATION_STYLE_PREFIXES + _ZH_ENUMERATION_STYLE_PREFIXES) or any(
        accepted[i].reading.style != style for i in items
    ):
        return False
    # The lead-in runs on into the list: "… shall not apply if:", "… the Company shall".
    lead_in = _PAGE_NOISE.sub("", text[owner.start : accepted[items[0]].start].rstrip())
    lead_body = lead_in[len(owner.marker.raw) :].strip()
    if style.startswith(_ZH_ENUMERATION_STYLE_PREFIXES) or has_cjk(lead_body):
        return _is_zh_inline_enumeration(text, accepted, ends, items, lead_body)
    if sum(1 for w in lead_body.split() if w[:1].islower()) < 2:
        return False  # only a heading before the list ("Major Releases:"), not a sentence that runs on
    if lead_in[-1] != ":" and not (lead_in[-1].islower() or lead_in[-1] == ","):
        return False
    for n, item in enumerate(items):
        end = ends[item]
        body = text[accepted[item].start + len(accepted[item].marker.raw) : end]
        last = n == len(items) - 1
        if last:
            body = _first_paragraphs_of_item(body)
        body = _PAGE_NOISE.sub("", body.rstrip()).rstrip()
        flat = " ".join(body.split())
        if not flat or len(flat) > _ENUMERATION_ITEM_MAX or _SENTENCE_BREAK.search(flat):
            return False
        if not (_ITEM_LAST_END if last else _ITEM_JOINER).search(flat):
            return False
    return True


def _is_zh_inline_enumeration(
    text: str, accepted: list[AcceptedClause], ends: list[int], items: list[int], lead_body: str
) -> bool:
    """A Chinese list inside one sentence: "下列任一事件均构成借款人违约：\n（一）…；\n（二）…。".

    Chinese writes each item on its own line far more often than English does, so the lead-in
    (a sentence that ends with a colon, not a bare heading) and short items that end with "；"
    (the last with "。") are what mark the list as one provision.
    """
    if not lead_body.endswith(("：", ":")) or len(re.findall(r"[\u4e00-\u9fff]", lead_body)) < 4:
        return False
    for n, item in enumerate(items):
        body = text[accepted[item].start + len(accepted[item].marker.raw) : ends[item]]
        last = n == len(items) - 1
        if last:
            # the last item ends with its line: what follows resumes the parent ("发生上述情形的，…")
            body = body.strip().split("\n", 1)[0]
        flat = "".join(body.split())
        if not flat or len(flat) > _ZH_ENUMERATION_ITEM_MAX or "。" in flat[:-1]:
            return False
        if not (_ZH_ITEM_LAST_END if last else _ZH_ITEM_JOINER).search(flat):
            return False
    return True


def _first_paragraphs_of_item(body: str) -> str:
    """The last item without the paragraphs after it that resume the parent ("(e) …notice.\n\nIn the
    event Owner terminates …"): the item ends at a paragraph break after its closing stop."""
    for m in _PARAGRAPH_BREAK.finditer(body):
        before = body[: m.start()].rstrip()
        after = body[m.end() :]
        if before.endswith(".") and after[:1].isupper() and read_marker(after) is None:
            return before
    return body
