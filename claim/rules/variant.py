"""Variants: which factions, how many players, which rule options.

A [`Variant`][] is a value: two variants with the same definition are equal. When
it is built it checks its structure (players, unique names and codes, a deck that
deals evenly) and derives [`DeckTables`][], the per-variant tables the engine
reads in its inner loop: the deck as cards indexed by position, faction masks, the
follow and wild masks the static hooks define, the moves of every card, and which
factions override which trick hook.

Loading from YAML and the official-mix rules live in [`claim.rules.loading`][].
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Iterator, Mapping
from functools import lru_cache
from typing import Any

import attrs

from claim.core._checks import MAX_DECK, MAX_NAME_CHARS, MAX_VALUE, expect_type
from claim.core._chunks import gather
from claim.core.cards import Card, Faction, PowerSpec, parse_card_text
from claim.core.errors import UnknownNameError, VariantError, quote, shorten
from claim.rules._masked_notation import parse_masked
from claim.rules.protocol import RuleOption, option_fields
from claim.rules.registry import registry
from claim.rules.variant_tables import DeckTables, build_tables, ids_in

__all__ = ["HAND_SIZES", "Variant"]

HAND_SIZES = {2: 13, 3: 12, 4: 9}
"""Official hand sizes per player count (RULES 2)."""


def _check_options(variant: Variant) -> None:
    """Every option set must be declared by a power of the variant, with a valid value."""
    declared: dict[str, RuleOption] = {}
    for faction in variant.factions:
        declared.update(option_fields(registry.get(faction.power.name)))
    for name, value in variant.options:
        option = declared.get(name)
        if option is None:
            near = difflib.get_close_matches(name, declared, n=1)
            hint = f"; did you mean {near[0]!r}?" if near else ""
            known = ", ".join(sorted(declared)) or "none"
            raise VariantError(
                f"unknown rule option {quote(name)}{hint} (options of these factions: {known})",
                key=f"options.{name}",
            )
        if value not in option.choices or type(value) is not type(option.default):
            raise VariantError(
                f"rule option {name!r} cannot be {quote(value)}; "
                f"choose one of {list(option.choices)}",
                key=f"options.{name}",
            )


_TEAMS = {2: ((0,), (1,)), 3: ((0,), (1,), (2,)), 4: ((0, 2), (1, 3))}
"""The scoring parties by number of players (`Variant.teams`)."""


def _factions_tuple(factions: Iterable[Faction]) -> tuple[Faction, ...]:
    expect_type("factions", factions, (list, tuple), "a list or tuple of factions")
    return tuple(factions)


def _options_tuple(options: Any) -> tuple[tuple[str, Any], ...]:
    if isinstance(options, Mapping):
        items = list(options.items())
    else:
        expect_type("options", options, (list, tuple), "a mapping of rule options")
        items = list(options)
    for item in items:
        if not (isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], str)):
            raise VariantError(f"a rule option must be a (name, value) pair, not {quote(item)}",
                               key="options")
    return tuple(sorted(items, key=lambda item: item[0]))


def _check_fields(variant: Variant) -> None:
    """The plain fields have the types they are documented with."""
    for field in ("name", "title", "description"):
        value = getattr(variant, field)
        if not isinstance(value, str) or len(value) > (2 * MAX_NAME_CHARS if field == "name"
                                                       else 100 * MAX_NAME_CHARS):
            raise VariantError(f"{field} must be a short str, not {quote(value)}", key=field)
    if type(variant.players) is not int or variant.players not in HAND_SIZES:
        raise VariantError(f"players must be 2, 3 or 4, not {quote(variant.players)}",
                           key="players")
    if not isinstance(variant.house, bool):
        raise VariantError(f"house must be True or False, not {quote(variant.house)}",
                           key="house")


def _check_faction(faction: object) -> None:
    """One faction: its fields' types, its values, its power's parameters."""
    if not isinstance(faction, Faction):
        raise VariantError(f"expected a Faction, got {quote(faction)}", key="factions")
    where = f"factions.{shorten(str(faction.name), 40)}"
    for field in ("name", "code", "title", "box"):
        value = getattr(faction, field)
        short = field in ("title", "box") or (
            isinstance(value, str) and 0 < len(value) <= MAX_NAME_CHARS
        )
        if not isinstance(value, str) or not short:
            raise VariantError(f"{field} must be a short str, not {quote(value)}",
                               key=f"{where}.{field}")
    for value in faction.values:
        if type(value) is not int or not -MAX_VALUE <= value <= MAX_VALUE:
            raise VariantError(
                f"a card value must be an int from {-MAX_VALUE} to {MAX_VALUE}, not "
                f"{quote(value)}", key=f"{where}.values",
            )
    power = faction.power
    if not isinstance(power, PowerSpec) or not isinstance(power.name, str):
        raise VariantError(f"expected a PowerSpec, got {quote(power)}", key=f"{where}.power")
    for item in power.params:
        value = item[1] if isinstance(item, tuple) and len(item) == 2 else None
        if not isinstance(value, (str, int, float)) or not isinstance(item[0], str):
            raise VariantError(
                f"a power parameter must be a (name, plain value) pair, not {quote(item)}",
                key=f"{where}.power",
            )


def _check_notation_words(factions: tuple[Faction, ...]) -> None:
    """Codes and names are read case-insensitively, in one namespace: no faction's
    code or name may be another faction's code or name (``un`` beside Undead's ``Un``,
    or a faction named ``un``), else ``un 5`` would be ambiguous.

    Notation is the code (letters only) or name then the value (digits), so a word
    that is a prefix of another is never ambiguous: the whole word before the digits
    is compared.
    """
    owner: dict[str, str] = {}
    for faction in factions:
        for attribute in ("code", "name"):
            word = getattr(faction, attribute).lower()
            other = owner.setdefault(word, faction.name)
            if other != faction.name:
                raise VariantError(
                    f"factions {other!r} and {faction.name!r} share the word {word!r} "
                    "(codes and names are read case-insensitively)",
                    key="factions",
                )


@attrs.frozen(eq=False)
class Variant:
    """A playable variant: its factions, players and rule options.

    Build one with [`claim.load_variant`][] (a built-in name or a YAML file) or
    [`claim.mix`][]; constructing it directly works too and runs the same
    structural checks.

    Attributes:
        name: Identifier of the variant (``"claim"``).
        title: Display name.
        players: 2, 3 or 4 (4 plays in teams: seats 0 and 2 against 1 and 3).
        factions: The factions of the deck, in deck order.
        options: Rule options set by the variant, as sorted ``(name, value)`` pairs;
            options not listed take their defaults.
        house: True for a house mix that need not follow the official deck rules.
        description: Free text.
        tables: Derived per-variant tables (see [`DeckTables`][]).
        derived: Values derived from the variant on first use, kept with it
            ([`claim.core.cache.per_variant`][]): they go when the variant goes.
    """

    name: str
    title: str
    players: int
    factions: tuple[Faction, ...] = attrs.field(converter=_factions_tuple)
    options: tuple[tuple[str, Any], ...] = attrs.field(default=(), converter=_options_tuple)
    house: bool = False
    description: str = ""
    tables: DeckTables = attrs.field(init=False, repr=False)
    derived: dict[object, Any] = attrs.field(init=False, repr=False, factory=dict)

    def __attrs_post_init__(self) -> None:
        self._check_structure()
        _check_options(self)
        tables = build_tables(self)
        self._check_size(tables)
        object.__setattr__(self, "tables", tables)

    def _check_structure(self) -> None:
        _check_fields(self)
        if not self.factions:
            raise VariantError("a variant needs at least one faction", key="factions")
        size = 0
        for faction in self.factions:
            _check_faction(faction)
            size += len(faction.values)
            if size > MAX_DECK:
                raise VariantError(f"a deck holds at most {MAX_DECK} cards", key="factions")
        _check_notation_words(self.factions)
        if size == 0:
            raise VariantError("a deck needs at least one card", key="factions")

    def _check_size(self, tables: DeckTables) -> None:
        """The deck dealt (less the cards set aside, E33) deals evenly (RULES 2)."""
        size = len(tables.deck) - sum(count for _, _, count in tables.asides)
        if size == 0 or size % (2 * self.players):
            aside = len(tables.deck) - size
            raise VariantError(
                f"a deck of {size} cards{f' (and {aside} set aside)' if aside else ''} "
                f"cannot be dealt to {self.players} players: "
                f"it must be 2 x players x hand size (RULES 2)",
                key="factions",
            )

    # Identity by definition, not by derived tables.

    def _key(self) -> tuple[object, ...]:
        return (self.name, self.title, self.players, self.factions, self.options, self.house)

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Variant):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (_rebuild, (self.name, self.title, self.players, self.factions,
                           self.options, self.house, self.description))

    # Derived facts.

    @property
    def deck(self) -> tuple[Card, ...]:
        """Every card of the deck, indexed by card id."""
        return self.tables.deck

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player: the deck dealt (the deck less the cards set
        aside at the deal, E33) / (2 x players) (RULES 2)."""
        return self.dealt_size // (2 * self.players)

    @property
    def dealt_size(self) -> int:
        """How many cards are dealt: the deck less the cards set aside (E33, E45)."""
        tables = self.tables
        return len(tables.deck) - sum(count for _, _, count in tables.asides)

    @property
    def face_up_count(self) -> int:
        """Face-up cards per phase 1 trick: 1 with two players, 2 otherwise."""
        return 1 if self.players == 2 else 2

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The scoring parties: one per seat, or seats 0+2 and 1+3 with four players."""
        return _TEAMS[self.players]

    def faction(self, name: str) -> Faction:
        """The faction called ``name``.

        Raises:
            UnknownNameError: The variant has no such faction.
            ArgumentError: ``name`` is not a str.
        """
        expect_type("faction name", name, str, "a str")
        for faction in self.factions:
            if faction.name == name:
                return faction
        raise UnknownNameError("faction", name, (f.name for f in self.factions))

    def faction_mask(self, name: str) -> int:
        """The mask of every card of faction ``name`` (0 if the variant lacks it).

        Raises:
            ArgumentError: ``name`` is not a str.
        """
        if name.__class__ is not str:
            expect_type("faction name", name, str, "a str")
        index = self.tables.faction_index.get(name)
        return 0 if index is None else self.tables.faction_masks[index]

    def option(self, name: str) -> Any:
        """The value of a rule option, its default when the variant does not set it.

        Raises:
            UnknownNameError: No power of this variant declares the option.
            ArgumentError: ``name`` is not a str.
        """
        expect_type("option name", name, str, "a str")
        declared = self.rule_options()
        if name not in declared:
            raise UnknownNameError("rule option", name, declared)
        return declared[name]

    def rule_options(self) -> dict[str, Any]:
        """Every rule option the variant's powers declare, with its value."""
        chosen = dict(self.options)
        found: dict[str, Any] = {}
        for power in self.tables.powers:
            for name, option in option_fields(type(power)).items():
                found[name] = chosen.get(name, option.default)
        return found

    def ids_in(self, mask: int) -> Iterator[int]:
        """The card ids in a mask, in deck order."""
        return ids_in(mask)

    def cards_in(self, mask: int) -> tuple[Card, ...]:
        """The cards in a mask, in deck order."""
        if mask >> len(self.tables.deck) or mask < 0:
            raise IndexError(f"card ids beyond the deck in the mask {mask:#x}")
        return gather(mask, self.tables.card_chunks)

    def parse_card(self, text: str) -> Card:
        """Read a card of this variant in notation (``"Kn7"``).

        Raises:
            NotationError: Not a card of this variant (or longer than
                `MAX_NOTATION_CHARS`).
            ArgumentError: ``text`` is not a str.
        """
        expect_type("card text", text, str, "a str like 'Kn7'")
        if ":" in text:
            return parse_masked(text, self.factions, self.tables.powers)
        return parse_card_text(text, {f.name: f for f in self.factions})


@lru_cache(maxsize=64)
def _rebuild(
    name: str,
    title: str,
    players: int,
    factions: tuple[Faction, ...],
    options: tuple[tuple[str, Any], ...],
    house: bool,
    description: str,
) -> Variant:
    """Rebuild a pickled variant once per process, so unpickled states share it."""
    return Variant(name, title, players, factions, options, house, description)

