"""Schema migrations of the gateway's and the orchestrator's databases, on SQLite and PostgreSQL.

Each service migrates itself at start (``create_schema`` / ``OrchestratorStore.start``). From
an empty database it gets every revision; a database from before migrations (built by
``create_all`` and hand-written ALTERs, see ``pre_alembic``) is recognised, completed and
stamped, its rows kept; the result is, either way, exactly the models' schema (Alembic's
autogenerate finds nothing to change). Two services starting at once migrate once.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import TypeVar

import pytest
from alembic import command
from clauseflow_gateway.db.engine import create_engine, create_schema
from clauseflow_gateway.db.tables import DecisionRow, OutboxRow, ReviewRow
from clauseflow_orchestrator.store import OrchestratorStore
from clauseflow_orchestrator.tables import ReviewRow as OrchestratorReviewRow
from clauseflow_platform.db.migrations import (
    alembic_config,
    current_revision,
    head,
    schema_differences,
    upgrade_database,
)
from pre_alembic import history, old_schema, pre_alembic_start
from sqlalchemy import Connection, select, text
from sqlalchemy.ext.asyncio import AsyncEngine

SERVICES = ["gateway", "orchestrator"]
CREATED = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
DEAD_AT = datetime(2026, 2, 3, 4, 5, 6)  # naive: the pre-migration column had no time zone

_T = TypeVar("_T")


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty database: a SQLite file, or a database on the test PostgreSQL server."""
    if request.param == "sqlite":
        return f"sqlite+aiosqlite:///{tmp_path}/service.db"
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture
async def engine(database_url: str) -> AsyncIterator[AsyncEngine]:
    """The engine a service would open on the database."""
    engine = create_engine(database_url)
    yield engine
    await engine.dispose()


async def _on(engine: AsyncEngine, fn: Callable[[Connection], _T], *, write: bool = False) -> _T:
    if write:
        async with engine.begin() as conn:
            return await conn.run_sync(fn)
    async with engine.connect() as conn:
        return await conn.run_sync(fn)


async def _migrate(engine: AsyncEngine, service: str) -> None:
    """What the service runs at start."""
    if service == "gateway":
        await create_schema(engine)
        return
    store = OrchestratorStore(str(engine.url.render_as_string(hide_password=False)))
    await store.start()
    await store.stop()


async def _assert_at_head_and_like_the_models(engine: AsyncEngine, service: str) -> None:
    schema = history(service)
    assert await _on(engine, lambda c: current_revision(c, schema)) == head(schema)
    assert await _on(engine, lambda c: schema_differences(c, schema)) == []


def _old_rows(conn: Connection, service: str) -> None:
    """Rows an older service wrote, in the columns its tables had then."""
    if service == "gateway":
        conn.execute(
            text(
                "INSERT INTO reviews (id, status, title, filename, our_party, language, domain,"
                " domain_detected, documents, options, sequence, plan_version, summary, failure_reason,"
                " usage, created_at, updated_at) VALUES ('rv1', 'running', 'NDA', 'nda.docx', 'Acme',"
                " 'en', 'general', false, '{}', '{}', 3, 1, '', '', '{}', :at, :at)"
            ),
            {"at": CREATED},
        )
        conn.execute(
            text(
                "INSERT INTO decisions (review_id, request_id, redline_id, action, feedback, text,"
                " decided_by, decided_at) VALUES ('rv1', 'rq1', 'rl1', 'approve', '', '', 'ana', :at)"
            ),
            {"at": CREATED},
        )
        conn.execute(
            text(
                "INSERT INTO outbox (topic, key, event, created_at, attempts, last_error)"
                " VALUES ('review.requests', 'rv1', '{}', :at, 0, '')"
            ),
            {"at": CREATED},
        )
        return
    conn.execute(
        text(
            "INSERT INTO orchestrator_reviews (review_id, status, state, updated_at)"
            " VALUES ('rv1', 'running', '{}', :at)"
        ),
        {"at": CREATED},
    )


def _dead_letter_the_outbox_row(conn: Connection) -> None:
    conn.execute(text("UPDATE outbox SET dead_at = :at"), {"at": DEAD_AT})


