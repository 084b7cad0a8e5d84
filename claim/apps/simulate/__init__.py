"""Simulations at scale: many games between bots, with statistics.

[`simulate`][claim.apps.simulate.simulate] plays ``games`` games of each variant between
the given bots, on this process, on all local cores, or on a Dask cluster, and
returns a [`Summary`][claim.apps.simulate.Summary]: per variant, win rates per seat and
per bot with 95% Wilson intervals, where each faction's vote went, the first
leader's advantage, game lengths, draws and how games were decided (RULES 5).

Results depend only on the seed: game ``i``'s deal, first leader, seating and every
bot's choices come from the run's seed and ``i`` (see
[`claim.apps.simulate.games`][claim.apps.simulate.games]), so one worker, many workers and a
cluster give the same rows in the same order. Rows are not kept unless asked
(``keep_rows``, or ``on_row`` to stream them): memory stays flat in the number of
games.

Examples:
    >>> from claim.apps.simulate import simulate
    >>> summary = simulate("claim", ["random", "random"], games=4, seed=1, workers=1)
    >>> summary.variants[0].games
    4
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

import attrs

from claim.apps.simulate.games import Batch, GameRow, VariantSource, play_game
from claim.apps.simulate.runners import SimulationError, run_dask, run_local, run_serial
from claim.apps.simulate.stats import FactionStats, Rate, Tally, VariantSummary, wilson
from claim.core.errors import ArgumentError
from claim.rules.loading import builtin_variants, load_variant
from claim.rules.variant import Variant
from claim.search import bots as _bots

__all__ = [
    "FactionStats",
    "GameRow",
    "Rate",
    "SimulationError",
    "Summary",
    "VariantSummary",
    "prepare",
    "simulate",
    "wilson",
]

BATCH_SECONDS = 0.25
"""About how long one batch should take: long enough that scheduling costs little."""


@attrs.frozen
class Summary:
    """What a simulation reports.

    Attributes:
        seed: The run's seed.
        games: Games played per variant.
        bots: The lineup, one bot name per seat before rotation.
        variants: Per variant, in the order given, its statistics.
        rows: Every game's row in order, when ``keep_rows`` was asked; else empty.
    """

    seed: int
    games: int
    bots: tuple[str, ...]
    variants: tuple[VariantSummary, ...]
    rows: tuple[GameRow, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The summary (without rows) as plain JSON-ready data."""
        return {"seed": self.seed, "games": self.games, "bots": list(self.bots),
                "variants": [v.to_dict() for v in self.variants]}


def prepare(
    variants: VariantSource | Sequence[VariantSource], bots: Sequence[str] | str, games: int
) -> tuple[list[Variant], tuple[str, ...]]:
    """Check a simulation's arguments before anything runs: the loaded variants and
    the lineup (``bots`` may be a comma-separated string).

    Raises:
        UnknownNameError: An unknown variant or bot.
        ArgumentError: ``games`` is not positive, or the bots do not fit the seats.
    """
    given = [variants] if isinstance(variants, (str, Variant)) else list(variants)
    if not given:
        raise ArgumentError("variants", variants, "at least one variant")
    if type(games) is not int or games <= 0:
        raise ArgumentError("games", games, "a positive int")
    loaded = [load_variant(v) for v in given]
    lineup = tuple(bots.split(",")) if isinstance(bots, str) else tuple(bots)
    _check(loaded, lineup)
    return loaded, lineup


def _check(variants: list[Variant], bots: tuple[str, ...]) -> None:
    if not bots:
        raise ArgumentError("bots", bots, "at least one bot name")
    for name in bots:
        _bots.get(name)  # UnknownNameError listing the known bots
    for variant in variants:
        if variant.players % len(bots):
            raise ArgumentError(
                "bots", ",".join(bots),
                f"one bot per seat of {variant.name!r} ({variant.players} players), "
                "or a number of bots that divides it")


