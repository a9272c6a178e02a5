"""Dead letters other services report (``event.dead_lettered``), for ``GET /v1/ops/health``.

Revision ID: g0006
Revises: g0005
"""

import sqlalchemy as sa
from alembic import op
from clauseflow_platform.db import schema_ops as ops

revision: str = "g0006"
down_revision: str | None = "g0005"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    ops.create_table(
        "reported_dead_letters",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("service", sa.String(64), nullable=False),
        sa.Column("event_id", sa.String(200), nullable=False),
        sa.Column("review_id", sa.String(64), nullable=False),
        sa.Column("tenant", sa.String(64), nullable=False),
        sa.Column("event_type", sa.String(64), nullable=False),
        sa.Column("topic", sa.String(128), nullable=False),
        sa.Column("error", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("event_id"),
    )
    ops.create_index("ix_reported_dead_letters_review_id", "reported_dead_letters", ["review_id"])


def downgrade() -> None:
    op.drop_table("reported_dead_letters")
