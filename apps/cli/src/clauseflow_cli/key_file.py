"""Where the CLI keeps its API key, and how it reads it: no database, no gateway code.

``clauseflow up`` writes the key (mode 0600); every client command reads it. Kept apart from
:mod:`clauseflow_cli.credentials` (which opens the gateway's key store) so that ``clauseflow status``
starts without importing the gateway and its database stack.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

KEY_FILE = Path(".clauseflow/api-key")
KEY_ENV = "CLAUSEFLOW_API_KEY"


def read_key(path: Path = KEY_FILE) -> str | None:
    """The key to send: ``CLAUSEFLOW_API_KEY`` if set, else the key file ``clauseflow up`` wrote."""
    given = os.environ.get(KEY_ENV, "").strip()
    if given:
        return given
    with contextlib.suppress(OSError):
        return path.read_text().strip() or None
    return None


def write_key(path: Path, token: str) -> None:
    """Write the token readable by its owner only (created 0600, never world-readable meanwhile)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as fh:
        fh.write(token + "\n")
    path.chmod(0o600)
