"""A load test of ``claim serve``: N tables of bots playing at once, over loopback.

``python -m benchmarks.server_load [--tables 200] [--seconds 20] [--think 0.0]``

Starts a real server process (``python -m claim serve`` on a free loopback port, a
fresh database in a temporary directory), creates ``--tables`` tables of the
``claim`` variant with two people's seats, and plays them from this process: per
table, two WebSocket clients that each play a random legal move (seeded) when the
view they receive says it is their turn, after ``--think`` seconds. A finished
table is replaced by a new one, so N tables are in play until ``--seconds`` ends.

Reported:

* moves per second (moves the server acknowledged, over the run);
* the server's own latency from a move's arrival (its message read from the socket)
  to its broadcast (committed to SQLite and queued to every connection), p50 and p99,
  from ``GET /api/stats``;
* the clients' round trip from sending a move to receiving the view that follows,
  p50 and p99 (an upper bound of the above: two loopback hops, both processes'
  scheduling on the same cores).

The clients run on the same machine as the server and share its cores. Not part of
the test suite; ``--quick`` (4 tables, 3 seconds) proves the script runs.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import websockets

ROOT = Path(__file__).resolve().parent.parent


def _http(port: int, path: str, body: dict[str, Any] | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def _start_server(db: Path, port: int) -> subprocess.Popen[bytes]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    server = subprocess.Popen([sys.executable, "-m", "claim", "serve", "--port", str(port),
                               "--db", str(db), "--bot-delay", "0"], env=env,
                              stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            _http(port, "/api/stats")
            return server
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise SystemExit("the server did not start within 30 s")


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


async def _seat(port: int, table: str, tok: str, rng: random.Random, think: float,
                rtts: list[float]) -> None:
    """Play one seat until the game is over."""
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{table}",
                                  max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "token": tok}))
        sent: float | None = None
        async for text in ws:
            message = json.loads(text)
            if message["type"] != "view":
                raise RuntimeError(f"the server refused a move: {message}")
            if sent is not None:
                rtts.append(time.perf_counter() - sent)
                sent = None
            if message["result"] is not None:
                return
            if message["actions"]:
                if think:
                    await asyncio.sleep(think)
                action = rng.choice(message["actions"])[1]
                sent = time.perf_counter()
                await ws.send(json.dumps({"type": "move", "action": action}))


async def _table_loop(port: int, number: int, until: float, think: float,
                      rtts: list[float]) -> int:
    """Play tables one after another until ``until``; returns the games finished."""
    games = 0
    rng = random.Random(number)
    while time.monotonic() < until:
        links = await asyncio.to_thread(_http, port, "/api/tables",
                                        {"variant": "claim", "seats": ["human", "human"]})
        tokens = [seat["link"].split("#", 1)[1] for seat in links["seats"]]
        await asyncio.gather(*(_seat(port, links["table"], tok, rng, think, rtts)
                               for tok in tokens))
        games += 1
    return games


def _percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(p * len(ordered)))] if ordered else 0.0


async def _run(port: int, tables: int, seconds: float, think: float) -> dict[str, Any]:
    rtts: list[float] = []
    start = time.monotonic()
    games = await asyncio.gather(*(_table_loop(port, n, start + seconds, think, rtts)
                                   for n in range(tables)))
    elapsed = time.monotonic() - start
    stats = await asyncio.to_thread(_http, port, "/api/stats")
    return {"tables": tables, "think_s": think, "seconds": round(elapsed, 1),
            "games": sum(games), "moves": stats["moves"],
            "moves_per_s": round(stats["moves"] / elapsed, 1),
            "server_ms": stats["latency_ms"],
            "client_rtt_ms": {"p50": round(_percentile(rtts, 0.5), 2),
                              "p99": round(_percentile(rtts, 0.99), 2),
                              "mean": round(1000 * statistics.fmean(rtts), 2) if rtts else 0}}


def main(argv: list[str] | None = None) -> int:
    """Run the load test and print its figures as JSON."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.server_load",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200, help="tables in play at once")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long to play")
    parser.add_argument("--think", type=float, default=0.0,
                        help="seconds each client waits before its move (default 0)")
    parser.add_argument("--quick", action="store_true", help="4 tables for 3 seconds")
    args = parser.parse_args(argv)
    if args.quick:
        args.tables, args.seconds = 4, 3.0
    port = _free_port()
    with tempfile.TemporaryDirectory() as folder:
        server = _start_server(Path(folder) / "load.db", port)
        try:
            result = asyncio.run(_run(port, args.tables, args.seconds, args.think))
        finally:
            server.terminate()
            server.wait(30)
    print(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
