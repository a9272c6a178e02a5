"""What the services agree on, as pure pydantic with no I/O.

- :mod:`.events` — the envelopes and payloads on the bus; :mod:`.review` — the review model;
- :mod:`.errors`, :mod:`.llm_errors` — the error vocabulary; :mod:`.ids` — id helpers;
- :mod:`.skills` — the skill ids; :mod:`.risk_types` — the risk taxonomy;
- :mod:`.prompts` — the message formats the services send and the playbook model reads;
- :mod:`.json_answer` — reading the JSON a model answers with.

Imports nothing of clauseflow but itself (an import-linter contract checks it).
"""
