"""Clause review: choose tools from the clause's content, read their results, answer with risks."""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

from clauseflow_contracts.prompts.clause_review import read_skill_results
from clauseflow_contracts.skills import SkillId
from clauseflow_legal.analysis import analyse_clause

from clauseflow_playbook_model.handlers.common import (
    Reading,
    find_text,
    other_parties,
    tool_results,
    tool_turns,
)
from clauseflow_playbook_model.wire import Answer, ChatRequest

MAX_TOOL_TURNS = 2
# Enough for the context, the figures, the references and two domain checks in one turn: when the
# cap bites, a tool further down the priority list is silently never called (a lost reference
# check loses the broken-reference finding and everything quoted with it).
MAX_CALLS_PER_TURN = 6

_AMOUNTS = re.compile(
    r"\d+(?:\.\d+)?\s*(?:%|per\s*cent)|(?:USD|EUR|GBP|RMB|CNY|HKD|US\$|\$|€|£|¥|人民币|美元)\s?\d|[\d一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾]+\s*(?:万)?元|"
    r"\(\d+\)\s*(?:days|months|years)|\d+\s*(?:日|天|个月|年)内?|百分之",
    re.I,
)
_REFERENCES = re.compile(
    r"(?:Sub-Clause|Clause|Section|Article|Schedule|Annex|Appendix|Exhibit|Paragraph)\s+[\dA-Z]+(?:\.\d+)*|第[一二三四五六七八九十百\d]+(?:\.\d+)*\s*(?:条|款|项)|附件[一二三四五六七八九十\d]+",
    re.I,
)
_NOTICE_PERIOD = re.compile(r"notice|claim|within|通知|索赔|内", re.I)


_PC_WORDS = re.compile(
    r"\bdelete\b|\bsubstitute\b|\badd\s+at\s+the\s+end\b|Particular\s+Conditions|专用条件", re.I
)
_PERIOD = re.compile(
    r"\(\d+\)\s*(?:days|weeks|months|years)|\b\d+\s*(?:days|weeks|months|years)\b|(?:\d+|[一二三四五六七八九十百]+)\s*[）)]?\s*(?:日|天|周|个月|年)",
    re.I,
)


def _may_be_out_of_step(clause: str) -> bool:
    """Whether a FIDIC clause could disagree with what the Particular Conditions changed elsewhere.

    Either it carries PC instructions itself, or it restates a period or figure of a mechanism set
    out in another sub-clause ("a Notice of Claim within 28 days in accordance with Sub-Clause
    20.1"): when the PC amend the referenced sub-clause, the restated value goes stale silently,
    and the merged text no longer shows that anything was amended.
    """
    if _PC_WORDS.search(clause):
        return True
    return bool(_REFERENCES.search(clause)) and bool(_PERIOD.search(clause) or _AMOUNTS.search(clause))


def _wanted_tools(reading: Reading, clause: str, offered: list[str]) -> list[str]:
    """Tools worth calling for this clause, in priority order, among those offered (uncapped)."""
    domain = str(reading.metadata.get("domain") or "generic")
    wanted: list[str] = [SkillId.GET_CLAUSE_CONTEXT]
    if _AMOUNTS.search(clause):
        wanted.append(SkillId.EXTRACT_FINANCIAL_TERMS)
    if (
        domain == "fidic"
        and _NOTICE_PERIOD.search(clause)
        and re.search(r"\d|[一二三四五六七八九十]", clause)
    ):
        wanted.append(SkillId.FIDIC_CALCULATE_TIME_BAR)
    if domain == "fidic" and _may_be_out_of_step(clause):
        wanted.append(SkillId.FIDIC_CHECK_PC_CONSISTENCY)
    if _REFERENCES.search(clause):
        wanted.append(SkillId.CROSS_REFERENCE_CHECK)
    if domain == "sha_spa":
        if re.search(r"liabilit|de\s+minimis|threshold|basket|cap|Claims?|赔偿|上限", clause, re.I):
            wanted.append(SkillId.SPA_INDEMNITY_ANALYSIS)
        if re.search(r"warrant|disclos|保证|披露", clause, re.I):
            wanted.append(SkillId.SPA_EXTRACT_REPS_WARRANTIES)
        if re.search(r"condition|long\s*stop|先决条件", clause, re.I):
            wanted.append(SkillId.SPA_EXTRACT_CONDITIONS)
        if re.search(r"board|quorum|reserved|drag|tag|veto|董事会|领售|随售", clause, re.I):
            wanted.append(SkillId.SHA_GOVERNANCE_CHECK)
    suggested = reading.metadata.get("suggested_tools")
    if isinstance(suggested, list):
        wanted += [str(s) for s in suggested]
    chosen: list[str] = []
    for name in wanted:
        if (
            name in offered
            and name not in chosen
            and not name.startswith((SkillId.DRAFT_REDLINE, SkillId.VALIDATE_REDLINE))
        ):
            chosen.append(name)
    return chosen


