"""Tables of contents: titles and page numbers, which look like clauses and references but are neither.

One definition for the parser (a contents line is no clause heading), the cross-reference finder
("Article 7 Warranties ........ 12" refers to nothing) and the playbook (a contents run states no term).
"""

from __future__ import annotations

import re

# A title led out to its page number: dots, an ellipsis or a tab, then the number ending the line.
_PAGE_AT_LINE_END = re.compile(r"(?:\.{4,}|…{2,}|(?:\. ){4,}|\t)\s*\d{1,4}\s*$")
# Only a line's tail can hold the page number; searching a whole line would be quadratic in a long
# run of dots or tabs.
_TAIL = 64
# A table of contents run into one paragraph by a PDF: "… 11 2.2 Negative Covenants 11 2.3 Non-Compete
# 11 …" (a page number, then the next section's number and title).
_CONTENTS_STEP = re.compile(
    r"\b\d{1,3}\s+\d{1,2}(?:\.\d{1,2})+\.?\s+[A-Z]|\b\d{1,3}\s+(?:ARTICLE|Article|SECTION|Section)\s+\d"
)


def is_contents_line(line: str) -> bool:
    """Whether one line is a contents entry: a title led out to its page number."""
    return _PAGE_AT_LINE_END.search(line[-_TAIL:]) is not None


# Dot leaders after a title: within a window the page number they lead to may lie beyond its end.
_DOT_LEADERS = re.compile(r"(?:\.\s?){4,}|…{2,}")


def leads_out_to_a_page(rest_of_line: str) -> bool:
    """Whether the text after a heading or reference leads out to a page number (in view or not).

    A PDF's contents page is often one line a thousand characters long ("Article 2 License Grant
    . . . . 2 Article 3 ..."): a window over it ends in dots, not in the page number.
    """
    return is_contents_line(rest_of_line) or _DOT_LEADERS.search(rest_of_line) is not None


def is_contents_entry(text: str) -> bool:
    """Whether a passage (a "sentence", possibly several lines) is part of a table of contents."""
    return any(is_contents_line(line) for line in text.split("\n")) or len(_CONTENTS_STEP.findall(text)) >= 3
