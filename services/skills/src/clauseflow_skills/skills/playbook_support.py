"""What the playbook skills share: which playbook applies, a clause's types, and party names in templates.

The playbook (``clauseflow_legal.playbook``) is written from our side: its standard,
fallback and walk-away positions say what *our* party accepts, and its redline templates name
the parties ``{us}`` and ``{them}``.
"""

from __future__ import annotations

from clauseflow_contracts.errors import InvalidInput
from clauseflow_documents.model import Clause
from clauseflow_legal.clause_types import CLAUSE_TYPES
from clauseflow_legal.parties import infer_parties
from clauseflow_legal.playbook import DOMAINS, Playbook, PlaybookEntry, load_playbook

from clauseflow_skills.skill import ReviewContext
from clauseflow_skills.text import classify_clause, is_chinese


def playbook_for(review: ReviewContext) -> Playbook:
    """The playbook of the review's domain; a domain without a pack uses the generic playbook."""
    domain = (review.domain or "generic").strip().lower()
    return load_playbook(domain if domain in DOMAINS else "generic")


def text_language(text: str, review: ReviewContext) -> str:
    """``zh-CN`` when the text is Chinese, else ``en`` (a redline must match the contract's language)."""
    if text.strip():
        return "zh-CN" if is_chinese(text) else "en"
    return "zh-CN" if review.language.startswith("zh") else "en"


def check_clause_type(clause_type: str) -> str:
    """A known clause-type id, or an error listing a few valid ids so the LLM can correct itself."""
    value = clause_type.strip()
    if value in CLAUSE_TYPES:
        return value
    sample = ", ".join(sorted(CLAUSE_TYPES)[:12])
    raise InvalidInput(
        f"field 'clause_type': unknown clause type {clause_type!r}; use an id from classify_clause (e.g. "
        f"{sample}, ...)"
    )


def clause_types_of(clause: Clause, requested: str | None = None) -> list[str]:
    """The clause's types: the one asked for, else the classifier's answer (same code as classify_clause)."""
    if requested:
        return [check_clause_type(requested)]
    return classify_clause(clause.title, clause.text)


def entries_for_clause(
    playbook: Playbook, clause: Clause, requested: str | None = None
) -> list[PlaybookEntry]:
    """The playbook entries that apply to the clause, in catalogue order."""
    return playbook.entries_for(clause_types_of(clause, requested))


def fill_parties(template: str, review: ReviewContext, clause_text: str, language: str) -> str:
    """Replace ``{us}``/``{them}`` with the parties as the contract names them ("the Supplier")."""
    parties = infer_parties(review.our_party, clause_text=clause_text)
    zh = language.startswith("zh")
    us = parties.label("us", language)
    them = parties.label("them", language)
    if not zh:
        # Role names are defined terms in English contracts: "the Supplier", not "Supplier".
        us = _with_article(us, parties.our_roles != ())
        them = _with_article(them, parties.their_roles != ())
    out = template.replace("{us}", us).replace("{them}", them)
    # A template sentence may start with a placeholder: keep the capital letter.
    return out[:1].upper() + out[1:] if out and not zh else out


def _with_article(label: str, is_role: bool) -> str:
    if not is_role or label.lower().startswith(("the ", "our ")):
        return label
    return f"the {label}"
