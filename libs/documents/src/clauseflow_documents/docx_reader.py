"""Word ``.docx`` to text: body paragraphs and tables in reading order, with automatic numbering.

Word keeps list and heading numbers out of the text: a paragraph says "numbering instance 3,
level 1" and ``numbering.xml`` says how to draw it ("%1.%2", decimal, starting at 1). We compute
those numbers here so the segmenter sees "4.2 Payment" exactly as the reader of the document does.

The package is read defensively: the archive must be a real zip, its expanded size and ratio are
bounded (zip bombs), and XML is parsed without entity expansion or network access.
"""

from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass, field

from clauseflow_contracts.errors import DocumentTooLarge, UnreadableDocument
from lxml import etree

from clauseflow_documents.numerals import int_to_chinese, int_to_letters, int_to_roman

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
_W = f"{{{W}}}"
MAX_EXPANDED_BYTES = 200_000_000
MAX_RATIO = 200
MAX_MEMBERS = 5_000
MAX_NESTED_TABLES = 20


def read_docx(content: bytes, *, max_bytes: int = 20_000_000) -> tuple[str, list[str]]:
    """The text of a .docx (numbering included) and warnings; raises a DocumentError subclass."""
    parts = _open_package(content, max_bytes)
    document = parts.get("word/document.xml")
    if document is None:
        raise UnreadableDocument(
            "The .docx file has no word/document.xml; it is not a Word document (or it is damaged). "
            "Open it in Word and save it again as .docx."
        )
    numbering = _Numbering(
        _parse_xml(parts.get("word/numbering.xml")), _parse_xml(parts.get("word/styles.xml"))
    )
    root = _parse_xml(document)
    if root is None:
        raise UnreadableDocument("The .docx file's document part is empty.")
    body = root.find(f"{_W}body")
    if body is None:
        raise UnreadableDocument("The .docx file has no document body.")
    lines: list[str] = []
    warnings: list[str] = []
    _read_block(body, numbering, lines, depth=0)
    return "\n".join(lines), warnings


def _open_package(content: bytes, max_bytes: int) -> dict[str, bytes]:
    try:
        archive = zipfile.ZipFile(io.BytesIO(content))
    except (zipfile.BadZipFile, ValueError):
        raise UnreadableDocument(
            "The file is named .docx but is not a Word document (not a valid zip package). "
            "Open it in Word and save it as .docx, or upload a PDF."
        ) from None
    with archive:
        infos = archive.infolist()
        if len(infos) > MAX_MEMBERS:
            raise DocumentTooLarge(f"The .docx package has {len(infos)} parts; the limit is {MAX_MEMBERS}.")
        wanted = {"word/document.xml", "word/numbering.xml", "word/styles.xml"}
        limit = min(MAX_EXPANDED_BYTES, max(max_bytes * 10, 50_000_000))
        total = sum(i.file_size for i in infos)
        for info in infos:
            ratio = info.file_size / max(1, info.compress_size)
            if info.file_size > 1_000_000 and ratio > MAX_RATIO:
                raise DocumentTooLarge(
                    f"The .docx part {info.filename} expands {ratio:.0f}x (a zip bomb?); refusing to "
                    "open it. "
                    "Save the document again from Word."
                )
        if total > limit:
            raise DocumentTooLarge(
                f"The .docx expands to {total / 1_000_000:.0f} MB; the limit is {limit / 1_000_000:.0f} MB."
            )
        parts: dict[str, bytes] = {}
        for info in infos:
            if info.filename in wanted:
                parts[info.filename] = _read_member(archive, info, limit)
        return parts


def _read_member(archive: zipfile.ZipFile, info: zipfile.ZipInfo, limit: int) -> bytes:
    # The declared size can lie; read in chunks and stop at the limit.
    out = bytearray()
    try:
        with archive.open(info) as fh:
            while chunk := fh.read(1 << 20):
                out += chunk
                if len(out) > limit:
                    raise DocumentTooLarge(
                        f"The .docx part {info.filename} expands beyond {limit // 1_000_000} MB."
                    )
    except (zipfile.BadZipFile, EOFError, OSError, RuntimeError) as exc:
        raise UnreadableDocument(f"The .docx package is damaged ({exc}); save it again from Word.") from None
    return bytes(out)


