"""The CLI starts quickly: a client command does not import the gateway's database stack.

``clauseflow status`` is run in loops (the README's polling, the tests'); importing SQLAlchemy,
Alembic and the gateway's key store for it cost seconds a call. Only the commands that open a
database (``keys``, ``db``, ``up``) import it, when they run.
"""

from __future__ import annotations

import subprocess
import sys


def _modules_loaded_by(statement: str) -> set[str]:
    code = f"import sys; {statement}; print('\\n'.join(sys.modules))"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    return set(out.stdout.split())


def test_registering_every_command_imports_no_database_or_gateway_code() -> None:
    loaded = _modules_loaded_by("import clauseflow_cli.main")
    assert "clauseflow_cli.client_cmds" in loaded  # the commands are registered
    heavy = {m for m in loaded if m.split(".")[0] in {"sqlalchemy", "alembic", "fastapi"}}
    assert heavy == set()
    # The token format (a small module: the key roles a `keys create` option lists) is all of the
    # gateway a command needs before it runs.
    assert {m for m in loaded if m.startswith("clauseflow_gateway.")} <= {
        "clauseflow_gateway.auth",
        "clauseflow_gateway.auth.tokens",
    }


def test_a_key_command_still_reaches_the_gateways_key_store_when_it_runs() -> None:
    loaded = _modules_loaded_by(
        "from clauseflow_cli.keys_cmd import key_store; key_store('sqlite+aiosqlite:///:memory:')"
    )
    assert "clauseflow_gateway.auth.keystore" in loaded
