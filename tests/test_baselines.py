"""Tests for the reference playouts in ``benchmarks.baselines``."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest

from benchmarks.baselines import (
    MOVES_PER_GAME,
    Move,
    State,
    apply,
    immutable_playout,
    initial_state,
    legal_cards,
    mutable_playout,
    play_immutable,
    play_mutable,
    shuffled_deck,
)

SEEDS = range(20)


def replay(seed: int, history: Sequence[Move]) -> int:
    """Check a history against the rules, written here independently.

    Args:
        seed: The seed the game was played with; it gives the deal.
        history: The ``(player, card)`` moves of the game.

    Returns:
        The number of suits player 0 holds more of in the score piles, minus
        the number player 1 does.

    Raises:
        AssertionError: If a move breaks the rules.
    """
    deck = shuffled_deck(random.Random(seed))
    hands = [set(deck[:13]), set(deck[13:26])]
    draw = deck[26:]
    piles: list[list[int]] = [[], [], [], []]  # followers 0, 1; scores 0, 1
    leader = 0
    assert len(history) == MOVES_PER_GAME
    for trick in range(26):
        (p_lead, lead), (p_follow, follow) = history[2 * trick : 2 * trick + 2]
        assert (p_lead, p_follow) == (leader, 1 - leader), f"turn order {trick}"
        assert lead in hands[p_lead] and follow in hands[p_follow], f"cards {trick}"
        suit = lead // 13
        if follow // 13 != suit:
            held = {c for c in hands[p_follow] if c // 13 == suit}
            assert not held, f"did not follow suit in trick {trick}"
        hands[p_lead].discard(lead)
        hands[p_follow].discard(follow)
        winner = p_follow if follow // 13 == suit and follow > lead else p_lead
        if trick < 13:
            piles[winner].append(draw[2 * trick])
            piles[1 - winner].append(draw[2 * trick + 1])
        else:
            piles[2 + winner] += [lead, follow]
        if trick == 12:
            assert hands == [set(), set()]
            hands = [set(piles[0]), set(piles[1])]
        leader = winner
    margin = 0
    for s in range(4):
        mine, theirs = (sum(c // 13 == s for c in piles[p]) for p in (2, 3))
        margin += (mine > theirs) - (mine < theirs)
    return margin


@pytest.mark.parametrize("play", [play_mutable, play_immutable])
def test_same_seed_same_result(play: Callable[[random.Random], int]) -> None:
    results = [play(random.Random(seed)) for seed in SEEDS]
    assert results == [play(random.Random(seed)) for seed in SEEDS]
    assert len(set(results)) > 1  # The result does depend on the game.


def test_same_seed_same_history() -> None:
    first = [mutable_playout(random.Random(seed))[1] for seed in SEEDS]
    second = [mutable_playout(random.Random(seed))[1] for seed in SEEDS]
    assert first == second
    assert len({tuple(history) for history in first}) == len(SEEDS)


def test_each_playout_plays_52_moves() -> None:
    assert MOVES_PER_GAME == 52
    for seed in SEEDS:
        assert len(mutable_playout(random.Random(seed))[1]) == MOVES_PER_GAME
        assert len(immutable_playout(random.Random(seed)).history) == MOVES_PER_GAME


def test_mutable_and_immutable_agree() -> None:
    for seed in SEEDS:
        rng_a, rng_b = random.Random(seed), random.Random(seed)
        result, history = mutable_playout(rng_a)
        final = immutable_playout(rng_b)
        assert tuple(history) == final.history
        assert result == play_immutable(random.Random(seed))
        assert rng_a.getstate() == rng_b.getstate()  # Same draws from the rng.


def test_histories_follow_the_rules() -> None:
    for seed in SEEDS:
        result, history = mutable_playout(random.Random(seed))
        assert replay(seed, history) == result
        final = immutable_playout(random.Random(seed))
        assert replay(seed, final.history) == play_immutable(random.Random(seed))


def test_replay_catches_a_broken_follow_suit() -> None:
    for seed in SEEDS:  # Find a deal where player 1 could follow or not.
        lead = initial_state(random.Random(seed)).hands[0][0]
        state = apply(initial_state(random.Random(seed)), lead)
        hand = state.hands[1]
        off_suit = [c for c in hand if c // 13 != lead // 13]
        if off_suit and legal_cards(state) != hand:
            break
    else:
        pytest.fail("no suitable deal")
    bad: list[Move] = [(0, lead), (1, off_suit[0])] + [(0, 0)] * 50
    with pytest.raises(AssertionError, match="follow suit"):
        replay(seed, bad)


def test_legal_cards_are_the_led_suit_when_held() -> None:
    state: State = initial_state(random.Random(3))
    assert legal_cards(state) == state.hands[0]
    led = apply(state, state.hands[0][-1])
    suit = state.hands[0][-1] // 13
    held = tuple(c for c in led.hands[1] if c // 13 == suit)
    assert legal_cards(led) == (held or led.hands[1])
    assert state.history == ()  # apply leaves the old state unchanged.
