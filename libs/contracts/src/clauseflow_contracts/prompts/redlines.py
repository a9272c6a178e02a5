"""Redline drafting and validation prompts (docs/architecture.md#redlines), and the parsers of their answers.

Drafting user message: intro, ``Metadata: {...}``, the clause block, then
``Risks: [...]`` and, for a redraft, ``Redraft requests: [...]`` (rejected
redlines with reviewer feedback) and/or ``Validation issues: [...]`` (why the
previous draft failed validation). Validation adds ``Redlines: [...]``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from clauseflow_contracts.chat import ChatMessage
from clauseflow_contracts.events import RedraftRequest
from clauseflow_contracts.json_answer import parse_json_answer
from clauseflow_contracts.prompts.fragments import anti_injection, is_zh
from clauseflow_contracts.prompts.kinds import (
    RequestKind,
    clause_block,
    marker,
    metadata_line,
    normalise_language,
    read_prefixed_json,
    to_json_line,
)
from clauseflow_contracts.review import Redline, Risk

RISKS_PREFIX = "Risks: "
REDLINES_PREFIX = "Redlines: "
REDRAFT_PREFIX = "Redraft requests: "
ISSUES_PREFIX = "Validation issues: "
TERMS_PREFIX = "Contract terms: "
# Redlines already standing on the clause, which a new draft is written on top of.
STANDING_PREFIX = "Standing redlines: "
# How many of the contract's defined terms a drafting prompt lists (a long contract defines hundreds).
MAX_TERMS = 300

_TRUE = {"true", "yes", "pass", "passed", "ok", "1", "是", "通过"}


def _risk_rows(risks: Sequence[Risk]) -> list[dict[str, object]]:
    return [
        {
            "risk_index": index,
            "risk_id": risk.id,
            "risk_type": risk.risk_type,
            "risk_level": risk.risk_level.value,
            "description": risk.description,
            "reason": risk.reason,
            # the finding's recommended position: the drafter writes towards it
            "analysis": risk.analysis,
            "original_text": risk.original_text,
        }
        for index, risk in enumerate(risks)
    ]


def _as_dict(value: BaseModel | Mapping[str, Any]) -> dict[str, Any]:
    return value.model_dump(mode="json") if isinstance(value, BaseModel) else dict(value)


def _draft_system(lang: str, our_party: str, redrafting: bool) -> str:
    if is_zh(lang):
        task = (
            "你是一位资深合同律师，负责为已识别的风险起草修改建议（redline）。\n"
            f"【你的任务】针对 Risks 中的每个风险，站在我方（{our_party}）的立场起草对条款原文的修改，"
            "使修改后的文本消除或合理降低该风险，措辞专业、可被对方接受（优先采用市场通行的折中表述）。"
        )
        if redrafting:
            task += (
                "\n【重新起草】Redraft requests 列出了审阅律师驳回的修改及其反馈意见："
                "请逐条按反馈重新起草，新文本必须与被驳回的文本不同，并体现反馈的要求。"
            )
        rules = (
            "【起草规则】\n"
            "1. original_text 必须是条款原文中逐字存在的一段（复制，不得改写），"
            "且尽量短，只覆盖需要修改的部分\n"
            "2. proposed_text 是替换 original_text 的完整新文本，必须与 original_text 不同\n"
            "3. 每条修改通过 risk_index（Risks 中的序号）或 risk_id 对应一个风险\n"
            "4. reason 用中文说明修改如何消除风险\n"
            "5. 若提供了 Validation issues，说明上一稿未通过校验，请针对这些问题修正\n"
            "6. 最小修改：只改必须改的词语（一百二十日改为三十日，只改数字），保留句子其余部分原样\n"
            "7. 不得引入本合同未定义的术语：只使用 Contract terms 所列术语或普通词语，或在修改中给出定义\n"
            "8. 修改适用法律或争议解决条款时保留适用法律；不得删除对方保护我方的义务（可修改其内容）\n"
            "9. 审阅意见中给出的期限、金额或比例必须写入 proposed_text；"
            "确实无法采纳时在 reason 中说明原因并写明该数值\n"
            "10. 使用条款原文的语言与文风：中文条款以规范的中文合同用语起草，使用全角标点"
        )
        output = (
            "【最终输出要求】只输出一个 JSON 数组，每个元素为 "
            '{"risk_index": 0, "risk_id": "...", "original_text": "...", "proposed_text": "...", '
            '"reason": "..."}；没有需要修改的内容时返回 []。不要输出其他内容。'
        )
    else:
        task = (
            "You are a senior contract lawyer drafting redlines for risks already identified.\n"
            f"YOUR TASK: for each risk under Risks, draft a change to the clause text, acting for our party "
            f"({our_party}), so that the amended text removes or reasonably reduces the risk, in "
            "professional wording the other side could accept (prefer market-standard compromise language)."
        )
        if redrafting:
            task += (
                "\nREDRAFT: Redraft requests lists redlines the reviewing lawyer rejected, with feedback. "
                "Redraft each one following the feedback; the new text must differ from the rejected text "
                "and reflect what the feedback asks for."
            )
        rules = (
            "DRAFTING RULES\n"
            "1. original_text must be a passage that occurs verbatim in the clause (copied, never "
            "paraphrased), as short as possible, covering only what changes.\n"
            "2. proposed_text is the full replacement for original_text and must differ from it.\n"
            "3. Each redline addresses one risk, by risk_index (its position under Risks) or risk_id.\n"
            "4. reason explains, in English, how the change addresses the risk.\n"
            "5. If Validation issues are given, the previous draft failed validation: fix those issues.\n"
            "6. Minimal edits: change only the words that must change (120 days -> 30 days changes the "
            "number only) and keep the rest of the sentence word for word.\n"
            "7. No foreign terms: use only the defined terms under Contract terms or plain words, or define "
            "a new term in the redline itself.\n"
            "8. A redline of a governing-law or disputes clause keeps the governing law; never delete an "
            "obligation of the other party that protects us (amend it instead).\n"
            "9. A period, amount or percentage the reviewer's feedback asks for must appear in "
            "proposed_text; if it truly cannot be applied, say why in reason, naming the figure.\n"
            "10. Write in the clause's own language and style (a Chinese clause gets Chinese contract "
            "wording with full-width punctuation)."
        )
        output = (
            "FINAL ANSWER: output only a JSON array whose elements are "
            '{"risk_index": 0, "risk_id": "...", "original_text": "...", "proposed_text": "...", '
            '"reason": "..."}; return [] if nothing needs changing. Output nothing else.'
        )
    kind = RequestKind.REDLINE_DRAFT
    return "\n\n".join([marker(kind, lang), task, anti_injection(lang, our_party), rules, output])


def build_redline_messages(
    *,
    language: str,
    our_party: str,
    clause_id: str,
    clause_text: str,
    risks: Sequence[Risk],
    redraft: Sequence[RedraftRequest] = (),
    validation_issues: Sequence[str] = (),
    clause_name: str = "",
    domain: str = "generic",
    review_id: str = "",
    contract_terms: Sequence[str] = (),
    standing: Sequence[Redline] = (),
) -> list[ChatMessage]:
    """``[system, user]`` asking for redlines for ``risks`` (kind ``redline_draft``).

    ``redraft`` carries rejected redlines with the reviewer's feedback (a
    redraft task); ``validation_issues`` the reasons the previous draft failed
    validation (a retry); ``contract_terms`` the contract's defined terms, the only
    ones a redline may use besides those it defines (the first :data:`MAX_TERMS`);
    ``standing`` the redlines other tasks already made for the clause: a draft changing
    their words is written on top of them (their span quoted, both changes made).
    """
    lang = normalise_language(language)
    metadata = {
        "review_id": review_id,
        "clause_id": clause_id,
        "clause_name": clause_name,
        "our_party": our_party,
        "domain": domain,
        "language": lang,
        "mode": "redraft" if redraft else "draft",
    }
    intro = (
        "请为以下条款的风险起草修改建议。"
        if is_zh(lang)
        else "Draft redlines for the risks in the following clause."
    )
    lines = [
        intro,
        metadata_line(metadata),
        clause_block(clause_text),
        RISKS_PREFIX + to_json_line(_risk_rows(risks)),
    ]
    if contract_terms:
        lines.append(TERMS_PREFIX + to_json_line(list(contract_terms)[:MAX_TERMS]))
    if redraft:
        lines.append(REDRAFT_PREFIX + to_json_line([r.model_dump(mode="json") for r in redraft]))
    if validation_issues:
        lines.append(ISSUES_PREFIX + to_json_line(list(validation_issues)))
    if standing:
        lines.append(STANDING_PREFIX + to_json_line(_standing_rows(standing)))
    return [
        {"role": "system", "content": _draft_system(lang, our_party, bool(redraft))},
        {"role": "user", "content": "\n".join(lines)},
    ]


def _standing_rows(standing: Sequence[Redline]) -> list[dict[str, str]]:
    """What a drafter needs of a standing redline: the words it changes and the text that stands."""
    return [
        {"risk_id": r.risk_id, "original_text": r.original_text, "proposed_text": r.proposed_text}
        for r in standing
    ]


def read_standing(text: str | None) -> list[dict[str, Any]]:
    """The ``Standing redlines: [...]`` of a drafting message (``[]`` when absent)."""
    value = read_prefixed_json(text, STANDING_PREFIX)
    return [r for r in value if isinstance(r, dict)] if isinstance(value, list) else []


def _int_or_none(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        return int(value.strip())
    return None


def parse_redlines(text: str | None) -> list[dict[str, Any]]:
    """The redlines of a drafting answer: dicts with risk_index (int or None), risk_id (str or None),
    original_text, proposed_text, reason (stripped strings). Items without a proposed text are dropped.

    Raises :class:`~clauseflow_contracts.llm_errors.LLMBadAnswer` when the answer holds no JSON array.
    """
    items = parse_json_answer(text, expect="list")
    redlines: list[dict[str, Any]] = []
    for item in items:
        if not isinstance(item, dict):
            continue
        proposed = item.get("proposed_text")
        if proposed is None:
            continue
        risk_id = item.get("risk_id")
        redlines.append(
            {
                "risk_index": _int_or_none(item.get("risk_index")),
                "risk_id": str(risk_id).strip() if risk_id not in (None, "") else None,
                "original_text": str(item.get("original_text") or "").strip(),
                "proposed_text": str(proposed).strip(),
                "reason": str(item.get("reason") or "").strip(),
            }
        )
    return redlines


def _validation_system(lang: str, our_party: str) -> str:
    if is_zh(lang):
        task = (
            "你是一位严谨的合同审校律师，负责校验修改建议（redline）的质量。\n"
            f"【你的任务】逐条检查 Redlines 中的修改建议（我方为 {our_party}）：\n"
            "1. original_text 是否逐字出现在条款原文中\n"
            "2. proposed_text 是否与 original_text 不同，且语句完整、可直接替换\n"
            "3. 每条修改是否对应 Risks 中的某个风险，并确实消除或降低该风险\n"
            "4. 修改是否对我方有利，是否引入新的风险或与条款其他部分矛盾"
        )
        output = (
            "【最终输出要求】只输出一个 JSON 对象："
            '{"passed": true|false, "issues": ["问题描述，注明第几条修改（redline_index）", ...]}；'
            "全部合格时 passed 为 true 且 issues 为 []。不要输出其他内容。"
        )
    else:
        task = (
            "You are a meticulous contract lawyer checking the quality of proposed redlines.\n"
            f"YOUR TASK: check each redline under Redlines (our party is {our_party}):\n"
            "1. does original_text occur verbatim in the clause?\n"
            "2. does proposed_text differ from original_text, and is it complete wording that can "
            "replace it?\n"
            "3. does each redline address one of the risks under Risks, and actually remove or reduce it?\n"
            "4. is the change in our party's favour, without creating new risks or contradicting the clause?"
        )
        output = (
            "FINAL ANSWER: output only a JSON object "
            '{"passed": true|false, "issues": ["what is wrong, naming the redline_index", ...]}; '
            "when everything is fine, passed is true and issues is []. Output nothing else."
        )
    kind = RequestKind.REDLINE_VALIDATE
    return "\n\n".join([marker(kind, lang), task, anti_injection(lang, our_party), output])


def build_validation_messages(
    *,
    language: str,
    our_party: str,
    clause_id: str,
    clause_text: str,
    risks: Sequence[Risk],
    redlines: Sequence[Redline | Mapping[str, Any]],
    review_id: str = "",
) -> list[ChatMessage]:
    """``[system, user]`` asking the model to validate ``redlines`` (kind ``redline_validate``).

    ``redlines`` may be :class:`Redline` values or the dicts :func:`parse_redlines` returns.
    """
    lang = normalise_language(language)
    metadata = {"review_id": review_id, "clause_id": clause_id, "our_party": our_party, "language": lang}
    rows = []
    for index, redline in enumerate(redlines):
        data = _as_dict(redline)
        rows.append(
            {
                "redline_index": index,
                "risk_index": data.get("risk_index"),
                "risk_id": data.get("risk_id"),
                "original_text": data.get("original_text", ""),
                "proposed_text": data.get("proposed_text", ""),
                "reason": data.get("reason", ""),
            }
        )
    intro = (
        "请校验以下条款的修改建议。"
        if is_zh(lang)
        else "Validate the redlines proposed for the following clause."
    )
    lines = [
        intro,
        metadata_line(metadata),
        clause_block(clause_text),
        RISKS_PREFIX + to_json_line(_risk_rows(risks)),
        REDLINES_PREFIX + to_json_line(rows),
    ]
    return [
        {"role": "system", "content": _validation_system(lang, our_party)},
        {"role": "user", "content": "\n".join(lines)},
    ]


def _issue_text(issue: object) -> str:
    if isinstance(issue, dict):
        message = issue.get("issue") or issue.get("problem") or issue.get("message") or issue.get("reason")
        index = issue.get("redline_index")
        body = str(message) if message else to_json_line(issue)
        return f"redline {index}: {body}" if index is not None else body
    return str(issue).strip()


def parse_validation(text: str | None) -> dict[str, Any]:
    """A validation answer as ``{"passed": bool, "issues": [str, ...]}``.

    ``passed`` may arrive as a bool or a word ("true", "通过"); when it is
    missing, the answer passes only if it lists no issues. Raises
    :class:`~clauseflow_contracts.llm_errors.LLMBadAnswer` when there is no JSON object.
    """
    data = parse_json_answer(text, expect="object")
    raw_issues = data.get("issues") or []
    if not isinstance(raw_issues, list):
        raw_issues = [raw_issues]
    issues = [t for t in (_issue_text(i) for i in raw_issues) if t]
    passed_raw = data.get("passed")
    if isinstance(passed_raw, bool):
        passed = passed_raw
    elif passed_raw is None:
        passed = not issues
    else:
        passed = str(passed_raw).strip().lower() in _TRUE
    return {"passed": passed, "issues": issues}


def read_risk_rows(text: str | None) -> list[dict[str, Any]]:
    """The ``Risks: [...]`` rows of a drafting or validation user message (``[]`` when absent)."""
    value = read_prefixed_json(text, RISKS_PREFIX)
    return [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []


def read_redline_rows(text: str | None) -> list[dict[str, Any]]:
    """The ``Redlines: [...]`` rows of a validation user message (``[]`` when absent)."""
    value = read_prefixed_json(text, REDLINES_PREFIX)
    return [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []


def read_redraft_requests(text: str | None) -> list[dict[str, Any]]:
    """The ``Redraft requests: [...]`` rows of a redraft user message (``[]`` when absent)."""
    value = read_prefixed_json(text, REDRAFT_PREFIX)
    return [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []


def read_contract_terms(text: str | None) -> list[str]:
    """The ``Contract terms: [...]`` of a drafting message (``[]`` when absent)."""
    value = read_prefixed_json(text, TERMS_PREFIX)
    return [str(v) for v in value] if isinstance(value, list) else []


def read_validation_issues(text: str | None) -> list[str]:
    """The ``Validation issues: [...]`` of a retry drafting message (``[]`` when absent)."""
    value = read_prefixed_json(text, ISSUES_PREFIX)
    return [str(v) for v in value] if isinstance(value, list) else []
