"""Who is who in a clause: our party, the counterparty, and who acts in a given sentence.

A clause is only a risk for *our* party (docs/review-taxonomy.md), so every rule asks:
who may terminate, who indemnifies, whose liability is capped. Parties are recognised by their
contractual role names ("the Supplier", "Contractor", "甲方/乙方", "Seller/Buyer") and by the
short company names given in the review's metadata.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal

from clauseflow_documents.party_names import ROLES, names_in, roles_in

Side = Literal["us", "them", "mutual", "other"]

OPPOSITE: dict[str, tuple[str, ...]] = {
    # A buyer of goods often faces a "Supplier", a customer of services a "Seller": both pairs apply.
    "customer": ("provider", "seller"),
    "provider": ("customer", "buyer"),
    "buyer": ("seller", "provider"),
    "seller": ("buyer", "customer"),
    "contractor": ("employer",),
    "employer": ("contractor",),
    "recipient": ("discloser",),
    "discloser": ("recipient",),
    "licensee": ("licensor",),
    "licensor": ("licensee",),
    "distributor": ("principal", "provider"),
    # an agent's principal is a 委托方/委托人 in Chinese (the customer's names: it commissions and pays)
    "agent": ("principal", "customer"),
    "principal": ("distributor", "agent"),
    "investor": ("majority",),
    "majority": ("investor",),
    "party_a": ("party_b",),
    "party_b": ("party_a",),
    "lessee": ("lessor",),
    "lessor": ("lessee",),
    "borrower": ("lender",),
    "lender": ("borrower", "guarantor"),
    "guarantor": ("lender",),
    "subcontractor": ("contractor",),
}

# Roles on one side of the deal with ours: a borrower's guarantor answers for the borrower's debt, so
# what the guarantee asks of it (on demand, as principal obligor, defences waived) is our burden, and
# a guarantor's borrower is the debtor whose default calls the guarantee.
ALLIES: dict[str, tuple[str, ...]] = {"borrower": ("guarantor",), "guarantor": ("borrower",)}

# Roles that usually receive goods/services/IP and pay: they want flexibility and strong remedies.
BUY_SIDE = {"customer", "buyer", "employer", "licensee", "recipient", "lessee", "investor", "distributor"}
SELL_SIDE = {
    "provider",
    "seller",
    "contractor",
    "licensor",
    "discloser",
    "lessor",
    "principal",
    "subcontractor",
    "agent",
}

_LABELS = {"party_a", "party_b"}

_MUTUAL_EN = re.compile(
    r"\b(?:either|each|neither|both|any)\s+(?:of\s+the\s+)?part(?:y|ies)\b|\bthe\s+parties\b"
    r"|\bthe\s+other\s+party\b|\bthe\s+(?:non-?defaulting|non-?breaching|defaulting|breaching|terminating"
    r"|affected|indemnified|indemnifying|disclosing|receiving)\s+party\b|\ba\s+party\b|\bparties\b",
    re.I,
)
_MUTUAL_ZH = re.compile(r"任何一方|任一方|双方|各方|每一方|守约方|违约方|另一方|对方|一方")


@dataclass(frozen=True)
class Mention:
    """A party mentioned in a text, with which side it is on."""

    side: Side
    alias: str
    start: int
    end: int


def _defined_words(text: str) -> str:
    """The capitalised phrases (and the Chinese) of ``text``: the words a contract defines."""
    return " ".join(re.findall(r"\b[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*|[\u4e00-\u9fff]+", text))


@lru_cache(maxsize=256)
def _alias_table(
    our_roles: tuple[str, ...],
    their_roles: tuple[str, ...],
    our_names: tuple[str, ...],
    their_names: tuple[str, ...],
) -> tuple[tuple[str, Side, re.Pattern[str]], ...]:
    """Every alias of a party set with its side and compiled pattern, longest alias first.

    Cached per party set: a review has one, and ``mentions`` runs several times per clause, so
    sorting the aliases and building their patterns once matters.
    """
    out: list[tuple[str, Side]] = []
    for roles, names, side in ((our_roles, our_names, "us"), (their_roles, their_names, "them")):
        for role in roles:
            en, zh = ROLES[role]
            out += [(a, side) for a in (*en, *zh)]  # type: ignore[misc]
        out += [(n, side) for n in names]  # type: ignore[misc]
    for role, (en, zh) in ROLES.items():
        if role not in our_roles and role not in their_roles:
            out += [(a, "other") for a in (*en, *zh)]
    # Longer aliases first so "Receiving Party" beats "Party" and "被许可方" beats "许可方".
    seen: set[str] = set()
    ordered: list[tuple[str, Side, re.Pattern[str]]] = []
    for alias, side in sorted(out, key=lambda x: -len(x[0])):
        if alias not in seen:
            seen.add(alias)
            ordered.append((alias, side, _mention_pattern(alias)))
    return tuple(ordered)


def _unless_longer(alias: str, table: tuple[tuple[str, Side, re.Pattern[str]], ...]) -> str:
    """``alias`` escaped, not where it is the tail of a longer alias ("许可方" inside "被许可方")."""
    heads = {other[: -len(alias)] for other, _, _ in table if other != alias and other.endswith(alias)}
    escaped = re.escape(alias) if _CJK.search(alias) else _spaced(alias)
    return "".join(f"(?<!{re.escape(h)})" for h in sorted(heads)) + escaped


@lru_cache(maxsize=2048)
def _mention_pattern(alias: str) -> re.Pattern[str]:
    """How an alias is recognised in clause text: Chinese verbatim; English as a capitalised word,
    with an optional plural/possessive (defined terms are capitalised; "other customers" is not a party)."""
    if _CJK.search(alias):
        return re.compile(re.escape(alias))
    return re.compile(rf"(?<![A-Za-z]){_spaced(alias)}(?:s)?(?:'s|’s)?(?![A-Za-z])")


@lru_cache(maxsize=2048)
def _word_pattern(alias: str) -> re.Pattern[str]:
    """An alias as a whole word (case-sensitive); Chinese aliases verbatim."""
    if _CJK.search(alias):
        return re.compile(re.escape(alias))
    return re.compile(rf"(?<![A-Za-z]){_spaced(alias)}(?![A-Za-z])")


def _spaced(alias: str) -> str:
    """An English alias escaped, any run of whitespace between its words matching any other.

    Converted and justified text spreads a name's words apart or over a line: cuad-train MRSFIELDS
    names "PRETZEL  TIME" and "Pretzel                   Time's" beside "PRETZEL TIME"; a PDF wraps
    "Acme Widget\nCorporation"; a typist's double space after a comma ("Beta,  Inc.").
    """
    return r"\s+".join(re.escape(word) for word in alias.split())


_CJK = re.compile(r"[\u4e00-\u9fff]")

# A role word after a party's name is part of a longer noun, not that role's party: "any Kestrel
# Customer" is a customer of Kestrel, "the Kestrel Customer Portal" a portal, "Acme Customer shall" (Acme
# a party) one of Acme's customers. cuad-train: CORIOINC "Corio Customer Application Management
# Revenue", PHREESIA "'Sublicensed Customer' means an Allscripts Customer that has purchased …",
# Sonos "an IAC Subcontractor" (IAC the other party), PareteumCorp "the ELEPHANT TALK Customer".
# Only after a name: after other capitalised words a role word is as often the party itself, in a
# run-in heading ("Taxes Customer will pay", "Limitation of Remedies Customer agrees", cuad-train), a
# list item's verb ("Provide Customer with …") or a party's own designation ("the Remarketing Agent",
# MetLife; "the Marketing Agent", Verizon) - read over cuad-train, "the <Word> <role>" was another
# entity in only about half of a sample.
_CAPITALISED_RUN = re.compile(r"(?:(?<=[ \t(\[])|^)(?:[A-Z][\w&'’-]*(?:\.[\w&'’-]+)*[ \t]+)+$")
# A word that opens a sentence or joins its parts ("If Customer", "Upon Supplier's") modifies nothing.
_NOT_A_MODIFIER = frozenset(
    [
        "the", "a", "an", "any", "each", "every", "such", "no", "all", "its", "their", "our", "other",
        "another", "that", "this", "these", "those", "which", "if", "where", "when", "whenever", "unless",
        "until", "upon", "should", "provided", "notwithstanding", "and", "or", "but", "nor", "by", "to",
        "for", "of", "in", "on", "at", "with", "from", "neither", "either", "both", "whereas", "subject",
        "save", "except", "following", "after", "before", "once", "although", "whether", "nothing", "then",
    ]
)  # fmt: skip


def inside_longer_noun(text: str, start: int, names: tuple[str, ...]) -> bool:
    """Does the role word at ``start`` end a longer noun that holds a party's name ("the Kestrel
    Customer Portal", "Acme Customer shall")?"""
    names = tuple(n for n in names if not _CJK.search(n))
    if not names:
        return False
    run = _CAPITALISED_RUN.search(text[max(0, start - 80) : start])
    if run is None:
        return False
    last = run.group(0).split()[-1]
    if last.lower() in _NOT_A_MODIFIER or last.endswith(("'s", "’s")):
        return False
    return any(_word_pattern(name).search(run.group(0)) for name in names)


