"""Frozen records of what each applied move caused.

``state.apply(move)`` appends one [`MoveRecord`][] to ``state.records``: the seat
that moved, the move, and the events it caused in order. Most card plays cause no
event; the play that completes a trick causes the trick's ranking, where each of its
cards went, who recruited what, who leads next, and so on.

Some events are private (``private`` is true): only ``seat`` may see their card. A
player's view must show them to that seat alone (RULES 7).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import ClassVar

import attrs

from claim.core._fast import pickle_by_fields, slot_maker
from claim.core.cards import Card
from claim.core.moves import Move
from claim.core.zones import Phase, Zone

__all__ = [
    "CardDrawn",
    "HiddenEvent",
    "Event",
    "FaceUpTaken",
    "FaceUpTurned",
    "LeaderChosen",
    "MoveRecord",
    "Peeked",
    "PhaseStarted",
    "Placed",
    "RawEvent",
    "PlacedUnseen",
    "PowerStateChanged",
    "CardsExchanged",
    "TrickCompleted",
    "event_of",
]


@pickle_by_fields
@attrs.frozen
class TrickCompleted:
    """A trick was completed and ranked (RULES 3).

    Attributes:
        phase: The phase it was played in.
        plays: ``(seat, card)`` in play order, the leader first.
        lead_faction: The faction the trick was led in (R3).
        ranking: Seats from rank 1 (the winner) to the last rank.
    """

    private: ClassVar[bool] = False
    phase: Phase
    plays: tuple[tuple[int, Card], ...]
    lead_faction: str
    ranking: tuple[int, ...]

    @property
    def winner(self) -> int:
        """The seat of rank 1."""
        return self.ranking[0]

    @classmethod
    def from_raw(
        cls,
        phase: Phase,
        seats: tuple[int, ...],
        cards: tuple[Card, ...],
        lead_faction: str,
        ranking: tuple[int, ...],
    ) -> TrickCompleted:
        """Build the event from the engine's raw form (seats and cards apart)."""
        return cls(phase, tuple(zip(seats, cards)), lead_faction, ranking)


@pickle_by_fields
@attrs.frozen
class Placed:
    """A card went to a zone, in public (a trick's card, a waiting card, a smash).

    Attributes:
        card: The card.
        zone: Where it went (a `Zone`, or the name of a zone a power declares).
        seat: Whose zone it is, or None for shared zones (discard, waiting line).
        origin: Where it came from.
        origin_seat: Whose zone it came from, for per-seat zones.
    """

    private: ClassVar[bool] = False
    card: Card
    zone: Zone | str
    seat: int | None
    origin: Zone | str = Zone.TRICK
    origin_seat: int | None = None


@pickle_by_fields
@attrs.frozen
class PlacedUnseen:
    """A hidden card moved unseen (a Ghost's forgone top card): nobody sees it; but
    a card drawn from a hidden zone into a hand (a Fire Phoenix, E41) is seen by that
    hand's seat alone.

    Attributes:
        origin: Where it came from.
        zone: Where it went.
        seat: Whose zone it went to, if per seat.
        card: The card; for the referee's record only (and the drawer's, into a
            hand).
    """

    private: ClassVar[bool] = True
    origin: Zone | str
    zone: Zone | str
    seat: int | None
    card: Card


@pickle_by_fields
@attrs.frozen
class CardsExchanged:
    """Two cards traded places (a Shapeshifter's swap, E5). Public."""

    private: ClassVar[bool] = False
    card: Card
    other: Card


@pickle_by_fields
@attrs.frozen
class PowerStateChanged:
    """A power's own state changed (the moon, a declaration). Public.

    Attributes:
        faction: The faction whose power it is.
        value: The new state.
    """

    private: ClassVar[bool] = False
    faction: str
    value: Hashable


@pickle_by_fields
@attrs.frozen
class FaceUpTurned:
    """Cards were turned face up from the draw pile for the next trick."""

    private: ClassVar[bool] = False
    cards: tuple[Card, ...]


@pickle_by_fields
@attrs.frozen
class FaceUpTaken:
    """A player took a face-up card onto their follower pile (public)."""

    private: ClassVar[bool] = False
    seat: int
    card: Card


@pickle_by_fields
@attrs.frozen
class CardDrawn:
    """A player drew the top card of the draw pile onto their follower pile.

    Private: only ``seat`` sees the card (and a Seer winner who peeked at it, as
    their [`Peeked`][] event records).
    """

    private: ClassVar[bool] = True
    seat: int
    card: Card


@pickle_by_fields
@attrs.frozen
class Peeked:
    """A card was shown to ``seat`` alone (a Seer's peek at the top card). Private."""

    private: ClassVar[bool] = True
    seat: int
    card: Card


