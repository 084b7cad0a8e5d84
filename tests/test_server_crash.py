"""The crash test (issue #25, "Durability"): a real server process, killed with SIGKILL
in the middle of games between bots, restarted on the same database: every move a
client was sent (acknowledged) is still there, and the games finish."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

import pytest
import websockets
from server_support import ServerProcess, http, token

import claim
from claim.apps.server.store import SYNC_MODES
from claim.io.gamerecord import GameRecord

GAMES = [("claim", ["random", "heuristic"]), ("claim2", ["heuristic", "random"]),
         ("knights-3p", ["random", "random", "heuristic"])]
"""The tables of bots the server plays when it is killed."""


async def _watch(port: int, tables: dict[str, str], seconds: float, server: ServerProcess
                 ) -> dict[str, list[str]]:
    """Watch each table as a spectator for ``seconds``, then SIGKILL the server; per
    table, the moves of the last view received (each acknowledged: committed first)."""
    acked: dict[str, list[str]] = {table: [] for table in tables}

    async def watch(table: str, tok: str) -> None:
        try:
            async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{table}") as ws:
                await ws.send(json.dumps({"type": "hello", "token": tok}))
                async for text in ws:
                    message = json.loads(text)
                    moves = [record["move"] for record in message.get("history", [])]
                    if message["type"] == "view":  # the whole view; then updates
                        moves = [record["move"] for record in message["view"]["history"]]
                        acked[table] = []
                    acked[table] = acked[table] + moves
        except (websockets.ConnectionClosed, OSError):
            pass

    tasks = [asyncio.create_task(watch(table, tok)) for table, tok in tables.items()]
    await asyncio.sleep(seconds)
    server.kill()
    await asyncio.wait(tasks, timeout=10)
    return acked


def _record(port: int, table: str, deadline: float) -> GameRecord:
    while http(port, f"/api/tables/{table}")["over"] is False:
        assert time.monotonic() < deadline, f"table {table} did not finish"
        time.sleep(0.1)
    record = claim.from_json(json.dumps(http(port, f"/api/tables/{table}/record")))
    assert isinstance(record, GameRecord)
    return record


@pytest.mark.parametrize("sync", SYNC_MODES)
def test_sigkill_loses_no_acknowledged_move(sync: str, tmp_path: Path) -> None:
    """Durability: SIGKILL mid-game, restart on the same database; each table's
    acknowledged moves are the start of its finished game's record, whichever
    ``--sync`` (both commit a move before it is broadcast; they differ on a power cut)."""
    db = tmp_path / "server.db"
    server = ServerProcess(db, bot_delay=0.02, sync=sync)
    try:
        tables = {}
        for variant, bots in GAMES:
            links = http(server.port, "/api/tables", {"variant": variant, "seats": bots})
            tables[links["table"]] = token(links["spectator"])
        acked = asyncio.run(_watch(server.port, tables, 0.5, server))
    finally:
        server.stop()
    assert server.process.returncode == -9
    server = ServerProcess(db, bot_delay=0.0)
    try:
        deadline = time.monotonic() + 60
        records = {table: _record(server.port, table, deadline) for table in tables}
    finally:
        server.stop()
    cut = 0
    for table, record in records.items():
        moves = [str(move) for move in record.moves]
        assert moves[:len(acked[table])] == acked[table]
        assert list(claim.replay(record))[-1].is_over
        cut += 0 < len(acked[table]) < len(moves)
    assert cut >= 1, "no game was killed in its middle"
