"""A PettingZoo AEC environment for any variant (extra ``claim-engine[pettingzoo]``).

Agents are ``"player_0"`` .. ``"player_{n-1}"``, one per seat. The agent to act
is the seat that must move: whoever plays a card, and whoever must answer a
question (``state.current_player``), so the order is not round-robin. Each agent
observes a dict:

* ``"observation"``: [`observation`][claim.info.observation.observation] of that seat's
  [`View`][claim.rules.views.View] (``state.view(seat)``), as float32;
* ``"action_mask"``: int8, one flag per [action id][claim.rules.actions] of the variant;
  all zeros when it is not the agent's turn.

Actions are action ids (``Discrete(action_count(variant))``); an illegal id raises
[`IllegalMoveError`][claim.core.errors.IllegalMoveError]. Rewards come at the end only:
+1 a win, -1 a loss, 0 a draw; in the 4-player game partners share theirs.
``reset(seed=s)`` deals ``claim.new_game(variant, seed=s)``; a later ``reset()``
without a seed deals from seeds drawn from ``random.Random(s)``;
``reset(options={"state": state})`` starts from a given position.

[`parallel_env`][claim.apps.adapters.pettingzoo.parallel_env] wraps the environment in
PettingZoo's ``turn_based_aec_to_parallel``: every agent sends an action each
step and only the acting agent's is used. (``aec_to_parallel`` needs agents that
act simultaneously, which a trick-taking game's agents do not.)
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from claim.apps.adapters._common import max_game_length, missing_extra, terminal_rewards
from claim.rules.actions import action_count, action_move

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
    from pettingzoo.utils.conversions import turn_based_aec_to_parallel
except ModuleNotFoundError as _exc:
    raise missing_extra(_exc, "pettingzoo", "pettingzoo") from None
from claim.info.observation import observation, observation_size
from claim.rules.dealing import new_game
from claim.rules.loading import load_variant
from claim.rules.state import GameState
from claim.rules.variant import Variant

__all__ = ["ClaimEnv", "env", "parallel_env", "raw_env"]

Observation = dict[str, Any]
RENDER_MODES = ("ansi", "human")


def _variant(variant: Variant | str) -> Variant:
    return variant if isinstance(variant, Variant) else load_variant(variant)


def observation_bounds(variant: Variant) -> tuple[Any, Any]:
    """Per element of the observation vector, its lowest and highest values.

    Counts and sizes lie in ``[0, len(deck)]``; the numbers that powers' states
    give (part 3 of [the layout][claim.info.observation]) are unbounded.
    """
    size = observation_size(variant)
    factions = len(variant.factions)
    low = np.zeros(size, dtype=np.float32)
    high = np.full(size, float(len(variant.deck)), dtype=np.float32)
    powers = size - variant.players * factions - 2 * factions
    low[powers:powers + 2 * factions] = -np.inf
    high[powers:powers + 2 * factions] = np.inf
    return low, high


class ClaimEnv(AECEnv):
    """A game of Claim as a PettingZoo AEC environment (see the module's description).

    Args:
        variant: A variant or the name of a built-in one.
        render_mode: ``"ansi"`` (``render()`` returns the text) or ``"human"``
            (it prints it), or None.
    """

    metadata: ClassVar[dict[str, Any]] = {"render_modes": list(RENDER_MODES), "name": "claim_v0",
                                        "is_parallelizable": True}

    def __init__(self, variant: Variant | str = "claim", render_mode: str | None = None
                 ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {RENDER_MODES}, not {render_mode!r}")
        self.variant = _variant(variant)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(self.variant.players)]
        self.agents = self.possible_agents[:]
        low, high = observation_bounds(self.variant)
        actions = action_count(self.variant)
        self._observation_spaces = {agent: spaces.Dict({
            "observation": spaces.Box(low, high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (actions,), dtype=np.int8),
        }) for agent in self.possible_agents}
        self._action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        self._seeds = random.Random()
        self._game: GameState | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent``: a Dict of the vector and the mask."""
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: ``Discrete(action_count(variant))``."""
        return self._action_spaces[agent]

    @property
    def game(self) -> GameState:
        """The current game state (the referee's: every agent's cards).

        Raises:
            RuntimeError: ``reset`` was not called.
        """
        if self._game is None:
            raise RuntimeError("call reset() first")
        return self._game

    def seat(self, agent: str) -> int:
        """The seat of ``agent``."""
        return self.possible_agents.index(agent)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game: from ``seed`` if given, else from the seeds drawn so far.

        Args:
            seed: Deal ``claim.new_game(variant, seed=seed)``, and seed later deals.
            options: ``{"state": state}`` starts from a given position instead (a
                [`GameState`][claim.rules.state.GameState] of this variant, not over).
        """
        if seed is not None:
            self._seeds = random.Random(seed)
        start = (options or {}).get("state")
        if start is None:
            self._game = new_game(self.variant, seed=self._seeds.randrange(2**63)
                                  if seed is None else seed)
        elif not isinstance(start, GameState) or start.variant.name != self.variant.name \
                or start.is_over:
            raise ValueError("options['state'] must be a game of this variant, not over")
        else:
            self._game = start
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def _select(self) -> None:
        seat = self.game.current_player
        self.agent_selection = self.possible_agents[0 if seat is None else seat]

    def observe(self, agent: str) -> Observation:
        """What ``agent`` sees: built from its seat's view alone."""
        state = self.game
        seat = self.seat(agent)
        vector = np.asarray(observation(state.view(seat)), dtype=np.float32)
        mask = np.zeros(action_count(self.variant), dtype=np.int8)
        if state.current_player == seat:
            mask[list(state.legal_action_ids())] = 1
        return {"observation": vector, "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Play action id ``action`` for the agent to act (None once it is done).

        Raises:
            IllegalMoveError: The action is not legal now.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert action is not None
        state = self.game
        self._game = state.apply(action_move(self.variant, int(action)))
        self._cumulative_rewards[agent] = 0.0
        if self._game.is_over:
            rewards = terminal_rewards(self._game)
            self.rewards = {a: rewards[self.seat(a)] for a in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
        elif len(self._game.records) >= max_game_length(self.variant):
            self.truncations = dict.fromkeys(self.agents, True)
        self._select()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The table as text (every hand: a referee's picture, not an observation)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        text = str(self.game)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


raw_env = ClaimEnv


def env(variant: Variant | str = "claim", render_mode: str | None = None) -> Any:
    """A [`ClaimEnv`][claim.apps.adapters.pettingzoo.ClaimEnv] in PettingZoo's usual wrappers.

    The wrappers check that actions are in range and that ``reset`` comes first.
    """
    wrapped = wrappers.AssertOutOfBoundsWrapper(ClaimEnv(variant, render_mode))
    return wrappers.OrderEnforcingWrapper(wrapped)


def parallel_env(variant: Variant | str = "claim", render_mode: str | None = None) -> Any:
    """The environment as a PettingZoo parallel environment (turn-based conversion)."""
    return turn_based_aec_to_parallel(env(variant, render_mode))
