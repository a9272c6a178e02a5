"""Word export benchmarks: how long a review takes to become redline.docx and clean.docx."""
