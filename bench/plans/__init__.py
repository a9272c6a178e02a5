"""Plan benchmarks: the review plans the golden contracts get and what quick depth saves."""
