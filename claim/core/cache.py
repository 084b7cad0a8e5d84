"""Caches: one facility for every value the library derives once and reuses.

Every cache of `claim` is one of two kinds, both defined here:

* [`per_variant`][claim.core.cache.per_variant]: a value derived from a variant
  (its action-id tables, its hash, its position-key tables, ...), built on first use
  and stored *inside the variant* (its ``derived`` mapping). It lives exactly as long
  as the variant: a server that builds a variant per table, or a script that builds
  thousands of mixes, frees each one's derived values with it. Nothing global keeps
  a variant alive.
* [`Recent`][claim.core._fold.Recent]: a small map of the latest results keyed by
  object identity (a state's view, a view's sampler, a replayed game). It holds at
  most ``limit`` entries, the oldest going first, so what it keeps alive (the
  states, views and variants its entries hold) is bounded. Callers store the key
  object beside the value and check it on a hit, so an ``id`` reused by a newer
  object never matches.
  A [`Latest`][claim.core._fold.Latest] (made by `latest`) is its one-entry form,
  compiled, for a value read twice in a row (a move's state in ``legal_moves``,
  then in ``apply``); it keeps the object itself and compares by identity.

Both are safe under threads: a lookup and an insertion are single dictionary
operations (atomic in CPython), an eviction that meets another thread's eviction
gives up quietly, and a value built twice by two threads at once is the same value
(every cached builder is a pure function of its key), the first one stored winning.
A `Recent` may so hold a few entries over its limit while threads race, never more
than one per thread.

`clear_recent` empties every `Recent` and `Latest` (tests measuring memory, long-lived
processes between phases); `recent_caches` lists them by name with their sizes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from claim.core._fold import REGISTERED as _RECENT
from claim.core._fold import Latest, fold_prefix
from claim.core._fold import Recent as Recent

# `Recent` and `Latest` are documented where they are defined (`claim.core._fold`).
__all__ = ["Deriving", "clear_recent", "fold_prefix", "latest", "per_variant",
           "recent_caches"]

V = TypeVar("V")
T = TypeVar("T")


class Deriving(Protocol):
    """What `per_variant` stores its values in: a variant's ``derived`` mapping."""

    @property
    def derived(self) -> dict[object, Any]: ...


OwnerT = TypeVar("OwnerT", bound=Deriving)


def per_variant(build: Callable[[OwnerT], T]) -> Callable[[OwnerT], T]:
    """``build`` memoized in each variant it is called with (see the module).

    Args:
        build: A pure function of a variant.

    Returns:
        A function of a variant giving ``build(variant)``, built once per variant.
    """

    def get(owner: OwnerT) -> T:
        derived = owner.derived
        try:
            return derived[get]  # type: ignore[no-any-return]
        except KeyError:
            return derived.setdefault(get, build(owner))  # type: ignore[no-any-return]

    get.__doc__ = build.__doc__
    get.__name__ = build.__name__
    get.__qualname__ = build.__qualname__
    get.__wrapped__ = build  # type: ignore[attr-defined]
    return get



def latest(name: str) -> Latest[V]:
    """A new `Latest` (a one-entry cache), registered for `clear_recent` and
    `recent_caches`."""
    cache: Latest[V] = Latest(name)
    _RECENT.append(cache)
    return cache


def clear_recent() -> None:
    """Empty every `Recent` cache of the process."""
    for cache in _RECENT:
        cache.clear()


def recent_caches() -> dict[str, tuple[int, int]]:
    """Every `Recent` cache by name: ``(entries, limit)``."""
    return {cache.name: (len(cache), cache.limit) for cache in _RECENT}
