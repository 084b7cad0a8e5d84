"""Card and move notation round-trips (str, then parse, gives the same value)."""

from __future__ import annotations

import random

import pytest

import claim
from claim.core.moves import PlayCard, TakeFaceUp
from claim.factions.claim2 import DeclineSmash, Smash, TakeTopCard


@pytest.mark.parametrize("name", claim.builtin_variants())
def test_every_card_round_trips(name: str) -> None:
    """str(card) reads back as the same card, whatever the case (RULES 1 codes)."""
    variant = claim.load_variant(name)
    for card in variant.deck:
        assert claim.parse_card(str(card), variant) == card
        assert claim.parse_card(str(card).upper(), variant) == card
        assert claim.parse_card(f"{card.faction} {card.value}", variant) == card


@pytest.mark.parametrize("name", claim.builtin_variants())
def test_every_move_of_random_games_round_trips(name: str) -> None:
    """Every legal move met in play, decisions included, reads back from its text."""
    variant = claim.load_variant(name)
    seen: set[type] = set()
    for seed in range(40):
        rng = random.Random(seed)
        state = claim.new_game(variant, rng=rng)
        while not state.is_over:
            for move in state.legal_moves():
                assert claim.parse_move(str(move), variant) == move
                seen.add(type(move))
            state = state.apply(rng.choice(state.legal_moves()))
    assert PlayCard in seen


def test_decision_moves_written_out() -> None:
    """The decision notation of the moves module docstring."""
    variant = claim.load_variant("claim2")
    gnome = claim.Card("gnomes", 5, "Gn")
    assert claim.parse_move("take top", variant) == TakeTopCard()
    assert claim.parse_move("Take  Gn5", variant) == TakeFaceUp(gnome)
    assert claim.parse_move("smash Gn5@1", variant) == Smash(1, gnome)
    assert claim.parse_move("SMASH gn5 @ 1", variant) == Smash(1, gnome)
    assert claim.parse_move("no smash", variant) == DeclineSmash()
    assert [str(m) for m in (TakeTopCard(), TakeFaceUp(gnome), Smash(1, gnome))] == [
        "take top", "take Gn5", "smash Gn5@1"]
