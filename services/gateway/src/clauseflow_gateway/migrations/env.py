"""Alembic's entry point for the gateway's revisions (see clauseflow_platform.db.migrations)."""

from clauseflow_platform.db.migrations import run_environment

from clauseflow_gateway.db.migrate import HISTORY

run_environment(HISTORY)
