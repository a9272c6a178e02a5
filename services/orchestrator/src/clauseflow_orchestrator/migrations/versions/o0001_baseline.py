"""Baseline: the orchestrator's tables before the hand-written ALTER (reviews held their clauses inline).

Revision ID: o0001
Revises: (none)
"""

import sqlalchemy as sa
from alembic import op
from clauseflow_platform.db import schema_ops as ops

revision: str = "o0001"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None

TIMESTAMP = sa.DateTime(timezone=True)


def upgrade() -> None:
    ops.create_table(
        "orchestrator_reviews",
        sa.Column("review_id", sa.String(64), nullable=False),
        sa.Column("status", sa.String(32), nullable=False),
        sa.Column("state", sa.Text(), nullable=False),
        sa.Column("updated_at", TIMESTAMP, nullable=False),
        sa.PrimaryKeyConstraint("review_id"),
    )
    ops.create_index("ix_orchestrator_reviews_status", "orchestrator_reviews", ["status"])
    ops.create_table(
        "orchestrator_checklists",
        sa.Column("review_id", sa.String(64), nullable=False),
        sa.Column("checklist", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("review_id"),
    )
    ops.create_table(
        "orchestrator_processed_events",
        sa.Column("event_id", sa.String(128), nullable=False),
        sa.Column("review_id", sa.String(64), nullable=False),
        sa.Column("processed_at", TIMESTAMP, nullable=False),
        sa.PrimaryKeyConstraint("event_id"),
    )
    ops.create_index(
        "ix_orchestrator_processed_events_review_id", "orchestrator_processed_events", ["review_id"]
    )
    ops.create_table(
        "orchestrator_plan_versions",
        sa.Column("review_id", sa.String(64), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("trigger", sa.String(64), nullable=False),
        sa.Column("rationale", sa.Text(), nullable=False),
        sa.Column("plan", sa.Text(), nullable=False),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.PrimaryKeyConstraint("review_id", "version"),
    )
    ops.create_table(
        "orchestrator_outbox",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("event_id", sa.String(128), nullable=False),
        sa.Column("review_id", sa.String(64), nullable=False),
        sa.Column("topic", sa.String(128), nullable=False),
        sa.Column("key", sa.String(256), nullable=False),
        sa.Column("envelope", sa.Text(), nullable=False),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.Column("sent_at", TIMESTAMP, nullable=True),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("event_id"),
    )
    ops.create_index("ix_orchestrator_outbox_review_id", "orchestrator_outbox", ["review_id"])
    ops.create_index("ix_orchestrator_outbox_sent_at", "orchestrator_outbox", ["sent_at"])


def downgrade() -> None:
    for table in (
        "orchestrator_outbox",
        "orchestrator_plan_versions",
        "orchestrator_processed_events",
        "orchestrator_checklists",
        "orchestrator_reviews",
    ):
        op.drop_table(table)
