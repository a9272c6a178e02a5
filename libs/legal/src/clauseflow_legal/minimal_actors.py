"""Actors: the party a risk turns on, changed in place, or its one-sided option struck.

:func:`clause_actors` reads how the clause names each side; :func:`actor_edits` rewrites the
slot naming the wrong party (whose IP, whose courts) or strikes an option only the counterparty
has. The slots are data (``minimal_edit.json`` ``actor``, per risk type).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from clauseflow_legal.minimal_data import minimal_edit_data
from clauseflow_legal.minimal_strikes import struck
from clauseflow_legal.parties import infer_parties
from clauseflow_legal.redline_rules import is_chinese


@dataclass(frozen=True)
class Actors:
    """How the clause names each side: the aliases of ours and of the counterparty found in it."""

    us: tuple[str, ...] = ()
    them: tuple[str, ...] = ()
    # we deliver and are paid (a supplier's deliverables are the customer's by the bargain)
    we_supply: bool = False


def clause_actors(our_party: str, clause_text: str) -> Actors:
    """The names the clause gives our party and the counterparty, in the order it uses them."""
    if not our_party:
        return Actors()
    parties = infer_parties(our_party, None, clause_text)
    mentions = parties.mentions(clause_text)
    us = tuple(dict.fromkeys(m.alias for m in mentions if m.side == "us"))
    # A name the parties block does not place ("Aurelia") is not ours: the counterparty's, here.
    them = tuple(dict.fromkeys(m.alias for m in mentions if m.side in ("them", "other")))
    return Actors(us, them, parties.supplies)


@lru_cache(maxsize=64)
def _actor_slots(risk_type: str, zh: bool) -> tuple[dict[str, object], ...]:
    actors = minimal_edit_data().get("actor")
    assert isinstance(actors, dict)
    entry = actors.get(risk_type) or {}
    assert isinstance(entry, dict)
    return tuple(entry.get("zh" if zh else "en") or ())


def _alternation(names: Sequence[str]) -> str:
    return "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))


def _them(actors: Actors, zh: bool, strike: bool) -> str | None:
    """The pattern of the counterparty's names; for a strike, any name not ours when none is known.

    A party the parties block does not place ("save that Aurelia may…") is still not us: striking
    an option it alone has is checked like any other edit.
    """
    if actors.them:
        return f"(?:{_alternation(actors.them)})"
    if not strike or zh:
        return None
    ours = f"(?!(?:{_alternation(actors.us)})\\b)" if actors.us else ""
    return f"(?-i:{ours}[A-Z][A-Za-z-]+)"


def _parties_named(wording: str, actors: Actors, sentence: str, named: str | None = None) -> str | None:
    """``wording`` with {us} and {them} as the clause names each ("the Buyer", "Koelhaven", "乙方"), or None.

    ``named``: the counterparty as the matched words name it, where the parties block does not.
    None when the wording names a party the clause does not name.
    """
    for slot, names in (("{us}", actors.us), ("{them}", actors.them or ((named,) if named else ()))):
        if slot not in wording:
            continue
        if not names:
            return None
        name = re.sub(r"^(?:the|The)\s+", "", names[0])
        article = re.search(rf"\b[Tt]he\s+{re.escape(name)}\b", sentence) is not None
        wording = wording.replace(slot, f"the {name}" if article else name)
    return wording


def actor_edits(sentence: str, risk_type: str, actors: Actors) -> list[str]:
    """``sentence`` with the party a risk turns on changed or its one-sided option struck, one slot each.

    The slots are data (``minimal_edit.json`` ``actor``, per risk type): who the IP belongs to,
    whose home court hears disputes, an option only the counterparty has. A slot naming the
    counterparty is rewritten to name us (or the slot's neutral word, "被告"); one naming us, the
    counterparty; a ``strike`` slot goes whole. Which of these removes the risk the caller checks.
    """
    out: list[str] = []
    matched: list[list[tuple[int, int, str]]] = []
    zh = is_chinese(sentence)
    for slot in _actor_slots(risk_type, zh):
        pattern = str(slot["pattern"])
        if slot.get("unless") == "we_supply" and actors.we_supply:
            continue  # what we deliver for pay is the customer's: the fix is elsewhere
        if "{us}" in pattern and not actors.us:
            continue  # the clause does not name the party the slot is about
        # a strike, or a slot saying so ("them_any"), takes any name not ours where none is placed
        them = _them(actors, zh, bool(slot.get("strike") or slot.get("them_any")))
        if "{them}" in pattern and them is None:
            continue
        unless = str(slot.get("unless_sentence") or "")
        if (
            unless
            and (them is not None or "{them}" not in unless)
            and re.search(unless.replace("{them}", them or ""), sentence, re.I)
        ):
            continue  # what is made from their own information is not ours to take by a swap
        needs = str(slot.get("if_sentence") or "")
        if needs and not re.search(needs, sentence, re.I):
            continue  # the slot is about what the sentence is not about
        pattern = pattern.replace("{us}", f"(?:{_alternation(actors.us)})")
        pattern = pattern.replace("{them}", them or "")
        for m in re.finditer(pattern, sentence, 0 if zh else re.I):
            if slot.get("strike"):
                out.append(struck(sentence, ((m.start(), m.end()),)))
                # struck with the other slots' edits too: constructive knowledge and the data room
                # struck together where either alone leaves the other
                matched.append([(m.start(), m.end(), "")])
                continue
            edits: list[tuple[int, int, str]] = []
            for name, value in m.groupdict().items():
                if value is None:
                    continue
                if name == "named":  # the party as the sentence names it, kept (the wording may name it)
                    continue
                if name == "word":  # not a party: the slot's words go there ("not", "不")
                    wording = _parties_named(
                        str(slot.get("to") or ""),
                        actors,
                        sentence,
                        m.group("named") if "named" in m.groupdict() else None,
                    )
                    if wording is None:  # it names a party the clause does not name: no edit
                        edits = []
                        break
                    edits.append((m.start(name), m.end(name), wording))
                    continue
                if name.startswith("cut"):  # words the edit strikes with it ("不", "…不得据此…")
                    edits.append((m.start(name), m.end(name), ""))
                    continue
                other = actors.us if name.startswith("them") else actors.them
                to = str(slot.get("to") or (other[0] if other else ""))
                if to:
                    edits.append((m.start(name), m.end(name), to))
            text = _applied(sentence, edits)
            if edits and text != sentence:
                out.append(text)
                matched.append(edits)
    # every slot's edit at once, after each alone: a fix that needs the claims narrowed and the
    # basis made fault-based needs both
    if len(matched) > 1:
        together = [e for edits in matched for e in edits]
        spans = sorted((start, end) for start, end, _ in together)
        if all(a[1] <= b[0] for a, b in itertools.pairwise(spans)):
            out.append(_applied(sentence, together))
    return list(dict.fromkeys(out))


def _applied(sentence: str, edits: Sequence[tuple[int, int, str]]) -> str:
    """``sentence`` with each (start, end, words) edit made; tidied where one strikes words."""
    text = sentence
    for start, end, to in sorted(edits, reverse=True):
        text = text[:start] + to + text[end:]
    return struck(text, ()) if any(not to for _, _, to in edits) else text
