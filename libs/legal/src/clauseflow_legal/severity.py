"""A finding's level moved one step, with a reason, by what its sentence says (``severity.yaml``).

The rules set a risk type's default level, or a level from the distance between a clause's number
and the playbook's position. The taxonomy lets a reviewer move it one step for a stated reason —
the amount at stake, market practice, mitigation elsewhere. This module applies the reasons kept
as data beside it to the sentence that carries each finding and says the reason in the finding.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Literal

import yaml

from clauseflow_legal.rules.base import ClauseContext, Finding
from clauseflow_legal.rules.packs import PackError, Patterns

__all__ = ["Adjustment", "adjustments", "calibrated"]

LEVELS = ("low", "medium", "high")
Step = Literal["up", "down"]


@dataclass(frozen=True)
class Adjustment:
    """One reason to move a risk type's level one step."""

    risk_type: str
    step: Step
    when: str  # a pattern name of severity.patterns.yaml
    near: int  # read only this many characters either side of the finding's subject (0: the sentence)
    reason_en: str
    reason_zh: str


def _here() -> Path:
    return Path(str(resources.files(__package__)))


@lru_cache(maxsize=1)
def _patterns() -> Patterns:
    return Patterns(_here() / "severity.patterns.yaml")


@lru_cache(maxsize=1)
def adjustments() -> dict[str, tuple[Adjustment, ...]]:
    """Every adjustment by risk type, read once and checked against its patterns."""
    raw = yaml.safe_load((_here() / "severity.yaml").read_text(encoding="utf-8")) or {}
    patterns = _patterns()
    out: dict[str, tuple[Adjustment, ...]] = {}
    for risk_type, entries in raw.items():
        items = []
        for entry in entries:
            step, when, reason = entry.get("step"), entry.get("when"), entry.get("reason") or {}
            if (
                step not in ("up", "down")
                or when not in patterns
                or not reason.get("en")
                or not reason.get("zh")
            ):
                raise PackError(
                    f"severity.yaml: {risk_type}: entries need step up|down, a known pattern, en+zh reasons"
                )
            near = int(entry.get("near") or 0)
            items.append(
                Adjustment(str(risk_type), step, str(when), near, str(reason["en"]), str(reason["zh"]))
            )
        out[str(risk_type)] = tuple(items)
    return out


def _sentence_of(ctx: ClauseContext, finding: Finding) -> str:
    """The whole sentence(s) holding the quote: a quote may be the limb of a longer sentence."""
    quote = finding.quote
    around = [s for s in ctx.sentences if s.start < quote.end and quote.start < s.end]
    if not around:
        return quote.text
    return ctx.text[min(s.start for s in around) : max(s.end for s in around)]


def _read_around(sentence: str, subject: str, near: int) -> str:
    """The words within ``near`` characters of ``subject`` (the whole sentence when not found)."""
    at = sentence.find(subject) if subject and near else -1
    if at < 0:
        return sentence
    return sentence[max(0, at - near) : at + len(subject) + near]


def _moved(level: str, step: Step) -> str:
    i = LEVELS.index(level) if level in LEVELS else 1
    return LEVELS[min(i + 1, 2)] if step == "up" else LEVELS[max(i - 1, 0)]


def calibrated(ctx: ClauseContext, finding: Finding) -> Finding:
    """``finding`` at the level its sentence earns, its reason saying why when it moved."""
    for adjustment in adjustments().get(finding.risk_type, ()):
        read = _read_around(_sentence_of(ctx, finding), finding.subject, adjustment.near)
        if not _patterns().compiled(adjustment.when).search(read):
            continue
        level = _moved(finding.level, adjustment.step)
        if level == finding.level:
            return finding
        why = adjustment.reason_zh if ctx.language.startswith("zh") else adjustment.reason_en
        return replace(finding, level=level, reason=f"{finding.reason} {why}".strip())
    return finding
