"""The web application: HTTP routes, the WebSocket, and the browser client's files.

Built on Starlette (the ``server`` extra); [`create_app`][claim.apps.server.app.create_app]
returns an ASGI application that any ASGI server runs (``claim serve`` uses uvicorn).

HTTP routes (JSON unless said):

* ``GET /``, ``GET /play/{table}``: the browser client (``static/index.html``).
* ``GET /api/variants``: the built-in variants.
* ``POST /api/tables``: ``{"variant": NAME | "yaml": TEXT, "seats": [...]}`` creates a
  table and answers its links, once (the database keeps only the tokens' hashes).
* ``GET /api/tables/{table}``: the table's public facts (never a hand or the seed).
* ``GET /api/tables/{table}/record``: a finished game's record, as the library's
  JSON record (``claim replay`` reads it); refused while the game is played.
* ``GET /api/stats``: moves played and the latency from a move's arrival to its
  broadcast (``?seconds=S``: of the moves broadcast in the last S seconds).
* ``WebSocket /ws/{table}``: the game (`claim.apps.server.protocol`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from claim.apps.server.errors import (
    MessageError,
    RateLimitError,
    TableError,
    TooLargeError,
    code_of,
)
from claim.apps.server.lobby import MAX_YAML_CHARS, Lobby, variant_of
from claim.apps.server.protocol import error_message, read_message
from claim.apps.server.tables import Connection, Table
from claim.core.errors import ClaimError
from claim.rules.loading import builtin_variants, load_variant

__all__ = ["FLOOD_HOLD_SECONDS", "MAX_BODY_BYTES", "STATIC", "RateLimit", "create_app"]

STATIC = Path(__file__).with_name("static")
"""The browser client's files, shipped in the package."""

MAX_BODY_BYTES = 4 * MAX_YAML_CHARS + 4096
"""The largest HTTP request body read (an uploaded variant and the seats)."""

HELLO_SECONDS = 10.0
"""How long a new WebSocket may take to send its hello."""

FLOOD_HOLD_SECONDS = 5.0
"""How long a connection cut off for flooding is held, unread, before it is closed."""

_HEADERS = {"Content-Security-Policy": "default-src 'self'; connect-src 'self'",
            "Referrer-Policy": "no-referrer", "X-Content-Type-Options": "nosniff"}


