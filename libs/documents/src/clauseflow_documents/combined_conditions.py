"""General Conditions and Particular Conditions printed in one document, read as the two they are.

Construction contracts often come as one file: "PART ONE - GENERAL CONDITIONS" with every
sub-clause, then "PART TWO - PARTICULAR CONDITIONS" amending some of them ("4.12 Sub-Clause 4.12 is
deleted", 'In Sub-Clause 20.1, replace "28 days" with "14 days"'). Read as one text, the amendments
under "Part B" are a single unit far from the sub-clauses they change, and their numbers collide
with the General Conditions' own. Split at the Particular Conditions' heading, the two parts are
what a separate upload of each would be, and the merge of the General Conditions with their
amendments (:func:`clauseflow_documents.fidic.merge_gc_pc`) gives each sub-clause as amended.
"""

from __future__ import annotations

import hashlib
import re

from clauseflow_documents.incorporation import GENERAL_CONDITIONS_PART
from clauseflow_documents.model import DocumentStructure
from clauseflow_documents.parser import build_structure

# The heading line of the Particular Conditions part: "PART TWO - PARTICULAR CONDITIONS", "Part II:
# Special Conditions of Contract", "Conditions of Particular Application", "第三部分 专用合同条款".
_PARTICULAR_CONDITIONS_PART = re.compile(
    r"^[ \t]*(?:Part\s+(?:[IVX]+|One|Two|Three|Four|\d+|[A-D])\s*[-–—:.]?\s*)?"
    r"(?:Particular\s+Conditions|Special\s+Conditions|Conditions\s+of\s+Particular\s+Application)\b[^\n.]{0,60}$"
    r"|^[ \t]*(?:第[一二三四五六]部分\s*)?专用(?:合同)?条款\s*$",
    re.I | re.M,
)


def split_conditions(text: str) -> tuple[str, str] | None:
    """(General Conditions, Particular Conditions) of a text that prints both, in that order; else None.

    Both parts must be headed as parts, the General Conditions first, and each must hold text: a
    contract that only names its Particular Conditions ("the Contract comprises ... Particular
    Conditions") or prints them alone is not split.
    """
    general = GENERAL_CONDITIONS_PART.search(text)
    if general is None:
        return None
    particular = _PARTICULAR_CONDITIONS_PART.search(text, general.end())
    if particular is None:
        return None
    gc, pc = text[: particular.start()], text[particular.start() :]
    if not gc[general.end() :].strip() or not pc[particular.end() - particular.start() :].strip():
        return None
    return gc, pc


def conditions_printed_together(
    structure: DocumentStructure,
) -> tuple[DocumentStructure, DocumentStructure] | None:
    """The General Conditions and the Particular Conditions of a document printing both, parsed apart.

    Each part gets an id derived from the document's, so the merge of the two (whose id derives
    from theirs) is stable for one upload.
    """
    parts = split_conditions(structure.text)
    if parts is None:
        return None
    gc_text, pc_text = parts
    base = structure.document_id or hashlib.sha256(structure.text.encode()).hexdigest()
    gc = build_structure(gc_text, source_format=structure.source_format, doc_id=f"{base}-gc")
    pc = build_structure(pc_text, source_format=structure.source_format, doc_id=f"{base}-pc")
    return gc, pc
