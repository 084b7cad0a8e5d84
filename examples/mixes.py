"""Build an official mix of Claim and Claim 2 factions and play a seeded random game.

Run it with ``python examples/mixes.py``. It builds the mix Gnomes & Giants with
Undead, Dragons and Seers (one pair plus three others: RULES 1-2), sets a rule
option, shows what the official rule refuses, plays a game between two random
players and prints the votes.
"""

from __future__ import annotations

import random

import claim
from claim.core.records import Placed, TrickCompleted

FACTIONS = ["gnomes", "giants", "undead", "dragons", "seers"]


def build() -> claim.Variant:
    """The mix, with the Dragons' R8 option switched to ``last_dragon``."""
    variant = claim.mix(FACTIONS, options={"dragon_lead": "last_dragon"}, name="undead-sky")
    print(f"{variant.title}: {len(variant.deck)} cards, {variant.hand_size} per hand")
    print("rule options:", variant.rule_options())
    return variant


def show_refusals() -> None:
    """Two decks the official rule refuses, and the messages it gives."""
    for factions in (
        ["undead", "dwarves", "dragons", "trolls", "seers"],  # no pair
        ["gnomes", "giants", "knights", "dragons", "seers"],  # a lone Knights
    ):
        try:
            claim.mix(factions)
        except claim.VariantError as error:
            print("refused:", error.reason)


def play(variant: claim.Variant, seed: int) -> claim.GameState:
    """A whole game: the deal and every choice come from ``random.Random(seed)``."""
    rng = random.Random(seed)
    state = claim.new_game(variant, rng=rng)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
    return state


def main(seed: int = 7) -> claim.GameResult:
    variant = build()
    show_refusals()
    state = play(variant, seed)
    events = [event for record in state.records for event in record.events]
    tricks = sum(isinstance(event, TrickCompleted) for event in events)
    smashes = [event for event in events  # a smashed Gnome leaves from in front of a player
               if isinstance(event, Placed) and event.origin == "in front"
               and event.zone is claim.Zone.DISCARD]
    print(f"seed {seed}: {tricks} tricks, {len(state.records)} moves, "
          f"{len(smashes)} Gnomes smashed")

    result = state.result()
    print(claim.format_result(result))
    return result


if __name__ == "__main__":
    main()
