"""The faction hook protocol, its neutral defaults, and the power registry.

A *power* is a small frozen object, one per faction of a variant, that overrides
only the hooks its faction changes. Every hook has a neutral default meaning "no
opinion"; a faction without a power (Goblins) is the base class itself.

Hooks come in two kinds:

* **Static hooks** (:meth:`FactionPower.lead_faction`, :meth:`FactionPower.counts_as`,
  :meth:`FactionPower.always_playable`) are asked once, when the variant is built,
  and turned into card masks. They make legal moves a few integer operations.
* **Trick hooks** (:meth:`FactionPower.rank_key`, :meth:`FactionPower.place`,
  :meth:`FactionPower.next_leader`, :meth:`FactionPower.grants_peek`) are called by
  the engine at fixed points of a trick, in the order the rules fix (ranking,
  placing, next leader, decisions), for a faction only when it overrides the hook
  and only in the phases its power declares (:attr:`FactionPower.phases`);
  :meth:`FactionPower.finish` is called once when the game ends. Hooks return values
  or effects; they never change anything.

Powers belong to physical cards only (R11): a hook is asked about a card only by
the card's own faction, so a Doppelganger counting as Undead never triggers the
Undead power.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

import attrs

from claim.cards import Card
from claim.errors import ArgumentError, RegistryError, UnknownNameError
from claim.zones import Phase, Zone

if TYPE_CHECKING:
    from claim.state import GameState
    from claim.variant import Variant

__all__ = [
    "ENTRY_POINT_GROUP",
    "Effect",
    "FactionPower",
    "Placement",
    "PowerRegistry",
    "RankKey",
    "RuleOption",
    "SmashRight",
    "Trick",
    "registry",
]

ENTRY_POINT_GROUP = "claim.powers"
"""Entry-point group through which installed packages provide powers."""

RankKey = tuple[int, int, int, int]
"""A card's rank in a trick: compared as a tuple, higher ranks first.

The default key is ``(group, value, 0, -position)``, where group is 1 for the led
card and every card that counts as the lead faction and 0 for the others (RULES 3).
"""


@attrs.frozen
class Placement:
    """Effect: move a card to a zone.

    Attributes:
        card: The card's position in the variant's deck.
        zone: Where it goes.
        seat: Whose zone, for per-player zones; None for shared ones.
    """

    card: int
    zone: Zone
    seat: int | None = None


@attrs.frozen
class SmashRight:
    """Effect: ``seat`` may smash one opposing card of ``prey`` with this value.

    The engine turns each right into a decision (smash which card, or none),
    asked only when there is something to smash (R15).
    """

    seat: int
    value: int
    prey: str


Effect = Placement | SmashRight
"""What a :meth:`FactionPower.place` hook may return."""


@attrs.frozen(slots=True)
class Trick:
    """A complete trick as the trick hooks see it.

    Attributes:
        variant: The variant being played.
        phase: The phase the trick was played in.
        seats: The seat of each card, in play order (the leader first).
        cards: The deck positions of the cards, in play order.
        lead_faction: The name of the lead faction (R3).
        ranking: Positions (indices into ``cards``) from rank 1 down; empty while
            the trick is being ranked.
        waiting: The deck positions in the waiting line before this trick settles.
    """

    variant: Variant
    phase: Phase
    seats: tuple[int, ...]
    cards: tuple[int, ...]
    lead_faction: str
    ranking: tuple[int, ...] = ()
    waiting: tuple[int, ...] = ()

    def card(self, position: int) -> Card:
        """The card played at ``position``."""
        return self.variant.deck[self.cards[position]]

    def faction(self, position: int) -> str:
        """The physical faction of the card played at ``position``."""
        return self.variant.deck[self.cards[position]].faction

    @property
    def winner(self) -> int:
        """The seat of rank 1."""
        return self.seats[self.ranking[0]]

    def send(self, positions: tuple[int, ...], zone: Zone, seat: int | None) -> list[Placement]:
        """Placements sending the cards at ``positions`` to ``zone`` of ``seat``."""
        return [Placement(self.cards[p], zone, seat) for p in positions]

    @property
    def last(self) -> int:
        """The seat of the last rank (the loser with two players, R6)."""
        return self.seats[self.ranking[-1]]


@attrs.frozen
class RuleOption:
    """A named rule option a power reads from the variant's ``options``.

    Attributes:
        name: The option's name in variant data (``"dragon_lead"``).
        field: The power's attribute that receives the value.
        default: The value when the variant does not set it.
        choices: The allowed values.
        doc: One line on what the option changes.
    """

    name: str
    field: str
    default: Any
    choices: tuple[Any, ...]
    doc: str


@attrs.frozen
class FactionPower:
    """Base of every power: the neutral default for every hook.

    Subclasses are ``attrs`` frozen classes; their extra attributes are the power's
    parameters (set per faction in the variant data) and rule options (set per
    variant, declared in :attr:`rule_options`).

    Attributes:
        faction: The name of the faction this power is bound to.
    """

    name: ClassVar[str] = "none"
    rule_options: ClassVar[tuple[RuleOption, ...]] = ()
    phases: ClassVar[frozenset[Phase]] = frozenset({Phase.RECRUIT, Phase.SUPPORT})
    """The phases in which the engine calls this power's trick hooks."""
    faction_params: ClassVar[tuple[str, ...]] = ()
    """Parameters that name a faction; a variant checks they name another of its own."""
    prey_params: ClassVar[tuple[str, ...]] = ()
    """Faction parameters naming cards to smash: the named faction's power must have
    `lays_in_front` (Giants' ``prey``)."""
    lays_in_front: ClassVar[bool] = False
    """Whether the cards of this faction a player captures lie face up in front of
    them (Gnomes), where a Giant can smash them."""

    faction: str

    # Static hooks: asked once per variant.

    def lead_faction(self) -> str:
        """The faction a trick is led in when a card of this faction leads it."""
        return self.faction

    def counts_as(self, lead: str) -> str:
        """The faction a card of this faction counts as when following ``lead``."""
        return self.faction

    def always_playable(self) -> bool:
        """Whether these cards may be played even by a player able to follow."""
        return False

    # Trick hooks: called only for factions that override them.

    def rank_key(self, trick: Trick, position: int) -> RankKey | None:
        """The rank key of this faction's card at ``position``; None for the default."""
        return None

    def place(self, trick: Trick, positions: tuple[int, ...]) -> Sequence[Effect] | None:
        """Where this faction's cards of a finished trick go, or None for the default.

        Called for a finished, ranked trick holding cards of this faction, or while
        the waiting line holds some (then ``positions`` may be empty). The default
        discards the cards in phase 1 and gives them to the winner's score pile in
        phase 2. Returned placements may also move this faction's waiting cards.
        """
        return None

    def next_leader(self, trick: Trick) -> int | None:
        """The seat that leads the next trick, or None to leave it to the winner."""
        return None

    def grants_peek(self, trick: Trick) -> bool:
        """Whether winning a phase 1 trick with this card lets the winner peek (Seers)."""
        return False

    def finish(self, state: GameState) -> Sequence[Placement]:
        """Placements to make when the game ends, before scoring."""
        return ()