async def _assert_old_rows_kept(engine: AsyncEngine, service: str, *, dead_at: datetime | None) -> None:
    if service == "gateway":

        def read(conn: Connection) -> tuple[object, ...]:
            review = conn.execute(select(ReviewRow.tenant, ReviewRow.sequence, ReviewRow.created_at)).one()
            decision = conn.execute(select(DecisionRow.decided_by, DecisionRow.decided_by_key_id)).one()
            outbox = conn.execute(select(OutboxRow.topic, OutboxRow.dead_at)).one()
            return tuple(review), tuple(decision), tuple(outbox)

        review, decision, outbox = await _on(engine, read)
        # Rows from before API keys belong to the local tenant and name no key.
        assert review == ("local", 3, CREATED)
        assert decision == ("ana", "")
        assert outbox == ("review.requests", dead_at)
        return
    versions = await _on(
        engine,
        lambda c: list(c.execute(select(OrchestratorReviewRow.review_id, OrchestratorReviewRow.version))),
    )
    assert [tuple(v) for v in versions] == [("rv1", 1)]
    store = OrchestratorStore(engine.url.render_as_string(hide_password=False))
    await store.start()
    try:
        assert await store.reviews_with_status("running") == ["rv1"]
    finally:
        await store.stop()


@pytest.mark.parametrize("service", SERVICES)
async def test_an_empty_database_gets_every_revision_and_the_models_schema(
    service: str, engine: AsyncEngine
) -> None:
    await _migrate(engine, service)
    await _assert_at_head_and_like_the_models(engine, service)
    await _migrate(engine, service)  # a restart finds nothing to do
    await _assert_at_head_and_like_the_models(engine, service)


@pytest.mark.parametrize("service", SERVICES)
async def test_a_database_of_the_pre_migration_code_is_adopted_with_its_rows(
    service: str, engine: AsyncEngine
) -> None:
    """Created by an older service, then started by the last one without migrations (its ALTERs ran)."""
    await _on(engine, lambda c: old_schema(c, service), write=True)
    await _on(engine, lambda c: _old_rows(c, service), write=True)
    await _on(engine, lambda c: pre_alembic_start(c, service), write=True)
    if service == "gateway":
        await _on(engine, _dead_letter_the_outbox_row, write=True)
    assert await _on(engine, lambda c: current_revision(c, history(service))) is None

    await _migrate(engine, service)

    await _assert_at_head_and_like_the_models(engine, service)
    await _assert_old_rows_kept(engine, service, dead_at=DEAD_AT.replace(tzinfo=UTC))


@pytest.mark.parametrize("service", SERVICES)
async def test_an_old_database_that_never_had_its_columns_added_is_completed(
    service: str, engine: AsyncEngine
) -> None:
    await _on(engine, lambda c: old_schema(c, service), write=True)
    await _on(engine, lambda c: _old_rows(c, service), write=True)

    await _migrate(engine, service)

    await _assert_at_head_and_like_the_models(engine, service)
    await _assert_old_rows_kept(engine, service, dead_at=None)


@pytest.mark.parametrize("service", SERVICES)
async def test_instances_starting_together_migrate_once(service: str, database_url: str) -> None:
    engines = [create_engine(database_url) for _ in range(3)]
    try:
        await asyncio.gather(*(upgrade_database(e, history(service)) for e in engines))
        await _assert_at_head_and_like_the_models(engines[0], service)
    finally:
        for engine in engines:
            await engine.dispose()


@pytest.mark.parametrize("service", SERVICES)
async def test_every_revision_can_be_undone_and_redone(service: str, engine: AsyncEngine) -> None:
    schema = history(service)
    await upgrade_database(engine, schema)
    await _on(engine, lambda c: command.downgrade(alembic_config(schema, c), "base"), write=True)
    owned = await _on(engine, lambda c: [t for t in c.dialect.get_table_names(c) if schema.owns(t, "table")])
    assert owned == []
    await upgrade_database(engine, schema)
    await _assert_at_head_and_like_the_models(engine, service)


async def test_the_two_services_can_share_one_database(engine: AsyncEngine) -> None:
    """Each keeps its own version table and leaves the other's tables alone."""
    await _migrate(engine, "gateway")
    await _migrate(engine, "orchestrator")
    await _migrate(engine, "gateway")
    for service in SERVICES:
        await _assert_at_head_and_like_the_models(engine, service)
