"""Where a card can be, and the phases of a game."""

from __future__ import annotations

import enum

__all__ = [
    "DISCARD", "FOLLOWERS", "HAND", "OVER", "RECRUIT", "SCORE", "SUPPORT", "Phase", "Zone",
]


class Phase(enum.Enum):
    """The phase of a game (RULES 3)."""

    # Members are singletons: hashing by identity is correct and, unlike
    # Enum.__hash__ (Python code in 3.10-3.11), costs nothing on the hot path.
    __hash__ = object.__hash__

    RECRUIT = "recruit"
    """Phase 1: tricks are played for face-up cards, which become followers."""
    SUPPORT = "support"
    """Phase 2: the followers are played for the factions' votes."""
    OVER = "over"
    """The game has ended; the result can be read."""


class Zone(enum.Enum):
    """Every place a card can be. Each card of the deck is in exactly one zone."""

    __hash__ = object.__hash__

    HAND = "hand"
    DRAW_PILE = "draw pile"
    FACE_UP = "face-up"
    TRICK = "trick"
    FOLLOWERS = "follower pile"
    SCORE = "score pile"
    DISCARD = "discard"
    """Out of the game: discarded tricks, and cards the powers put out of play."""


# The members as module constants, for the engine's hot path: looking a member up on
# its Enum class (Phase.RECRUIT) costs about eight times reading a global in CPython
# 3.11, and ``from claim.core.zones import RECRUIT`` binds a global.
RECRUIT = Phase.RECRUIT
SUPPORT = Phase.SUPPORT
OVER = Phase.OVER
HAND = Zone.HAND
FOLLOWERS = Zone.FOLLOWERS
SCORE = Zone.SCORE
DISCARD = Zone.DISCARD
