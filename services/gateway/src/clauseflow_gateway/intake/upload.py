"""Turning a submission request (JSON or multipart) into validated documents and fields.

Everything here only reads the request: nothing is stored and no event is
published until the whole submission has been validated and parsed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import PurePath

from pydantic import ValidationError
from starlette.datastructures import FormData, UploadFile
from starlette.requests import Request

from clauseflow_gateway.errors import ApiError, readable_validation_errors, validation_message
from clauseflow_gateway.intake.body import limited_chunks, read_limited_body, too_large
from clauseflow_gateway.intake.multipart import parse_form
from clauseflow_gateway.schemas import ReviewCreate, ReviewFields, ReviewOptionsCreate

SUPPORTED_SUFFIXES = (".txt", ".md", ".docx", ".pdf")
TEXT_SUFFIXES = (".txt", ".md")
FIELD_NAMES = ("title", "our_party", "language", "domain")
# What a JSON submission may carry besides the contract's text (fields, options, escaping).
JSON_FIELDS_ALLOWANCE = 256 * 1024


@dataclass(frozen=True)
class UploadedDocument:
    """One document's bytes and the name it was sent under."""

    content: bytes
    filename: str
    role: str = "contract"


@dataclass(frozen=True)
class Submission:
    """A validated submission: the contract, optional companions, and the review's fields."""

    primary: UploadedDocument
    fields: ReviewFields
    particular_conditions: UploadedDocument | None = None
    references: tuple[UploadedDocument, ...] = field(default_factory=tuple)


def _invalid(errors: list[dict[str, str]]) -> ApiError:
    return ApiError(422, "validation_error", validation_message(errors), errors)


def _validate_fields(data: object, model: type[ReviewFields]) -> ReviewFields:
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise _invalid(readable_validation_errors(list(exc.errors()))) from None


def check_filename(filename: str, role: str) -> str:
    """The file name, if its type is one we read; 415 naming the supported types otherwise."""
    name = PurePath(filename or "").name
    suffix = PurePath(name).suffix.lower()
    if suffix not in SUPPORTED_SUFFIXES:
        shown = suffix or "no extension"
        raise ApiError(
            415,
            "unsupported_file_type",
            f"{role} file {name or '(unnamed)'!r} has {shown}; supported types are "
            f"{', '.join(SUPPORTED_SUFFIXES)}",
        )
    return name


def _check_content(content: bytes, filename: str, role: str, limit: int) -> None:
    if len(content) > limit:
        raise too_large(f"{role} file {filename!r}", limit)
    if not content.strip():
        raise ApiError(
            422, "empty_document", f"{role} file {filename!r} is empty; upload a document with text"
        )


async def submission_from_json(body: bytes, limit: int) -> Submission:
    """A submission from a JSON body ``{text, our_party, ...}``."""
    try:
        data = json.loads(body)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ApiError(400, "invalid_json", f"the body is not valid JSON: {exc}") from None
    except RecursionError:
        raise ApiError(400, "invalid_json", "the body is not valid JSON: it is nested too deeply") from None
    fields = _validate_fields(data, ReviewCreate)
    assert isinstance(fields, ReviewCreate)
    content = fields.text.encode("utf-8")
    # Text is always parsed as plain text, whatever name the client gave it.
    name = PurePath(fields.filename).name or "contract.txt"
    parse_name = name if PurePath(name).suffix.lower() in TEXT_SUFFIXES else f"{name}.txt"
    _check_content(content, parse_name, "contract", limit)
    return Submission(primary=UploadedDocument(content, parse_name), fields=fields)


async def _read_upload(upload: UploadFile, role: str, limit: int) -> UploadedDocument:
    name = check_filename(upload.filename or "", role)
    # Read at most one byte past the limit: enough to know it is too large.
    content = await upload.read(limit + 1)
    _check_content(content, name, role, limit)
    return UploadedDocument(content, name, role)


