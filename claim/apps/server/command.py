"""``claim serve [--host 127.0.0.1] [--port 8000] [--db FILE]``: run the game server.

The server needs the ``server`` extra (Starlette, uvicorn, websockets); without it
``claim serve`` stops with a message naming ``pip install "claim-engine[server]"``.
The database is checked before anything starts: a file that is not a claim server
database, or that a newer server wrote, is refused and left as it is.
"""

from __future__ import annotations

import argparse
import importlib.util
from typing import Any

from claim.apps.cli_common import positive_seconds
from claim.core.errors import ClaimError

try:  # the extra's modules: without them `claim serve` explains, nothing else fails
    from claim.apps.server.app import create_app
    from claim.apps.server.lobby import Lobby
    from claim.apps.server.protocol import MAX_MESSAGE_CHARS
    from claim.apps.server.store import Store
except ModuleNotFoundError as exc:  # pragma: no cover (CI installs the extra)
    if (exc.name or "").partition(".")[0] not in ("starlette", "anyio"):
        raise

__all__ = ["DEFAULT_DB", "EXTRA_MODULES", "missing_modules", "register", "run"]

DEFAULT_DB = "claim-server.db"
"""The database ``claim serve`` uses when ``--db`` is not given (in the working directory)."""

EXTRA_MODULES = ("starlette", "uvicorn", "websockets")
"""The modules of the ``server`` extra."""


def missing_modules() -> list[str]:
    """The modules of the ``server`` extra that cannot be imported."""
    return [name for name in EXTRA_MODULES if importlib.util.find_spec(name) is None]


def run(args: argparse.Namespace) -> int:
    """``claim serve``: serve until interrupted; 0 then.

    Raises:
        ClaimError: The extra is missing, or the database is refused.
    """
    missing = missing_modules()
    if missing:
        raise ClaimError(f"'claim serve' needs the server extra ({', '.join(missing)} "
                         'not installed): pip install "claim-engine[server]"')
    import uvicorn  # the extra: imported only to serve

    store = Store(args.db)
    try:
        lobby = Lobby(store, bot_delay=args.bot_delay)
        resumed = lobby.restore()
        print(f"claim server: http://{args.host}:{args.port}/  (database {args.db}, "
              f"{resumed} unfinished tables resumed; Ctrl-C stops)", flush=True)
        if args.host not in ("127.0.0.1", "localhost", "::1"):
            print("note: the server speaks plain HTTP; put it behind a TLS reverse proxy "
                  "before others reach it (docs: Running a server)", flush=True)
        # No permessage-deflate: after the first view, messages are small updates,
        # and compressing each cost more of the event loop than it saves on the wire.
        uvicorn.run(create_app(lobby), host=args.host, port=args.port,
                    ws_max_size=4 * MAX_MESSAGE_CHARS, log_level=args.log_level,
                    h11_max_incomplete_event_size=16_384, ws_per_message_deflate=False)
    finally:
        store.close()
    return 0


def register(commands: Any) -> None:
    """Add ``serve`` to the ``claim`` command's subparsers."""
    serve = commands.add_parser(
        "serve", help="run a game server with a browser client (the server extra)",
        description="Run the reference game server: create tables for any variant, invite "
        "people by link, fill seats with bots, and play in the browser. Needs "
        'pip install "claim-engine[server]".')
    serve.add_argument("--host", default="127.0.0.1",
                       help="the address to listen on (default: 127.0.0.1, this machine only)")
    serve.add_argument("--port", type=int, default=8000, help="the port (default: 8000)")
    serve.add_argument("--db", default=DEFAULT_DB, metavar="FILE",
                       help=f"the SQLite database of tables and games (default: {DEFAULT_DB} "
                       "in the working directory; created if missing)")
    serve.add_argument("--bot-delay", type=_delay, default=0.4, metavar="SECONDS",
                       help="how long a bot waits before each move, so people can follow "
                       "(default: 0.4; 0 for none)")
    serve.add_argument("--log-level", default="warning",
                       choices=["critical", "error", "warning", "info", "debug"],
                       help="uvicorn's log level (default: warning)")
    serve.set_defaults(run=run)


def _delay(text: str) -> float:
    return 0.0 if text.strip() in ("0", "0.0") else positive_seconds(text)
