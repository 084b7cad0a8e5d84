"""A house faction with a power written in Python, played in a variant built from YAML.

Thieves (a made-up faction) keep what they take: in phase 2, a Thief played to a
trick does not go to the trick winner. With the rule option ``thieves_score`` set to
``player`` (the default) it goes to the score pile of the player who played it; with
``last`` it goes to the last-ranked player, like a Dwarf.

Run it with ``python examples/custom_power.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import attrs

import claim
from claim import Phase, RuleOption, Zone
from claim.core.records import Placed, TrickCompleted
from claim.powers import Effect, Placement, Trick
from claim.testing import random_playout


@attrs.frozen
class Thieves(claim.FactionPower):
    """Phase 2: a Thief played to a trick is scored by its player (or the last rank).

    Attributes:
        score: Rule option ``thieves_score``: ``"player"`` or ``"last"``.
    """

    name: ClassVar[str] = "thieves"
    phases: ClassVar[frozenset[Phase]] = frozenset({Phase.SUPPORT})
    rule_options: ClassVar[tuple[RuleOption, ...]] = (
        RuleOption(
            "thieves_score",
            "score",
            "player",
            ("player", "last"),
            "Who scores a Thief played in phase 2: its player, or the last-ranked player.",
        ),
    )

    score: str = "player"

    def place(self, trick: Trick, positions: tuple[int, ...]) -> Sequence[Effect] | None:
        """Each Thief of the trick goes to its own player's (or the last rank's) score pile."""
        return [
            Placement(
                trick.cards[p],
                Zone.SCORE,
                trick.seats[p] if self.score == "player" else trick.last,
            )
            for p in positions
        ]


claim.registry.register(Thieves)

HOUSE_RULES = """
name: thieves-guild
title: Claim 2 with a Thieves' guild
description: The Trolls stay home; the Thieves keep what they take.
players: 2
house: true
factions:
  - gnomes
  - giants
  - dragons
  - seers
  - name: thieves
    title: Thieves
    code: Th
    values: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
    power: thieves
options:
  thieves_score: {score}
  dragon_lead: last_dragon
"""


def check_thieves(state: claim.GameState, score: str) -> int:
    """Check, from the records, that every phase 2 Thief went where the option says.

    Returns:
        The number of Thieves checked.
    """
    checked = 0
    for record in state.records:
        trick = None
        for event in record.events:
            if isinstance(event, TrickCompleted):
                trick = event
            elif (
                isinstance(event, Placed)
                and event.card.faction == "thieves"
                and trick is not None
                and trick.phase is Phase.SUPPORT
            ):
                players = [seat for seat, card in trick.plays if card == event.card]
                expected = players if score == "player" else [trick.ranking[-1]]
                assert event.zone is Zone.SCORE and event.seat in expected, (event, trick)
                checked += 1
    return checked


def main() -> None:
    for score in ("player", "last"):
        variant = claim.variant_from_yaml(HOUSE_RULES.format(score=score), "thieves.yaml")
        assert variant.option("thieves_score") == score
        print(f"{variant.title} (thieves_score: {score})")
        print("  notation:", ", ".join(str(card) for card in variant.deck[-3:]), "...")
        wins = [0, 0, 0]
        checked = 0
        for seed in range(10):
            final = random_playout(variant, seed=seed)  # checks every move and state
            checked += check_thieves(final, score)
            result = final.result()
            wins[2 if result.winner is None else result.winner] += 1
        print(
            f"  10 random games: seat 0 won {wins[0]}, seat 1 won {wins[1]}, "
            f"{wins[2]} draws; {checked} phase 2 Thieves checked"
        )

    try:
        claim.variant_from_yaml(HOUSE_RULES.format(score="everyone"), "thieves.yaml")
    except claim.VariantError as error:
        print("refused:", error)


if __name__ == "__main__":
    main()
