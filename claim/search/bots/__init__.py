"""Bots: players that choose a move from what one seat may see.

A [`Bot`][claim.search.bots.Bot] sees only a [`View`][claim.rules.views.View]
(``state.view(seat)``,
RULES 7) and a ``random.Random`` to draw from; it returns one of the view's legal
moves. Bots are found by name in a registry ([`get`][claim.search.bots.get],
[`names`][claim.search.bots.names], [`register`][claim.search.bots.register]), so a command line
or a worker process on another machine can name them.

Examples:
    >>> import random
    >>> import claim
    >>> from claim.search import bots
    >>> state = claim.new_game("claim", seed=1)
    >>> view = state.view(state.current_player)
    >>> bots.get("random").choose(view, random.Random(0)) in view.legal_moves
    True
    >>> "random" in bots.names()
    True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol, runtime_checkable

from claim.core.errors import IllegalMoveError, RegistryError, UnknownNameError
from claim.core.moves import Move
from claim.rules.views import View
from claim.search.bots.heuristic import HeuristicBot
from claim.search.bots.ismcts import IsmctsBot
from claim.search.bots.pimc import PimcBot

__all__ = ["Bot", "RandomBot", "get", "names", "play", "register"]


@runtime_checkable
class Bot(Protocol):
    """A player: chooses one of a view's legal moves.

    A bot must depend only on the view and the generator it is given (never on the
    global ``random``, the clock or the full state), so that a game is replayed
    exactly from its seed.
    """

    def choose(self, view: View, rng: random.Random) -> Move:
        """One of ``view.legal_moves``, chosen for the seat ``view.seat``.

        Args:
            view: What the seat to move may see; its ``legal_moves`` is not empty.
            rng: The only source of randomness the bot may use.
        """
        ...


class RandomBot:
    """Chooses uniformly among the legal moves (``rng.choice``)."""

    def choose(self, view: View, rng: random.Random) -> Move:
        """A legal move drawn uniformly with ``rng``."""
        return rng.choice(view.legal_moves)

    def __repr__(self) -> str:
        return "RandomBot()"


_REGISTRY: dict[str, Callable[[], Bot]] = {"random": RandomBot}


def register(name: str, factory: Callable[[], Bot], *, replace: bool = False) -> None:
    """Make a bot available by name.

    Args:
        name: The bot's name (as ``claim simulate --bots`` takes it).
        factory: Called with no argument, returns a new bot (a class will do).
        replace: Allow replacing a bot already registered under ``name``.

    Raises:
        RegistryError: ``name`` is taken (and not ``replace``), is not a plain
            word, or ``factory`` is not callable.

    Worker processes see the bots registered when they start: with the default
    ``fork`` start method on Linux, everything registered before the simulation;
    on a Dask cluster, only the bots its workers import.
    """
    if not isinstance(name, str) or not name or not name.replace("-", "").replace(
        "_", ""
    ).isalnum():
        raise RegistryError(f"a bot's name must be a word of letters, digits, - and _, "
                            f"not {name!r}")
    if not callable(factory):
        raise RegistryError(f"bot {name!r}: the factory must be callable, not {factory!r}")
    if name in _REGISTRY and not replace:
        raise RegistryError(f"a bot named {name!r} is already registered")
    _REGISTRY[name] = factory


def names() -> tuple[str, ...]:
    """The names of the registered bots, sorted."""
    return tuple(sorted(_REGISTRY))


def get(name: str) -> Bot:
    """A new bot of the given name.

    Raises:
        UnknownNameError: No bot has that name (the message lists the known ones).
    """
    factory = _REGISTRY.get(name) if isinstance(name, str) else None
    if factory is None:
        raise UnknownNameError("bot", name, _REGISTRY)
    return factory()


def play(bot: Bot, view: View, rng: random.Random, name: str = "bot") -> Move:
    """``bot.choose(view, rng)``, checked to be one of the view's legal moves.

    Raises:
        IllegalMoveError: The bot chose something else.
    """
    move = bot.choose(view, rng)
    if move not in view.legal_moves:
        raise IllegalMoveError(move, f"bot {name!r} chose a move that is not legal here")
    return move


register("heuristic", HeuristicBot)
register("ismcts", IsmctsBot)
register("pimc", PimcBot)