def _first_term(clause: str) -> str:
    m = re.search(r"\b(?:the\s+)?([A-Z][a-z]+(?:\s+[A-Z][a-z]+){1,3})\b", clause)
    return m.group(1) if m else ""


def _value_for(name: str, schema: dict[str, Any], reading: Reading, clause: str) -> Any:
    """A value for one argument from its name and schema (the tools' schemas are strict: all required)."""
    meta = reading.metadata
    types = schema.get("type")
    type_list = types if isinstance(types, list) else [types]
    lname = name.lower()
    if lname == "clause_id":
        return str(meta.get("clause_id") or "")
    if "enum" in schema and isinstance(schema["enum"], list) and schema["enum"]:
        for candidate in (meta.get(lname), meta.get("domain"), reading.language):
            if candidate in schema["enum"]:
                return candidate
        return schema["enum"][0]
    if lname in {"domain", "language", "our_party", "review_id", "clause_name"}:
        return str(meta.get(lname) or (reading.language if lname == "language" else ""))
    if "query" in lname or "keyword" in lname:
        return str(meta.get("clause_name") or clause[:80])
    if lname in {"term", "defined_term"}:
        return _first_term(clause)
    if "null" in type_list:
        return None
    if "string" in type_list:
        return ""
    if "integer" in type_list or "number" in type_list:
        return schema.get("default", 5 if "top" in lname or "limit" in lname else 0)
    if "boolean" in type_list:
        return bool(schema.get("default", False))
    if "array" in type_list:
        return []
    if "object" in type_list:
        return {}
    return None


def _arguments(request: ChatRequest, tool: str, reading: Reading, clause: str) -> dict[str, Any]:
    schema = request.tool_schema(tool)
    raw_props = schema.get("properties")
    props: dict[str, Any] = raw_props if isinstance(raw_props, dict) else {}
    raw_required = schema.get("required")
    required: list[str] = [str(r) for r in raw_required] if isinstance(raw_required, list) else list(props)
    args: dict[str, Any] = {"clause_id": str(reading.metadata.get("clause_id") or "")}
    for name in required:
        if name != "clause_id":
            sub = props.get(name)
            args[name] = _value_for(name, sub if isinstance(sub, dict) else {}, reading, clause)
    if props and "clause_id" not in props and "clause_id" not in required:
        args.pop("clause_id")  # a tool without a clause_id parameter (strict schemas forbid extras)
    return args


def _call_id(reading: Reading, tool: str, turn: int) -> str:
    digest = hashlib.sha256(f"{reading.metadata.get('clause_id')}|{tool}|{turn}".encode()).hexdigest()[:20]
    return f"call_{digest}"


def _risks_answer(reading: Reading, clause: str, results: dict[str, Any]) -> Answer:
    meta = reading.metadata
    risks = analyse_clause(
        clause,
        title=str(meta.get("clause_name") or ""),
        clause_id=str(meta.get("clause_id") or ""),
        our_party=str(meta.get("our_party") or ""),
        other_parties=other_parties(meta),
        domain=str(meta.get("domain") or "generic"),
        language=reading.language,
        tool_results=list(results.values()),
        metadata=meta,
    )
    return Answer(content=json.dumps(risks, ensure_ascii=False, indent=1))


