"""Helpers shared by the adapters, free of third-party packages."""

from __future__ import annotations

from typing import Protocol, TypeGuard

from claim.core.cards import Card
from claim.core.errors import ActionError
from claim.rules.actions import action_id
from claim.rules.state import GameState
from claim.rules.variant import Variant
from claim.rules.views import HiddenEvent, View, ViewEvent

__all__ = ["history_features", "max_game_length", "missing_extra", "terminal_rewards"]


def missing_extra(exc: ModuleNotFoundError, adapter: str, extra: str) -> ModuleNotFoundError:
    """The error to raise when an adapter's optional dependency is missing: it names
    the module and the extra to install (``pip install "claim-engine[pettingzoo]"``)."""
    return ModuleNotFoundError(
        f"No module named {exc.name!r}: claim.apps.adapters.{adapter} needs the {extra!r} "
        f'extra: pip install "claim-engine[{extra}]"', name=exc.name)


class _CardEvent(Protocol):
    card: Card


def terminal_rewards(state: GameState) -> tuple[float, ...]:
    """Per seat, the reward of a finished game: +1 a win, -1 a loss, 0 a draw.

    In the 4-player team game both partners share their party's reward.

    Raises:
        GameNotOverError: The game is not over.

    Examples:
        >>> import random, claim
        >>> state = claim.new_game("claim", seed=3)
        >>> rng = random.Random(3)
        >>> while not state.is_over:
        ...     state = state.apply(rng.choice(state.legal_moves()))
        >>> sorted(terminal_rewards(state)) in ([-1.0, 1.0], [0.0, 0.0])
        True
    """
    result = state.result()
    if result.winner is None:
        return (0.0,) * state.variant.players
    winners = set(result.winning_seats)
    return tuple(1.0 if seat in winners else -1.0 for seat in range(state.variant.players))


def max_game_length(variant: Variant) -> int:
    """An upper bound on the number of moves of a game of ``variant``.

    Every card is played at most once per phase, and each trick asks at most a
    few questions (a recruit, a smash, a Seer's choice...): four moves per card
    of the deck leaves a wide margin over the longest games measured (about 1.3
    moves per card). The PettingZoo environment truncates a game that reaches
    it; OpenSpiel is told it as the game's maximum length.
    """
    return 4 * len(variant.deck)


def history_features(view: View) -> list[float]:
    """The public move history of ``view`` as numbers, padded to a fixed length.

    Per move of the history (up to
    [`max_game_length`][claim.apps.adapters.max_game_length]), three numbers: the
    mover's seat relative to the viewer plus one, the move's action id plus one
    (0 for a move without an id), and, for a card the viewer saw privately at
    that move (its own draw, a Seer's peek), the card's index among the deck's
    distinct cards plus one (else 0). Zeros pad the rest. With the observation
    vector this makes a perfect-recall information state.
    """
    variant = view.variant
    n = variant.players
    me = view.seat or 0
    kinds = {card: i for i, card in enumerate(dict.fromkeys(variant.deck))}
    features = [0.0] * (3 * max_game_length(variant))
    for step, record in enumerate(view.history[:max_game_length(variant)]):
        try:
            move = action_id(variant, record.move) + 1
        except ActionError:  # a plugin power's move without an id
            move = 0
        seen = [kinds[event.card] + 1 for event in record.events
                if _private_card(event) and event.card in kinds]
        features[3 * step:3 * step + 3] = [(record.seat - me) % n + 1.0, float(move),
                                           float(seen[-1] if seen else 0)]
    return features


def _private_card(event: ViewEvent) -> TypeGuard[_CardEvent]:
    """Whether ``event`` is a private event shown in full (so, the viewer's own)."""
    return (not isinstance(event, HiddenEvent) and getattr(event, "private", False) is True
            and isinstance(getattr(event, "card", None), Card))
