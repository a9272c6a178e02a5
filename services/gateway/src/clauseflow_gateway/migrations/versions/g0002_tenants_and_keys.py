"""API keys: reviews belong to a tenant, decisions name the key that made them.

Rows from before keys belong to the local tenant and have no deciding key.

Revision ID: g0002
Revises: g0001
"""

import sqlalchemy as sa
from alembic import op
from clauseflow_platform.db import schema_ops as ops

revision: str = "g0002"
down_revision: str | None = "g0001"
branch_labels: str | None = None
depends_on: str | None = None

TIMESTAMP = sa.DateTime(timezone=True)


def upgrade() -> None:
    ops.add_column("reviews", sa.Column("tenant", sa.String(64), server_default="local", nullable=False))
    # The hand-written ALTER added the column without the index the model declares.
    ops.create_index("ix_reviews_tenant", "reviews", ["tenant"])
    for table in ("decisions", "decision_requests"):
        ops.add_column(
            table, sa.Column("decided_by_key_id", sa.String(64), server_default="", nullable=False)
        )
    ops.create_table(
        "api_keys",
        sa.Column("id", sa.String(64), nullable=False),
        sa.Column("tenant", sa.String(64), nullable=False),
        sa.Column("roles", sa.JSON(), nullable=False),
        sa.Column("label", sa.String(200), nullable=False),
        sa.Column("token_sha256", sa.String(64), nullable=False),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.Column("created_by", sa.String(64), nullable=False),
        sa.Column("expires_at", TIMESTAMP, nullable=True),
        sa.Column("revoked_at", TIMESTAMP, nullable=True),
        sa.PrimaryKeyConstraint("id"),
    )
    ops.create_index("ix_api_keys_tenant", "api_keys", ["tenant"])


def downgrade() -> None:
    op.drop_table("api_keys")
    for table in ("decision_requests", "decisions"):
        with op.batch_alter_table(table) as batch:
            batch.drop_column("decided_by_key_id")
    op.drop_index("ix_reviews_tenant", table_name="reviews")
    with op.batch_alter_table("reviews") as batch:
        batch.drop_column("tenant")
