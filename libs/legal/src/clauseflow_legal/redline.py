"""Redlines from the playbook's fallback language (a redline is checked by :mod:`.redline_check`).

A redline replaces the risky sentence with a rewritten one. Where the risk lies in a number
(a period, a cap, a percentage) the sentence itself is rewritten with the playbook's value, so
the rest of the drafting survives; otherwise the playbook's fallback sentence replaces it.
The proposed text is in the clause's own language (an English contract reviewed in Chinese
still gets English contract text); the reason is in the review language.
"""

# ruff: noqa: E501  -- bilingual redline sentences read better unbroken

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from clauseflow_documents.party_names import roles_in

from clauseflow_legal import redline_rules as rules
from clauseflow_legal.analysis import reported_quote
from clauseflow_legal.minimal_edit import contradicted_qualifier, smaller_redline
from clauseflow_legal.minimal_figures import figure_amendments, market_figures
from clauseflow_legal.minimal_setting import Where
from clauseflow_legal.parties import infer_parties
from clauseflow_legal.playbook import DOMAINS, PlaybookEntry, load_playbook
from clauseflow_legal.redline_drafting_fixes import drafting_fix
from clauseflow_legal.redline_feedback import apply_feedback
from clauseflow_legal.redline_fit import note_to_draft, template_fits
from clauseflow_legal.redline_numbers import renewal_rewrite, rewrite_numbers
from clauseflow_legal.redline_parties import fill_template, in_the_contracts_words, party_name
from clauseflow_legal.redline_situations import situational_rewrite
from clauseflow_legal.text import split_sentences, written_in_chinese


def _stated_cap(text: str, clause_text: str) -> str:
    """A FIDIC template's "maximum stated in the Contract Data" made a figure where the contract has no such data."""
    if re.search(r"Contract\s+Data|Appendix\s+to\s+Tender|合同数据|投标函附录|专用条款", clause_text):
        return text
    text = text.replace(
        "the maximum amount stated in the Contract Data", "ten per cent (10%) of the Contract Price"
    )
    return text.replace("合同数据中规定的最高限额", "合同价款的百分之十（10%）")


