"""Builds the bad-input corpus's binary and large files (the small text cases are committed as files).

    python tests/data/bad_inputs/generate.py OUT_DIR    # writes every generated case into OUT_DIR

``manifest.json`` names each case, how it is sent and what the gateway must answer; a case whose
``file`` starts with ``gen:`` comes from :data:`GENERATORS` here, any other from this directory.
Everything is built deterministically (a fixed seed), so a failure reproduces.
"""

from __future__ import annotations

import io
import json
import random
import sys
import zipfile
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
CONTRACT_EN = """SUPPLY AGREEMENT

This Agreement is made between Acme Components Ltd (the "Supplier") and Borealis Retail plc (the "Buyer").

1. Delivery
1.1 The Supplier shall deliver the Goods within 30 days of each order.
1.2 Delivery is at the Buyer's premises.

2. Liability
2.1 The Supplier's liability under this Agreement is unlimited.

3. Payment
3.1 The Buyer shall pay each invoice within 60 days.

4. Termination
4.1 The Buyer may terminate this Agreement for convenience at any time.
"""
CONTRACT_ZH = """采购合同

甲方（采购方）：北辰商贸有限公司
乙方（供应方）：南桥制造有限公司

第一条 交货
乙方应于收到订单后三十日内交付货物。

第二条 付款
甲方应于收到发票后六十日内付款。

第三条 违约责任
乙方逾期交货的，每日按合同总价的百分之五支付违约金，且无上限。
"""

W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
CONTENT_TYPES = (
    '<?xml version="1.0" encoding="UTF-8"?>'
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    '<Default Extension="xml" ContentType="application/xml"/>'
    '<Override PartName="/word/document.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>'
    "</Types>"
)
RELS = (
    '<?xml version="1.0" encoding="UTF-8"?>'
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
    'officeDocument" Target="word/document.xml"/></Relationships>'
)


def _paragraphs(text: str) -> str:
    return "".join(
        f'<w:p><w:r><w:t xml:space="preserve">{line}</w:t></w:r></w:p>' for line in text.splitlines()
    )


def _docx(
    document_xml: str, *, extra: dict[str, bytes] | None = None, compress: int = zipfile.ZIP_DEFLATED
) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compress) as z:
        z.writestr("[Content_Types].xml", CONTENT_TYPES)
        z.writestr("_rels/.rels", RELS)
        z.writestr("word/document.xml", document_xml)
        for name, data in (extra or {}).items():
            z.writestr(name, data)
    return out.getvalue()


def _document(body: str, doctype: str = "") -> str:
    head = f'<?xml version="1.0" encoding="UTF-8"?>{doctype}'
    return f'{head}<w:document xmlns:w="{W_NS}"><w:body>{body}</w:body></w:document>'


def docx_valid() -> bytes:
    return _docx(_document(_paragraphs(CONTRACT_EN)))


def docx_zip_bomb() -> bytes:
    # ~400 MB of one repeated character in document.xml, deflated to about 400 KB.
    body = "<w:p><w:r><w:t>" + "A" * (1 << 20) + "</w:t></w:r></w:p>"
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", CONTENT_TYPES)
        z.writestr("_rels/.rels", RELS)
        with z.open("word/document.xml", "w", force_zip64=True) as f:
            f.write(f'<?xml version="1.0"?><w:document xmlns:w="{W_NS}"><w:body>'.encode())
            chunk = body.encode()
            for _ in range(400):
                f.write(chunk)
            f.write(b"</w:body></w:document>")
    return out.getvalue()


def docx_billion_laughs() -> bytes:
    entities = '<!ENTITY lol "lol">' + "".join(
        f'<!ENTITY lol{i} "{("&lol" + (str(i - 1) if i > 1 else "") + ";") * 10}">' for i in range(1, 10)
    )
    doctype = f"<!DOCTYPE w:document [{entities}]>"
    return _docx(_document(_paragraphs(CONTRACT_EN) + "<w:p><w:r><w:t>&lol9;</w:t></w:r></w:p>", doctype))


def docx_xxe() -> bytes:
    doctype = '<!DOCTYPE w:document [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>'
    return _docx(_document(_paragraphs(CONTRACT_EN) + "<w:p><w:r><w:t>&xxe;</w:t></w:r></w:p>", doctype))


def docx_not_a_zip() -> bytes:
    return b"PK\x03\x04 this is not really a zip archive" + bytes(200)


def docx_without_document() -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        z.writestr("[Content_Types].xml", CONTENT_TYPES)
        z.writestr("readme.txt", "no word/document.xml here")
    return out.getvalue()


def docx_empty_body() -> bytes:
    return _docx(_document(""))


def docx_truncated() -> bytes:
    return docx_valid()[:300]


