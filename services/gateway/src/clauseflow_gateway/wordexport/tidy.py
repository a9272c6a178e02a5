"""A tidy Word document of a contract that came as text (txt, md, pdf).

One paragraph per line of the parsed text, numbers kept as written in the source (they are the
contract's own words, not Word list numbering), clause heading lines as Word headings, A4 with
legal-document margins, black headings, and for Chinese an East Asian font on every style
(``w:eastAsia``) with the language set, so Word and LibreOffice pick a Chinese face.
"""

from __future__ import annotations

import io

from clauseflow_documents import DocumentStructure
from docx import Document
from docx.document import Document as DocumentObject
from docx.enum.text import WD_ALIGN_PARAGRAPH
from docx.oxml.ns import qn
from docx.shared import Cm, Pt, RGBColor
from docx.styles.style import ParagraphStyle
from lxml import etree

LATIN_FONT = "Times New Roman"
CJK_BODY_FONT = "SimSun"  # 宋体; LibreOffice substitutes Noto Serif CJK where SimSun is absent
CJK_HEADING_FONT = "SimHei"  # 黑体
HEADING_MAX_CHARS = 80
HEADINGS = {1: "Heading 1", 2: "Heading 2", 3: "Heading 3"}


def tidy_document(structure: DocumentStructure) -> DocumentObject:
    """A new Word document holding ``structure``'s text, one paragraph per non-empty line."""
    document = Document()
    chinese = structure.language == "zh"
    _page(document)
    _styles(document, chinese)
    heading_at = {c.start: min(c.level, 3) for c in structure.clauses if c.title}
    style_ids = {name: document.styles[name].style_id for name in ("Title", *HEADINGS.values())}
    body = document.element.body
    end = body.sectPr  # paragraphs go before the section properties, which close the body
    offset = 0
    first = True
    for line in structure.text.split("\n"):
        start = offset
        offset += len(line) + 1
        text = line.strip()
        if not text:
            continue
        lead = start + (len(line) - len(line.lstrip()))
        level = heading_at.get(lead) or heading_at.get(start)
        if first and level is None and len(text) <= HEADING_MAX_CHARS:
            style: str | None = style_ids["Title"]
        elif level is not None and len(text) <= HEADING_MAX_CHARS:
            style = style_ids[HEADINGS[level]]
        else:
            style = None
        first = False
        paragraph = _paragraph(text, style)
        if end is not None:
            end.addprevious(paragraph)
        else:
            body.append(paragraph)
    return document


def _paragraph(text: str, style_id: str | None) -> etree._Element:
    """A ``w:p`` of one run (python-docx's ``add_paragraph`` looks styles up by name, slowly, each time)."""
    p = etree.Element(qn("w:p"))
    if style_id:
        etree.SubElement(etree.SubElement(p, qn("w:pPr")), qn("w:pStyle")).set(qn("w:val"), style_id)
    t = etree.SubElement(etree.SubElement(p, qn("w:r")), qn("w:t"))
    t.text = text
    t.set("{http://www.w3.org/XML/1998/namespace}space", "preserve")
    return p


def document_bytes(document: DocumentObject) -> bytes:
    """The saved .docx package."""
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def _page(document: DocumentObject) -> None:
    for section in document.sections:
        section.page_width, section.page_height = Cm(21.0), Cm(29.7)
        section.left_margin = section.right_margin = Cm(2.5)
        section.top_margin = section.bottom_margin = Cm(2.5)


def _styles(document: DocumentObject, chinese: bool) -> None:
    styles = document.styles
    normal = styles["Normal"]
    _font(normal, LATIN_FONT, CJK_BODY_FONT if chinese else None, size=11 if not chinese else 10.5)
    for name in ("Title", "Heading 1", "Heading 2", "Heading 3"):
        style = styles[name]
        _font(style, LATIN_FONT, CJK_HEADING_FONT if chinese else None, size={"Title": 16}.get(name, 12))
        font = style.font
        font.color.rgb = RGBColor(0, 0, 0)
        font.bold = True
        font.italic = False
    title = styles["Title"]
    title.paragraph_format.alignment = WD_ALIGN_PARAGRAPH.CENTER
    for border in title.element.xpath("./w:pPr/w:pBdr"):
        border.getparent().remove(border)  # the template's blue rule under the title
    if chinese:
        for style in (normal, styles["Title"], styles["Heading 1"], styles["Heading 2"], styles["Heading 3"]):
            rpr = style.element.get_or_add_rPr()
            lang = rpr.find(qn("w:lang"))
            if lang is None:
                lang = rpr.makeelement(qn("w:lang"), {})
                rpr.append(lang)
            lang.set(qn("w:eastAsia"), "zh-CN")


def _font(style: ParagraphStyle, latin: str, east_asian: str | None, *, size: float) -> None:
    font = style.font
    font.name = latin
    font.size = Pt(size)
    rfonts = style.element.get_or_add_rPr().get_or_add_rFonts()
    for theme in ("w:asciiTheme", "w:hAnsiTheme", "w:eastAsiaTheme", "w:cstheme"):
        rfonts.attrib.pop(qn(theme), None)  # a theme font would win over the names set here
    if east_asian:
        rfonts.set(qn("w:eastAsia"), east_asian)
