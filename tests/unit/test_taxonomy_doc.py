"""docs/review-taxonomy.md is the risk-type table of ``clauseflow_contracts.risk_types``, in step."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pytest
from clauseflow_contracts.risk_types import RISK_GROUPS, RISK_TYPES

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "scripts" / "taxonomy_doc.py"


@pytest.fixture(scope="module")
def taxonomy_doc() -> ModuleType:
    spec = importlib.util.spec_from_file_location("taxonomy_doc", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_page_is_what_the_script_writes_from_the_table(taxonomy_doc: ModuleType) -> None:
    page = (REPO / "docs" / "review-taxonomy.md").read_text(encoding="utf-8")
    assert page == taxonomy_doc.render(), "docs/review-taxonomy.md is stale: run scripts/taxonomy_doc.py"


def test_the_page_lists_every_id_once_under_its_group(taxonomy_doc: ModuleType) -> None:
    page = taxonomy_doc.render()
    listed = re.findall(r"^\| `([a-z_]+)` \|", page, flags=re.MULTILINE)
    assert listed == list(RISK_TYPES)
    assert len(listed) == 45
    headings = re.findall(r"^## ([A-Z])\. ", page, flags=re.MULTILINE)
    assert headings == list(RISK_GROUPS)


def test_every_risk_type_is_in_a_named_group_with_a_known_severity() -> None:
    for risk_type in RISK_TYPES.values():
        assert risk_type.group in RISK_GROUPS, risk_type.id
        assert risk_type.severity in ("high", "medium", "low"), risk_type.id
        assert "|" not in risk_type.gloss + risk_type.name + risk_type.name_zh, risk_type.id


def test_the_check_fails_on_a_stale_page(
    taxonomy_doc: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stale = tmp_path / "review-taxonomy.md"
    stale.write_text(
        taxonomy_doc.render().replace("`uncapped_liability`", "`unlimited_liability`"), encoding="utf-8"
    )
    monkeypatch.setattr(taxonomy_doc, "PAGE", stale)
    assert taxonomy_doc.main(["--check"]) == 1
    stale.write_text(taxonomy_doc.render(), encoding="utf-8")
    assert taxonomy_doc.main(["--check"]) == 0
