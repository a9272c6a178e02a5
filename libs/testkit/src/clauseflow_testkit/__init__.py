"""Development only: the scripted model, hostile document readers and the local Kafka launcher.

A dependency of the root development group, never of a service (an import-linter contract checks
that nothing outside the tests, the benchmarks and ``clauseflow up`` imports it).
"""
