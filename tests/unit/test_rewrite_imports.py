"""scripts/rewrite_imports.py: old ``clauseflow_shared`` paths become the new packages' (issue #21)."""

# rewrite_imports: leave this file (it names the old paths on purpose)

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "rewrite_imports.py"


@pytest.fixture(scope="module")
def rewriter() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rewrite_imports", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["rewrite_imports"] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("from clauseflow_shared.events import Envelope", "from clauseflow_contracts.events import Envelope"),
        (
            "from clauseflow_shared.legal.risk_types import risk_name",
            "from clauseflow_contracts.risk_types import risk_name",
        ),
        (
            "from clauseflow_shared.legal.rules.base import Rule",
            "from clauseflow_legal.rules.base import Rule",
        ),
        (
            "from clauseflow_shared.documents.parser import parse_document",
            "from clauseflow_documents.parser import parse_document",
        ),
        (
            "from clauseflow_shared.llm.errors import LLMBadAnswer",
            "from clauseflow_contracts.llm_errors import LLMBadAnswer",
        ),
        ("from clauseflow_shared.llm import LLMClient", "from clauseflow_platform.llm import LLMClient"),
        (
            "from clauseflow_shared.testing.scripted_model import Turn",
            "from clauseflow_testkit.scripted_model import Turn",
        ),
        (
            'args = ["-m", "clauseflow_shared.local_kafka", "run"]',
            'args = ["-m", "clauseflow_testkit.local_kafka", "run"]',
        ),
        (
            "from clauseflow_shared import ids, runtime",
            "from clauseflow_contracts import ids\nfrom clauseflow_platform import runtime",
        ),
    ],
)
def test_an_old_module_path_is_rewritten_to_its_new_home(rewriter: ModuleType, old: str, new: str) -> None:
    assert rewriter.rewrite(old, python=True) == new


def test_a_second_run_changes_nothing(rewriter: ModuleType) -> None:
    text = "from clauseflow_shared import ids\nfrom clauseflow_shared.bus.base import EventBus\n"
    once = rewriter.rewrite(text, python=True)
    assert "clauseflow_shared" not in once
    assert rewriter.rewrite(once, python=True) == once


def test_a_documentation_path_points_at_the_new_file(rewriter: ModuleType) -> None:
    text = "see `clauseflow_shared/legal/party_roles.py` and libs/shared/src/clauseflow_shared/bus/kafka.py"
    assert rewriter.rewrite(text, python=False) == (
        "see `clauseflow_legal/party_roles.py` and libs/platform/src/clauseflow_platform/bus/kafka.py"
    )


def test_a_module_the_table_does_not_know_is_left_alone_and_reported(rewriter: ModuleType) -> None:
    text = "from clauseflow_shared.tenancy import Tenant"
    assert rewriter.rewrite(text, python=True) == text
    assert "clauseflow_shared.tenancy" in rewriter._unknown
