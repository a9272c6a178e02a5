"""Uploads take an Idempotency-Key: submissions are kept; idempotency keys grow to 272 characters.

Revision ID: g0005
Revises: g0004
"""

import sqlalchemy as sa
from alembic import op
from clauseflow_platform.db import schema_ops as ops

revision: str = "g0005"
down_revision: str | None = "g0004"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    # The tenant-namespaced keys are longer; create_all never widened an existing column.
    ops.ensure_type(
        "decision_requests",
        "idempotency_key",
        sa.String(272),
        postgresql_using="idempotency_key::varchar(272)",
    )
    ops.create_table(
        "submissions",
        sa.Column("review_id", sa.String(64), nullable=False),
        sa.Column("idempotency_key", sa.String(272), nullable=True),
        sa.Column("fingerprint", sa.String(64), nullable=False),
        sa.Column("warnings", sa.JSON(), nullable=False),
        sa.Column("response", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("review_id"),
        sa.UniqueConstraint("idempotency_key"),
    )


def downgrade() -> None:
    op.drop_table("submissions")
