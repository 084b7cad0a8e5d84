"""Every variant as an OpenSpiel Python game (extra ``claim-engine[openspiel]``).

Importing this module registers each built-in variant with ``pyspiel`` as
``claim_<name>`` (hyphens become underscores: ``claim_claim2``,
``claim_giants_4p``); [`register`][claim.apps.adapters.openspiel.register] adds any
other variant (a mix). Then ``pyspiel.load_game("claim_claim")`` as usual.

The game type: sequential, imperfect information, terminal rewards (+1 a win, -1
a loss, 0 a draw; partners share theirs in the 4-player game), zero-sum with two
players and with two teams, general-sum with three players (one winner takes +1,
both others -1).

**The deal is an explicit chance node**: the first state is a chance node with
``deals`` equally likely outcomes (a game parameter, 1000 by default); outcome
``i`` deals ``claim.new_game(variant, seed=first_seed + i)`` (``first_seed`` is a
parameter too, 0 by default). ``deals=1`` fixes the deal. A seed index stands for
a whole shuffle, so the tree stays small at the root and every deal is exactly
reproducible from the action history.

Actions are the variant's [action ids][claim.rules.actions]. For each player, built
from that player's [`View`][claim.rules.views.View] alone (a spectator's view for a
public observer, ``private_info=NONE``):

* the observation string is the view's text and the observation tensor its
  [`observation`][claim.info.observation.observation] vector;
* the information state string is the view's JSON (it holds the history as the
  player saw it, so it has perfect recall), and the information state tensor is
  the observation vector followed by the history's numbers
  ([`history_features`][claim.apps.adapters.history_features]).

``state.resample_from_infostate(player, sampler)`` draws a state consistent with
the player's view ([`claim.info.sampling.sample`][claim.info.sampling.sample]: uniform over
every consistent deal, not only the ``deals`` seeds), which OpenSpiel's Python
IS-MCTS (``open_spiel.python.algorithms.ismcts``) uses to search;
[`resampler`][claim.apps.adapters.openspiel.resampler] seeds it. (OpenSpiel's C++
``pyspiel.ISMCTSBot`` cannot call a Python game's resampling.)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar

from claim.apps.adapters._common import (
    history_features,
    max_game_length,
    missing_extra,
    terminal_rewards,
)
from claim.io.serialize import to_json
from claim.rules.actions import action_count, action_move

try:
    import numpy as np
    import pyspiel
except ModuleNotFoundError as _exc:
    raise missing_extra(_exc, "openspiel", "openspiel") from None
from claim.info.observation import observation, observation_size
from claim.info.sampling import sample
from claim.rules.dealing import new_game
from claim.rules.loading import builtin_variants, load_variant
from claim.rules.state import GameState
from claim.rules.variant import Variant
from claim.rules.views import View

__all__ = ["ClaimGame", "ClaimObserver", "ClaimState", "game_name", "register", "resampler"]

DEFAULT_DEALS = 1000
"""How many deals the chance node chooses among, unless the ``deals`` parameter says."""


def game_name(variant: Variant | str) -> str:
    """The name a variant is registered under: ``claim_`` and its name, ``-`` as ``_``."""
    name = variant if isinstance(variant, str) else variant.name
    return "claim_" + name.replace("-", "_").replace(" ", "_")


def _game_type(variant: Variant, name: str) -> Any:
    kind = pyspiel.GameType
    zero_sum = len(variant.teams) == 2
    return kind(
        short_name=name, long_name=f"Claim ({variant.name})",
        dynamics=kind.Dynamics.SEQUENTIAL,
        chance_mode=kind.ChanceMode.EXPLICIT_STOCHASTIC,
        information=kind.Information.IMPERFECT_INFORMATION,
        utility=kind.Utility.ZERO_SUM if zero_sum else kind.Utility.GENERAL_SUM,
        reward_model=kind.RewardModel.TERMINAL,
        max_num_players=variant.players, min_num_players=variant.players,
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification={"deals": DEFAULT_DEALS, "first_seed": 0})


class ClaimGame(pyspiel.Game):
    """A variant as an OpenSpiel game: [`register`][] makes one subclass per variant.

    The variant and the name are class attributes (OpenSpiel copies a Python
    game's C++ part only, so instance attributes would be lost); the deal's
    parameters are read from the game's parameters.

    Args:
        params: The game parameters: ``deals`` and ``first_seed``.
    """

    variant: ClassVar[Variant]
    name: ClassVar[str]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        deals = int(params.get("deals", DEFAULT_DEALS))
        if deals < 1:
            raise ValueError(f"deals must be at least 1, not {deals}")
        variant = self.variant
        zero_sum = len(variant.teams) == 2
        info = pyspiel.GameInfo(
            num_distinct_actions=action_count(variant), max_chance_outcomes=deals,
            num_players=variant.players, min_utility=-1.0, max_utility=1.0,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=max_game_length(variant))
        super().__init__(_game_type(variant, self.name), info,
                         {"deals": deals, "first_seed": int(params.get("first_seed", 0))})

    @property
    def deals(self) -> int:
        """How many deals the chance node chooses among."""
        return int(self.get_parameters()["deals"])

    @property
    def first_seed(self) -> int:
        """The seed of the chance node's first deal."""
        return int(self.get_parameters()["first_seed"])

    def new_initial_state(self) -> ClaimState:
        """The chance node that deals."""
        return ClaimState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ClaimObserver:
        """An observer: information state (perfect recall) or observation."""
        return ClaimObserver(self.variant,
                             iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False),
                             params)


class _Shared:
    """Holds an immutable claim state; OpenSpiel's clone (a deep copy) shares it."""

    __slots__ = ("state",)

    def __init__(self, state: GameState | None) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


