"""Where the batches run: in this process, on local cores, or on a Dask cluster.

Every runner takes an iterator of [`Batch`][claim.apps.simulate.games.Batch]es and
yields their rows batch by batch *in the order given*, whatever order the workers
finish in, so the output does not depend on the number of workers. Only a window
of batches (a few per worker) is in flight or waiting to be yielded at a time:
memory stays flat in the number of games.

A worker process that dies costs only the batches it was running, which are sent
again: with ``concurrent.futures`` a dead worker breaks the whole pool, so the
batches then running (one per worker) and those queued behind them are resubmitted
to a new pool (each counted as lost once); a
Dask scheduler reschedules a dead worker's tasks itself, and a task that raises is
retried ``retries`` times. A batch lost more than ``retries`` times ends the run
with a [`SimulationError`][claim.apps.simulate.runners.SimulationError].
"""

from __future__ import annotations

import collections
import concurrent.futures as cf
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from claim.apps.simulate.games import Batch, GameRow, play_batch
from claim.core.errors import ClaimError

__all__ = ["SimulationError", "run_dask", "run_local", "run_serial"]

Play = Callable[[Batch], list[GameRow]]
"""What runs a batch in a worker (a module-level function, so it pickles)."""


class SimulationError(ClaimError, RuntimeError):
    """A simulation that cannot go on: a batch lost too often, a cluster unreachable."""


def run_serial(batches: Iterable[Batch], play: Play = play_batch) -> Iterator[list[GameRow]]:
    """Play every batch in this process, in order."""
    for batch in batches:
        yield play(batch)


class _Window:
    """Batches in flight and results waiting for their turn, yielded in order."""

    def __init__(self, batches: Iterable[Batch], size: int, retries: int) -> None:
        self.source = iter(batches)
        self.size = size
        self.retries = retries
        self.again: collections.deque[Batch] = collections.deque()
        self.lost: collections.Counter[int] = collections.Counter()
        self.ready: dict[int, list[GameRow]] = {}
        self.flying: dict[Any, Batch] = {}
        self.next = 0
        self.exhausted = False

    def take(self) -> Batch | None:
        """The next batch to submit, if the window has room."""
        if len(self.flying) + len(self.ready) >= self.size:
            return None
        if self.again:
            return self.again.popleft()
        batch = None if self.exhausted else next(self.source, None)
        self.exhausted = batch is None
        return batch

    def finish(self, future: Any) -> None:
        """Keep a finished batch's rows until its turn comes."""
        rows = future.result()  # raises for a broken pool: the batch stays in flight
        self.ready[self.flying.pop(future).order] = rows

    def lose(self, future: Any) -> None:
        """A batch whose worker died: send it again, or give up."""
        batch = self.flying.pop(future)
        self.lost[batch.order] += 1
        if self.lost[batch.order] > self.retries:
            raise SimulationError(
                f"games {batch.start} to {batch.stop - 1} of {batch.variant!s}: "
                f"the worker running them died {self.lost[batch.order]} times")
        self.again.append(batch)

    def flush(self) -> Iterator[list[GameRow]]:
        """The rows now ready in order."""
        while self.next in self.ready:
            yield self.ready.pop(self.next)
            self.next += 1

    @property
    def done(self) -> bool:
        return self.exhausted and not self.again and not self.flying and not self.ready


def run_local(
    batches: Iterable[Batch], workers: int, play: Play = play_batch, *, retries: int = 2
) -> Iterator[list[GameRow]]:
    """Play the batches on ``workers`` local processes (``ProcessPoolExecutor``).

    A worker that dies breaks the pool: the batches then in flight are sent again
    to a new pool, each at most ``retries`` times.
    """
    window = _Window(batches, 3 * workers, retries)
    while not window.done:
        with cf.ProcessPoolExecutor(max_workers=workers) as pool:
            try:
                yield from _drive(window, pool.submit, play)
            except BrokenProcessPool:
                for future in list(window.flying):
                    if future.done() and future.exception() is None:
                        window.finish(future)
                    else:
                        window.lose(future)


def _drive(window: _Window, submit: Callable[..., Any], play: Play) -> Iterator[list[GameRow]]:
    """Submit, wait, yield in order, until the window is done (concurrent futures)."""
    while not window.done:
        while (batch := window.take()) is not None:
            window.flying[submit(play, batch)] = batch
        if window.flying:
            finished, _ = cf.wait(list(window.flying), return_when=cf.FIRST_COMPLETED)
            for future in finished:
                window.finish(future)
        yield from window.flush()


def run_dask(
    batches: Iterable[Batch], client: Any, play: Play = play_batch, *, retries: int = 2
) -> Iterator[list[GameRow]]:
    """Play the batches on a Dask cluster through ``client`` (a ``distributed.Client``).

    The scheduler reschedules the tasks of a worker that dies; a task that raises
    is retried ``retries`` times, then its error ends the run.
    """
    import distributed

    wait: Any = distributed.wait  # typed loosely: distributed's stubs vary

    workers = max(1, len(client.scheduler_info().get("workers", {})))
    window = _Window(batches, 3 * workers, retries)
    while not window.done:
        while (batch := window.take()) is not None:
            future = client.submit(play, batch, retries=retries, pure=False)
            window.flying[future] = batch
        if window.flying:
            finished = wait(list(window.flying), return_when="FIRST_COMPLETED").done
            for future in finished:
                window.finish(future)
        yield from window.flush()
