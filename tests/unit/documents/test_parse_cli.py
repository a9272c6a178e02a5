"""``clauseflow parse``: the clause tree for people, JSON for scripts, clean errors with exit code 2."""

from __future__ import annotations

import json

from clauseflow_cli.main import app
from typer.testing import CliRunner

CONTRACT = '1. DEFINITIONS\n1.1 "Goods" means goods.\n2. SUPPLY\n2.1 Deliver the Goods under Clause 9.\n'


def test_prints_an_indented_clause_tree(tmp_path):
    path = tmp_path / "supply.txt"
    path.write_text(CONTRACT)
    result = CliRunner().invoke(app, ["parse", str(path)])
    assert result.exit_code == 0, result.output
    assert "\n  1  DEFINITIONS\n    1.1  " in result.output
    assert "1 broken" in result.output


def test_json_has_nested_clauses_definitions_cross_references_and_warnings(tmp_path):
    path = tmp_path / "supply.txt"
    path.write_text(CONTRACT)
    result = CliRunner().invoke(app, ["parse", str(path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [c["clause_id"] for c in data["clauses"]] == ["1", "2"]
    assert data["clauses"][1]["children"][0]["clause_id"] == "2.1"
    assert {"clause_id", "title", "text", "children"} <= set(data["clauses"][0])
    assert data["definitions"][0]["term"] == "Goods"
    assert data["cross_references"] == [
        {"source": "2.1", "target": "9", "raw": "Clause 9", "resolved": False}
    ]
    assert data["warnings"]


def test_merges_particular_conditions_with_pc(tmp_path):
    gc, pc = tmp_path / "gc.txt", tmp_path / "pc.txt"
    gc.write_text("1. GENERAL\n1.1 Law\nEnglish law applies.\n1.2 Language\nEnglish.\n")
    pc.write_text('1. GENERAL\n1.1 Law\nDelete the Sub-Clause and substitute: "Singapore law applies."\n')
    result = CliRunner().invoke(app, ["parse", str(gc), "--pc", str(pc), "--json"])
    assert result.exit_code == 0, result.output
    clause = json.loads(result.stdout)["clauses"][0]["children"][0]
    assert clause["provenance"] == "amended" and "Singapore" in clause["text"]


def test_errors_go_to_stderr_with_exit_code_2_and_no_traceback(tmp_path):
    path = tmp_path / "junk.txt"
    path.write_bytes(bytes(range(256)) * 10)
    result = CliRunner().invoke(app, ["parse", str(path)])
    assert result.exit_code == 2
    assert "binary" in result.stderr and "Traceback" not in result.output
    missing = CliRunner().invoke(app, ["parse", str(tmp_path / "nope.txt")])
    assert missing.exit_code == 2 and "does not exist" in missing.stderr
