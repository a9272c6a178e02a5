"""The rule-firings bench collects the watched findings of a corpus and compares two runs."""

from __future__ import annotations

import json
import re
from pathlib import Path

from bench.quality.rule_firings import compare, compare_text, parties, run

LONG_TERMS = "one hundred and eighty (180) days"
SHORT_TERMS = "thirty (30) days"


def _contract(terms: str) -> str:
    # The delivery sentence is broken across lines as PDF extractions break it: it stays one clause.
    return (
        "SUPPLY AGREEMENT\n\n"
        'This Supply Agreement is made between Larkspur Mills Ltd (the "Vendor") and Orrin Foods plc '
        '(the "Buyer").\n\n'
        "1. Delivery\n\nThe Vendor shall deliver the goods to the\nBuyer's warehouse in Leeds.\n\n"
        "2. Payment\n\nThe Buyer shall settle every invoice issued by the Vendor within "
        f"{terms} after the date of that invoice.\n"
    )


def _corpus(root: Path, terms_by_contract: dict[str, str]) -> Path:
    """A tiny CUAD-format set under ``root/data/tiny`` (contracts/*.txt, labels/*.json)."""
    data = root / "data" / "tiny"
    (data / "contracts").mkdir(parents=True)
    (data / "labels").mkdir()
    for name, terms in terms_by_contract.items():
        (data / "contracts" / f"{name}.txt").write_text(_contract(terms), encoding="utf-8")
        labels = {
            "labels": {"Parties": [{"text": '"Vendor"'}, {"text": "Orrin Foods plc"}, {"text": "x" * 80}]}
        }
        (data / "labels" / f"{name}.json").write_text(json.dumps(labels), encoding="utf-8")
    return root


def test_short_party_labels_are_read_unquoted_and_long_recitals_are_skipped() -> None:
    labels = {"labels": {"Parties": [{"text": '"Vendor"'}, {"text": "Vendor"}, {"text": "y" * 70}]}}
    assert parties(labels) == ["Vendor"]


def test_a_long_payment_term_is_collected_for_the_party_that_is_paid(tmp_path: Path) -> None:
    shared = _corpus(tmp_path, {"alpha": LONG_TERMS})
    report = run(shared, ["tiny"], {"payment_terms"})
    assert report["contracts"] == {"tiny": 1}
    assert report["per_risk_type"] == {"payment_terms_unfavourable": 1}
    (finding,) = report["findings"]
    assert finding["contract"] == "alpha"
    assert finding["party"] == "Vendor"
    assert "within" in finding["quote"] and "after the date of that invoice" in finding["quote"]
    assert report["per_contract"] == {"tiny/alpha": 1}


def test_clauses_not_matching_the_filter_are_not_read(tmp_path: Path) -> None:
    shared = _corpus(tmp_path, {"alpha": LONG_TERMS})
    report = run(shared, ["tiny"], {"payment_terms"}, match=re.compile("warehouse"))
    assert report["count"] == 0


def test_compare_reports_a_finding_added_and_one_removed(tmp_path: Path) -> None:
    before = run(
        _corpus(tmp_path / "a", {"alpha": LONG_TERMS, "beta": SHORT_TERMS}), ["tiny"], {"payment_terms"}
    )
    after = run(
        _corpus(tmp_path / "b", {"alpha": SHORT_TERMS, "beta": LONG_TERMS}), ["tiny"], {"payment_terms"}
    )
    diff = compare(before, after)
    assert [f.contract for f in diff["added"]] == ["beta"]
    assert [f.contract for f in diff["removed"]] == ["alpha"]
    assert diff["level_changed"] == []
    assert compare_text(diff).startswith("added: 1, removed: 1, level_changed: 0")


def test_a_missing_set_is_skipped(tmp_path: Path) -> None:
    report = run(tmp_path, ["absent"], {"payment_terms"})
    assert report["contracts"] == {} and "absent" in report["skipped"]


def test_skip_passes_over_the_first_contracts_so_a_later_run_reads_new_ones(tmp_path: Path) -> None:
    shared = _corpus(tmp_path, {"alpha": LONG_TERMS, "beta": LONG_TERMS, "gamma": LONG_TERMS})
    report = run(shared, ["tiny"], {"payment_terms"}, limit=1, skip=1)
    assert report["contracts"] == {"tiny": 1}
    assert [f["contract"] for f in report["findings"]] == ["beta"]
