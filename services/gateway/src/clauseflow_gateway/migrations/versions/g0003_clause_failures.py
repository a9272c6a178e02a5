"""Failed clauses say why, and the read model remembers which task results it applied.

Revision ID: g0003
Revises: g0002
"""

import sqlalchemy as sa
from alembic import op
from clauseflow_platform.db import schema_ops as ops

revision: str = "g0003"
down_revision: str | None = "g0002"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    ops.add_column("clauses", sa.Column("error", sa.Text(), server_default="", nullable=False))
    ops.create_table(
        "applied_tasks",
        sa.Column("review_id", sa.String(64), nullable=False),
        sa.Column("task_id", sa.String(64), nullable=False),
        sa.Column("clause_id", sa.String(128), nullable=False),
        sa.PrimaryKeyConstraint("review_id", "task_id"),
    )


def downgrade() -> None:
    op.drop_table("applied_tasks")
    with op.batch_alter_table("clauses") as batch:
        batch.drop_column("error")
