"""Which side of the bargain our party is on when no role word says so.

Playbook positions are kept per side: a 30-day warranty is short for the customer and generous
for the supplier. A contract that names both parties only by company name ('Moravek Components
s.r.o. ("Moravek")' and 'Calder Systems GmbH ("Calder")') gives the resolver no role, so no
position applied. The contract says it in its obligations instead: the party that shall pay the
price, buys or orders pays; the one that sells, supplies, delivers, licenses or invoices supplies.
Patterns are data beside this module (``bargain.patterns.yaml``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Literal

from clauseflow_legal.rules.packs import patterns_beside

Bargain = Literal["pays", "supplies"]

# One clear reading is not enough (a refund "Orbis shall pay the Fees back" reads the other
# way): the verdict needs two readings and twice as many for one side as for the other.
_MIN_READINGS = 2
_MARGIN = 2.0
_CJK = re.compile(r"[\u4e00-\u9fff]")


def _alias_group(names: Sequence[str]) -> str:
    english = sorted((n for n in names if n and not _CJK.search(n)), key=len, reverse=True)
    chinese = sorted((n for n in names if n and _CJK.search(n)), key=len, reverse=True)
    parts = []
    if english:
        parts.append(r"(?<![\w&])(?:" + "|".join(re.escape(n) for n in english) + r")(?![\w&])")
    if chinese:
        parts.append("(?:" + "|".join(re.escape(n) for n in chinese) + ")")
    return "|".join(parts) or "(?!)"


@lru_cache(maxsize=64)
def _readers(names: tuple[str, ...]) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """Two patterns for one party: it pays (buys), and it supplies (sells, invoices)."""
    p = patterns_beside(__file__)
    actor = rf"(?:{_alias_group(names)})"
    pays = (
        rf"(?:{actor}){p['modal']}(?:{p['pays']}|{p['buys']})"
        rf"|(?:{p['paid_by']})(?:{actor})"
        rf"|(?:{actor})(?:{p['pays_zh']})"
    )
    supplies = (
        rf"(?:{actor}){p['modal']}(?:{p['supplies']}|{p['invoices']})"
        rf"|(?:{actor})(?:{p['supplies_zh']})"
    )
    return re.compile(pays), re.compile(supplies)


def bargain_readings(names: Sequence[str], text: str) -> tuple[int, int]:
    """How often the party known by ``names`` is bound to pay, and to supply, in ``text``."""
    pays, supplies = _readers(tuple(names))
    return len(pays.findall(text)), len(supplies.findall(text))


def side_of_bargain(ours: Sequence[str], theirs: Sequence[str], text: str) -> Bargain | None:
    """Whether our party pays or supplies, read from what each side is bound to do; ``None`` when
    the contract does not say clearly (both sides pay and supply alike, or neither is read)."""
    if not ours:
        return None
    we_pay, we_supply = bargain_readings(ours, text)
    they_pay, they_supply = bargain_readings(theirs, text) if theirs else (0, 0)
    paying, supplying = we_pay + they_supply, we_supply + they_pay
    if paying >= _MIN_READINGS and paying >= _MARGIN * supplying:
        return "pays"
    if supplying >= _MIN_READINGS and supplying >= _MARGIN * paying:
        return "supplies"
    return None
