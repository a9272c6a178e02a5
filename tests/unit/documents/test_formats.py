"""Every supported format and encoding reads into the same clause tree."""

from __future__ import annotations

import pytest
from document_fixtures import ids, make_docx, make_pdf

ZH = "采购合同\n第一条 标的\n乙方提供货物。\n第二条 价款\n总价十万元。\n第三条 争议\n协商解决。\n"
EN = "1. SCOPE\nThe Supplier supplies “Goods”.\n2. PRICE\nThe price is fixed.\n2.1 Payment in 30 days.\n"


@pytest.mark.parametrize(
    "encoding", ["utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "gb18030", "gbk"]
)
def test_chinese_text_in_any_supported_encoding(parse, encoding):
    doc = parse(ZH.encode(encoding))
    assert ids(doc) == ["Preamble", "1", "2", "3"]
    assert doc.get("2").text == "第二条 价款\n总价十万元。"
    assert doc.language == "zh"


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16", "utf-16-le", "cp1252"])
def test_english_text_in_any_supported_encoding(parse, encoding):
    doc = parse(EN.encode(encoding))
    assert ids(doc) == ["1", "2", "2.1"]
    assert "“Goods”" in doc.get("1").text
    assert doc.language == "en"


def test_windows_line_endings_and_odd_spaces_are_normalised(parse):
    doc = parse("1. SCOPE\r\nGoods\u00a0and\u2003services.\r\n2. PRICE\r\nFixed.\r\n")
    assert doc.get("1").text == "1. SCOPE\nGoods and services."
    assert "\r" not in doc.text


def test_docx_automatic_numbering_is_computed_from_the_numbering_definitions(parse):
    content = make_docx(
        [
            ("SUPPLY AGREEMENT", None, 0),
            ("Definitions", 0, 1),
            ('"Goods" means the goods listed in the table.', 1, 1),
            ("Headings are for convenience.", 1, 1),
            ("Supply", 0, 1),
            ("The Supplier shall deliver the Goods:", 1, 1),
            ("Each delivery is made on time.", 2, 1),
            ("Each delivery is made in full.", 2, 1),
            ("Payment", 0, 1),
            ("Payment is due under Clause 2.1.", 1, 1),
            ("A bullet that carries no number", 0, 3),
        ],
        table=[["Item", "Price"], ["Servers", "USD 100"]],
    )
    doc = parse(content, "supply.docx")
    assert doc.source_format == "docx"
    assert ids(doc) == ["Preamble", "1", "1.1", "1.2", "2", "2.1", "2.1(a)", "2.1(b)", "3", "3.1"]
    assert doc.get("1").title == "Definitions"
    assert doc.get("2.1(b)").text == "(b) Each delivery is made in full."
    assert "Servers\tUSD 100" in doc.text  # table rows are kept, cells separated by tabs
    assert doc.cross_references[0].target == "2.1" and doc.cross_references[0].resolved
    assert doc.definition("Goods") is not None


def test_docx_chinese_counting_numbering(parse):
    content = make_docx(
        [("标的", 0, 2), ("乙方提供货物。", None, 0), ("价款", 0, 2), ("总价十万元。", None, 0)]
    )
    doc = parse(content, "合同.docx")
    assert ids(doc) == ["1", "2"]
    assert doc.get("2").text.startswith("第二条 价款")


def test_pdf_text_layer_without_running_headers_footers_and_page_numbers(parse):
    header = "ACME SUPPLY AGREEMENT - CONFIDENTIAL"
    pages = [
        [
            header,
            "1. DEFINITIONS",
            '1.1 "Goods" means the goods.',
            "1.2 Headings are for convenience.",
            "Page 1 of 3",
        ],
        [header, "2. SUPPLY", "2.1 The Seller shall supply the Goods.", "Page 2 of 3"],
        [header, "3. PAYMENT", "3.1 Payment under Clause 2.1.", "Page 3 of 3"],
    ]
    doc = parse(make_pdf(pages), "supply.pdf")
    assert doc.source_format == "pdf"
    assert ids(doc) == ["1", "1.1", "1.2", "2", "2.1", "3", "3.1"]
    assert "CONFIDENTIAL" not in doc.text and "Page 2" not in doc.text
    assert any("header/footer" in w for w in doc.warnings)


def test_file_without_extension_is_recognised_by_its_content(parse):
    doc = parse(make_pdf([["1. ONE", "Text.", "2. TWO", "Text."]]), "upload")
    assert doc.source_format == "pdf"
    assert ids(doc) == ["1", "2"]