def _form_fields(form: FormData) -> dict[str, object]:
    data: dict[str, object] = {}
    for name in FIELD_NAMES:
        value = form.get(name)
        if isinstance(value, str) and value.strip():
            data[name] = value
    party = form.get("our_party")
    if isinstance(party, str):
        data["our_party"] = party  # even blank, so the message says it was blank rather than missing
    options: dict[str, object] = {}
    raw_options = form.get("options")
    if isinstance(raw_options, str) and raw_options.strip():
        try:
            options = json.loads(raw_options)
        except json.JSONDecodeError as exc:
            raise _invalid([{"field": "options", "message": f"must be a JSON object: {exc}"}]) from None
        if not isinstance(options, dict):
            raise _invalid([{"field": "options", "message": "must be a JSON object"}])
    # Options may also come as individual form fields (approval_policy=auto, use_react_agent=false).
    for name in ReviewOptionsCreate.model_fields:
        value = form.get(name)
        if isinstance(value, str) and value.strip():
            options[name] = value.strip()
    if options:
        data["options"] = options
    return data


def _single_upload(form: FormData, name: str) -> UploadFile | None:
    value = form.get(name)
    if value is None or (isinstance(value, str) and not value):
        return None
    if not isinstance(value, UploadFile):
        raise _invalid([{"field": name, "message": "must be a file upload, not a text field"}])
    return value


async def submission_from_multipart(
    request: Request, limit: int, request_limit: int, max_references: int
) -> Submission:
    """A submission from a multipart form: ``file``, fields, optional ``pc_file`` and ``reference_files``.

    The form is parsed as it streams in (files spool to disk), each file refused on its first byte
    over ``limit``: a 100 MB upload is never held in memory.
    """
    form = await parse_form(
        request.headers,
        limited_chunks(request, request_limit),
        max_file_bytes=limit,
        max_files=2 + max_references,
        max_fields=50,
    )
    try:
        primary_upload = _single_upload(form, "file")
        if primary_upload is None:
            raise _invalid([{"field": "file", "message": "a contract file is required"}])
        fields = _validate_fields(_form_fields(form), ReviewFields)
        references = [r for r in form.getlist("reference_files") if isinstance(r, UploadFile)]
        if len(references) > max_references:
            raise _invalid(
                [{"field": "reference_files", "message": f"at most {max_references} reference files"}]
            )
        primary = await _read_upload(primary_upload, "contract", limit)
        pc_upload = _single_upload(form, "pc_file")
        pc = await _read_upload(pc_upload, "particular conditions", limit) if pc_upload else None
        refs = tuple([await _read_upload(r, "reference", limit) for r in references])
    finally:
        await form.close()
    return Submission(primary=primary, fields=fields, particular_conditions=pc, references=refs)


async def read_submission(
    request: Request, *, limit: int, request_limit: int, max_references: int
) -> Submission:
    """Read and validate a submission of either kind; raises :class:`ApiError` with a clear message."""
    content_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if content_type == "multipart/form-data":
        return await submission_from_multipart(request, limit, request_limit, max_references)
    if content_type != "application/json" and not content_type.endswith("+json"):
        # Refused before the body is read: nothing of it is held.
        raise ApiError(
            415,
            "unsupported_media_type",
            f"content type {content_type or '(none)'!r} is not accepted; "
            "use application/json or multipart/form-data",
        )
    # A JSON submission carries one contract's text, so its body is bounded by one document's limit
    # (twice it: \uXXXX escapes make Chinese text twice its UTF-8 size), not by the whole form's.
    body = await read_limited_body(request, 2 * limit + JSON_FIELDS_ALLOWANCE)
    if not body.strip():
        raise ApiError(
            400,
            "empty_body",
            "the request has no body; send JSON {text, our_party, language, domain} "
            "or a multipart form with a file and our_party",
        )
    return await submission_from_json(body, limit)
