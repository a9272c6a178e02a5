"""Per-request-kind behaviour of the playbook model."""
