"""The clause worker against its event contract: a ClauseTask in, exactly one ClauseResult out.

Real parts only: the in-memory bus (same semantics as Kafka), a real skills gRPC server on a
loopback port reading the same document store, and a model over HTTP through the real
``openai`` SDK (the scripted model here, playing a ReAct conversation with a tool call).
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from clauseflow_clause_worker.embedded import start_worker
from clauseflow_clause_worker.service import result_event_id
from clauseflow_shared import ids
from clauseflow_shared.bus.memory import InMemoryBus
from clauseflow_shared.documents.parser import parse_document
from clauseflow_shared.documents.store import DocumentStore
from clauseflow_shared.events import ClauseResult, ClauseTask, DocumentRefs, Envelope, Topic
from clauseflow_shared.testing.scripted_model import ScriptedModel
from clauseflow_shared.testing.scripted_turns import Turn, call
from clauseflow_skills.server import create_server
from clauseflow_skills.settings import SkillsServerSettings

CONTRACT = """SERVICES AGREEMENT

1. Liability
The Supplier's liability for any loss arising under this Agreement shall be unlimited.

2. Termination
The Customer may terminate this Agreement at any time for convenience by giving seven (7) days'
written notice, without compensation to the Supplier.
"""
REVIEW = "rev_worker_contract"


@pytest.fixture
async def stack(tmp_path: Path) -> AsyncIterator[tuple[InMemoryBus, str, Path, str]]:
    """The bus, the skills target, the store directory and the stored contract's id."""
    store = DocumentStore(tmp_path)
    structure = parse_document(CONTRACT.encode(), "agreement.txt")
    doc_id = store.put_original(CONTRACT.encode(), "agreement.txt")
    store.put_structure(structure.model_copy(update={"document_id": doc_id}))
    server, port = await create_server(
        SkillsServerSettings(document_store_dir=tmp_path, skills_host="127.0.0.1"), port=0
    )
    bus = InMemoryBus()
    await bus.start()
    yield bus, f"127.0.0.1:{port}", tmp_path, doc_id
    await bus.stop()
    await server.stop(grace=1)


def _answer(value: object) -> Turn:
    return Turn.text(json.dumps(value))


SCRIPT = {
    "clause_review": [
        Turn.tool_calls(call("get_clause_context", {"clause_id": "{clause_id}"})),
        _answer(
            [
                {
                    "risk_type": "uncapped_liability",
                    "risk_level": "high",
                    "description": "The Supplier's liability is unlimited.",
                    "reason": "No cap on our liability.",
                    "analysis": "Any loss, however large, falls on the Supplier.",
                    "original_text": "shall be unlimited",
                }
            ]
        ),
    ],
    "redline_draft": [
        _answer(
            [
                {
                    "risk_index": 0,
                    "original_text": "shall be unlimited",
                    "proposed_text": "shall not exceed the fees paid in the twelve months before the claim",
                    "reason": "Caps the Supplier's liability at a market-standard level.",
                }
            ]
        )
    ],
}


async def test_a_clause_task_yields_exactly_one_result_with_risks_and_validated_redlines(
    stack: tuple[InMemoryBus, str, Path, str],
) -> None:
    bus, skills_target, store_dir, doc_id = stack
    task = ClauseTask(
        task_id=ids.task_id(REVIEW, "1", "analyze", 0),
        clause_id="1",
        clause_name="Liability",
        documents=DocumentRefs(primary=doc_id),
        our_party="Supplier",
        language="en",
        suggested_tools=("get_clause_context",),
    )
    async with ScriptedModel(per_conversation=SCRIPT) as model:
        async with start_worker(
            bus=bus, llm=model.settings(), skills_targets=[skills_target], store_dir=store_dir, concurrency=2
        ):
            await bus.publish(
                Topic.CLAUSE_TASKS, f"{REVIEW}:1", Envelope.wrap(REVIEW, task, event_id="evt_t1")
            )
            await bus.read_topic(Topic.CLAUSE_RESULTS, min_records=1, timeout_s=15)
        records = await bus.read_topic(Topic.CLAUSE_RESULTS, timeout_s=0.5)

    assert len(records) == 1
    assert records[0].key == REVIEW
    event = Envelope.from_bytes(records[0].value)
    assert event.event_id == result_event_id(task.task_id)
    result = event.open(ClauseResult)
    assert result.task_id == task.task_id and result.error == "" and not result.fallback_used
    [risk] = result.risks
    assert (risk.id, risk.risk_type, risk.risk_level.value) == (
        ids.risk_id(REVIEW, "1", 0, 0),
        "uncapped_liability",
        "high",
    )
    [redline] = result.redlines
    assert redline.id == ids.redline_id(REVIEW, "1", risk.id, 0)
    assert redline.original_text in parse_document(CONTRACT.encode(), "a.txt").get("1").text
    assert result.validation_passed and result.validation_rounds == 1
    assert [(c.skill_id, c.ok) for c in result.skill_calls] == [("get_clause_context", True)]
    assert result.usage.calls == 3  # two ReAct turns and one drafting call
    transcript = DocumentStore(store_dir).get_blob(result.transcript_ref or "")
    assert isinstance(transcript, dict) and transcript["task_id"] == task.task_id
