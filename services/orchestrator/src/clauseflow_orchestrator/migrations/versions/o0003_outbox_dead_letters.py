"""Outbox events that can never be published are kept in a dead-letter table.

Revision ID: o0003
Revises: o0002
"""

import sqlalchemy as sa
from alembic import op
from clauseflow_platform.db import schema_ops as ops

revision: str = "o0003"
down_revision: str | None = "o0002"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    ops.create_table(
        "orchestrator_outbox_dead_letters",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("outbox_id", sa.Integer(), nullable=True),
        sa.Column("event_id", sa.String(128), nullable=False),
        sa.Column("review_id", sa.String(64), nullable=False),
        sa.Column("topic", sa.String(128), nullable=False),
        sa.Column("key", sa.String(256), nullable=False),
        sa.Column("envelope", sa.Text(), nullable=False),
        sa.Column("error", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    ops.create_index(
        "ix_orchestrator_outbox_dead_letters_review_id", "orchestrator_outbox_dead_letters", ["review_id"]
    )


def downgrade() -> None:
    op.drop_table("orchestrator_outbox_dead_letters")
