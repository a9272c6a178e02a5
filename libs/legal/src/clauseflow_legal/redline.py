"""Redlines from the playbook's fallback language, and their validation.

A redline replaces the risky sentence with a rewritten one. Where the risk lies in a number
(a period, a cap, a percentage) the sentence itself is rewritten with the playbook's value, so
the rest of the drafting survives; otherwise the playbook's fallback sentence replaces it.
The proposed text is in the clause's own language (an English contract reviewed in Chinese
still gets English contract text); the reason is in the review language.
"""

# ruff: noqa: E501  -- bilingual redline sentences read better unbroken

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from functools import lru_cache
from importlib import resources
from typing import Any

from clauseflow_documents.numerals import int_to_english
from clauseflow_documents.party_names import ROLES, roles_in

from clauseflow_legal import redline_rules as rules
from clauseflow_legal.analysis import reported_quote
from clauseflow_legal.minimal_edit import contradicted_qualifier, smaller_redline
from clauseflow_legal.minimal_figures import figure_amendments, market_figures
from clauseflow_legal.minimal_setting import Where
from clauseflow_legal.parties import infer_parties
from clauseflow_legal.playbook import DOMAINS, PlaybookEntry, load_playbook
from clauseflow_legal.redline_feedback import apply_feedback, render_percent, render_period
from clauseflow_legal.text import Period, find_percents, find_periods, split_sentences

number_to_words = int_to_english


# risk type -> (unit family, target value, unit) for number-carried risks
_PERIOD_TARGETS: dict[str, tuple[float, str]] = {
    "claim_time_bar": (28, "day"),
    "payment_terms_unfavourable": (30, "day"),
    "post_termination_obligations": (60, "day"),
    "liability_cap_inadequate": (12, "month"),
    "ma_claim_limitations_unfavourable": (24, "month"),
    "ma_price_mechanism_risk": (6, "month"),
}
_PERCENT_TARGETS: dict[str, float] = {
    "security_insurance_burden": 10,
    "ma_claim_limitations_unfavourable": 30,
    "sha_exit_rights_unfavourable": 75,
}


def _is_zh(text: str) -> bool:
    cjk = len(re.findall(r"[\u4e00-\u9fff]", text))
    return cjk > max(4, len(text) * 0.15)


def _render_period(original: str, p: Period, value: float, unit: str, zh: bool) -> str:
    return render_period(original[p.start : p.end], value, unit, zh)


def _rewrite_numbers(risk_type: str, original: str) -> str | None:
    """Rewrite the period or percentage that carries the risk with the playbook's value, nothing else."""
    zh = _is_zh(original)
    if risk_type in _PERCENT_TARGETS:
        pcts = find_percents(original)
        target = _PERCENT_TARGETS[risk_type]
        if pcts and target != pcts[0].value:
            pc = pcts[0]
            new = render_percent(original[pc.start : pc.end], target, zh)
            return original[: pc.start] + new + original[pc.end :]
    if risk_type in _PERIOD_TARGETS:
        periods = find_periods(original)
        if not periods:
            return None
        target_value, target_unit = _PERIOD_TARGETS[risk_type]
        p = _period_at_fault(periods, risk_type, target_value * _DAYS[target_unit])
        if target_unit == p.unit and target_value == p.value:
            return None
        if target_unit in {"month", "year"} and p.unit in {"day", "business day", "week"}:
            target_value, target_unit = round(target_value * 30), "day"
        if target_unit == "day" and p.unit in {"month", "year"}:
            target_value, target_unit = max(1, round(target_value / 30)), "month"
        # never make a period worse for us: a claim/notice window only grows, a payment term only shrinks
        grows = risk_type != "payment_terms_unfavourable"
        new_days = target_value * _DAYS[target_unit]
        if (grows and new_days <= p.days) or (not grows and new_days >= p.days):
            return None
        rewritten = (
            original[: p.start]
            + _render_period(original, p, target_value, target_unit, zh)
            + original[p.end :]
        )
        return _withdrawn_amendment(original, zh) if rules.no_op_change(original, rewritten) else rewritten
    return None


