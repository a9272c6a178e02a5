"""What the code cites is in the repository: every ``docs/...md#section`` exists, and no design
document outside it (the seed SPECs, the founders' ARCHITECTURE page) is cited any more."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
ROOTS = ("libs", "services", "apps", "bench", "tests", "scripts", "protos")
SUFFIXES = {".py", ".pyi", ".proto", ".md"}
DOC_REFERENCE = re.compile(r"docs/([a-z_-]+\.md)(?:#([a-z0-9-]+))?")
OUTSIDE_REFERENCE = re.compile(r"\bSPEC-\d+|\bARCHITECTURE §|\.\./shared/review-taxonomy")


def _sources() -> list[Path]:
    files = [REPO / "README.md"]
    for root in ROOTS:
        files += [p for p in (REPO / root).rglob("*") if p.suffix in SUFFIXES and ".venv" not in p.parts]
    return sorted(files)


def _slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _anchors(page: Path) -> set[str]:
    return {
        _slug(m) for m in re.findall(r"^#{1,6} (.+)$", page.read_text(encoding="utf-8"), flags=re.MULTILINE)
    }


def test_every_cited_docs_page_and_section_exists() -> None:
    missing = []
    for path in _sources():
        for match in DOC_REFERENCE.finditer(path.read_text(encoding="utf-8", errors="replace")):
            page, anchor = REPO / "docs" / match[1], match[2]
            if not page.is_file() or (anchor and anchor not in _anchors(page)):
                missing.append(f"{path.relative_to(REPO)}: {match[0]}")
    assert not missing, "cited but not in docs/:\n" + "\n".join(missing)


def test_the_sources_cite_no_design_document_outside_the_repository() -> None:
    this = Path(__file__).resolve()
    cited = [
        f"{path.relative_to(REPO)}: {match[0]}"
        for path in _sources()
        if path != this
        for match in OUTSIDE_REFERENCE.finditer(path.read_text(encoding="utf-8", errors="replace"))
    ]
    assert not cited, "\n".join(cited)


def test_a_section_anchor_is_made_as_github_makes_it() -> None:
    assert _slug("The clause agent") == "the-clause-agent"
    assert _slug("Event names: `area.event`") == "event-names-areaevent"
