"""A report reads like the contract (document order), says where it comes from, and meets its schema."""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import pytest
from clauseflow_gateway import report_model
from clauseflow_gateway.report import build_report, render_markdown
from clauseflow_gateway.report_order import document_order_key
from report_schema_check import assert_valid_report, report_errors

SHA = "ab" * 32


POSITION = "Playbook: payment within 30 days of a valid invoice. Fallback: 45 days."


def _risk(
    rid: str,
    clause_id: str,
    risk_type: str,
    level: str = "medium",
    text: str = "",
    why: str = "why it matters",
    analysis: str = POSITION,
) -> dict[str, Any]:
    return {
        "id": rid,
        "clause_id": clause_id,
        "risk_type": risk_type,
        "risk_level": level,
        "description": text or f"finding in {clause_id}",
        "reason": why,
        "original_text": "quoted words",
        "analysis": analysis,
    }


def _redline(
    rid: str, clause_id: str, risk_id: str, status: str = "pending", why: str = "shorter payment term"
) -> dict[str, Any]:
    return {
        "id": rid,
        "clause_id": clause_id,
        "risk_id": risk_id,
        "original_text": "ninety (90) days",
        "proposed_text": "thirty (30) days",
        "reason": why,
        "status": status,
    }


@pytest.fixture
def snapshot() -> dict[str, Any]:
    # clauses, risks and redlines arrive in plan order (deep clauses first), not in document order
    plan_order = ["11.1", "ER 3.2", "2.2", "Schedule 1", "10", "2.10", "Preamble", "ER 1"]
    return {
        "review_id": "rev_order",
        "status": "completed",
        "title": "Distribution Agreement",
        "our_party": "Distributor",
        "language": "en",
        "domain": "generic",
        "clauses": [
            {"clause_id": c, "title": "", "depth": "standard", "state": "settled"} for c in plan_order
        ],
        "risks": [
            _risk("r_11", "11.1", "uncapped_liability", "high"),
            _risk("r_er", "ER 3.2", "warranty_excessive"),
            _risk("r_2", "2.2", "payment_terms_unfavourable"),
            _risk("r_210", "2.10", "auto_renewal_lock_in", "low"),
        ],
        "redlines": [
            _redline("rl_11", "11.1", "r_11", "approved"),
            _redline("rl_er", "ER 3.2", "r_er"),
            _redline("rl_2", "2.2", "r_2", "edited"),
        ],
        "generated_at": "2026-11-26T11:00:00+00:00",
        "sources": [
            {"role": "contract", "filename": "distribution.docx", "sha256": SHA},
            {"role": "reference", "filename": "requirements.pdf", "sha256": "cd" * 32},
        ],
        "model": "clauseflow-playbook",
        "playbook_version": "generic v1 (sha256 0123456789ab)",
    }


def test_clauses_risks_and_redlines_are_listed_in_document_order(snapshot: dict[str, Any]) -> None:
    report = build_report(snapshot)
    assert [c["clause_id"] for c in report["clauses"]] == [
        "Preamble", "2.2", "2.10", "10", "11.1", "Schedule 1", "ER 1", "ER 3.2"
    ]  # fmt: skip
    assert [r["clause_id"] for r in report["risks"]] == ["2.2", "2.10", "11.1", "ER 3.2"]
    assert [r["clause_id"] for r in report["redlines"]] == ["2.2", "11.1", "ER 3.2"]


@pytest.mark.parametrize(
    ("earlier", "later"),
    [
        ("2.2", "11.1"),
        ("9", "10"),
        ("12.2", "12.2(a)"),
        ("12.2(a)", "12.2(b)"),
        ("第三条", "第十二条"),
        ("Preamble", "1"),
        ("20.1", "Schedule 2, paragraph 3"),
        ("Schedule 3", "ER 1.1"),
        ("ER 2", "ER 10"),
    ],
)
def test_document_order_is_the_natural_order_of_clause_numbers(earlier: str, later: str) -> None:
    assert document_order_key(earlier) < document_order_key(later)


