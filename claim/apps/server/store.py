"""The server's SQLite database: tables, their moves, and finished games' records.

A game is stored as what replaying it needs: the variant (a built-in name, or the
uploaded YAML text), the deal's seed and first leader, and the moves in notation,
one row each. Every move is committed before the server broadcasts it (the caller
awaits [`Store.write`][claim.apps.server.store.Store.write]): an acknowledged move
is on disk, and a restarted server replays each unfinished table from its rows.

Writes go through one thread that commits whatever is waiting in one transaction
(group commit), so a move's commit never blocks the event loop and a thousand
moves arriving together cost a few fsyncs, not a thousand; the waiters of one
commit are woken together, with one call into the event loop. The file is in WAL mode;
a commit only appends to the WAL, and a checkpointer thread copies the WAL into the
database every `CHECKPOINT_SECONDS`, beside the writer (SQLite's automatic
checkpoint, inside a commit, would make that commit wait for the disk). `SYNC_MODES`
says what a commit survives.

A file that is not a claim server database (another program's SQLite file, or no
SQLite file at all) or that a newer server wrote is refused before anything is
written to it (`DatabaseRefusedError`): it is opened read-only to be checked.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import json
import queue
import sqlite3
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from claim.apps.server.errors import DatabaseRefusedError, ServerError

__all__ = ["APPLICATION_ID", "CHECKPOINT_SECONDS", "SCHEMA_VERSION", "SYNC_MODES", "Store",
           "TableRow", "check_file", "insert_move", "insert_table", "set_record"]

APPLICATION_ID = 0x436C6D53
"""SQLite's ``application_id`` header field of a claim server database ("ClmS")."""

SCHEMA_VERSION = 1
"""The schema written (SQLite's ``user_version``); a higher one is refused."""

_SCHEMA = (
    """CREATE TABLE tables (
        id TEXT PRIMARY KEY, created REAL NOT NULL, variant_name TEXT NOT NULL,
        variant_yaml TEXT, seed INTEGER NOT NULL, first_leader INTEGER NOT NULL,
        bot_seed INTEGER NOT NULL, seats TEXT NOT NULL, token_hashes TEXT NOT NULL,
        spectator_hash TEXT NOT NULL, record TEXT)""",
    """CREATE TABLE moves (
        table_id TEXT NOT NULL REFERENCES tables(id), number INTEGER NOT NULL,
        move TEXT NOT NULL, PRIMARY KEY (table_id, number)) WITHOUT ROWID""",
    f"PRAGMA application_id = {APPLICATION_ID}",
    f"PRAGMA user_version = {SCHEMA_VERSION}",
)

SYNC_MODES = ("full", "normal")
"""``--sync``: SQLite's ``synchronous`` setting of the writer (WAL mode). ``full``: each
commit waits for the disk (an acknowledged move survives a power cut). ``normal``: a
commit reaches the operating system, not the disk (it survives the server being
killed; a power cut or a crash of the machine can lose the moves since the last
checkpoint, at most `CHECKPOINT_SECONDS` old)."""

CHECKPOINT_SECONDS = 1.0
"""How often the checkpointer thread copies the WAL back into the database file."""

_BATCH = 512
"""The most writes one transaction of the writer thread commits."""

Operation = tuple[str, Sequence[Any]]
"""One SQL statement and its parameters."""

Waiter = concurrent.futures.Future[None] | asyncio.Future[None]
"""What waits for a write: done once it is committed (or refused)."""


@attrs.frozen
class TableRow:
    """A table as stored: what rebuilds it (its moves are rows of their own).

    Attributes:
        id: The table's id (in its links).
        variant_name: The variant's name.
        variant_yaml: The uploaded variant's YAML text; None for a built-in variant.
        seed: The deal's seed (never sent to a client before the game is over).
        first_leader: The seat that leads the first trick.
        bot_seed: The seed the table's bots draw from (with the move number).
        seats: Per seat, ``"human"`` or the bot playing it (``"ismcts:0.5"``).
        token_hashes: Per seat, the SHA-256 of its token (hex).
        spectator_hash: The SHA-256 of the spectators' token (hex).
        created: When the table was created (seconds since the epoch).
    """

    id: str
    variant_name: str
    variant_yaml: str | None
    seed: int
    first_leader: int
    bot_seed: int
    seats: tuple[str, ...]
    token_hashes: tuple[str, ...]
    spectator_hash: str
    created: float = attrs.field(factory=time.time)


