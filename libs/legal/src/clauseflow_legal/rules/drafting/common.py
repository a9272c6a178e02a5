"""What two or more rule families of the drafting area share."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from clauseflow_legal.rules.base import ClauseContext
from clauseflow_legal.text import Sentence


def walk(obj: Any) -> Iterator[dict[str, Any]]:
    if isinstance(obj, dict):
        yield obj
        for v in obj.values():
            yield from walk(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from walk(v)


def sentence_at(ctx: ClauseContext, pos: int) -> Sentence | None:
    for s in ctx.sentences:
        if s.start <= pos < s.end:
            return s
    return None
