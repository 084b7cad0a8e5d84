"""What ``claim serve`` runs: the database, the tables, and uvicorn serving the app.

Imported by [`command`][claim.apps.server.command] only when ``claim serve`` runs
(it needs the ``server`` extra). The database is checked before anything starts: a
file that is not a claim server database, or that a newer server wrote, is refused
and left as it is.
"""

from __future__ import annotations

import argparse
import gc

import uvicorn

from claim.apps.server.app import create_app
from claim.apps.server.lobby import Lobby
from claim.apps.server.protocol import MAX_MESSAGE_CHARS
from claim.apps.server.store import Store

__all__ = ["serve"]


def serve(args: argparse.Namespace) -> int:
    """Serve ``args.db``'s tables on ``args.host``:``args.port`` until interrupted; 0 then.

    Raises:
        DatabaseRefusedError: The database is not a claim server database, or newer.
    """
    store = Store(args.db)
    try:
        lobby = Lobby(store, bot_delay=args.bot_delay)
        resumed = lobby.restore()
        print(f"claim server: http://{args.host}:{args.port}/  (database {args.db}, "
              f"{resumed} unfinished tables resumed; Ctrl-C stops)", flush=True)
        if args.host not in ("127.0.0.1", "localhost", "::1"):
            print("note: the server speaks plain HTTP; put it behind a TLS reverse proxy "
                  "before others reach it (docs: Running a server)", flush=True)
        # The cyclic collector's pauses stop every table at once. What is loaded by now
        # (modules, variants, restored games) lives as long as the process: frozen,
        # full collections no longer scan it. A larger first generation lets the
        # objects of a move (states, views, messages) die before they are promoted,
        # so the older generations, and their long pauses, grow slowly. Measured
        # with 200 tables at a move a second (one run each, shared machine): pauses
        # up to 97 ms (full collections) by default, up to 60 ms with these.
        gc.freeze()
        gc.set_threshold(50_000, 20, 10)
        # No permessage-deflate: after the first view, messages are small updates,
        # and compressing each cost more of the event loop than it saves on the wire.
        uvicorn.run(create_app(lobby), host=args.host, port=args.port,
                    ws_max_size=4 * MAX_MESSAGE_CHARS, log_level=args.log_level,
                    h11_max_incomplete_event_size=16_384, ws_per_message_deflate=False)
    finally:
        store.close()
    return 0
