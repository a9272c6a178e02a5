"""Cross-references between clauses (``Clause 14.2``, ``Sections 1, 4 and 6.3``, ``Article IV``,
``Schedule 3``, ``paragraph 2 of Schedule 1``, ``第十条``, ``本合同第8.2款``) resolved to clause ids.

A reference whose target does not exist is kept with ``resolved=False`` (a broken reference).
References to other instruments ("Section 365 of the Bankruptcy Code", "《民法典》第五百条") are
not cross-references and are skipped.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from clauseflow_documents.contents import leads_out_to_a_page
from clauseflow_documents.locate import ClauseLocator
from clauseflow_documents.model import Clause, CrossReference
from clauseflow_documents.numerals import ZH_NUMERAL_CHARS, chinese_to_int, roman_to_int

# Letters name attachments ("Exhibit B"), but not the short words of a heading ("SCHEDULE OF FEES").
_NUM = (
    r"\d{1,4}(?:\.\d{1,4})*[A-Z]?(?:\s?\((?:[a-z]{1,4}|[A-Z]{1,2}|\d{1,3})\))*|[IVXLC]{1,6}\b"
    r"|(?!(?:OF|TO|IN|ON|AT|BY|OR|AN|AS|IS|IT|NO|SO|IF|UP)\b)[A-Z]{1,2}\b"
)
_SEP = r"\s*(?:,\s*(?:and|or)?|and/or|and|or|to|through|-|–)\s*"
_EN_REF = re.compile(
    r"(?<![\w-])(?P<kw>(?i:sub-clauses?|clauses?|sections?|articles?|paragraphs?|schedules?|exhibits?|annexes"
    r"|annexures?|annex|appendix|appendices|attachments?)\s+|§§?\s*)(?P<nums>(?:"
    + _NUM
    + r")(?:"
    + _SEP
    + r"(?:"
    + _NUM
    + r"))*)"
)
_ONE_NUM = re.compile(_NUM)
_CONTAINERS = {
    "schedule": "Schedule",
    "exhibit": "Exhibit",
    "annex": "Annex",
    "annexure": "Annexure",
    "appendix": "Appendix",
    "appendice": "Appendix",
    "attachment": "Attachment",
}
_OF_CONTAINER = re.compile(
    r"\s+(?:of|to|in)\s+(?:the\s+)?(?P<kw>Schedule|Exhibit|Annex|Appendix|Attachment)\s+(?P<n>\w{1,4})"
)
_OF_OTHER = re.compile(
    r"\s*(?:of|under|in)\s+(?:the\s+)?(?P<what>[A-Z][\w.&’'-]*(?:\s+[A-Z][\w.&’'-]*){0,6})"
)
_INTERNAL_NAMES = re.compile(
    r"^(?:This\s+)?(?:Agreement|Contract|Conditions|General\s+Conditions|Particular\s+Conditions|Terms|Schedule"
    r"|Exhibit|Annex|Appendix|Attachment|Deed|MSA|Order|Order\s+Form|Master\s+Agreement|Main\s+Agreement)\b"
)
_STATUTE_BEFORE = re.compile(
    r"(?:U\.?\s?S\.?\s?C\.?|C\.?\s?F\.?\s?R\.?|Code|Act|Regulations?)\s*(?:§§?)?\s*$"
)
# What may stand between a reference and the instrument it belongs to: a sub-paragraph the number
# pattern does not take ("(35A)"), a heading in brackets ("(Miscellaneous)"), a range's end
# ("-(i)"), and further references of the same list ("Section 13 or Section 16 of the Exchange Act").
_BEFORE_OWNER = re.compile(
    r"(?:\s*-?\s*\([^()\n]{1,30}\))*"
    r"(?:\s*(?:,|,?\s*(?:and|or|and/or))\s+(?:(?i:sub-clauses?|clauses?|sections?|articles?|paragraphs?)\s+)?"
    r"\d{1,4}(?:\.\d{1,4})*[A-Z]?(?:\s?\([^()\n]{1,6}\))*)*"
)
# Not a clause of this contract: a seat in a stadium ("Section 150, Row X"), a survey section in a
# land description ("Section 47, Township 4 South"), an SEC exhibit number ("EXHIBIT 10.26").
_NOT_A_CLAUSE_AFTER = re.compile(r",?\s*(?:Row|Rows|Seats?|Township|Range|Block|Lot)\b")
_SEC_EXHIBIT = re.compile(r"(?i:exhibit)\s+\d{1,3}\.\d{1,3}\b")
_ZH_REF = re.compile(
    r"第\s*(?P<n>["
    + ZH_NUMERAL_CHARS
    + r"\d]{1,6})\s*(?P<unit>条|章)(?:第\s*(?P<k>["
    + ZH_NUMERAL_CHARS
    + r"\d]{1,3})\s*款)?|(?:第\s*)?(?P<d>\d{1,3}(?:\.\d{1,3})+)\s*(?P<du>款|条|项)|(?P<annex>附件)\s*(?P<an>["
    + ZH_NUMERAL_CHARS
    + r"\d]{1,3})"
)
_ZH_EXTERNAL_BEFORE = re.compile(r"(?:》|法|条例|规定|办法|解释|公约|规则)\s*$")


def find_cross_references(
    text: str, clauses: Sequence[Clause], language: str, *, clauses_elsewhere: bool = False
) -> list[CrossReference]:
    """All cross-references in ``text`` with their source clause and resolution, in document order.

    ``clauses_elsewhere``: the text amends General Conditions it does not reproduce, so a
    clause it does not contain is one of theirs; such references are skipped like references to
    other instruments, not reported as broken.
    """
    refs = _all_cross_references(text, clauses, language)
    if clauses_elsewhere:
        refs = [r for r in refs if r.resolved or not re.match(r"(?i:sub-clause|clause|第)", r.raw)]
    return refs


def _all_cross_references(text: str, clauses: Sequence[Clause], language: str) -> list[CrossReference]:
    locator = ClauseLocator(clauses)
    attachments = _attachment_titles(clauses)
    refs: list[CrossReference] = []
    for m in _EN_REF.finditer(text):
        if m.start() in locator.clause_starts:
            continue  # the clause's own heading ("Clause 4 Payment"), not a reference
        if _STATUTE_BEFORE.search(text[max(0, m.start() - 12) : m.start()]):
            continue
        after = text[m.end() : m.end() + 160]
        if _NOT_A_CLAUSE_AFTER.match(after) or _SEC_EXHIBIT.match(m.group(0)):
            continue
        # Windows, not whole lines: a document that is one long line must not cost a scan per reference.
        if leads_out_to_a_page(after[:120].split("\n", 1)[0]):
            continue  # a table of contents entry, not a reference
        before = text[max(0, m.start() - 40) : m.start()]
        at_line_start = not before.rsplit("\n", 1)[-1].strip() and ("\n" in before or m.start() < 40)
        if at_line_start and m.group("kw").strip().isupper():
            continue  # "EXHIBIT C" heading the attachment itself
        container = _OF_CONTAINER.match(after)
        namespace = f"{container.group('kw')} {container.group('n')}" if container else None
        between = _BEFORE_OWNER.match(after)
        other = _OF_OTHER.match(after, between.end() if between else 0)
        if namespace is None and other is not None:
            namespace = _attachment_titled(attachments, after[other.start("what") :])
        if namespace is None and other is not None and not _INTERNAL_NAMES.match(other.group("what")):
            continue  # "Section 365 of the Bankruptcy Code"
        kw_raw = m.group("kw").strip()
        kw = kw_raw.lower().rstrip("s") if not kw_raw.startswith("§") else "section"
        if kw == "annexe":
            kw = "annex"
        source = _source(locator, m.start())
        first = True
        for n in _ONE_NUM.finditer(m.group("nums")):
            number = n.group()
            start = m.start("nums") + n.start()
            raw = m.group(0)[: m.start("nums") - m.start() + n.end()] if first else f"{_display(kw)} {number}"
            first = False
            target = _en_target(kw, number, namespace, source)
            if target is None:
                continue
            refs.append(_resolve(locator, source, target, raw.strip(), start))
    if language == "zh" or any("\u3400" <= ch <= "\u9fff" for ch in text[:5000]):
        for m in _ZH_REF.finditer(text):
            if m.start() in locator.clause_starts:
                continue
            if _ZH_EXTERNAL_BEFORE.search(text[max(0, m.start() - 8) : m.start()]):
                continue
            target = _zh_target(m, locator)
            if target is None:
                continue
            refs.append(_resolve(locator, _source(locator, m.start()), target, m.group(0), m.start()))
    refs.sort(key=lambda r: r.start)
    return refs


def _source(locator: ClauseLocator, offset: int) -> str:
    clause = locator.clause_at(offset)
    return clause.clause_id if clause else ""


def _display(kw: str) -> str:
    return {"sub-clause": "Sub-Clause", "§": "Section"}.get(kw, kw.capitalize())


_ATTACHMENT_ID = re.compile(r"^(?:Schedule|Exhibit|Annex|Annexure|Appendix|Attachment)\s+\w{1,4}$")
_TITLE_NUMBER = re.compile(r"\s+(?:No\.?|Number|#)\s*\w{1,4}\s*$", re.I)


def _attachment_titles(clauses: Sequence[Clause]) -> dict[str, str]:
    """The contract's own attachments by their titles, lower case: {"price list": "Schedule 3"}.

    A title borne by two attachments names neither ("Service Order No. 1" and "No. 2").
    """
    titles: dict[str, str] = {}
    seen: set[str] = set()
    for clause in clauses:
        if clause.title and _ATTACHMENT_ID.match(clause.clause_id):
            bare = _TITLE_NUMBER.sub("", clause.title).strip().lower()
            for title in {clause.title.strip().lower(), bare}:
                if title in seen:
                    titles.pop(title, None)
                else:
                    titles[title] = clause.clause_id
                seen.add(title)
    return titles


def _attachment_titled(attachments: dict[str, str], following: str) -> str | None:
    """The attachment the words ``following`` a reference name by its title, if any.

    "item 4 of the Price List": the contract's Schedule 3 is titled "Price List", so the item is
    looked for there. The longest title that the words begin with wins.
    """
    low = following.lower()
    for title in sorted(attachments, key=len, reverse=True):
        if low.startswith(title) and not low[len(title) : len(title) + 1].isalnum():
            return attachments[title]
    return None


def _en_target(kw: str, number: str, namespace_of: str | None, source: str) -> list[str] | None:
    """Candidate ids for a reference, most specific first; None when it is not a clause reference."""
    number = re.sub(r"\s+\(", "(", number)
    if kw in _CONTAINERS:
        return [f"{_CONTAINERS[kw]} {number}"]
    if number.isalpha() and number.isupper():
        roman = roman_to_int(number)
        if roman is None or kw == "paragraph":
            return None
        number = str(roman)
    if not number[0].isdigit():
        return None
    candidates = []
    namespace = source.split(", paragraph ")[0] if ", paragraph " in source else ""
    if namespace_of is not None:
        namespace = namespace_of
        candidates.append(f"{namespace}, paragraph {number}")
    elif namespace and kw == "paragraph":
        candidates.append(f"{namespace}, paragraph {number}")
        candidates.append(number)
    else:
        candidates.append(number)
        if namespace:
            candidates.append(f"{namespace}, paragraph {number}")
    return candidates


def _zh_target(m: re.Match[str], locator: ClauseLocator) -> list[str] | None:
    if m.group("annex"):
        value = chinese_to_int(m.group("an"))
        return [f"Annex {value}"] if value is not None else None
    if m.group("d"):
        return [m.group("d")]
    value = chinese_to_int(m.group("n"))
    if value is None:
        return None
    if m.group("unit") == "章":
        return [f"Chapter {value}"]
    if m.group("k"):
        sub = chinese_to_int(m.group("k"))
        return [f"{value}.{sub}", str(value)]
    return [str(value)]


def _resolve(
    locator: ClauseLocator, source: str, candidates: list[str], raw: str, start: int
) -> CrossReference:
    for cand in candidates:
        found = _existing(locator, cand)
        if found is not None:
            return CrossReference(source=source, target=found, raw=raw, resolved=True, start=start)
    return CrossReference(source=source, target=candidates[0], raw=raw, resolved=False, start=start)


def _existing(locator: ClauseLocator, clause_id: str) -> str | None:
    """The id itself if it exists, else the nearest existing id dropping parenthesised paragraphs."""
    current = clause_id
    while True:
        if locator.has(current):
            return current
        # "5(b)" may point into an unnumbered paragraph of clause 5; "14.7" never falls back to "14".
        cut = current.rfind("(")
        if cut <= 0 or not current.endswith(")"):
            return None
        current = current[:cut]