@dataclass(frozen=True)
class Parties:
    """Our party and the counterparty as they can appear in clause text."""

    our_roles: tuple[str, ...]
    their_roles: tuple[str, ...]
    our_names: tuple[str, ...] = ()
    their_names: tuple[str, ...] = ()
    our_label: str = ""
    their_label: str = ""
    # "pays" or "supplies" when no role word says which side we are on, read from the contract's
    # obligations (clauseflow_legal.bargain): a contract naming both parties only by company name.
    bargain: str = ""
    _pattern: re.Pattern[str] | None = field(default=None, compare=False, repr=False)

    @property
    def known(self) -> bool:
        """True when we know which role or name is ours."""
        return bool(self.our_roles or self.our_names)

    @property
    def _role_decides(self) -> bool:
        return any(r in BUY_SIDE or r in SELL_SIDE for r in self.our_roles)

    @property
    def subcontracts(self) -> bool:
        """We are a main contractor facing our subcontractor: in the subcontract we stand where an
        employer does (we order the works, pay for them and receive them), whatever "Contractor"
        means in the main contract."""
        return (
            "contractor" in self.our_roles
            and "subcontractor" in self.their_roles
            and "subcontractor" not in self.our_roles
        )

    @property
    def buy_side(self) -> bool:
        """Our party receives the goods/services/IP and pays (customer, buyer, employer, licensee...),
        by its role, or by what the contract binds it to do when no role says."""
        if self.subcontracts:
            return True
        if self._role_decides:
            return any(r in BUY_SIDE for r in self.our_roles)
        return self.bargain == "pays"

    @property
    def sell_side(self) -> bool:
        """Our party supplies (provider, seller, contractor, licensor...), by its role or, when no
        role says, by what the contract binds it to do."""
        if self.subcontracts:
            return False
        if self._role_decides:
            return any(r in SELL_SIDE for r in self.our_roles)
        return self.bargain == "supplies"

    @property
    def supplies(self) -> bool:
        """Our party is the one that delivers and is paid (seller, supplier, contractor...).

        Chinese contracts usually name the customer 甲方 and the supplier 乙方; with no role
        word beside them, that convention decides.
        """
        if self.sell_side:
            return True
        return not self.buy_side and "party_b" in self.our_roles

    @property
    def pays(self) -> bool:
        """Our party is the one that receives and pays (customer, buyer, employer...; 甲方 by convention)."""
        if self.buy_side:
            return True
        return not self.sell_side and "party_a" in self.our_roles

    @property
    def borrows(self) -> bool:
        """Our party borrows, or guarantees a borrower: by its role, or by the other side's (a lender)."""
        return self.is_role("borrower", "guarantor") or (
            "lender" in self.their_roles and not self.is_role("lender")
        )

    def is_role(self, *roles: str) -> bool:
        """Is our party one of these canonical roles?"""
        return any(r in self.our_roles for r in roles)

    def _aliases(self) -> list[tuple[str, Side]]:
        return [(alias, side) for alias, side, _ in self._alias_patterns()]

    def _alias_patterns(self) -> tuple[tuple[str, Side, re.Pattern[str]], ...]:
        return _alias_table(self.our_roles, self.their_roles, self.our_names, self.their_names)

    def mentions(self, text: str) -> list[Mention]:
        """Every party mentioned in ``text`` with its side, in order (mutual phrases included)."""
        spans: list[Mention] = []
        taken: list[tuple[int, int]] = []
        names = self.our_names + self.their_names

        def free(a: int, b: int) -> bool:
            return all(b <= s or a >= e for s, e in taken)

        for alias, side, rx in self._alias_patterns():
            # every alias pattern is case-sensitive and contains the alias's first word verbatim, so
            # an alias whose first word is absent cannot match: skip the regex (most of the ~150)
            if alias.split(maxsplit=1)[0] not in text:
                continue
            role = alias not in names and not _CJK.search(alias)
            for m in rx.finditer(text):
                if role and inside_longer_noun(text, m.start(), names):
                    continue  # "any Kestrel Customer": someone else
                if free(m.start(), m.end()):
                    taken.append((m.start(), m.end()))
                    spans.append(Mention(side, alias, m.start(), m.end()))
        for mutual in (_MUTUAL_EN, _MUTUAL_ZH):
            for m in mutual.finditer(text):
                if free(m.start(), m.end()):
                    taken.append((m.start(), m.end()))
                    spans.append(Mention("mutual", m.group(0), m.start(), m.end()))
        return sorted(spans, key=lambda s: s.start)

    def side_pattern(self, side: Side) -> str:
        """A regex alternation of the side's aliases, longest first ("乙方|受让方|买方|Buyer|…").

        For rules that must name a party in a pattern: a Chinese contract calls the seller
        "甲方" in its clauses as often as "转让方", and only the parties block says which.
        """
        table = self._alias_patterns()
        return "|".join(_unless_longer(a, table) for a, s, _ in table if s == side) or "(?!)"

    def side_before(self, text: str, pos: int, window: int = 200) -> Side | None:
        """The side of the last party named before ``pos`` (the actor of a following verb)."""
        lo = max(0, pos - window)
        found = [m for m in self.mentions(text[lo:pos]) if m.side != "other" or not self.known]
        return found[-1].side if found else None

    def ours(self, side: Side | None) -> bool:
        """Is ``side`` our party? With an unknown perspective every named party counts."""
        return side == "us" or (not self.known and side == "other")

    def theirs(self, side: Side | None) -> bool:
        """Is ``side`` the counterparty? With an unknown perspective every named party counts."""
        return (
            side == "them"
            or (not self.known and side == "other")
            or (side == "other" and not self.their_roles and not self.their_names)
        )

    def sides_in(self, text: str) -> set[Side]:
        """All sides mentioned in ``text``."""
        return {m.side for m in self.mentions(text)}

    def label(self, side: Side, language: str) -> str:
        """A readable name for a side."""
        zh = language.startswith("zh")
        if side == "us":
            return self.our_label or ("我方" if zh else "our party")
        if side == "them":
            return self.their_label or ("对方" if zh else "the counterparty")
        return "双方" if zh else "both parties"


