"""A load test of ``claim serve``: N tables of bots playing at once, over loopback.

``python -m benchmarks.server_load [--tables 200] [--seconds 20] [--think 0.0] [--flood 0]
[--warmup 5]``

Starts a real server process (``python -m claim serve`` on a free loopback port, a
fresh database in a temporary directory), creates ``--tables`` tables of the
``claim`` variant with two people's seats, and plays them from this process: per
table, two WebSocket clients that each play a random legal move (seeded) when the
message they receive says it is their turn, after ``--think`` seconds. A finished
table is replaced by a new one, so N tables are in play until the run ends; then
the clients stop, mid-game. The run is ``--warmup`` seconds (5 by default), while
the N tables are created and their 2N clients connect at once, reported apart under
``"warmup"``, then the ``--seconds`` measured.

Which think time is realistic: ``claim serve`` makes its own bots wait
``--bot-delay`` (0.4 s by default) before each move so that people can follow, and
people take longer; so ``--think 0.4`` is the pace of a server full of bot tables
as it runs by default, and ``--think 1.0`` that of brisk people. ``--think 0`` is
a closed loop at saturation: each client moves the moment it is answered, so the
load is whatever the server can take and, by Little's law, the latency is about
the number of tables times the server's time per move: it measures the server's
throughput, not its latency at a given load. The figures of the docs give both.

Reported:

* moves per second (moves the server acknowledged, over the run);
* the server's own latency from a move's arrival (its message read from the socket)
  to its broadcast (committed to SQLite and queued to every connection), p50 and p99,
  from ``GET /api/stats?seconds=S`` (the moves of the window);
* the clients' round trip from sending a move to receiving the update that follows,
  p50 and p99 (an upper bound of the above: two loopback hops, both processes'
  scheduling on the same cores);
* the server process's CPU time (all its threads, from ``/proc``) as a share of one
  core and per move: the figure that other work on the machine does not change, and
  that bounds the moves per second one event loop can serve (1000 / ms per move);
  and the machine's load average, to tell a run shared with other work.

``--flood N`` adds, for the second half of the run, N flooding clients in a process
of their own, each at a table of its own (its seat and a ``random`` bot of the
server's): each sends messages as fast as its socket takes them, in turn legal moves
(when it is its turn, else the same move out of turn), moves that are not legal,
moves in bad notation and text that is not JSON, and reads what the server answers;
cut off by the server, it connects again at once to the same seat. The figures are
then given twice, ``"quiet"`` (first half) and ``"flood"`` (second half), so that
what the flood costs the other tables shows in one run. The flooding process runs on
the same two cores as the server and the players, at the lowest priority (``nice
19``), as if it were another machine: a flood from elsewhere costs the server its
messages, not a share of its cores.

The clients run on the same machine as the server and share its cores. Not part of
the test suite; ``--quick`` (4 tables, 3 seconds) proves the script runs.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import socket
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

Rtts = list[tuple[float, float]]
"""The clients' round trips: (when answered, seconds), ``time.monotonic`` clock."""


def _http(port: int, path: str, body: dict[str, Any] | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def _start_server(db: Path, port: int, sync: str) -> subprocess.Popen[bytes]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    server = subprocess.Popen([sys.executable, "-m", "claim", "serve", "--port", str(port),
                               "--db", str(db), "--bot-delay", "0", "--sync", sync], env=env,
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
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


async def _seat(port: int, table: str, tok: str, rng: random.Random, think: float,
                rtts: Rtts) -> None:
    """Play one seat until the game is over."""
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{table}",
                                  max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "token": tok}))
        sent: float | None = None
        async for text in ws:
            message = json.loads(text)
            if message["type"] not in ("view", "update"):
                raise RuntimeError(f"the server refused a move: {message}")
            if sent is not None:
                now = time.monotonic()
                rtts.append((now, now - sent))
                sent = None
            if message["result"] is not None:
                return
            if message["actions"]:
                if think:
                    await asyncio.sleep(think)
                action = rng.choice(message["actions"])[1]
                sent = time.monotonic()
                await ws.send(json.dumps({"type": "move", "action": action}))


async def _table_loop(port: int, number: int, think: float, rtts: Rtts) -> None:
    """Play tables one after another until cancelled."""
    rng = random.Random(number)
    while True:
        links = await asyncio.to_thread(_http, port, "/api/tables",
                                        {"variant": "claim", "seats": ["human", "human"]})
        tokens = [seat["link"].split("#", 1)[1] for seat in links["seats"]]
        await asyncio.gather(*(_seat(port, links["table"], tok, rng, think, rtts)
                               for tok in tokens))


async def _flood_socket(port: int, table: str, tok: str, rng: random.Random, until: float,
                        counts: list[int]) -> bool:
    """Flood seat 0 of ``table`` over one connection until ``until``, the game's end or
    the server closing it; whether the game is over. ``counts``: [messages sent,
    answers received, connections closed by the server]."""
    actions: list[int] = []
    last, over = [0], [False]
    try:
        async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{table}",
                                      max_size=2**22) as ws:
            await ws.send(json.dumps({"type": "hello", "token": tok}))

            async def read() -> None:
                with contextlib.suppress(websockets.ConnectionClosed):
                    async for text in ws:
                        counts[1] += 1
                        message = json.loads(text)
                        if message["type"] in ("view", "update"):
                            actions[:] = [action for _, action in message["actions"]]
                            if message["result"] is not None:
                                over[0] = True
                                return

            reader = asyncio.create_task(read())
            step = 0
            while not reader.done() and time.monotonic() < until:
                kind = step % 4
                if kind == 0:  # a legal move when it is its turn, else one out of turn
                    last[0] = rng.choice(actions) if actions else last[0]
                    text = json.dumps({"type": "move", "action": last[0]})
                elif kind == 1:  # an action id that is not legal here (or no action)
                    text = json.dumps({"type": "move", "action": rng.randrange(10_000)})
                elif kind == 2:
                    text = json.dumps({"type": "move", "move": "Zz99"})
                else:
                    text = "{not json"
                await ws.send(text)
                counts[0] += 1
                step += 1
                if step % 64 == 0:
                    await asyncio.sleep(0)  # let the reader read
            reader.cancel()
    except (websockets.ConnectionClosed, OSError):
        pass
    if not over[0] and time.monotonic() < until:
        counts[2] += 1
    return over[0]


