"""Bytes of a plain-text document to normalised text: encoding detection and normalisation.

Supported: UTF-8 (with or without BOM), UTF-16/UTF-32 with BOM (and BOM-less UTF-16 recognised by
its NUL pattern), GB18030/GBK for Chinese, and legacy single-byte Western encodings. Text that is
mostly UTF-8 but contains invalid bytes is refused rather than guessed, because a silently
mis-decoded contract would quote wrong text in findings and redlines.
"""

from __future__ import annotations

import codecs
import re
import unicodedata

from clauseflow_contracts.errors import UnreadableDocument

_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
# Bytes that never occur in text files (C0 controls other than tab, LF, VT, FF, CR, ESC).
_BINARY_BYTES = re.compile(rb"[\x00-\x08\x0e-\x1a\x1c-\x1f]")
_UTF8_MULTIBYTE = re.compile(rb"[\xc2-\xdf][\x80-\xbf]|[\xe0-\xef][\x80-\xbf]{2}|[\xf0-\xf4][\x80-\xbf]{3}")
_CONTROL_CHARS = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f\ufffd]")
_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]")
_PLAIN = re.compile(r"[\t\n\r\x20-\x7e\u00a0-\u024f\u2000-\u206f\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")
_SAMPLE = 200_000
_ASCII = bytes(range(128))


def decode_text(content: bytes) -> str:
    """Decode a text document; raises :class:`UnreadableDocument` when the bytes are not text."""
    for bom, encoding in _BOMS:
        if content.startswith(bom):
            return _strict(content[len(bom) :], encoding)
    sample = content[:_SAMPLE]
    binary = len(_BINARY_BYTES.findall(sample))
    if binary > max(2, len(sample) // 1000):
        utf16 = _bomless_utf16(content)
        if utf16 is not None:
            return utf16
        raise UnreadableDocument(
            "The file looks like binary data, not text. Upload the contract as .txt, .md, .docx or a .pdf "
            "with a text layer."
        )
    try:
        return content.decode("utf-8")
    except UnicodeDecodeError as exc:
        utf8_error = exc
    high_bytes = len(sample.translate(None, _ASCII))
    utf8_bytes = sum(len(m) for m in _UTF8_MULTIBYTE.findall(sample))
    if high_bytes and utf8_bytes / high_bytes > 0.8:
        raise UnreadableDocument(
            f"The file is mostly UTF-8 but has an invalid byte 0x{content[utf8_error.start]:02x} at byte "
            f"offset {utf8_error.start}; it may be corrupt or mix encodings. Re-save it as UTF-8 and "
            "upload it again."
        )
    return _decode_legacy(content)


def _strict(content: bytes, encoding: str) -> str:
    try:
        return content.decode(encoding)
    except UnicodeDecodeError as exc:
        raise UnreadableDocument(
            f"The file declares {encoding} (byte-order mark) but byte offset {exc.start} is not valid "
            f"{encoding}; re-save it as UTF-8 and upload it again."
        ) from None


def _bomless_utf16(content: bytes) -> str | None:
    """UTF-16 without a byte-order mark, recognised by decoding to clean English or Chinese text."""
    if len(content) % 2:
        return None
    for encoding in ("utf-16-le", "utf-16-be"):
        try:
            text = content[: _SAMPLE * 2].decode(encoding)
        except UnicodeDecodeError:
            continue
        if not text or _control_share(text) > 0.001:
            continue
        if len(_PLAIN.findall(text)) / len(text) > 0.97:
            try:
                return content.decode(encoding)
            except UnicodeDecodeError:
                return None
    return None


def _decode_legacy(content: bytes) -> str:
    # GB18030 is a superset of GBK and GB2312; accept it when what it decodes is mostly Chinese.
    try:
        text = content.decode("gb18030")
    except UnicodeDecodeError:
        text = ""
    if text:
        non_ascii = [ch for ch in text[:_SAMPLE] if ord(ch) > 127]
        if non_ascii and sum(1 for ch in non_ascii if _CJK.match(ch)) / len(non_ascii) > 0.95:
            return text
    from charset_normalizer import from_bytes  # imported lazily: detection is slow to import

    best = from_bytes(content[:_SAMPLE]).best()
    if best is not None and best.encoding and best.chaos < 0.3:
        try:
            decoded = content.decode(best.encoding)
        except (UnicodeDecodeError, LookupError):
            decoded = ""
        if decoded and _control_share(decoded) < 0.001:
            return decoded
    raise UnreadableDocument(
        "The text encoding of the file could not be recognised (tried UTF-8, UTF-16, GB18030/GBK and common "
        "Western encodings). Re-save the file as UTF-8 and upload it again."
    )


def _control_share(text: str) -> float:
    sample = text[:_SAMPLE]
    return len(_CONTROL_CHARS.findall(sample)) / max(1, len(sample))


_SPACE_LIKE = re.compile(r"[\u00a0\u2000-\u200a\u202f\u205f]")
# Only characters that carry nothing are dropped, so plain UTF-8 text keeps its character offsets.
_DROP = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f\ufeff]")


def normalise_text(text: str) -> str:
    """The normalised document text that clause offsets index.

    Line ends become ``\\n``, form feeds become line breaks, exotic spaces become plain spaces,
    and stray control characters and byte-order marks are removed.
    Characters are otherwise kept as written (no NFKC), so quotes from the text match the original.
    """
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\f", "\n")
    text = _SPACE_LIKE.sub(" ", text)
    text = _DROP.sub("", text)
    return unicodedata.normalize("NFC", text)


_LATIN_LETTER = re.compile(r"[A-Za-z]")
_HAN = re.compile(r"[\u3400-\u9fff]")


def detect_language(text: str) -> str:
    """``"zh"`` when Chinese characters outweigh English words, else ``"en"``."""
    sample = text[:_SAMPLE]
    han = len(_HAN.findall(sample))
    latin_words = len(_LATIN_LETTER.findall(sample)) / 5  # ~5 letters per English word
    return "zh" if han > 0 and han >= latin_words else "en"
