"""The heuristic, ismcts and pimc bots: legal, seeded, and unable to cheat."""

from __future__ import annotations

import random

import pytest

import claim
from claim.core.zones import Phase
from claim.info.sampling import Sampler
from claim.rules.state import GameState
from claim.search import bots
from claim.search.bots.heuristic import HeuristicBot
from claim.search.bots.ismcts import IsmctsBot
from claim.search.bots.pimc import PimcBot

TINY: dict[str, bots.Bot] = {
    "random": bots.RandomBot(),
    "heuristic": HeuristicBot(),
    "ismcts": IsmctsBot(iterations=8),
    "ismcts-solver": IsmctsBot(iterations=4, solver_cards=4),
    "ismcts-pool": IsmctsBot(iterations=12, determinizations=3),
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
    from claim.search.bots.ismcts import finish, solvable
    from claim.search.solver import solve

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
        full = IsmctsBot(iterations=40, solver_nodes=0, stop_early=False)
        early = IsmctsBot(iterations=40, solver_nodes=0)
        rng_full, rng_early = random.Random(seed), random.Random(seed)
        assert early.choose(view, rng_early) == full.choose(view, rng_full)


@pytest.mark.parametrize(("key", "value"), [("iterations", 0), ("iterations", 2.5),
                                            ("iterations", True), ("seconds", 0),
                                            ("seconds", "1"), ("seconds", -0.5),
                                            ("determinizations", 0),
                                            ("determinizations", 1.5)])
def test_ismcts_refuses_a_budget_that_is_not_positive(key: str, value: object) -> None:
    """A budget that is not a positive number would never stop (or never start)."""
    with pytest.raises(claim.ArgumentError, match=key):
        IsmctsBot(**{key: value})  # type: ignore[arg-type]


def _counting_samples(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count every determinization drawn (`Sampler.sample` calls)."""
    drawn: list[int] = []
    real = Sampler.sample

    def counted(self: Sampler, rng: random.Random, tries: int = 200) -> GameState:
        drawn.append(1)
        return real(self, rng, tries)

    monkeypatch.setattr(Sampler, "sample", counted)
    return drawn


@pytest.mark.parametrize(("pool", "expected"), [(None, 20), (3, 3), (64, 20)])
def test_ismcts_draws_at_most_its_pool_of_determinizations(
        monkeypatch: pytest.MonkeyPatch, pool: int | None, expected: int) -> None:
    """Issue #11 (ismcts over determinizations): a pool of K determinizations is
    drawn once each and cycled; without a pool every iteration draws its own."""
    drawn = _counting_samples(monkeypatch)
    state = _advance("claim2", 3, 5)
    view = state.view(state.current_player or 0)
    assert view.phase is Phase.RECRUIT and len(view.legal_moves) > 1
    IsmctsBot(iterations=20, solver_nodes=0, stop_early=False,
              determinizations=pool).choose(view, random.Random(1))
    assert len(drawn) == expected


def test_ismcts_pool_changes_nothing_until_it_is_full() -> None:
    """The first K iterations of a pooled search draw exactly the determinizations
    a fresh search draws, so within K iterations both play the same move."""
    for seed in range(5):
        state = _advance("claim2", seed, 3 + 2 * seed)
        if len(state.legal_moves()) < 2:
            continue
        view = state.view(state.current_player or 0)
        pooled = IsmctsBot(iterations=16, determinizations=16)
        fresh = IsmctsBot(iterations=16, determinizations=None)
        assert pooled.choose(view, random.Random(seed)) == fresh.choose(view,
                                                                        random.Random(seed))


def test_ismcts_draws_one_state_once_the_view_fixes_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Two-player phase 2 where the solver is exact: every card the bot has not
    seen is in the other hand, so the view allows one state (up to identical
    cards) and the search draws it once, whatever the pool."""
    state = _phase_2("claim", 5, 9)
    view = state.view(state.current_player or 0)
    drawn = _counting_samples(monkeypatch)
    IsmctsBot(iterations=30, solver_nodes=0, stop_early=False,
              determinizations=None).choose(view, random.Random(2))
    assert len(drawn) == 1


def _phase_2(variant: str, seed: int, cards: int) -> GameState:
    """A seeded random two-player game played into phase 2 until each hand holds
    ``cards`` cards, at the start of a trick."""
    state = claim.new_game(variant, seed=seed)
    rng = random.Random(seed)
    while state.phase is Phase.RECRUIT or state.trick or state.hand_size(0) > cards:
        state = state.apply(rng.choice(state.legal_moves()))
    return state


def test_search_bots_play_a_solved_win_and_search_otherwise_in_phase_2() -> None:
    """Issue 11: once two-player phase 2 begins, ismcts and pimc use the exact
    solver (RULES 5 under best play): where the seat can force a win their move
    keeps the win, also where other moves would lose it; where it cannot, the
    solver gives no move (every move is "best" in a lost position) and they search
    for the opponent's chances to go wrong."""
    from claim.search.bots.ismcts import solved_move
    from claim.search.solver import solve

    choosy = not_won = 0
    for seed in range(24):
        state = _phase_2("claim2" if seed % 2 else "claim", seed, 5)
        seat = state.current_player
        assert seat is not None  # a trick's start in phase 2: someone leads
        view = state.view(seat)
        solution = solve(state)
        if solution.value_for(seat) != 1:
            not_won += 1
            assert solved_move(view, 10**6) is None
            continue
        choosy += len(solution.best_moves) < len(state.legal_moves())
        for bot in (IsmctsBot(iterations=1), PimcBot(samples=1, rollouts=1)):
            assert bot.choose(view, random.Random(seed)) in solution.best_moves, (seed, bot)
    assert choosy >= 2 and not_won >= 2


def test_search_bots_fall_back_when_the_solver_gives_up() -> None:
    """A solver past its node cap answers nothing; the bot then searches as it
    would without the solver (same move for the same seed)."""
    from claim.search.bots.ismcts import solved_move

    state = _phase_2("claim", 3, 13)
    view = state.view(state.current_player)
    assert solved_move(view, 5) is None
    assert solved_move(state.view(state.current_player), 0) is None
    for with_cap, without in ((IsmctsBot(iterations=6, solver_nodes=5),
                               IsmctsBot(iterations=6, solver_nodes=0)),
                              (PimcBot(samples=2, rollouts=1, solver_nodes=5),
                               PimcBot(samples=2, rollouts=1, solver_nodes=0))):
        assert with_cap.choose(view, random.Random(4)) == without.choose(view, random.Random(4))


def test_solver_respects_the_time_budget() -> None:
    """With ``seconds`` the solver gets half the budget and the search the rest:
    a full 13-card phase 2 position answers in time (generous slack for a
    loaded machine), however large the node cap."""
    import time

    state = _phase_2("claim2", 1, 13)
    bot = IsmctsBot(iterations=10**6, seconds=0.2, solver_nodes=10**9)
    start = time.perf_counter()
    move = bot.choose(state.view(state.current_player), random.Random(0))
    assert time.perf_counter() - start < 2.0
    assert move in state.legal_moves()


def test_solver_is_not_used_outside_two_player_phase_2() -> None:
    """Phase 1 and three players: no exact solving (the hidden cards are unknown)."""
    from claim.search.bots.ismcts import solved_move

    for variant, moves in (("claim", 10), ("knights-3p", 80)):
        state = _advance(variant, 2, moves)
        assert solved_move(state.view(state.current_player), 10**6) is None