async def _flood_all(port: int, flooders: int, seconds: float) -> list[int]:
    until = time.monotonic() + seconds
    counts = [0, 0, 0]

    async def flooder(number: int) -> None:
        rng = random.Random(-1 - number)
        while time.monotonic() < until:  # a table of its own (seat 1: a server bot)
            links = await asyncio.to_thread(_http, port, "/api/tables",
                                            {"variant": "claim", "seats": ["human", "random"]})
            tok = links["seats"][0]["link"].split("#", 1)[1]
            while time.monotonic() < until:  # cut off: back to the same seat at once
                if await _flood_socket(port, links["table"], tok, rng, until, counts):
                    break

    await asyncio.gather(*(flooder(n) for n in range(flooders)))
    return counts


def _flood_process(port: int, flooders: int, seconds: float, out: Any) -> None:
    """The flooding clients' process, at the lowest CPU priority: their counts are put
    on ``out``."""
    os.nice(19)  # as if from another machine: the flood takes no CPU the others want
    out.put(asyncio.run(_flood_all(port, flooders, seconds)))


def _percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(p * len(ordered)))] if ordered else 0.0


def _rtt_figures(rtts: Rtts, start: float, end: float) -> dict[str, float]:
    values = [rtt for when, rtt in rtts if start <= when < end]
    return {"p50": round(_percentile(values, 0.5), 2), "p99": round(_percentile(values, 0.99), 2),
            "mean": round(1000 * statistics.fmean(values), 2) if values else 0.0}


def _cpu_seconds(pid: int) -> float:
    """The CPU time (user and system, every thread) process ``pid`` has used (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def _phase(port: int, server: int, seconds: float, rtts: Rtts) -> dict[str, Any]:
    """Let the tables play ``seconds``; the server's and the clients' figures of then."""
    start, before = time.monotonic(), await asyncio.to_thread(_http, port, "/api/stats")
    cpu = _cpu_seconds(server)
    await asyncio.sleep(seconds)
    stats = await asyncio.to_thread(_http, port, f"/api/stats?seconds={seconds}")
    cpu = _cpu_seconds(server) - cpu
    elapsed = time.monotonic() - start
    moves = stats["moves"] - before["moves"]
    return {"seconds": round(elapsed, 1), "moves": moves,
            "moves_per_s": round(moves / elapsed, 1), "server_ms": stats["latency_ms"],
            "client_rtt_ms": _rtt_figures(rtts, start, start + elapsed),
            "server_cpu_share": round(cpu / elapsed, 2),
            "server_cpu_ms_per_move": round(1000 * cpu / moves, 3) if moves else None,
            "load_average": os.getloadavg()[0]}


async def _run(port: int, server: int, tables: int, seconds: float, think: float,
               flood: int, warmup: float, sync: str) -> dict[str, Any]:
    rtts: Rtts = []
    players = [asyncio.create_task(_table_loop(port, n, think, rtts)) for n in range(tables)]
    result: dict[str, Any] = {"tables": tables, "think_s": think, "sync": sync}
    try:
        result["warmup"] = await _phase(port, server, warmup, rtts)
        if not flood:
            result.update(await _phase(port, server, seconds, rtts))
            return result
        result["flooders"] = flood
        result["quiet"] = await _phase(port, server, seconds / 2, rtts)
        out = multiprocessing.get_context("spawn").Queue()
        flooding = multiprocessing.get_context("spawn").Process(
            target=_flood_process, args=(port, flood, seconds / 2, out))
        flooding.start()
        result["flood"] = await _phase(port, server, seconds / 2, rtts)
        sent, answered, cut = await asyncio.to_thread(out.get, True, 60)
        await asyncio.to_thread(flooding.join, 30)
        result["flood"].update(flood_messages_sent=sent, flood_answers_received=answered,
                               flood_connections_cut=cut)
        return result
    finally:
        for task in players:
            task.cancel()
        await asyncio.gather(*players, return_exceptions=True)


def main(argv: list[str] | None = None) -> int:
    """Run the load test and print its figures as JSON."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.server_load",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200, help="tables in play at once")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long to play")
    parser.add_argument("--think", type=float, default=0.0,
                        help="seconds each client waits before its move (default 0)")
    parser.add_argument("--flood", type=int, default=0, metavar="N",
                        help="N flooding clients during the second half (default 0)")
    parser.add_argument("--warmup", type=float, default=5.0,
                        help="seconds played first, reported apart (default 5)")
    parser.add_argument("--sync", choices=("full", "normal"), default="normal",
                        help="the server's --sync (default normal, the server's default)")
    parser.add_argument("--quick", action="store_true", help="4 tables for 3 seconds")
    args = parser.parse_args(argv)
    if args.quick:
        args.tables, args.seconds, args.warmup = 4, 3.0, 1.0
    port = _free_port()
    with tempfile.TemporaryDirectory() as folder:
        server = _start_server(Path(folder) / "load.db", port, args.sync)
        try:
            result = asyncio.run(_run(port, server.pid, args.tables, args.seconds,
                                      args.think, args.flood, args.warmup, args.sync))
        finally:
            server.terminate()
            server.wait(30)
    print(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
