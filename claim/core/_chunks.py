"""Card masks read a byte at a time, compiled (`claim._compiled`): `byte_chunks`
tabulates a deck's items per 8 card ids and byte value once, `gather` reads a mask
through that table. `claim.rules.variant_tables.DeckTables.card_chunks` holds the
deck's cards so (`claim.rules.variant.Variant.cards_in`, the views), and
`claim.io.snapshot_json` the card names."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

__all__ = ["ByteChunks", "byte_chunks", "gather"]

T = TypeVar("T")

ByteChunks = tuple[tuple[tuple[T, ...], ...], ...]
"""Per 8 card ids, the items of each of the 256 byte values (see `byte_chunks`)."""


def byte_chunks(items: Sequence[T]) -> ByteChunks[T]:
    """Per 8 card ids of ``items`` (one per card id, in deck order), the items of
    each of the 256 byte values, so that `gather` reads a mask a byte at a time."""
    return tuple(
        tuple(tuple(items[base + i] for i in range(8) if byte >> i & 1 and base + i < len(items))
              for byte in range(256))
        for base in range(0, len(items), 8))


def gather(mask: int, chunks: ByteChunks[T]) -> tuple[T, ...]:
    """The items of the card ids in ``mask``, in deck order (``chunks`` from
    `byte_chunks`; bits beyond them are ignored)."""
    out: tuple[T, ...] = ()
    for chunk in chunks:
        if not mask:
            break
        out += chunk[mask & 255]
        mask >>= 8
    return out
