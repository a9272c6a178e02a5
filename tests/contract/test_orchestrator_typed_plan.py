"""The plan sends the clauses most likely to hold high risks first, knowing them by their clause types.

Real parts: the skills gRPC server (its ``classify_clause`` reads the stored contract), the
orchestrator on the in-memory bus with SQLite, its default plan (no model). The contract puts
its dangerous clauses last, under titles that say little ("Ending the Agreement", "Amendments"),
after a row of ordinary fee clauses that their subject already marks high: only the clauses'
types ("termination_for_convenience", "unilateral_amendment") tell the planner to send them first.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from clauseflow_contracts.events import ClauseTask, DocumentRefs, Envelope, ReviewRequested, Topic
from clauseflow_contracts.review import Language, ReviewOptions
from clauseflow_documents.parser import parse_document
from clauseflow_documents.store import DocumentStore
from clauseflow_orchestrator.clause_typing import SkillsClauseTyper
from clauseflow_orchestrator.service import Orchestrator
from clauseflow_platform.bus.memory import InMemoryBus
from clauseflow_skills.server import create_server
from clauseflow_skills.settings import SkillsServerSettings

DOC = "doc_typed_plan"
WINDOW = 2
ORDINARY = [
    f"{n}. Fees for Order {n}\nThe Customer shall pay the fees of EUR {1000 + n},000 for Order {n} within "
    "thirty (30) days of receipt of a valid invoice."
    for n in range(1, 9)
]
DANGEROUS = {
    "9": "9. Ending the Agreement\nThe Customer may end this Agreement at any time for convenience by giving "
    "seven days notice.",
    "10": "10. Amendments\nThe Customer may amend these terms at any time by notice to the Supplier; "
    "the amended terms bind the Supplier.",
}
CONTRACT = "SERVICES AGREEMENT\n\n" + "\n\n".join([*ORDINARY, *DANGEROUS.values()]) + "\n"


@pytest.fixture
def stored(tmp_path: Path) -> Path:
    """The document store holding the parsed contract."""
    structure = parse_document(CONTRACT.encode(), "contract.txt").model_copy(update={"document_id": DOC})
    DocumentStore(tmp_path / "documents").put_structure(structure)
    return tmp_path / "documents"


@pytest.fixture
async def skills_target(stored: Path) -> AsyncIterator[str]:
    settings = SkillsServerSettings(document_store_dir=stored, skills_host="127.0.0.1")
    server, port = await create_server(settings, port=0)
    yield f"127.0.0.1:{port}"
    await server.stop(grace=1)


async def first_window(tmp_path: Path, typer: SkillsClauseTyper | None) -> list[str]:
    """The clause ids of the tasks the orchestrator dispatches first (its window), in order."""
    bus = InMemoryBus()
    await bus.start()
    dispatched: list[str] = []
    arrived = asyncio.Event()

    async def collect(env: Envelope) -> None:
        dispatched.append(env.open(ClauseTask).clause_id)
        if len(dispatched) == WINDOW:
            arrived.set()

    tasks = bus.subscribe([Topic.CLAUSE_TASKS], group_id="observer", handler=collect)
    await tasks.start()
    orchestrator = Orchestrator(
        bus=bus,
        store_dir=tmp_path / "documents",
        database_url=f"sqlite+aiosqlite:///{tmp_path / f'orchestrator-{typer is not None}.db'}",
        window=WINDOW,
        outbox_interval_s=0.05,
        typer=typer,
    )
    await orchestrator.start()
    try:
        request = ReviewRequested(
            documents=DocumentRefs(primary=DOC),
            our_party="Supplier",
            language=Language.EN,
            options=ReviewOptions(use_orchestrator=False),
        )
        await bus.publish(
            Topic.REVIEW_REQUESTED,
            "rev_typed",
            Envelope.wrap("rev_typed", request, event_id="evt_typed_request"),
        )
        await asyncio.wait_for(arrived.wait(), timeout=30)
    finally:
        await orchestrator.stop()
        await tasks.stop()
        await bus.stop()
    return dispatched


async def test_clauses_typed_as_high_risk_are_dispatched_before_ordinary_ones(
    tmp_path: Path, skills_target: str
) -> None:
    typer = SkillsClauseTyper.over(skills_target)
    try:
        assert set(await first_window(tmp_path, typer)) == set(DANGEROUS)
    finally:
        await typer.close()


async def test_without_types_the_same_clauses_wait_behind_the_fee_clauses(
    tmp_path: Path, stored: Path
) -> None:
    # The control: by subject alone the fee clauses (payment: high) go first, in document order.
    assert await first_window(tmp_path, None) == ["1", "2"]


async def test_the_typer_reads_contract_clauses_and_reference_units(stored: Path, skills_target: str) -> None:
    er = (
        "EMPLOYER'S REQUIREMENTS\n\n"
        "1. Scope\nThe Works comprise the design and construction of the depot.\n\n"
        "2. Standards\nThe Works shall comply with the standards listed in Appendix A.\n\n"
        "3. Programme\nThe Contractor shall submit a programme within 14 days.\n\n"
        "4. Indemnity\nThe Contractor shall indemnify the Employer against all claims.\n"
    )
    reference = parse_document(er.encode(), "er.txt").model_copy(update={"document_id": "doc_er"})
    DocumentStore(stored).put_structure(reference)
    typer = SkillsClauseTyper.over(skills_target)
    request = ReviewRequested(
        documents=DocumentRefs(primary=DOC, references=("doc_er",)),
        our_party="Supplier",
        language=Language.EN,
    )
    try:
        types = await typer.types_of("rev_typed", request, ["9", "1", "ER 4"])
    finally:
        await typer.close()
    assert "termination_for_convenience" in types["9"]
    assert "payment" in types["1"]
    assert "indemnity" in types["ER 4"]


async def test_a_skills_service_that_is_down_leaves_the_units_untyped_within_the_deadline() -> None:
    typer = SkillsClauseTyper.over("127.0.0.1:9", deadline_s=2.0)  # nothing listens on the discard port
    request = ReviewRequested(documents=DocumentRefs(primary=DOC), our_party="Supplier", language=Language.EN)
    loop = asyncio.get_running_loop()
    started = loop.time()
    try:
        assert await typer.types_of("rev_typed", request, ["9"]) == {}
    finally:
        await typer.close()
    assert loop.time() - started < 10  # bounded by the deadline (plus a loaded machine's slack)


async def test_the_typer_asks_every_skills_target_not_only_the_first(skills_target: str) -> None:
    # SKILLS_TARGETS as the worker reads it: a target that is down first, one that is up second.
    typer = SkillsClauseTyper.over(f"127.0.0.1:9,{skills_target}", deadline_s=10.0)
    request = ReviewRequested(documents=DocumentRefs(primary=DOC), our_party="Supplier", language=Language.EN)
    try:
        types = await typer.types_of("rev_typed", request, ["9", "10"])
    finally:
        await typer.close()
    assert "termination_for_convenience" in types["9"]
    assert "unilateral_amendment" in types["10"]
