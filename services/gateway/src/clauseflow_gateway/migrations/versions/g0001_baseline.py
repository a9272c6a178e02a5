"""Baseline: the read model as the gateway first created it (before any hand-written ALTER).

Revision ID: g0001
Revises: (none)
"""

import sqlalchemy as sa
from alembic import op
from clauseflow_platform.db import schema_ops as ops

revision: str = "g0001"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None

TIMESTAMP = sa.DateTime(timezone=True)


def upgrade() -> None:
    ops.create_table(
        "reviews",
        sa.Column("id", sa.String(64), nullable=False),
        sa.Column("status", sa.String(32), nullable=False),
        sa.Column("title", sa.Text(), nullable=False),
        sa.Column("filename", sa.Text(), nullable=False),
        sa.Column("our_party", sa.String(200), nullable=False),
        sa.Column("language", sa.String(16), nullable=False),
        sa.Column("domain", sa.String(16), nullable=False),
        sa.Column("domain_detected", sa.Boolean(), nullable=False),
        sa.Column("documents", sa.JSON(), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("sequence", sa.Integer(), nullable=False),
        sa.Column("plan_version", sa.Integer(), nullable=False),
        sa.Column("summary", sa.Text(), nullable=False),
        sa.Column("failure_reason", sa.Text(), nullable=False),
        sa.Column("usage", sa.JSON(), nullable=False),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.Column("updated_at", TIMESTAMP, nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    ops.create_table(
        "clauses",
        sa.Column("review_id", sa.String(64), nullable=False),
        sa.Column("clause_id", sa.String(128), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("title", sa.Text(), nullable=False),
        sa.Column("depth", sa.String(16), nullable=False),
        sa.Column("state", sa.String(32), nullable=False),
        sa.Column("clause_types", sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint("review_id", "clause_id"),
    )
    ops.create_table(
        "risks",
        sa.Column("id", sa.String(64), nullable=False),
        sa.Column("review_id", sa.String(64), nullable=False),
        sa.Column("clause_id", sa.String(128), nullable=False),
        sa.Column("attempt", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("risk_type", sa.String(128), nullable=False),
        sa.Column("risk_level", sa.String(16), nullable=False),
        sa.Column("description", sa.Text(), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("analysis", sa.Text(), nullable=False),
        sa.Column("original_text", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    ops.create_index("ix_risks_review_id", "risks", ["review_id"])
    ops.create_table(
        "redlines",
        sa.Column("id", sa.String(64), nullable=False),
        sa.Column("review_id", sa.String(64), nullable=False),
        sa.Column("clause_id", sa.String(128), nullable=False),
        sa.Column("risk_id", sa.String(64), nullable=False),
        sa.Column("action_type", sa.String(16), nullable=False),
        sa.Column("original_text", sa.Text(), nullable=False),
        sa.Column("proposed_text", sa.Text(), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("final_text", sa.Text(), nullable=True),
        sa.Column("decided_by", sa.String(200), nullable=False),
        sa.Column("decision_request_id", sa.String(64), nullable=True),
        sa.Column("drafted", sa.Boolean(), nullable=False),
        sa.Column("updated_at", TIMESTAMP, nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    ops.create_index("ix_redlines_review_id", "redlines", ["review_id"])
    ops.create_table(
        "plan_versions",
        sa.Column("review_id", sa.String(64), nullable=False),
        sa.Column("plan_version", sa.Integer(), nullable=False),
        sa.Column("source", sa.String(16), nullable=False),
        sa.Column("rationale", sa.Text(), nullable=False),
        sa.Column("plan", sa.JSON(), nullable=False),
        sa.Column("recorded_at", TIMESTAMP, nullable=False),
        sa.PrimaryKeyConstraint("review_id", "plan_version"),
    )
    ops.create_table(
        "decision_requests",
        sa.Column("request_id", sa.String(64), nullable=False),
        sa.Column("review_id", sa.String(64), nullable=False),
        sa.Column("idempotency_key", sa.String(200), nullable=True),
        sa.Column("fingerprint", sa.String(64), nullable=False),
        sa.Column("decided_by", sa.String(200), nullable=False),
        sa.Column("decided_at", TIMESTAMP, nullable=False),
        sa.Column("response", sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint("request_id"),
        sa.UniqueConstraint("review_id", "idempotency_key", name="uq_decision_idempotency"),
    )
    ops.create_index("ix_decision_requests_review_id", "decision_requests", ["review_id"])
    ops.create_table(
        "decisions",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("review_id", sa.String(64), nullable=False),
        sa.Column("request_id", sa.String(64), nullable=False),
        sa.Column("redline_id", sa.String(64), nullable=False),
        sa.Column("action", sa.String(16), nullable=False),
        sa.Column("feedback", sa.Text(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("decided_by", sa.String(200), nullable=False),
        sa.Column("decided_at", TIMESTAMP, nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    ops.create_index("ix_decisions_request_id", "decisions", ["request_id"])
    ops.create_index("ix_decisions_review_id", "decisions", ["review_id"])
    ops.create_table(
        "outbox",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("topic", sa.String(128), nullable=False),
        sa.Column("key", sa.String(200), nullable=False),
        sa.Column("event", sa.Text(), nullable=False),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.Column("published_at", TIMESTAMP, nullable=True),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("last_error", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )


def downgrade() -> None:
    for table in ("outbox", "decisions", "decision_requests", "plan_versions", "redlines", "risks"):
        op.drop_table(table)
    op.drop_table("clauses")
    op.drop_table("reviews")