def test_the_report_says_where_it_came_from(snapshot: dict[str, Any]) -> None:
    report = build_report(snapshot)
    assert report["schema_version"] == report_model.SCHEMA_VERSION
    assert report["generated_at"] == "2026-11-26T11:00:00+00:00"
    assert report["source"][0] == {"role": "contract", "filename": "distribution.docx", "sha256": SHA}
    assert report["model"] == "clauseflow-playbook"
    assert report["playbook_version"].startswith("generic v1")
    md = render_markdown(report)
    assert "distribution.docx" in md and "clauseflow-playbook" in md and "generic v1" in md


def test_every_redline_carries_the_playbook_position_it_drafts_towards(snapshot: dict[str, Any]) -> None:
    report = build_report(snapshot)
    by_id = {r["id"]: r for r in report["redlines"]}
    payment = by_id["rl_2"]
    assert payment["risk_type"] == "payment_terms_unfavourable"
    assert payment["playbook_position"] == {
        "standard": "Playbook: payment within 30 days of a valid invoice.",
        "fallback": "45 days.",
    }
    md = render_markdown(report)
    section = md.split("### Clause 2.2")[1].split("###")[0]
    assert "**Playbook position**" in section and payment["playbook_position"]["standard"] in section


def test_the_published_schema_is_the_one_the_models_generate() -> None:
    committed = Path(report_model.__file__).with_name(report_model.SCHEMA_FILE).read_text(encoding="utf-8")
    assert committed == report_model.schema_text(), (
        "report.schema.json is stale: regenerate it from clauseflow_gateway.report_model.schema_text()"
    )


def test_a_report_meets_the_schema_and_a_broken_one_does_not(snapshot: dict[str, Any]) -> None:
    report = build_report(snapshot)
    assert_valid_report(report)
    broken = copy.deepcopy(report)
    broken["risks"][0]["risk_level"] = "catastrophic"
    del broken["source"][0]["sha256"]
    errors = report_errors(broken)
    assert any("risks/0/risk_level" in e for e in errors)
    assert any("source/0" in e and "sha256" in e for e in errors)


def test_an_older_report_without_provenance_still_builds(snapshot: dict[str, Any]) -> None:
    old = {
        k: v for k, v in snapshot.items() if k not in {"generated_at", "sources", "model", "playbook_version"}
    }
    report = build_report(old)
    assert report["generated_at"] is None and report["source"] == []


# -- a Chinese review reads in Chinese --------------------------------------------------------------


ZH_POSITION = "行业立场：责任以合同价款为上限。 备选立场：以十二个月费用为上限。"


@pytest.fixture
def chinese(snapshot: dict[str, Any]) -> dict[str, Any]:
    return {
        **snapshot,
        "language": "zh-CN",
        "title": "经销协议",
        "our_party": "经销商",
        "risks": [
            _risk(
                "r_11",
                "11.1",
                "uncapped_liability",
                "high",
                "经销商的责任不设上限。",
                "风险敞口无边界。",
                ZH_POSITION,
            ),
            _risk(
                "r_2",
                "2.2",
                "payment_terms_unfavourable",
                "medium",
                "付款期限过长。",
                "占用资金。",
                ZH_POSITION,
            ),
        ],
        "redlines": [
            _redline("rl_11", "11.1", "r_11", "approved", "设定责任上限。"),
            _redline("rl_2", "2.2", "r_2", why="缩短付款期限。"),
        ],
        "summary": "",
    }


def test_a_chinese_review_shows_chinese_levels_types_and_statuses(chinese: dict[str, Any]) -> None:
    md = render_markdown(build_report(chinese))
    assert "| 11.1 | 高 | 责任无上限 |" in md
    assert "| 2.2 | 中 | 付款条件不利 |" in md
    assert "### 条款 11.1 · 责任无上限 — 已采纳" in md
    assert "### 条款 2.2 · 付款条件不利 — 待定" in md
    assert "- 状态：已完成" in md
    assert "**审查手册立场**：" in md


def test_a_chinese_review_splices_no_english_into_its_sentences(chinese: dict[str, Any]) -> None:
    md = render_markdown(build_report(chinese))
    for line in md.splitlines():
        if line.startswith(">") or not re.search(r"[\u4e00-\u9fff]", line):
            continue  # quoted contract text keeps its own language
        prose = re.sub(r"`[^`]*`", "", line)  # identifiers: review id, model name, file hashes
        prose = re.sub(r"\S+\.(?:docx|pdf|txt|md)\b", "", prose)  # file names
        assert not re.search(r"[A-Za-z]{3,}", prose), line
