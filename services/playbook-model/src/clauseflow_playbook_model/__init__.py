"""The offline playbook model: a deterministic, OpenAI-compatible contract reviewer."""
