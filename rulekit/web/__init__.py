"""The web table: people play in their browsers, each seeing only their own seat.

``rulekit serve`` (rulekit.cli.serve) runs :func:`rulekit.web.serving.serve`: a Starlette
server holding tables (rulekit.web.tables) whose every move is kept in SQLite
(rulekit.web.store), and pages built only from each seat's view (rulekit.web.page);
every field a client sends is read by rulekit.web.fields, every request's Host and
Origin checked by rulekit.web.guard.
docs/web.md describes the protocol, the security model and the database. Needs the
``web`` extra (starlette, uvicorn); the modules but ``server`` import without it.
"""
