"""Submissions are validated before anything is stored: clear 4xx messages for every bad input."""

from __future__ import annotations

import json

import pytest
from clauseflow_contracts.review import ApprovalPolicy, Language
from clauseflow_documents import DocumentStructure
from clauseflow_gateway.errors import ApiError
from clauseflow_gateway.intake.submission import findings_language, merge_options
from clauseflow_gateway.intake.upload import check_filename, submission_from_json
from clauseflow_gateway.settings import GatewaySettings

LIMIT = 1000


def _body(**fields: object) -> bytes:
    return json.dumps({"text": "1. Term. One year.", "our_party": "Buyer", **fields}).encode()


async def _refused(body: bytes) -> ApiError:
    with pytest.raises(ApiError) as err:
        await submission_from_json(body, LIMIT)
    return err.value


async def test_valid_json_submission_defaults_to_auto_domain_and_document_language() -> None:
    submission = await submission_from_json(_body(), LIMIT)
    assert submission.fields.domain == "auto"
    assert submission.fields.language is None
    assert submission.primary.filename == "contract.txt"
    assert submission.primary.content == b"1. Term. One year."


async def test_text_is_parsed_as_text_whatever_the_filename_says() -> None:
    submission = await submission_from_json(_body(filename="deal.docx"), LIMIT)
    assert submission.primary.filename == "deal.docx.txt"


@pytest.mark.parametrize(
    ("fields", "field", "fragment"),
    [
        ({"our_party": "   "}, "our_party", "blank"),
        ({"our_party": None}, "our_party", "string"),
        ({"language": "fr"}, "language", "zh-CN"),
        ({"domain": "banking"}, "domain", "generic"),
        ({"options": {"approval_policy": "sometimes"}}, "options.approval_policy", "manual"),
        ({"colour": "red"}, "colour", "not permitted"),
    ],
)
async def test_bad_fields_are_refused_naming_the_field(
    fields: dict[str, object], field: str, fragment: str
) -> None:
    error = await _refused(_body(**fields))
    assert error.status == 422
    assert error.code == "validation_error"
    assert any(d["field"] == field and fragment in d["message"] for d in error.details)


async def test_missing_party_is_refused() -> None:
    error = await _refused(json.dumps({"text": "1. Term."}).encode())
    assert error.status == 422
    assert "our_party" in error.message


async def test_empty_text_is_refused_as_an_empty_document() -> None:
    error = await _refused(_body(text="  \n "))
    assert (error.status, error.code) == (422, "empty_document")


async def test_oversize_text_is_refused_with_413() -> None:
    error = await _refused(_body(text="x" * (LIMIT + 1)))
    assert error.status == 413
    assert "1,000 bytes" in error.message


async def test_malformed_json_is_refused_with_400() -> None:
    error = await _refused(b"{not json")
    assert (error.status, error.code) == (400, "invalid_json")


@pytest.mark.parametrize("name", ["a.txt", "B.MD", "c.docx", "dir/d.pdf"])
def test_supported_file_types_are_accepted(name: str) -> None:
    assert check_filename(name, "contract") == name.split("/")[-1]


@pytest.mark.parametrize("name", ["contract.exe", "contract", "scan.jpg", ""])
def test_unsupported_file_types_are_refused_with_415_naming_the_supported_ones(name: str) -> None:
    with pytest.raises(ApiError) as err:
        check_filename(name, "contract")
    assert err.value.status == 415
    assert ".txt, .md, .docx, .pdf" in err.value.message


def test_options_take_deployment_defaults_where_the_client_said_nothing() -> None:
    defaults = GatewaySettings(approval_policy=ApprovalPolicy.AUTO, max_retries=4)
    options = merge_options(defaults, {"use_react_agent": False})
    assert options.approval_policy is ApprovalPolicy.AUTO
    assert options.max_retries == 4
    assert options.use_react_agent is False


def test_findings_language_defaults_to_the_documents_language() -> None:
    assert findings_language(None, DocumentStructure(language="zh")) is Language.ZH_CN
    assert findings_language(None, DocumentStructure(language="en")) is Language.EN
    assert findings_language(Language.EN, DocumentStructure(language="zh")) is Language.EN
