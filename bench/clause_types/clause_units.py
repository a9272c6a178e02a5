"""CUAD contracts cut as the product cuts them: parsed clauses, the rules' types, the model's sentences.

The cross-validation scores clauses of held-out contracts the way ``clause_types.weigh_with_model``
does in a review: each clause parsed by ``parse_document``, typed by the rules
(``classify_clause``), and read by the model sentence by sentence (``reading_units`` of
``model_text``), a definitions article excepted. The rules are slow (minutes over 430 contracts),
so their types are cached per contract under ``.clauseflow/cache``, keyed by the sources they
depend on.
"""

from __future__ import annotations

import hashlib
import json
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from clauseflow_documents.parser import parse_document
from clauseflow_legal.clause_classifier import is_english, reading_units
from clauseflow_legal.clause_types import classify_clause, is_definitions_article, model_text

from bench.clause_types.cuad_corpus import ROOT, Contract

CACHE_FILE = ROOT / ".clauseflow" / "cache" / "cuad_clause_rule_types.json"  # git-ignored
# What the rules' types depend on: the typing code, the lexicon it reads and the parser.
RULE_SOURCES = (
    "libs/legal/src/clauseflow_legal/clause_types.py",
    "libs/legal/src/clauseflow_legal/risk_type_readings.py",
    "libs/documents/src/clauseflow_documents/parser.py",
    "libs/documents/src/clauseflow_documents/segmenter.py",
)


@dataclass(frozen=True)
class ClauseUnits:
    """The model's reading units of many contracts' clauses, and the rules' types of each clause."""

    sentences: list[tuple[str, str]]  # (sentence, previous sentence in its clause)
    clause_of: np.ndarray  # sentence row -> clause index
    clause_owner: np.ndarray  # clause index -> contract index
    clause_ruled: np.ndarray  # [clause, type]: the rules gave the clause the type


def rules_key() -> str:
    """A hash of the sources the rules' clause types depend on."""
    digest = hashlib.sha256()
    for source in RULE_SOURCES:
        digest.update((ROOT / source).read_bytes())
    return digest.hexdigest()


def _parsed(path: Path) -> list[tuple[str, str]]:
    document = parse_document(path.read_bytes(), path.name)
    return [(c.title or "", c.text or "") for c in document.clauses]


def _typed(path: Path) -> list[list[str]]:
    return [classify_clause(title, text) for title, text in _parsed(path)]


def rule_types(contracts: list[Contract], jobs: int = 2) -> dict[str, list[list[str]]]:
    """Per contract, the rules' types of each parsed clause (cached by :func:`rules_key`)."""
    key = rules_key()
    cache: dict[str, object] = {}
    if CACHE_FILE.exists():
        cache = json.loads(CACHE_FILE.read_text(encoding="utf-8"))
    typed: dict[str, list[list[str]]] = cache["types"] if cache.get("key") == key else {}  # type: ignore[assignment]
    missing = [c for c in contracts if c.name not in typed]
    if missing:
        with ProcessPoolExecutor(jobs) as pool:
            for contract, types in zip(
                missing, pool.map(_typed, [c.path for c in missing], chunksize=4), strict=True
            ):
                typed[contract.name] = types
        CACHE_FILE.parent.mkdir(parents=True, exist_ok=True)
        CACHE_FILE.write_text(json.dumps({"key": key, "types": typed}), encoding="utf-8")
    return typed


def clause_units(contracts: list[Contract], type_ids: tuple[str, ...], jobs: int = 2) -> ClauseUnits:
    """Every clause of ``contracts`` as the product reads it."""
    typed = rule_types(contracts, jobs)
    sentences: list[tuple[str, str]] = []
    clause_of: list[int] = []
    owners: list[int] = []
    ruled: list[list[bool]] = []
    for index, contract in enumerate(contracts):
        clauses = _parsed(contract.path)
        types = typed[contract.name]
        if len(types) != len(clauses):
            raise RuntimeError(
                f"{contract.name}: the rule cache does not match the parse; delete {CACHE_FILE}"
            )
        for (title, text), found in zip(clauses, types, strict=True):
            clause = len(owners)
            owners.append(index)
            if is_definitions_article(title, set(found)):
                ruled.append([False] * len(type_ids))  # typed "definitions" alone
                continue
            ruled.append([t in found for t in type_ids])
            body = model_text(title, text)
            if not is_english(body):
                continue
            for unit in reading_units(body):
                sentences.append(unit)
                clause_of.append(clause)
    return ClauseUnits(
        sentences=sentences,
        clause_of=np.asarray(clause_of, dtype=np.int64),
        clause_owner=np.asarray(owners, dtype=np.int64),
        clause_ruled=np.asarray(ruled, dtype=bool),
    )