@pickle_by_fields
@attrs.frozen
class LeaderChosen:
    """Who leads the next trick, and the faction whose power decided it, if any."""

    private: ClassVar[bool] = False
    seat: int
    by_faction: str | None = None


@pickle_by_fields
@attrs.frozen
class PhaseStarted:
    """A new phase began (``Phase.OVER`` when the game ended)."""

    private: ClassVar[bool] = False
    phase: Phase


Event = (
    TrickCompleted
    | Placed
    | FaceUpTurned
    | FaceUpTaken
    | CardDrawn
    | Peeked
    | PlacedUnseen
    | CardsExchanged
    | PowerStateChanged
    | LeaderChosen
    | PhaseStarted
)
"""Any event."""


@attrs.frozen
class HiddenEvent:
    """An event whose card the viewer may not see: who did what, not the card.

    Views (`claim.rules.views`, RULES 7) show one in place of each event whose card
    their seat may not know.

    Attributes:
        kind: The hidden event's class name (``"CardDrawn"``, ``"Peeked"``,
            ``"PlacedUnseen"``, ``"Placed"``).
        seat: The seat it concerns (who drew, who peeked, whose zone), if any.
        origin: Where the card came from, when the event says.
        zone: Where it went, when the event says.
    """

    kind: str
    seat: int | None = None
    origin: Zone | str | None = None
    zone: Zone | str | None = None



_Zone = Zone | str
RawEvent = (
    tuple[Callable[[Phase, tuple[int, ...], tuple[Card, ...], str, tuple[int, ...]],
                   TrickCompleted], Phase, tuple[int, ...], tuple[Card, ...], str,
          tuple[int, ...]]
    | tuple[type[Placed], Card, _Zone, int | None]
    | tuple[type[Placed], Card, _Zone, int | None, _Zone, int | None]
    | tuple[type[PlacedUnseen], _Zone, _Zone, int | None, Card]
    | tuple[type[CardsExchanged], Card, Card]
    | tuple[type[PowerStateChanged], str, Hashable]
    | tuple[type[FaceUpTurned], tuple[Card, ...]]
    | tuple[type[FaceUpTaken] | type[CardDrawn] | type[Peeked], int | None, Card]
    | tuple[type[LeaderChosen], int, str | None]
    | tuple[type[PhaseStarted], Phase]
)
"""An event as the engine stores it: its class (or a named constructor such as
[`TrickCompleted.from_raw`][]), then the arguments that build it, typed per event
so that `mypy --strict` checks every place the engine records one."""


@pickle_by_fields
@attrs.frozen
class MoveRecord:
    """One applied move and what it caused.

    The engine stores events in a compact raw form (a tuple of the event's class
    and its fields), which costs a fraction of building the event objects on the hot
    path; [`events`][] builds the event objects when they are read.

    Attributes:
        seat: The seat that made the move.
        move: The move.
        raw_events: What the move caused, in order, in raw form.
    """

    seat: int
    move: Move
    raw_events: tuple[RawEvent, ...] = ()

    @property
    def events(self) -> tuple[Event, ...]:
        """What the move caused, in order."""
        return tuple([event_of(raw) for raw in self.raw_events])


def event_of(raw: RawEvent) -> Event:
    """The event ``raw`` (one of a record's `raw_events`) stands for."""
    return _BUILDERS.get(raw[0], raw[0])(*raw[1:])


def _builders() -> dict[object, Callable[..., Event]]:
    """Per raw event head, a function building the event its class (or named
    constructor) would build from the same arguments, through `slot_maker` (a
    fraction of a frozen class's ``__init__``: reading a view builds ~100 events)."""
    built: dict[object, Callable[..., Event]] = {
        cls: slot_maker(cls) for cls in (PlacedUnseen, CardsExchanged, PowerStateChanged,
                                         FaceUpTurned, FaceUpTaken, CardDrawn, Peeked,
                                         PhaseStarted)}
    make_placed, make_leader = slot_maker(Placed), slot_maker(LeaderChosen)
    make_trick = slot_maker(TrickCompleted)

    def placed(card: Card, zone: _Zone, seat: int | None, origin: _Zone = Zone.TRICK,
               origin_seat: int | None = None) -> Placed:
        return make_placed(card, zone, seat, origin, origin_seat)

    def leader(seat: int, by_faction: str | None = None) -> LeaderChosen:
        return make_leader(seat, by_faction)

    def trick(phase: Phase, seats: tuple[int, ...], cards: tuple[Card, ...],
              lead_faction: str, ranking: tuple[int, ...]) -> TrickCompleted:
        return make_trick(phase, tuple(zip(seats, cards)), lead_faction, ranking)

    built.update({Placed: placed, LeaderChosen: leader, TrickCompleted.from_raw: trick})
    return built


_BUILDERS = _builders()
