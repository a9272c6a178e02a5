"""Every ``report.json`` the tests see is checked against the JSON Schema the gateway publishes.

``assert_valid_report`` is called where a test reads a report over HTTP or from disk; the
session fixture in ``conftest.py`` also wraps the report builder, so every report built in the
test process (unit tests, in-process gateways) is validated as it is made.
"""

from __future__ import annotations

from typing import Any

from clauseflow_gateway.report_model import published_schema
from jsonschema import Draft202012Validator


def report_errors(report: Any) -> list[str]:
    """What is wrong with ``report`` against the published schema (empty: nothing)."""
    validator = Draft202012Validator(published_schema())
    return [
        f"{'/'.join(str(p) for p in error.absolute_path) or '(root)'}: {error.message}"
        for error in sorted(validator.iter_errors(report), key=lambda e: list(e.absolute_path))
    ]


def assert_valid_report(report: Any) -> None:
    """Fail with every schema violation of ``report``."""
    errors = report_errors(report)
    assert not errors, "report.json does not meet its published schema:\n" + "\n".join(errors)
