"""Plan benchmarks: the SPEC-21 plans the golden contracts get and what quick depth saves."""
