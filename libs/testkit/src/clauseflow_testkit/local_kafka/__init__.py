"""A real single-node Apache Kafka broker (KRaft) for machines without Docker.

The jars come from Maven Central through ``infra/kafka/pom.xml`` and are cached;
the broker listens on loopback only, lives in a temporary directory and dies with
its parent process. ``python -m clauseflow_testkit.local_kafka run|start|stop``.
"""

from clauseflow_testkit.local_kafka.broker import LocalKafka, LocalKafkaError
from clauseflow_testkit.local_kafka.jars import DEFAULT_KAFKA_VERSION

__all__ = ["DEFAULT_KAFKA_VERSION", "LocalKafka", "LocalKafkaError"]
