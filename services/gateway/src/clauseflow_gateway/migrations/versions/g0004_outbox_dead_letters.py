"""Outbox rows that can never be published move to a dead-letter table (``outbox.dead_at``).

Revision ID: g0004
Revises: g0003
"""

import sqlalchemy as sa
from alembic import op
from clauseflow_platform.db import schema_ops as ops

revision: str = "g0004"
down_revision: str | None = "g0003"
branch_labels: str | None = None
depends_on: str | None = None

TIMESTAMP = sa.DateTime(timezone=True)


def upgrade() -> None:
    ops.add_column("outbox", sa.Column("dead_at", TIMESTAMP, nullable=True))
    # The hand-written ALTER made it a plain TIMESTAMP; its values were written in UTC.
    ops.ensure_type("outbox", "dead_at", TIMESTAMP, postgresql_using="dead_at AT TIME ZONE 'UTC'")
    ops.create_table(
        "outbox_dead_letters",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("outbox_id", sa.Integer(), nullable=False),
        sa.Column("topic", sa.String(128), nullable=False),
        sa.Column("key", sa.String(200), nullable=False),
        sa.Column("event", sa.Text(), nullable=False),
        sa.Column("error", sa.Text(), nullable=False),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    ops.create_index("ix_outbox_dead_letters_outbox_id", "outbox_dead_letters", ["outbox_id"])


def downgrade() -> None:
    op.drop_table("outbox_dead_letters")
    with op.batch_alter_table("outbox") as batch:
        batch.drop_column("dead_at")
