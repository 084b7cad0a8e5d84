"""The heuristic, ismcts and pimc bots: legal, seeded, and unable to cheat."""

from __future__ import annotations

import random

import pytest

import claim
from claim import bots
from claim.bots.heuristic import HeuristicBot
from claim.bots.ismcts import IsmctsBot
from claim.bots.pimc import PimcBot
from claim.sampling import Sampler
from claim.state import GameState
from claim.zones import Phase

TINY: dict[str, bots.Bot] = {
    "random": bots.RandomBot(),
    "heuristic": HeuristicBot(),
    "ismcts": IsmctsBot(iterations=8),
    "ismcts-solver": IsmctsBot(iterations=4, solver_cards=4),
    "pimc": PimcBot(samples=2, rollouts=1),
    "pimc-solver": PimcBot(samples=2, rollouts=2, solver_cards=4),
}
"""Every bot at a budget small enough for tests."""


def _advance(variant: str, seed: int, moves: int) -> GameState:
    state = claim.new_game(variant, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_moves()))
    return state


def _hidden_twins(state: GameState, seed: int) -> tuple[GameState, GameState]:
    """Two states the seat to move cannot tell apart, differing in hidden cards."""
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    sampler = Sampler(view)
    first = sampler.sample(random.Random(seed))
    for attempt in range(1, 50):
        second = sampler.sample(random.Random(seed + attempt))
        if second.hand_masks != first.hand_masks or second.draw_pile != first.draw_pile:
            return first, second
    raise AssertionError("no two different determinizations")


@pytest.mark.parametrize("name", sorted(TINY))
@pytest.mark.parametrize(("variant", "moves"), [("claim", 9), ("claim", 24),
                                                ("claim2", 14), ("knights-3p", 20),
                                                ("giants-4p", 30)])
def test_bots_cannot_cheat(name: str, variant: str, moves: int) -> None:
    state = _advance(variant, 11, moves)
    one, two = _hidden_twins(state, 3)
    seat = state.current_player
    assert seat is not None
    assert one.view(seat) == two.view(seat)
    assert one.hand_masks != two.hand_masks or one.draw_pile != two.draw_pile
    bot = TINY[name]
    picks = {bot.choose(s.view(seat), random.Random(7)) for s in (one, two)}
    assert len(picks) == 1


@pytest.mark.parametrize("name", ["heuristic", "ismcts", "pimc"])
def test_bots_are_registered(name: str) -> None:
    assert name in bots.names()
    assert isinstance(bots.get(name), bots.Bot)


@pytest.mark.parametrize("name", sorted(TINY))
def test_bots_play_whole_games_legally(name: str) -> None:
    for variant in ("claim", "claim2", "knights-4p"):
        state = claim.new_game(variant, seed=2)
        rng = random.Random(1)
        while not state.is_over:
            view = state.view(state.current_player)
            state = state.apply(bots.play(TINY[name], view, rng, name))
        assert state.phase is Phase.OVER


def test_heuristic_takes_the_better_face_up_card() -> None:
    state = _advance("knights-3p", 5, 0)  # two face-up cards: the winner chooses
    bot = HeuristicBot()
    rng = random.Random(0)
    while state.pending is None and not state.is_over:
        state = state.apply(bot.choose(state.view(state.current_player), rng))
    assert state.pending is not None
    view = state.view(state.pending.seat)
    move = bot.choose(view, rng)
    taken = [m for m in view.legal_moves if str(m).startswith("take ")]
    assert move in taken
    if "take top" not in {str(m) for m in taken}:
        chosen = view.variant.parse_card(str(move).split()[1])
        assert chosen.value == max(c.value for c in view.face_up)


def test_finish_uses_the_exact_solver_on_small_phase_2_positions() -> None:
    from claim.bots.ismcts import finish, solvable
    from claim.solver import solve

    state = _advance("claim", 4, 44)  # 52 moves in all: a few cards left per hand
    assert solvable(state, 4)
    value = solve(state, all_best=False).value
    assert finish(state, random.Random(0), solver_cards=4) == ((1 + value) / 2,
                                                                (1 - value) / 2)
    assert not solvable(_advance("claim", 4, 10), 13)  # phase 1: never


@pytest.mark.parametrize(("variant", "moves"), [("claim", 2), ("claim", 30), ("claim2", 6)])
def test_ismcts_stopping_early_plays_what_the_full_budget_plays(variant: str,
                                                                 moves: int) -> None:
    """Issue #11 (a search bot within its budget): once no root move can overtake the
    leader in the iterations left, stopping changes nothing: with the same seed the
    bot plays the move the whole iteration budget would play."""
    for seed in range(6):
        state = _advance(variant, seed, moves + seed)
        if state.is_over or len(state.legal_moves()) < 2:
            continue
        view = state.view(state.current_player)
        full = IsmctsBot(iterations=40, stop_early=False).choose(view, random.Random(seed))
        early = IsmctsBot(iterations=40).choose(view, random.Random(seed))
        assert early == full


@pytest.mark.parametrize(("key", "value"), [("iterations", 0), ("iterations", 2.5),
                                            ("iterations", True), ("seconds", 0),
                                            ("seconds", "1"), ("seconds", -0.5)])
def test_ismcts_refuses_a_budget_that_is_not_positive(key: str, value: object) -> None:
    """A budget that is not a positive number would never stop (or never start)."""
    with pytest.raises(claim.ArgumentError, match=key):
        IsmctsBot(**{key: value})  # type: ignore[arg-type]
