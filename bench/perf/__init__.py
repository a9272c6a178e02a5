"""Performance benchmarks: worker scaling on Kafka, throughput and infrastructure overhead."""
