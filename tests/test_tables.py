"""The per-variant tables agree with the rules they precompute."""

from __future__ import annotations

import random

import pytest

import claim
from claim.rules.variant_tables import moves_by_bits


@pytest.mark.parametrize("name", claim.builtin_variants())
def test_chunked_legal_moves_equal_walking_the_bits(name: str) -> None:
    """The generated chunk lookup lists the same distinct moves, in deck order."""
    tables = claim.load_variant(name).tables
    rng = random.Random(name)
    full = (1 << len(tables.deck)) - 1
    for _ in range(2000):
        mask = rng.getrandbits(len(tables.deck)) & full
        assert tables.moves_of(mask) == moves_by_bits(tables.play_moves, mask)
    assert tables.moves_of(0) == ()
    assert tables.moves_of(full) == tuple(dict.fromkeys(tables.play_moves))


def test_a_deck_with_many_identical_cards_walks_the_bits() -> None:
    """More than 8 copies of one card (a house deck) falls back to the bit walk."""
    blanks = claim.Faction("blanks", "Bl", "Blanks", [0] * 12)
    ones = claim.Faction("ones", "On", "Ones", [1] * 4)
    variant = claim.Variant("copies", "Copies", 2, [blanks, ones])
    assert variant.tables.moves_of(variant.tables.full_mask) == (
        claim.PlayCard(claim.Card("blanks", 0)), claim.PlayCard(claim.Card("ones", 1)))
