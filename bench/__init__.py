"""Benchmarks: figures written to ``bench/results/`` (JSON + PNG). Not tests. Run all with ``python -m bench``."""
