"""The minimal-edit data (``minimal_edit.json``), read once and shared by the modules that use it.

The words struck, the rider's and qualifiers' openings, the contradictions, the figures and the
per-risk-type actor slots: :mod:`clauseflow_legal.minimal_strikes`,
:mod:`clauseflow_legal.minimal_actors`, :mod:`clauseflow_legal.minimal_figures` and
:mod:`clauseflow_legal.minimal_edit` each read their part of it here.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources


@lru_cache(maxsize=1)
def minimal_edit_data() -> dict[str, object]:
    """The contents of ``minimal_edit.json``, keyed by section ("strike", "rider", "actor", "figure", …)."""
    text = resources.files("clauseflow_legal").joinpath("minimal_edit.json").read_text(encoding="utf-8")
    loaded: dict[str, object] = json.loads(text)
    return loaded
