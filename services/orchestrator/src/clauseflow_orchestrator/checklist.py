"""The review checklist: which clauses of a contract are reviewed, how urgently, with which tools.

The first engine's generic checklist made every top-level clause a medium-priority
item with one tool. We keep its shape and improve the content:

* **Reviewable units.** Each top-level clause is one unit, unless it is an article
  made of numbered sub-clauses that is long (over ``SPLIT_CHARS`` characters in all),
  has ``SPLIT_CHILDREN`` or more sub-clauses, or is only a heading; then each of its
  direct sub-clauses is a unit instead. A lawyer reviews "Article 14 Payment" with
  eight sub-clauses sub-clause by sub-clause, but "5. Notices" with two short
  paragraphs as one. The definitions article always stays whole: its entries only
  matter together.
* **Priority** comes from the clause's subject (:mod:`subjects`): liability, indemnity
  and damages are critical; termination, payment, IP, warranties, claims are high;
  definitions, notices, boilerplate and the preamble are low; the rest medium.
* **Skills**: ``get_clause_context`` always; ``extract_financial_terms`` when money is
  mentioned; ``cross_reference_check`` when the clause refers to other clauses;
  ``resolve_definition`` when it uses defined terms; plus the subject's and the
  domain pack's skills.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import cache
from importlib import resources

from clauseflow_contracts.review import ChecklistItem, Domain
from clauseflow_contracts.skills import SkillId
from clauseflow_documents.model import Clause, DocumentStructure
from clauseflow_documents.reference_units import is_cover, reference_prefixes, unit_id

from clauseflow_orchestrator.domain_packs import pack_entry
from clauseflow_orchestrator.subjects import (
    GENERAL,
    classify,
    classify_clause,
    is_definitions,
    mentions_money,
    mentions_references,
)

SPLIT_CHARS = 1500
SPLIT_CHILDREN = 4
HEADING_ONLY_CHARS = 40


def reviewable_units(structure: DocumentStructure) -> list[Clause]:
    """The clauses reviewed one by one, in document order (see the module docstring for the rule)."""
    units: list[Clause] = []
    for top in structure.top_level():
        children = structure.children_of(top.clause_id) if top.children else []
        if children and _is_part(top):
            # A Part or Chapter heading ("PART ONE - GENERAL CONDITIONS", 第一章) only groups its
            # articles: each is read as a top-level article is, split into its sub-clauses when long.
            # Read whole, an 8,000-character article gave each rule one finding for all its
            # sub-clauses.
            for article in children:
                units.extend(_article_units(structure, article))
            continue
        units.extend(_article_units(structure, top))
    return units


def _is_part(clause: Clause) -> bool:
    """A Part or Chapter grouping of articles (the segmenter's "Part 1", "Part B", "Chapter 2")."""
    return clause.clause_id.startswith(("Part ", "Chapter "))


def _article_units(structure: DocumentStructure, article: Clause) -> list[Clause]:
    """An article as one unit, or its sub-clauses when it is long or has many."""
    children = structure.children_of(article.clause_id) if article.children else []
    # The definitions article is read as one unit: its entries only matter together.
    split = children and not is_definitions(article.title) and _split(article, children)
    return list(children) if split else [article]


def _split(article: Clause, children: list[Clause]) -> bool:
    own_body = article.text.replace(article.title, "", 1).strip()
    total = max(len(article.text), len(own_body) + sum(len(c.text) for c in children))
    return total > SPLIT_CHARS or len(children) >= SPLIT_CHILDREN or len(own_body) < HEADING_ONLY_CHARS


def build_checklist(
    structure: DocumentStructure, domain: Domain = Domain.GENERIC, *, has_particular_conditions: bool = False
) -> list[ChecklistItem]:
    """The checklist for a parsed contract: one item per reviewable unit, domain pack applied."""
    referring = {ref.source for ref in structure.cross_references}
    return [
        _item(
            unit,
            _parent_title(structure, unit),
            domain,
            unit.clause_id in referring,
            has_particular_conditions,
        )
        for unit in reviewable_units(structure)
    ]


def reference_checklist(references: Sequence[DocumentStructure], domain: Domain) -> list[ChecklistItem]:
    """Items for the reference documents' units ("ER 3", "ER 4"), after the contract's own.

    Obligations planted in the Employer's Requirements or a statement of work bind our party like
    the Conditions do. Their units are found by the same rule as the contract's; cover pages and
    part headings are left out.
    """
    items: list[ChecklistItem] = []
    for prefix, structure in zip(reference_prefixes(references), references, strict=True):
        for unit in _reference_units(structure):
            named = unit.model_copy(update={"clause_id": unit_id(prefix, unit.clause_id)})
            items.append(_item(named, _parent_title(structure, unit), domain, False, False))
    return items


def _reference_units(structure: DocumentStructure) -> list[Clause]:
    """A reference document's units: a part heading ("Part III") gives way to its articles."""
    units: list[Clause] = []
    for unit in reviewable_units(structure):
        if not is_cover(unit):
            units.append(unit)
            continue
        for article in structure.children_of(unit.clause_id):
            units.extend(_article_units(structure, article))
    return units


_PRIORITY_RANK = {"critical": 0, "high": 1, "medium": 2, "low": 3}


@cache
def type_priorities() -> dict[str, str]:
    """Clause type id → the priority it calls for at least (data: ``type_priorities.json``)."""
    raw = json.loads(resources.files(__package__).joinpath("type_priorities.json").read_text("utf-8"))
    return {t: level for level in ("high", "critical") for t in raw[level]}


def with_clause_types(
    checklist: Sequence[ChecklistItem], types: Mapping[str, Sequence[str]]
) -> list[ChecklistItem]:
    """The checklist with each unit's clause types, its priority raised to what its types call for.

    A clause titled "Termination" that grants an exit for convenience, or an untitled paragraph
    that caps liability, is among the clauses most likely to hold a high risk: the plan sends it
    first. Types never lower a priority; a unit without types keeps its subject's.
    """
    wanted = type_priorities()
    typed: list[ChecklistItem] = []
    for item in checklist:
        found = tuple(dict.fromkeys(types.get(item.clause_id, ())))
        priority = min(
            (item.priority, *(wanted[t] for t in found if t in wanted)), key=lambda p: _PRIORITY_RANK[p]
        )
        typed.append(item.model_copy(update={"clause_types": found, "priority": priority}))
    return typed


def _parent_title(structure: DocumentStructure, clause: Clause) -> str:
    if clause.parent_id is None or not structure.has(clause.parent_id):
        return ""
    return structure.get(clause.parent_id).title


def _item(
    clause: Clause, parent_title: str, domain: Domain, has_references: bool, has_pc: bool
) -> ChecklistItem:
    subject = classify_clause(clause.clause_id, clause.title, clause.text)
    if subject is GENERAL and parent_title:
        # An untitled sub-clause about nothing recognisable belongs to its article's subject.
        subject = classify(parent_title, "")
    skills: list[str] = [SkillId.GET_CLAUSE_CONTEXT]
    if mentions_money(clause.text):
        skills.append(SkillId.EXTRACT_FINANCIAL_TERMS)
    if has_references or mentions_references(clause.text):
        skills.append(SkillId.CROSS_REFERENCE_CHECK)
    if clause.definitions_used:
        skills.append(SkillId.RESOLVE_DEFINITION)
    skills.extend(subject.skills)
    priority = subject.priority
    name = clause.title or _first_words(clause.text)
    entry = pack_entry(domain, clause, has_pc=has_pc)
    if entry is not None:
        priority = entry.priority
        skills.extend(entry.skills)
        name = clause.title or entry.name
    return ChecklistItem(
        clause_id=clause.clause_id,
        clause_name=name,
        priority=priority,
        required_skills=tuple(dict.fromkeys(skills)),
        description=_description(clause.clause_id, subject.name, entry.focus if entry else ""),
    )


def _description(clause_id: str, subject: str, focus: str) -> str:
    text = f"Review clause {clause_id} ({subject.replace('_', ' ')})"
    return f"{text}: {focus}" if focus else text


def _first_words(text: str, limit: int = 40) -> str:
    line = text.strip().splitlines()[0] if text.strip() else ""
    return line if len(line) <= limit else line[:limit].rstrip() + "…"
