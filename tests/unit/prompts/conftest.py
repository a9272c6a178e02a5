"""Small domain fixtures for the prompt-builder tests."""

from __future__ import annotations

import pytest
from clauseflow_contracts.events import RedraftRequest
from clauseflow_contracts.review import ChecklistItem, ClausePlan, Depth, Redline, Risk

CLAUSE_TEXT = (
    "20.1 If the Contractor considers himself entitled to any extension of the Time for Completion, "
    "the Contractor shall give notice to the Engineer not later than 14 days after he became aware "
    "of the event, failing which the Contractor shall not be entitled to any extension."
)


@pytest.fixture
def clause_text() -> str:
    return CLAUSE_TEXT


@pytest.fixture
def risks() -> list[Risk]:
    return [
        Risk(
            id="r-1",
            clause_id="20.1",
            risk_type="claim_time_bar",
            risk_level="high",
            description="14-day notice bar",
            reason="shorter than the 28 days of the standard form",
            original_text="not later than 14 days",
        ),
        Risk(
            id="r-2",
            clause_id="20.1",
            risk_type="extension_of_time_restricted",
            risk_level="medium",
            description="entitlement lost entirely",
        ),
    ]


@pytest.fixture
def redlines() -> list[Redline]:
    return [
        Redline(
            id="d-1",
            clause_id="20.1",
            risk_id="r-1",
            original_text="not later than 14 days",
            proposed_text="not later than 28 days",
            reason="market standard",
        )
    ]


@pytest.fixture
def redraft_requests() -> list[RedraftRequest]:
    return [
        RedraftRequest(
            redline_id="d-1",
            risk_id="r-1",
            original_text="not later than 14 days",
            rejected_text="not later than 56 days",
            feedback="56 days will never be accepted; ask for 28",
        )
    ]


@pytest.fixture
def checklist() -> list[ChecklistItem]:
    return [
        ChecklistItem(clause_id="1.1", clause_name="Definitions", priority="low"),
        ChecklistItem(
            clause_id="20.1",
            clause_name="Contractor's Claims",
            priority="critical",
            required_skills=("get_clause_context", "fidic_calculate_time_bar"),
            description="time bars",
        ),
    ]


@pytest.fixture
def remaining_plan() -> list[ClausePlan]:
    return [
        ClausePlan(
            clause_id=f"{i}.1", clause_name=f"Clause {i}", analysis_depth=Depth.QUICK, max_iterations=1
        )
        for i in range(30)
    ]
