"""A contract reviewed end to end by the four services and the offline model as OS processes on Kafka."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from clauseflow_cli.client import GatewayClient
from e2e_support import settle
from report_schema_check import assert_valid_report

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

pytestmark = [pytest.mark.kafka, pytest.mark.e2e]


def _found(report: dict[str, Any]) -> set[tuple[str, str]]:
    return {(r["clause_id"], r["risk_type"]) for r in report["risks"]}


async def _reviewed_with_all_redlines_approved(
    gateway: GatewayClient, example: str, spec: dict[str, Any], *, domain: str
) -> tuple[str, dict[str, Any]]:
    """Submit a bundled Chinese example as its spec's party, approve every redline; (id, report)."""
    review_id = await gateway.submit(
        EXAMPLES / example, our_party=spec["our_party"], language="zh-CN", domain=domain
    )
    await settle(gateway, review_id, lambda r: {"redline_id": r["id"], "action": "approve"})
    report = await gateway.report(review_id)
    assert_valid_report(report)
    return review_id, report


async def test_english_contract_with_approvals_and_a_rejection(
    gateway: GatewayClient, expected: dict[str, Any]
) -> None:
    spec = expected["services_agreement_en.txt"]
    review_id = await gateway.submit(
        EXAMPLES / "services_agreement_en.txt", our_party=spec["our_party"], language="en", domain="generic"
    )
    redrafted, refused = "3.2", "5.1"
    rejected: dict[str, str] = {}
    refused_risk: list[str] = []

    def choose(redline: dict[str, Any]) -> dict[str, Any]:
        # The payment-term redline is rejected once with feedback (a redraft follows and is approved);
        # the IP redline is rejected outright; everything else is approved.
        clause = redline["clause_id"]
        if clause in (redrafted, refused) and clause not in rejected:
            rejected[clause] = redline["id"]
            if clause == refused:
                refused_risk.append(redline["risk_id"])
            feedback = "Ask for payment within 45 days instead." if clause == redrafted else ""
            return {"redline_id": redline["id"], "action": "reject", "feedback": feedback}
        return {"redline_id": redline["id"], "action": "approve"}

    decisions = await settle(gateway, review_id, choose)
    report = await gateway.report(review_id)

    assert report["status"] == "completed"
    must_find = {(cid, rtype) for cid, rtype in spec["must_find"].items()}
    assert must_find <= _found(report), f"missing {must_find - _found(report)}"
    flagged = {r["clause_id"] for r in report["risks"]}
    assert not flagged & set(spec["must_not_flag"])

    approved_ids = {d["redline_id"] for d in decisions if d["action"] == "approve"}
    listed = {r["id"]: r for r in report["redlines"]}
    redlined = {r["clause_id"] for r in listed.values()}
    assert set(spec["must_redline"]) <= redlined, "a high risk in a quick clause was left without a redline"
    assert {i for i, r in listed.items() if r["status"] == "approved"} == approved_ids
    assert set(rejected) == {redrafted, refused}
    assert not set(rejected.values()) & set(listed), "rejected redlines are not among the report's changes"
    redrafts = [r for r in listed.values() if r["clause_id"] == redrafted]
    assert redrafts and all(r["status"] == "approved" for r in redrafts), "the rejection was not redrafted"
    assert "45" in redrafts[0]["proposed_text"]
    assert not [r for r in listed.values() if r["risk_id"] in refused_risk], "an outright rejection is final"
    assert report["summary"]


async def test_chinese_contract_reviewed_and_all_redlines_approved(
    gateway: GatewayClient, expected: dict[str, Any]
) -> None:
    spec = expected["equipment_purchase_zh.txt"]
    review_id, report = await _reviewed_with_all_redlines_approved(
        gateway, "equipment_purchase_zh.txt", spec, domain="generic"
    )
    md = await gateway.report(review_id, "md")

    assert report["status"] == "completed" and report["language"] == "zh-CN"
    must_find = {(cid, rtype) for cid, rtype in spec["must_find"].items()}
    assert must_find <= _found(report), f"missing {must_find - _found(report)}"
    assert {r["status"] for r in report["redlines"]} <= {"approved"}
    assert any("\u4e00" <= ch <= "\u9fff" for r in report["risks"] for ch in r["description"])
    assert review_id in md


async def test_chinese_share_transfer_reviewed_for_the_party_the_parties_block_makes_the_buyer(
    gateway: GatewayClient, expected: dict[str, Any]
) -> None:
    # The client says only "乙方"; by convention 乙方 supplies, but here the parties block makes
    # 乙方 the transferee, so the review must take the buyer's side of every M&A position.
    spec = expected["share_transfer_zh.txt"]
    _, report = await _reviewed_with_all_redlines_approved(
        gateway, "share_transfer_zh.txt", spec, domain="auto"
    )

    assert report["status"] == "completed" and report["domain"] == "sha_spa"
    found = _found(report)
    must_find = {(cid, rtype) for cid, rtype in spec["must_find"].items()}
    assert must_find <= found, f"missing {must_find - found}"
    flagged = {cid for cid, _ in found}
    assert not flagged & set(spec["must_not_flag"]), flagged & set(spec["must_not_flag"])