_PARSER = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False, load_dtd=False)


def _parse_xml(data: bytes | None) -> etree._Element | None:
    if not data:
        return None
    try:
        return etree.fromstring(data, parser=_PARSER)
    except etree.XMLSyntaxError as exc:
        raise UnreadableDocument(
            f"The .docx contains malformed XML ({exc}); save it again from Word."
        ) from None


def _read_block(container: etree._Element, numbering: _Numbering, lines: list[str], depth: int) -> None:
    if depth > MAX_NESTED_TABLES:
        raise DocumentTooLarge("The .docx nests tables more than 20 levels deep; simplify the document.")
    for child in container:
        tag = child.tag
        if tag == f"{_W}p":
            lines.append(numbering.label(child) + _paragraph_text(child))
        elif tag == f"{_W}tbl":
            for row in child.iter(f"{_W}tr"):
                if _nearest_table(row) is not child:
                    continue
                cells = []
                for cell in row.findall(f"{_W}tc"):
                    cell_lines: list[str] = []
                    _read_block(cell, numbering, cell_lines, depth + 1)
                    cells.append(" ".join(x.strip() for x in cell_lines if x.strip()))
                lines.append("\t".join(cells))
        elif tag in (f"{_W}sdt", f"{_W}customXml", f"{_W}ins", f"{_W}smartTag"):
            content = child.find(f"{_W}sdtContent")
            _read_block(content if content is not None else child, numbering, lines, depth)


def _nearest_table(el: etree._Element) -> etree._Element | None:
    parent = el.getparent()
    while parent is not None and parent.tag != f"{_W}tbl":
        parent = parent.getparent()
    return parent


def _paragraph_text(p: etree._Element) -> str:
    out: list[str] = []
    for el in p.iter(f"{_W}t", f"{_W}tab", f"{_W}br", f"{_W}cr", f"{_W}noBreakHyphen"):
        if _is_deleted(el, p):
            continue
        tag = el.tag
        if tag == f"{_W}t":
            out.append(el.text or "")
        elif tag == f"{_W}tab":
            out.append("\t")
        elif tag == f"{_W}noBreakHyphen":
            out.append("-")
        else:
            out.append(" ")  # a manual line break inside a paragraph does not end the paragraph
    return "".join(out)


def _is_deleted(el: etree._Element, stop: etree._Element) -> bool:
    parent = el.getparent()
    while parent is not None and parent is not stop:
        if parent.tag in (f"{_W}del", f"{_W}moveFrom"):
            return True
        parent = parent.getparent()
    return False


@dataclass(slots=True)
class _Level:
    start: int = 1
    fmt: str = "decimal"
    text: str = "%1."
    legal: bool = False
    suffix: str = "tab"


@dataclass(slots=True)
class _Counters:
    values: dict[int, int] = field(default_factory=dict)


