"""Where the local stack's gateway answers: ``clauseflow up`` writes it, the client commands read it.

``up`` puts the gateway on ``GATEWAY_PORT`` or a free port; without this file ``submit``, ``status``,
``approve`` and ``report`` would guess port 8000 and miss it. The file lives in the user's state
directory (``$CLAUSEFLOW_STATE_DIR``, else ``$XDG_STATE_HOME/clauseflow``, else
``~/.local/state/clauseflow``), so the commands find the stack from any directory; it names the
``up`` process, and a file whose process has gone is ignored.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

DEFAULT_PORT = 8000


def state_file() -> Path:
    """The file ``clauseflow up`` writes while it runs."""
    given = os.environ.get("CLAUSEFLOW_STATE_DIR", "").strip()
    if given:
        return Path(given) / "stack.json"
    xdg = os.environ.get("XDG_STATE_HOME", "").strip()
    base = Path(xdg) if xdg else Path.home() / ".local" / "state"
    return base / "clauseflow" / "stack.json"


@dataclass(frozen=True)
class StackState:
    """What a running ``clauseflow up`` tells the client commands."""

    gateway_url: str
    pid: int
    workdir: str = ""


def write_state(state: StackState) -> Path:
    """Record the running stack (replacing the file atomically)."""
    path = state_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps({"gateway_url": state.gateway_url, "pid": state.pid, "workdir": state.workdir}))
    tmp.replace(path)
    return path


def clear_state(pid: int) -> None:
    """Remove the file if it still describes the stack of process ``pid``."""
    current = read_state()
    if current is not None and current.pid == pid:
        state_file().unlink(missing_ok=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def read_state() -> StackState | None:
    """The running stack, or ``None`` when there is no file, it is unreadable, or its process has gone."""
    try:
        data = json.loads(state_file().read_text())
        state = StackState(
            gateway_url=str(data["gateway_url"]), pid=int(data["pid"]), workdir=str(data.get("workdir", ""))
        )
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return state if _alive(state.pid) else None


def gateway_url(explicit: str | None) -> str:
    """The gateway to talk to: ``--gateway``/``CLAUSEFLOW_GATEWAY_URL``, else the stack ``up`` started,
    else ``GATEWAY_PORT`` (default 8000) on loopback."""
    if explicit:
        return explicit
    state = read_state()
    if state is not None:
        return state.gateway_url
    port = os.environ.get("GATEWAY_PORT", "").strip() or str(DEFAULT_PORT)
    return f"http://127.0.0.1:{port}"