def _alias_in(alias: str, text: str) -> bool:
    if _CJK.search(alias):
        return alias in text
    return _word_pattern(alias).search(text) is not None


def _label(
    roles: tuple[str, ...],
    names: tuple[str, ...],
    raw: str,
    clause_text: str = "",
    every_name: tuple[str, ...] = (),
) -> str:
    """How the contract itself names a party: the role word given in ``raw`` ("... (the Supplier)")
    or used in the clause, else its defined short name, else the role's usual name.

    Findings must call the parties what the contract calls them: a "Supplier" is never renamed
    "Provider" because both are aliases of one role.
    """
    aliases: list[str] = []
    for role in roles:
        en, zh = ROLES[role]
        aliases += [*en, *zh]
    for source in (raw, clause_text):
        if not source:
            continue
        found = [
            (m.start(), a) for a in aliases for m in [_search_alias(a, source, every_name)] if m is not None
        ]
        if found:
            # earliest mention; on a tie the longer alias ("Service Provider" over "Provider")
            return min(found, key=lambda x: (x[0], -len(x[1])))[1]
    for name in names:
        if clause_text and _alias_in(name, clause_text):
            return name
    if roles:
        en, zh = ROLES[roles[0]]
        chinese = _CJK.search(raw + clause_text) is not None
        return zh[0] if zh and (chinese or not en) else en[0]
    return names[0] if names else raw.strip()


