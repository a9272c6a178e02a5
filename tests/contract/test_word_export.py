"""The review as Word, checked the way a lawyer's office would check it.

Every bundled example is reviewed through the real product (embedded stack: gateway over HTTP,
orchestrator, worker, gRPC skills, the offline playbook model), once as the .txt and once as a
Word document made from it (tables, automatic numbering, footnotes, header and footer). The
reviewer approves most redlines, edits one and leaves one pending. The documents are fetched
over HTTP and read back with an independent OOXML reader (``ooxml_walker``):

* Accept all on ``redline.docx`` gives exactly ``clean.docx``; Reject all gives exactly the source;
* one comment per risk, on the words it quotes, in the review's language;
* a Word source keeps its styles, numbering, footnotes, header, footer, untouched paragraphs and
  every character's formatting;
* LibreOffice opens both documents and converts them to PDF.
"""

from __future__ import annotations

import asyncio
import io
import json
import re
import shutil
import subprocess
import time
import zipfile
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET

import httpx
import pytest
import pytest_asyncio
from clauseflow_cli.client import GatewayClient
from clauseflow_cli.embedded import embedded_stack
from ooxml_walker import W, comments, part, read, squash
from word_fixtures import docx_from_example

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
EXPECTED = json.loads((EXAMPLES / "expected.json").read_text(encoding="utf-8"))
DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
NAMES = ("services_agreement_en", "equipment_purchase_zh", "share_transfer_zh")
CASES = [f"{name}.{kind}" for name in NAMES for kind in ("txt", "docx")]
EDIT_SUFFIX = {"en": " This applies save as otherwise agreed in writing.", "zh": "双方另有书面约定的除外。"}


@dataclass
class Reviewed:
    """One reviewed contract: its source, its report and the Word documents fetched for it."""

    name: str
    source: bytes
    report: dict[str, Any]
    documents: dict[str, bytes] = field(default_factory=dict)
    headers: dict[str, httpx.Headers] = field(default_factory=dict)
    kept_pending: str = ""
    edited: str = ""

    @property
    def is_docx(self) -> bool:
        return self.name.endswith(".docx")

    @property
    def chinese(self) -> bool:
        return str(self.report["language"]).startswith("zh")


VARIANTS = {
    "redline": {"variant": "redline"},
    "clean": {"variant": "clean"},
    "redline_pending": {"variant": "redline", "pending": "true"},
    "clean_pending": {"variant": "clean", "pending": "true"},
    "comments_only": {"variant": "redline", "revisions": "false"},
}


async def _decide_until_settled(client: GatewayClient, review_id: str, lang: str) -> tuple[str, str]:
    """Approve every redline but one edited and one left pending; returns (pending id, edited id)."""
    kept, edited = "", ""
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        review = await client.review(review_id)
        pending = await client.redlines(review_id, status="pending")
        if review["status"] in ("completed", "failed"):
            return kept, edited
        states = {c.get("state") for c in review.get("clauses", [])}
        open_ = [r for r in pending if r["id"] != kept]
        if (
            not open_
            and states <= {"settled", "awaiting_approval"}
            and review["status"] == "awaiting_approval"
        ):
            return kept, edited
        decisions = []
        for r in open_:
            if not kept:
                kept = r["id"]
            elif not edited:
                edited = r["id"]
                text = r["proposed_text"] + EDIT_SUFFIX[lang]
                decisions.append({"redline_id": r["id"], "action": "edit", "text": text})
            else:
                decisions.append({"redline_id": r["id"], "action": "approve"})
        if decisions:
            await client.decide(review_id, decisions, decided_by="word-tests")
        await asyncio.sleep(0.3)
    raise TimeoutError(f"review {review_id} did not settle")


async def _review(client: GatewayClient, http: httpx.AsyncClient, case: str, tmp: Path) -> Reviewed:
    name, kind = case.rsplit(".", 1)
    expected = EXPECTED[f"{name}.txt"]
    source = (
        (EXAMPLES / f"{name}.txt").read_bytes()
        if kind == "txt"
        else docx_from_example(EXAMPLES / f"{name}.txt")
    )
    path = tmp / f"{name}.{kind}"
    path.write_bytes(source)
    review_id = await client.submit(
        path, our_party=expected["our_party"], language=expected["language"], domain="auto"
    )
    lang = "zh" if expected["language"].startswith("zh") else "en"
    kept, edited = await _decide_until_settled(client, review_id, lang)
    reviewed = Reviewed(
        case, source, await client.report(review_id, "json"), kept_pending=kept, edited=edited
    )
    for key, params in VARIANTS.items():
        resp = await http.get(f"/v1/reviews/{review_id}/report", params={"format": "docx", **params})
        assert resp.status_code == 200, resp.text
        reviewed.documents[key] = resp.content
        reviewed.headers[key] = resp.headers
    negotiated = await http.get(f"/v1/reviews/{review_id}/report", headers={"Accept": DOCX})
    reviewed.documents["negotiated"] = negotiated.content
    reviewed.headers["negotiated"] = negotiated.headers
    return reviewed


