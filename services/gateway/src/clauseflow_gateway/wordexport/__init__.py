"""Word export of a review: ``redline.docx`` (tracked changes and comments) and ``clean.docx``."""

from clauseflow_gateway.wordexport.export import DOCX_MEDIA_TYPE, ContractSource, WordOptions, export_word

__all__ = ["DOCX_MEDIA_TYPE", "ContractSource", "WordOptions", "export_word"]
