"""``claim serve [--host 127.0.0.1] [--port 8000] [--db FILE]``: run the game server.

The server needs the ``server`` extra (Starlette, uvicorn, websockets); without it
``claim serve`` stops with a message naming ``pip install "claim-engine[server]"``.
This module only registers the command: the server itself
([`serving`][claim.apps.server.serving]) is imported when ``claim serve`` runs, so
that the other commands do not pay for importing it.
"""

from __future__ import annotations

import argparse
import importlib.util
from typing import Any

from claim.apps.cli_common import positive_seconds
from claim.apps.server.store import CHECKPOINT_SECONDS, SYNC_MODES
from claim.core.errors import ClaimError

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
    # Imported here, not above: the server (Starlette, uvicorn) costs every other
    # `claim` command ~120 ms to import, and fails without the extra. The one
    # import of `claim` inside a function besides the composition root's (named in
    # tests/test_architecture.py); it dodges no cycle: `serving` is beside this module.
    from claim.apps.server import serving

    return serving.serve(args)


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
    serve.add_argument("--sync", choices=SYNC_MODES, default="normal",
                       help="when a move counts as stored: 'normal' (default) once the "
                       "operating system has it, so it survives the server being killed, "
                       f"and on disk within {CHECKPOINT_SECONDS:g} s; 'full' once it is on "
                       "disk, so it survives a power cut too, at the disk's latency")
    serve.add_argument("--bot-delay", type=_delay, default=0.4, metavar="SECONDS",
                       help="how long a bot waits before each move, so people can follow "
                       "(default: 0.4; 0 for none)")
    serve.add_argument("--log-level", default="warning",
                       choices=["critical", "error", "warning", "info", "debug"],
                       help="uvicorn's log level (default: warning)")
    serve.set_defaults(run=run)


def _delay(text: str) -> float:
    return 0.0 if text.strip() in ("0", "0.0") else positive_seconds(text)
