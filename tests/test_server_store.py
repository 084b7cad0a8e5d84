"""The server's database (issue #25, "Durability" and "Bad input"): tables resume by
replaying their moves, and a file that is not ours, or from a newer schema, is
refused at start with a clear message and never written."""

from __future__ import annotations

import re
import socket
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from server_support import create, hello, seat_tokens, served
from starlette.testclient import WebSocketTestSession

from claim.apps import cli
from claim.apps.server.errors import DatabaseRefusedError, ServerError
from claim.apps.server.serving import RECEIVE_BUFFER_BYTES, listening_socket
from claim.apps.server.store import (
    APPLICATION_ID,
    SCHEMA_VERSION,
    SYNC_MODES,
    Store,
    TableRow,
    insert_move,
    insert_table,
)


def _other_programs_db(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE notes (body TEXT)")
    conn.execute("INSERT INTO notes VALUES ('keep me')")
    conn.commit()
    conn.close()


def _newer_db(path: Path) -> None:
    Store(str(path)).close()
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.commit()
    conn.close()


@pytest.mark.parametrize(("make", "said"), [
    (lambda path: path.write_text("not a database, a shopping list\n" * 40),
     "not a claim server database"),
    (_other_programs_db, "a SQLite database of another program"),
    (_newer_db, f"newer claim server (schema version {SCHEMA_VERSION + 1}"),
], ids=["not-sqlite", "another-program", "newer-schema"])
def test_a_foreign_database_is_refused_and_left_as_it_is(
        make: object, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Bad input: ``claim serve --db FILE`` refuses a file that is not ours or is newer,
    at start, with a message naming the file; the file's bytes are unchanged."""
    path = tmp_path / "some.db"
    make(path)  # type: ignore[operator]
    before = path.read_bytes()
    with pytest.raises(DatabaseRefusedError, match=re.escape(said)):
        Store(str(path))
    assert cli.main(["serve", "--db", str(path), "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"claim: {path}: ") and said in err and "left as it is" in err
    assert path.read_bytes() == before


def test_a_new_or_empty_file_becomes_a_claim_database(tmp_path: Path) -> None:
    """A missing or empty file is created with the schema (application id and version)."""
    for path in (tmp_path / "new.db", tmp_path / "empty.db"):
        if path.name == "empty.db":
            path.write_bytes(b"")
        Store(str(path)).close()
        conn = sqlite3.connect(path)
        assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        conn.close()
        Store(str(path)).close()  # and is accepted again


def _in_step(sockets: list[WebSocketTestSession], views: list[dict[str, Any]]
             ) -> list[dict[str, Any]]:
    """The latest views once every socket has seen the same moves: the bot may move
    between two hellos, and then only the first socket is sent its update."""
    while views[0]["moves"] != views[1]["moves"]:
        behind = 0 if views[0]["moves"] < views[1]["moves"] else 1
        views[behind] = sockets[behind].receive_json()
    return views


def test_tables_resume_by_replaying_their_moves(tmp_path: Path) -> None:
    """Durability: a restarted server rebuilds each unfinished table from its stored
    moves, the same state as before; its seats' tokens still open them."""
    db = tmp_path / "server.db"
    with served(db) as (client, lobby):
        links = create(client, "knights-3p", ["human", "human", "random"])
        table = lobby.tables[links["table"]]
        tokens = seat_tokens(links)
        with client.websocket_connect(f"/ws/{links['table']}") as ws0, \
                client.websocket_connect(f"/ws/{links['table']}") as ws1:
            sockets = [ws0, ws1]
            views = _in_step(sockets, [hello(ws0, tokens[0]), hello(ws1, tokens[1])])
            for _ in range(6):
                while views[0]["view"]["current_player"] == 2:
                    views = [ws0.receive_json(), ws1.receive_json()]
                mover = views[0]["view"]["current_player"]
                sockets[mover].send_json({"type": "move", "action": views[mover]["actions"][0][1]})
                views = [ws0.receive_json(), ws1.receive_json()]
            while views[0]["view"]["current_player"] == 2:  # a person's turn: no bot moves
                views = [ws0.receive_json(), ws1.receive_json()]
        before = table.state
        assert len(before.records) >= 6
    with served(db) as (client, lobby):
        assert lobby.tables[links["table"]].state == before
        with client.websocket_connect(f"/ws/{links['table']}") as ws:
            assert hello(ws, tokens[1])["moves"] == len(before.records)


def test_an_address_in_use_is_refused_before_anything_starts(tmp_path: Path,
                                                             capsys: Any) -> None:
    """Issue #25 (bad input on the command line): ``claim serve`` on a port another
    program holds says which address it cannot listen on; the database is closed."""
    holder = socket.socket()
    holder.bind(("127.0.0.1", 0))
    holder.listen()
    port = holder.getsockname()[1]
    try:
        code = cli.main(["serve", "--port", str(port), "--db", str(tmp_path / "t.db")])
    finally:
        holder.close()
    assert code != 0
    assert f"--port {port}: cannot listen there" in capsys.readouterr().err


def test_connections_read_a_bounded_buffer() -> None:
    """Issue #25 (a flood from one client does not slow the others): a connection's
    kernel receive buffer stays small, so one read holds a bounded number of frames
    that uvicorn parses in one go (docs/server.md, "What it guarantees")."""
    server = listening_socket("127.0.0.1", 0)
    server.listen()
    client = socket.create_connection(server.getsockname())
    accepted, _ = server.accept()
    try:
        size = accepted.getsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF)
        assert size <= 2 * RECEIVE_BUFFER_BYTES  # Linux doubles what is asked
        client.sendall(b"x" * 10)
        assert accepted.recv(100) == b"x" * 10
    finally:
        for sock in (client, accepted, server):
            sock.close()


def _row(table_id: str) -> TableRow:
    return TableRow(id=table_id, variant_name="claim", variant_yaml=None, seed=1,
                    first_leader=0, bot_seed=2, seats=("human", "random"),
                    token_hashes=("a" * 64, "b" * 64), spectator_hash="c" * 64)


def _wal_bytes(path: Path) -> int:
    wal = path.with_name(path.name + "-wal")
    return wal.stat().st_size if wal.exists() else 0


@pytest.mark.parametrize("sync", SYNC_MODES)
def test_checkpoints_run_beside_the_writer(sync: str, tmp_path: Path) -> None:
    """Durability: a move's commit never copies the WAL into the database (that waits
    for the disk); the checkpointer thread does, on its own clock, and once more on
    close, which leaves an empty WAL and every committed move in the database file."""
    path = tmp_path / "t.db"
    store = Store(str(path), sync=sync, checkpoint_seconds=3600)
    try:
        for number in range(600):
            store.submit([insert_table(_row(f"t{number}")),
                          insert_move(f"t{number}", 0, "Gb3")]).result(10)
        assert len(store.moves("t599")) == 1
        # SQLite's automatic checkpoint (at 1,000 pages) would have restarted the WAL.
        conn = sqlite3.connect(path)
        try:
            _, frames, _ = conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        finally:
            conn.close()
        assert frames > 1000
    finally:
        store.close()
    assert _wal_bytes(path) == 0
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("SELECT count(*) FROM moves").fetchone()[0] == 600
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    finally:
        conn.close()


def test_an_unknown_sync_mode_is_refused_before_the_file_is_touched(tmp_path: Path) -> None:
    """Bad input: ``--sync`` names one of `SYNC_MODES`; another is a ServerError naming
    it, and no database file is created; the command line refuses it too."""
    path = tmp_path / "t.db"
    with pytest.raises(ServerError, match=r"--sync sometimes: not a durability mode "
                                          r"\(use one of full, normal\)"):
        Store(str(path), sync="sometimes")
    assert not path.exists()
    with pytest.raises(SystemExit):
        cli.main(["serve", "--db", str(path), "--sync", "sometimes"])
    assert not path.exists()
