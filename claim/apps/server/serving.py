"""What ``claim serve`` runs: the database, the tables, and uvicorn serving the app.

Imported by [`command`][claim.apps.server.command] only when ``claim serve`` runs
(it needs the ``server`` extra). The database is checked before anything starts: a
file that is not a claim server database, or that a newer server wrote, is refused
and left as it is.
"""

from __future__ import annotations

import argparse
import gc
import socket

import uvicorn

from claim.apps.server.app import create_app
from claim.apps.server.errors import ServerError
from claim.apps.server.lobby import Lobby
from claim.apps.server.protocol import MAX_MESSAGE_CHARS
from claim.apps.server.store import Store

__all__ = ["RECEIVE_BUFFER_BYTES", "listening_socket", "serve"]

RECEIVE_BUFFER_BYTES = 16_384
"""The kernel's receive buffer of each connection (the kernel doubles it). uvicorn
parses every WebSocket frame of what one read returns at once, before the event loop
runs anything else; Linux grows a loopback socket's buffer to megabytes, so a client
that floods while it is held unread (`FLOOD_HOLD_SECONDS`) had a read of hundreds of
kilobytes parsed in one go: a stall of every table. A small buffer bounds what one
read holds; moves are a few dozen bytes and an uploaded variant at most 64 kB."""


def listening_socket(host: str, port: int) -> socket.socket:
    """A TCP socket bound to ``host``:``port`` whose connections get `RECEIVE_BUFFER_BYTES`.

    Raises:
        ServerError: The address cannot be bound (in use, or not this machine's).
    """
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
        sock = socket.socket(family, kind, proto)
    except OSError as exc:
        raise ServerError(f"--host {host} --port {port}: cannot listen there ({exc})") from None
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, RECEIVE_BUFFER_BYTES)
        sock.bind(address)
    except OSError as exc:
        sock.close()
        raise ServerError(f"--host {host} --port {port}: cannot listen there ({exc})") from None
    return sock


def serve(args: argparse.Namespace) -> int:
    """Serve ``args.db``'s tables on ``args.host``:``args.port`` until interrupted; 0 then.

    Raises:
        DatabaseRefusedError: The database is not a claim server database, or newer.
        ServerError: The address cannot be bound.
    """
    store = Store(args.db, sync=args.sync)
    try:
        sock = listening_socket(args.host, args.port)
    except ServerError:
        store.close()
        raise
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
        # with 200 tables (~180,000 tracked objects, 45 s, quiet machine): by default
        # a full collection of ~200 ms every few seconds; with these, a few young
        # collections of up to ~120 ms a minute and no full one (docs: "The
        # server's internals", Garbage collection).
        gc.freeze()
        gc.set_threshold(50_000, 20, 10)
        # No permessage-deflate: after the first view, messages are small updates,
        # and compressing each cost more of the event loop than it saves on the wire.
        config = uvicorn.Config(create_app(lobby), ws_max_size=4 * MAX_MESSAGE_CHARS,
                                log_level=args.log_level, ws_per_message_deflate=False,
                                h11_max_incomplete_event_size=16_384)
        uvicorn.Server(config).run(sockets=[sock])
    finally:
        sock.close()
        store.close()
    return 0