def _source(variant: Variant) -> VariantSource:
    """What to send to workers: a built-in's name (small), else the variant itself."""
    if variant.name in builtin_variants() and load_variant(variant.name) == variant:
        return variant.name
    return variant


def _batch_size(variant: Variant, bots: tuple[str, ...], games: int, workers: int) -> int:
    """Games per batch: about BATCH_SECONDS of play, at least 4 batches per worker."""
    start = time.perf_counter()
    play_game(variant, bots, 0, 0)
    per_game = max(time.perf_counter() - start, 1e-4)
    size = max(1, min(1000, int(BATCH_SECONDS / per_game)))
    return max(1, min(size, math.ceil(games / (4 * workers))))


def _batches(sources: list[VariantSource], bots: tuple[str, ...], seed: int, games: int,
             size: int) -> Iterator[Batch]:
    order = 0
    for source in sources:
        for start in range(0, games, size):
            yield Batch(source, bots, seed, start, min(start + size, games), order)
            order += 1


def simulate(
    variants: VariantSource | Sequence[VariantSource],
    bots: Sequence[str] | str,
    games: int,
    seed: int = 0,
    *,
    workers: int | None = None,
    client: Any = None,
    batch_size: int | None = None,
    on_row: Callable[[GameRow], None] | None = None,
    keep_rows: bool = False,
    progress: Callable[[int], None] | None = None,
) -> Summary:
    """Play ``games`` games of each variant between ``bots`` and summarize them.

    Args:
        variants: A variant (name, file path or object) or several, compared side
            by side.
        bots: Bot names, one per seat (rotated one seat a game, so each bot plays
            each seat), or fewer repeated in turn (``a,b`` at four seats: teams).
        games: Games per variant.
        seed: The run's seed: the results depend on it alone.
        workers: Local worker processes (default: every core; 1 plays in this
            process). Ignored when ``client`` is given.
        client: A ``distributed.Client``: play on its Dask cluster instead.
        batch_size: Games per batch sent to a worker (default: about a quarter of a
            second of play, measured on one game).
        on_row: Called with every game's row, in order, as it comes.
        keep_rows: Also return every row in the summary.
        progress: Called with the number of games just finished, batch by batch.

    Raises:
        UnknownNameError: An unknown variant or bot.
        ArgumentError: ``games`` is not positive, or the bots do not fit the seats.
        SimulationError: A batch's worker died more often than it is retried.
    """
    loaded, lineup = prepare(variants, bots, games)
    if client is not None:  # batches are sized for the cluster's workers
        workers = len(client.scheduler_info().get("workers", {}))
    workers = max(1, workers if workers is not None else (os.cpu_count() or 1))
    if batch_size is None:
        batch_size = _batch_size(loaded[0], lineup, games, workers)
    elif type(batch_size) is not int or batch_size <= 0:
        raise ArgumentError("batch_size", batch_size, "a positive int")
    batches = _batches([_source(v) for v in loaded], lineup, seed, games, batch_size)
    if client is not None:
        results = run_dask(batches, client)
    elif workers == 1:
        results = run_serial(batches)
    else:
        results = run_local(batches, workers)
    tallies = [Tally(v.name, v.players, lineup) for v in loaded]
    kept = _tally(results, tallies, games, on_row, keep_rows, progress)
    return Summary(seed, games, lineup, tuple(t.summary() for t in tallies), tuple(kept))


def _tally(results: Iterable[Sequence[GameRow]], tallies: list[Tally], games: int,
           on_row: Callable[[GameRow], None] | None, keep_rows: bool,
           progress: Callable[[int], None] | None) -> list[GameRow]:
    """Add the rows of each batch, as they come, to the tally of their variant (``games``
    rows each, in order); returns the rows when ``keep_rows`` (else an empty list)."""
    kept: list[GameRow] = []
    seen = 0
    for rows in results:
        for row in rows:
            tallies[seen // games].add(row)  # rows come in order, variant by variant
            seen += 1
            if on_row is not None:
                on_row(row)
            if keep_rows:
                kept.append(row)
        if progress is not None:
            progress(len(rows))
    return kept

