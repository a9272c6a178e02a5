"""Quality benchmarks: the playbook model through the real system on the golden dev set."""
