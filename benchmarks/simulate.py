"""Simulation throughput: ``python -m benchmarks.simulate [--games N] [--quick]``.

Games per second of ``claim`` between two ``random`` bots (each move chosen from
the seat's view, as ``claim simulate`` plays), with 1 local worker (in process),
2 local worker processes, and a local Dask cluster of 2 worker processes (one
thread each; needs the ``dask`` extra). The scaling efficiency of a run on ``w``
workers is its speed over ``w`` times the 1-worker speed. Each configuration runs
``--repeat`` times, interleaved with the others, and the best run counts (the one
the rest of the machine disturbed least). The cluster's start-up is not timed; the
local pool's start-up is (it is part of every run).

Every configuration plays the same games (same seed): the script checks that
their summaries are equal.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import os
import platform
import time
from collections.abc import Callable
from typing import Any

from claim.apps.simulate import Summary, simulate

VARIANT = "claim"
BOTS = ("random", "random")


def timed(run: Callable[[], Summary], games: int) -> tuple[float, Summary]:
    """Games per second of one run, and its summary."""
    start = time.perf_counter()
    summary = run()
    return games / (time.perf_counter() - start), summary


def measure(games: int, seed: int, repeat: int) -> dict[str, Any]:
    """The best games per second of ``repeat`` interleaved runs per configuration, and
    the scaling efficiencies."""
    runs: dict[str, Callable[[], Summary]] = {
        f"workers_{w}": functools.partial(simulate, VARIANT, BOTS, games, seed, workers=w)
        for w in (1, 2)
    }
    with contextlib.ExitStack() as stack:
        try:
            import distributed
        except ImportError:
            pass
        else:
            cluster = stack.enter_context(distributed.LocalCluster(
                n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None))
            client = stack.enter_context(distributed.Client(cluster))
            runs["dask_2"] = lambda: simulate(VARIANT, BOTS, games, seed, client=client)
        best: dict[str, float] = dict.fromkeys(runs, 0.0)
        reference = None
        for _ in range(repeat):
            for key, run in runs.items():
                speed, summary = timed(run, games)
                reference = reference or summary
                assert summary == reference, f"{key} gave other results"
                best[key] = max(best[key], speed)
    figures: dict[str, Any] = dict(best)
    figures["efficiency_2"] = best["workers_2"] / (2 * best["workers_1"])
    if "dask_2" in best:
        figures["efficiency_dask_2"] = best["dask_2"] / (2 * best["workers_1"])
    return figures


def main() -> None:
    """Measure and print (and with ``--output``, write JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="runs per configuration")
    parser.add_argument("--quick", action="store_true", help="40 games: the script runs")
    parser.add_argument("--output", default=None, help="write the figures as JSON")
    args = parser.parse_args()
    games = 40 if args.quick else args.games
    figures = measure(games, args.seed, 1 if args.quick else args.repeat)
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    repeat = 1 if args.quick else args.repeat
    print(f"{VARIANT}, bots {','.join(BOTS)}, {games} games, best of {repeat}, "
          f"{cores} cores, Python {platform.python_version()}, load {os.getloadavg()[0]:.2f}")
    for key, value in figures.items():
        shown = f"{value:.0%}" if key.startswith("efficiency") else f"{value:7.1f} games/s"
        print(f"  {key:18} {shown}")
    if args.output:
        with open(args.output, "w", encoding="utf-8") as file:
            json.dump({"games": games, "cores": cores, **figures}, file, indent=1)


if __name__ == "__main__":
    main()