def _withdrawn_amendment(original: str, zh: bool) -> str | None:
    """An amendment whose fix is the figure it deletes, withdrawn: the deleted words stand unamended.

    "delete 28 days and substitute 14 days" fixed to a 28-day window is not "substitute 28 days"
    (a no-op) but no amendment at all.
    """
    found = rules.amendments(original)
    if not found:
        return None
    m = found[0]
    prefix = original[: m.start].rstrip(" ,，")
    if zh:
        return f"{prefix}{'，' if prefix else ''}{m.deleted}不作修改{original[m.end :]}"
    stands = f"{m.deleted} is not amended"
    if prefix:
        return f"{prefix}, {stands}{original[m.end :]}"
    return stands[:1].upper() + stands[1:] + original[m.end :]


_DAYS = {"day": 1, "business day": 1.4, "week": 7, "month": 30, "year": 365, "hour": 1 / 24}


def _period_at_fault(periods: Sequence[Period], risk_type: str, target_days: float) -> Period:
    """The period that carries the risk: the first on the wrong side of the playbook's target.

    A claim window only grows and a payment term only shrinks: in "delete 28 days and substitute
    14 days" the 14 days is the one to change, not the first period the sentence names.
    """
    grows = risk_type != "payment_terms_unfavourable"
    at_fault = (p for p in periods if (p.days < target_days if grows else p.days > target_days))
    return next(at_fault, periods[0])


def _renewal_rewrite(original: str) -> str | None:
    periods = find_periods(original)
    if len(periods) < 1:
        return None
    zh = _is_zh(original)
    text = original
    for p in sorted(periods, key=lambda x: -x.start):
        if p.unit in {"month", "year"} and p.months > 12:
            text = text[: p.start] + _render_period(original, p, 12, "month", zh) + text[p.end :]
        elif p.unit in {"day", "business day"} and p.days >= 90:
            text = text[: p.start] + _render_period(original, p, 60, "day", zh) + text[p.end :]
    return text if text != original else None


def _party_name(
    roles: tuple[str, ...], names: tuple[str, ...], clause_text: str, zh: bool, fallback: str, given: str = ""
) -> str:
    """How the clause itself names a party: the alias of its role (or its name) that occurs in the text.

    ``given`` is how the client named the party ("承包人"): among aliases, the ones it uses come first.
    """
    aliases: list[str] = []
    for role in roles:
        en, zh_aliases = ROLES[role]
        aliases += list(zh_aliases if zh else en) + list(en if zh else zh_aliases)
    aliases.sort(key=lambda a: not (given and a in given))
    aliases += list(names)
    # the pattern holds the alias verbatim (case-sensitive): an alias absent from the text is skipped
    found = {a: m.start() for a in aliases if a in clause_text and (m := _alias_word(a).search(clause_text))}
    # The name the clause uses first is the party's ("发包人在收到业主方…放款后": 发包人, not the owner behind it).
    present = sorted(found, key=lambda a: (not (given and a in given), found[a]))
    # A clause that names neither party: the contract's own label for it (甲方, Party A) before a
    # role word ("客户") the contract may never use.
    labels = [ROLES[r][1 if zh else 0][0] for r in roles if r in ("party_a", "party_b")]
    label = present[0] if present else next(iter([*labels, *aliases, *names]), "")
    if not label:
        return fallback
    if zh or re.search(r"[\u4e00-\u9fff]", label):
        return label
    bare_rx, the_rx = _label_patterns(label)
    bare = bare_rx.search(clause_text)
    the = the_rx.search(clause_text)
    if label in names or (bare and not the):
        return label
    return f"the {label}"


@lru_cache(maxsize=1024)
def _alias_word(alias: str) -> re.Pattern[str]:
    """A party alias as a whole word (compiled once per alias)."""
    return re.compile(rf"(?<![A-Za-z]){re.escape(alias)}(?![A-Za-z])")


