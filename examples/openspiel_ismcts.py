"""OpenSpiel's IS-MCTS against a random player, in Claim.

Needs ``pip install "claim-engine[openspiel]"``.
"""

# requires: pyspiel, numpy
from __future__ import annotations

import random

try:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    from claim.apps.adapters.openspiel import resampler
except ModuleNotFoundError as exc:  # say which extra, not a traceback
    raise SystemExit(f"{exc.name} is not installed; this example needs "
                     'pip install "claim-engine[openspiel]"') from None


def play(seed: int, simulations: int = 10) -> list[float]:
    """IS-MCTS (seat 0) against random (seat 1); the returns."""
    game = pyspiel.load_game("claim_claim")
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1,
                                            random_state=np.random.RandomState(seed))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=simulations,
                           random_state=np.random.RandomState(seed))
    bot.set_resampler(resampler(seed))
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.randrange(len(state.chance_outcomes())))
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return list(state.returns())


if __name__ == "__main__":
    results = [play(seed)[0] for seed in range(2)]
    print("IS-MCTS returns against random:", results)
