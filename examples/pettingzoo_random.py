"""Random agents through the PettingZoo environment, for 2, 3 and 4 players.

Needs ``pip install "claim-engine[pettingzoo]"``.
"""

# requires: pettingzoo, numpy
from __future__ import annotations

import random

try:
    from claim.apps.adapters.pettingzoo import env
except ModuleNotFoundError as exc:  # say which extra, not a traceback
    raise SystemExit(f"{exc.name} is not installed; this example needs "
                     'pip install "claim-engine[pettingzoo]"') from None


def play(variant: str, seed: int) -> dict[str, float]:
    """One game of random agents; each agent's final reward."""
    game = env(variant)
    game.reset(seed=seed)
    rng = random.Random(seed)
    rewards: dict[str, float] = {}
    for agent in game.agent_iter():
        seen, reward, terminated, truncated, _ = game.last()
        if terminated or truncated:
            rewards[agent] = float(reward)
            game.step(None)
            continue
        game.step(int(rng.choice(seen["action_mask"].nonzero()[0])))
    return rewards


if __name__ == "__main__":
    for name in ("claim", "knights-3p", "knights-4p"):
        print(name, play(name, seed=1))
