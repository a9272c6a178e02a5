"""The skills themselves, one module per skill (or per small family)."""
