"""A table: one game, its seats' connections, and the bots that play at it.

The game is a [`GameState`][claim.rules.state.GameState] held in memory; a move is
applied under the table's lock in four steps: the move is read with the library
(`move_of`) and applied (``state.apply``, which refuses an illegal move and
changes nothing), the move is committed to the database, the new state replaces
the old one, and every connection is sent its own seat's update
(`update_message`: the new history entries and the rest of the view; a joining
connection gets the whole view, `seat_message`), each distinct text made once. A
client's move is therefore acknowledged (broadcast) only once it is on disk. Tables
do not share locks: a busy table never waits for another.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import random
import time
from collections.abc import Callable
from typing import Any, Protocol

from claim.apps.server import seats
from claim.apps.server.errors import GameOverError, NotYourTurnError, TokenError
from claim.apps.server.protocol import Messages, move_of
from claim.apps.server.store import Store, TableRow, insert_move, set_record
from claim.core.moves import Move
from claim.io.gamerecord import record_of
from claim.io.serialize import to_json
from claim.rules.state import GameState

__all__ = ["Connection", "Sender", "Table", "token_hash"]

log = logging.getLogger("claim.server")

QUEUE_LIMIT = 256
"""The most messages waiting for one connection; a client that falls further behind
is closed (it reconnects and is sent the view as it stands)."""

MAX_TOKEN_CHARS = 100
"""The longest token read (the server's are 24 characters)."""


def token_hash(token: str) -> str:
    """The SHA-256 of a token (hex): the database keeps these, never the tokens."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def _always(move: Move) -> Callable[[GameState], Move]:
    """A reader that gives ``move`` whatever the state (a bot's move, already chosen)."""
    return lambda _: move


class Sender(Protocol):
    """The side of a WebSocket a table writes to (Starlette's ``WebSocket`` is one)."""

    async def send_text(self, data: str) -> None:
        """Send one text frame."""

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        """Close the socket with ``code`` and ``reason``."""


class Connection:
    """One client's socket at a table: a seat (or None, a spectator) and a send queue.

    Messages are queued and sent by the connection's own task, in order, so a
    table never waits for a slow client. ``history`` is how many entries of the
    view's history the client was sent (the whole view on joining, then each
    update's new entries).
    """

    def __init__(self, socket: Sender, seat: int | None) -> None:
        self.socket = socket
        self.seat = seat
        self.history = 0
        self.closed = asyncio.Event()
        self._queue: asyncio.Queue[str | tuple[int, str]] = asyncio.Queue(QUEUE_LIMIT)
        self._task = asyncio.get_running_loop().create_task(self._send_loop())

    def push(self, message: str) -> None:
        """Queue ``message``; a connection whose queue is full is closed."""
        if self.closed.is_set():
            return
        try:
            self._queue.put_nowait(message)
        except asyncio.QueueFull:
            self.close(1013, "too far behind: reconnect for the current view")

    def close(self, code: int, reason: str) -> None:
        """Close the socket after what is queued, with ``code`` and ``reason``."""
        if self.closed.is_set():
            return
        self.closed.set()
        try:
            self._queue.put_nowait((code, reason))
        except asyncio.QueueFull:  # what is queued is dropped: the reason comes first
            self._task.cancel()
            asyncio.get_running_loop().create_task(self.socket.close(code, reason))

    def drop(self) -> None:
        """Send nothing more, not even a close frame: the caller then returns from the
        WebSocket handler and the server closes the connection as it is (a client cut
        off for flooding; a closing handshake would make the server read, and parse,
        everything the client has queued before its answer)."""
        self.closed.set()
        self._task.cancel()

    async def _send_loop(self) -> None:
        with contextlib.suppress(Exception):
            while True:
                item = await self._queue.get()
                if isinstance(item, tuple):
                    await self.socket.close(*item)
                    return
                await self.socket.send_text(item)
        self.closed.set()


class Table:
    """A game in play (or over) and who is connected to it.

    Args:
        row: The table as stored.
        state: The game as it stands (replayed from the stored moves).
        store: Where its moves are committed.
        record: The finished game's record (JSON), once it is over.
        on_move: Called with the seconds from a move's arrival to its broadcast.
        bot_delay: Seconds a bot waits before it plays (so people can follow).
    """

    def __init__(self, row: TableRow, state: GameState, store: Store, record: str | None = None,
                 on_move: Callable[[float], None] | None = None, bot_delay: float = 0.0) -> None:
        self.row = row
        self.state = state
        self.store = store
        self.record = record
        self.on_move = on_move
        self.bot_delay = bot_delay
        self.lock = asyncio.Lock()
        self.seated: dict[int, Connection] = {}
        self.spectators: set[Connection] = set()
        self._bots: asyncio.Task[None] | None = None

    @property
    def id(self) -> str:
        """The table's id."""
        return self.row.id

    def identify(self, token: object) -> int | None:
        """The seat ``token`` opens (None: the spectators' token), compared in constant time.

        Raises:
            TokenError: The token opens no seat of this table.
        """
        if not isinstance(token, str) or not 0 < len(token) <= MAX_TOKEN_CHARS:
            raise TokenError(f"table {self.id}: a token is the text after '#' in an invite "
                             "link")
        digest = token_hash(token)
        found: list[int | None] = []
        for seat, stored in enumerate(self.row.token_hashes):
            if hmac.compare_digest(digest, stored):
                found.append(seat)
        if hmac.compare_digest(digest, self.row.spectator_hash):
            found.append(None)
        if not found:
            raise TokenError(f"table {self.id}: this token opens no seat of the table "
                             "(forged, mistyped, or from another table or server)")
        return found[0]

    def join(self, connection: Connection) -> None:
        """Seat ``connection`` and send it the view; an older one at its seat is closed."""
        if connection.seat is None:
            self.spectators.add(connection)
        else:
            older = self.seated.get(connection.seat)
            self.seated[connection.seat] = connection
            if older is not None:
                older.close(4001, f"seat {connection.seat} was opened by a newer connection")
        connection.history = len(self.state.records)  # one history entry per move
        connection.push(Messages(self.state, self.id).full(connection.seat))

    def leave(self, connection: Connection) -> None:
        """Forget ``connection`` (its socket closed)."""
        self.spectators.discard(connection)
        if self.seated.get(connection.seat) is connection:  # type: ignore[arg-type]
            del self.seated[connection.seat]  # type: ignore[arg-type]

    def connections(self) -> list[Connection]:
        """Every open connection: the seats', then the spectators'."""
        return [*self.seated.values(), *self.spectators]

    async def play(self, seat: int | None, message: dict[str, Any], arrived: float) -> None:
        """Play the move ``message`` names for ``seat``, then let the bots answer.

        Raises:
            ClaimError: The move is refused (its message says why); nothing changed.
        """
        await self._apply(seat, lambda state: move_of(state, message), arrived)
        self.wake_bots()

    async def _apply(self, seat: int | None, read: Callable[[GameState], Move],
                     arrived: float) -> None:
        """Apply, commit and broadcast, shielded: once under way it runs to the end
        (the database and the state in memory never disagree), even if the caller is
        cancelled (a shutdown)."""
        await asyncio.shield(self._apply_locked(seat, read, arrived))

    async def _apply_locked(self, seat: int | None, read: Callable[[GameState], Move],
                            arrived: float) -> None:
        async with self.lock:
            state = self.state
            if state.is_over:
                raise GameOverError(f"table {self.id}: the game is over after "
                                    f"{len(state.records)} moves; its record is at "
                                    f"/api/tables/{self.id}/record")
            if seat is None:
                raise NotYourTurnError("spectators watch; they do not move")
            if state.current_player != seat:
                raise NotYourTurnError(f"it is seat {state.current_player}'s turn, not seat "
                                       f"{seat}'s")
            move = read(state)
            after = state.apply(move)
            writes = [insert_move(self.id, len(state.records), str(move))]
            record = to_json(record_of(after)) if after.is_over else None
            if record is not None:
                writes.append(set_record(self.id, record))
            await self.store.write(writes)
            self.state, self.record = after, record
            self._broadcast()
            if self.on_move is not None:
                self.on_move(time.perf_counter() - arrived)

    def _broadcast(self) -> None:
        """Send each connection its update; connections alike share one text."""
        messages, length = Messages(self.state, self.id), len(self.state.records)
        for connection in self.connections():
            connection.push(messages.update(connection.seat, connection.history))
            connection.history = length

    def wake_bots(self) -> None:
        """Start the table's bots if one of them is to move (and none is playing)."""
        if (self._bots is None or self._bots.done()) and self._bot_to_move() is not None:
            self._bots = asyncio.get_running_loop().create_task(self._bot_turns())

    def _bot_to_move(self) -> int | None:
        seat = self.state.current_player
        if seat is None or self.row.seats[seat] == seats.HUMAN:
            return None
        return seat

    async def _bot_turns(self) -> None:
        try:
            while (seat := self._bot_to_move()) is not None:
                await asyncio.sleep(self.bot_delay)
                spec, state = self.row.seats[seat], self.state
                rng = random.Random(f"{self.row.bot_seed}/{len(state.records)}")
                view = state.view(seat)
                if seats.is_slow(spec):
                    move = await asyncio.to_thread(seats.choose, spec, view, rng)
                else:
                    move = seats.choose(spec, view, rng)
                await self._apply(seat, _always(move), time.perf_counter())
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: a bot could not play; the table waits", self.id)

    async def stop(self) -> None:
        """Stop the bots (at shutdown) and close every connection."""
        if self._bots is not None:
            self._bots.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._bots
        for connection in self.connections():
            connection.close(1001, "the server is stopping")