def _pdf(pages: list[list[str]]) -> bytes:
    objects: list[bytes] = [b"<< /Type /Catalog /Pages 2 0 R >>"]
    kids = " ".join(f"{4 + 2 * i} 0 R" for i in range(len(pages)))
    objects.append(f"<< /Type /Pages /Kids [{kids}] /Count {len(pages)} >>".encode())
    objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    for i, lines in enumerate(pages):
        ops = ["BT", "/F1 11 Tf", "14 TL", "72 760 Td"]
        ops += [f"({line.replace('(', '[').replace(')', ']')}) Tj T*" for line in lines]
        ops.append("ET")
        stream = "\n".join(ops).encode("latin-1")
        objects.append(
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> "
            f"/Contents {5 + 2 * i} 0 R >>".encode()
        )
        objects.append(b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream")
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(out.tell())
        out.write(f"{number} 0 obj\n".encode() + body + b"\nendobj\n")
    xref = out.tell()
    out.write(f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode())
    for offset in offsets:
        out.write(f"{offset:010d} 00000 n \n".encode())
    out.write(f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode())
    return out.getvalue()


def pdf_valid() -> bytes:
    return _pdf([CONTRACT_EN.splitlines()])


def pdf_wrapped_schedule_line() -> bytes:
    # A line-wrapped sentence whose continuation line starts with "Schedule 1." is not a heading.
    lines = [
        "SERVICES AGREEMENT",
        "1. Services",
        "1.1 The Supplier shall provide the Services described in",
        "Schedule 1. The Customer shall pay the fees set out in",
        "Schedule 2 within 30 days of each invoice.",
        "2. Liability",
        "2.1 The Supplier's liability is unlimited.",
    ]
    return _pdf([lines])


def pdf_encrypted() -> bytes:
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    for page in PdfReader(io.BytesIO(pdf_valid())).pages:
        writer.add_page(page)
    writer.encrypt(user_password="secret", owner_password="owner", algorithm="RC4-128")
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def pdf_image_only() -> bytes:
    from PIL import Image, ImageDraw

    image = Image.new("RGB", (850, 1100), "white")
    draw = ImageDraw.Draw(image)
    for i, line in enumerate(CONTRACT_EN.splitlines()):
        draw.text((60, 60 + 22 * i), line, fill="black")
    out = io.BytesIO()
    image.save(out, format="PDF")
    return out.getvalue()


def pdf_truncated() -> bytes:
    return pdf_valid()[:200]


def pdf_blank_pages() -> bytes:
    return _pdf([[], [], []])


def binary_noise() -> bytes:
    return random.Random(22).randbytes(64 * 1024)


def nul_bytes() -> bytes:
    return CONTRACT_EN.encode().replace(b" ", b"\x00")


def text_gbk() -> bytes:
    return CONTRACT_ZH.encode("gbk")


def text_gb18030() -> bytes:
    return CONTRACT_ZH.encode("gb18030")


def text_utf16_bom() -> bytes:
    return CONTRACT_EN.encode("utf-16")


def text_utf16le_no_bom() -> bytes:
    return CONTRACT_ZH.encode("utf-16-le")


def text_utf16be_no_bom() -> bytes:
    return CONTRACT_EN.encode("utf-16-be")


def text_utf8_bom() -> bytes:
    return CONTRACT_EN.encode("utf-8-sig")


def text_cp1252() -> bytes:
    return CONTRACT_EN.replace('"', "\u201c", 1).replace("plc", "plc \u2013 Caf\u00e9").encode("cp1252")


def text_invalid_utf8() -> bytes:
    text = CONTRACT_EN.replace("Supplier", "Supplier \u2014 \u201cSupplier\u201d") + "Price: \u20ac100\n"
    return text.encode() + b"\xff\xfe broken tail\n"


def text_huge_single_line() -> bytes:
    # Two megabytes of one sentence with no line break and no clause numbers.
    return ("The Supplier shall deliver the Goods on time. " * 45_000).encode()


def text_oversize() -> bytes:
    # One byte over the 1 MiB limit the corpus tests give the gateway.
    return b"1. Term\n" + b"x" * (1024 * 1024 - 7)


def text_control_characters() -> bytes:
    return CONTRACT_EN.replace("Delivery", "\x1b[31mDelivery\x1b[0m").encode()


def text_zero_width_and_bidi() -> bytes:
    return CONTRACT_EN.replace("unlimited", "un\u200blim\u202eited\u202c").encode()


def text_empty() -> bytes:
    return b""


def text_whitespace_only() -> bytes:
    return b" \n\t\r\n   \n" * 100


def text_numbers_only() -> bytes:
    return b"1.\n2.\n3.\n4.\n"


def multipart_unclosed() -> bytes:
    return (
        b'--B\r\nContent-Disposition: form-data; name="our_party"\r\n\r\nSupplier\r\n'
        b'--B\r\nContent-Disposition: form-data; name="file"; filename="c.txt"\r\n\r\n' + CONTRACT_EN.encode()
    )


def multipart_garbage() -> bytes:
    return b"this is not multipart at all\r\n\r\n--nothing"


def multipart_no_name() -> bytes:
    return (
        b'--B\r\nContent-Disposition: form-data; filename="c.txt"\r\n\r\n'
        + CONTRACT_EN.encode()
        + b"\r\n--B--\r\n"
    )


def json_invalid_utf8() -> bytes:
    return b'{"text": "1. Term\xff\xfe", "our_party": "Supplier"}'


def json_deeply_nested() -> bytes:
    return b'{"text": ' + b"[" * 100_000 + b"]" * 100_000 + b', "our_party": "Supplier"}'


def json_truncated() -> bytes:
    return b'{"text": "1. Term", "our_par'


GENERATORS: dict[str, Callable[[], bytes]] = {
    name: fn
    for name, fn in sorted(globals().items())
    if callable(fn)
    and not name.startswith("_")
    and fn.__module__ == __name__
    and name != "main"
    and name != "build"
}


def build(ref: str) -> bytes:
    """The bytes of a case's ``file``: ``gen:NAME`` from a generator, else a file of this directory."""
    if ref.startswith("gen:"):
        return GENERATORS[ref[4:]]()
    return (HERE / ref).read_bytes()


def load_manifest() -> list[dict[str, object]]:
    """The cases, in order."""
    cases = json.loads((HERE / "manifest.json").read_text(encoding="utf-8"))["cases"]
    return list(cases)


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE / "generated"
    out.mkdir(parents=True, exist_ok=True)
    for name, fn in GENERATORS.items():
        (out / name).write_bytes(fn())
    return 0


if __name__ == "__main__":
    sys.exit(main())
