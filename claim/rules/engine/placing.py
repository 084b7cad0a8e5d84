"""The common placements, checked and carried out quickly (the checker's fast path,
`claim.rules.engine.effects.carry_out`): from the trick, the face-up cards, the top
of the draw pile or a declared public zone, to a pile, the discard or a declared
zone. Any other (or a wrong) placement is left to the checker's general path, which
carries it out or says what is wrong; the event a placement causes (`record_placement`)
is the same on both paths."""

from __future__ import annotations

from typing import Final

from claim.core.records import CardDrawn, FaceUpTaken, Placed, PlacedUnseen, RawEvent
from claim.core.zones import DISCARD, FOLLOWERS, RECRUIT, SCORE, Zone
from claim.rules.effects import Placement, ZoneRef
from claim.rules.engine.board import Board

__all__ = ["lift_declared", "place_simply", "record_placement"]

# Members as globals: reading Zone.TRICK costs about fifteen times a global in 3.11.
_TRICK: Final = Zone.TRICK
_FACE_UP: Final = Zone.FACE_UP
_DRAW_PILE: Final = Zone.DRAW_PILE


def place_simply(
    board: Board, effect: Placement, moved: set[int], events: list[RawEvent]
) -> bool:
    """The common placements, checked and carried out quickly: from the trick, the
    face-up cards or the top of the draw pile, to a pile, the discard or a declared
    zone. False, with nothing changed, for any other (or a wrong) placement: the
    general path then carries it out or says what is wrong."""
    card, zone, seat, origin = effect.card, effect.zone, effect.seat, effect.origin
    if card.__class__ is not int or card in moved or card < 0:
        return False
    bit = 1 << card
    if seat.__class__ is int and 0 <= seat < len(board.scores):
        # The most common placements, each in one step: a card of the trick to a
        # score pile or a declared per-seat zone, a recruit, or from a declared public
        # zone (a waiting line, in front of a player) to a score pile.
        if origin is _TRICK and board.unplaced & bit:
            if zone is SCORE:
                holder = board.scores
            else:
                index = board.variant.tables.seat_zone_lookup.get(zone)
                if index is None:
                    return _place_listed(board, effect, card, bit, moved, events)
                holder = board.writable_zones()[index]
            board.unplaced ^= bit
            holder[seat] |= bit
            moved.add(card)
            events.append((Placed, board.variant.tables.deck[card], zone, seat))
            return True
        if zone is FOLLOWERS and board.phase is RECRUIT:  # recruiting (RULES 3)
            deck = board.variant.tables.deck
            if origin is _FACE_UP and card in board.face_up:
                board.face_up.remove(card)
                events.append((FaceUpTaken, seat, deck[card]))  # as `record_placement` says it
            elif origin is _DRAW_PILE and board.draw_pile and board.draw_pile[0] == card:
                board.draw_pile = board.draw_pile[1:]
                events.append((CardDrawn, seat, deck[card]))
            else:
                return _place_listed(board, effect, card, bit, moved, events)
            board.followers[seat] |= bit
            moved.add(card)
            return True
        if zone is SCORE and origin in board.variant.tables.public_lookup:
            return _score_from_public(board, effect, card, bit, moved, events)
    return _place_listed(board, effect, card, bit, moved, events)


def _score_from_public(board: Board, effect: Placement, card: int, bit: int,
                       moved: set[int], events: list[RawEvent]) -> bool:
    """`place_simply` for a card of a declared public zone (a waiting line, in front
    of a player) going to the score pile of ``effect.seat`` (a seat)."""
    tables = board.variant.tables
    origin, from_seat = effect.origin, effect.origin_seat
    index, per_seat = tables.public_lookup[origin]
    zone = board.writable_zones()[index]
    if per_seat:
        if not (from_seat.__class__ is int and 0 <= from_seat < len(zone)
                and zone[from_seat] >> card & 1):
            return _place_listed(board, effect, card, bit, moved, events)
        zone[from_seat] ^= bit
    elif card in zone:
        zone.remove(card)
    else:
        return _place_listed(board, effect, card, bit, moved, events)
    board.scores[effect.seat] |= bit  # type: ignore[index]
    moved.add(card)
    events.append((Placed, tables.deck[card], effect.zone, effect.seat, origin,
                   from_seat))  # as `record_placement` says it
    return True


