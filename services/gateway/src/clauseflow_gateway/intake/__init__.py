"""Submissions: reading and validating uploads, detecting the domain, recording the review."""