def check_file(path: str) -> None:
    """Refuse ``path`` unless it is missing, empty, or a claim database this server reads.

    Raises:
        DatabaseRefusedError: Not SQLite, another program's database, or a newer schema.
    """
    file = Path(path)
    if not file.exists() or (file.is_file() and file.stat().st_size == 0):
        return
    keep = "it was left as it is; give another --db file"
    try:
        conn = sqlite3.connect(file.resolve().as_uri() + "?mode=ro", uri=True)
        try:
            app_id = conn.execute("PRAGMA application_id").fetchone()[0]
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            objects = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        finally:
            conn.close()
    except sqlite3.Error as exc:
        raise DatabaseRefusedError(
            f"{path}: not a claim server database (SQLite says: {exc}); {keep}") from None
    if app_id != APPLICATION_ID and not (app_id == 0 and objects == 0):
        raise DatabaseRefusedError(
            f"{path}: a SQLite database of another program (application id {app_id:#x}, "
            f"{objects} schema objects), not a claim server database; {keep}")
    if version > SCHEMA_VERSION:
        raise DatabaseRefusedError(
            f"{path}: written by a newer claim server (schema version {version}; this one "
            f"reads versions up to {SCHEMA_VERSION}); upgrade claim-engine, or {keep}")


def _connect(path: str, sync: str = "full") -> sqlite3.Connection:
    try:
        conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute(f"PRAGMA synchronous = {sync.upper()}")
        # Checkpoints run on the checkpointer thread, never inside a move's commit.
        conn.execute("PRAGMA wal_autocheckpoint = 0")
    except sqlite3.Error as exc:
        raise ServerError(f"{path}: cannot open the database: {exc}") from None
    return conn


class Store:
    """The database behind one server: reads on the caller's thread, writes on its own.

    Args:
        path: The SQLite file (created with the schema when missing or empty).
        sync: One of `SYNC_MODES`: what a commit waits for.
        checkpoint_seconds: How often the WAL is copied into the database.

    Raises:
        DatabaseRefusedError: See `check_file`.
        ServerError: ``sync`` is not one of `SYNC_MODES` (before the file is opened).
    """

    def __init__(self, path: str, sync: str = "full",
                 checkpoint_seconds: float = CHECKPOINT_SECONDS) -> None:
        if sync not in SYNC_MODES:
            raise ServerError(f"--sync {sync}: not a durability mode (use one of "
                              f"{', '.join(SYNC_MODES)})")
        check_file(path)
        self.path, self.sync = path, sync
        self._read = _connect(path)
        self._read_lock = threading.Lock()
        if self._read.execute("PRAGMA user_version").fetchone()[0] == 0:
            self._create()
        self._queue: queue.SimpleQueue[tuple[list[Operation], Waiter] | None]
        self._queue = queue.SimpleQueue()
        self._writer = threading.Thread(target=self._write_loop, name="claim-store",
                                        daemon=True)
        self._writer.start()
        self._stopping = threading.Event()
        self._checkpointer = threading.Thread(
            target=self._checkpoint_loop, args=(checkpoint_seconds,),
            name="claim-checkpoint", daemon=True)
        self._checkpointer.start()

    def _create(self) -> None:
        conn = self._read
        conn.execute("BEGIN IMMEDIATE")
        for statement in _SCHEMA:
            conn.execute(statement)
        conn.execute("COMMIT")

    def close(self) -> None:
        """Commit what is waiting, stop the writer thread and close the file."""
        if self._writer.is_alive():
            self._queue.put(None)
            self._writer.join()
        self._stopping.set()
        if self._checkpointer.is_alive():
            self._checkpointer.join()
        self._read.close()

    def _checkpoint_loop(self, seconds: float) -> None:
        """Copy the WAL back into the database every ``seconds`` (and once at the end),
        beside the writer: a checkpoint waits for the disk (it syncs the WAL, then the
        database file), and no move's commit waits for it."""
        conn = _connect(self.path, self.sync)
        try:
            while not self._stopping.wait(seconds):
                conn.execute("PRAGMA wal_checkpoint(PASSIVE)")
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            conn.close()

    def _write_loop(self) -> None:
        conn = _connect(self.path, self.sync)
        try:
            while True:
                first = self._queue.get()
                if first is None:
                    return
                batch = [first]
                while len(batch) < _BATCH:
                    try:
                        item = self._queue.get_nowait()
                    except queue.Empty:
                        break
                    if item is None:
                        self._queue.put(None)  # stop after this batch
                        break
                    batch.append(item)
                _settle([future for _, future in batch],
                        _commit(conn, [operations for operations, _ in batch]))
        finally:
            conn.close()

    def submit(self, operations: list[Operation]) -> concurrent.futures.Future[None]:
        """Queue ``operations`` for one transaction; the future is done once committed."""
        future: concurrent.futures.Future[None] = concurrent.futures.Future()
        self._queue.put((operations, future))
        return future

    async def write(self, operations: list[Operation]) -> None:
        """Commit ``operations`` in one transaction; returns once they are on disk.

        The writes committed together wake the event loop once, all of them.
        """
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.put((operations, future))
        await future

    def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        with self._read_lock:
            return list(self._read.execute(sql, params).fetchall())

    def table(self, table_id: str) -> tuple[TableRow, str | None] | None:
        """The table ``table_id`` and its finished game's record (None while it plays)."""
        rows = self._rows("SELECT * FROM tables WHERE id = ?", (table_id,))
        return (_table_row(rows[0]), rows[0][-1]) if rows else None

    def unfinished(self) -> list[TableRow]:
        """The tables whose games are not over, oldest first."""
        rows = self._rows("SELECT * FROM tables WHERE record IS NULL ORDER BY created")
        return [_table_row(row) for row in rows]

    def moves(self, table_id: str) -> list[str]:
        """The moves of table ``table_id``, in notation, in order."""
        rows = self._rows("SELECT number, move FROM moves WHERE table_id = ? ORDER BY number",
                          (table_id,))
        for expected, (number, _) in enumerate(rows):
            if number != expected:
                raise ServerError(f"{self.path}: table {table_id!r} lacks move {expected}")
        return [move for _, move in rows]


