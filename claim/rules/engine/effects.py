"""The one checker every effect passes before it changes a board.

`carry_out` takes the effects one hook call returned and applies them to a
`Board` in order, after checking each: it is an effect at all; its card exists and
lies where the effect says; no card moves twice in one call; it goes to a zone the
phase allows (never the draw pile or the trick; a hand only in phase 2, and only a
card of the trick back to the hand of the player who played it, E42, or the top card
of a hidden shared zone drawn, E41: so phase 1 hands change only by play, and it
ends as RULES 2 requires); a power state is hashable. Anything else
raises `PowerError` naming the power and the effect. Since a board is a scratch copy,
the caller's state is unchanged. The common placements are checked and carried out
on a fast path (`claim.rules.engine.placing`); the others here.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Final, cast

from claim.core.errors import PowerError
from claim.core.records import (
    CardsExchanged,
    Peeked,
    PowerStateChanged,
    RawEvent,
)
from claim.core.zones import DISCARD, FOLLOWERS, RECRUIT, SCORE, Zone
from claim.rules.effects import (
    Ask,
    Exchange,
    Placement,
    Reveal,
    SetPowerState,
    Step,
    ZoneRef,
)
from claim.rules.engine.board import Board
from claim.rules.engine.placing import lift_declared, place_simply, record_placement
from claim.rules.variant import Variant

__all__ = ["carry_out", "owner_name"]

# Members as globals: reading Zone.TRICK costs about fifteen times a global in 3.11.
_TRICK: Final = Zone.TRICK
_FACE_UP: Final = Zone.FACE_UP
_DRAW_PILE: Final = Zone.DRAW_PILE
_NEVER_TO: Final = (Zone.DRAW_PILE, Zone.TRICK)
_HAND: Final = Zone.HAND
_RECRUIT_ONLY: Final = (Zone.FOLLOWERS, Zone.FACE_UP)


def owner_name(variant: Variant, owner: int) -> str:
    """The name of the power at faction index ``owner`` (-1: the rules)."""
    return "the rules" if owner < 0 else f"power of {variant.tables.faction_names[owner]}"


def carry_out(board: Board, owner: int, effects: object, events: list[RawEvent]
              ) -> list[Step]:
    """Check and apply ``effects`` of the power at ``owner`` (what a hook returned:
    None or a sequence of effects, anything else refused); return the steps asked."""
    if effects is None:
        return []
    if effects.__class__ is not list and effects.__class__ is not tuple and (
            isinstance(effects, (str, bytes)) or not isinstance(effects, Sequence)):
        raise PowerError(f"{owner_name(board.variant, owner)} returned {effects!r}, not a "
                         "sequence of effects", _faction(board, owner), effects)
    moved: set[int] = set()
    steps: list[Step] = []
    for effect in cast("Sequence[object]", effects):
        if effect.__class__ is Placement or isinstance(effect, Placement):
            if not place_simply(board, effect, moved, events):
                _place(board, owner, effect, moved, events)
        elif type(effect) is Reveal:  # (effect classes are disjoint: the order is free)
            _reveal(board, owner, effect, events)
        elif isinstance(effect, Ask):
            steps.append(_step(board, owner, effect))
        elif isinstance(effect, SetPowerState):
            _set_state(board, owner, effect.value, events)
        elif isinstance(effect, Exchange):
            _exchange(board, owner, effect, moved, events)
        elif isinstance(effect, Reveal):
            _reveal(board, owner, effect, events)
        else:
            raise PowerError(f"{owner_name(board.variant, owner)} returned {effect!r}, which is "
                             "not an effect", _faction(board, owner), effect)
    return steps


def _reveal(board: Board, owner: int, effect: Reveal, events: list[RawEvent]) -> None:
    """A card shown to one seat (RULES 7: a private event)."""
    card, seat = effect.card, effect.seat
    deck = board.variant.tables.deck
    if not (card.__class__ is int and 0 <= card < len(deck) and seat.__class__ is int
            and 0 <= seat < board.variant.players):  # then say what is wrong
        card = _card(board, owner, card, effect)
        seat = _seat(board, owner, seat, effect)
    events.append((Peeked, seat, deck[card]))


def _step(board: Board, owner: int, effect: Ask) -> Step:
    """The step an `Ask` queues: a str kind and hashable data (states are hashed)."""
    seat = _seat(board, owner, effect.seat, effect)
    if not isinstance(effect.kind, str) or not isinstance(effect.data, tuple):
        raise _fail(board, owner, effect, "an Ask needs a str kind and a tuple of data")
    try:
        hash(effect.data)
    except TypeError:
        raise _fail(board, owner, effect, "an Ask's data must be hashable (tuples, not "
                    "lists)") from None
    return Step(owner, seat, effect.kind, effect.data)


def _faction(board: Board, owner: int) -> str:
    return "" if owner < 0 else board.variant.tables.faction_names[owner]


def _fail(board: Board, owner: int, effect: object, reason: str) -> PowerError:
    return PowerError(f"{owner_name(board.variant, owner)}: {effect!r}: {reason}",
                      _faction(board, owner), effect)


def _card(board: Board, owner: int, card: object, effect: object) -> int:
    if type(card) is not int or not 0 <= card < len(board.variant.tables.deck):
        raise _fail(board, owner, effect, f"{card!r} is not a card id of this deck")
    return card


def _seat(board: Board, owner: int, seat: object, effect: object) -> int:
    if type(seat) is not int or not 0 <= seat < board.variant.players:
        raise _fail(board, owner, effect, f"{seat!r} is not a seat")
    return seat


def _set_state(board: Board, owner: int, value: Hashable, events: list[RawEvent]) -> None:
    if owner < 0:
        raise PowerError("the rules keep no power state")
    try:
        hash(value)
    except TypeError:
        raise _fail(board, owner, value, "a power state must be hashable (immutable)") from None
    states = list(board.power_states)
    states[owner] = value
    board.power_states = tuple(states)
    events.append((PowerStateChanged, board.variant.tables.faction_names[owner], value))


def _exchange(
    board: Board, owner: int, effect: Exchange, moved: set[int], events: list[RawEvent]
) -> None:
    a = _card(board, owner, effect.card, effect)
    b = _card(board, owner, effect.other, effect)
    slot_a, slot_b = _slot(board, a), _slot(board, b)
    if a == b or slot_a is None or slot_b is None or a in moved or b in moved:
        raise _fail(board, owner, effect, "both cards must be distinct, in the trick or face "
                    "up, and not moved before in this step")
    trick, face_up = list(board.trick), board.face_up
    for (where, index), card in zip((slot_a, slot_b), (b, a)):
        (trick if where == "trick" else face_up)[index] = card
    board.trick = tuple(trick)
    moved.update((a, b))
    deck = board.variant.tables.deck
    events.append((CardsExchanged, deck[a], deck[b]))


def _slot(board: Board, card: int) -> tuple[str, int] | None:
    if card in board.trick and not board.settling:  # a trick being played, not settled
        return ("trick", board.trick.index(card))
    if card in board.face_up:
        return ("face up", board.face_up.index(card))
    return None


def _place(
    board: Board, owner: int, effect: Placement, moved: set[int], events: list[RawEvent]
) -> None:
    card = _card(board, owner, effect.card, effect)
    if card in moved:
        raise _fail(board, owner, effect, "the card already moved in this step")
    tables = board.variant.tables
    declared = tables.zone_lookup.get(effect.zone)
    _check_destination(board, owner, effect, declared)
    _lift(board, owner, effect, card, tables.zone_lookup.get(effect.origin))
    _put(board, effect, card, declared)
    moved.add(card)
    record_placement(board, effect, card, events)


def _check_destination(board: Board, owner: int, effect: Placement, declared: int | None
                       ) -> None:
    zone, seat = effect.zone, effect.seat
    if declared is not None:
        per_seat = board.variant.tables.zone_specs[declared].per_seat
    elif isinstance(zone, Zone):
        if zone in _NEVER_TO or (zone in _RECRUIT_ONLY and board.phase is not RECRUIT) or (
                zone is _HAND and board.phase is RECRUIT):
            raise _fail(board, owner, effect, f"a card cannot be placed on the {zone.value} "
                        f"in the {board.phase.value} phase")
        if zone is _HAND:
            _check_to_hand(board, owner, effect)
        per_seat = zone in (Zone.SCORE, Zone.FOLLOWERS, _HAND)
    else:
        raise _fail(board, owner, effect, f"no power of this variant declares the zone "
                    f"{zone!r}")
    if per_seat:
        _seat(board, owner, seat, effect)
    elif seat is not None:
        raise _fail(board, owner, effect, f"the {_name(zone)} is shared: seat must be None")


def _check_to_hand(board: Board, owner: int, effect: Placement) -> None:
    """A card goes to a hand (phase 2) only from the top of a hidden shared zone (a
    draw: the Fire Phoenix deck, E41; `_lift` checks the top), or back from the trick
    to the player who played it (E42)."""
    tables = board.variant.tables
    declared = tables.zone_lookup.get(effect.origin)
    if declared is not None and not isinstance(effect.origin, Zone):
        spec = tables.zone_specs[declared]
        if not spec.public and not spec.per_seat:
            return
    _check_return(board, owner, effect)


def _check_return(board: Board, owner: int, effect: Placement) -> None:
    """E42: a card goes to a hand only from the trick, back to the player who played it
    (or from the top of a hidden shared zone, E41)."""
    trick = board.trick
    card = effect.card
    if effect.origin is not _TRICK or card not in trick or (
            (board.leader + trick.index(card)) % board.variant.players != effect.seat):
        raise _fail(board, owner, effect, "a card goes to a hand only from the trick, back "
                    "to the player who played it (E42), or drawn from the top of a hidden "
                    "shared zone (E41)")


def _name(zone: ZoneRef) -> str:
    return zone.value if isinstance(zone, Zone) else str(zone)


def _lift(board: Board, owner: int, effect: Placement, card: int, declared: int | None) -> None:
    """Remove ``card`` from where the effect says it lies, or raise."""
    origin, seat, bit = effect.origin, effect.origin_seat, 1 << card
    found = False
    if declared is not None:
        found = lift_declared(board, declared, seat, card)
    elif origin is _TRICK:
        found = bool(board.unplaced & bit)
        board.unplaced &= ~bit
    elif origin is _FACE_UP:
        found = card in board.face_up
        if found:
            board.face_up.remove(card)
    elif origin is _DRAW_PILE:
        found = bool(board.draw_pile) and board.draw_pile[0] == card
        if found:
            board.draw_pile = board.draw_pile[1:]
    elif origin is DISCARD:
        found = bool(board.discard & bit)
        board.discard &= ~bit
    elif origin in (SCORE, FOLLOWERS):
        piles = board.scores if origin is SCORE else board.followers
        if type(seat) is int and 0 <= seat < len(piles):
            found = bool(piles[seat] & bit)
            piles[seat] &= ~bit
    if not found:
        where = _name(origin) + ("" if seat is None else f" of seat {seat}")
        raise _fail(board, owner, effect, f"card {board.variant.tables.deck[card]} is not "
                    f"{'on top of' if origin is _DRAW_PILE else 'in'} the {where}")


def _put(board: Board, effect: Placement, card: int, declared: int | None) -> None:
    zone, seat, bit = effect.zone, effect.seat, 1 << card
    if declared is not None:
        target = board.writable_zones()[declared]
        if board.variant.tables.zone_specs[declared].per_seat:
            target[seat] |= bit  # type: ignore[index]
        else:
            target.append(card)
    elif zone is DISCARD:
        board.discard |= bit
    elif zone is SCORE:
        board.scores[seat] |= bit  # type: ignore[index]
    elif zone is FOLLOWERS:
        board.followers[seat] |= bit  # type: ignore[index]
    elif zone is _HAND:  # a card taken back (E42; checked by _check_return)
        board.hands[seat] |= bit  # type: ignore[index]
    else:  # the face-up cards (checked by _check_destination)
        board.face_up.append(card)
