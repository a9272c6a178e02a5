"""What a service that owns a database runs on: engines, schema migrations, the outbox relay.

Installed with the ``db`` extra (``clauseflow-platform[db]``): SQLAlchemy and Alembic.
"""