@pytest_asyncio.fixture(scope="module")
async def reviewed(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[dict[str, Reviewed]]:
    tmp = tmp_path_factory.mktemp("word")
    async with (
        embedded_stack(tmp / "stack") as endpoints,
        GatewayClient(endpoints.gateway_url, timeout_s=60) as client,
        httpx.AsyncClient(base_url=endpoints.gateway_url, timeout=60) as http,
    ):
        results = {}
        for case in CASES:
            results[case] = await _review(client, http, case, tmp)
        openapi = (await http.get("/openapi.json")).json()
        results["_openapi"] = Reviewed("_openapi", b"", openapi)
        yield results


def _source_lines(r: Reviewed) -> list[str]:
    if r.is_docx:
        return read(r.source, "as_is").lines()
    return [line.strip() for line in r.source.decode("utf-8").splitlines() if line.strip()]


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("pending", [False, True], ids=["approved", "with_pending"])
def test_accepting_every_revision_gives_the_clean_document(
    reviewed: dict[str, Reviewed], case: str, pending: bool
) -> None:
    r = reviewed[case]
    redline = r.documents["redline_pending" if pending else "redline"]
    clean = r.documents["clean_pending" if pending else "clean"]
    assert read(redline, "as_is").revisions > 0, "the redline holds no tracked change"
    assert read(clean, "as_is").revisions == 0
    assert read(redline, "accept").paragraphs == read(clean, "as_is").paragraphs
    if r.is_docx:  # Word draws the clause numbers: a redline repeating one must not write it again
        assert not [p for p in read(clean, "as_is").paragraphs if re.match(r"\d+\.\d+ ", p)]


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("variant", ["redline", "redline_pending", "comments_only"])
def test_rejecting_every_revision_gives_the_source_text(
    reviewed: dict[str, Reviewed], case: str, variant: str
) -> None:
    r = reviewed[case]
    view = read(r.documents[variant], "reject")
    if r.is_docx:
        assert view.paragraphs == read(r.source, "as_is").paragraphs
    else:
        assert view.lines() == _source_lines(r)


@pytest.mark.parametrize("case", CASES)
def test_the_clean_copy_reads_as_the_approved_redlines(reviewed: dict[str, Reviewed], case: str) -> None:
    r = reviewed[case]
    clean = squash(read(r.documents["clean"], "as_is").text)
    notes = "\n".join(text for _, text in comments(r.documents["redline"]).values())
    applied = [x for x in r.report["redlines"] if x["status"] in ("approved", "edited")]
    assert applied, "the review approved nothing: the test proves nothing"
    placed = 0
    for x in applied:
        if squash(x["final_text"]) in clean:
            placed += 1
        else:  # not a tracked change: its comment must say so, with the proposed wording
            assert squash(x["final_text"])[:40] in squash(notes), f"redline {x['id']} vanished"
    assert placed >= max(1, len(applied) // 2)
    edited = next(x for x in r.report["redlines"] if x["id"] == r.edited)
    assert edited["status"] == "edited" and squash(edited["final_text"]) in clean
    kept = next(x for x in r.report["redlines"] if x["id"] == r.kept_pending)
    assert kept["status"] == "pending"


@pytest.mark.parametrize("case", CASES)
def test_one_comment_per_risk_on_the_words_it_quotes_in_the_review_language(
    reviewed: dict[str, Reviewed], case: str
) -> None:
    r = reviewed[case]
    doc = r.documents["redline"]
    notes = comments(doc)
    risks = r.report["risks"]
    assert risks and len(notes) == len(risks)
    anchors = read(doc, "reject").anchors
    source = squash("\n".join(_source_lines(r)))
    quoted = 0
    for i, risk in enumerate(risks):
        author, text = notes[str(i)]
        assert author == "ClauseFlow"
        assert risk["description"] in text and risk["clause_id"] in text
        if r.chinese:
            assert "风险" in text and "问题：" in text
        else:
            assert "risk" in text and "Issue: " in text
        quote = squash(risk["original_text"])
        if quote and quote in source:
            assert squash(anchors[str(i)]) == quote, f"risk {risk['id']} is not anchored on its quote"
            quoted += 1
    assert quoted >= len(risks) * 0.8, "most findings quote the contract verbatim"
    kept = [rl for rl in r.report["redlines"] if rl["id"] == r.kept_pending]
    pending_label = "待批准" if r.chinese else "PENDING APPROVAL"
    assert any(
        pending_label in text for _, text in comments(r.documents["redline_pending"]).values()
    ) == bool(kept)


@pytest.mark.parametrize("case", CASES)
def test_revisions_carry_the_author_and_a_date(reviewed: dict[str, Reviewed], case: str) -> None:
    root = ET.fromstring(part(reviewed[case].documents["redline"], "word/document.xml") or b"")
    marks = [el for el in root.iter() if el.tag in (f"{W}ins", f"{W}del")]
    assert marks
    assert {el.get(f"{W}author") for el in marks} == {"ClauseFlow"}
    assert all((el.get(f"{W}date") or "").endswith("Z") for el in marks)


@pytest.mark.parametrize("case", CASES)
def test_comments_only_has_no_revisions_and_every_comment(reviewed: dict[str, Reviewed], case: str) -> None:
    r = reviewed[case]
    doc = r.documents["comments_only"]
    assert read(doc, "as_is").revisions == 0
    assert len(comments(doc)) == len(r.report["risks"])


def _c14n(xml: bytes | None) -> str:
    assert xml is not None
    return ET.canonicalize(xml.decode("utf-8"), strip_text=False)


@pytest.mark.parametrize("case", [c for c in CASES if c.endswith(".docx")])
def test_a_word_source_keeps_its_parts_paragraphs_and_formatting(
    reviewed: dict[str, Reviewed], case: str
) -> None:
    r = reviewed[case]
    doc = r.documents["redline"]
    for name in (
        "word/styles.xml",
        "word/numbering.xml",
        "word/footnotes.xml",
        "word/header1.xml",
        "word/footer1.xml",
    ):
        assert _c14n(part(doc, name)) == _c14n(part(r.source, name)), f"{name} changed"
    touched_tags = {
        f"{W}ins",
        f"{W}del",
        f"{W}commentRangeStart",
        f"{W}commentRangeEnd",
        f"{W}commentReference",
    }
    before = list(ET.fromstring(part(r.source, "word/document.xml") or b"").iter(f"{W}p"))
    after = list(ET.fromstring(part(doc, "word/document.xml") or b"").iter(f"{W}p"))
    assert len(before) == len(after)
    untouched = [
        (b, a) for b, a in zip(before, after, strict=True) if not any(e.tag in touched_tags for e in a.iter())
    ]
    assert untouched
    for b, a in untouched:
        assert ET.tostring(a) == ET.tostring(b)
    assert read(doc, "reject").formats == read(r.source, "as_is").formats, (
        "a character changed its formatting"
    )


@pytest.mark.parametrize("case", [c for c in CASES if c.endswith(".txt")])
def test_a_text_source_becomes_a_tidy_document(reviewed: dict[str, Reviewed], case: str) -> None:
    r = reviewed[case]
    doc = r.documents["clean"]
    root = ET.fromstring(part(doc, "word/document.xml") or b"")
    styles = {el.get(f"{W}val") for el in root.iter(f"{W}pStyle")}
    assert {"Title", "Heading1"} <= styles
    style_xml = (part(doc, "word/styles.xml") or b"").decode()
    if r.chinese:
        assert 'w:eastAsia="SimSun"' in style_xml and 'w:eastAsia="zh-CN"' in style_xml


def test_downloads_are_named_and_negotiated(reviewed: dict[str, Reviewed]) -> None:
    r = reviewed["equipment_purchase_zh.docx"]
    for key in ("redline", "clean", "negotiated"):
        assert r.headers[key]["content-type"] == DOCX
        with zipfile.ZipFile(io.BytesIO(r.documents[key])) as z:
            assert "word/document.xml" in z.namelist()
    assert 'filename="equipment_purchase_zh.redline.docx"' in r.headers["redline"]["content-disposition"]
    assert "equipment_purchase_zh.clean.docx" in r.headers["clean"]["content-disposition"]
    assert read(r.documents["negotiated"], "as_is").revisions > 0  # the default variant is the redline


def test_openapi_documents_the_word_variants(reviewed: dict[str, Reviewed]) -> None:
    operation = reviewed["_openapi"].report["paths"]["/v1/reviews/{review_id}/report"]["get"]
    content = operation["responses"]["200"]["content"]
    assert DOCX in content and set(content[DOCX]["examples"]) == {"redline", "clean"}
    params = {p["name"] for p in operation["parameters"]}
    assert {"format", "variant", "pending", "revisions"} <= params


def test_libreoffice_opens_both_documents_and_prints_them(
    reviewed: dict[str, Reviewed], tmp_path: Path
) -> None:
    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    if soffice is None:
        pytest.skip(
            "LibreOffice (soffice) is not installed: scripts/system_deps.sh installs libreoffice-writer-nogui"
        )
    files: dict[Path, str] = {}
    for case in CASES:
        for variant in ("redline", "clean"):
            path = tmp_path / f"{case.replace('.', '_')}.{variant}.docx"
            path.write_bytes(reviewed[case].documents[variant])
            files[path] = case
    profile = (tmp_path / "lo-profile").as_uri()
    outdir = tmp_path / "pdf"
    command = [soffice, f"-env:UserInstallation={profile}", "--headless", "--convert-to", "pdf"]
    done = subprocess.run(
        [*command, "--outdir", str(outdir), *map(str, files)],
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    for path, case in files.items():
        pdf = outdir / f"{path.stem}.pdf"
        assert pdf.exists() and pdf.stat().st_size > 2000, f"{path.name} did not convert: {done.stderr}"
        if shutil.which("pdftotext"):
            text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True)
            title = _source_lines(reviewed[case])[0]
            assert squash(title)[:6] in squash(text.stdout)
