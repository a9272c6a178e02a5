"""Recording a validated submission: parse, store the documents, record the review, queue the event."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from clauseflow_contracts.errors import DocumentError
from clauseflow_contracts.events import DocumentRefs, Envelope, ReviewRequested, Topic
from clauseflow_contracts.ids import derived_id, document_id, new_review_id
from clauseflow_contracts.review import Domain, Language, ReviewOptions, ReviewStatus
from clauseflow_contracts.tenants import LOCAL_TENANT, qualify_document_id
from clauseflow_documents import DocumentStore, DocumentStructure
from clauseflow_documents.combined_conditions import conditions_printed_together, split_conditions
from clauseflow_platform.logging import bound_context, get_logger
from clauseflow_platform.settings import ReviewDefaults
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from clauseflow_gateway.db.tables import ReviewRow, SubmissionRow
from clauseflow_gateway.errors import ApiError
from clauseflow_gateway.intake.domain import detect_domain
from clauseflow_gateway.intake.fidic import merged_contract, with_content_id
from clauseflow_gateway.intake.idempotency import earlier_answer, fingerprint
from clauseflow_gateway.intake.isolation import ReaderCrashed, ReaderPool
from clauseflow_gateway.intake.party import parties_named, party_is_named
from clauseflow_gateway.intake.upload import Submission, UploadedDocument
from clauseflow_gateway.outbox import OutboxRelay, enqueue
from clauseflow_gateway.schemas import Links, ReviewAccepted

log = get_logger(__name__)

DocumentParser = Callable[[bytes, str], DocumentStructure]


@dataclass(frozen=True)
class ParsedDocument:
    """An uploaded document and its parsed structure."""

    upload: UploadedDocument
    structure: DocumentStructure


def default_parser() -> DocumentParser:
    """The shared parser (imported on first use, not at import time)."""
    from clauseflow_documents.parser import parse_document

    return parse_document


def review_requested_event_id(review_id: str) -> str:
    """The event id of a review's request (one per review)."""
    return derived_id("evt", review_id, "review.requested")


def merge_options(defaults: ReviewDefaults, given: dict[str, Any] | None) -> ReviewOptions:
    """The review's options: deployment defaults overridden by what the client set."""
    base = ReviewOptions(
        use_react_agent=defaults.use_react_agent,
        use_orchestrator=defaults.use_orchestrator,
        approval_policy=defaults.approval_policy,
        max_retries=defaults.max_retries,
        max_redraft_rounds=defaults.max_redraft_rounds,
    ).model_dump()
    base.update({k: v for k, v in (given or {}).items() if v is not None})
    return ReviewOptions.model_validate(base)


def sources_of(submission: Submission) -> list[dict[str, str]]:
    """Every uploaded file with its role and the sha256 of its bytes (the document store's id)."""
    pc = submission.particular_conditions
    roles = [(submission.primary, "contract" if pc is None else "general_conditions")]
    roles += [(pc, "particular_conditions")] if pc is not None else []
    roles += [(r, "reference") for r in submission.references]
    return [{"role": role, "filename": u.filename, "sha256": document_id(u.content)} for u, role in roles]


def findings_language(chosen: Language | None, structure: DocumentStructure) -> Language:
    """The language asked for, or else the document's own."""
    if chosen is not None:
        return chosen
    return Language.ZH_CN if structure.language == "zh" else Language.EN


