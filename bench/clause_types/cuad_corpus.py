"""CUAD contracts as the clause classifier reads them: sentences with the categories lawyers marked.

Shared by the training script and the benches. A sentence (``clause_classifier.sentences``, the
product's own cut) carries a category when a labelled span of that category covers at least half
of the shorter of the two. Nothing here is shipped: it reads ``../shared/data/cuad*``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from clauseflow_legal.clause_classifier import sentences
from clauseflow_legal.clause_types import CUAD_TYPES

ROOT = Path(__file__).resolve().parents[2]
TRAIN_DATA = ROOT.parent / "shared" / "data" / "cuad-train"
DEV_DATA = ROOT.parent / "shared" / "data" / "cuad"
# The categories whose presence decides risks (the figure issue #20 targets), as catalogue ids.
RISK_BEARING = (
    "Cap On Liability",
    "Uncapped Liability",
    "Termination For Convenience",
    "Change Of Control",
    "Anti-Assignment",
    "Non-Compete",
    "Exclusivity",
    "Liquidated Damages",
    "Audit Rights",
    "Insurance",
    "Ip Ownership Assignment",
    "Renewal Term",
    "Governing Law",
)
_BY_NAME = {t.name.lower(): t.id for t in CUAD_TYPES}
RISK_BEARING_IDS = tuple(_BY_NAME[n.lower()] for n in RISK_BEARING)
OVERLAP = 0.5


def type_id(category: str) -> str:
    """The catalogue id of a CUAD category name."""
    return _BY_NAME[category.lower()]


@dataclass
class Contract:
    """One labelled contract: its text and, per catalogue type id, the labelled spans."""

    name: str
    path: Path
    text: str
    spans: dict[str, list[tuple[int, int]]] = field(default_factory=dict)

    @property
    def present(self) -> set[str]:
        """The types the lawyers found in the contract."""
        return {t for t, s in self.spans.items() if s}


def available(data: Path) -> bool:
    """Whether a CUAD split is on this machine."""
    return (data / "labels").is_dir() and (data / "contracts").is_dir()


def load_split(data: Path) -> list[Contract]:
    """Every contract of a split, sorted by name."""
    contracts = []
    for label_file in sorted((data / "labels").glob("*.json")):
        labels = json.loads(label_file.read_text(encoding="utf-8"))
        path = data / "contracts" / f"{label_file.stem}.txt"
        with path.open(encoding="utf-8", newline="") as f:
            text = f.read()
        spans = {
            type_id(name): [(int(s["start"]), int(s["start"]) + len(s["text"])) for s in found]
            for name, found in labels["labels"].items()
        }
        contracts.append(Contract(label_file.stem, path, text, spans))
    return contracts


def labelled_sentences(contract: Contract, types: tuple[str, ...]) -> list[tuple[str, set[str]]]:
    """The contract's sentences, each with the types (of ``types``) whose spans cover it."""
    out = []
    for start, end in sentences(contract.text):
        found = set()
        for t in types:
            for a, b in contract.spans.get(t, ()):
                overlap = min(end, b) - max(start, a)
                if overlap > 0 and overlap >= OVERLAP * min(end - start, b - a):
                    found.add(t)
                    break
        out.append((contract.text[start:end], found))
    return out
