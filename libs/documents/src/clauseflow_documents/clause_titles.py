"""A clause's title: the heading after its number, a heading on the next line, or an inline title.

"12. LIMITATION OF LIABILITY", "12.\nLimitation of Liability", "1) Duties of the Supplier   The
Supplier shall …", "第三条【付款】…": the segmenter asks here whether the text after a number is
a heading and what the clause's title is.
"""

from __future__ import annotations

import re

from clauseflow_documents.numbering import Marker, read_marker

MARKDOWN_PREFIX = re.compile(r"(?:#{1,6}[ \t]+|\*\*|__|>[ \t]*)+")
_RULE_CHARS = frozenset("-–—_=")
_LEADING_SEP = re.compile(r"^[\-–—:.|]+\s*")
_INLINE_TITLE = re.compile(r"(?P<title>[A-Z][^.:;!?\n\"“]{0,80}?)(?:\.|:)(?:\s+|$)")
SMALL_WORDS = frozenset(
    [
        "a",
        "an",
        "and",
        "as",
        "at",
        "by",
        "for",
        "from",
        "in",
        "into",
        "of",
        "on",
        "or",
        "the",
        "to",
        "with",
        "without",
        "under",
        "upon",
        "between",
        "its",
        "their",
    ]
)
PROVISIONAL_TITLE = "\x00"  # prefix of a provisional title
_ZH_STOP = re.compile(r"[。；，,;]")


def heading_like(rest: str, language: str) -> bool:
    """Whether the text after a number reads as a heading rather than as running text."""
    if len(rest) > 300:
        return False
    unruled = _strip_trailing_rules(rest.strip(), stops=False)
    rest = clean_heading(rest)
    if not rest:
        return True
    if has_cjk(rest):
        return len(rest) <= 30 and not _ZH_STOP.search(rest)
    if len(rest) > 120:
        return False
    letters = [c for c in rest if c.isalpha()]
    if len(letters) >= 2 and all(c.isupper() for c in letters):
        return True
    if unruled[-1:] in (".", ";", ",", ":") or len(rest) > 80:
        return False
    # "Interim payments" (sentence case) is as much a heading as "Interim Payments".
    sentence_case = (
        len(rest) <= 60 and len(rest.split()) <= 8 and rest[0].isupper() and not re.search(r"[,;]", rest)
    )
    return sentence_case or title_case(rest)


def clean_heading(text: str) -> str:
    """A heading without leading separators ("- WARRANTIES") or trailing rules ("Term ------")."""
    return _strip_trailing_rules(_LEADING_SEP.sub("", text.strip()), stops=True).strip()


def _strip_trailing_rules(text: str, *, stops: bool) -> str:
    """``text`` without trailing whitespace and rules of two or more ``-–—_=`` (and, with ``stops``,
    a ``.``/``:`` right after a word character).

    A right-to-left scan rather than a regex: ``(?:\\s|[-_]{2,})+$`` backtracks exponentially on a
    long rule followed by more text ("Term ----------      the Parties …"), which took minutes.
    """
    end = len(text)
    while end > 0:
        ch = text[end - 1]
        if ch.isspace():
            end -= 1
        elif ch in _RULE_CHARS:
            run = end - 1
            while run > 0 and text[run - 1] in _RULE_CHARS:
                run -= 1
            if end - run < 2:
                break
            end = run
        elif stops and ch in ".:" and end >= 2 and _is_word_char(text[end - 2]):
            end -= 1
        else:
            break
    return text[:end]


def _is_word_char(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


def title_case(text: str) -> bool:
    """Whether most significant words of ``text`` are capitalised ("Limitation of Liability")."""
    words = [w for w in re.findall(r"[A-Za-z][\w'’-]*", text)]
    if not words or len(words) > 12:
        return False
    significant = [w for w in words if w.lower() not in SMALL_WORDS]
    return bool(significant) and sum(w[0].isupper() for w in significant) / len(significant) >= 0.75


def clause_title(
    marker: Marker, heading: bool, lines: list[tuple[int, str]], line_no: int, language: str
) -> str:
    """The title of the clause numbered by ``marker`` on line ``line_no`` (empty when it has none).

    A heading that may be running text is returned with ``PROVISIONAL_TITLE`` in front: it is a
    title only if sub-clauses follow, which the segmenter knows once the tree is built.
    """
    rest = marker.rest.strip()
    following = ""
    for _, nxt in lines[line_no + 1 : line_no + 4]:
        if nxt.strip():
            following = nxt.strip()
            break
    if heading and rest:
        cleaned = clean_heading(rest).strip("[]【】 ")[:200]
        letters = [c for c in cleaned if c.isalpha()]
        shouting = len(letters) >= 2 and all(c.isupper() for c in letters)
        # A heading is followed by its body; a short complete clause ("2.2 Reserved") is not a heading.
        body_follows = bool(following) and read_marker(MARKDOWN_PREFIX.sub("", following, count=1)) is None
        if shouting or body_follows or has_cjk(cleaned):
            return cleaned
        return (
            PROVISIONAL_TITLE + cleaned
        )  # a title only if sub-clauses follow (decided once the tree is known)
    if not rest:
        if (
            following
            and read_marker(following) is None
            and len(following) <= 80
            and heading_like(following, language)
        ):
            return clean_heading(following)
        return ""
    if has_cjk(rest[:20]):
        m = re.match(r"[【\[](?P<t>[^】\]]{1,20})[】\]]|(?P<u>[^，。；：:\s]{1,12})[：:]", rest)
        if m:
            return m.group("t") or m.group("u") or ""
        return ""
    gap = _GAP_TITLE.match(rest)
    if gap:
        # "1) Duties of the Supplier   The Supplier shall …": a heading set off by a run of spaces.
        title = gap.group("title").strip()
        words = title.split()
        letters = [c for c in title if c.isalpha()]
        # Running text broken by justified spacing is long, or ends mid-phrase ("… by and between").
        short = len(words) <= 8 and title[-1] != "," and words[-1].lower() not in SMALL_WORDS
        if short and letters and (all(c.isupper() for c in letters) or title_case(title)):
            return title
    m = _INLINE_TITLE.match(rest)
    if m and m.end() < len(rest):
        title = m.group("title").strip()
        letters = [c for c in title if c.isalpha()]
        if letters and (all(c.isupper() for c in letters) or title_case(title)) and len(title.split()) <= 10:
            return title
    return ""


_GAP_TITLE = re.compile(r"(?P<title>[A-Z][^.:;!?\n\"“]{0,80}?)[ \t]{3,}(?=[A-Z\"“(])")
_CJK_RE = re.compile(r"[\u3400-\u9fff]")


def has_cjk(text: str) -> bool:
    """Whether ``text`` holds a Chinese (CJK unified) character."""
    return _CJK_RE.search(text) is not None
