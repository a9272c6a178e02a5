"""Who may see and decide what: API keys, roles, tenants, and the per-request guard."""
