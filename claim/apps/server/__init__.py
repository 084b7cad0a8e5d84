"""The reference game server, ``claim serve``: tables, invite links, bots, a browser client.

A worked example of embedding the library in a server (docs: "Running a server"
and "The server's internals"). One process, one asyncio event loop:

* [`store`][claim.apps.server.store]: the SQLite database (tables, moves, records).
* [`tables`][claim.apps.server.tables]: a game in memory, its lock, its connections
  and its bots; a move is committed before it is broadcast.
* [`lobby`][claim.apps.server.lobby]: every table, created or restored by replay.
* [`protocol`][claim.apps.server.protocol]: the messages, as pure functions.
* [`seats`][claim.apps.server.seats]: people and bots.
* [`app`][claim.apps.server.app]: the Starlette application (HTTP and WebSocket).
* [`command`][claim.apps.server.command]: ``claim serve``'s options; it imports
  [`serving`][claim.apps.server.serving] (the app, uvicorn) only when it runs.

The browser client is ``static/`` (plain HTML, CSS and JavaScript, no build step).
Starlette, uvicorn and websockets come with the ``server`` extra:
``pip install "claim-engine[server]"``.
"""

__all__: list[str] = []
