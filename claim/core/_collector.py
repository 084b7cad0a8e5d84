"""Pausing Python's cyclic garbage collector around bounded work that makes no cycles.

Loading a saved game replays its moves; reading a view and drawing a determinization
build thousands of small objects (states, records, events, tuples). None of them
form reference cycles (checked with ``gc.DEBUG_SAVEALL`` on every built-in variant),
so reference counting frees every intermediate one the moment it is dropped. The
collector, left on, still scans them: each 700 allocations start a collection, and
the survivors move to older generations that full collections scan again. In a
process that keeps what it loads (a server holding games), that cost as much as
the work itself: replaying 26 moves of each of 600 games, keeping every result,
took 113-115 us per game paused against 190-256 us (one run, alternated). When the
results are dropped at once, little survives and the pause changes little. While
paused, only the objects that survive the call are left for the next collection,
which runs as soon as the collector is back on and an object is made.

The collector is restored as the caller had it, also when the call raises; a call
made while it is already off leaves it off. Cycles that other code makes meanwhile
(a plugin's hook) wait for the next collection.
"""

from __future__ import annotations

import functools
import gc
from collections.abc import Callable
from typing import ParamSpec, TypeVar

__all__ = ["collector_paused"]

_P = ParamSpec("_P")
_R = TypeVar("_R")


def collector_paused(func: Callable[_P, _R]) -> Callable[_P, _R]:
    """Decorate ``func`` to run with the cyclic collector paused (see the module)."""

    @functools.wraps(func)
    def call(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        if not gc.isenabled():
            return func(*args, **kwargs)
        gc.disable()
        try:
            return func(*args, **kwargs)
        finally:
            gc.enable()

    return call

