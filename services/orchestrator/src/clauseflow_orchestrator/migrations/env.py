"""Alembic's entry point for the orchestrator's revisions (see clauseflow_platform.db.migrations)."""

from clauseflow_platform.db.migrations import run_environment

from clauseflow_orchestrator.migrate import HISTORY

run_environment(HISTORY)
