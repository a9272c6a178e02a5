"""How the learned scores and the rules' reading decide a type, and how its thresholds are chosen.

The product (``clause_types.weigh_with_model``) gives a clause a risk-bearing type when the
model's best sentence in the clause reaches a threshold: the type's *rule threshold* when the
rules gave the clause that type, its own threshold otherwise. A contract holds the type when
any clause has it. So, per contract and type, two numbers decide: the best score over the
clauses the rules typed (``ruled``) and the best over the others (``other``). The classic
combinations are special cases of the two thresholds, and are chosen the same way:

* ``rules``  — the rules alone (rule threshold −∞, own threshold +∞);
* ``union``  — the rules' types kept, the model adds (rule threshold −∞);
* ``model``  — the model alone (both thresholds equal);
* ``gated``  — both free, the rule threshold never above the own one (a rule's reading is
  evidence for the type, never against it).

Thresholds are chosen to maximise contract-presence F1; figures are nested: each fold is decided
with the C and thresholds chosen on the other folds.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

KINDS = ("rules", "union", "model", "gated")
# Candidate thresholds per axis: the midpoints between observed scores, thinned to this many
# quantiles (the 2-D search of "gated" is quadratic in it).
MAX_CANDIDATES = 120
# Written to the model file for an infinite threshold.
NEVER = 1e9


@dataclass(frozen=True)
class Gate:
    """The two thresholds of one type."""

    rule_threshold: float  # for clauses the rules typed
    threshold: float  # for the other clauses

    @property
    def kind(self) -> str:
        """Which classic combination the thresholds amount to."""
        if self.rule_threshold == -np.inf:
            return "rules" if self.threshold == np.inf else "union"
        return "model" if self.rule_threshold == self.threshold else "gated"

    def shipped(self) -> tuple[float, float]:
        """(rule threshold, threshold) as written to the model file (infinities as ∓NEVER)."""
        return float(np.clip(self.rule_threshold, -NEVER, NEVER)), float(
            np.clip(self.threshold, -NEVER, NEVER)
        )


@dataclass(frozen=True)
class Evidence:
    """Per contract, for one type: the best score on clauses the rules typed and on the others."""

    ruled: np.ndarray  # -inf where the rules typed no clause
    any_ruled: np.ndarray  # whether the rules typed any clause
    other: np.ndarray

    def subset(self, mask: np.ndarray) -> Evidence:
        """The evidence of the contracts in ``mask``."""
        return Evidence(self.ruled[mask], self.any_ruled[mask], self.other[mask])

    def predict(self, gate: Gate) -> np.ndarray:
        """Contract presence under ``gate``."""
        return (self.any_ruled & (self.ruled >= gate.rule_threshold)) | (self.other >= gate.threshold)


def evidence(
    clause_scores: np.ndarray, clause_ruled: np.ndarray, clause_owner: np.ndarray, contracts: int
) -> Evidence:
    """Fold the clause scores and rule readings of one type into per-contract evidence."""
    ruled = np.full(contracts, -np.inf)
    other = np.full(contracts, -np.inf)
    np.maximum.at(ruled, clause_owner[clause_ruled], clause_scores[clause_ruled])
    np.maximum.at(other, clause_owner[~clause_ruled], clause_scores[~clause_ruled])
    any_ruled = np.zeros(contracts, dtype=bool)
    any_ruled[clause_owner[clause_ruled]] = True
    return Evidence(ruled, any_ruled, other)


def f1(predicted: np.ndarray, truth: np.ndarray) -> float:
    """F1 of contract presence (1.0 when there is nothing to find and nothing found)."""
    tp = int(np.sum(predicted & truth))
    fp = int(np.sum(predicted & ~truth))
    fn = int(np.sum(~predicted & truth))
    return 1.0 if tp + fp + fn == 0 else 2 * tp / (2 * tp + fp + fn)


def candidates(scores: np.ndarray) -> np.ndarray:
    """Thresholds worth trying, descending: +inf, midpoints between scores, below all, -inf."""
    seen = np.unique(scores[np.isfinite(scores)])
    if seen.size > MAX_CANDIDATES:
        seen = np.quantile(seen, np.linspace(0.0, 1.0, MAX_CANDIDATES))
    middle = (seen[1:] + seen[:-1]) / 2 if seen.size > 1 else seen
    below = [seen[0] - 1e-3] if seen.size else []
    return np.concatenate([[np.inf], middle[::-1], below, [-np.inf]])


def best_gate(kind: str, ev: Evidence, truth: np.ndarray) -> tuple[Gate, float]:
    """The gate of ``kind`` with the best F1 on these contracts, and that F1."""
    if kind == "rules":
        gate = Gate(-np.inf, np.inf)
        return gate, f1(ev.predict(gate), truth)
    if kind == "model":
        both = np.maximum(np.where(ev.any_ruled, ev.ruled, -np.inf), ev.other)
        options = candidates(both)
        values = [f1(both >= t, truth) for t in options]
        top = int(np.argmax(values))
        return Gate(options[top], options[top]), values[top]
    rule_options = np.asarray([-np.inf]) if kind == "union" else candidates(ev.ruled)
    own_options = candidates(ev.other)
    best: tuple[Gate, float] = (Gate(-np.inf, np.inf), -1.0)
    positives = int(truth.sum())
    for rule_threshold in rule_options:
        base = ev.any_ruled & (ev.ruled >= rule_threshold)
        allowed = own_options >= rule_threshold  # never stricter for a clause the rules typed
        predicted = base[None, :] | (ev.other[None, :] >= own_options[:, None])
        tp = (predicted & truth).sum(axis=1)
        fp = (predicted & ~truth).sum(axis=1)
        denominator = 2 * tp + fp + (positives - tp)
        scores = np.where(denominator == 0, 1.0, 2 * tp / np.maximum(denominator, 1))
        scores = np.where(allowed, scores, -1.0)
        top = int(np.argmax(scores))
        if scores[top] > best[1]:
            best = (Gate(float(rule_threshold), float(own_options[top])), float(scores[top]))
    return best


def nested_f1(kind: str, by_c: dict[float, Evidence], truth: np.ndarray, fold_of: np.ndarray) -> float:
    """CV F1 of ``kind``: each fold decided with the C and gate chosen on the other folds alone."""
    predicted = np.zeros(truth.size, dtype=bool)
    for fold in np.unique(fold_of):
        held = fold_of == fold
        choice = max(
            ((c, *best_gate(kind, ev.subset(~held), truth[~held])) for c, ev in by_c.items()),
            key=lambda option: (option[2], -option[0]),
        )
        predicted[held] = by_c[choice[0]].subset(held).predict(choice[1])
    return f1(predicted, truth)


def choose(kind: str, by_c: dict[float, Evidence], truth: np.ndarray) -> tuple[float, Gate]:
    """The C and gate to ship: chosen on all contracts' out-of-fold evidence, as in each fold."""
    c, gate, _ = max(
        ((c, *best_gate(kind, ev, truth)) for c, ev in by_c.items()),
        key=lambda option: (option[2], -option[0]),
    )
    return c, gate
