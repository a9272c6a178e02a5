"""The read model's schema migrations (Alembic revisions), run by the gateway at start."""
