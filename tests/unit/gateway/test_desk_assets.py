"""The desk's assets: vendored libraries unchanged and licensed, shipped in the gateway's wheel,
and the page's own scripts never turning text into markup."""

from __future__ import annotations

import hashlib
import re
import subprocess
import zipfile
from pathlib import Path

from clauseflow_gateway.desk import STATIC_DIR

REPO = Path(__file__).resolve().parents[3]
VENDOR = STATIC_DIR / "vendor"


def _recorded_hashes() -> dict[str, str]:
    text = (VENDOR / "VENDORED.md").read_text(encoding="utf-8")
    return {path: digest for digest, path in re.findall(r"^([0-9a-f]{64})  (\S+)$", text, re.M)}


def test_every_vendored_file_matches_the_sha256_recorded_in_vendored_md() -> None:
    recorded = _recorded_hashes()
    on_disk = {
        str(p.relative_to(VENDOR)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in VENDOR.rglob("*")
        if p.is_file() and p.name != "VENDORED.md"
    }
    assert on_disk == recorded


def test_every_vendored_library_ships_its_licence() -> None:
    for library in ("jsdiff", "swagger-ui", "redoc"):
        assert (VENDOR / library / "LICENSE").stat().st_size > 500


def test_the_page_never_parses_text_as_markup() -> None:
    # Contract text is untrusted: the desk builds every element with textContent (dom.js).
    forbidden = re.compile(r"innerHTML|outerHTML|insertAdjacentHTML|document\.write|\beval\(|new Function")
    offenders = [
        f"{p.name}: {m.group(0)}"
        for p in (STATIC_DIR / "js").glob("*.js")
        for m in forbidden.finditer(p.read_text(encoding="utf-8"))
    ]
    assert offenders == []


def test_the_page_has_no_inline_script_style_or_handler() -> None:
    html = (STATIC_DIR / "index.html").read_text(encoding="utf-8")
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html)
    assert "<style" not in html and " style=" not in html
    assert not re.search(r"\son[a-z]+=", html)
    assert "http://" not in html and "https://" not in html


def test_the_gateway_wheel_carries_every_desk_asset(tmp_path: Path) -> None:
    subprocess.run(
        ["scripts/uv.sh", "build", "--package", "clauseflow-gateway", "--wheel", "-o", str(tmp_path), "-q"],
        cwd=REPO,
        check=True,
        timeout=120,
    )
    [wheel] = tmp_path.glob("*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = {
        f"clauseflow_gateway/desk/static/{p.relative_to(STATIC_DIR).as_posix()}"
        for p in STATIC_DIR.rglob("*")
        if p.is_file()
    }
    assert expected <= names
