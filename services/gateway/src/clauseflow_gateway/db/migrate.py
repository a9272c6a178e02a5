"""The read model's schema history: its revisions ship in ``clauseflow_gateway/migrations``."""

from __future__ import annotations

from clauseflow_platform.db.migrations import SchemaHistory, upgrade_database
from clauseflow_platform.settings import DatabaseSettings
from sqlalchemy.ext.asyncio import AsyncEngine

from clauseflow_gateway.db.tables import Base

HISTORY = SchemaHistory(
    name="gateway",
    script_location="clauseflow_gateway:migrations",
    metadata=Base.metadata,
    version_table="gateway_alembic_version",
)


async def create_schema(engine: AsyncEngine, settings: DatabaseSettings | None = None) -> None:
    """Bring the read model to the newest schema (from empty, or from a database of an older gateway)."""
    await upgrade_database(engine, HISTORY, settings=settings)
