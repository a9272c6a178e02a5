"""Write a new schema revision for a service from the difference between its models and its revisions.

    scripts/uv.sh run --frozen python scripts/new_migration.py gateway "reviews get a due date"

Migrates a scratch SQLite database to the newest revision, lets Alembic's autogenerate compare
it with the service's models, and writes ``<service>/migrations/versions/<id>_<slug>.py`` with
the next id (g0006, o0004, ...). Read and adjust what it wrote (PostgreSQL types, server
defaults for new NOT NULL columns, data moves) before committing; the migration tests check
that the result matches the models on SQLite and PostgreSQL.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from alembic import command
from clauseflow_gateway.db.migrate import HISTORY as GATEWAY
from clauseflow_orchestrator.migrate import HISTORY as ORCHESTRATOR
from clauseflow_platform.db.engine import sqlite_thread_engine
from clauseflow_platform.db.migrations import alembic_config, head, upgrade_connection

HISTORIES = {"gateway": GATEWAY, "orchestrator": ORCHESTRATOR}


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("service", choices=sorted(HISTORIES))
    parser.add_argument("message", help="what the revision changes, as a sentence")
    args = parser.parse_args()
    history = HISTORIES[args.service]
    newest = head(history)
    rev_id = f"{newest[0]}{int(newest[1:]) + 1:04d}"
    with tempfile.TemporaryDirectory() as scratch:
        engine = sqlite_thread_engine(f"sqlite:///{Path(scratch) / 'scratch.db'}")
        with engine.begin() as conn:
            upgrade_connection(conn, history)
            config = alembic_config(history, conn)
            script = command.revision(config, message=args.message, autogenerate=True, rev_id=rev_id)
        engine.dispose()
    written = script[0] if isinstance(script, list) else script
    sys.stdout.write(f"wrote {written.path if written else '(nothing)'}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
