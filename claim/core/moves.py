"""Move values: small frozen objects, independent of any state or variant.

A move is what a player does: play a card (with the choice its power asks as part
of playing it, if any), or answer the question a power or the rules put to them.
Moves compare by value, so ``PlayCard(Card("knights", 7))`` equals the move that
``legal_moves()`` returned for the Knight 7. Every answer to a question is one
`Choose` move holding the chosen option's notation, whatever power asked it:

=====================  ============================================
``Kn7``                play the Knight 7
``EO5 as elves``       play the Elf-Orc 5, declared an Elf (E3)
``take Kn7``           take the face-up Knight 7 as a follower
``take top``           take the top card of the draw pile instead
``smash Gn5@1``        a power's answer naming a card in front of seat 1
``no smash``           declining a power's offer
=====================  ============================================

`TakeFaceUp` builds the `Choose` move of the rules' own question (RULES 3); the
powers' answers are declared by the powers (`claim.rules.answers`), and the
modules of the built-in factions give builders for theirs
(`claim.factions.claim2.TakeTopCard`, `Smash`, `DeclineSmash`).
"""

from __future__ import annotations

import attrs

from claim.core._fast import pickle_by_fields
from claim.core.cards import Card, check_card
from claim.core.errors import ArgumentError

__all__ = [
    "Choose",
    "Move",
    "PlayCard",
    "TakeFaceUp",
]


@pickle_by_fields
@attrs.frozen(cache_hash=True)
class PlayCard:
    """Play a card from the hand to the trick.

    Attributes:
        card: The card to play.
        option: The label of the choice made in playing it (``"as elves"``), for
            cards whose power asks one; None otherwise.
    """

    card: Card
    option: str | None = None

    def __attrs_post_init__(self) -> None:
        if self.card.__class__ is not Card:
            check_card("card", self.card)
        if self.option is not None and self.option.__class__ is not str:
            raise ArgumentError("option", self.option, "a str or None")

    def __str__(self) -> str:
        return str(self.card) if self.option is None else f"{self.card} {self.option}"


@pickle_by_fields
@attrs.frozen(cache_hash=True)
class Choose:
    """Answer the pending question with the option labelled ``label``.

    Attributes:
        label: The chosen option's notation (``"take top"``).
    """

    label: str

    def __attrs_post_init__(self) -> None:
        if self.label.__class__ is not str:
            raise ArgumentError("label", self.label, "a str such as 'take top'")

    def __str__(self) -> str:
        return self.label


def TakeFaceUp(card: Card) -> Choose:
    """Take the face-up ``card`` as a follower (a phase 1 question)."""
    check_card("card", card)
    return Choose(f"take {card}")


Move = PlayCard | Choose
"""Any move."""

MOVE_TYPES = (PlayCard, Choose)