class SubmissionService:
    """Turns a validated :class:`Submission` into a stored review and a queued ``ReviewRequested``."""

    def __init__(
        self,
        *,
        sessions: async_sessionmaker[AsyncSession],
        store: DocumentStore,
        relay: OutboxRelay,
        parser: DocumentParser,
        readers: ReaderPool,
        defaults: ReviewDefaults,
    ) -> None:
        self._sessions = sessions
        self._store = store
        self._relay = relay
        self._parser = parser
        self._readers = readers
        self._defaults = defaults

    def _overran(self, what: str, exc: TimeoutError | MemoryError | ReaderCrashed) -> ApiError:
        """The 422 for a read that overran its time or memory, or that killed its reader."""
        if isinstance(exc, TimeoutError):
            return ApiError(
                422,
                "document_timeout",
                f"{what} took longer than {self._readers.timeout_s:g}s; convert it to .txt or split it",
            )
        if isinstance(exc, MemoryError):
            return ApiError(
                422,
                "document_too_large",
                f"{what} needs more than {self._readers.memory_mb} MB of memory; "
                "convert it to .txt or split it",
            )
        return ApiError(422, "document_error", f"{what} could not be completed: {exc}")

    async def _parse(self, upload: UploadedDocument) -> ParsedDocument:
        label = f"{upload.role} file {upload.filename!r}"
        try:
            structure = await self._readers.run(self._parser, upload.content, upload.filename)
        except DocumentError as exc:
            raise ApiError(422, "document_error", f"{label}: {exc}") from None
        except (TimeoutError, MemoryError, ReaderCrashed) as exc:
            raise self._overran(f"reading the {label}", exc) from None
        except (ImportError, OSError):
            raise  # our fault, not the document's: a 500, logged by the error handler
        except Exception as exc:
            # Parser crashes on odd input (IndexError in a corrupt table, ...) are still about the document.
            log.warning("intake.parse_failed", filename=upload.filename, error=repr(exc)[:300])
            raise ApiError(422, "document_error", f"{label} could not be read as a contract") from exc
        if not structure.clauses:
            raise ApiError(422, "document_error", f"{label} has no clauses we could recognise")
        return ParsedDocument(upload, structure)

    @staticmethod
    def _check_party(our_party: str, text: str) -> list[str]:
        """Refuse (422) a party the contract never names; a warning when its parties cannot be found."""
        if party_is_named(our_party, text):
            return []
        named = parties_named(text)
        if not named:
            return [
                f"{our_party!r} does not appear in the contract and its parties could not be found; "
                "check that the review argues for the right side"
            ]
        raise ApiError(
            422,
            "party_not_in_contract",
            f"our_party {our_party!r} is not named in the contract. It names: {', '.join(named)}. "
            "Give the role or the name the contract uses for the party you act for.",
            {"our_party": our_party, "parties_named": named},
        )

    def _store_document(self, parsed: ParsedDocument, tenant: str) -> str:
        doc_id = self._store.put_original(parsed.upload.content, parsed.upload.filename, tenant=tenant)
        structure = parsed.structure
        if structure.document_id != doc_id:
            structure = structure.model_copy(update={"document_id": doc_id})
        self._store.put_structure(structure)
        return doc_id

    async def _printed_together(
        self, primary: ParsedDocument
    ) -> tuple[ParsedDocument, ParsedDocument | None]:
        """A contract that prints its General Conditions and then its Particular Conditions, as the
        two uploads it stands for (:mod:`clauseflow_documents.combined_conditions`); else unchanged.

        The two parts together are the uploaded text, so nothing is lost; they are stored as the
        contract's General and Particular Conditions, and the merge of the two is what is reviewed.
        """
        if split_conditions(primary.structure.text) is None:
            return primary, None  # the usual case, told by two part headings: no second parse
        try:
            parts = await self._readers.run(conditions_printed_together, primary.structure)
        except (TimeoutError, MemoryError, ReaderCrashed) as exc:
            raise self._overran(f"splitting {primary.upload.filename!r} into its Conditions", exc) from None
        if parts is None:
            return primary, None
        gc, pc = parts
        stem = primary.upload.filename.rsplit(".", 1)[0]
        log.info("intake.conditions_printed_together", filename=primary.upload.filename)
        return (
            ParsedDocument(UploadedDocument(gc.text.encode(), f"{stem} - General Conditions.txt"), gc),
            ParsedDocument(
                UploadedDocument(
                    pc.text.encode(), f"{stem} - Particular Conditions.txt", "particular_conditions"
                ),
                pc,
            ),
        )

    async def _merge(self, gc: ParsedDocument, pc: ParsedDocument) -> DocumentStructure:
        """The GC amended by the PC (422 when the two cannot be merged into a reviewable contract)."""
        label = f"particular conditions file {pc.upload.filename!r}"
        gc_structure = with_content_id(gc.structure, gc.upload.content)
        pc_structure = with_content_id(pc.structure, pc.upload.content)
        try:
            # The merge re-parses the amended text: as costly as a parse, and as untrusted.
            return await self._readers.run(merged_contract, gc_structure, pc_structure)
        except (TimeoutError, MemoryError, ReaderCrashed) as exc:
            raise self._overran(f"merging the {label} into the contract", exc) from None
        except (ImportError, OSError):
            raise
        except Exception as exc:
            log.warning("intake.merge_failed", filename=pc.upload.filename, error=repr(exc)[:300])
            raise ApiError(
                422,
                "document_error",
                f"the {label} could not be applied to the General Conditions: {exc}",
            ) from exc

    async def _store_documents(
        self,
        primary: ParsedDocument,
        pc: ParsedDocument | None,
        merged: DocumentStructure | None,
        references: list[ParsedDocument],
        tenant: str,
    ) -> DocumentRefs:
        """Store every document in the tenant's namespace; with a PC the merged contract is the
        primary (originals kept too)."""
        reference_ids = [await asyncio.to_thread(self._store_document, r, tenant) for r in references]
        uploaded_id = await asyncio.to_thread(self._store_document, primary, tenant)
        if pc is None or merged is None:
            return DocumentRefs(primary=uploaded_id, references=tuple(reference_ids))
        pc_id = await asyncio.to_thread(self._store_document, pc, tenant)
        merged = merged.model_copy(update={"document_id": qualify_document_id(tenant, merged.document_id)})
        await asyncio.to_thread(self._store.put_structure, merged)
        return DocumentRefs(
            primary=merged.document_id,
            particular_conditions=pc_id,
            general_conditions=uploaded_id,
            references=tuple(reference_ids),
        )

    async def submit(
        self, submission: Submission, idempotency_key: str | None = None, *, tenant: str = LOCAL_TENANT
    ) -> tuple[ReviewAccepted, bool]:
        """Parse everything first (nothing stored on failure), then store, record and queue, all in
        ``tenant``'s name.

        With Particular Conditions, the General Conditions as amended by them are what is reviewed.
        Returns the answer and whether it repeats the one given to an earlier submission under the
        same ``idempotency_key`` (then nothing new is recorded).
        """
        print_ = fingerprint(submission)
        if idempotency_key is not None:
            # Keys are the caller's own: the same key from another tenant is another submission.
            idempotency_key = f"{tenant}:{idempotency_key}"
            async with self._sessions() as session:
                earlier = await earlier_answer(session, idempotency_key, print_)
            if earlier is not None:
                return earlier, True
        try:
            return await self._submit(submission, idempotency_key, print_, tenant), False
        except IntegrityError:
            if idempotency_key is None:
                raise
            # A concurrent retry under the same key recorded its review first: answer as it did.
            async with self._sessions() as session:
                earlier = await earlier_answer(session, idempotency_key, print_)
            if earlier is None:
                raise
            return earlier, True

    async def _submit(
        self, submission: Submission, idempotency_key: str | None, print_: str, tenant: str
    ) -> ReviewAccepted:
        primary = await self._parse(submission.primary)
        pc = await self._parse(submission.particular_conditions) if submission.particular_conditions else None
        if pc is None:
            primary, pc = await self._printed_together(primary)
        references = [await self._parse(r) for r in submission.references]
        merged = await self._merge(primary, pc) if pc else None
        reviewed = merged if merged is not None else primary.structure

        fields = submission.fields
        party_warnings = self._check_party(fields.our_party, reviewed.text)
        detected = fields.domain == "auto"
        domain = (
            detect_domain(primary.structure.text, has_particular_conditions=pc is not None)
            if detected
            else Domain(fields.domain)
        )
        language = findings_language(fields.language, primary.structure)
        options = merge_options(
            self._defaults, fields.options.model_dump(exclude_none=True) if fields.options else None
        )
        title = fields.title or primary.structure.title or submission.primary.filename

        refs = await self._store_documents(primary, pc, merged, references, tenant)
        review_id = new_review_id()
        payload = ReviewRequested(
            documents=refs,
            title=title[:500],
            our_party=fields.our_party,
            language=language,
            domain=domain,
            options=options,
        )
        warnings = list(dict.fromkeys([*primary.structure.warnings, *reviewed.warnings, *party_warnings]))
        accepted = ReviewAccepted(
            id=review_id,
            review_id=review_id,
            status=ReviewStatus.RECEIVED.value,
            title=payload.title,
            our_party=payload.our_party,
            language=language.value,
            domain=domain.value,
            domain_detected=detected,
            clauses_found=len(reviewed.clauses),
            warnings=warnings,
            links=Links.for_review(review_id),
        )
        submitted = SubmissionRow(
            review_id=review_id,
            idempotency_key=idempotency_key,
            fingerprint=print_,
            warnings=warnings,
            response=accepted.model_dump(mode="json"),
        )
        with bound_context(review_id=review_id):
            await self._record(
                review_id,
                payload,
                submission.primary.filename,
                detected,
                submitted,
                sources_of(submission),
                tenant,
            )
            log.info("review.submitted", domain=domain.value, language=language.value)
        self._relay.kick()
        return accepted

    async def _record(
        self,
        review_id: str,
        payload: ReviewRequested,
        filename: str,
        detected: bool,
        submitted: SubmissionRow,
        sources: list[dict[str, str]],
        tenant: str,
    ) -> None:
        event = Envelope.wrap(
            review_id, payload, event_id=review_requested_event_id(review_id), tenant_id=tenant
        )
        async with self._sessions() as session, session.begin():
            session.add(submitted)
            session.add(
                ReviewRow(
                    id=review_id,
                    tenant=tenant,
                    status=ReviewStatus.RECEIVED.value,
                    title=payload.title,
                    filename=filename,
                    our_party=payload.our_party,
                    language=payload.language.value,
                    domain=payload.domain.value,
                    domain_detected=detected,
                    # the files as uploaded, for the report's provenance (names and sha256)
                    documents={**payload.documents.model_dump(mode="json"), "sources": sources},
                    options=payload.options.model_dump(mode="json"),
                )
            )
            enqueue(session, Topic.REVIEW_REQUESTED, review_id, event)
