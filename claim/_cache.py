"""One small helper: values derived from a variant, built once per variant object.

Variants are values shared by every game of a process (the built-ins are loaded
once); tables derived from one (action ids, position-key tables, notation maps) are
built on first use and kept with the variant object itself as the check, so an id
reused by another object is never mistaken for it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from claim.variant import Variant

__all__ = ["per_variant"]

T = TypeVar("T")


def per_variant(build: Callable[[Variant], T]) -> Callable[[Variant], T]:
    """``build`` memoized per variant object."""
    cache: dict[int, tuple[Variant, T]] = {}

    def get(variant: Variant) -> T:
        found = cache.get(id(variant))
        if found is None or found[0] is not variant:
            found = cache[id(variant)] = (variant, build(variant))
        return found[1]

    get.__doc__ = build.__doc__
    get.__name__ = build.__name__
    return get
