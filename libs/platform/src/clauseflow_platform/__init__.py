"""What every service runs on: settings, logging, the event loop, sockets, the bus, the LLM client.

Never imports the legal reviewer or the documents package (an import-linter contract checks it).
"""