def _search_alias(alias: str, text: str, names: tuple[str, ...] = ()) -> re.Match[str] | None:
    """The first use of a role word as the party ("the Kestrel Customer" is not the Customer)."""
    return next(
        (m for m in _word_pattern(alias).finditer(text) if not inside_longer_noun(text, m.start(), names)),
        None,
    )


_ROLE_TAILS = {
    "shareholder",
    "shareholders",
    "party",
    "parties",
    "member",
    "members",
    "holder",
    "holders",
    "the",
}


def _proper_beyond_role(text: str) -> bool:
    """Does a party's name carry a capitalised word of its own beside its role word ("Founder HoldCo")?"""
    words = re.findall(r"[A-Za-z][\w&-]*", text)
    return len(words) >= 2 and any(
        w[0].isupper() and w.lower() not in _ROLE_TAILS and not roles_in(w) for w in words
    )


# Where the client's description of its party ends its role: "Buyer (Vantor Pump Systems, Inc., a
# manufacturer of pumps buying castings)" is the buyer; the manufacturer in the description says what
# the company is, not which side of this contract it is on.
_DESCRIPTION_START = re.compile(r"[(（,，;；]")


def _roles_of(our_party: str) -> tuple[str, ...]:
    """Our roles from the client's words: the role it leads with decides; a description after it
    adds only the label ("卖方（乙方，…）"). With no role in front ("Koelhaven (…), the technology
    provider"), the role named anywhere in the description is ours."""
    head = _DESCRIPTION_START.split(our_party, maxsplit=1)[0]
    led_with = [r for r in roles_in(head) if r not in _LABELS]
    if not led_with:
        return tuple(roles_in(our_party))
    labels = [r for r in roles_in(our_party) if r in _LABELS and r not in led_with]
    return (*roles_in(head), *labels)


