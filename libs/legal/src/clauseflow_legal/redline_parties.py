"""How a redline names the parties: in the clause's own words (its alias for a role, its label, its
name for the same person), and a template filled with those names.
"""

from __future__ import annotations

import re
from functools import lru_cache

from clauseflow_documents.party_names import ROLES


def party_name(
    roles: tuple[str, ...], names: tuple[str, ...], clause_text: str, zh: bool, fallback: str, given: str = ""
) -> str:
    """How the clause itself names a party: the alias of its role (or its name) that occurs in the text.

    ``given`` is how the client named the party ("承包人"): among aliases, the ones it uses come first.
    """
    aliases: list[str] = []
    for role in roles:
        en, zh_aliases = ROLES[role]
        aliases += list(zh_aliases if zh else en) + list(en if zh else zh_aliases)
    aliases.sort(key=lambda a: not (given and a in given))
    aliases += list(names)
    # the pattern holds the alias verbatim (case-sensitive): an alias absent from the text is skipped
    found = {a: m.start() for a in aliases if a in clause_text and (m := _alias_word(a).search(clause_text))}
    # The name the clause uses first is the party's ("发包人在收到业主方…放款后": 发包人, not the owner
    # behind it).
    present = sorted(found, key=lambda a: (not (given and a in given), found[a]))
    # A clause that names neither party: the contract's own label for it (甲方, Party A) before a
    # role word ("客户") the contract may never use.
    labels = [ROLES[r][1 if zh else 0][0] for r in roles if r in ("party_a", "party_b")]
    label = present[0] if present else next(iter([*labels, *aliases, *names]), "")
    if not label:
        return fallback
    if zh or re.search(r"[\u4e00-\u9fff]", label):
        return label
    bare_rx, the_rx = _label_patterns(label)
    bare = bare_rx.search(clause_text)
    the = the_rx.search(clause_text)
    if label in names or (bare and not the):
        return label
    return f"the {label}"


@lru_cache(maxsize=1024)
def _alias_word(alias: str) -> re.Pattern[str]:
    """A party alias as a whole word (compiled once per alias)."""
    return re.compile(rf"(?<![A-Za-z]){re.escape(alias)}(?![A-Za-z])")


@lru_cache(maxsize=1024)
def _label_patterns(label: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """(the label without an article, the label after "the"), compiled once per label."""
    return (
        re.compile(rf"(?<!the )(?<!The )\b{re.escape(label)}\b"),
        re.compile(rf"\b[Tt]he\s+{re.escape(label)}\b"),
    )


# One person, several names: a template written for "the Buyer" must say "the Purchaser" in a
# contract that calls the buyer so, or the proposed wording names someone the contract never defines.
# (``parties.ROLES`` groups everyone on one side, the Engineer and the Lenders with the Employer, so
# its alias lists cannot say which words name the same person.)
_SAME_PERSON_EN = (
    ("Buyer", "Purchaser", "Transferee"),
    ("Seller", "Vendor", "Transferor"),
    ("Employer", "Owner", "Principal"),
    ("Investor", "Subscriber"),
)
_SAME_PERSON_ZH = (
    ("业主", "发包人", "建设单位"),
    ("承包商", "承包人"),
    ("买方", "买受人", "受让方"),
    ("卖方", "出卖人", "转让方"),
)


def in_the_contracts_words(text: str, clause_text: str, prefer: tuple[str, ...] = ()) -> str:
    """``text`` with each party word the clause does not use replaced by the name it uses for that party.

    ``prefer``: the names already chosen for us and the counterparty; a family holding one of them is
    written with it (a clause may also name a third person, "业主方", with a word of the same family).
    """
    preferred = {re.sub(r"^the\s+", "", p) for p in prefer}
    for names in _SAME_PERSON_EN:
        used = [n for n in names if n in preferred] or [
            n for n in names if re.search(rf"\b{n}s?\b", clause_text)
        ]
        if not used:
            continue
        for name in names:
            if name not in used:
                text = re.sub(rf"\b{name}(?=s?\b|['’]s\b)", used[0], text)
    for names in _SAME_PERSON_ZH:
        used = [n for n in names if n in preferred] or [n for n in names if n in clause_text]
        for name in names if used else ():
            if name not in used:
                text = text.replace(name, used[0])
    return text


def fill_template(template: str, us: str, them: str) -> str:
    text = template.replace("{us}", us).replace("{them}", them)
    text = re.sub(r"\bthe the\b", "the", text)
    return text[:1].upper() + text[1:] if text and text[0].isalpha() else text
