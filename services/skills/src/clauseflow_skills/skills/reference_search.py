"""search_reference_doc: BM25 retrieval over the review's reference documents (English and Chinese)."""

from __future__ import annotations

import heapq
import math
import re
import threading
from collections import Counter, OrderedDict
from dataclasses import dataclass

from clauseflow_contracts.skills import SkillId
from clauseflow_documents.model import DocumentStructure
from pydantic import BaseModel, Field

from clauseflow_skills.doc_index import cache_key
from clauseflow_skills.skill import Skill, SkillContext, SkillInput, SkillOutput
from clauseflow_skills.text import STOPWORDS, normalise

_LATIN = re.compile(r"[a-z0-9]+(?:\.[0-9]+)*")
_CJK_RUN = re.compile(r"[\u4e00-\u9fff]+")


def tokenise(text: str) -> list[str]:
    """Lower-cased Latin words plus Chinese character unigrams and bigrams (no dictionary needed)."""
    text = normalise(text).lower()
    tokens = [w for w in _LATIN.findall(text) if w not in STOPWORDS]
    for run_ in _CJK_RUN.findall(text):
        tokens += list(run_)
        tokens += [run_[i : i + 2] for i in range(len(run_) - 1)]
    return tokens


@dataclass
class _Index:
    """BM25 (Okapi, k1=1.5, b=0.75) over the clauses of one document, with postings per term."""

    clause_ids: list[str]
    # term → [(clause position, term frequency)]: a query touches only the clauses holding its terms.
    postings: dict[str, list[tuple[int, int]]]
    lengths: list[int]
    avg_length: float

    @classmethod
    def build(cls, document: DocumentStructure) -> _Index:
        tfs = [Counter(tokenise(f"{c.title} {c.text}")) for c in document.clauses]
        postings: dict[str, list[tuple[int, int]]] = {}
        for i, tf in enumerate(tfs):
            for term, f in tf.items():
                postings.setdefault(term, []).append((i, f))
        lengths = [sum(tf.values()) for tf in tfs]
        return cls(
            [c.clause_id for c in document.clauses],
            postings,
            lengths,
            (sum(lengths) / len(lengths)) or 1.0,
        )

    def score(self, query: list[str], k1: float = 1.5, b: float = 0.75) -> dict[int, float]:
        """BM25 score by clause position, for the clauses that contain a query term."""
        n = len(self.clause_ids)
        scores: dict[int, float] = {}
        for term in set(query):
            posting = self.postings.get(term)
            if not posting:
                continue
            df = len(posting)
            idf = math.log(1 + (n - df + 0.5) / (df + 0.5))
            for i, f in posting:
                scores[i] = scores.get(i, 0.0) + (
                    idf * f * (k1 + 1) / (f + k1 * (1 - b + b * self.lengths[i] / self.avg_length))
                )
        return scores


_INDEXES: OrderedDict[tuple[str, int, int, int], _Index] = OrderedDict()
_LOCK = threading.Lock()


def _index(document: DocumentStructure) -> _Index:
    # Documents are content-addressed and immutable, so an index per document id never goes stale.
    key = cache_key(document)
    with _LOCK:
        if document.document_id and key in _INDEXES:
            _INDEXES.move_to_end(key)
            return _INDEXES[key]
    built = _Index.build(document)
    with _LOCK:
        if document.document_id:
            _INDEXES[key] = built
            while len(_INDEXES) > 16:
                _INDEXES.popitem(last=False)
    return built


class SearchReferenceInput(SkillInput):
    """Arguments of search_reference_doc."""

    query: str = Field(
        description="What to look for, in the reference document's language, e.g. 'delay damages'"
    )
    top_k: int | None = Field(default=5, description="How many passages to return (1-20)")


class ReferenceHit(BaseModel):
    """A passage of a reference document."""

    document_id: str
    clause_id: str
    title: str
    text: str
    score: float


class SearchReferenceOutput(SkillOutput):
    """Best passages first."""

    query: str
    hits: list[ReferenceHit]
    searched_documents: int


def search(documents: list[DocumentStructure], query: str, top_k: int) -> list[ReferenceHit]:
    """BM25 over every clause of ``documents``; best first, zero scores dropped."""
    terms = tokenise(query)
    # Rank plain tuples and build result models for the top k only (hundreds of clauses match).
    ranked: list[tuple[float, str, str, DocumentStructure]] = []
    for document in documents:
        if not document.clauses:
            continue
        index = _index(document)
        for position, score in index.score(terms).items():
            if score > 0:
                ranked.append((-round(score, 4), document.document_id, index.clause_ids[position], document))
    best = heapq.nsmallest(top_k, ranked, key=lambda r: (r[0], r[1], r[2]))
    hits: list[ReferenceHit] = []
    for neg_score, document_id, clause_id, document in best:
        clause = document.get(clause_id)
        text = clause.text if len(clause.text) <= 800 else clause.text[:799] + "…"
        hits.append(
            ReferenceHit(
                document_id=document_id, clause_id=clause_id, title=clause.title, text=text, score=-neg_score
            )
        )
    return hits


def run(args: SearchReferenceInput, ctx: SkillContext) -> SearchReferenceOutput:
    """Search the review's reference documents (and the particular conditions, if any)."""
    ids = [*ctx.review.reference_document_ids]
    if ctx.review.particular_conditions_document_id:
        ids.append(ctx.review.particular_conditions_document_id)
    documents = [ctx.load_document(doc_id) for doc_id in ids]
    top_k = max(1, min(20, args.top_k or 5))
    return SearchReferenceOutput(
        query=args.query, hits=search(documents, args.query, top_k), searched_documents=len(documents)
    )


SKILL: Skill[SearchReferenceInput, SearchReferenceOutput] = Skill(
    skill_id=SkillId.SEARCH_REFERENCE_DOC,
    name="Search reference documents",
    description=(
        "Search the reference documents attached to this review (e.g. the Employer's Requirements, the "
        "particular conditions, a previous agreement) for passages relevant to a query, best first "
        "(BM25 keyword ranking, English and Chinese). Use it to check what another document says about "
        "the clause's subject."
    ),
    input_model=SearchReferenceInput,
    output_model=SearchReferenceOutput,
    run=run,
    prepare_input=lambda clause_id, document, review: {},
    needs_document=False,
    category="retrieval",
)
