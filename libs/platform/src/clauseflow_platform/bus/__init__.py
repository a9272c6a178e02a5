"""Event bus: interface, Kafka implementation and in-memory implementation."""

from clauseflow_platform.bus.base import Consumer, EventBus, Handler

__all__ = ["Consumer", "EventBus", "Handler"]
