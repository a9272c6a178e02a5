"""Decisions are validated before anything is recorded: each action needs its own field."""

from __future__ import annotations

import pytest
from clauseflow_gateway.db.tables import RedlineRow
from clauseflow_gateway.decisions import fingerprint, resolve_idempotency_key, undecidable
from clauseflow_gateway.errors import ApiError
from clauseflow_gateway.schemas import DecisionCreate, DecisionsCreate
from pydantic import ValidationError


def test_reject_without_feedback_is_a_final_rejection_and_with_feedback_asks_for_a_redraft() -> None:
    assert DecisionCreate(redline_id="rl_1", action="reject").feedback == ""
    redraft = DecisionCreate(redline_id="rl_1", action="reject", feedback="cap at 100%")
    assert redraft.feedback == "cap at 100%"


def test_edit_without_text_is_refused_with_a_reason() -> None:
    with pytest.raises(ValidationError, match="editing redline rl_1 needs the text"):
        DecisionCreate(redline_id="rl_1", action="edit", text="   ")


def test_approve_needs_nothing_else() -> None:
    assert DecisionCreate(redline_id="rl_1", action="approve").feedback == ""


def test_unknown_action_and_unknown_fields_are_refused() -> None:
    with pytest.raises(ValidationError):
        DecisionCreate(redline_id="rl_1", action="maybe")
    with pytest.raises(ValidationError):
        DecisionCreate.model_validate({"redline_id": "rl_1", "action": "approve", "comment": "typo'd field"})


def test_a_redline_may_be_decided_once_per_request() -> None:
    with pytest.raises(ValidationError, match="repeated: rl_1"):
        DecisionsCreate(
            decisions=[
                DecisionCreate(redline_id="rl_1", action="approve"),
                DecisionCreate(redline_id="rl_1", action="reject", feedback="no"),
            ]
        )


def test_an_empty_decision_list_is_refused() -> None:
    with pytest.raises(ValidationError):
        DecisionsCreate(decisions=[])


def test_header_and_body_keys_must_agree() -> None:
    assert resolve_idempotency_key("k1", None) == "k1"
    assert resolve_idempotency_key(None, "k2") == "k2"
    assert resolve_idempotency_key("k3", "k3") == "k3"
    assert resolve_idempotency_key("  ", None) is None
    with pytest.raises(ApiError) as err:
        resolve_idempotency_key("k1", "k2")
    assert err.value.status == 422


def test_fingerprint_ignores_the_key_but_not_the_decisions() -> None:
    one = DecisionsCreate(
        decisions=[DecisionCreate(redline_id="rl_1", action="approve")], idempotency_key="a"
    )
    same = DecisionsCreate(
        decisions=[DecisionCreate(redline_id="rl_1", action="approve")], idempotency_key="b"
    )
    other = DecisionsCreate(
        decisions=[DecisionCreate(redline_id="rl_2", action="approve")], idempotency_key="a"
    )
    assert fingerprint(one) == fingerprint(same)
    assert fingerprint(one) != fingerprint(other)


def _row(rid: str, status: str, decided: str | None = None) -> RedlineRow:
    return RedlineRow(
        id=rid, review_id="rev", clause_id="1", status=status, decision_request_id=decided, drafted=True
    )


def test_undecidable_names_unknown_and_no_longer_pending_redlines() -> None:
    rows = {
        "rl_ok": _row("rl_ok", "pending"),
        "rl_done": _row("rl_done", "approved"),
        "rl_taken": _row("rl_taken", "pending", decided="req_1"),
    }
    problems = undecidable(["rl_ok", "rl_done", "rl_taken", "rl_ghost"], rows)
    assert problems["unknown"] == ["rl_ghost"]
    assert problems["not_pending"] == [
        {"redline_id": "rl_done", "status": "approved"},
        {"redline_id": "rl_taken", "status": "pending"},
    ]
    assert undecidable(["rl_ok"], rows) == {}
