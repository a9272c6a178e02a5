"""Benchmarks of authentication."""
