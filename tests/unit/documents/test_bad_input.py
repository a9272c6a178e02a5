"""Bad input never yields a half-read document: each case raises one clear DocumentError subtype."""

from __future__ import annotations

import io
import os
import zipfile

import pytest
from clauseflow_contracts.errors import (
    DocumentError,
    DocumentTooLarge,
    EmptyDocument,
    InvalidInput,
    UnreadableDocument,
    UnsupportedFormat,
)
from clauseflow_documents.parser import parse_document
from document_fixtures import make_docx, make_pdf


@pytest.mark.parametrize("content", [b"", b"   \n\t\n", "\ufeff".encode()])
def test_empty_file(content):
    with pytest.raises(EmptyDocument, match=r"empty|no text"):
        parse_document(content, "contract.txt")


def test_empty_docx_has_no_text():
    with pytest.raises(EmptyDocument):
        parse_document(make_docx([("", None, 0)]), "contract.docx")


def test_binary_junk_named_txt():
    junk = bytes(range(256)) * 20 + os.urandom(4096)
    with pytest.raises(UnreadableDocument, match="binary"):
        parse_document(junk, "contract.txt")


def test_binary_junk_named_pdf_and_docx():
    with pytest.raises(UnreadableDocument, match="PDF"):
        parse_document(b"%PDF-1.4\n" + os.urandom(2000), "contract.pdf")
    with pytest.raises(UnreadableDocument, match="not a Word document"):
        parse_document(os.urandom(2000), "contract.docx")


def test_unsupported_format_names_what_to_upload():
    with pytest.raises(UnsupportedFormat, match=r"\.doc.*\.docx"):
        parse_document(b"\xd0\xcf\x11\xe0 old word", "contract.doc")


def test_oversize_input_is_refused_before_reading():
    with pytest.raises(DocumentTooLarge, match="limit"):
        parse_document(b"1. A\n" * 1000, "contract.txt", max_bytes=1000)


def test_invalid_utf8_is_refused_not_guessed():
    content = "1. 定义\n本合同中的词语具有以下含义。\n".encode() * 5 + b"\xff\xfe\xfd" + "2. 价款\n".encode()
    with pytest.raises(UnreadableDocument, match="invalid byte 0xff"):
        parse_document(content, "contract.txt")


def test_invalid_bytes_after_a_utf16_bom():
    with pytest.raises(UnreadableDocument, match="utf-16"):
        parse_document(b"\xff\xfe" + "1. A\n".encode("utf-16-le") + b"\x00\xd8", "contract.txt")


def test_encrypted_pdf():
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(make_pdf([["1. ONE", "Text."]]))))
    writer.encrypt("secret", algorithm="RC4-128")
    buffer = io.BytesIO()
    writer.write(buffer)
    with pytest.raises(UnreadableDocument, match="password-protected"):
        parse_document(buffer.getvalue(), "contract.pdf")


def test_pdf_without_text_layer():
    with pytest.raises(UnreadableDocument, match="no text layer; OCR is not supported"):
        parse_document(make_pdf([[], []]), "scan.pdf")


def test_zip_bomb_disguised_as_docx():
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        archive.writestr("word/document.xml", b"<w:document>" + b" " * 300_000_000 + b"</w:document>")
    assert len(buffer.getvalue()) < 1_000_000
    with pytest.raises(DocumentTooLarge, match=r"zip bomb|expands"):
        parse_document(buffer.getvalue(), "contract.docx")


def test_docx_with_entity_expansion_is_not_expanded():
    billion_laughs = (
        '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>'
        '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>'
        "<w:p><w:r><w:t>&b;</w:t></w:r></w:p></w:body></w:document>"
    )
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("word/document.xml", billion_laughs)
    with pytest.raises(DocumentError):
        parse_document(buffer.getvalue(), "contract.docx")


def test_five_thousand_level_deep_numbering():
    lines = [".".join(["1"] * depth) + " text" for depth in range(1, 5001)]
    with pytest.raises(DocumentTooLarge):
        parse_document("\n".join(lines).encode(), "deep.txt")


def test_numbering_nested_beyond_the_depth_limit():
    lines = [".".join(["1"] * depth) + " text" for depth in range(1, 101)]
    with pytest.raises(DocumentTooLarge, match="nested more than 32 levels"):
        parse_document("\n".join(lines).encode(), "deep.txt")


def test_every_document_error_is_invalid_input_for_the_gateway():
    for error in (EmptyDocument, UnsupportedFormat, DocumentTooLarge, UnreadableDocument):
        assert issubclass(error, InvalidInput)
