"""A redline checked: verbatim original, a real change, and the risk gone from the rewritten clause."""

from __future__ import annotations

from typing import Any

from clauseflow_legal.analysis import reported_quote


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