def _place_listed(board: Board, effect: Placement, card: int, bit: int, moved: set[int],
                  events: list[RawEvent]) -> bool:
    """`place_simply` for the other simple placements (``card`` is an int not moved
    before, ``bit`` its bit)."""
    zone, seat, origin = effect.zone, effect.seat, effect.origin
    deck = board.variant.tables.deck
    if card >= len(deck):
        return False
    target = _simple_target(board, zone, seat)
    if target is None:
        return False
    event: RawEvent | None = None
    if origin is _TRICK:
        if not board.unplaced & bit:
            return False
        board.unplaced ^= bit
        event = (Placed, deck[card], zone, seat)  # what `record_placement` says
    elif origin is _FACE_UP and card in board.face_up:
        board.face_up.remove(card)
    elif origin is _DRAW_PILE and board.draw_pile and board.draw_pile[0] == card:
        board.draw_pile = board.draw_pile[1:]
    elif origin is DISCARD and board.discard & bit:  # (the Awakeners' second deck, E12)
        board.discard ^= bit
    elif not _lift_simply(board, origin, effect.origin_seat, card):
        return False
    holder, index = target
    if holder is None:
        board.discard |= bit
    elif index < 0:
        holder.append(card)
    else:
        holder[index] |= bit
    moved.add(card)
    if event is None:
        record_placement(board, effect, card, events)
    else:
        events.append(event)
    return True


def _lift_simply(board: Board, origin: ZoneRef, seat: object, card: int) -> bool:
    """Take ``card`` from a declared public zone, if it lies there (else False)."""
    tables = board.variant.tables
    lookup = tables.zone_lookup
    if origin not in lookup:
        return False
    declared = lookup[origin]
    if not tables.zone_specs[declared].public:
        return False
    return lift_declared(board, declared, seat, card)


def _simple_target(
    board: Board, zone: ZoneRef, seat: object
) -> tuple[list[int] | None, int] | None:
    """Where a card placed in ``zone`` of ``seat`` goes, if valid: a list of masks and
    the seat's index in it, an ordered zone's list and -1, or None and 0 for the
    discard; None if the placement is not one of these simple ones."""
    index = seat if isinstance(seat, int) and 0 <= seat < board.variant.players else None
    if zone is SCORE:
        return None if index is None else (board.scores, index)
    if zone is DISCARD:
        return None if seat is not None else (None, 0)
    if zone is FOLLOWERS:
        return None if index is None or board.phase is not RECRUIT else (board.followers, index)
    lookup = board.variant.tables.zone_lookup
    if zone not in lookup:
        return None
    declared = lookup[zone]
    if board.variant.tables.zone_specs[declared].per_seat:
        return None if index is None else (board.writable_zones()[declared], index)
    return (board.writable_zones()[declared], -1) if seat is None else None


def record_placement(board: Board, effect: Placement, card: int, events: list[RawEvent]) -> None:
    """The event of a placement: public, private to its seat, or unseen (RULES 7)."""
    tables = board.variant.tables
    deck = tables.deck
    origin, zone = effect.origin, effect.zone
    if zone is FOLLOWERS and origin is _FACE_UP:
        events.append((FaceUpTaken, effect.seat, deck[card]))
    elif zone is FOLLOWERS and origin is _DRAW_PILE:
        events.append((CardDrawn, effect.seat, deck[card]))
    elif origin in tables.hidden_zones and zone not in tables.revealing_zones:
        events.append((PlacedUnseen, origin, zone, effect.seat, deck[card]))
    elif origin is _TRICK:
        events.append((Placed, deck[card], zone, effect.seat))
    else:
        events.append((Placed, deck[card], zone, effect.seat, origin, effect.origin_seat))


def lift_declared(board: Board, index: int, seat: object, card: int) -> bool:
    spec = board.variant.tables.zone_specs[index]
    zone = board.writable_zones()[index]
    if spec.per_seat:
        if type(seat) is not int or not 0 <= seat < len(zone) or not zone[seat] >> card & 1:
            return False
        zone[seat] &= ~(1 << card)
        return True
    if card not in zone or (not spec.public and zone[0] != card):
        return False
    zone.remove(card)
    return True