def draft_redline(
    risk: dict[str, Any] | Any,
    clause_text: str,
    language: str = "en",
    *,
    our_party: str = "",
    other_parties: list[str] | None = None,
    domain: str = "generic",
    feedback: str = "",
    contract_terms: Sequence[str] = (),
) -> tuple[str, str, str]:
    """(original_text, proposed_text, reason) fixing ``risk`` in ``clause_text``.

    ``original_text`` is the risk's quote when it occurs verbatim in the clause (else the
    clause's first sentence); ``proposed_text`` is a rewritten clause sentence taken from the
    playbook's fallback position, taking reviewer ``feedback`` (e.g. "make it 60 days") into account:
    its figure is written in, or the reason says why it could not be. Among the candidate wordings
    the first that removes the risk and breaks none of :mod:`redline_rules` wins; a defined term
    the contract lacks (``contract_terms`` and the clause's own) is written as plain words.
    """
    data = (
        risk
        if isinstance(risk, dict)
        else (risk.model_dump() if hasattr(risk, "model_dump") else dict(vars(risk)))
    )
    risk_type = str(data.get("risk_type") or "")
    original = str(data.get("original_text") or "")
    if not original or original not in clause_text:
        sentences = split_sentences(clause_text)
        original = sentences[0].text if sentences else clause_text.strip()
    playbook = load_playbook(domain if domain in DOMAINS else "generic")
    entry = playbook.for_risk(risk_type) or _entry_elsewhere(risk_type)
    contract_zh = written_in_chinese(clause_text)
    review_zh = language.startswith("zh")

    candidates: list[str] = []
    fits = True
    if risk_type == "auto_renewal_lock_in" and not feedback:
        candidates.append(renewal_rewrite(original) or "")
    if risk_type not in {
        "uncapped_liability",
        "indemnity_one_sided",
        "ip_ownership_transfer",
        "data_protection_gap",
    }:
        parties_here = infer_parties(our_party, other_parties, clause_text)
        candidates.append(rewrite_numbers(risk_type, original, parties_here) or "")
        candidates += figure_amendments(original, risk_type, domain)
        candidates += market_figures(original, Where(clause_text, risk_type, our_party, domain, language))
    if risk_type in {"broken_cross_reference", "undefined_term", "internal_inconsistency"}:
        candidates.append(drafting_fix(risk_type, original, contract_zh, data) or "")
    if entry is not None:
        parties = infer_parties(our_party, other_parties, clause_text)
        us = party_name(
            parties.our_roles,
            parties.our_names,
            clause_text,
            contract_zh,
            "相关方" if contract_zh else "the relevant Party",
            given=our_party,
        )
        their_roles = parties.their_roles + tuple(
            r for r in roles_in(clause_text) if r not in parties.our_roles
        )
        them = party_name(
            their_roles,
            parties.their_names,
            clause_text,
            contract_zh,
            "另一方" if contract_zh else "the other Party",
            given=" ".join(other_parties or ()),
        )
        position = entry.position("zh-CN" if contract_zh else "en")
        # The finding's own description names the problem ("no tag-along", "redeemed at cost"):
        # with the quote it picks the template for that problem among those of the risk type.
        problem = f"{original} {data.get('description') or ''}"
        template = position.template_for(problem) or _pick_template(position.redline, problem, feedback)
        situational = situational_rewrite(risk_type, original, contract_zh, us, them, parties.supplies)
        if situational:
            candidates.insert(0, situational)
        fits = template_fits(risk_type, original, contract_zh)
        if template and "{fixed}" not in template and fits:
            filled = in_the_contracts_words(
                _stated_cap(fill_template(template, us, them), clause_text), clause_text, (us, them)
            )
            candidates.append((apply_feedback(filled, feedback)[0] if feedback else None) or filled)
    vocabulary = rules.contract_vocabulary(clause_text, contract_terms)
    candidates = [
        _plain_terms(c, clause_text, vocabulary)
        for c in dict.fromkeys(candidates)
        if c and c.strip() != original.strip() and not rules.no_op_change(original, c)
    ]
    # The playbook's wording is about another problem of this risk type: a generic softening would
    # not fit either.
    unfit = entry is not None and not fits
    if not candidates:
        candidates.append(original if unfit else _soften(original, contract_zh))
    # The first candidate that really removes the risk (checked by reviewing the rewritten clause)
    # and that a lawyer would sign wins; then the first that removes the risk; then the first.
    removing = [
        c for c in candidates if not _still_risky(risk_type, clause_text, original, c, our_party, domain)
    ]
    proposed = next(
        (c for c in removing if not _unsignable(original, c, clause_text, our_party)),
        (removing or candidates)[0],
    )
    unfit = unfit and (proposed == original or not removing)
    if unfit and entry is not None:
        # The playbook's wording is about another problem of this risk type, and nothing else removes
        # the risk: say a lawyer must draft it rather than propose wrong text.
        problem = (
            str(data.get("description") or "") or entry.position("zh-CN" if contract_zh else "en").walk_away
        )
        proposed = note_to_draft(original, problem, contract_zh)
    if rules.lost_protections(original, proposed, our_party=our_party, clause_text=clause_text):
        # Every wording drops a duty of the other side that protects us: keep the sentence and add
        # the fix after it, so the duty stays and the playbook's protection is there too.
        joiner = "" if contract_zh else " "
        proposed = original.rstrip() + joiner + proposed.strip()
    # A rewrite where the figure alone, or striking the one-sided words and adding the fix, would
    # do is not a minimal edit: the minimal one, as every drafter's redline is held to.
    where = Where(clause_text, risk_type, our_party, domain, language, vocabulary)
    smaller = smaller_redline(original, proposed, where)
    proposed = smaller.text if smaller is not None else proposed
    missing: list[rules.Figure] = []
    # The reviewer rejected the fix with a figure: where the fix amends the sentence in place (a
    # limb struck, a trigger amended) and states a figure of that kind, the figure goes into the
    # fix, so the rest of it stands ("limit to 6 months" keeps the fitness warranty struck).
    feedback_done = False
    if (
        feedback
        and not unfit
        and proposed.strip() != original.strip()
        and rules.is_minimal(original, proposed)
    ):
        on_fix, left = apply_feedback(proposed, feedback)
        with_figure = on_fix or proposed  # (the fix may state the figure already)
        if (
            not left
            and not rules.feedback_honoured(feedback, with_figure, "")
            and not _adds_sentence(proposed, with_figure)
        ):
            proposed, feedback_done = with_figure, True
    if feedback and feedback_done:
        missing = rules.feedback_honoured(feedback, proposed, "")
    elif feedback:
        # The reviewer's figure wins over the playbook's: written into the sentence itself, else
        # into the chosen wording; what has no place in either is explained in the reason.
        rewritten, _ = apply_feedback(original, feedback)
        if rewritten and rewritten.strip() != original.strip():
            # a clause marked for counsel keeps its note: the figure is written in, the rest is theirs
            proposed = rewritten + proposed[len(original.rstrip()) :] if unfit else rewritten
        elif unfit:
            pass  # nothing to write the figure into: the rationale says counsel applies it
        else:
            proposed = apply_feedback(proposed, feedback)[0] or proposed
        missing = rules.feedback_honoured(feedback, proposed, "")
    fallback_text = entry.position(language).fallback if entry else ""
    # The finding's own position names the fix for this problem ("Playbook: neutral arbitration");
    # the entry's fallback speaks for the whole risk type and may be about another of its problems.
    stated = re.split(r"\s*(?:Fallback:|备选立场：)", str(data.get("analysis") or ""))[0].strip()
    if not re.match(r"(?:行业立场|市场惯例)" if review_zh else r"(?:Playbook|Market)", stated):
        stated = ""  # no stated position, or one in another language than the review's
    if unfit:
        reason = (
            "审查手册针对该风险类型的备选条款不适用于本条所涉事项，不宜直接套用；本修改仅标注须由律师另行起草。"
            if review_zh
            else "The playbook's fallback wording for this risk type is about another matter than this clause; "
            "rather than propose text that does not fit, the redline marks the clause for counsel to redraft."
        )
        if missing:
            wanted = rules.explained_figures(missing, "zh" if review_zh else "en")
            reason += (
                f" 审阅意见要求的{wanted}无法写入本句，应由律师在重新起草时落实。"
                if review_zh
                else f" The {wanted} the reviewer asked for has no place in this sentence; counsel is to apply it in that redraft."
            )
        return original, proposed, reason
    if review_zh:
        if stated:
            reason = f"修改以消除该风险。{stated}"
        else:
            reason = f"按照审查手册的备选立场修改：{fallback_text}" if fallback_text else "修改以消除该风险。"
        if feedback:
            reason += f" 已根据审阅意见调整：{feedback}"
        if missing:
            reason += (
                f" 审阅意见要求的{rules.explained_figures(missing, 'zh')}无法写入本句：本句未约定相应的期限、金额或比例，"
                "应在约定该事项的条款中落实，或由双方另行商定。"
            )
    else:
        if stated:
            reason = f"Rewritten to remove the risk. {stated}"
        else:
            reason = (
                f"Rewritten to the playbook's fallback position: {fallback_text}"
                if fallback_text
                else "Rewritten to remove the risk."
            )
        if feedback:
            reason += f" Adjusted for the reviewer's feedback: {feedback}"
        if missing:
            reason += (
                f" The {rules.explained_figures(missing, 'en')} the reviewer asked for could not be written into "
                "this sentence: it states no such period, amount or percentage; it belongs in the provision "
                "that sets it, or is for the Parties to agree."
            )
    return original, proposed, reason


