"""Variants: which factions, how many players, which rule options.

A [`Variant`][] is a value: two variants with the same definition are equal. When
it is built it checks its structure (players, unique names and codes, a deck that
deals evenly) and derives [`DeckTables`][], the per-variant tables the engine
reads in its inner loop: the deck as cards indexed by position, faction masks, the
follow and wild masks the static hooks define, the moves of every card, and which
factions override which trick hook.

Loading from YAML and the official-mix rules live in [`claim.loading`][].
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Iterator, Mapping
from functools import lru_cache
from typing import Any

import attrs

from claim import factions as _factions  # noqa: F401  (registers the built-in powers)
from claim.cards import Card, Faction, parse_card_text
from claim.errors import NotationError, UnknownNameError, VariantError
from claim.factions.protocol import RuleOption, option_fields, registry
from claim.tables import DeckTables, build_tables, ids_in

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
                f"unknown rule option {name!r}{hint} (options of these factions: {known})",
                key=f"options.{name}",
            )
        if value not in option.choices or type(value) is not type(option.default):
            raise VariantError(
                f"rule option {name!r} cannot be {value!r}; choose one of {list(option.choices)}",
                key=f"options.{name}",
            )


def _check_power_factions(variant: Variant, tables: DeckTables) -> None:
    """Faction names a power is given explicitly must be factions of the variant."""
    names = set(tables.faction_names)
    for i, faction in enumerate(variant.factions):
        power = tables.powers[i]
        for param in type(power).faction_params:
            given = dict(faction.power.params).get(param)
            if given is not None and given not in names:
                raise VariantError(
                    f"power {power.name!r} of {faction.name!r}: {param} names faction "
                    f"{given!r}, which is not in this variant ({', '.join(sorted(names))})",
                    key="factions",
                )


def _factions_tuple(factions: Iterable[Faction]) -> tuple[Faction, ...]:
    return tuple(factions)


def _options_tuple(options: Any) -> tuple[tuple[str, Any], ...]:
    items = options.items() if isinstance(options, Mapping) else options
    return tuple(sorted((str(k), v) for k, v in items))


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
    """

    name: str
    title: str
    players: int
    factions: tuple[Faction, ...] = attrs.field(converter=_factions_tuple)
    options: tuple[tuple[str, Any], ...] = attrs.field(default=(), converter=_options_tuple)
    house: bool = False
    description: str = ""
    tables: DeckTables = attrs.field(init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        self._check_structure()
        _check_options(self)
        tables = build_tables(self)
        _check_power_factions(self, tables)
        object.__setattr__(self, "tables", tables)

    def _check_structure(self) -> None:
        if self.players not in HAND_SIZES:
            raise VariantError(f"players must be 2, 3 or 4, not {self.players!r}", key="players")
        if not self.factions:
            raise VariantError("a variant needs at least one faction", key="factions")
        for attribute in ("name", "code"):
            seen: set[str] = set()
            for faction in self.factions:
                value = getattr(faction, attribute).lower()
                if value in seen:
                    raise VariantError(
                        f"two factions share the {attribute} {value!r}", key="factions"
                    )
                seen.add(value)
        size = sum(len(f.values) for f in self.factions)
        if size == 0 or size % (2 * self.players):
            raise VariantError(
                f"a deck of {size} cards cannot be dealt to {self.players} players: "
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
        """Cards dealt to each player: deck size / (2 x players) (RULES 2)."""
        return len(self.tables.deck) // (2 * self.players)

    @property
    def face_up_count(self) -> int:
        """Face-up cards per phase 1 trick: 1 with two players, 2 otherwise."""
        return 1 if self.players == 2 else 2

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The scoring parties: one per seat, or seats 0+2 and 1+3 with four players."""
        if self.players == 4:
            return ((0, 2), (1, 3))
        return tuple((seat,) for seat in range(self.players))

    def faction(self, name: str) -> Faction:
        """The faction called ``name``.

        Raises:
            UnknownNameError: The variant has no such faction.
        """
        for faction in self.factions:
            if faction.name == name:
                return faction
        raise UnknownNameError("faction", name, (f.name for f in self.factions))

    def faction_mask(self, name: str) -> int:
        """The mask of every card of faction ``name`` (0 if the variant lacks it)."""
        index = self.tables.faction_index.get(name)
        return 0 if index is None else self.tables.faction_masks[index]

    def option(self, name: str) -> Any:
        """The value of a rule option, its default when the variant does not set it.

        Raises:
            UnknownNameError: No power of this variant declares the option.
        """
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
        deck = self.tables.deck
        return tuple(deck[cid] for cid in ids_in(mask))

    def parse_card(self, text: str) -> Card:
        """Read a card of this variant in notation (``"Kn7"``).

        Raises:
            NotationError: Not a card of this variant.
        """
        if not isinstance(text, str):
            raise NotationError(repr(text), "expected a string like 'Kn7'")
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
