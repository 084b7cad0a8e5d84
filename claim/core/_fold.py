"""The caches' compiled parts (`claim._compiled`): `Recent`, `Latest` and
`fold_prefix`, read on every move (a game's reveals are folded on every move of a
masked variant, a dynamic variant's play choices are kept per state). All three are
imported from `claim.core.cache`, where they belong; a `Latest` is made by
`claim.core.cache.latest`. `REGISTERED` lists every registered cache, for
`claim.core.cache.clear_recent` and `claim.core.cache.recent_caches`."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any, Generic, TypeVar

__all__ = ["REGISTERED", "Latest", "Recent", "fold_prefix"]

K = TypeVar("K", bound=Hashable)
T = TypeVar("T")
V = TypeVar("V")


class Recent(Generic[K, V]):
    """A bounded map of recent results, oldest out first (see `claim.core.cache`).

    A module-level cache registers itself (`claim.core.cache.recent_caches`,
    `claim.core.cache.clear_recent`); one made per variant by a `per_variant`
    builder passes ``register=False`` and goes with its variant. Compiled: ``get``
    and ``put`` are a few instructions from compiled callers, not Python calls.

    Attributes:
        name: What it caches, for `claim.core.cache.recent_caches`.
        limit: How many entries it keeps.
    """

    __slots__ = ("_items", "limit", "name")

    def __init__(self, name: str, limit: int, *, register: bool = True) -> None:
        if limit < 1:
            raise ValueError(f"a Recent cache keeps at least one entry, not {limit}")
        self.name = name
        self.limit = limit
        self._items: dict[K, V] = {}
        if register:  # a cache kept in a variant (per_variant) goes with it instead
            REGISTERED.append(self)

    def get(self, key: K) -> V | None:
        """The value stored under ``key``, or None."""
        return self._items.get(key)

    def put(self, key: K, value: V) -> V:
        """Store ``value`` under ``key`` (evicting the oldest entry when full).

        Returns:
            ``value``, for ``return cache.put(key, build())``.
        """
        items = self._items
        if len(items) >= self.limit and key not in items:
            # (try, not contextlib.suppress: a full cache evicts on every put)
            try:  # noqa: SIM105
                del items[next(iter(items))]
            except (KeyError, RuntimeError, StopIteration):
                pass  # another thread changing the map meanwhile has evicted for us
        items[key] = value
        return value

    def clear(self) -> None:
        """Forget every entry."""
        self._items.clear()

    def __len__(self) -> int:
        return len(self._items)

    def __repr__(self) -> str:
        return f"Recent({self.name!r}, limit={self.limit}, size={len(self._items)})"


class Latest(Generic[V]):
    """The value derived last and the object it was derived from, compared by
    identity: a one-entry `Recent` for values read twice in a row
    (a move reads its state's derived values in ``legal_moves``, then in ``apply``),
    which costs a few instructions, not a Python call, from compiled callers.

    The entry is one tuple, replaced whole: safe under threads (a reader sees one
    entry or the other, never a key with another key's value). Make it through
    `claim.core.cache.latest`, so that `claim.core.cache.clear_recent` empties it.

    Attributes:
        name: What it keeps, for `claim.core.cache.recent_caches`.
        limit: 1.
    """

    __slots__ = ("_entry", "limit", "name")

    def __init__(self, name: str) -> None:
        self.name = name
        self.limit = 1
        self._entry: tuple[object, V | None] = (None, None)

    def get(self, key: object) -> V | None:
        """The value kept for ``key`` (the very object), or None."""
        entry = self._entry
        return entry[1] if entry[0] is key else None

    def put(self, key: object, value: V) -> V:
        """Keep ``value`` for ``key`` in place of the entry before; return it."""
        self._entry = (key, value)
        return value

    def clear(self) -> None:
        """Forget the entry."""
        self._entry = (None, None)

    def __len__(self) -> int:
        return 0 if self._entry[0] is None else 1


REGISTERED: list[Recent[Any, Any] | Latest[Any]] = []
"""Every registered cache (`Recent` made with ``register=True``, `Latest` made by
`claim.core.cache.latest`)."""


def fold_prefix(cache: Recent[tuple[int, int], tuple[object, T]], items: Sequence[Any],
                initial: T, step: Callable[[T, Any], T],
                keyed: Callable[[Any], bool], reach: int = 64) -> T:
    """``step`` folded over ``items`` from ``initial``, resumed from a prefix folded
    before: for sequences that grow by appending, as a game's records do from state
    to state, each fold costs only the items added since the last keyed item of a
    prefix folded before (within ``reach`` of the end).

    A prefix is known by its last item, which must be one that ends no other prefix:
    ``keyed(item)`` says which items are (a game's records with events are made for
    their game; a quiet record is the variant's own, shared by every game, so it is
    never a key).

    Args:
        cache: Where folds are kept, keyed by the identity of a prefix's last item and
            the prefix's length (the item is kept beside the value and checked).
        items: The sequence.
        initial: The fold of no items.
        step: ``step(value, item)``: the fold of one item more.
        keyed: Whether an item may end a prefix in the cache (see above).
        reach: How far back from the end a folded prefix is looked for.

    Returns:
        The fold of every item of ``items``.
    """
    end = len(items)
    start, value = 0, initial
    for cut in range(end, max(0, end - reach), -1):
        item = items[cut - 1]
        if keyed(item):
            found = cache.get((id(item), cut))
            if found is not None and found[0] is item:
                start, value = cut, found[1]
                break
    last: tuple[int, T] | None = None
    for index in range(start, end):
        value = step(value, items[index])
        if keyed(items[index]):
            last = (index, value)
    if last is not None:
        cache.put((id(items[last[0]]), last[0] + 1), (items[last[0]], last[1]))
    return value
