"""The review summary: counts, the risks that matter most, redline status, a recommendation."""

# ruff: noqa: E501  -- legal regexes, bilingual findings and clause fixtures read better unbroken

from __future__ import annotations

from collections import Counter

from clauseflow_contracts.prompts.summary import read_summary_inputs
from clauseflow_contracts.risk_types import risk_name

from clauseflow_playbook_model.handlers.common import Reading
from clauseflow_playbook_model.wire import Answer

_ORDER = {"high": 0, "medium": 1, "low": 2}


def summarise(reading: Reading) -> Answer:
    """A concise markdown summary in the review language."""
    risks, redlines = read_summary_inputs(reading.user_text)
    meta = reading.metadata
    zh = reading.language.startswith("zh")
    levels = Counter(str(r.get("risk_level") or "medium") for r in risks)
    statuses = Counter(str(d.get("status") or "pending") for d in redlines)
    clause_count = meta.get("clause_count", "?")
    party = str(meta.get("our_party") or ("我方" if zh else "our party"))
    top = sorted(risks, key=lambda r: (_ORDER.get(str(r.get("risk_level")), 1), str(r.get("clause_id"))))[:5]
    lines: list[str] = []
    if zh:
        lines.append(f"## 审查总结（{party}）")
        lines.append(
            f"共审查 {clause_count} 个条款，发现风险 {len(risks)} 项：高 {levels['high']} 项、中 {levels['medium']} 项、低 {levels['low']} 项。"
        )
        if top:
            lines.append("### 主要风险")
            for r in top:
                lines.append(
                    f"- 第{r.get('clause_id')}条【{risk_name(str(r.get('risk_type')), 'zh-CN')}，{r.get('risk_level')}】{r.get('description')}"
                )
        if redlines:
            lines.append(
                f"### 修改建议\n共 {len(redlines)} 条：已接受 {statuses['approved'] + statuses['edited']} 条，"
                f"已拒绝 {statuses['rejected']} 条，待处理 {statuses['pending']} 条。"
            )
        if levels["high"]:
            lines.append("### 建议\n签署前应就上述高风险条款与对方谈判并落实修改；未解决前不建议签署。")
        elif risks:
            lines.append("### 建议\n整体风险可控，建议就中低风险事项争取修改或在签署前予以确认。")
        else:
            lines.append("### 建议\n未发现对我方不利的重大风险，可按正常流程推进签署。")
    else:
        lines.append(f"## Review summary ({party})")
        lines.append(
            f"{clause_count} clauses reviewed; {len(risks)} risks found: {levels['high']} high, "
            f"{levels['medium']} medium, {levels['low']} low."
        )
        if top:
            lines.append("### Key risks")
            for r in top:
                lines.append(
                    f"- Clause {r.get('clause_id')} [{risk_name(str(r.get('risk_type')), 'en')}, {r.get('risk_level')}]: {r.get('description')}"
                )
        if redlines:
            lines.append(
                f"### Redlines\n{len(redlines)} proposed: {statuses['approved'] + statuses['edited']} accepted, "
                f"{statuses['rejected']} rejected, {statuses['pending']} pending."
            )
        if levels["high"]:
            lines.append(
                "### Recommendation\nNegotiate the high risks above before signature; do not sign until they are resolved."
            )
        elif risks:
            lines.append(
                "### Recommendation\nOverall exposure is manageable; seek the proposed changes on the medium and low points before signing."
            )
        else:
            lines.append(
                "### Recommendation\nNo material risk for our party was found; proceed to signature in the normal way."
            )
    return Answer(content="\n".join(lines))
