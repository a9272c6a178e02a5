"""A service opening a new SQLite database while another instance is writing to it waits, not fails."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

from clauseflow_platform.db.engine import sqlite_thread_engine
from sqlalchemy import text


def test_opening_a_new_database_while_another_instance_creates_it_waits_for_it(tmp_path: Path) -> None:
    path = tmp_path / "service.db"
    first = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    first.execute("BEGIN IMMEDIATE")  # the first instance migrates the new file under its write lock
    first.execute("CREATE TABLE reviews (id TEXT)")
    committed = threading.Timer(0.3, lambda: first.execute("COMMIT"))
    committed.start()

    # SQLite refuses the second connection's switch to WAL at once ("database is locked"), without
    # its busy timeout; the service's connection must wait until the first commits.
    engine = sqlite_thread_engine(f"sqlite:///{path}")
    try:
        with engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert conn.execute(text("SELECT count(*) FROM reviews")).scalar() == 0
    finally:
        engine.dispose()
        committed.join()
        first.close()
