"""Arbitrary move text and arbitrary deals: a specific ClaimError, never a crash."""

from __future__ import annotations

import contextlib
import pickle

from hypothesis import given, settings
from hypothesis import strategies as st

import claim

STATE = claim.new_game("claim2", seed=5)
WORDS = st.sampled_from(["take", "top", "smash", "no", "Gn5", "Kn7", "@", "1", "x", " ", "gn"])
texts = st.one_of(st.text(max_size=12), st.lists(WORDS, max_size=5).map(" ".join))


@settings(max_examples=300, deadline=None)
@given(texts)
def test_move_text_is_applied_or_refused_specifically(text: str) -> None:
    """apply(text): a new state, NotationError or IllegalMoveError; the state is unchanged."""
    before = pickle.dumps(STATE)
    try:
        after = STATE.apply(text)
    except (claim.NotationError, claim.IllegalMoveError):
        assert not STATE.is_legal(text)
    else:
        assert STATE.is_legal(text) and after != STATE
    assert pickle.dumps(STATE) == before


cards = st.sampled_from([str(c) for c in STATE.variant.deck] + ["Kn7", "Xx1", "Gn2", ""])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(cards, max_size=14), max_size=3), st.lists(cards, max_size=28),
       st.integers(-1, 3))
def test_explicit_deals_are_dealt_or_refused_specifically(
    hands: list[list[str]], pile: list[str], leader: int
) -> None:
    """new_game(hands=..., draw_pile=...): a game, or DealError / NotationError."""
    with contextlib.suppress(claim.DealError, claim.NotationError):
        claim.new_game(STATE.variant, hands=hands, draw_pile=pile, first_leader=leader)