def insert_table(row: TableRow) -> Operation:
    """The statement that stores a new table."""
    return ("INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)",
            (row.id, row.created, row.variant_name, row.variant_yaml, row.seed,
             row.first_leader, row.bot_seed, json.dumps(row.seats),
             json.dumps(row.token_hashes), row.spectator_hash))


def insert_move(table_id: str, number: int, move: str) -> Operation:
    """The statement that stores move ``number`` of a table."""
    return ("INSERT INTO moves VALUES (?, ?, ?)", (table_id, number, move))


def set_record(table_id: str, record: str) -> Operation:
    """The statement that marks a table's game finished, with its record (JSON)."""
    return ("UPDATE tables SET record = ? WHERE id = ?", (record, table_id))


def _table_row(row: tuple[Any, ...]) -> TableRow:
    return TableRow(id=row[0], created=row[1], variant_name=row[2], variant_yaml=row[3],
                    seed=row[4], first_leader=row[5], bot_seed=row[6],
                    seats=tuple(json.loads(row[7])), token_hashes=tuple(json.loads(row[8])),
                    spectator_hash=row[9])


def _commit(conn: sqlite3.Connection, batch: list[list[Operation]]
            ) -> list[ServerError | None]:
    """Commit every item of ``batch`` in one transaction; if that fails, each on its own,
    so that one bad write fails alone. Per item: None (committed) or its error."""
    try:
        conn.execute("BEGIN IMMEDIATE")
        for operations in batch:
            for sql, params in operations:
                conn.execute(sql, params)
        conn.execute("COMMIT")
    except sqlite3.Error as exc:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        if len(batch) > 1:
            return [_commit(conn, [item])[0] for item in batch]
        return [ServerError(f"the database refused a write: {exc}")]
    return [None] * len(batch)


def _settle(futures: list[Waiter], outcomes: list[ServerError | None]) -> None:
    """Tell each waiter its write's outcome; an event loop's waiters in one call to it
    (one wake-up of the loop per batch, not one per write)."""
    loops: dict[asyncio.AbstractEventLoop, list[tuple[Waiter, ServerError | None]]] = {}
    for future, outcome in zip(futures, outcomes):
        if isinstance(future, asyncio.Future):
            loops.setdefault(future.get_loop(), []).append((future, outcome))
        else:
            _set(future, outcome)
    for loop, settled in loops.items():
        with contextlib.suppress(RuntimeError):  # the loop was closed: nobody waits
            loop.call_soon_threadsafe(_set_each, settled)


def _set_each(settled: list[tuple[Waiter, ServerError | None]]) -> None:
    for future, outcome in settled:
        _set(future, outcome)


def _set(future: Waiter, outcome: ServerError | None) -> None:
    if future.done():  # cancelled: its waiter left
        return
    with contextlib.suppress(concurrent.futures.InvalidStateError, asyncio.InvalidStateError):
        if outcome is None:
            future.set_result(None)
        else:
            future.set_exception(outcome)