class ClaimState(pyspiel.State):
    """A game in progress; before the deal, a chance node."""

    def __init__(self, game: ClaimGame, dealt: GameState | None = None) -> None:
        super().__init__(game)
        self._held = _Shared(dealt)

    @property
    def game_state(self) -> GameState | None:
        """The claim state once dealt (the referee's: every hand), else None."""
        return self._held.state

    @game_state.setter
    def game_state(self, state: GameState | None) -> None:
        self._held = _Shared(state)

    @property
    def _claim_game(self) -> ClaimGame:
        # Not an attribute: OpenSpiel's clone copies attributes, and a copied
        # Python game loses its own (only its C++ part is copied).
        game: ClaimGame = self.get_game()
        return game

    def current_player(self) -> int:
        """The player to move, ``CHANCE`` before the deal, ``TERMINAL`` at the end."""
        if self.game_state is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = self.game_state.current_player
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        assert self.game_state is not None and player == self.game_state.current_player
        return list(self.game_state.legal_action_ids())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The deals, equally likely."""
        deals = self._claim_game.deals
        return [(i, 1.0 / deals) for i in range(deals)]

    def _apply_action(self, action: int) -> None:
        game = self._claim_game
        if self.game_state is None:
            self.game_state = new_game(game.variant, seed=game.first_seed + action)
        else:
            self.game_state = self.game_state.apply(action_move(game.variant, action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {self._claim_game.first_seed + action}"
        return str(action_move(self._claim_game.variant, action))

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.game_state is not None and self.game_state.is_over

    def returns(self) -> list[float]:
        """+1 a win, -1 a loss, 0 a draw (at the end; zeros before)."""
        if not self.is_terminal():
            return [0.0] * self._claim_game.variant.players
        assert self.game_state is not None
        return list(terminal_rewards(self.game_state))

    def resample_from_infostate(self, player: int, sampler: Callable[[], float]) -> ClaimState:
        """A state that ``player`` cannot tell from this one, drawn with ``sampler``.

        Uses [`claim.info.sampling.sample`][claim.info.sampling.sample], seeded from one
        draw of ``sampler`` (a callable returning a float in ``[0, 1)``).
        """
        if self.game_state is None:
            return ClaimState(self._claim_game)
        rng = random.Random(int(sampler() * 2**53))
        return ClaimState(self._claim_game, sample(self.game_state.view(player), rng))

    def __str__(self) -> str:
        return "chance: the deal" if self.game_state is None else str(self.game_state)


class ClaimObserver:
    """OpenSpiel's Python observer: strings and tensors from one player's view.

    Args:
        variant: The variant.
        iig_obs_type: ``perfect_recall`` (information state) or not
            (observation); ``private_info`` ``SINGLE_PLAYER`` (the player's view)
            or ``NONE`` (a spectator's view).
        params: Unused; must be empty.

    Raises:
        ValueError: Parameters given, or ``private_info`` is ``ALL_PLAYERS``.
    """

    def __init__(self, variant: Variant, iig_obs_type: Any, params: Any = None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("an observer of every player's private cards is not offered")
        self._recall = bool(iig_obs_type.perfect_recall)
        self._public = iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        size = observation_size(variant)
        extra = 3 * max_game_length(variant) if self._recall else 0
        self.tensor = np.zeros(size + extra, np.float32)
        self.dict = {"observation": self.tensor[:size]}
        if self._recall:
            self.dict["history"] = self.tensor[size:].reshape(-1, 3)

    def _view(self, state: ClaimState, player: int) -> View | None:
        game = state.game_state
        if game is None:
            return None
        return game.view(None if self._public else player)

    def set_from(self, state: ClaimState, player: int) -> None:
        """Fill the tensor from ``player``'s view of ``state`` (zeros before the deal)."""
        view = self._view(state, player)
        if view is None:
            self.tensor.fill(0)
            return
        values = observation(view)
        if self._recall:
            values += history_features(view)
        self.tensor[:] = values

    def string_from(self, state: ClaimState, player: int) -> str:
        """``player``'s view as JSON (information state) or as text (observation)."""
        view = self._view(state, player)
        if view is None:
            return "before the deal"
        return to_json(view) if self._recall else str(view)


def resampler(seed: int) -> Callable[[ClaimState, int], ClaimState]:
    """A seeded resampler for IS-MCTS: ``bot.set_resampler(resampler(seed))``.

    OpenSpiel's Python IS-MCTS otherwise draws with an unseeded sampler; with
    this, a seeded bot searches the same determinizations on every run.
    """
    rng = random.Random(seed)

    def resample(state: ClaimState, player: int) -> ClaimState:
        return state.resample_from_infostate(player, rng.random)

    return resample


_GAMES: dict[str, type[ClaimGame]] = {}


def register(variant: Variant | str, name: str | None = None) -> str:
    """Register ``variant`` with OpenSpiel (once per name) and return its name.

    Args:
        variant: A variant (a mix, a loaded file) or a built-in variant's name.
        name: The name to register it under; by default [`game_name`][].
    """
    loaded = variant if isinstance(variant, Variant) else load_variant(variant)
    name = name or game_name(loaded)
    if name not in pyspiel.registered_names():
        # A class, not a closure: OpenSpiel's registry outlives the interpreter, and
        # releasing a function then crashes the exit; a class is never released.
        game = type(f"ClaimGame_{name}", (ClaimGame,), {"variant": loaded, "name": name})
        _GAMES[name] = game
        pyspiel.register_game(_game_type(loaded, name), game)
    return name


for _name in builtin_variants():
    register(_name)
