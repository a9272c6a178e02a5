"""The gateway: the public HTTP API (FastAPI) for uploads, progress, approvals and reports.

Build the app with :func:`clauseflow_gateway.app.create_app`; run it with ``clauseflow-gateway``.
"""