def overrides(power: FactionPower, hook: str) -> bool:
    """Whether ``power`` overrides the named hook of :class:`FactionPower`."""
    return getattr(type(power), hook) is not getattr(FactionPower, hook)


P = TypeVar("P", bound=type[FactionPower])


class PowerRegistry:
    """The one registry of power classes, by name.

    Built-in powers register on import; installed packages add theirs through the
    ``claim.powers`` entry-point group (each entry point names a power class), which
    is read the first time a name is looked up that is not yet registered.
    """

    def __init__(self) -> None:
        self._powers: dict[str, type[FactionPower]] = {}
        self._entry_points_loaded = False

    def register(self, power: P) -> P:
        """Register a power class under its ``name``; usable as a class decorator.

        Raises:
            ArgumentError: ``power`` is not a subclass of `FactionPower`.
            RegistryError: Another class is registered under the same name, or the
                name is not a str (a `ValueError` too).
        """
        if not (isinstance(power, type) and issubclass(power, FactionPower)):
            raise ArgumentError("power", power, "a subclass of FactionPower")
        if not isinstance(power.name, str) or not power.name:
            raise RegistryError(f"power {power.__name__} needs a str name, not {power.name!r}")
        existing = self._powers.get(power.name)
        if existing is not None and existing is not power:
            raise RegistryError(f"power name {power.name!r} is already taken by {existing!r}")
        self._powers[power.name] = power
        return power

    def get(self, name: str) -> type[FactionPower]:
        """The power class registered as ``name``.

        Raises:
            UnknownNameError: No such power, even among installed plugins.
            ArgumentError: ``name`` is not a str.
        """
        if not isinstance(name, str):
            raise ArgumentError("power name", name, "a str")
        if name not in self._powers:
            self.load_entry_points()
        try:
            return self._powers[name]
        except KeyError:
            raise UnknownNameError("power", name, self._powers) from None

    def names(self) -> tuple[str, ...]:
        """Every registered power name, plugins included, sorted."""
        self.load_entry_points()
        return tuple(sorted(self._powers))

    def load_entry_points(self) -> None:
        """Register the powers that installed packages declare (once)."""
        if self._entry_points_loaded:
            return
        self._entry_points_loaded = True
        from importlib import metadata  # slow to import; needed only here

        for entry in metadata.entry_points(group=ENTRY_POINT_GROUP):
            self.register(entry.load())

    def __iter__(self) -> Iterator[str]:
        return iter(self.names())


registry = PowerRegistry()
"""The process-wide power registry."""

registry.register(FactionPower)


def option_fields(power: type[FactionPower]) -> dict[str, RuleOption]:
    """The rule options of a power class by option name."""
    return {option.name: option for option in power.rule_options}


def power_parameters(power: type[FactionPower]) -> tuple[str, ...]:
    """The parameter names a power class accepts from faction data."""
    option_attrs = {option.field for option in power.rule_options}
    return tuple(
        a.name for a in attrs.fields(power) if a.name != "faction" and a.name not in option_attrs
    )

