"""The PettingZoo adapter: PettingZoo's own conformance tests, and what agents see.

Skipped when the ``pettingzoo`` extra is not installed; CI installs it.
"""

from __future__ import annotations

import random
import warnings

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, parallel_api_test, seed_test  # noqa: E402

import claim  # noqa: E402
from claim.apps.adapters.pettingzoo import ClaimEnv, env, parallel_env, raw_env  # noqa: E402
from claim.info.observation import observation, observation_size  # noqa: E402
from claim.info.sampling import sample  # noqa: E402
from claim.testing import random_official_mix  # noqa: E402

VARIANTS = ["claim", "claim2", "knights-3p", "giants-4p", "frost-court-3p", "magic-maps"]


@pytest.fixture(autouse=True)
def _quiet() -> None:
    # api_test warns that Dict observation spaces are unusual (they are
    # PettingZoo's own convention for action masks, as in its classic games).
    warnings.filterwarnings("ignore", module="pettingzoo")


@pytest.mark.parametrize("variant", VARIANTS)
def test_pettingzoo_api_test(variant: str) -> None:
    api_test(env(variant), num_cycles=400)


@pytest.mark.parametrize("variant", VARIANTS)
def test_pettingzoo_seed_test(variant: str) -> None:
    seed_test(lambda: env(variant), num_cycles=400)


@pytest.mark.parametrize("variant", ["claim", "knights-4p"])
def test_pettingzoo_parallel_api_test(variant: str) -> None:
    parallel_api_test(parallel_env(variant), num_cycles=400)


def test_api_test_on_random_official_mixes() -> None:
    rng = random.Random(13)
    for players in (2, 3, 4):
        variant = claim.mix(list(random_official_mix(rng, players)), players)
        api_test(ClaimEnv(variant), num_cycles=200)


def _play(game: ClaimEnv, seed: int) -> tuple[list[int], dict[str, float]]:
    """A random game through the env; the actions and the final rewards."""
    game.reset(seed=seed)
    rng = random.Random(seed)
    actions: list[int] = []
    rewards: dict[str, float] = {}
    for agent in game.agent_iter():
        _, reward, done, cut, _ = game.last()
        rewards[agent] = float(reward)
        if done or cut:
            game.step(None)
            continue
        mask = game.observe(agent)["action_mask"]
        actions.append(rng.choice(np.flatnonzero(mask).tolist()))
        game.step(actions[-1])
    return actions, rewards


@pytest.mark.parametrize("variant", ["claim", "knights-3p", "knights-4p"])
def test_seeded_deal_is_the_native_deal_and_rewards_follow_the_result(variant: str) -> None:
    game = raw_env(variant)
    actions, rewards = _play(game, seed=5)
    state = claim.new_game(variant, seed=5)
    for action in actions:
        state = state.apply(claim.action_move(state.variant, action))
    assert state.is_over and state == game.game
    result = state.result()
    for seat, agent in enumerate(game.possible_agents):
        expected = 0.0 if result.is_draw else (1.0 if seat in result.winning_seats else -1.0)
        assert rewards[agent] == expected
    if len(result.parties) == 2 and variant.endswith("4p") and not result.is_draw:
        assert rewards["player_0"] == rewards["player_2"] == -rewards["player_1"]


def test_agents_follow_the_seat_that_must_answer() -> None:
    """Questions belong to the seat that must answer, not to a round-robin turn."""
    game = raw_env("claim2")
    game.reset(seed=2)
    rng = random.Random(2)
    answered = 0
    while not game.game.is_over:
        state = game.game
        assert game.agent_selection == f"player_{state.current_player}"
        answered += state.pending_kind is not None
        mask = game.observe(game.agent_selection)["action_mask"]
        game.step(rng.choice(np.flatnonzero(mask).tolist()))
    assert answered > 0


def test_observation_is_built_from_the_seats_view_alone() -> None:
    game = raw_env("claim2")
    game.reset(seed=9)
    rng = random.Random(9)
    while not game.game.is_over:
        state = game.game
        for seat, agent in enumerate(game.possible_agents):
            seen = game.observe(agent)
            assert seen["observation"].dtype == np.float32
            assert seen["observation"].shape == (observation_size(state.variant),)
            assert seen["observation"].tolist() == observation(state.view(seat))
            legal = state.legal_action_mask() if seat == state.current_player else ()
            assert seen["action_mask"].tolist() == [int(x) for x in legal] or (
                not legal and not seen["action_mask"].any())
            assert game.observation_space(agent).contains(seen)
        mask = game.observe(game.agent_selection)["action_mask"]
        game.step(rng.choice(np.flatnonzero(mask).tolist()))


@pytest.mark.parametrize("variant", ["claim", "claim2", "knights-4p"])
def test_hidden_differences_give_identical_observations(variant: str) -> None:
    """A state sampled from a seat's view (other hands, the draw pile redealt)
    gives that seat the same observation, though the referee's states differ; for
    every seat, its turn or not."""
    rng = random.Random(4)
    state = claim.new_game(variant, seed=4)
    differed = 0
    for step in range(30):
        for seat in range(state.variant.players):
            other = sample(state.view(seat), random.Random(step))
            differed += other != state
            first, second = raw_env(variant), raw_env(variant)
            first.reset(options={"state": state})
            second.reset(options={"state": other})
            agent = f"player_{seat}"
            a, b = first.observe(agent), second.observe(agent)
            assert a["observation"].tolist() == b["observation"].tolist()
            assert a["action_mask"].tolist() == b["action_mask"].tolist()
        state = state.apply(rng.choice(state.legal_moves()))
    assert differed > 20 * 2


def test_illegal_action_raises_and_render_shows_text() -> None:
    game = raw_env("claim", render_mode="ansi")
    game.reset(seed=1)
    text = game.render()
    assert isinstance(text, str) and "seat 0: hand" in text
    illegal = next(i for i, ok in enumerate(game.game.legal_action_mask()) if not ok)
    with pytest.raises(claim.IllegalMoveError):
        game.step(illegal)
    with pytest.raises(ValueError):
        raw_env("claim", render_mode="rgb_array")


def test_reset_without_seed_continues_the_seeded_sequence() -> None:
    first, second = raw_env("claim"), raw_env("claim")
    first.reset(seed=3)
    second.reset(seed=3)
    first.reset()
    second.reset()
    assert first.game == second.game != claim.new_game("claim", seed=3)
