"""Contracts written by the tests themselves: numbered clauses, some risky for our party, some benign.

Periods and counts in the wording vary with the clause number, so a reviewer has to read each
clause; which clauses are risky is fixed by the number, so two contracts built with the same
arguments are identical and their reports can be compared.
"""

from __future__ import annotations

from pathlib import Path

OUR_PARTY = "Kestrel Data Services Ltd. (the Supplier)"

PREAMBLE = (
    "MASTER SERVICES AGREEMENT\n\n"
    'This Agreement is made on 3 March 2025 between Larkspur Retail plc (the "Customer") and '
    'Kestrel Data Services Ltd. (the "Supplier").\n'
)

# (title, body) templates; {n} is the clause number, {days}/{amount}/{years} vary with it.
RISKY: tuple[tuple[str, str], ...] = (
    (
        "LIABILITY",
        "The Supplier's liability under or in connection with this Agreement shall be unlimited, "
        "whether in contract, tort or otherwise, including for indirect and consequential loss.",
    ),
    (
        "TERMINATION BY THE CUSTOMER",
        "The Customer may terminate this Agreement at any time for convenience by giving the Supplier "
        "{short} days' written notice, without any liability to pay compensation for such termination.",
    ),
    (
        "PAYMENT",
        "The Customer shall pay each undisputed invoice within {days} days after the date on which "
        "the Customer receives it.",
    ),
    (
        "INDEMNITY",
        "The Supplier shall indemnify and hold harmless the Customer against all losses, claims, costs "
        "and expenses of any kind arising out of or in connection with this Agreement, however caused.",
    ),
    (
        "INTELLECTUAL PROPERTY",
        "All intellectual property rights in the deliverables, together with the Supplier's "
        "pre-existing tools and background intellectual property, shall vest in and be assigned to the "
        "Customer upon creation.",
    ),
    (
        "NON-COMPETITION",
        "During the term and for {years} years after it ends, the Supplier shall not provide similar "
        "services to any competitor of the Customer anywhere in the world.",
    ),
)

BENIGN: tuple[tuple[str, str], ...] = (
    (
        "NOTICES",
        "Notices under this Agreement shall be in writing and delivered by hand or by courier to the "
        "address of the receiving party stated in Schedule {n}.",
    ),
    (
        "COUNTERPARTS",
        "This Agreement may be executed in {copies} counterparts, each of which is an original and which "
        "together constitute one agreement.",
    ),
    (
        "SEVERABILITY",
        "If any provision of this Agreement is held invalid, the remaining provisions of this Agreement "
        "continue in full force and effect.",
    ),
    (
        "HEADINGS",
        "Headings in this Agreement are for convenience only and do not affect its interpretation.",
    ),
    (
        "MATERIAL BREACH",
        "Either party may terminate this Agreement by written notice if the other party commits a "
        "material breach which is not remedied within {days} days after receipt of notice requiring it "
        "to be remedied.",
    ),
    (
        "CONFIDENTIALITY",
        "Each party shall keep the other party's confidential information confidential for {years} years "
        "and use it only to perform this Agreement.",
    ),
)


def contract_text(clauses: int, *, risky_every: int = 3) -> str:
    """A contract of ``clauses`` numbered articles; every ``risky_every``-th one is risky for the Supplier."""
    parts = [PREAMBLE]
    for n in range(1, clauses + 1):
        pool = RISKY if n % risky_every == 0 else BENIGN
        title, body = pool[(n // risky_every if pool is RISKY else n) % len(pool)]
        text = body.format(
            n=n, short=3 + n % 5, days=90 + 5 * n, years=2 + n % 4, copies=2 + n % 3, amount=1000 * n
        )
        parts.append(f"{n}. {title}\n\n{n}.1 {text}\n")
    return "\n".join(parts)


def write_contract(directory: Path, clauses: int, *, name: str | None = None, risky_every: int = 3) -> Path:
    """Write :func:`contract_text` to ``directory`` and return the file's path."""
    path = directory / (name or f"generated_{clauses}_clauses.txt")
    path.write_text(contract_text(clauses, risky_every=risky_every), encoding="utf-8")
    return path