def _adds_sentence(before: str, after: str) -> bool:
    """Whether writing a figure in added words of its own rather than changing a figure already there."""
    return len(rules.tokens(after)) > len(rules.tokens(before)) + 4


def _unsignable(original: str, proposed: str, clause_text: str, our_party: str) -> bool:
    """Whether a wording breaks a drafting rule: governing law or a protective obligation lost, wrong language."""
    return bool(
        rules.broken_sentence(original, proposed)
        or contradicted_qualifier(original, proposed)
        or rules.governing_law_lost(original, proposed)
        or rules.lost_protections(original, proposed, our_party=our_party, clause_text=clause_text)
        or rules.language_mismatch(clause_text, proposed)
    )


def _plain_terms(text: str, clause_text: str, vocabulary: frozenset[str]) -> str:
    """``text`` with each defined term the contract lacks written as plain words ("the contract price").

    A template speaks of "the Contract Price"; a contract without that term must not get it.
    """
    for term in rules.foreign_terms(text, clause_text=clause_text, vocabulary=vocabulary):
        if re.search(r"[\u3400-\u9fff]", term):
            text = re.sub(rf"[“\"「『]{re.escape(term)}[”\"」』]", term, text)
        else:
            # not where it starts a sentence: there the capital is grammar, not a defined term
            text = re.sub(rf"(?<![.!?]\s)(?<!^)\b{re.escape(term)}\b", term.lower(), text)
    return text


def _still_risky(
    risk_type: str, clause_text: str, original: str, proposed: str, our_party: str, domain: str
) -> bool:
    """Does the clause, with ``original`` replaced by ``proposed``, still carry the risk in the new words?"""
    rewritten = clause_text.replace(original, proposed, 1)
    quote = reported_quote(rewritten, risk_type, our_party=our_party, domain=domain)
    return quote is not None and (quote in proposed or proposed in quote)


def _entry_elsewhere(risk_type: str) -> PlaybookEntry | None:
    """The entry of another domain's playbook for a risk its own domain has none for.

    A construction risk found in a contract reviewed as generic (an extension of time denied)
    still deserves the construction playbook's fallback wording, not a generic softening.
    """
    for other in DOMAINS:
        entry = load_playbook(other).for_risk(risk_type)
        if entry is not None:
            return entry
    return None


def _pick_template(templates: tuple[str, ...], original: str, feedback: str) -> str:
    if not templates:
        return ""
    if len(templates) == 1:
        return templates[0]
    # Choose the template that shares most vocabulary with the risky sentence (first on a tie).
    words = _vocabulary(original + " " + feedback)
    return max(templates, key=lambda t: len(words & _vocabulary(t)))


def _vocabulary(text: str) -> set[str]:
    """English words of 4+ letters and every pair of adjacent Chinese characters ("回购", "购价")."""
    lowered = text.lower()
    pairs = {
        run[i : i + 2] for run in re.findall(r"[\u4e00-\u9fff]{2,}", lowered) for i in range(len(run) - 1)
    }
    return set(re.findall(r"[a-z]{4,}", lowered)) | pairs


def _soften(original: str, zh: bool) -> str:
    """Last resort: qualify the sentence so that it operates reasonably and mutually."""
    body = original.rstrip("。.;；")
    if zh:
        return f"{body}，但该等权利和义务应由双方对等享有和承担，并以合理且适当的方式行使。"
    return f"{body}, provided that this applies equally to both Parties and is exercised reasonably and in good faith."
