"""Write ``docs/review-taxonomy.md`` from ``clauseflow_contracts.risk_types``, or check it is in step.

    scripts/uv.sh run --frozen python scripts/taxonomy_doc.py          # write the page
    scripts/uv.sh run --frozen python scripts/taxonomy_doc.py --check  # exit 1 when it is stale

The table in code is the source (prompts and validation read it); the page is its readable form
and ``tests/unit/test_taxonomy_doc.py`` fails when the two differ.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from clauseflow_contracts.risk_types import RISK_GROUPS, RISK_TYPES

PAGE = Path(__file__).resolve().parents[1] / "docs" / "review-taxonomy.md"

INTRO = """\
# Risk taxonomy

<!-- Written by scripts/taxonomy_doc.py from libs/contracts/src/clauseflow_contracts/risk_types.py:
     edit the table there and run the script; tests/unit/test_taxonomy_doc.py checks the two agree. -->

Version 1: {count} risk types in {groups} groups. The id is the value of `risk_type` in review
output, in prompts and in answer keys; ids are stable (new ones are added, none is renamed).

- **Severity** is the default before context (`high`: material exposure, redline before
  signature; `medium`: off-market or unbalanced, negotiate or raise; `low`: drafting point). A
  reviewer may move it one step up or down with a reason.
- A clause is reported only when it is a risk **for our party**; the same clause may be neutral
  or favourable for the other side. Drafting defects (group L) are risks for both parties.
- **When it applies** is the one-line gloss the model is given to choose the id by.
"""


def render() -> str:
    """The page's text."""
    groups = list(dict.fromkeys(t.group for t in RISK_TYPES.values()))
    parts = [INTRO.format(count=len(RISK_TYPES), groups=len(groups))]
    for letter in groups:
        parts.append(f"\n## {letter}. {RISK_GROUPS[letter]}\n\n")
        parts.append("| id | name | 中文 | severity | when it applies |\n| --- | --- | --- | --- | --- |\n")
        for t in RISK_TYPES.values():
            if t.group == letter:
                parts.append(f"| `{t.id}` | {t.name} | {t.name_zh} | {t.severity} | {t.gloss} |\n")
    return "".join(parts)


def main(argv: list[str] | None = None) -> int:
    """Write the page, or with ``--check`` say whether it is in step (exit 1 when not)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check; exit 1 when the page is stale")
    args = parser.parse_args(argv)
    text = render()
    if args.check:
        current = PAGE.read_text(encoding="utf-8") if PAGE.exists() else ""
        if current != text:
            sys.stderr.write(f"{PAGE} is not in step with risk_types: run scripts/taxonomy_doc.py\n")
            return 1
        return 0
    PAGE.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
