"""Tolerant extraction of a JSON answer from model text.

Real models wrap JSON in code fences, put prose before or after it, think
aloud in ``<think>`` blocks, wrap arrays in ``{"risks": [...]}`` or leave a
trailing comma. We accept all of that, and when nothing usable is there we
raise :class:`LLMBadAnswer` saying what we got.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Iterator
from typing import Any, Literal

from clauseflow_contracts.llm_errors import LLMBadAnswer

Expect = Literal["list", "object"]

_THINK_RE = re.compile(r"<think>.*?(?:</think>|$)", re.DOTALL | re.IGNORECASE)
_FENCE_RE = re.compile(r"```[A-Za-z0-9_-]*[ \t]*\n?(.*?)```", re.DOTALL)
_TRAILING_COMMA_RE = re.compile(r",(\s*[\]}])")
# Keys under which models commonly wrap the list we asked for.
_LIST_WRAPPERS = ("risks", "redlines", "diffs", "items", "results", "data", "issues", "answer", "output")
_PREVIEW_CHARS = 200


def _preview(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= _PREVIEW_CHARS else flat[:_PREVIEW_CHARS] + "…"


def _candidates(text: str) -> Iterator[str]:
    """Texts to try, best first: the whole answer, fenced blocks, the answer without a dangling fence."""
    yield text
    for block in _FENCE_RE.findall(text):
        yield block.strip()
    # An unclosed fence (the model stopped early or forgot to close it).
    if "```" in text:
        after = text.split("```", 1)[1]
        yield re.sub(r"^[A-Za-z0-9_-]*[ \t]*\n", "", after).replace("```", "").strip()


def _decode_values(text: str) -> Iterator[Any]:
    """Every JSON array/object that starts somewhere in ``text``, in order of position."""
    decoder = json.JSONDecoder()
    for variant in (text, _TRAILING_COMMA_RE.sub(r"\1", text)):
        stripped = variant.strip()
        with contextlib.suppress(ValueError):
            yield json.loads(stripped)
        for match in re.finditer(r"[\[{]", variant):
            try:
                value, _ = decoder.raw_decode(variant, match.start())
            except ValueError:
                continue
            yield value


def _shape(value: Any, expect: Expect) -> Any | None:
    """``value`` in the expected shape, unwrapping common wrappers; ``None`` if it does not fit."""
    if expect == "list":
        if isinstance(value, list):
            return value
        if isinstance(value, dict):
            for key in _LIST_WRAPPERS:
                if isinstance(value.get(key), list):
                    return value[key]
            lists = [v for v in value.values() if isinstance(v, list)]
            if len(value) == 1 and len(lists) == 1:
                return lists[0]
            if not lists and value:
                # A lone item where a list of items was asked for (a single risk, say).
                return [value]
        return None
    if isinstance(value, dict):
        return value
    if isinstance(value, list) and len(value) == 1 and isinstance(value[0], dict):
        return value[0]
    return None


def parse_json_answer(text: str | None, expect: Expect = "list") -> Any:
    """Extract the JSON ``list`` or ``object`` the model was asked for.

    Tolerates code fences, prose around the JSON, ``<think>`` blocks, trailing
    commas and wrappers such as ``{"risks": [...]}`` (for lists) or a
    one-element list around an object. Raises :class:`LLMBadAnswer` with a
    preview of the answer when no JSON of the expected shape is present.
    """
    if expect not in ("list", "object"):
        raise ValueError(f"expect must be 'list' or 'object', not {expect!r}")
    raw = text or ""
    cleaned = _THINK_RE.sub("", raw).strip()
    if not cleaned:
        raise LLMBadAnswer(f"the model returned an empty answer where a JSON {expect} was expected")
    seen_json = False
    for candidate in _candidates(cleaned):
        for value in _decode_values(candidate):
            seen_json = True
            shaped = _shape(value, expect)
            if shaped is not None:
                return shaped
    if seen_json:
        raise LLMBadAnswer(
            f"the model's answer contains JSON but not a JSON {expect} (nor a known wrapper of one): "
            f"{_preview(cleaned)!r}"
        )
    raise LLMBadAnswer(f"the model's answer contains no JSON {expect}: {_preview(cleaned)!r}")
