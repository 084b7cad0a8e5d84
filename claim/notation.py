"""Text notation for moves (cards: see :mod:`claim.cards`).

``format_move`` is ``str(move)``; :func:`parse_move` reads it back, so
``parse_move(str(m), variant) == m`` for every move ``m`` of the variant.
"""

from __future__ import annotations

import os
import re

from claim._checks import expect_type
from claim.cards import MAX_NOTATION_CHARS, Card
from claim.errors import NotationError
from claim.loading import load_variant
from claim.moves import DeclineSmash, Move, PlayCard, Smash, TakeFaceUp, TakeTopCard
from claim.variant import Variant

__all__ = ["parse_card", "parse_move"]

_SMASH = re.compile(r"^smash\s+(.+?)\s*@\s*(\d+)$", re.IGNORECASE)


def parse_card(text: str, variant: Variant | str | os.PathLike[str]) -> Card:
    """Read a card of ``variant`` (``"Kn7"``, ``"knights 7"``).

    Args:
        text: The card's notation.
        variant: A variant, or what `claim.load_variant` accepts (``"claim"``).

    Raises:
        NotationError: Not a card of the variant.
        ArgumentError: ``text`` is not a str, or ``variant`` not a variant, name or path.
    """
    return load_variant(variant).parse_card(text)


def parse_move(text: str, variant: Variant | str | os.PathLike[str]) -> Move:
    """Read a move: ``Kn7``, ``take Kn7``, ``take top``, ``smash Gn5@1``, ``no smash``.

    Args:
        text: The move's notation, at most `MAX_NOTATION_CHARS` characters.
        variant: A variant, or what `claim.load_variant` accepts (``"claim"``).

    Raises:
        NotationError: The text is not a move of this variant's cards.
        ArgumentError: ``text`` is not a str, or ``variant`` not a variant, name or path.
    """
    variant = load_variant(variant)
    expect_type("move text", text, str, "a str such as 'Kn7' or 'take top'")
    if len(text) > MAX_NOTATION_CHARS:
        raise NotationError(text, f"notation is at most {MAX_NOTATION_CHARS} characters")
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