class RateLimit:
    """A token bucket: ``rate`` messages per second, up to ``burst`` at once.

    Args:
        rate: Tokens added per second.
        burst: The most tokens held.
        clock: Seconds, never going back (``time.monotonic``).
    """

    def __init__(self, rate: float = 20.0, burst: float = 40.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens, self.last = burst, clock()

    def take(self) -> bool:
        """Whether one more message may be read now (a token is then taken)."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def _error(exc: ClaimError) -> JSONResponse:
    status = 413 if isinstance(exc, TooLargeError) else 400
    if isinstance(exc, TableError) and str(exc).startswith("no table"):
        status = 404
    return JSONResponse({"error": code_of(exc), "message": str(exc)}, status_code=status)


async def _body(request: Request) -> dict[str, Any]:
    """The request's JSON object, read up to `MAX_BODY_BYTES`."""
    declared = request.headers.get("content-length", "0")
    if not declared.isdigit() or int(declared) > MAX_BODY_BYTES:
        raise TooLargeError(f"a request body is at most {MAX_BODY_BYTES} bytes")
    data = b""
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_BODY_BYTES:
            raise TooLargeError(f"a request body is at most {MAX_BODY_BYTES} bytes")
    try:
        body = json.loads(data)
    except ValueError:
        raise MessageError("the request body must be a JSON object") from None
    if not isinstance(body, dict):
        raise MessageError("the request body must be a JSON object")
    return body


def _public(table: Table) -> dict[str, Any]:
    """What anyone may know of a table: no hand, no draw pile, no seed, no token."""
    state = table.state
    return {"table": table.id, "variant": state.variant.name, "title": state.variant.title,
            "players": state.variant.players, "moves": len(state.records),
            "over": state.is_over, "current_player": state.current_player,
            "seats": [{"seat": seat, "player": spec, "connected": seat in table.seated}
                      for seat, spec in enumerate(table.row.seats)],
            "spectators": len(table.spectators),
            "record": f"/api/tables/{table.id}/record" if state.is_over else None}


def _window(request: Request) -> float | None:
    """The ``?seconds=`` of a stats request: the last seconds to summarize, or None.

    Raises:
        MessageError: Not a number of seconds above 0.
    """
    text = request.query_params.get("seconds")
    if text is None:
        return None
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not 0 < seconds < math.inf:
        raise MessageError("?seconds= takes a number of seconds above 0")
    return seconds


def _stats(lobby: Lobby, request: Request) -> Response:
    """The moves' latency figures (`Lobby.stats`), of the window ``?seconds=`` asks."""
    try:
        return JSONResponse(lobby.stats(_window(request)))
    except ClaimError as exc:
        return _error(exc)


def _record(lobby: Lobby, table_id: str) -> Response:
    """A finished game's record (JSON, as a download); 409 while it is played."""
    try:
        table = lobby.get(table_id)
    except ClaimError as exc:
        return _error(exc)
    if table.record is None:
        return JSONResponse({"error": "not_over", "message": f"table {table.id}: the game "
                             "is not over; its record is kept once it is"}, status_code=409)
    return Response(table.record, media_type="application/json", headers={
        "Content-Disposition": f'attachment; filename="claim-{table.id}.json"'})


def create_app(lobby: Lobby, rate: float = 20.0, burst: float = 40.0,
               hold: float = FLOOD_HOLD_SECONDS) -> Starlette:
    """The ASGI application serving ``lobby``'s tables.

    Args:
        lobby: The tables (restored from the database before the app starts).
        rate: Messages per second a connection may send (beyond ``burst``).
        burst: Messages a connection may send at once.
        hold: Seconds a connection refused over ``burst`` messages in a row (a
            flood) is held unread, before it is dropped.
    """

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers=_HEADERS)

    async def variants(request: Request) -> Response:
        return JSONResponse([{"name": name, "title": load_variant(name).title,
                              "players": load_variant(name).players}
                             for name in builtin_variants()])

    async def create(request: Request) -> Response:
        try:
            body = await _body(request)
            variant = variant_of(body.get("variant"), body.get("yaml"))
            _, links = await lobby.create(variant, body.get("yaml"), body.get("seats"))
        except ClaimError as exc:
            return _error(exc)
        return JSONResponse(links, status_code=201)

    async def info(request: Request) -> Response:
        try:
            return JSONResponse(_public(lobby.get(request.path_params["table"])))
        except ClaimError as exc:
            return _error(exc)

    async def record(request: Request) -> Response:
        return _record(lobby, request.path_params["table"])

    async def stats(request: Request) -> Response:
        return _stats(lobby, request)

    async def socket(websocket: WebSocket) -> None:
        await _serve_socket(websocket, lobby, (rate, burst, hold))

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        lobby.start_bots()
        yield
        for table in list(lobby.tables.values()):
            await table.stop()

    routes = [
        Route("/", page), Route("/play/{table}", page),
        Route("/api/variants", variants), Route("/api/tables", create, methods=["POST"]),
        Route("/api/tables/{table}", info), Route("/api/tables/{table}/record", record),
        Route("/api/stats", stats), WebSocketRoute("/ws/{table}", socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    return Starlette(routes=routes, lifespan=lifespan)


async def _receive(websocket: WebSocket) -> str | None:
    """The next frame's text (None for a binary frame).

    Raises:
        WebSocketDisconnect: The client went away.
    """
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text: str | None = message.get("text")
    return text


async def _hello(websocket: WebSocket, lobby: Lobby) -> tuple[Table, int | None] | None:
    """The table and seat the hello's token opens; None after closing with the reason."""
    try:
        table = lobby.get(websocket.path_params["table"])
        hello = read_message(await asyncio.wait_for(_receive(websocket), HELLO_SECONDS))
        if hello["type"] != "hello":
            raise MessageError('the first message is {"type": "hello", "token": ...}')
        return table, table.identify(hello.get("token"))
    except ClaimError as exc:
        await websocket.send_text(error_message(exc))
        code = {"bad_token": 4003, "bad_table": 4004}.get(code_of(exc), 4000)
        await websocket.close(code, str(exc)[:120])
    except asyncio.TimeoutError:
        await websocket.close(4000, f"no hello within {HELLO_SECONDS:g} seconds")
    return None


async def _handle(table: Table, connection: Connection, text: str | None, arrived: float
                  ) -> None:
    """Do what a client's message asks (a move, a ping), or answer why not."""
    try:
        message = read_message(text)
        if message["type"] == "move":
            await table.play(connection.seat, message, arrived)
        elif message["type"] == "ping":
            connection.push('{"type":"pong"}')
        else:
            raise MessageError(f"unknown message type {message['type'][:40]!r} "
                               '(known: "move", "ping")')
    except ClaimError as exc:
        connection.push(error_message(exc))


async def _serve_socket(websocket: WebSocket, lobby: Lobby,
                        limits: tuple[float, float, float]) -> None:
    rate, burst, hold = limits
    await websocket.accept()
    try:
        opened = await _hello(websocket, lobby)
    except WebSocketDisconnect:
        return
    if opened is None:
        return
    table, seat = opened
    connection = Connection(websocket, seat)
    table.join(connection)
    limit, refused = RateLimit(rate, burst), 0
    try:
        while True:
            text = await _receive(websocket)
            arrived = time.perf_counter()
            if not limit.take():
                refused += 1
                if refused > burst:  # still sending, refused: a flood, cut off
                    # Held unread first: its next messages wait in its own socket
                    # (uvicorn reads only as fast as the app receives), so that coming
                    # back at once to flood again costs the server little; then
                    # dropped with no closing handshake (see Connection.drop).
                    await asyncio.sleep(hold)
                    connection.drop()
                    return
                connection.push(error_message(RateLimitError(
                    f"more than {rate:g} messages a second: this one was not read")))
                continue
            refused = 0
            await _handle(table, connection, text, arrived)
    except WebSocketDisconnect:
        pass
    finally:
        table.leave(connection)
        connection.close(1000, "closed")
