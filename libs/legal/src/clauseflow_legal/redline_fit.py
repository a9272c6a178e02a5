"""Whether the playbook's fallback wording fits a clause (data: ``redline_fit.json``), and the notes that
keep a clause for counsel when it does not.
"""

# ruff: noqa: E501  -- bilingual redline sentences read better unbroken

from __future__ import annotations

import json
import re
from functools import lru_cache
from importlib import resources
from typing import Any


@lru_cache(maxsize=1)
def _fit_data() -> dict[str, Any]:
    text = resources.files("clauseflow_legal").joinpath("redline_fit.json").read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


def template_fits(risk_type: str, original: str, zh: bool) -> bool:
    """Whether the playbook's fallback wording for ``risk_type`` is about what ``original`` is about (data: ``redline_fit.json``)."""
    needs = (_fit_data()["fit"].get(risk_type) or {}).get("zh" if zh else "en")
    return not needs or re.search(str(needs), original, re.I) is not None


def note_to_draft(original: str, problem: str, zh: bool) -> str:
    """``original`` kept, with a note that counsel must redraft it to remove ``problem``."""
    note = str(_fit_data()["note"]["zh" if zh else "en"]).format(problem=problem.strip().rstrip("。. "))
    return original.rstrip() + note


def unchanged_note(text: str, request: str, zh: bool) -> str:
    """``text`` kept, with a note that the playbook could not do what ``request`` asks.

    A redraft that would repeat the text it answers is not disguised by a filler phrase: the
    lawyer reads that the request was not met and why counsel must take it over.
    """
    asked = " ".join(request.split()).strip().rstrip("。. ") or ("审查意见" if zh else "the review's request")
    note = str(_fit_data()["unchanged_note"]["zh" if zh else "en"]).format(request=asked)
    return text.rstrip() + note
