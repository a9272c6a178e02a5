"""The worker argues for our party in the role the contract gives it, not the label the client used."""

from __future__ import annotations

from pathlib import Path

from clauseflow_clause_worker.pipeline import as_the_contract_names_us
from clauseflow_contracts.events import ClauseTask, DocumentRefs
from clauseflow_documents.parser import parse_document

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "share_transfer_zh.txt"


def _task(our_party: str) -> ClauseTask:
    return ClauseTask(
        task_id="task_1",
        clause_id="5.2",
        documents=DocumentRefs(primary="doc"),
        our_party=our_party,
    )


def test_a_label_gets_the_role_the_parties_block_gives_it() -> None:
    structure = parse_document(EXAMPLE.read_bytes(), EXAMPLE.name)
    task = as_the_contract_names_us(_task("乙方（星衡资本管理有限公司）"), structure)
    assert task.our_party == "乙方（星衡资本管理有限公司）（受让方）"
    assert (task.task_id, task.clause_id) == ("task_1", "5.2")


def test_a_party_named_by_its_role_is_passed_on_unchanged() -> None:
    structure = parse_document(EXAMPLE.read_bytes(), EXAMPLE.name)
    given = _task("受让方")
    assert as_the_contract_names_us(given, structure) is given
