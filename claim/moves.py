"""Move values: small frozen objects, independent of any state or variant.

A move is what a player does: play a card, or answer a decision a trick created.
Moves compare by value, so ``PlayCard(Card("knights", 7))`` equals the move that
``legal_moves()`` returned for the Knight 7. Text notation:

=====================  ============================================
``Kn7``                play the Knight 7
``take Kn7``           take the face-up Knight 7 as a follower
``take top``           a Seer's winner takes the top card of the draw pile
``smash Gn5@1``        smash the Gnome 5 lying in front of seat 1
``no smash``           decline a smash
=====================  ============================================
"""

from __future__ import annotations

import attrs

from claim._fast import pickle_by_fields
from claim.cards import Card, check_card
from claim.errors import ArgumentError

__all__ = ["DeclineSmash", "Move", "PlayCard", "Smash", "TakeFaceUp", "TakeTopCard"]


@pickle_by_fields
@attrs.frozen(cache_hash=True)
class PlayCard:
    """Play a card from the hand to the trick.

    Attributes:
        card: The card to play.
    """

    card: Card

    def __attrs_post_init__(self) -> None:
        if self.card.__class__ is not Card:
            check_card("card", self.card)

    def __str__(self) -> str:
        return str(self.card)


@pickle_by_fields
@attrs.frozen(cache_hash=True)
class TakeFaceUp:
    """Take one of the face-up cards as a follower (a phase 1 decision).

    Attributes:
        card: The face-up card to take.
    """

    card: Card

    def __attrs_post_init__(self) -> None:
        if self.card.__class__ is not Card:
            check_card("card", self.card)

    def __str__(self) -> str:
        return f"take {self.card}"


@pickle_by_fields
@attrs.frozen(cache_hash=True)
class TakeTopCard:
    """Take the top card of the draw pile instead of a face-up card (Seers)."""

    def __str__(self) -> str:
        return "take top"


@pickle_by_fields
@attrs.frozen(cache_hash=True)
class Smash:
    """Smash a Gnome lying in front of an opponent (Giants).

    Attributes:
        seat: The seat in front of whom the Gnome lies.
        card: The Gnome to smash.
    """

    seat: int
    card: Card

    def __attrs_post_init__(self) -> None:
        if self.card.__class__ is not Card or self.seat.__class__ is not int:
            check_card("card", self.card)
            if not isinstance(self.seat, int) or isinstance(self.seat, bool):
                raise ArgumentError("seat", self.seat, "an int")

    def __str__(self) -> str:
        return f"smash {self.card}@{self.seat}"


@pickle_by_fields
@attrs.frozen(cache_hash=True)
class DeclineSmash:
    """Decline to smash (Giants: the smash is optional)."""

    def __str__(self) -> str:
        return "no smash"


Move = PlayCard | TakeFaceUp | TakeTopCard | Smash | DeclineSmash
"""Any move."""

MOVE_TYPES = (PlayCard, TakeFaceUp, TakeTopCard, Smash, DeclineSmash)
