"""The powers of the five Claim factions (RULES 4).

Goblins have no power: they use `FactionPower` itself, registered as ``"none"``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import attrs

from claim.core.zones import Phase, Zone
from claim.rules.capabilities import Capabilities
from claim.rules.effects import Effect
from claim.rules.protocol import (
    FactionPower,
    RankKey,
    RuleOption,
    Trick,
)
from claim.rules.registry import registry

__all__ = ["Doppelgangers", "Dwarves", "Knights", "Undead"]


_ABOVE_LED = 1 << 14
"""Added to a Knight's current value in the secondary part of its rank key (R4, off):
positive for every value a rank key holds (its parts are packed in 16 bits each,
`claim.rules.engine.tricks`), so the Knight ranks above the led card (secondary 0)."""


@registry.register
@attrs.frozen
class Knights(FactionPower):
    """Knights beat Goblins whatever the values (RULES 3, R4). Both phases.

    Attributes:
        beats: The faction the Knights beat (parameter, default ``"goblins"``).
        beat_all: Rule option ``knights_beat_all_goblins`` (R4).
    """

    name: ClassVar[str] = "knights"
    rule_options: ClassVar[tuple[RuleOption, ...]] = (
        RuleOption(
            "knights_beat_all_goblins",
            "beat_all",
            True,
            (True, False),
            "In a Goblin-led trick every Knight outranks every card counting as "
            "Goblin (on), or only the led Goblin (off) (R4).",
        ),
    )

    faction_params: ClassVar[tuple[str, ...]] = ("beats",)

    beats: str = "goblins"
    beat_all: bool = True

    def rank_key(self, trick: Trick, position: int) -> RankKey | None:
        """Rank a following Knight above the Goblins of a Goblin-led trick (R4)."""
        if position == 0 or trick.lead_faction != self.beats:
            return None
        value = trick.values[position]
        if self.beat_all:
            return (2, value, 0, -position)
        # Directly above the led card: its group and value, then a secondary part
        # above the led card's 0 whatever the Knight's current value (E27: it may be
        # negative), Knights among themselves by value.
        return (1, trick.values[0], _ABOVE_LED + value, -position)

    def capabilities(self) -> Capabilities:
        """What the fast paths may rely on (`claim.rules.capabilities`)."""
        return Capabilities(
            public=True,
            pure=frozenset({"rank_key"}),
            monotone_votes=True,
            rank_leads=frozenset({self.beats}),
        )


@registry.register
@attrs.frozen
class Undead(FactionPower):
    """Undead played to a phase 1 trick go to the winner's score pile (RULES 4)."""

    name: ClassVar[str] = "undead"
    phases: ClassVar[frozenset[Phase]] = frozenset({Phase.RECRUIT})

    def place(self, trick: Trick, positions: tuple[int, ...]) -> Sequence[Effect] | None:
        """Phase 1: every Undead played goes face up to the winner's score pile."""
        return trick.send(positions, Zone.SCORE, trick.winner)

    def capabilities(self) -> Capabilities:
        """What the fast paths may rely on (`claim.rules.capabilities`)."""
        return Capabilities(public=True, pure=frozenset({"place"}), monotone_votes=True)


@registry.register
@attrs.frozen
class Dwarves(FactionPower):
    """Phase 2: the last-ranked player scores the Dwarves of the trick (RULES 4, R6)."""

    name: ClassVar[str] = "dwarves"
    phases: ClassVar[frozenset[Phase]] = frozenset({Phase.SUPPORT})

    def place(self, trick: Trick, positions: tuple[int, ...]) -> Sequence[Effect] | None:
        """Phase 2: every Dwarf played goes to the last-ranked player's score pile."""
        return trick.send(positions, Zone.SCORE, trick.last)

    def capabilities(self) -> Capabilities:
        """What the fast paths may rely on (`claim.rules.capabilities`)."""
        return Capabilities(public=True, pure=frozenset({"place"}), monotone_votes=True)


@registry.register
@attrs.frozen
class Doppelgangers(FactionPower):
    """Wild cards: always playable, count as the lead faction when following (R2, R3)."""

    name: ClassVar[str] = "doppelgangers"

    def counts_as(self, lead: str) -> str:
        """A following Doppelganger counts as the lead faction (R2)."""
        return lead

    def always_playable(self) -> bool:
        """A Doppelganger may be played even by a player able to follow."""
        return True

    def capabilities(self) -> Capabilities:
        """What the fast paths may rely on (`claim.rules.capabilities`)."""
        return Capabilities(public=True, monotone_votes=True)
