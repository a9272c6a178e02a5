"""Name, in each ``clear`` case of a rule area, the veto of its family that cleared it (issue #21).

    scripts/uv.sh run --frozen python scripts/name_case_vetoes.py AREA [AREA ...]

A family that declares named vetoes (``VETOES = Vetoes(...)``, clauseflow_legal/rules/packs.py)
records each one that applies. For every ``clear`` case of the area's case files
(``rules/<area>/<family>.cases.yaml``) this reviews the clause and, when a veto of the case's own
family applied, writes the first one under ``veto``; the case runner then checks that the clause is
still cleared by it. A case no veto cleared is left as it is.
"""

from __future__ import annotations

import sys
from pathlib import Path

import yaml
from clauseflow_legal.analysis import analyse_clause
from clauseflow_legal.rules.packs import recorded_vetoes

REPO = Path(__file__).resolve().parents[1]
RULES = REPO / "libs" / "legal" / "src" / "clauseflow_legal" / "rules"
SUFFIX = ".cases.yaml"


def main() -> None:
    """Annotate the areas named on the command line."""
    for area in sys.argv[1:]:
        for path in sorted((RULES / area).glob(f"*{SUFFIX}")):
            family = path.name.removesuffix(SUFFIX)
            text = path.read_text(encoding="utf-8")
            head = "".join(line for line in text.splitlines(keepends=True) if line.startswith("#"))
            body = yaml.safe_load(text)
            named = 0
            for entry in body.get("clear") or []:
                with recorded_vetoes() as vetoed:
                    analyse_clause(
                        entry["text"],
                        our_party=entry["our"],
                        language=entry.get("language", "en"),
                        domain=entry.get("domain", "generic"),
                        tool_results=entry.get("tools", []),
                        metadata=entry.get("metadata", {}),
                    )
                own = [v for v in vetoed if v.startswith(f"{family}.")]
                entry.pop("veto", None)
                if own:
                    entry["veto"] = own[0]
                    named += 1
            dumped = yaml.safe_dump(body, allow_unicode=True, sort_keys=False, width=10_000)
            if yaml.safe_load(dumped) != body:
                raise SystemExit(f"{path}: does not read back equal")
            path.write_text(head + dumped, encoding="utf-8")
            sys.stdout.write(f"{path.relative_to(RULES)}: {named} clear cases named by their veto\n")


if __name__ == "__main__":
    main()
