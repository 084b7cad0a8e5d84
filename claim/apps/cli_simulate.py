"""``claim simulate VARIANT... --bots a,b --games N --seed S``: many games between bots.

Plays the games on every local core (``--workers``) or on a Dask cluster
(``--scheduler ADDRESS``, with the ``dask`` extra), shows a progress bar (tqdm, with
the ``sim`` extra; a plain progress line otherwise), prints the summary table and
writes the JSON summary (``--json``), one CSV row per game as games finish
(``--csv``) and a PNG chart (``--png``, with the ``plot`` extra). See
[`claim.apps.simulate`][claim.apps.simulate].
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import time
from collections.abc import Callable, Iterator
from typing import IO, Any

from claim.apps.cli_common import add_run_arguments, checked_run, positive_int, positive_seconds
from claim.apps.simulate import SimulationError, simulate
from claim.apps.simulate.output import CsvRows, summary_lines, write_json, write_png

__all__ = ["add_quiet", "add_run_arguments", "progress", "register"]


def register(commands: Any) -> None:
    """Add ``simulate`` to the ``claim`` command's subparsers."""
    sim = commands.add_parser(
        "simulate", help="play many games between bots and summarize them",
        description="Play GAMES games of each VARIANT between bots (seats rotated every "
        "game) and print win rates with 95% intervals, where faction votes went, the "
        "first leader's advantage, game lengths and how games were decided. The "
        "results depend only on --seed, whatever the number of workers.")
    sim.add_argument("variants", nargs="+", metavar="VARIANT",
                     help="built-in variant names or YAML files (several: side by side)")
    add_run_arguments(sim, "games per variant")
    sim.add_argument("--scheduler", default=None, metavar="ADDRESS",
                     help="a Dask scheduler's address (tcp://host:8786) to play on")
    sim.add_argument("--connect-timeout", type=positive_seconds, default=10.0, metavar="SECONDS",
                     help="how long to try to reach --scheduler (default: 10)")
    sim.add_argument("--batch-size", type=positive_int, default=None,
                     help="games per batch (default: about 0.25 s of play)")
    sim.add_argument("--json", default=None, metavar="FILE", help="write the summary")
    sim.add_argument("--csv", default=None, metavar="FILE", help="write one row per game")
    sim.add_argument("--png", default=None, metavar="FILE", help="draw a chart (needs "
                     "matplotlib: pip install 'claim-engine[plot]')")
    add_quiet(sim)
    sim.set_defaults(run=_simulate)


def add_quiet(parser: Any) -> None:
    """The ``--quiet`` option of the commands that show progress."""
    parser.add_argument("--quiet", action="store_true", help="no progress on stderr")


def _simulate(args: argparse.Namespace) -> int:
    lineup = tuple(args.bots.split(","))
    variants = checked_run(args.variants, list(lineup), args.bots, args.games)
    if args.png is not None:
        _need("matplotlib", "--png", "plot")
    total = args.games * len(variants)
    with _client(args) as client, _open(args.csv) as csv_file:
        on_row = CsvRows(csv_file) if csv_file is not None else None
        with progress(total, args.quiet) as tick:
            summary = simulate(variants, lineup, args.games, args.seed, workers=args.workers,
                               client=client, batch_size=args.batch_size, on_row=on_row,
                               progress=tick)
    for line in summary_lines(summary):
        print(line)
    if args.json is not None:
        with _open(args.json) as file:
            assert file is not None
            write_json(summary, file)
    if args.png is not None:
        write_png(summary, args.png)
    return 0


def _need(module: str, option: str, extra: str) -> None:
    try:
        __import__(module)
    except ImportError:
        raise SimulationError(f"{option} needs {module}: pip install "
                              f"'claim-engine[{extra}]'") from None


@contextlib.contextmanager
def _open(path: str | None) -> Iterator[IO[str] | None]:
    if path is None:
        yield None
        return
    try:
        file = open(path, "w", encoding="utf-8", newline="")  # noqa: SIM115
    except OSError as exc:
        raise SimulationError(f"cannot write {path}: {exc.strerror}") from None
    with file:
        yield file


@contextlib.contextmanager
def _client(args: argparse.Namespace) -> Iterator[Any]:
    """A ``distributed.Client`` connected to ``--scheduler``, or None."""
    if args.scheduler is None:
        yield None
        return
    _need("distributed", "--scheduler", "dask")
    import distributed

    connect: Any = distributed.Client  # typed loosely: distributed's stubs vary
    try:
        client = connect(args.scheduler, timeout=args.connect_timeout)
    except Exception as exc:  # OSError, TimeoutError, ValueError for a bad address
        raise SimulationError(f"cannot reach the Dask scheduler at {args.scheduler}: "
                              f"{exc}") from None
    with client:
        yield client


@contextlib.contextmanager
def progress(total: int, quiet: bool) -> Iterator[Callable[[int], None] | None]:
    """A progress bar on stderr: tqdm if installed, else a plain line."""
    if quiet:
        yield None
        return
    try:
        from tqdm import tqdm
    except ImportError:
        yield from _plain_progress(total)
        return
    with tqdm(total=total, unit="game", file=sys.stderr) as bar:
        yield bar.update


def _plain_progress(total: int) -> Iterator[Callable[[int], None]]:
    done, last = 0, 0.0

    def tick(n: int) -> None:
        nonlocal done, last
        done += n
        now = time.monotonic()
        if now - last >= 0.5 or done == total:
            last = now
            print(f"\r{done}/{total} games", end="\n" if done == total else "",
                  file=sys.stderr, flush=True)

    yield tick
