"""The answers of the Seers and the Giants (RULES 4, R7, R10), as moves: builders of
`claim.core.moves.Choose` with the labels the powers of `claim.factions.claim2`
offer. Plain Python, apart from the compiled powers: a wrong argument is refused
with `ArgumentError` naming it, not a compiled function's `TypeError`. Re-exported
by `claim.factions.claim2` and `claim`."""

from __future__ import annotations

from claim.core.cards import Card, check_card
from claim.core.errors import ArgumentError
from claim.core.moves import Choose

__all__ = ["DeclineSmash", "Smash", "TakeTopCard"]


def TakeTopCard() -> Choose:
    """The Seers' answer: take the top card of the draw pile instead (R10)."""
    return Choose("take top")


def Smash(seat: int, card: Card) -> Choose:
    """The Giants' answer: smash ``card`` lying in front of ``seat`` (R7)."""
    check_card("card", card)
    if seat.__class__ is not int:
        raise ArgumentError("seat", seat, "an int")
    return Choose(f"smash {card}@{seat}")


def DeclineSmash() -> Choose:
    """The Giants' answer declining the smash (it is optional, R7)."""
    return Choose("no smash")
