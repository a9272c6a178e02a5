"""The orchestrator's schema migrations (Alembic revisions), run by the orchestrator at start."""
