"""The gateway's read model: tables and the async engine."""
