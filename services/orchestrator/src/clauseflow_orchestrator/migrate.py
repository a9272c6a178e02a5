"""The orchestrator's schema history: its revisions ship in ``clauseflow_orchestrator/migrations``."""

from __future__ import annotations

from clauseflow_platform.db.migrations import SchemaHistory

from clauseflow_orchestrator.tables import Base

HISTORY = SchemaHistory(
    name="orchestrator",
    script_location="clauseflow_orchestrator:migrations",
    metadata=Base.metadata,
    version_table="orchestrator_alembic_version",
)
