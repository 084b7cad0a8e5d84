"""Cards, faction definitions and the card notation.

A [`Card`][] is a faction name and a value. Cards of the same faction and value
are identical for every rule (RULES 1), so two such cards compare equal; the engine
tells physical copies apart internally by their position in the variant's deck.

Notation: a card is written as its faction's short code followed by its value,
``Kn7`` for the Knight 7. Codes are defined per faction in the variant data and are
read case-insensitively; the faction's full name followed by the value
(``knights 7``) is accepted too.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import attrs

from claim.core._fast import pickle_by_fields
from claim.core.errors import ArgumentError, NotationError

__all__ = ["MAX_NOTATION_CHARS", "Card", "Faction", "MaskedCard", "PowerSpec", "check_card",
           "parse_card_text"]


@pickle_by_fields
@attrs.frozen(cache_hash=True, order=False)
class Card:
    """One card: a faction and a value.

    Attributes:
        faction: The faction's name, as in the variant (``"knights"``).
        value: The printed value.
        code: The faction's short code used in notation (``"Kn"``); not part of
            equality, so ``Card("knights", 7)`` equals the variant's Knight 7.
    """

    faction: str
    value: int
    code: str = attrs.field(default="", eq=False)

    def __attrs_post_init__(self) -> None:
        if type(self.faction) is not str or type(self.value) is not int or (
            type(self.code) is not str
        ):
            _check_card_fields(self.faction, self.value, self.code)

    def __str__(self) -> str:
        if self.code:
            return f"{self.code}{self.value}"
        return f"{self.faction} {self.value}"


MASKED_VALUE = -1
"""The value a `MaskedCard` holds in place of the one nobody knows."""


@attrs.frozen(order=False, init=False)
class MaskedCard(Card):
    """A masked card as a view shows it before its reveal (E28, E44): its faction
    and its class (``"high"``, ``"odd"``), never its value. Written ``Fe:high``.

    Never equal to a `Card`; the value is a placeholder (`MASKED_VALUE`).

    Attributes:
        shown: The class the card shows.
    """

    shown: str = ""

    def __init__(self, faction: str, shown: str, code: str = "") -> None:
        if not isinstance(shown, str):
            raise ArgumentError("MaskedCard.shown", shown, "a class name (str)")
        self.__attrs_init__(faction, MASKED_VALUE, code, shown)

    def __reduce__(self) -> tuple[object, tuple[str, str, str]]:
        return (MaskedCard, (self.faction, self.shown, self.code))

    def __str__(self) -> str:
        return f"{self.code or self.faction}:{self.shown}"


def _check_card_fields(faction: object, value: object, code: object) -> None:
    """Refuse a card whose fields are not a str, an int and a str (so that every
    card hashes and prints)."""
    if not isinstance(faction, str):
        raise ArgumentError("Card.faction", faction, "a faction name (str)")
    if not isinstance(value, int) or isinstance(value, bool):
        raise ArgumentError("Card.value", value, "an int")
    if not isinstance(code, str):
        raise ArgumentError("Card.code", code, "a str")


def check_card(name: str, card: object) -> None:
    """Refuse anything but a `Card` where a move needs one (so that moves hash).

    Raises:
        ArgumentError: ``card`` is not a `Card`.
    """
    if not isinstance(card, Card):
        raise ArgumentError(name, card, "a Card")


@pickle_by_fields
@attrs.frozen
class PowerSpec:
    """Which power a faction uses, with the power's parameters.

    Attributes:
        name: The registered power name (``"knights"``, ``"none"``, ...).
        params: Keyword parameters for the power, as given in the variant data.
    """

    name: str = "none"
    params: tuple[tuple[str, Any], ...] = ()

    def params_dict(self) -> dict[str, Any]:
        """The parameters as a new dict."""
        return dict(self.params)


def _values_tuple(values: Any) -> tuple[int, ...]:
    return tuple(values)


@pickle_by_fields
@attrs.frozen
class Faction:
    """A faction as the variant data defines it.

    Attributes:
        name: Lower-case identifier, unique in a variant (``"undead"``).
        code: Short notation code, unique in a variant (``"Un"``).
        title: Display name (``"Undead"``).
        values: The value of every card of the faction, one entry per card.
        power: The power the faction's cards carry.
        box: The game the faction comes from (``"claim"``, ``"claim2"``), or
            any label a designer chooses for a new faction.
    """

    name: str
    code: str
    title: str
    values: tuple[int, ...] = attrs.field(converter=_values_tuple)
    power: PowerSpec = PowerSpec()
    box: str = ""

    def cards(self) -> tuple[Card, ...]:
        """Every card of the faction, in value order."""
        return tuple(Card(self.name, v, self.code) for v in sorted(self.values))


MAX_NOTATION_CHARS = 64
"""The longest card or move notation read (``"smash Gn5@1"`` has 11 characters)."""

_CARD_RE = re.compile(r"^\s*([A-Za-z][A-Za-z_-]*?)\s*(-?\d+)\s*$")


def parse_card_text(text: str, factions: Mapping[str, Faction]) -> Card:
    """Read one card in notation against a table of factions.

    Args:
        text: ``"Kn7"``, ``"kn7"`` or ``"knights 7"``.
        factions: The variant's factions by name.

    Returns:
        The card, with its faction's code.

    Raises:
        NotationError: The text is not a card of one of these factions.
    """
    if isinstance(text, str) and len(text) > MAX_NOTATION_CHARS:
        raise NotationError(text, f"notation is at most {MAX_NOTATION_CHARS} characters")
    match = _CARD_RE.match(text) if isinstance(text, str) else None
    if match is None:
        raise NotationError(str(text), "expected a faction code and a value, like 'Kn7'")
    word, number = match.group(1).lower(), int(match.group(2))
    for faction in factions.values():
        if word in (faction.code.lower(), faction.name):
            if number not in faction.values:
                raise NotationError(
                    text,
                    f"{faction.title} have no card of value {number} "
                    f"(values: {sorted(set(faction.values))})",
                )
            return Card(faction.name, number, faction.code)
    codes = ", ".join(f"{f.code} ({f.name})" for f in factions.values())
    raise NotationError(text, f"no faction with code {match.group(1)!r}; codes: {codes}")