def infer_parties(
    our_party: str,
    other_parties: list[str] | None = None,
    clause_text: str = "",
    our_aliases: list[str] | tuple[str, ...] = (),
    bargain: str = "",
) -> Parties:
    """Work out our roles/names and the counterparty's from the metadata and the clause.

    ``our_party`` is free text such as "Customer (Hanway Logistics B.V.)", "承包商" or "Buyer".
    When the counterparty is not given, it is the role opposite ours ("Supplier" for a
    "Customer"), plus any other known role named in the clause. ``our_aliases`` are the other
    names the contract gives our party (:func:`clauseflow_legal.party_roles.party_names`): its
    short name and label are ours too, though the client did not type them. ``bargain`` ("pays" or
    "supplies", :func:`clauseflow_legal.bargain.side_of_bargain`) says which side we are on when no
    role does.
    """
    our_roles = _roles_of(our_party) if our_party else ()
    our_roles += tuple(a for r in our_roles for a in ALLIES.get(r, ()) if a not in our_roles)
    our_names = tuple(names_in(our_party)) if our_party else ()
    if our_roles and not our_names and _proper_beyond_role(our_party):
        # "Founder HoldCo": a defined name that holds a role word is still a name of ours
        our_names = (our_party.strip(),)
    # The client's own words decide our role; the parties block adds what they leave out: the
    # label ("Party B", 乙方) and, when the client gave only a name or a label, the role the
    # contract gives that name ('Calder Systems GmbH (the "Licensee")').
    named_role = any(r not in _LABELS for r in our_roles)
    for alias in our_aliases:
        roles = roles_in(alias)
        if roles and (set(roles) <= _LABELS or not named_role):
            our_roles += tuple(r for r in roles if r not in our_roles)
        elif not roles:
            our_names += tuple(n for n in names_in(alias) if n not in our_names)
        elif not any(r in OPPOSITE.get(o, ()) for r in roles for o in our_roles) and alias not in our_names:
            # a term the contract gives our side that reads as another role ('"Warrantors" means Founder
            # HoldCo and the Founders' while we are the majority): the contract's name for us, not that role
            our_names += (alias,)
    their_roles: list[str] = []
    their_names: list[str] = []
    for other in other_parties or []:
        their_roles += [r for r in roles_in(other) if r not in our_roles]
        their_names += names_in(other)
    if not our_roles and our_names and their_roles:
        # We are known only by name ("Vantor Analytics GmbH") and the other side by its role ("the
        # Client"): we hold the opposite role, so the rules know which side supplies and which pays.
        our_roles = tuple(r for r in OPPOSITE.get(their_roles[0], ())[:1] if r not in their_roles)
    for role in our_roles:
        their_roles += [r for r in OPPOSITE.get(role, ()) if r not in our_roles]
    if not their_roles and clause_text and (our_roles or our_names):
        # With the other side known by name, only a role written as a defined term ("each Supplier")
        # can be it: "any purchaser of its business" is someone else.
        named = clause_text if not their_names else _defined_words(clause_text)
        their_roles += [r for r in roles_in(named) if r not in our_roles]
    if not other_parties and clause_text and our_roles:
        their_roles += _counterparty_named_otherwise(our_roles, their_roles, clause_text)
    if clause_text and (our_roles or our_names):
        # '"Orbis" means the Licensor', 'the Distributor (hereinafter "Orbis")' in the clause itself: the
        # short name is the side of the role or name it defines
        from clauseflow_legal.party_roles import short_names_defined

        def words(roles: tuple[str, ...] | list[str], names: tuple[str, ...] | list[str]) -> list[str]:
            return [*names, *(w for r in roles for w in ROLES[r][0])]

        short_ours, short_theirs = short_names_defined(
            clause_text, words(our_roles, our_names), words(their_roles, their_names)
        )
        our_names += tuple(n for n in short_ours if n not in our_names)
        their_names += [n for n in short_theirs if n not in their_names]
    # "Vendor" is both a provider and a seller name; never let an alias be on both sides.
    their_roles = [r for r in dict.fromkeys(their_roles) if r not in our_roles]
    their_names = [n for n in dict.fromkeys(their_names) if n not in our_names]
    every_name = (*our_names, *their_names)
    return Parties(
        our_roles=our_roles,
        their_roles=tuple(their_roles),
        our_names=our_names,
        their_names=tuple(their_names),
        our_label=_label(our_roles, our_names, our_party, clause_text, every_name),
        their_label=_label(
            tuple(their_roles), tuple(their_names), (other_parties or [""])[0], clause_text, every_name
        ),
        bargain=bargain if bargain in ("pays", "supplies") else "",
    )


