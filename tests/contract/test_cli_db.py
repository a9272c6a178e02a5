"""``clauseflow db current | upgrade``: an operator migrates the services' databases before a deployment."""

from __future__ import annotations

from pathlib import Path

from clauseflow_cli.main import app
from typer.testing import CliRunner


def test_db_current_says_a_new_database_needs_upgrading_and_upgrade_brings_both_to_their_newest(
    tmp_path: Path,
) -> None:
    urls = [
        "--gateway",
        f"sqlite+aiosqlite:///{tmp_path}/gateway.db",
        "--orchestrator",
        f"sqlite+aiosqlite:///{tmp_path}/orchestrator.db",
    ]
    runner = CliRunner()

    before = runner.invoke(app, ["db", "current", *urls])
    assert before.exit_code == 1, before.output
    assert "gateway: not migrated" in before.output and "orchestrator: not migrated" in before.output

    upgraded = runner.invoke(app, ["db", "upgrade", *urls])
    assert upgraded.exit_code == 0, upgraded.output

    after = runner.invoke(app, ["db", "current", *urls])
    assert after.exit_code == 0, after.output
    assert after.output.count(": current") == 2
