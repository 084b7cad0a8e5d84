"""What `claim.io.svg` draws: a scene, read from a view (a seat, a spectator) or, for the
referee, from a state.

A seat's or a spectator's scene is read from the [`View`][claim.rules.views.View] alone,
field by field, so a picture can show nothing the view does not (RULES 7). The
referee's scene is the spectator's plus what only the referee sees: every hand and
follower pile, the hidden zones and the top card of the draw pile.
"""

from __future__ import annotations

from collections.abc import Hashable

import attrs

from claim.core.cards import Card
from claim.core.moves import Move
from claim.core.zones import Phase
from claim.rules.engine.scoring import FactionVote, faction_votes
from claim.rules.state import GameState
from claim.rules.variant import Variant
from claim.rules.views import View, ViewRecord, ZoneView

__all__ = ["Scene", "SeatScene", "ZoneScene", "scene_of_state", "scene_of_view"]


@attrs.frozen
class ZoneScene:
    """A zone as drawn: its cards in order, or None when they are hidden."""

    name: str
    cards: tuple[Card, ...] | None
    count: int


@attrs.frozen
class SeatScene:
    """One seat's side of the table; ``None`` for cards drawn face down."""

    seat: int
    hand: tuple[Card, ...] | None
    hand_size: int
    followers: tuple[Card, ...] | None
    follower_size: int
    score: tuple[Card, ...]
    zones: tuple[ZoneScene, ...]


@attrs.frozen
class Scene:
    """Everything a picture shows.

    Attributes:
        trick: The current trick, or the last completed one when none is under way.
        trick_done: Whether ``trick`` is a completed trick.
        winner: The seat that won ``trick``, once known.
        trick_number: How many tricks of the phase were completed before ``trick``.
        last: The last move as ``(seat, move)``, if any.
        choices: The answers to the pending question, when the viewer may see them.
        seen_top: The card the viewer saw on top of the draw pile (a Seer's peek),
            while the question it is about is pending.
    """

    variant: Variant
    viewer: int | str | None
    phase: Phase
    current: int | None
    leader: int
    draw_size: int
    draw_top: Card | None
    face_up: tuple[Card, ...]
    trick: tuple[tuple[int, Card], ...]
    trick_done: bool
    winner: int | None
    trick_number: int
    seats: tuple[SeatScene, ...]
    shared: tuple[ZoneScene, ...]
    powers: tuple[tuple[str, Hashable], ...]
    votes: tuple[FactionVote, ...]
    pending: str | None
    last: tuple[int, Move] | None
    discard: int
    choices: tuple[str, ...] = ()
    seen_top: Card | None = None


def _completed(history: tuple[ViewRecord, ...], phase: Phase) -> tuple[object, int]:
    """The last completed trick event (read by its fields, so any event class that has
    ``plays`` and ``ranking`` counts), and how many tricks of ``phase`` were done."""
    last: object = None
    done = 0
    for record in history:
        for event in record.events:
            if hasattr(event, "ranking") and hasattr(event, "plays"):
                last = event
                done += getattr(event, "phase", phase) is phase
    return last, done


def _trick(view: View) -> tuple[tuple[tuple[int, Card], ...], bool, int | None, int]:
    """The trick to draw: the current one, else the last completed one."""
    last, done = _completed(view.history, view.phase)
    if view.trick or last is None:
        return view.trick, False, None, done
    plays: tuple[tuple[int, Card], ...] = getattr(last, "plays", ())
    ranking: tuple[int, ...] = getattr(last, "ranking", ())
    same_phase = getattr(last, "phase", view.phase) is view.phase
    return plays, True, ranking[0] if ranking else None, done - same_phase


def _peeked(view: View) -> Card | None:
    """The card the viewer saw since the last trick was completed (a Seer's peek: a
    ``Peeked`` event, which a view shows only to the seat that peeked)."""
    for record in reversed(view.history):
        for event in record.events:
            if type(event).__name__ == "Peeked" and getattr(event, "seat", None) == view.seat:
                card: Card = getattr(event, "card")  # noqa: B009  (read by name: no import)
                return card
        if any(hasattr(event, "ranking") for event in record.events):
            return None
    return None


def _zone(zone: ZoneView) -> ZoneScene:
    return ZoneScene(zone.name, zone.cards if zone.public else None, zone.count)


