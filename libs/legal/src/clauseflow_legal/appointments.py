"""Exclusive appointments: the exclusivity a distribution, agency or licence contract grants.

A distributor's promise not to sell competing products is one-sided exclusivity when the
supplier stays free to appoint others, and the ordinary price of an exclusive territory when
the supplier appoints it exclusively. The appointment is usually in one clause ("1.1 甲方指定乙方
为其独家经销商") and the promise in another, so the appointment is read once from the whole
contract and travels with the contract's setting (see ``contract_setting.ContractSetting``).
"""

from __future__ import annotations

import re

# "appoints the Distributor as its sole and exclusive distributor", "shall not appoint any other
# distributor", "独家经销商", "甲方不得另行指定其他经销商"; a non-exclusive one ("非独家") is not.
EXCLUSIVE_APPOINTMENT = re.compile(
    r"(?:as\s+its\s+|an?\s+)(?:sole\s+and\s+)?exclusive\s+(?:distributor|reseller|agent|licensee|supplier)"
    r"|shall\s+not\s+(?:\w+\s+){0,3}appoint\s+any\s+(?:other|third)"
    r"|(?<!非)独家(?:经销商|代理商?|被许可方)|不得(?:另行)?(?:委托|指定|授权)(?:任何)?(?:其他|第三方)",
    re.I,
)
_QUOTE_LIMIT = 200


def exclusive_appointment(contract_text: str) -> str:
    """The line of the contract that appoints a party exclusively (shortened), or ``""``."""
    m = EXCLUSIVE_APPOINTMENT.search(contract_text)
    if m is None:
        return ""
    start = contract_text.rfind("\n", 0, m.start()) + 1
    end = contract_text.find("\n", m.end())
    line = contract_text[start : end if end >= 0 else len(contract_text)].strip()
    if len(line) <= _QUOTE_LIMIT:
        return line
    # keep the appointment itself in view when the line is long
    lo = max(0, m.start() - start - _QUOTE_LIMIT // 2)
    return "…" + line[lo : lo + _QUOTE_LIMIT].strip() + "…"
