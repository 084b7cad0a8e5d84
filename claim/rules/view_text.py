"""Views as readable text: what a client shows its player (RULES 7)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from claim.core.cards import Card
from claim.core.records import (
    CardDrawn,
    CardsExchanged,
    FaceUpTaken,
    FaceUpTurned,
    HiddenEvent,
    LeaderChosen,
    Peeked,
    PhaseStarted,
    Placed,
    PlacedUnseen,
    PowerStateChanged,
    TrickCompleted,
)
from claim.core.zones import Zone

if TYPE_CHECKING:
    from claim.rules.views import View, ViewEvent

__all__ = ["describe_event", "render"]


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(map(str, cards)) or "-"


def _where(zone: object) -> str:
    return zone.value if isinstance(zone, Zone) else str(zone)


def render(view: View) -> str:
    """A few lines of text: the table as the viewer sees it, then the last events."""
    who = "spectator" if view.seat is None else f"seat {view.seat}"
    lines = [f"{view.variant.title}, seen by {who}: {view.phase.value}, "
             f"to move: {view.current_player}"]
    if view.seat is not None:
        lines.append(f"your hand: {_cards(view.hand)}")
        if view.follower_pile:
            lines.append(f"your follower pile: {_cards(view.follower_pile)}")
    if view.face_up:
        lines.append(f"face up: {_cards(view.face_up)}")
    if view.trick:
        lines.append("trick: " + " ".join(f"{s}:{c}" for s, c in view.trick))
    for seat in range(view.variant.players):
        lines.append(f"seat {seat}: {view.hand_sizes[seat]} in hand, "
                     f"{view.follower_sizes[seat]} followers, "
                     f"score [{_cards(view.score_piles[seat])}]")
    lines.append(f"draw pile: {view.draw_pile_size} cards; discard [{_cards(view.discard)}]"
                 + (f" + {view.unseen_discards} unseen" if view.unseen_discards else ""))
    for zone in view.zones:
        owner = "" if zone.seat is None else f" of seat {zone.seat}"
        shown = _cards(zone.cards) if zone.public else f"{zone.count} hidden cards"
        lines.append(f"{zone.name}{owner}: {shown}")
    states = [f"{name}={value!r}" for name, value in view.power_states if value is not None]
    if states:
        lines.append("powers: " + ", ".join(states))
    if view.pending is not None:
        lines.append(f"waiting for seat {view.pending.seat}: {view.pending.prompt}")
    if view.legal_moves:
        lines.append("your moves: " + ", ".join(map(str, view.legal_moves)))
    for record in view.history[-3:]:
        said = "; ".join(filter(None, map(describe_event, record.events)))
        lines.append(f"  seat {record.seat} {record.move}" + (f": {said}" if said else ""))
    return "\n".join(lines)


def describe_event(event: ViewEvent) -> str:
    """One event in words; a hidden event says who did what, not the card."""
    if isinstance(event, HiddenEvent):
        seat = "" if event.seat is None else f"seat {event.seat} "
        return f"{seat}{event.kind} (hidden)"
    if isinstance(event, TrickCompleted):
        return f"seat {event.winner} wins the trick"
    if isinstance(event, (CardDrawn, FaceUpTaken)):
        return f"seat {event.seat} takes {event.card}"
    if isinstance(event, Peeked):
        return f"seat {event.seat} sees {event.card}"
    if isinstance(event, Placed):
        owner = "" if event.seat is None else f" of seat {event.seat}"
        return f"{event.card} to the {_where(event.zone)}{owner}"
    if isinstance(event, PlacedUnseen) and event.zone is Zone.HAND:  # one's own draw (E41)
        return f"seat {event.seat} draws {event.card} from the {_where(event.origin)}"
    if isinstance(event, FaceUpTurned):
        return f"face up {_cards(event.cards)}"
    if isinstance(event, CardsExchanged):
        return f"{event.card} swaps with {event.other}"
    if isinstance(event, PowerStateChanged):
        return f"{event.faction}: {event.value!r}"
    if isinstance(event, LeaderChosen):
        return f"seat {event.seat} leads"
    if isinstance(event, PhaseStarted):
        return f"phase {event.phase.value}"
    return ""
