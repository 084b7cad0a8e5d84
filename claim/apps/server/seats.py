"""Who sits at a seat: a person (``"human"``) or one of the library's bots.

A bot seat is written ``random``, ``heuristic``, ``ismcts`` (with the default time
budget, `ISMCTS_SECONDS`) or ``ismcts:SECONDS`` (a budget of its own, up to
`MAX_ISMCTS_SECONDS`). The bots come from [`claim.search.bots`][claim.search.bots];
a table's bots draw from ``random.Random(f"{bot_seed}/{move number}")``, the table's
own seed, never from the global generator.
"""

from __future__ import annotations

import math
import random

from claim.apps.server.errors import TableError
from claim.core.errors import quote
from claim.core.moves import Move
from claim.rules.views import View
from claim.search import bots as _bots
from claim.search.bots.ismcts import IsmctsBot

__all__ = ["BOTS", "HUMAN", "ISMCTS_SECONDS", "MAX_ISMCTS_SECONDS", "choose", "is_slow",
           "seat_spec"]

HUMAN = "human"
"""The seat of a person, who joins through the seat's invite link."""

BOTS = ("random", "heuristic", "ismcts")
"""The bots a seat may be given."""

ISMCTS_SECONDS = 1.0
"""The time budget of an ``ismcts`` seat per move, when none is given."""

MAX_ISMCTS_SECONDS = 10.0
"""The longest budget an ``ismcts`` seat may be given per move."""


def seat_spec(text: object) -> str:
    """The seat ``text`` names, written the one way the server stores it.

    Raises:
        TableError: Not ``human``, a known bot, or ``ismcts:SECONDS`` with a budget
            from above 0 to `MAX_ISMCTS_SECONDS`.
    """
    if not isinstance(text, str) or len(text) > 40:
        raise TableError(f"a seat is 'human' or a bot ({', '.join(BOTS)}, ismcts:SECONDS), "
                         f"not {quote(text, 40)}")
    name, colon, budget = text.strip().partition(":")
    if name == HUMAN and not colon:
        return HUMAN
    if name not in BOTS or (colon and name != "ismcts"):
        raise TableError(f"unknown seat {text!r}: a seat is 'human' or one of the bots "
                         f"{', '.join(BOTS)} (ismcts may carry a time budget, ismcts:0.5)")
    if name != "ismcts":
        return name
    try:
        seconds = float(budget) if colon else ISMCTS_SECONDS
    except ValueError:
        seconds = math.nan
    if not 0 < seconds <= MAX_ISMCTS_SECONDS:
        raise TableError(f"seat {text!r}: an ismcts budget is a number of seconds above 0 "
                         f"and at most {MAX_ISMCTS_SECONDS}, as ismcts:0.5")
    return f"ismcts:{seconds:g}"


def is_slow(spec: str) -> bool:
    """Whether the bot thinks long enough to be run off the event loop (ismcts)."""
    return spec.startswith("ismcts")


def choose(spec: str, view: View, rng: random.Random) -> Move:
    """The move the bot of seat ``spec`` plays from ``view`` (one of its legal moves)."""
    name, _, budget = spec.partition(":")
    bot = IsmctsBot(seconds=float(budget)) if name == "ismcts" else _bots.get(name)
    return _bots.play(bot, view, rng, spec)