class _Numbering:
    """Resolves ``w:numPr`` (direct or via the paragraph style) to the number Word would draw."""

    def __init__(self, numbering: etree._Element | None, styles: etree._Element | None) -> None:
        self._abstract: dict[str, dict[int, _Level]] = {}
        self._nums: dict[str, tuple[str, dict[int, int]]] = {}
        self._counters: dict[str, _Counters] = {}
        self._style_num: dict[str, tuple[str | None, int | None]] = {}
        self._style_parent: dict[str, str] = {}
        if numbering is not None:
            for abstract in numbering.findall(f"{_W}abstractNum"):
                levels: dict[int, _Level] = {}
                for lvl in abstract.findall(f"{_W}lvl"):
                    levels[_int(lvl.get(f"{_W}ilvl"), 0)] = _read_level(lvl)
                self._abstract[abstract.get(f"{_W}abstractNumId", "")] = levels
            for num in numbering.findall(f"{_W}num"):
                abstract_id = _val(num.find(f"{_W}abstractNumId")) or ""
                overrides = {}
                for override in num.findall(f"{_W}lvlOverride"):
                    start = override.find(f"{_W}startOverride")
                    if start is not None:
                        overrides[_int(override.get(f"{_W}ilvl"), 0)] = _int(_val(start), 1)
                self._nums[num.get(f"{_W}numId", "")] = (abstract_id, overrides)
        if styles is not None:
            for style in styles.findall(f"{_W}style"):
                style_id = style.get(f"{_W}styleId", "")
                based = style.find(f"{_W}basedOn")
                if based is not None:
                    self._style_parent[style_id] = _val(based) or ""
                num_pr = style.find(f"{_W}pPr/{_W}numPr")
                if num_pr is not None:
                    num_id = _val(num_pr.find(f"{_W}numId"))
                    ilvl_el = num_pr.find(f"{_W}ilvl")
                    self._style_num[style_id] = (
                        num_id,
                        _int(_val(ilvl_el), 0) if ilvl_el is not None else None,
                    )

    def label(self, p: etree._Element) -> str:
        """The number Word draws before paragraph ``p`` (with a following space), or ""."""
        num_id, ilvl = self._num_pr(p)
        if not num_id or num_id == "0" or num_id not in self._nums:
            return ""
        abstract_id, overrides = self._nums[num_id]
        levels = self._abstract.get(abstract_id)
        if not levels or ilvl not in levels:
            return ""
        counters = self._counters.setdefault(num_id, _Counters())
        level = levels[ilvl]
        current = counters.values.get(ilvl)
        counters.values[ilvl] = overrides.get(ilvl, level.start) if current is None else current + 1
        for deeper in [k for k in counters.values if k > ilvl]:
            del counters.values[deeper]  # a new item restarts the levels below it
        if level.fmt in ("bullet", "none"):
            return ""
        text = level.text
        for k in range(8, -1, -1):
            token = f"%{k + 1}"
            if token in text:
                lvl_k = levels.get(k, _Level())
                value = counters.values.get(k, overrides.get(k, lvl_k.start))
                fmt = "decimal" if level.legal else lvl_k.fmt
                text = text.replace(token, _format(value, fmt))
        text = text.strip()
        return f"{text} " if text else ""

    def _num_pr(self, p: etree._Element) -> tuple[str | None, int]:
        ppr = p.find(f"{_W}pPr")
        num_id: str | None = None
        ilvl: int | None = None
        style_id = None
        if ppr is not None:
            num_pr = ppr.find(f"{_W}numPr")
            if num_pr is not None:
                num_id = _val(num_pr.find(f"{_W}numId"))
                ilvl_el = num_pr.find(f"{_W}ilvl")
                ilvl = _int(_val(ilvl_el), 0) if ilvl_el is not None else None
            style_id = _val(ppr.find(f"{_W}pStyle"))
        seen = 0
        while style_id and (num_id is None or ilvl is None) and seen < 20:
            style_num, style_ilvl = self._style_num.get(style_id, (None, None))
            num_id = num_id or style_num
            ilvl = ilvl if ilvl is not None else style_ilvl
            style_id = self._style_parent.get(style_id)
            seen += 1
        return num_id, ilvl or 0


def _read_level(lvl: etree._Element) -> _Level:
    level = _Level()
    start = lvl.find(f"{_W}start")
    if start is not None:
        level.start = _int(_val(start), 1)
    fmt = lvl.find(f"{_W}numFmt")
    if fmt is not None:
        level.fmt = _val(fmt) or "decimal"
    text = lvl.find(f"{_W}lvlText")
    if text is not None:
        level.text = _val(text) or ""
    level.legal = lvl.find(f"{_W}isLgl") is not None
    return level


def _format(value: int, fmt: str) -> str:
    if fmt == "lowerLetter":
        return int_to_letters(value)
    if fmt == "upperLetter":
        return int_to_letters(value).upper()
    if fmt == "lowerRoman":
        return int_to_roman(value).lower()
    if fmt == "upperRoman":
        return int_to_roman(value)
    if fmt in ("chineseCounting", "chineseCountingThousand", "ideographTraditional", "chineseLegalSimplified",
               "taiwaneseCountingThousand", "ideographDigital"):  # fmt: skip
        return int_to_chinese(value)
    if fmt == "decimalZero":
        return f"{value:02d}"
    return str(value)


def _val(el: etree._Element | None) -> str | None:
    return el.get(f"{_W}val") if el is not None else None


def _int(text: str | None, default: int) -> int:
    try:
        return int(text) if text is not None else default
    except ValueError:
        return default
