"""Playbooks: per domain and clause type, our standard position, fallback, walk-away and redlines.

The data lives in JSON files beside this module (``generic.json``, ``fidic.json``,
``sha_spa.json``); a domain playbook extends the generic one and overrides its entries.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any

from clauseflow_contracts.errors import InvalidInput

DOMAINS = ("generic", "fidic", "sha_spa")


@dataclass(frozen=True)
class Position:
    """One language's wording of a playbook entry."""

    standard: str
    fallback: str
    walk_away: str
    baseline: str
    redline: tuple[str, ...]
    redline_when: tuple[str, ...] = ()
    """Per redline template, a pattern naming the problem it fixes ("" = any), for entries whose
    risk type covers several problems (drag-along, tag-along and redemption are one risk type)."""

    def template_for(self, problem: str) -> str | None:
        """The first template whose pattern occurs in ``problem`` (the quote and the finding)."""
        for text, when in zip(self.redline, self.redline_when, strict=False):
            if when and re.search(when, problem, re.I):
                return text
        return None


@dataclass(frozen=True)
class PlaybookEntry:
    """The playbook's position on one clause type."""

    clause_type: str
    risk_type: str
    severity: str
    en: Position
    zh: Position

    def position(self, language: str) -> Position:
        """The wording in ``language`` (zh-CN or en)."""
        return self.zh if language.startswith("zh") else self.en

    def to_dict(self, language: str | None = None) -> dict[str, Any]:
        """A JSON-ready view, optionally in one language only."""
        out: dict[str, Any] = {
            "clause_type": self.clause_type,
            "risk_type": self.risk_type,
            "severity": self.severity,
        }
        langs = [language] if language else ["en", "zh-CN"]
        for lang in langs:
            pos = self.position(lang)
            key = "zh" if lang.startswith("zh") else "en"
            out[key] = {
                "standard": pos.standard,
                "fallback": pos.fallback,
                "walk_away": pos.walk_away,
                "baseline": pos.baseline,
                "redline": list(pos.redline),
            }
        return out


@dataclass(frozen=True)
class Playbook:
    """All entries of a domain, with look-ups by clause type and by risk type."""

    domain: str
    entries: dict[str, PlaybookEntry]
    _by_risk: dict[str, PlaybookEntry] = field(default_factory=dict, repr=False)

    def entry(self, clause_type: str) -> PlaybookEntry | None:
        """The entry for one clause type, if the playbook has one."""
        return self.entries.get(clause_type)

    def entries_for(self, clause_types: list[str] | tuple[str, ...]) -> list[PlaybookEntry]:
        """The entries for these clause types, in the given order, without duplicates."""
        out: list[PlaybookEntry] = []
        for ct in clause_types:
            e = self.entries.get(ct)
            if e is not None and e not in out:
                out.append(e)
        return out

    def for_risk(self, risk_type: str) -> PlaybookEntry | None:
        """The entry whose risk type is ``risk_type`` (domain entries win over generic ones)."""
        return self._by_risk.get(risk_type)


def _position(raw: dict[str, Any]) -> Position:
    # A redline template is a string, or {"text": ..., "when": <pattern of the problem it fixes>}.
    templates = [r if isinstance(r, dict) else {"text": r} for r in raw.get("redline", ())]
    return Position(
        standard=str(raw["standard"]),
        fallback=str(raw["fallback"]),
        walk_away=str(raw["walk_away"]),
        baseline=str(raw["baseline"]),
        redline=tuple(str(t["text"]) for t in templates),
        redline_when=tuple(str(t.get("when") or "") for t in templates),
    )


def _read(domain: str) -> dict[str, Any]:
    text = resources.files(__package__).joinpath(f"{domain}.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@lru_cache(maxsize=8)
def load_playbook(domain: str = "generic") -> Playbook:
    """The playbook for ``domain`` (generic, fidic or sha_spa), cached; unknown domains are an error."""
    domain = (domain or "generic").strip().lower()
    if domain not in DOMAINS:
        raise InvalidInput(f"unknown playbook domain {domain!r}; expected one of {', '.join(DOMAINS)}")
    chain = ["generic"] if domain == "generic" else ["generic", domain]
    entries: dict[str, PlaybookEntry] = {}
    by_risk: dict[str, PlaybookEntry] = {}
    for name in chain:
        for clause_type, raw in _read(name)["entries"].items():
            entry = PlaybookEntry(
                clause_type=clause_type,
                risk_type=str(raw["risk_type"]),
                severity=str(raw["severity"]),
                en=_position(raw["en"]),
                zh=_position(raw["zh"]),
            )
            entries[clause_type] = entry
    # The first entry per risk type in the domain file wins, then the generic file's.
    for name in reversed(chain):
        for clause_type, raw in _read(name)["entries"].items():
            by_risk.setdefault(str(raw["risk_type"]), entries[clause_type])
    return Playbook(domain=domain, entries=entries, _by_risk=by_risk)


@lru_cache(maxsize=8)
def playbook_version(domain: str = "generic") -> str:
    """Which playbook a review drew on: "fidic v1 (sha256 1a2b3c4d5e6f)".

    The digest covers every file of the domain's chain, so an edited position shows in reports
    even when nobody raised the version number.
    """
    domain = domain if domain in DOMAINS else "generic"
    chain = ["generic"] if domain == "generic" else ["generic", domain]
    digest = hashlib.sha256()
    for name in chain:
        digest.update(resources.files(__package__).joinpath(f"{name}.json").read_bytes())
    version = _read(domain).get("version", 0)
    return f"{domain} v{version} (sha256 {digest.hexdigest()[:12]})"
