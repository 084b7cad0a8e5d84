"""Text notation for moves (cards: see `claim.core.cards`).

``format_move`` is ``str(move)``; `parse_move` reads it back, so
``parse_move(str(m), variant) == m`` for every move ``m`` of the variant.

A card alone plays it (``Kn7``); a card followed by words plays it with that choice
(``EO5 as elves``); text beginning with a word that starts an answer in this variant
(``take``, ``draw``, a power's verbs such as ``smash`` or ``no``) answers the pending
question. Card names inside answers are written canonically, so ``take kn7`` reads as
``take Kn7``.
"""

from __future__ import annotations

import os
import re

from claim.core._checks import expect_type
from claim.core.cards import MAX_NOTATION_CHARS, Card
from claim.core.errors import NotationError
from claim.core.moves import Choose, Move, PlayCard
from claim.rules.loading import load_variant
from claim.rules.registry import registry
from claim.rules.variant import Variant

__all__ = ["parse_card", "parse_move"]

_AT = re.compile(r"\s*@\s*")
_CARDLIKE = re.compile(r"^[A-Za-z][A-Za-z_-]*-?\d+$")


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


def _canonical(words: list[str], variant: Variant) -> str:
    """The words with every card written as ``str(card)``, the rest lower case.

    Raises:
        NotationError: A word looks like a card but is none of the variant's.
    """
    out = []
    for word in words:
        card_text, at, seat = word.partition("@")
        try:
            card = str(variant.parse_card(card_text))
        except NotationError:
            if _CARDLIKE.match(card_text):  # looks like a card, but is none of these
                raise NotationError(" ".join(words)[:80], f"{card_text[:20]!r} is not a card "
                                    f"of {variant.name!r}") from None
            out.append(word.lower())
            continue
        out.append(card + at + seat)
    return " ".join(out)


def _known_verbs() -> set[str]:
    """The first words of answers of every registered power (a foreign answer is
    read as an answer, then refused as illegal, rather than as a bad card)."""
    return {verb for name in registry.names() for verb in registry.get(name).verbs}


def parse_move(text: str, variant: Variant | str | os.PathLike[str]) -> Move:
    """Read a move: ``Kn7``, ``EO5 as elves``, ``take Kn7``, ``take top``, ``no smash``.

    Args:
        text: The move's notation, at most `MAX_NOTATION_CHARS` characters.
        variant: A variant, or what `claim.load_variant` accepts (``"claim"``).

    Raises:
        NotationError: The text is not a move of this variant.
        ArgumentError: ``text`` is not a str, or ``variant`` not a variant, name or path.
    """
    variant = load_variant(variant)
    expect_type("move text", text, str, "a str such as 'Kn7' or 'take top'")
    if len(text) > MAX_NOTATION_CHARS:
        raise NotationError(text, f"notation is at most {MAX_NOTATION_CHARS} characters")
    words = _AT.sub("@", " ".join(text.split())).split(" ")
    if not words or not words[0]:
        raise NotationError(text, "empty move")
    if words[0].lower() in variant.tables.answer_space.verbs or words[0].lower() in _known_verbs():
        if len(words) < 2:
            raise NotationError(text, f"{words[0]!r} needs what it applies to, like "
                                "'take Kn7' or 'take top'")
        return Choose(_canonical(words, variant))
    try:
        return PlayCard(variant.parse_card(" ".join(words)))
    except NotationError as error:
        if len(words) == 1:
            raise
        try:
            card = variant.parse_card(words[0])
        except NotationError:
            raise error from None
        return PlayCard(card, _canonical(words[1:], variant))
