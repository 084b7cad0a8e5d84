"""Text notation for moves (cards: see [`claim.cards`][]).

``format_move`` is ``str(move)``; [`parse_move`][] reads it back, so
``parse_move(str(m), variant) == m`` for every move ``m`` of the variant.
"""

from __future__ import annotations

import re

from claim.cards import Card
from claim.errors import NotationError
from claim.moves import DeclineSmash, Move, PlayCard, Smash, TakeFaceUp, TakeTopCard
from claim.variant import Variant

__all__ = ["parse_card", "parse_move"]

_SMASH = re.compile(r"^smash\s+(.+?)\s*@\s*(\d+)$", re.IGNORECASE)


def parse_card(text: str, variant: Variant) -> Card:
    """Read a card of ``variant`` (``"Kn7"``, ``"knights 7"``).

    Raises:
        NotationError: Not a card of the variant.
    """
    return variant.parse_card(text)


def parse_move(text: str, variant: Variant) -> Move:
    """Read a move: ``Kn7``, ``take Kn7``, ``take top``, ``smash Gn5@1``, ``no smash``.

    Raises:
        NotationError: The text is not a move of this variant's cards.
    """
    if not isinstance(text, str):
        raise NotationError(repr(text), "expected move text such as 'Kn7' or 'take top'")
    words = " ".join(text.split()).lower()
    if words == "take top":
        return TakeTopCard()
    if words in ("no smash", "smash none"):
        return DeclineSmash()
    if words.startswith("take "):
        return TakeFaceUp(variant.parse_card(text.split(None, 1)[1]))
    if words.startswith("smash"):
        match = _SMASH.match(" ".join(text.split()))
        if match is None:
            raise NotationError(text, "a smash is written 'smash Gn5@1' (card @ seat)")
        return Smash(int(match.group(2)), variant.parse_card(match.group(1)))
    return PlayCard(variant.parse_card(text))