def _ids_of(pool: dict[Card, list[int]], cards: tuple[Card, ...]) -> tuple[int, ...]:
    """Deck ids holding ``cards``, in their order, each taken from ``pool``."""
    return tuple(pool[shown].pop() for shown in cards if pool.get(shown))


def _mask(ids: tuple[int, ...]) -> int:
    mask = 0
    for cid in ids:
        mask |= 1 << cid
    return mask


def _public_votes(view: View) -> tuple[FactionVote, ...]:
    """The current votes, from a position built of the view's public facts only: the
    score piles, the public zones and the power states (a vote reads nothing else)."""
    variant = view.variant
    pool: dict[Card, list[int]] = {}
    for cid in reversed(range(len(variant.deck))):
        pool.setdefault(variant.deck[cid], []).append(cid)
    scores = tuple(_mask(_ids_of(pool, pile)) for pile in view.score_piles)
    zones: list[tuple[int, ...]] = []
    for zone in view.zones:
        ids = _ids_of(pool, zone.cards)
        if zone.seat is None:
            zones.append(ids)
        elif zone.seat == 0:
            zones.append((_mask(ids),))
        else:
            zones[-1] += (_mask(ids),)
    empty = (0,) * variant.players
    public = GameState(
        variant=variant, phase=view.phase, leader=view.leader, trick=(), hand_masks=empty,
        draw_pile=(), face_up=(), follower_masks=empty, score_masks=scores,
        zones=tuple(zones), discard_mask=0,
        power_states=tuple(state for _, state in view.power_states), chance=(),
        pending=None, queue=(), records=(),
    )
    return faction_votes(public)


def _seats(view: View) -> tuple[SeatScene, ...]:
    out = []
    for seat in range(view.variant.players):
        mine = seat == view.seat
        zones = tuple(_zone(z) for z in view.zones if z.seat == seat)
        out.append(SeatScene(
            seat, view.hand if mine else None, view.hand_sizes[seat],
            view.follower_pile if mine else None, view.follower_sizes[seat],
            view.score_piles[seat], zones,
        ))
    return tuple(out)


def scene_of_view(view: View, votes: tuple[FactionVote, ...] | None = None) -> Scene:
    """The scene of a seat's or a spectator's view, read from the view alone.

    Args:
        view: The view.
        votes: The votes, when the caller has them from the state (the referee).
    """
    trick, done, winner, number = _trick(view)
    pending, seen = None, None
    choices: tuple[str, ...] = ()
    if view.pending is not None:
        pending = f"seat {view.pending.seat}: {view.pending.prompt}"
        choices = tuple(str(move) for move in view.legal_moves)
        seen = _peeked(view) if view.seat is not None else None
    last = (view.history[-1].seat, view.history[-1].move) if view.history else None
    return Scene(
        view.variant, view.seat, view.phase, view.current_player, view.leader,
        view.draw_pile_size, None, view.face_up, trick, done, winner, number,
        _seats(view), tuple(_zone(z) for z in view.zones if z.seat is None),
        tuple(p for p in view.power_states if p[1] is not None),
        _public_votes(view) if votes is None else votes, pending, last,
        len(view.discard) + view.unseen_discards, choices, seen,
    )


def scene_of_state(state: GameState) -> Scene:
    """The referee's scene: the spectator's, with every hidden card shown."""
    public = scene_of_view(state.view(None), faction_votes(state))
    seats = tuple(
        attrs.evolve(seat, hand=state.hand(seat.seat), followers=state.follower_pile(seat.seat),
                     zones=tuple(_reveal(state, z, seat.seat) for z in seat.zones))
        for seat in public.seats
    )
    shared = tuple(_reveal(state, z, None) for z in public.shared)
    top = state.variant.deck[state.draw_pile[0]] if state.draw_pile else None
    choices = tuple(str(move) for move in state.pending_moves)
    return attrs.evolve(public, viewer="referee", seats=seats, shared=shared, draw_top=top,
                        choices=choices)


def _reveal(state: GameState, zone: ZoneScene, seat: int | None) -> ZoneScene:
    if zone.cards is not None:
        return zone
    return ZoneScene(zone.name, state.zone(zone.name, seat), zone.count)
