"""Chaos bench: reviews on Kafka while services are killed with -9 and restarted."""
