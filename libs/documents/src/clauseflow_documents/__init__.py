"""Contract documents: the clause-tree model, the parser and the content-addressed store."""

from clauseflow_documents.model import Clause, CrossReference, Definition, DocumentStructure
from clauseflow_documents.store import DocumentStore

__all__ = ["Clause", "CrossReference", "Definition", "DocumentStore", "DocumentStructure"]