def _counterparty_named_otherwise(
    our_roles: tuple[str, ...], their_roles: list[str], clause_text: str
) -> list[str]:
    """The other side under a role the usual pairing does not give: a Customer's "Contractor" or
    "Manufacturer", a Supplier's "Employer".

    Only when nobody said who the other side is and the clause names none of the usual roles: then
    the role it names on the other side of the bargain (one who supplies when we pay, one who pays
    when we supply) is the counterparty. "All reports developed by the Contractor … shall remain the
    property of the Contractor", read for a Customer; cuad-train UpjohnInc Manufacturing Agreement:
    "Customer acknowledges … all Improvements and Developments made by or on behalf of Manufacturer
    … shall be the exclusive property of Manufacturer". A clause that names the Supplier and a
    "Contractor" keeps the Contractor a third party (the Supplier's subcontractor).
    """
    named = roles_in(_defined_words(clause_text))
    if any(r in named for r in their_roles) or "subcontractor" in our_roles:
        return []  # a subcontract's Employer is the main contract's, above our Contractor
    buying = any(r in BUY_SIDE for r in our_roles)
    selling = any(r in SELL_SIDE for r in our_roles)
    if buying == selling:
        return []
    other_side = (
        SELL_SIDE - {"subcontractor", "discloser"} if buying else BUY_SIDE - {"recipient", "investor"}
    )
    return [r for r in named if r in other_side and r not in our_roles]


def contract_parties(our_party: str, contract_text: str, clause_text: str = "") -> Parties:
    """Our party and the counterparty under every name the contract gives them.

    The one resolver for "is this actor us or them": roles ("the Licensee"), labels (甲方/乙方,
    Party A/B), full company names, short names the parties block defines ("Orbis", "远川"),
    and the mutual references ("each party", "the other party", "双方") that bind both.
    """
    from clauseflow_legal.party_roles import party_names

    names = party_names(our_party, contract_text)
    return infer_parties(our_party, list(names.theirs), clause_text or contract_text, names.ours)
