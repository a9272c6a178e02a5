"""``report.json`` says what every clause is: its clause types, through the real review path.

The embedded review (``clauseflow review``, the command a user runs) parses the example, plans,
reviews every clause in a worker and projects the results into the gateway's report; each clause
of the report carries the types the product's classifier gives that clause's text.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

from clauseflow_documents.parser import parse_document
from clauseflow_legal.clause_types import CLAUSE_TYPES, classify_clause_combined

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
CLAUSEFLOW = str(Path(sys.executable).parent / "clauseflow")


async def test_every_clause_of_the_report_carries_its_clause_types(tmp_path: Path) -> None:
    contract = EXAMPLES / "services_agreement_en.txt"
    proc = await asyncio.create_subprocess_exec(
        CLAUSEFLOW,
        "review",
        str(contract),
        "--party",
        "Northwind Analytics Ltd. (the Supplier)",
        "--language",
        "en",
        "--approve",
        "all",
        "--out",
        str(tmp_path),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    _, err = await asyncio.wait_for(proc.communicate(), 240)
    assert proc.returncode == 0, err.decode()
    report = json.loads((tmp_path / "report.json").read_text())
    document = parse_document(contract.read_bytes(), contract.name)
    assert report["clauses"]
    for clause in report["clauses"]:
        source = document.get(clause["clause_id"])
        typed_here = classify_clause_combined(source.title, source.text, "en")
        assert clause["clause_types"] == typed_here, clause["clause_id"]
        assert set(clause["clause_types"]) <= set(CLAUSE_TYPES)
    typed = {c["clause_id"]: set(c["clause_types"]) for c in report["clauses"]}
    found = set().union(*typed.values())
    # Clause 5.1's IP assignment is typed by the rules but overruled by the learned model (a known
    # miss, tests/unit/legal/test_clause_classifier.py); its risk is still reviewed and reported.
    expected = {"termination_for_convenience", "cap_on_liability", "governing_law"}
    assert expected <= found
    assert sum(1 for types in typed.values() if types) >= len(typed) * 3 // 4
