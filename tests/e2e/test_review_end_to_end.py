"""A contract reviewed end to end by the four services and the offline model as OS processes on Kafka."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from clauseflow_cli.client import GatewayClient
from e2e_support import settle

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

pytestmark = [pytest.mark.kafka, pytest.mark.e2e]


def _found(report: dict[str, Any]) -> set[tuple[str, str]]:
    return {(r["clause_id"], r["risk_type"]) for r in report["risks"]}


async def test_english_contract_with_approvals_and_a_rejection(
    gateway: GatewayClient, expected: dict[str, Any]
) -> None:
    spec = expected["services_agreement_en.txt"]
    review_id = await gateway.submit(
        EXAMPLES / "services_agreement_en.txt", our_party=spec["our_party"], language="en", domain="generic"
    )
    rejected_once: set[str] = set()
    reject_clause = "7.1"

    def choose(redline: dict[str, Any]) -> dict[str, Any]:
        # The liability redline is rejected once with feedback; its redraft is then approved.
        if redline["clause_id"] == reject_clause and not rejected_once:
            rejected_once.add(redline["id"])
            return {
                "redline_id": redline["id"],
                "action": "reject",
                "feedback": "Cap our liability at 100% of the annual Fees instead.",
            }
        return {"redline_id": redline["id"], "action": "approve"}

    decisions = await settle(gateway, review_id, choose)
    report = await gateway.report(review_id)

    assert report["status"] == "completed"
    must_find = {(cid, rtype) for cid, rtype in spec["must_find"].items()}
    assert must_find <= _found(report), f"missing {must_find - _found(report)}"
    flagged = {r["clause_id"] for r in report["risks"]}
    assert not flagged & set(spec["must_not_flag"])

    approved_ids = {d["redline_id"] for d in decisions if d["action"] == "approve"}
    by_status: dict[str, set[str]] = {}
    for redline in report["redlines"]:
        by_status.setdefault(redline["status"], set()).add(redline["id"])
    assert by_status.get("approved", set()) == approved_ids
    assert rejected_once and rejected_once.isdisjoint(by_status.get("approved", set()))
    redrafts = [
        r for r in report["redlines"] if r["clause_id"] == reject_clause and r["id"] not in rejected_once
    ]
    assert redrafts, "the rejected redline was not redrafted"
    assert report["summary"]


async def test_chinese_contract_reviewed_and_all_redlines_approved(
    gateway: GatewayClient, expected: dict[str, Any]
) -> None:
    spec = expected["equipment_purchase_zh.txt"]
    review_id = await gateway.submit(
        EXAMPLES / "equipment_purchase_zh.txt",
        our_party=spec["our_party"],
        language="zh-CN",
        domain="generic",
    )
    await settle(gateway, review_id, lambda r: {"redline_id": r["id"], "action": "approve"})
    report = await gateway.report(review_id)
    md = await gateway.report(review_id, "md")

    assert report["status"] == "completed" and report["language"] == "zh-CN"
    must_find = {(cid, rtype) for cid, rtype in spec["must_find"].items()}
    assert must_find <= _found(report), f"missing {must_find - _found(report)}"
    assert {r["status"] for r in report["redlines"]} <= {"approved"}
    assert any("\u4e00" <= ch <= "\u9fff" for r in report["risks"] for ch in r["description"])
    assert review_id in md
