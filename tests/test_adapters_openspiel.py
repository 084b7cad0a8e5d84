"""The OpenSpiel adapter: OpenSpiel's random simulation test, IS-MCTS, and what
players see.

Skipped when the ``openspiel`` extra is not installed; CI installs it.
"""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import claim  # noqa: E402
from claim.apps.adapters.openspiel import (  # noqa: E402
    ClaimState,
    game_name,
    register,
    resampler,
)
from claim.info.observation import observation  # noqa: E402
from claim.info.sampling import sample  # noqa: E402
from claim.testing import random_official_mix  # noqa: E402

GAMES = ["claim_claim", "claim_claim2", "claim_knights_3p", "claim_giants_4p",
         "claim_magic_maps"]


def test_every_builtin_variant_is_registered() -> None:
    names = set(pyspiel.registered_names())
    assert {game_name(v) for v in claim.builtin_variants()} <= names
    game = pyspiel.load_game("claim_claim2")
    kind = game.get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert pyspiel.load_game("claim_knights_4p").get_type().utility == \
        pyspiel.GameType.Utility.ZERO_SUM
    assert pyspiel.load_game("claim_knights_3p").get_type().utility == \
        pyspiel.GameType.Utility.GENERAL_SUM
    assert game.num_distinct_actions() == claim.action_count(claim.load_variant("claim2"))


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("serialize", [False, True])
def test_openspiel_random_sim_test(name: str, serialize: bool) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=2, serialize=serialize,
                            verbose=False)


def test_random_sim_test_on_a_mix_with_a_fixed_deal() -> None:
    rng = random.Random(21)
    variant = claim.mix(list(random_official_mix(rng, 3)), 3)
    name = register(variant, "claim_test_mix")
    assert register(variant, "claim_test_mix") == name  # once per name
    game = pyspiel.load_game(name, {"deals": 1, "first_seed": 8})
    assert game.max_chance_outcomes() == 1
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
    state = game.new_initial_state()
    state.apply_action(0)
    assert state.game_state == claim.new_game(variant, seed=8)


def test_chance_outcome_is_the_seeded_deal_and_returns_follow_the_result() -> None:
    game = pyspiel.load_game("claim_knights_4p", {"deals": 10, "first_seed": 100})
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 10
    state.apply_action(7)
    assert state.game_state == claim.new_game("knights-4p", seed=107)
    rng = random.Random(7)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    result = state.game_state.result()
    expected = [0.0 if result.is_draw else 1.0 if s in result.winning_seats else -1.0
                for s in range(4)]
    assert state.returns() == expected
    assert state.returns()[0] == state.returns()[2] and sum(state.returns()) == 0


def test_ismcts_plays_a_game_to_the_end_against_random() -> None:
    game = pyspiel.load_game("claim_claim")
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1,
                                            random_state=np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=8,
                           random_state=np.random.RandomState(2))
    bot.set_resampler(resampler(3))
    rng = random.Random(4)
    state = game.new_initial_state()
    searched = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.randrange(len(state.chance_outcomes())))
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            searched += 1
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert searched >= 20
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


@pytest.mark.parametrize("name", ["claim_claim2", "claim_giants_4p"])
def test_strings_and_tensors_come_from_each_players_view(name: str) -> None:
    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    state.apply_action(5)
    rng = random.Random(5)
    size = game.observation_tensor_size()
    while not state.is_terminal():
        native = state.game_state
        for player in range(game.num_players()):
            view = native.view(player)
            assert state.observation_tensor(player) == pytest.approx(observation(view))
            assert state.information_state_tensor(player)[:size] == \
                pytest.approx(observation(view))
            assert state.observation_string(player) == str(view)
            assert state.information_state_string(player) == claim.to_json(view)
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", ["claim_claim", "claim_claim2", "claim_knights_3p"])
def test_hidden_differences_give_identical_strings_and_tensors(name: str) -> None:
    """A state resampled from a player's information state (hidden cards redealt)
    looks the same to that player through every string and tensor; for every
    player, its turn or not."""
    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    state.apply_action(2)
    rng = random.Random(2)
    differed = 0
    for step in range(30):
        for player in range(game.num_players()):
            other = ClaimState(game, sample(state.game_state.view(player), random.Random(step)))
            differed += other.game_state != state.game_state
            for what in ("information_state_string", "information_state_tensor",
                         "observation_string", "observation_tensor"):
                assert getattr(other, what)(player) == getattr(state, what)(player), what
            if player == state.current_player():
                assert other.legal_actions() == state.legal_actions()
        state.apply_action(rng.choice(state.legal_actions()))
    assert differed > 20 * 2


def test_resampled_state_keeps_the_information_state() -> None:
    game = pyspiel.load_game("claim_claim2")
    state = game.new_initial_state()
    state.apply_action(1)
    rng = random.Random(1)
    for _ in range(30):
        state.apply_action(rng.choice(state.legal_actions()))
    player = state.current_player()
    draw = resampler(0)
    for _ in range(3):
        other = draw(state, player)
        assert other.information_state_string(player) == state.information_state_string(player)


def test_public_observer_sees_the_spectators_view() -> None:
    game = pyspiel.load_game("claim_claim")
    state = game.new_initial_state()
    state.apply_action(0)
    kind = pyspiel.IIGObservationType(perfect_recall=False,
                                      private_info=pyspiel.PrivateInfoType.NONE)
    observer = game.make_py_observer(kind)
    observer.set_from(state, 0)
    assert observer.tensor.tolist() == observation(state.game_state.view(None))
    assert observer.string_from(state, 1) == str(state.game_state.view(None))
