"""Legal knowledge shared by the playbook model and the skills.

- :mod:`.clause_types` — the clause-type catalogue and ``classify_clause``;
- :mod:`.risk_type_readings` — what a clause's sentences do, for the 13 risk-bearing CUAD types;
- :mod:`.playbook` — positions, fallbacks and redline templates per domain;
- :mod:`.analysis` — ``analyse_clause``: the risks of a clause for our party;
- :mod:`.redline` — ``draft_redline``; :mod:`.redline_check` — ``check_redline``;
- :mod:`.risk_types` — the taxonomy ids.
"""

from __future__ import annotations

from clauseflow_contracts.risk_types import RISK_TYPES

from clauseflow_legal.analysis import analyse_clause
from clauseflow_legal.clause_types import CLAUSE_TYPES, CUAD_TYPES, classify_clause
from clauseflow_legal.playbook import Playbook, PlaybookEntry, load_playbook
from clauseflow_legal.redline import draft_redline
from clauseflow_legal.redline_check import check_redline

__all__ = [
    "CLAUSE_TYPES",
    "CUAD_TYPES",
    "RISK_TYPES",
    "Playbook",
    "PlaybookEntry",
    "analyse_clause",
    "check_redline",
    "classify_clause",
    "draft_redline",
    "load_playbook",
]
