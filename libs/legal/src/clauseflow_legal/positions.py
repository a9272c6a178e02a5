"""A clause's numbers against the playbook's market positions, with a level set by the distance.

The playbooks (``playbook/*.json``) keep, under ``"positions"``, per measure (warranty period,
liability cap as a multiple of the fees, cure period, renewal term, liquidated-damages rate,
late-payment interest, retention, deposit, lock-up, drag/tag thresholds, ...) and per side of the
deal (supplier, customer, investor, ...) the market ``standard`` and the ``walk_away`` point, and
which direction hurts us. A domain playbook (fidic, sha_spa) overrides the generic one per
measure; a contract type (``"contract_types"``: a title pattern and its own positions) overrides
the domain. A new kind of contract is a playbook entry, not code.

Level, calibrated by distance: within the walk-away point nothing is reported (that is the
negotiable range); beyond it the finding is ``medium``; as far again beyond it (the walk-away
point moved by the same ratio it stands from the standard) it is ``high``. A position may cap the
level (``max_level``) where the taxonomy's severity is lower.
"""

# ruff: noqa: E501  -- legal patterns and bilingual wording read better unbroken

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Literal

from clauseflow_legal.parameters import Basis, Parameter, extract_parameters
from clauseflow_legal.parties import Parties
from clauseflow_legal.playbook import DOMAINS

Direction = Literal["max", "min"]
_LEVELS = ("low", "medium", "high")


@dataclass(frozen=True)
class MarketPosition:
    """The playbook's position on one measure for one side of the deal."""

    measure: str
    perspective: tuple[
        str, ...
    ]  # "supplier", "customer", "any" or canonical roles ("investor", "buyer", ...)
    risk_type: str
    direction: Direction  # "max": more than the standard hurts us; "min": less hurts us
    standard: float
    walk_away: float
    kind: str = ""  # the kind of number compared ("multiple", "percent", "period"); "" = any
    per: Basis = ""  # rates are compared on this basis ("week" for LDs, "year" for interest)
    bound: str = "any"  # whose number it must be: "us" (we bear it), "us_only" (not both), "them", "any"
    max_level: str = "high"
    label_en: str = ""
    label_zh: str = ""
    # Measures whose market-conform value in the same clause makes this one acceptable: a steep
    # daily delay-damages rate is no risk when the total is capped at a market percentage.
    excused_by: tuple[str, ...] = ()
    # A sentence saying this makes the number acceptable (a large advance secured by a guarantee).
    excused_if: re.Pattern[str] | None = None
    # ... only up to this value (a statutory minimum period excuses that period, not any longer one)
    excused_up_to: float | None = None
    # Roles the position never speaks for even if they fall under its perspective (an agency's
    # principal sells to the world but pays its agent).
    not_for: tuple[str, ...] = ()
    # A shareholder threshold must exceed what the others hold together, or they act without us.
    above_others_holding: bool = False

    def worse(self, value: float) -> bool:
        """Whether ``value`` is beyond the walk-away point."""
        return value > self.walk_away if self.direction == "max" else value < self.walk_away

    def level(self, value: float) -> str | None:
        """The finding's level for ``value``: None within the walk-away point, else medium or high."""
        if not self.worse(value):
            return None
        if self.direction == "max":
            far = (
                self.walk_away * (self.walk_away / self.standard) if self.standard > 0 else self.walk_away * 2
            )
            level = "high" if value >= far else "medium"
        else:
            far = self.walk_away * (self.walk_away / self.standard) if self.standard > 0 else 0.0
            level = "high" if value <= far else "medium"
        return level if _LEVELS.index(level) <= _LEVELS.index(self.max_level) else self.max_level


