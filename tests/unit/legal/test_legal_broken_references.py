"""A broken reference is reported where it stands (also in a list), and only when it goes nowhere."""

from __future__ import annotations

from clauseflow_legal.analysis import analyse_clause


def _broken(text: str, references: list[dict[str, object]]) -> list[dict[str, str]]:
    risks = analyse_clause(
        text, clause_id="6.3", our_party="the Customer", language="en",
        tool_results=[{"references_out": references}],
    )  # fmt: skip
    return [r for r in risks if r["risk_type"] == "broken_cross_reference"]


def test_a_missing_number_in_a_list_of_sections_is_reported_at_the_list() -> None:
    text = "6.3 Sections 1, 4, 6.6 and 9 survive termination or expiry of this Agreement."
    found = _broken(text, [{"raw": "Section 6.6", "target": "6.6", "resolved": False}])
    assert len(found) == 1
    assert "6.6" in found[0]["original_text"] and found[0]["original_text"] in text


def test_a_missing_schedule_is_reported_when_the_contract_reproduces_its_schedules() -> None:
    text = "7.1 The Seller shall deliver the documents listed in Schedule 3."
    ref = {"raw": "Schedule 3", "target": "Schedule 3", "resolved": False, "kind_reproduced": True}
    assert len(_broken(text, [ref])) == 1


def test_an_attachment_the_contract_never_reproduces_is_not_a_broken_reference() -> None:
    text = "7.1 The Services are described in Exhibit A."
    ref = {"raw": "Exhibit A", "target": "Exhibit A", "resolved": False, "kind_reproduced": False}
    assert _broken(text, [ref]) == []


def test_a_resolved_reference_is_not_reported() -> None:
    text = "6.3 Sections 1 and 4 survive termination."
    assert _broken(text, [{"raw": "Sections 1", "target": "1", "resolved": True}]) == []
