"""The reviewer's reasoning: risks of one clause for our party, by the playbook.

``analyse_clause`` reads the clause (who may terminate, whose liability is capped and at what,
who indemnifies whom, which periods bar which claims ...) through the rules in
:mod:`clauseflow_legal.rules`, keeps only what is a risk *for our party* (plus drafting
defects, which hurt both), and writes each finding in the review language with the exact
sentence that carries it.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import replace
from typing import Any

from clauseflow_documents.party_names import COMPANY_FORM, roles_in
from clauseflow_platform.logging import get_logger

from clauseflow_legal.clause_types import classify_clause
from clauseflow_legal.figures import ZH_UNIT_WORDS
from clauseflow_legal.jurisdictions import called
from clauseflow_legal.parties import infer_parties
from clauseflow_legal.playbook import load_playbook
from clauseflow_legal.positions import market_risk_types
from clauseflow_legal.rules import RULES, WHOLE_UNIT_RULES, ClauseContext, Finding, Rule, rules_for
from clauseflow_legal.rules.commercial.market_terms import PRIORITY as _MARKET_PRIORITY
from clauseflow_legal.severity import calibrated
from clauseflow_legal.text import Sentence

__all__ = ["analyse_clause", "classify_and_analyse", "reported_quote"]

_log = get_logger(__name__)

_LEVEL_ORDER = {"high": 0, "medium": 1, "low": 2}


# A company's legal form: what makes a parties-block entry a name rather than a phrase.
_COMPANY_NAME = re.compile(COMPANY_FORM)


def _other_parties(metadata: dict[str, Any]) -> list[str]:
    out: list[str] = []
    for key in ("counterparty", "other_party", "other_parties", "counterparties", "parties"):
        value = metadata.get(key)
        if isinstance(value, str) and value.strip():
            out.append(value)
        elif isinstance(value, list):
            out += [str(v) for v in value if v]
    # The contract's setting names the other side ('Keswick Ltd (the "Subcontractor")'). Only the role
    # it is given is taken: a parties block read from a filing can yield "Supply Agreement" as a name.
    role = called(str(metadata.get("counterparty_name") or ""))
    if roles_in(role):
        out.append(role)
    elif _COMPANY_NAME.search(role) and not re.search(r"Agreement|Contract|协议|合同", role, re.I):
        out.append(role)  # a counterparty known by its name ("Vantor Analytics GmbH" → "Vantor")
    our = str(metadata.get("our_party") or "")
    return [o for o in out if o.strip() and o.strip() != our.strip()]


def _aliases(metadata: dict[str, Any], key: str) -> list[str]:
    """The names the parties block gives one side (``our_aliases`` or ``counterparty_aliases``)."""
    value = metadata.get(key)
    items = value.split(";") if isinstance(value, str) else value if isinstance(value, list) else []
    return [str(v).strip() for v in items if str(v).strip()]


_EN_UNIT = re.compile(r"(\d+(?:\.\d+)?) (business day|day|week|month|year|hour)s?(?![A-Za-z])")


def _zh_units(text: str) -> str:
    """ "180 days" written by a shared helper becomes "180日" in a Chinese finding."""
    return _EN_UNIT.sub(lambda m: f"{m.group(1)}{ZH_UNIT_WORDS[m.group(2)]}", text)


# A risk type that is dropped when another is reported for the same clause: "continued use =
# acceptance" is part of the change right.
_SUPPRESSED_BY: dict[str, tuple[str, ...]] = {"deemed_acceptance_or_waiver": ("unilateral_change_right",)}
# In a share deal the taxonomy wants the most specific id: "a seller's low cap in an SPA belongs
# to ma_claim_limitations_unfavourable, not liability_cap_inadequate".
_SUPPRESSED_IN_DOMAIN: dict[str, dict[str, tuple[str, ...]]] = {
    "sha_spa": {
        "liability_cap_inadequate": ("ma_claim_limitations_unfavourable",),
        # completion accounts binding the buyer unless it objects within days are the price
        # mechanism's point ("completion accounts prepared or determined by the other side")
        "deemed_acceptance_or_waiver": ("ma_price_mechanism_risk",),
        # so are price figures that the other side's accountants determine "final and binding"
        "dispute_resolution_unbalanced": ("ma_price_mechanism_risk",),
    },
    # "a Variation instructed without adjustment" is the construction-specific id for a change
    # the Employer imposes on the Contractor's scope
    "fidic": {"unilateral_change_right": ("variation_valuation_unfair",)},
}


def _suppressions(domain: str) -> dict[str, tuple[str, ...]]:
    """Suppressed risk type → the types that suppress it, in ``domain``."""
    domain_rules = _SUPPRESSED_IN_DOMAIN.get(domain, {})
    return {
        risk: _SUPPRESSED_BY.get(risk, ()) + domain_rules.get(risk, ())
        for risk in {*_SUPPRESSED_BY, *domain_rules}
    }


def _context(
    text: str,
    *,
    title: str,
    clause_id: str,
    our_party: str,
    other_parties: list[str] | None,
    domain: str,
    language: str,
    tool_results: list[Any] | None,
    metadata: dict[str, Any],
) -> ClauseContext:
    domain = domain if domain in {"generic", "fidic", "sha_spa"} else "generic"
    others = list(other_parties or []) + _other_parties(metadata) + _aliases(metadata, "counterparty_aliases")
    parties = infer_parties(
        our_party or str(metadata.get("our_party") or ""),
        others,
        text,
        _aliases(metadata, "our_aliases"),
        bargain=str(metadata.get("our_side_of_bargain") or ""),
    )
    return ClauseContext(
        clause_id=clause_id,
        title=title,
        text=text,
        language=language,
        domain=domain,
        parties=parties,
        tool_results=list(tool_results or []),
        metadata=metadata,
    )


# A numbered sub-clause starts a line: "2.2 …", "14.1.3 …" (lettered paragraphs are not units).
_SUB_CLAUSE_START = re.compile(r"^[ \t]*\d+(?:\.\d+)+[.\s]", re.M)


def _every_sub_clause(ctx: ClauseContext, rule: Rule, starts: list[int]) -> list[Finding]:
    """``rule``'s findings in the unit, including points it stopped short of.

    Many rules report the first point they find and return. When a unit is a whole article, a
    second point of the same kind in a later sub-clause (a free-variation threshold in 6.1,
    omitted work re-let in 6.2) would be lost, so the rule is asked again about the text after
    the sub-clause of its last finding, until it finds nothing more.
    """
    found = rule(ctx)
    out = list(found)
    while found and len(starts) > 1 and rule not in WHOLE_UNIT_RULES:
        last = max(f.quote.start for f in found)
        later = [x for x in starts if x > last]
        if not later:
            break
        offset = later[0]
        tail = replace(ctx, text=ctx.text[offset:], sentences=[], _clause_types=None)
        found = [replace(f, quote=Sentence(f.quote.text, f.quote.start + offset)) for f in rule(tail)]
        out += found
    return out


def _overlap(a: Sentence, b: Sentence) -> bool:
    return a.start < b.end and b.start < a.end


def _best_findings(ctx: ClauseContext, rules: tuple[Rule, ...]) -> list[Finding]:
    """The findings the review reports: per risk type and numbered sub-clause, the best one
    (verbatim quote, best priority, earliest).

    A review unit is often a whole article; the same kind of risk planted in two of its
    sub-clauses (a board without our director in 2.1, no veto in 2.2) is two issues with two
    redlines, while two phrasings of one risk in one sub-clause are one.
    """
    findings: list[Finding] = []
    starts = [m.start() for m in _SUB_CLAUSE_START.finditer(ctx.text)]
    for rule in rules:
        try:
            findings += _every_sub_clause(ctx, rule, starts)
        except Exception:  # a defective rule must not sink the review of the clause
            _log.exception("legal.rule_failed", rule=rule.__name__, clause_id=ctx.clause_id)
    # One issue, one finding: a number the comparison with market positions reports is left out
    # when a specific rule already reports a risk on the same words (late interest as excessive
    # damages, a leakage claim window as the price mechanism's risk).
    specific = [f for f in findings if f.priority < _MARKET_PRIORITY]
    findings = [
        f
        for f in findings
        if f.priority < _MARKET_PRIORITY or not any(_overlap(f.quote, g.quote) for g in specific)
    ]
    best: dict[tuple[str, int], Finding] = {}
    for f in findings:
        if f.quote.text not in ctx.text:
            continue  # quotes must be verbatim; never report a paraphrase
        key = (f.risk_type, bisect.bisect_right(starts, f.quote.start))
        cur = best.get(key)
        if cur is None or (f.priority, f.quote.start) < (cur.priority, cur.quote.start):
            best[key] = f
    reported = {risk for risk, _ in best}
    for suppressed, by in _suppressions(ctx.domain).items():
        if reported.intersection(by):
            best = {k: f for k, f in best.items() if k[0] != suppressed}
    return list(best.values())


def analyse_clause(
    text: str,
    *,
    title: str = "",
    clause_id: str = "",
    our_party: str = "",
    other_parties: list[str] | None = None,
    domain: str = "generic",
    language: str = "en",
    tool_results: list[Any] | None = None,
    metadata: dict[str, Any] | None = None,
) -> list[dict[str, str]]:
    """Risks of one clause for ``our_party`` as dicts of the clause_review answer contract.

    Each risk has risk_type (taxonomy id), risk_level, description, reason, analysis and
    original_text (a verbatim substring of ``text``). A balanced clause, or one favourable to
    us, yields ``[]``.
    """
    ctx = _context(
        text,
        title=title,
        clause_id=clause_id,
        our_party=our_party,
        other_parties=other_parties,
        domain=domain,
        language=language,
        tool_results=tool_results,
        metadata=dict(metadata or {}),
    )
    # Levels are moved (one step, with a reason) after the best finding is chosen: calibration
    # says how serious an issue is, never which phrasing of it is reported.
    best = [calibrated(ctx, f) for f in _best_findings(ctx, RULES)]
    playbook = load_playbook(ctx.domain)
    zh = language.startswith("zh")
    out: list[dict[str, str]] = []
    for f in sorted(best, key=lambda x: (_LEVEL_ORDER.get(x.level, 1), x.quote.start)):
        entry = playbook.for_risk(f.risk_type)
        risk = f.to_dict()
        if zh:
            for key in ("description", "reason", "analysis"):
                risk[key] = _zh_units(risk[key])
        if entry is not None:
            pos = entry.position(language)
            sep = "备选立场：" if language.startswith("zh") else "Fallback: "
            risk["analysis"] = f"{f.analysis} {sep}{pos.fallback}".strip()
        out.append(risk)
    return out


def reported_quote(
    text: str,
    risk_type: str,
    *,
    our_party: str = "",
    domain: str = "generic",
    language: str = "en",
) -> str | None:
    """The original_text ``analyse_clause`` reports for ``risk_type`` in ``text`` (None: not reported).

    Same answer as filtering ``analyse_clause(text, our_party=..., domain=..., language=...)``,
    but only the rules that can report this risk type (or suppress it) are run: re-checking a
    redline's rewritten clause for its one risk need not review the clause for every other risk.
    """
    wanted = {risk_type}
    wanted.update(_suppressions(domain).get(risk_type, ()))
    ctx = _context(
        text,
        title="",
        clause_id="",
        our_party=our_party,
        other_parties=None,
        domain=domain,
        language=language,
        tool_results=None,
        metadata={},
    )
    # The comparison with market positions yields to any specific rule quoting the same words, so
    # re-checking one of its risk types takes the whole review's rules.
    rules = RULES if risk_type in market_risk_types() else rules_for(frozenset(wanted))
    found = [f for f in _best_findings(ctx, rules) if f.risk_type == risk_type]
    first = min(found, key=lambda f: (f.priority, f.quote.start), default=None)
    return first.quote.text if first is not None else None


def classify_and_analyse(
    title: str, text: str, *, language: str = "en", **kwargs: Any
) -> tuple[list[str], list[dict[str, str]]]:
    """Clause types and risks in one call (used by the playbook model and the skills)."""
    return classify_clause(title, text, language), analyse_clause(
        text, title=title, language=language, **kwargs
    )
