"""HTTP routes of the gateway."""