def review_with_tools(request: ChatRequest, reading: Reading) -> Answer:
    """ReAct turn: call tools first (at most twice), then answer with the risks."""
    results = tool_results(request)
    context_text = (
        find_text(results.get(SkillId.GET_CLAUSE_CONTEXT))
        if results.get(SkillId.GET_CLAUSE_CONTEXT)
        else None
    )
    # The clause block is exactly the text the worker validates quotes against, so it wins;
    # the context's text is used when the block is missing.
    clause = reading.clause_text or context_text or ""
    turns = tool_turns(request)
    offered = request.tool_names
    if turns < MAX_TOOL_TURNS and offered:
        already = set(results)
        for m in request.messages:
            for call in m.tool_calls:
                already.add(str((call.get("function") or {}).get("name") or ""))
        wanted = [t for t in _wanted_tools(reading, clause, offered) if t not in already]
        # A second turn only for tools the first turn's results made relevant.
        if turns == 1:
            context_refs = json.dumps(results.get(SkillId.GET_CLAUSE_CONTEXT) or {}, ensure_ascii=False)
            wanted = [
                t for t in wanted if t == SkillId.CROSS_REFERENCE_CHECK and _REFERENCES.search(context_refs)
            ]
        # Capped only now: capping before dropping the tools already called would cut the same
        # low-priority tool from every turn.
        wanted = wanted[:MAX_CALLS_PER_TURN]
        child_calls = _child_reference_calls(request, reading, clause, results, turns) if turns == 1 else ()
        if wanted or child_calls:
            calls = child_calls + tuple(
                {
                    "id": _call_id(reading, tool, turns),
                    "type": "function",
                    "function": {
                        "name": tool,
                        "arguments": json.dumps(
                            _arguments(request, tool, reading, clause), ensure_ascii=False
                        ),
                    },
                }
                for tool in wanted
            )
            return Answer(content=None, tool_calls=calls)
    return _risks_answer(reading, clause, results)


def _child_reference_calls(
    request: ChatRequest, reading: Reading, clause: str, results: dict[str, Any], turn: int
) -> tuple[dict[str, Any], ...]:
    """cross_reference_check for the sub-clauses that hold the clause's references.

    A top-level clause reviewed as one unit ("12" with 12.1, 12.2) carries its sub-clauses'
    text, but a reference check of "12" only reports references made by "12" itself; the
    sub-clause that says "subject to Clause 19.4" must be checked by its own id.
    """
    if SkillId.CROSS_REFERENCE_CHECK not in request.tool_names or not _REFERENCES.search(clause):
        return ()
    context = results.get(SkillId.GET_CLAUSE_CONTEXT)
    children = context.get("children") if isinstance(context, dict) else None
    if not isinstance(children, list):
        return ()
    ids = [str(c.get("clause_id")) for c in children if isinstance(c, dict) and c.get("clause_id")]
    checked = {
        str(
            (json.loads(str((call.get("function") or {}).get("arguments") or "{}")) or {}).get("clause_id")
            or ""
        )
        for m in request.messages
        for call in m.tool_calls
        if str((call.get("function") or {}).get("name") or "") == SkillId.CROSS_REFERENCE_CHECK
    }
    starts = []
    for cid in ids:
        found = re.search(rf"(?m)^\s*{re.escape(cid)}(?![\d.])", clause)
        if found:
            starts.append((found.start(), cid))
    starts.sort()
    wanted: list[str] = []
    for i, (pos, cid) in enumerate(starts):
        end = starts[i + 1][0] if i + 1 < len(starts) else len(clause)
        if cid not in checked and _REFERENCES.search(clause[pos:end]):
            wanted.append(cid)
    return tuple(
        {
            "id": _call_id(reading, f"cross_reference_check:{cid}", turn),
            "type": "function",
            "function": {
                "name": SkillId.CROSS_REFERENCE_CHECK,
                "arguments": json.dumps({"clause_id": cid}, ensure_ascii=False),
            },
        }
        for cid in wanted[:MAX_CALLS_PER_TURN]
    )


def review_fixed(request: ChatRequest, reading: Reading) -> Answer:
    """Fixed-skill path: the skill results are already in the user message."""
    skills = read_skill_results(reading.user_text)
    clause = reading.clause_text or find_text(skills.get(SkillId.GET_CLAUSE_CONTEXT)) or ""
    return _risks_answer(reading, clause, skills)
