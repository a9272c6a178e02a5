"""Clauses and redlines get rows of their own; a review's head row counts its commits (``version``).

States written before keep their clauses inline in the head row; the store reads both layouts.

Revision ID: o0002
Revises: o0001
"""

import sqlalchemy as sa
from alembic import op
from clauseflow_platform.db import schema_ops as ops

revision: str = "o0002"
down_revision: str | None = "o0001"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    ops.add_column(
        "orchestrator_reviews", sa.Column("version", sa.Integer(), server_default="1", nullable=False)
    )
    for table, key in (("orchestrator_clauses", "clause_id"), ("orchestrator_redlines", "redline_id")):
        ops.create_table(
            table,
            sa.Column("review_id", sa.String(64), nullable=False),
            sa.Column(key, sa.String(128), nullable=False),
            sa.Column("position", sa.Integer(), nullable=False),
            sa.Column("record", sa.Text(), nullable=False),
            sa.PrimaryKeyConstraint("review_id", key),
        )


def downgrade() -> None:
    op.drop_table("orchestrator_redlines")
    op.drop_table("orchestrator_clauses")
    with op.batch_alter_table("orchestrator_reviews") as batch:
        batch.drop_column("version")
