"""Where a card can be, and the phases of a game."""

from __future__ import annotations

import enum

__all__ = [
    "DISCARD", "FOLLOWERS", "HAND", "IN_FRONT", "OVER", "RECRUIT", "SCORE", "SUPPORT",
    "WAITING", "Phase", "Zone",
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
    IN_FRONT = "in front"
    """Face up in front of a player, not yet scored (captured Gnomes)."""
    WAITING = "waiting line"
    """Set aside until a later trick delivers it (the Troll line)."""
    DISCARD = "discard"
    """Out of the game: discarded tricks, smashed Gnomes, unclaimed Trolls."""


# The members as module constants, for the engine's hot path: looking a member up on
# its Enum class (Phase.RECRUIT) costs about eight times reading a global in CPython
# 3.11, and ``from claim.core.zones import RECRUIT`` binds a global.
RECRUIT = Phase.RECRUIT
SUPPORT = Phase.SUPPORT
OVER = Phase.OVER
HAND = Zone.HAND
FOLLOWERS = Zone.FOLLOWERS
SCORE = Zone.SCORE
IN_FRONT = Zone.IN_FRONT
WAITING = Zone.WAITING
DISCARD = Zone.DISCARD
