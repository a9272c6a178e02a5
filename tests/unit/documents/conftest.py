"""Fixtures for the document parser tests (builders live in ``document_fixtures``)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from clauseflow_documents.model import DocumentStructure
from clauseflow_documents.parser import parse_document


@pytest.fixture
def parse() -> Callable[..., DocumentStructure]:
    """Parse text (encoded as UTF-8) as a .txt file unless a filename is given."""

    def _parse(text: str | bytes, filename: str = "contract.txt") -> DocumentStructure:
        content = text.encode("utf-8") if isinstance(text, str) else text
        return parse_document(content, filename)

    return _parse
