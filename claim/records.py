"""Frozen records of what each applied move caused.

``state.apply(move)`` appends one [`MoveRecord`][] to ``state.records``: the seat
that moved, the move, and the events it caused in order. Most card plays cause no
event; the play that completes a trick causes the trick's ranking, where each of its
cards went, who recruited what, who leads next, and so on.

Some events are private (``private`` is true): only ``seat`` may see their card. A
player's view must show them to that seat alone (RULES 7).
"""

from __future__ import annotations

from typing import Any, ClassVar

import attrs

from claim._fast import pickle_by_fields
from claim.cards import Card
from claim.moves import Move
from claim.zones import Phase, Zone

__all__ = [
    "CardDrawn",
    "Event",
    "FaceUpTaken",
    "FaceUpTurned",
    "LeaderChosen",
    "MoveRecord",
    "Peeked",
    "PhaseStarted",
    "Placed",
    "RawEvent",
    "Smashed",
    "TrickCompleted",
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
    """A card of a finished trick (or a waiting card) went to a zone.

    Attributes:
        card: The card.
        zone: Where it went.
        seat: Whose zone it is, or None for shared zones (discard, waiting line).
    """

    private: ClassVar[bool] = False
    card: Card
    zone: Zone
    seat: int | None


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
    """A Seer's winner looked at the top card of the draw pile. Private to ``seat``."""

    private: ClassVar[bool] = True
    seat: int
    card: Card


@pickle_by_fields
@attrs.frozen
class Smashed:
    """A Giant's captor smashed an opponent's Gnome, which left the game."""

    private: ClassVar[bool] = False
    seat: int
    victim: int
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
    | Smashed
    | LeaderChosen
    | PhaseStarted
)
"""Any event."""


RawEvent = tuple[Any, ...]
"""An event as the engine stores it: its class (or a named constructor such as
[`TrickCompleted.from_raw`][]), then the arguments that build it."""


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
        return tuple(raw[0](*raw[1:]) for raw in self.raw_events)
