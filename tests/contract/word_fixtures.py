"""Word contracts made from the bundled examples, the way a law firm's documents look.

Each example becomes a .docx whose text reads exactly like the .txt, but whose structure is
Word's: the title in the Title style, the parties block in a table, clause headings and numbered
sub-clauses drawn by *automatic numbering* (``numbering.xml``, the number is not in the text),
quoted defined terms in bold runs (so paragraphs hold several runs), a footnote on the first
clause and on a sub-clause, and a header and a footer.

Footnotes: python-docx cannot author them; docx-plus (a runtime dependency of the gateway) can
(``docx_plus.notes.add_footnote``), so the fixture uses it rather than hand-written XML.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

from docx import Document
from docx.document import Document as DocumentObject
from docx.oxml import parse_xml
from docx.oxml.ns import nsdecls, qn
from docx.text.paragraph import Paragraph
from docx_plus.notes import add_footnote

HEADING = re.compile(r"^(?:(\d+)\.\s+(\S.*)|第([一二三四五六七八九十]+)条\s*(\S.*))$")
SUB_CLAUSE = re.compile(r"^(\d+)\.(\d+)\s+(\S.*)$")
PARTY = re.compile(r"^(?:甲方|乙方|转让方|受让方|目标公司)")
QUOTED = re.compile(r"(\"[^\"]+\"|“[^”]+”)")
NUM_ID = "77"


def _numbering_xml(chinese: bool) -> str:
    first = ("chineseCounting", "第%1条") if chinese else ("decimal", "%1.")
    return (
        f'<w:abstractNum {nsdecls("w")} w:abstractNumId="77">'
        '<w:multiLevelType w:val="multilevel"/>'
        f'<w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="{first[0]}"/>'
        f'<w:lvlText w:val="{first[1]}"/><w:suff w:val="space"/></w:lvl>'
        '<w:lvl w:ilvl="1"><w:start w:val="1"/><w:isLgl/><w:numFmt w:val="decimal"/>'
        '<w:lvlText w:val="%1.%2"/><w:suff w:val="space"/><w:pPr><w:ind w:left="0" w:firstLine="0"/></w:pPr>'
        "</w:lvl></w:abstractNum>"
    )


def _number(paragraph: Paragraph, level: int) -> None:
    ppr = paragraph._p.get_or_add_pPr()
    ppr.append(
        parse_xml(f'<w:numPr {nsdecls("w")}><w:ilvl w:val="{level}"/><w:numId w:val="{NUM_ID}"/></w:numPr>')
    )


def _add_numbering(document: DocumentObject, chinese: bool) -> None:
    numbering = document.part.numbering_part.element
    abstract = parse_xml(_numbering_xml(chinese))
    first_num = numbering.find(qn("w:num"))
    if first_num is not None:
        first_num.addprevious(abstract)  # abstractNum elements come before num elements
    else:
        numbering.append(abstract)
    numbering.append(
        parse_xml(f'<w:num {nsdecls("w")} w:numId="{NUM_ID}"><w:abstractNumId w:val="77"/></w:num>')
    )


def _runs(paragraph: Paragraph, text: str) -> None:
    """The text in runs, quoted defined terms in bold."""
    for piece in QUOTED.split(text):
        if piece:
            run = paragraph.add_run(piece)
            run.bold = bool(QUOTED.fullmatch(piece)) or None


def docx_from_example(path: Path) -> bytes:
    """The example contract at ``path`` as a Word document (see the module docstring)."""
    lines = [line.strip() for line in path.read_text(encoding="utf-8").splitlines()]
    lines = [line for line in lines if line]
    chinese = bool(re.search(r"[\u4e00-\u9fff]", lines[0]))
    document = Document()
    _add_numbering(document, chinese)
    section = document.sections[0]
    section.header.paragraphs[0].text = (
        "保密 CONFIDENTIAL" if chinese else "CONFIDENTIAL — DRAFT FOR DISCUSSION"
    )
    section.footer.paragraphs[0].text = "Draft 1"
    document.add_paragraph(lines[0], style="Title")
    table = None
    footnotes = 0
    for line in lines[1:]:
        if PARTY.match(line) or (line.startswith("This ") and " between " in line):
            table = table or document.add_table(rows=0, cols=1, style="Table Grid")
            cell = table.add_row().cells[0]
            _runs(cell.paragraphs[0], line)
            continue
        heading = HEADING.match(line)
        sub = SUB_CLAUSE.match(line)
        if heading:
            paragraph = document.add_paragraph(style="Heading 1")
            _runs(paragraph, heading.group(2) or heading.group(4))
            _number(paragraph, 0)
        elif sub:
            paragraph = document.add_paragraph()
            _runs(paragraph, sub.group(3))
            _number(paragraph, 1)
            if footnotes < 2 and sub.group(2) == "1":
                add_footnote(
                    paragraph,
                    "注：本款经双方协商确定。" if chinese else "Note: as negotiated by the parties.",
                )
                footnotes += 1
        else:
            _runs(document.add_paragraph(), line)
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()
