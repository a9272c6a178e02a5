"""The CLI's exit codes (documented in the README): scripts can tell a clean review from one that is not."""

from __future__ import annotations

from enum import IntEnum


class ExitCode(IntEnum):
    """What ``clauseflow`` returns to the shell."""

    # The review completed: every clause was reviewed.
    COMPLETED = 0
    # The review ended without reviewing every clause: ``incomplete`` (retry it with
    # ``clauseflow retry ID``) or ``failed``. The report is still written and says so at the top.
    NOT_COMPLETED = 1
    # The request was refused (bad input) or the gateway could not be reached.
    REFUSED = 2


def for_status(status: str) -> ExitCode:
    """The exit code for a review that ended in ``status``."""
    return ExitCode.COMPLETED if status == "completed" else ExitCode.NOT_COMPLETED
