"""Migration operations for the revisions that databases from before migrations may already hold.

Until a service had migrations it created its tables with ``create_all`` and added columns by
hand-written ``ALTER``: such a database may hold any prefix, or mixture, of the changes its
first revisions describe. These operations skip what exists, so running those revisions on
it completes it without touching its rows. Revisions written after migrations came need none
of this and use ``alembic.op`` directly.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op


def _inspector() -> sa.Inspector:
    return sa.inspect(op.get_bind())


def has_table(name: str) -> bool:
    """Whether the database has the table ``name``."""
    return _inspector().has_table(name)


def has_column(table: str, column: str) -> bool:
    """Whether ``table`` has the column ``column``."""
    return column in {c["name"] for c in _inspector().get_columns(table)}


def create_table(name: str, *items: sa.schema.SchemaItem) -> None:
    """``op.create_table`` unless the table exists."""
    if not has_table(name):
        op.create_table(name, *items)


def add_column(table: str, column: sa.Column[Any]) -> None:
    """``op.add_column`` unless the column exists (a NOT NULL column needs a server default)."""
    if not has_column(table, column.name):
        op.add_column(table, column)


def create_index(name: str, table: str, columns: Sequence[str], *, unique: bool = False) -> None:
    """``op.create_index`` unless an index of that name exists on the table."""
    if name not in {ix["name"] for ix in _inspector().get_indexes(table)}:
        op.create_index(name, table, list(columns), unique=unique)


def ensure_type(table: str, column: str, type_: sa.types.TypeEngine[Any], *, postgresql_using: str) -> None:
    """Change a column to ``type_`` if the database has another type for it (values converted).

    ``create_all`` never changed an existing column, and a hand-written ``ALTER`` may have given
    one another type than the model's (a plain ``TIMESTAMP`` for a zone-aware one). PostgreSQL
    converts ``USING`` the given expression; SQLite copies the table (its types are affinities, so
    this only makes the declared schema match the models).
    """
    bind = op.get_bind()
    found = next(c["type"] for c in _inspector().get_columns(table) if c["name"] == column)
    if found.compile(bind.dialect) == type_.compile(bind.dialect):
        return
    if bind.dialect.name == "sqlite":
        with op.batch_alter_table(table) as batch:
            batch.alter_column(column, type_=type_)
    else:
        op.alter_column(table, column, type_=type_, postgresql_using=postgresql_using)
