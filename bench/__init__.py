"""Benchmarks: figures go to ``bench/results/`` (JSON + PNG); not tests. Run all: ``python -m bench``."""