def _read(domain: str) -> dict[str, Any]:
    text = resources.files("clauseflow_legal.playbook").joinpath(f"{domain}.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def _parse(measure: str, spec: dict[str, Any]) -> list[MarketPosition]:
    label = spec.get("label", {})
    return [
        MarketPosition(
            measure=measure,
            perspective=tuple(p["for"]) if isinstance(p["for"], list) else (str(p["for"]),),
            risk_type=str(p["risk_type"]),
            direction=p["direction"],
            standard=float(p["standard"]),
            walk_away=float(p["walk_away"]),
            kind=str(p.get("kind") or ""),
            per=p.get("per") or "",
            bound=str(p.get("bound") or "any"),
            max_level=str(p.get("max_level") or "high"),
            label_en=str(label.get("en") or measure.replace("_", " ")),
            label_zh=str(label.get("zh") or label.get("en") or measure),
            excused_by=tuple(p.get("excused_by") or ()),
            excused_if=re.compile(p["excused_if"], re.I) if p.get("excused_if") else None,
            excused_up_to=float(p["excused_up_to"]) if p.get("excused_up_to") is not None else None,
            not_for=tuple(p.get("not_for") or ()),
            above_others_holding=bool(p.get("above_others_holding")),
        )
        for p in spec.get("positions", [])
    ]


@cache
def _contract_types(domain: str) -> tuple[tuple[str, re.Pattern[str], dict[str, list[MarketPosition]]], ...]:
    chain = ["generic"] if domain == "generic" else ["generic", domain]
    out = []
    for name in chain:
        for type_name, spec in _read(name).get("contract_types", {}).items():
            positions = {m: _parse(m, s) for m, s in spec.get("positions", {}).items()}
            out.append((type_name, re.compile(spec["title"], re.I), positions))
    return tuple(out)


@cache
def _domain_positions(domain: str) -> dict[str, list[MarketPosition]]:
    chain = ["generic"] if domain == "generic" else ["generic", domain]
    merged: dict[str, list[MarketPosition]] = {}
    for name in chain:
        for measure, spec in _read(name).get("positions", {}).items():
            merged[measure] = _parse(measure, spec)  # the domain's entry replaces the generic one
    return merged


@cache
def market_risk_types() -> frozenset[str]:
    """Every risk type a market position of any playbook can report."""
    out: set[str] = set()
    for domain in DOMAINS:
        for positions in (_domain_positions(domain), *(p for _, _, p in _contract_types(domain))):
            out.update(pos.risk_type for items in positions.values() for pos in items)
    return frozenset(out)


def contract_type(domain: str, title: str) -> str:
    """The playbook's contract type whose title pattern matches ``title`` ("" when none does)."""
    return next((name for name, rx, _ in _contract_types(_domain(domain)) if title and rx.search(title)), "")


def market_positions(domain: str, title: str = "") -> dict[str, list[MarketPosition]]:
    """Measure → positions for ``domain``, with the matching contract type's positions on top."""
    domain = _domain(domain)
    merged = dict(_domain_positions(domain))
    for _name, rx, positions in _contract_types(domain):
        if title and rx.search(title):
            merged |= positions
            break
    return merged


def _domain(domain: str) -> str:
    return domain if domain in DOMAINS else "generic"


def perspectives(parties: Parties) -> set[str]:
    """The sides of the deal our party stands on: its roles, supplier/customer, and "any"."""
    out = {"any", *parties.our_roles}
    # a main contractor facing its subcontractor stands where an employer does: the positions of
    # the one who builds (defects period, security, delay damages) are the subcontractor's
    if "subcontractor" in parties.their_roles and not parties.is_role("subcontractor"):
        out.discard("contractor")
        out.add("employer")  # ... and the employer's floors (its delay-damages cap, security) are its own
    if parties.supplies:
        out.add("supplier")
    if parties.pays:
        out.add("customer")
    if parties.is_role("investor"):
        out.add("minority")
    # a party known only by name ("the Company") facing a lender borrows from it: the borrower's positions
    if parties.borrows:
        out.add("borrower")
    return out


@dataclass(frozen=True)
class Deviation:
    """A parameter beyond the playbook's walk-away point, with the level its distance earns."""

    parameter: Parameter
    position: MarketPosition
    value: float  # on the position's basis
    level: str


def deviations(
    text: str,
    parties: Parties,
    domain: str = "generic",
    title: str = "",
    bound_side: Any = None,
    our_holding: float | None = None,
) -> list[Deviation]:
    """The clause's parameters beyond the walk-away point of a position for our side.

    ``our_holding`` is our percentage of the company where the contract states it (share deals).
    ``bound_side(parameter)`` says whose number it is ("us", "them", "mutual" or None when the
    sentence does not say); positions bound to one side skip numbers the other side bears.
    """
    positions = market_positions(domain, title)
    ours = perspectives(parties)
    if our_holding is not None and our_holding > 50:
        # a holder in control needs none of a minority's protections (tag-along, pre-emption
        # window, consent thresholds), whatever its title
        ours -= {"investor", "minority"}
    found = extract_parameters(text)
    out: list[Deviation] = []
    seen: set[tuple[str, int]] = set()

    def applies(position: MarketPosition, parameter: Parameter) -> bool:
        return (
            bool(ours.intersection(position.perspective))
            and not ours.intersection(position.not_for)
            and (not position.kind or position.kind == parameter.kind)
            and (not position.per or bool(parameter.per))
        )

    def value_of(position: MarketPosition, parameter: Parameter) -> float:
        return parameter.rate(position.per) if position.per else parameter.value

    def excused(position: MarketPosition) -> bool:
        return any(
            other.measure in position.excused_by
            and any(
                applies(q, other) and q.level(value_of(q, other)) is None
                for q in positions.get(other.measure, [])
            )
            for other in found
        )

    for parameter in found:
        for position in positions.get(parameter.measure, []):
            if not applies(position, parameter):
                continue
            value = value_of(position, parameter)
            level = position.level(value)
            if (
                position.above_others_holding
                and our_holding is not None
                and 0 < our_holding < 100
                and not _we_are_among(parameter.sentence.text, parties)
            ):
                # the others together reach the threshold: they decide without us
                level = "high" if value <= 100 - our_holding + 1e-9 else level
            if level is None or excused(position):
                continue
            if (
                position.excused_if is not None
                and position.excused_if.search(parameter.sentence.text)
                and (position.excused_up_to is None or value <= position.excused_up_to)
            ):
                continue
            if position.bound != "any" and bound_side is not None:
                side = bound_side(parameter)
                # "us_only": a burden both sides bear alike (a mutual notice bar) is balanced
                skip = (
                    {"them", "mutual"}
                    if position.bound == "us_only"
                    else {"them" if position.bound == "us" else "us"}
                )
                if side in skip:
                    continue
            key = (position.risk_type, parameter.start)
            if key in seen:
                continue
            seen.add(key)
            out.append(Deviation(parameter, position, value, level))
    return out


def _we_are_among(sentence: str, parties: Parties) -> bool:
    """The holders that reach a threshold must include us ("Shareholders holding at least 75%,
    including the Investor", "75%，其中须包括甲方"): the others cannot reach it alone."""
    us = parties.side_pattern("us")
    return bool(
        re.search(
            rf"(?:including|which\s+(?:shall|must)\s+include|one\s+of\s+whom\s+(?:shall|must)\s+be)\s+(?:the\s+)?(?:{us})\b"
            rf"|(?:包括|须包括|其中(?:须|应)?包括)(?:{us})|(?:{us})在内",
            sentence,
            re.I,
        )
    )


# --- wording -------------------------------------------------------------------------------------


def shown(value: float, position: MarketPosition, zh: bool) -> str:
    """A value as a reader expects it: periods in months or years, rates with their basis."""
    if position.kind == "period" or position.measure.endswith(("period", "term", "notice", "lock_up")):
        if value >= 360 and round(value / 365, 1) == round(value / 365):
            n = round(value / 365)
            return f"{n}年" if zh else f"{n} year{'s' if n != 1 else ''}"
        if value >= 28 and abs(value / 30 - round(value / 30)) < 0.05:
            n = round(value / 30)
            return f"{n}个月" if zh else f"{n} month{'s' if n != 1 else ''}"
        days = round(value, 1)
        return f"{days:g}日" if zh else f"{days:g} day{'s' if days != 1 else ''}"
    if position.kind == "multiple":
        return f"{value:g}倍费用" if zh else f"{value:g}× the fees"
    basis = {"day": ("per day", "每日"), "week": ("per week", "每周"), "month": ("per month", "每月")}
    basis["year"] = ("per year", "每年")
    suffix = basis[position.per][1 if zh else 0] if position.per else ""
    return f"{suffix}{value:g}%" if zh else f"{value:g}%{' ' + suffix if suffix else ''}"


def describe(deviation: Deviation, zh: bool) -> tuple[str, str, str]:
    """Description, reason and market analysis of a deviation, in the review language."""
    pos = deviation.position
    label = pos.label_zh if zh else pos.label_en
    value = shown(deviation.value, pos, zh)
    standard, walk = shown(pos.standard, pos, zh), shown(pos.walk_away, pos, zh)
    far = deviation.level == "high"
    if zh:
        side = "高于" if pos.direction == "max" else "低于"
        return (
            f"{label}为{value}，{side}我方可接受的底线（{walk}）{'甚远' if far else ''}。",
            f"市场惯例约为{standard}；{label}{'越长/越高' if pos.direction == 'max' else '越短/越低'}对我方越不利。",
            f"建议将{label}调整至{standard}左右，至少不{'超过' if pos.direction == 'max' else '低于'}{walk}。",
        )
    side = "above" if pos.direction == "max" else "below"
    return (
        f"The {label} is {value}, {'far ' if far else ''}{side} our walk-away point of {walk}.",
        f"The market position is about {standard}; a {'longer or higher' if pos.direction == 'max' else 'shorter or lower'} "
        f"{label} is worse for us.",
        f"Bring the {label} to about {standard}, and in no case {'beyond' if pos.direction == 'max' else 'below'} {walk}.",
    )