@lru_cache(maxsize=1024)
def _label_patterns(label: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """(the label without an article, the label after "the"), compiled once per label."""
    return (
        re.compile(rf"(?<!the )(?<!The )\b{re.escape(label)}\b"),
        re.compile(rf"\b[Tt]he\s+{re.escape(label)}\b"),
    )


# One person, several names: a template written for "the Buyer" must say "the Purchaser" in a
# contract that calls the buyer so, or the proposed wording names someone the contract never defines.
# (``parties.ROLES`` groups everyone on one side, the Engineer and the Lenders with the Employer, so
# its alias lists cannot say which words name the same person.)
_SAME_PERSON_EN = (
    ("Buyer", "Purchaser", "Transferee"),
    ("Seller", "Vendor", "Transferor"),
    ("Employer", "Owner", "Principal"),
    ("Investor", "Subscriber"),
)
_SAME_PERSON_ZH = (
    ("业主", "发包人", "建设单位"),
    ("承包商", "承包人"),
    ("买方", "买受人", "受让方"),
    ("卖方", "出卖人", "转让方"),
)


def in_the_contracts_words(text: str, clause_text: str, prefer: tuple[str, ...] = ()) -> str:
    """``text`` with each party word the clause does not use replaced by the name it uses for that party.

    ``prefer``: the names already chosen for us and the counterparty; a family holding one of them is
    written with it (a clause may also name a third person, "业主方", with a word of the same family).
    """
    preferred = {re.sub(r"^the\s+", "", p) for p in prefer}
    for names in _SAME_PERSON_EN:
        used = [n for n in names if n in preferred] or [
            n for n in names if re.search(rf"\b{n}s?\b", clause_text)
        ]
        if not used:
            continue
        for name in names:
            if name not in used:
                text = re.sub(rf"\b{name}(?=s?\b|['’]s\b)", used[0], text)
    for names in _SAME_PERSON_ZH:
        used = [n for n in names if n in preferred] or [n for n in names if n in clause_text]
        for name in names if used else ():
            if name not in used:
                text = text.replace(name, used[0])
    return text


def _stated_cap(text: str, clause_text: str) -> str:
    """A FIDIC template's "maximum stated in the Contract Data" made a figure where the contract has no such data."""
    if re.search(r"Contract\s+Data|Appendix\s+to\s+Tender|合同数据|投标函附录|专用条款", clause_text):
        return text
    text = text.replace(
        "the maximum amount stated in the Contract Data", "ten per cent (10%) of the Contract Price"
    )
    return text.replace("合同数据中规定的最高限额", "合同价款的百分之十（10%）")


def _fill(template: str, us: str, them: str) -> str:
    text = template.replace("{us}", us).replace("{them}", them)
    text = re.sub(r"\bthe the\b", "the", text)
    return text[:1].upper() + text[1:] if text and text[0].isalpha() else text


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
    contract_zh = _is_zh(clause_text)
    review_zh = language.startswith("zh")

    candidates: list[str] = []
    fits = True
    if risk_type == "auto_renewal_lock_in" and not feedback:
        candidates.append(_renewal_rewrite(original) or "")
    if risk_type not in {
        "uncapped_liability",
        "indemnity_one_sided",
        "ip_ownership_transfer",
        "data_protection_gap",
    }:
        candidates.append(_rewrite_numbers(risk_type, original) or "")
        candidates += figure_amendments(original, risk_type)
        candidates += market_figures(original, Where(clause_text, risk_type, our_party, domain, language))
    if risk_type in {"broken_cross_reference", "undefined_term", "internal_inconsistency"}:
        candidates.append(_drafting_fix(risk_type, original, contract_zh, data) or "")
    if entry is not None:
        parties = infer_parties(our_party, other_parties, clause_text)
        us = _party_name(
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
        them = _party_name(
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
        situational = _situational_rewrite(risk_type, original, contract_zh, us, them, parties.supplies)
        if situational:
            candidates.insert(0, situational)
        fits = _template_fits(risk_type, original, contract_zh)
        if template and "{fixed}" not in template and fits:
            filled = in_the_contracts_words(
                _stated_cap(_fill(template, us, them), clause_text), clause_text, (us, them)
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
        proposed = _note_to_draft(original, problem, contract_zh)
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


@lru_cache(maxsize=1)
def _fit_data() -> dict[str, Any]:
    text = resources.files("clauseflow_legal").joinpath("redline_fit.json").read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


def _template_fits(risk_type: str, original: str, zh: bool) -> bool:
    """Whether the playbook's fallback wording for ``risk_type`` is about what ``original`` is about (data: ``redline_fit.json``)."""
    needs = (_fit_data()["fit"].get(risk_type) or {}).get("zh" if zh else "en")
    return not needs or re.search(str(needs), original, re.I) is not None


def _note_to_draft(original: str, problem: str, zh: bool) -> str:
    """``original`` kept, with a note that counsel must redraft it to remove ``problem``."""
    note = str(_fit_data()["note"]["zh" if zh else "en"]).format(problem=problem.strip().rstrip("。. "))
    return original.rstrip() + note


def unchanged_note(text: str, request: str, zh: bool) -> str:
    """``text`` kept, with a note that the playbook could not do what ``request`` asks.

    A redraft that would repeat the text it answers is not disguised by a filler phrase: the
    lawyer reads that the request was not met and why counsel must take it over.
    """
    asked = " ".join(request.split()).strip().rstrip("。. ") or ("审查意见" if zh else "the review's request")
    note = str(_fit_data()["unchanged_note"]["zh" if zh else "en"]).format(request=asked)
    return text.rstrip() + note


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


_CAP_WORDS = r"not\s+exceed|limited\s+to|capped|cap\b|maximum|不超过|为限|上限|限额"
# Words that say there is no cap ("不设上限", "without any cap"): a cap word that denies the cap.
_NO_CAP = r"不设(?:任何)?(?:上限|限额)|无(?:上限|限额)|没有(?:上限|限额)|without\s+(?:any\s+)?(?:cap|limit)|no\s+(?:cap|maximum)"


def _situational_rewrite(
    risk_type: str, original: str, zh: bool, us: str, them: str, we_supply: bool
) -> str | None:
    """A complete rewritten sentence for risks whose fix depends on the clause or on our side.

    The playbook's template is written for the usual perspective (a customer's IP, a cap with
    carve-outs); these cover the other situations so the proposal fixes the risk actually found.
    """
    if risk_type == "ip_ownership_transfer" and we_supply:
        return _fill(
            "各方保留其在本合同签订前拥有或独立于本合同开发的全部知识产权，包括{us}原有的工具、方法和专有技术；"
            "专为{them}开发的交付物的知识产权在{them}付清相应价款后归{them}所有，{us}授予{them}非排他、永久、免许可费的许可，"
            "以在使用该等交付物所需的范围内使用其中包含的{us}原有资料。"
            if zh
            else "Each Party retains all intellectual property rights it owned before this Agreement or develops independently of it, "
            "including {us}'s pre-existing tools, methodologies and know-how; intellectual property rights in the deliverables created "
            "specifically for {them} shall vest in {them} upon payment in full of the relevant fees, and {us} grants {them} a "
            "non-exclusive, perpetual, royalty-free licence to use any of {us}'s pre-existing materials incorporated in those "
            "deliverables to the extent necessary to use them.",
            us,
            them,
        )
    if risk_type == "termination_for_convenience" and not we_supply:
        # A supplier walking away leaves the buyer without the goods or services it has paid for and
        # planned around: the fix is no walk-away right, else long notice, the prepayments back and
        # the extra cost of a replacement, not the contractor's "work done and lost profit".
        return _fill(
            "{them}无权为便利而解除本合同；如{them}确需提前解除，应提前不少于一百八十（180）日书面通知{us}，"
            "退还{us}已支付但尚未交付货物或提供服务部分的全部款项，并赔偿{us}另行采购替代货物或服务所增加的合理费用。"
            if zh
            else "{them} shall not terminate this Agreement for convenience; if {them} nonetheless ends it early, it shall give "
            "{us} not less than one hundred and eighty (180) days' written notice, refund all amounts paid for goods or services "
            "not yet delivered, and reimburse {us}'s reasonable additional cost of obtaining replacement goods or services.",
            us,
            them,
        )
    if risk_type == "uncapped_liability" and (
        not re.search(_CAP_WORDS, original, re.I) or re.search(_NO_CAP, original, re.I)
    ):
        return _fill(
            "{us}在本合同项下或与本合同有关的累计赔偿责任不超过合同总价的百分之百（100%），且{us}不对任何间接损失、利润损失或可得利益损失承担责任；"
            "但因欺诈、故意不当行为或因过失造成人身伤亡而产生的责任不受上述限制。"
            if zh
            else "{us}'s total aggregate liability arising out of or in connection with this Agreement shall not exceed the fees paid "
            "or payable in the twelve (12) months preceding the event giving rise to the claim, and {us} shall not be liable for any "
            "indirect or consequential loss or loss of profit; this limitation shall not apply to liability for fraud, wilful "
            "misconduct, or death or personal injury caused by negligence.",
            us,
            them,
        )
    if risk_type == "liquidated_damages_excessive" and _excessive_rate(original):
        # the rate itself must come down, so the sentence is rewritten with its trigger kept;
        # otherwise the playbook's cap-and-exclusivity sentence is the fix
        return _ld_rewrite(original, zh, us, them)
    if risk_type == "cost_escalation_change_in_law" and not re.search(r"Base\s+Date|基准日", original):
        return _fill(
            "合同价格为固定价格，但本合同签订后因法律法规、税率或关税变化导致{us}履约成本增加或减少的，合同价格应相应调整；"
            "主要原材料价格或相关汇率变动超过百分之五（5%）的，双方应本着诚信原则协商调整合同价格。"
            if zh
            else "The price is fixed, save that it shall be adjusted to reflect any increase or decrease in {us}'s costs resulting "
            "from a change in law, taxes or duties after the date of this Agreement, and the Parties shall agree an adjustment "
            "in good faith if the cost of the principal materials or the relevant exchange rate moves by more than five per cent (5%).",
            us,
            them,
        )
    if risk_type == "unilateral_change_right" and re.search(
        r"scope|specification|service\s+levels?|delivery|requirements|features?|functionalit|规格|范围|技术要求|交货|内容|功能",
        original,
        re.I,
    ):
        return _fill(
            "{them}可书面提出对范围、规格、服务水平或交付安排的变更请求；变更须经双方书面确认后方可生效，"
            "且合同价格和履行期限应作相应的公平调整。"
            if zh
            else "{them} may request changes to the scope, specifications, service levels or delivery schedule by written "
            "notice; no change shall take effect until the Parties have agreed it in writing together with an equitable "
            "adjustment to the fees and the timetable.",
            us,
            them,
        )
    if risk_type == "non_compete" and not re.search(r"Products|Territory|合同产品|约定地域", original):
        return _fill(
            "在本合同期内，{us}不得向{them}在签约时书面指明的直接竞争对手提供与本合同项下服务直接竞争的服务；"
            "该限制于本合同终止或届满时终止，且不适用于{us}的关联方。"
            if zh
            else "During the term of this Agreement only, {us} shall not provide services that directly compete with the "
            "services supplied under this Agreement to the direct competitors of {them} named in writing at signature; this "
            "restriction ends on termination or expiry and does not apply to {us}'s Affiliates.",
            us,
            them,
        )
    if risk_type == "warranty_excessive" and re.search(_OUTPUT_GUARANTEE, original, re.I):
        # An output or yield guarantee on built works: keep a guarantee, but of what the contractor
        # controls (performance corrected for the weather and the grid), priced by performance damages.
        return _fill(
            "{us}保证工程在竣工后试验期间达到保证表所列的性能指标，该指标按实测辐照度等{us}无法控制的现场条件修正，"
            "且不计电网限电或输电网络不可用的期间；未达标时，按保证表支付的性能赔偿金为{them}就此享有的唯一救济，"
            "并计入{us}的责任总额上限。"
            if zh
            else "{us} guarantees that the Works shall achieve the performance stated in the Schedule of Guarantees during the "
            "Tests after Completion, corrected for measured irradiation and other site conditions outside {us}'s control and "
            "not counting periods of grid curtailment or unavailability of the transmission network; performance damages "
            "under the Schedule of Guarantees shall be {them}'s only remedy for a shortfall and shall count towards "
            "{us}'s total liability.",
            us,
            them,
        )
    if risk_type == "warranty_excessive":
        return _fill(
            "{us}保证设备或交付物自验收合格之日起十二（12）个月内符合合同约定的技术规格，且不存在材料和工艺方面的重大缺陷；"
            "{us}不对合同未明确约定的用途作出适用性保证。"
            if zh
            else "{us} warrants that for twelve (12) months from acceptance the deliverables shall conform to the agreed "
            "specifications and be free from material defects in materials and workmanship, and that it shall perform the "
            "services with reasonable skill and care; {us} gives no warranty of fitness for any purpose not expressly stated "
            "in this Agreement.",
            us,
            them,
        )
    return None


# A guarantee of what built works will produce ("not less than 287,000 MWh a year", "发电量不低于").
_OUTPUT_GUARANTEE = (
    r"(?:guarantee|warrant)\w*.{0,120}(?:MWh|kWh|GWh|yield|output|production|performance\s+ratio|availability)"
    r"|(?:发电量|产量|产能|性能指标|可利用率).{0,20}(?:不低于|不少于|达到)|保证.{0,20}(?:发电量|产量|产能)"
)


def _excessive_rate(original: str) -> bool:
    """A delay rate above 0.5% a day (or its weekly equivalent)."""
    pcts = find_percents(original)
    if not pcts:
        return False
    weekly = re.search(
        r"per\s+week|each\s+week|weekly|每(?:逾期|迟延|延迟)?(?:一)?(?:周|星期)", original, re.I
    )
    return pcts[0].value / (7 if weekly else 1) > 0.5


def _ld_rewrite(original: str, zh: bool, us: str, them: str) -> str | None:
    """The LD sentence with a moderate rate, an overall cap and exclusivity, its trigger kept."""
    pcts = find_percents(original)
    text = original.rstrip("。.;； ")
    if pcts:
        p = pcts[0]
        text = text[: p.start] + ("千分之一" if zh else "0.1%") + text[p.end :]
    # drop the words that take the cap away or keep other remedies open
    text = re.sub(
        r"[，,]?\s*(?:且)?(?:违约金)?(?:总额|累计(?:金额)?)?(?:均)?(?:不设(?:任何)?(?:上限|封顶)|不受.{0,8}限制)"
        r"|,?\s*(?:and\s+)?(?:shall\s+)?not\s+(?:be\s+)?subject\s+to\s+any\s+(?:\w+\s+){0,2}(?:maximum|cap|limit)(?:\s+amount)?"
        r"|,?\s*without\s+(?:any\s+)?(?:cap|limit|maximum)"
        r"|,?\s*(?:which\s+shall\s+be\s+)?in\s+addition\s+to\s+any\s+other\s+rights?\s+(?:or|and)\s+remed\w+(?:\s+of\s+the\s+\w+)?"
        r"|[，,]?\s*(?:并|且)?(?:还应|另行)?赔偿.{0,6}(?:全部|其他)损失",
        "",
        text,
        flags=re.I,
    ).rstrip("，, ")
    if text == original.rstrip("。.;； ") and not pcts:
        return None
    if re.search(r"\binterest\b", original, re.I) and re.search(r"late|overdue|unpaid", original, re.I):
        # Interest on a late payment compensates for the money's use: a yearly rate, not a penalty cap.
        return _fill(
            "{us} shall pay interest on any amount not paid when due at four per cent (4%) a year above the "
            "base rate of the central bank of the currency concerned, from the due date until payment, as the sole "
            "remedy for the late payment.",
            us,
            them,
        )
    if zh:
        return f"{text}，违约金累计总额不超过合同总价的百分之十（10%），且该违约金为{them}就该违约行为可获得的唯一救济。"
    return (
        f"{text}, provided that the aggregate liquidated damages shall not exceed ten per cent (10%) of the total price payable under this Agreement "
        f"and shall be the sole and exclusive remedy of {them} for the delay or failure to which they relate."
    )


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


_QUOTED = re.compile(r"[\"“「]([^\"”」]{2,60})[\"”」]")
_REF = re.compile(
    r"(?:Sub-Clause|Clause|Section|Article|Schedule|Annex|Appendix|Exhibit|Paragraph)\s+[\dA-Z]+(?:\.\d+)*|第[一二三四五六七八九十百\d]+条(?:第[一二三四五六七八九十\d]+款)?|附件[一二三四五六七八九十\d]+",
    re.I,
)


def _drafting_fix(risk_type: str, original: str, zh: bool, data: dict[str, Any] | None = None) -> str | None:
    """Rewrites for drafting defects: a reference marked for correction, a definition, aligned numbers."""
    description = str((data or {}).get("description") or "")
    if risk_type == "broken_cross_reference":
        named = [r.group(0) for r in _REF.finditer(description)]
        refs = [r for r in _REF.finditer(original) if not named or r.group(0) in named]
        if refs:
            r = refs[-1]
            marker = (
                "第[●]条（待更正为所指条款）"
                if zh
                else f"{r.group(0).split()[0]} [●] (to be corrected to the intended provision)"
            )
            return original[: r.start()] + marker + original[r.end() :]
    if risk_type == "undefined_term":
        m = _QUOTED.search(description)
        term = m.group(1) if m else ""
        if term and term in original:
            body = original.rstrip()
            if zh:
                return f"{body}本条所称“{term}”，是指[双方约定的含义]。"
            sep = "" if body.endswith((".", ";")) else "."
            return f'{body}{sep} For the purposes of this Agreement, "{term}" means [the meaning agreed by the Parties].'
    if risk_type == "internal_inconsistency":
        m = re.search(r"\(([A-Za-z\s,-]+)\)", original)
        if m and find_periods(original) == [] and re.search(r"\d", original):
            from clauseflow_legal.text import find_amounts

            amounts = find_amounts(original)
            if amounts:
                value = int(amounts[0].value)
                words = _money_words(value)
                if words:
                    return original[: m.start(1)] + words + original[m.end(1) :]
        m2 = re.search(r"\b([a-z][a-z\s-]+)\((\d+)\)", original, re.I)
        if m2:
            return (
                original[: m2.start(1)]
                + number_to_words(int(m2.group(2)))
                + " "
                + original[m2.start(2) - 1 :]
            )
    return None


def _money_words(value: int) -> str:
    if value <= 0 or value >= 10**12:
        return ""
    parts = []
    for scale, name in ((10**9, "billion"), (10**6, "million"), (10**3, "thousand"), (1, "")):
        chunk = value // scale % 1000
        if chunk:
            parts.append(number_to_words(chunk) + (f" {name}" if name else ""))
    return " ".join(parts)


def _soften(original: str, zh: bool) -> str:
    """Last resort: qualify the sentence so that it operates reasonably and mutually."""
    body = original.rstrip("。.;；")
    if zh:
        return f"{body}，但该等权利和义务应由双方对等享有和承担，并以合理且适当的方式行使。"
    return f"{body}, provided that this applies equally to both Parties and is exercised reasonably and in good faith."


def check_redline(
    redline: dict[str, Any],
    clause_text: str,
    risks: list[dict[str, Any]] | None = None,
    *,
    our_party: str = "",
    domain: str = "generic",
    language: str = "en",
) -> list[str]:
    """Problems with a redline (empty list = valid): verbatim original, real change, risk addressed.

    "Addressed" is checked by reviewing the clause again with the change applied: the risk the
    redline is for must no longer be found in the rewritten text.
    """
    zh = language.startswith("zh")
    issues: list[str] = []
    original = str(redline.get("original_text") or "")
    proposed = str(redline.get("proposed_text") or "")
    if not original or original not in clause_text:
        issues.append(
            "原文未逐字出现在条款中" if zh else "original_text does not occur verbatim in the clause"
        )
    if not proposed.strip():
        issues.append("修改建议为空" if zh else "proposed_text is empty")
    elif proposed.strip() == original.strip():
        issues.append("修改建议与原文相同" if zh else "proposed_text is identical to original_text")
    if issues or not risks:
        return issues
    risk = None
    idx = redline.get("risk_index")
    if isinstance(idx, int) and 0 <= idx < len(risks):
        risk = risks[idx]
    else:
        rid = redline.get("risk_id")
        risk = next((r for r in risks if rid and rid in (r.get("id"), r.get("risk_id"))), None) or next(
            (
                r
                for r in risks
                if (str(r.get("original_text") or "") and str(r.get("original_text")) in original)
                or original in str(r.get("original_text") or "")
            ),
            None,
        )
    if risk is None:
        issues.append(
            "该修改未对应任何已识别的风险" if zh else "the redline does not address any identified risk"
        )
        return issues
    rewritten = clause_text.replace(original, proposed, 1)
    risk_type = risk.get("risk_type")
    quote = (
        reported_quote(rewritten, risk_type, our_party=our_party, domain=domain, language=language)
        if isinstance(risk_type, str)
        else None  # no rule reports a risk without a type id
    )
    if quote is not None and (quote in proposed or proposed in quote):
        issues.append(
            f"修改后的文本仍存在{risk.get('risk_type')}风险"
            if zh
            else f"the rewritten text still carries the {risk.get('risk_type')} risk"
        )
    return issues
