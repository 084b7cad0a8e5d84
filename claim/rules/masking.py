"""Masked cards (E28, E29, E44): the engine's side of factions whose power declares
`FactionPower.masked_class` (Fire Elementals, Demons).

A masked card in a hand, a follower pile, the draw pile or a trick not yet complete
shows its faction and class to whoever may see it (a [`MaskedCard`][claim.core.cards.MaskedCard],
``Fe:high``), its value to nobody, its holder included. It is *revealed*, for good,
when it is turned face up as a prize (the `FaceUpTurned` event) and when the last
card of the trick it was played to has been played (the `TrickCompleted` event,
which comes before every event of that trick's ranking and powers). So a state's
revealed cards are read from its records: the cards of every `FaceUpTurned`,
`FaceUpTaken` and `TrickCompleted` event, the face-up cards (the first is turned at
the deal, with no event), and the current trick once full.

Moves: a player names what they can see. An unrevealed masked card is played by its
class (``PlayCard(MaskedCard(...))``, notation ``Fe:high``); cards that look the same
are one move (R15). The card played is the first of that class, among the cards of
the hand the rules let them play, in the faction's *play order*: the power's hidden
state, every card id of the faction in an order drawn at the deal (E29: chance
fixed at the deal, uniform among the cards that look the same). The record keeps
the class move, so a record replays from its deal. A revealed masked card (a prize
taken into a follower pile) is named by value, as any card; naming an unrevealed
one by value is refused with `IllegalMoveError`.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Final

from claim.core._fold import Latest
from claim.core.cache import Recent, fold_prefix, latest, per_variant
from claim.core.cards import Card, MaskedCard
from claim.core.errors import IllegalMoveError
from claim.core.moves import Move, PlayCard
from claim.core.records import FaceUpTaken, FaceUpTurned, MoveRecord, RawEvent, TrickCompleted
from claim.core.zones import OVER
from claim.rules.engine import flow as _flow
from claim.rules.engine.playing import allowed, labelled_play
from claim.rules.mask_tables import MaskTable, class_card, mask_table
from claim.rules.variant import Variant

if TYPE_CHECKING:
    from claim.rules.state import GameState

__all__ = ["MaskTable", "apply", "check", "legal_moves", "mask_table", "played_card",
           "reveal_events", "revealed", "shown_cards"]


_PLACE: Final = operator.itemgetter(0)
"""A class move's place in the class order, from its key in `legal_moves`."""

_TABLE: Final[Latest[tuple[MaskTable | None]]] = latest("mask table of the variant read last")


def _table(variant: Variant) -> MaskTable | None:
    """`mask_table`, kept for the variant read last (a move reads it several times)."""
    kept = _TABLE.get(variant)
    if kept is None:
        kept = _TABLE.put(variant, (mask_table(variant),))
    return kept[0]


_SHOWING: Final[dict[object, int]] = {TrickCompleted.from_raw: 3, FaceUpTurned: 1, FaceUpTaken: -2}
"""Per raw event head that reveals cards (E28), where its cards are in the raw event:
a tuple of cards at that index, or (negative) one card at minus that index."""


def _copies_of(table: MaskTable, card: Card) -> int:
    """The bit mask of ``card``'s masked copy (0: not masked); ``card`` may be any
    equal card, the deck's own is found by identity."""
    found = table.by_identity.get(id(card))
    return found if found is not None else table.copies.get(card, 0)


def _shown_by(table: MaskTable, out: int, raws: Sequence[RawEvent]) -> int:
    """``out`` with the masked cards that raw events show (E28): the fold step of
    `revealed`, on the engine's raw events (`claim.core.records.RawEvent`)."""
    for raw in raws:
        at = _SHOWING.get(raw[0])
        if at is not None:
            cards: tuple[Card, ...] = raw[at] if at > 0 else (raw[-at],)  # type: ignore[assignment]
            for card in cards:  # (`_copies_of`, inlined: the deck's own cards by identity)
                found = table.by_identity.get(id(card))
                out |= found if found is not None else table.copies.get(card, 0)
    return out


@per_variant
def _folding(variant: Variant) -> tuple[Recent[tuple[int, int], tuple[object, int]],
                                        Callable[[int, MoveRecord], int]]:
    """Where `revealed` keeps the folds of record prefixes of ``variant``'s games (each
    state's reads only the records its parent state lacked), and its fold step (the
    masked cards a record's events show)."""
    table = mask_table(variant)

    def of_record(out: int, record: MoveRecord) -> int:
        return out if table is None else _shown_by(table, out, record.raw_events)

    return Recent("revealed masked cards", 4096, register=False), of_record


def _eventful(record: MoveRecord) -> bool:
    return bool(record.raw_events)  # (a quiet record is the variant's own: no prefix key)


def revealed(state: GameState, folded: int | None = None) -> int:
    """The masked card ids revealed so far (E28), as a bit mask.

    Args:
        state: The state.
        folded: What the events of the game so far revealed, when the caller keeps
            it (a game played with records off: `reveal_events`); by default read
            from the state's records.
    """
    table = _table(state.variant)
    return 0 if table is None else _revealed(state, table, folded)


def _revealed(state: GameState, table: MaskTable, folded: int | None) -> int:
    """`revealed`, with the variant's mask table read by the caller."""
    return _shown_now(state, table, _by_events(state) if folded is None else folded)


_FOLDED: Final[Latest[tuple[int, tuple[RawEvent, ...]]]] = latest(
    "masked cards revealed by the events of the state read last")
"""The state read last, or that `apply` made last, with what its records' events
revealed: a fold and the events not folded yet (`apply` adds the new record's; they
are folded when asked, and a seat holding no masked card never asks)."""

_UNFOLDED = 64
"""How many events `apply` lets wait before it folds them (a long game of states
nobody asks about folds as it goes)."""


def _by_events(state: GameState) -> int:
    """What the events of ``state``'s records revealed (E28)."""
    kept = _FOLDED.get(state)
    if kept is None:
        reveals, step = _folding(state.variant)
        return _FOLDED.put(state, (fold_prefix(reveals, state.records, 0, step, _eventful),
                                   ()))[0]
    folded, raws = kept
    if raws:
        table = _table(state.variant)
        assert table is not None
        folded = _FOLDED.put(state, (_shown_by(table, folded, raws), ()))[0]
    return folded


def _shown_now(state: GameState, table: MaskTable, folded: int) -> int:
    """``folded`` (what the events revealed) with the face-up cards and a full trick."""
    out = folded
    for cid in state.face_up:  # the first face-up card has no event
        out |= 1 << cid
    if len(state.trick) == state.variant.players:
        for cid in state.trick:
            out |= 1 << cid
    return out & table.mask


def reveal_events(variant: Variant, folded: int, events: Sequence[RawEvent]) -> int:
    """``folded`` (a `revealed` mask) with the masked cards ``events`` reveal (E28):
    for a game played with records off (`claim.search.playouts`), which keeps the
    events of each move instead."""
    table = _table(variant)
    return folded if table is None else _shown_by(table, folded, events)


def shown_cards(variant: Variant, ids: list[int], hide: int) -> tuple[Card, ...]:
    """The cards of ``ids`` as a view shows them: those in ``hide`` masked (E28),
    the masked ones first, by class, the others in deck order (so that the order
    tells nothing of the values)."""
    table = _table(variant)
    deck = variant.deck
    if table is None or not hide:
        return tuple(deck[cid] for cid in ids)
    out: list[Card] = []
    masked: list[tuple[int, MaskedCard]] = []
    for cid in ids:
        shown = table.shown[cid]
        if shown is not None and hide >> cid & 1:
            masked.append((table.places[cid], shown))
        else:
            out.append(deck[cid])
    masked.sort(key=_PLACE)  # by class place only (a stable sort, no card hashed)
    return tuple([shown for _, shown in masked]) + tuple(out)


def legal_moves(state: GameState, moves: tuple[Move, ...], folded: int | None = None
                ) -> tuple[Move, ...]:
    """``moves`` (the engine's) as the player may name them: an unrevealed masked
    card by its class, cards that look the same as one move (E29, R15). The class
    moves come first, in the variant's class order (as a view lists a hand's masked
    cards), so that their order tells nothing of the values held (E28). ``folded``:
    as for `revealed`."""
    variant = state.variant
    table = _table(variant)
    if table is None or not moves or state.pending is not None:
        return moves
    hidden = state.hand_masks[(state.leader + len(state.trick)) % variant.players] & table.mask
    if not hidden:  # (moves given: the game is not over)
        return moves
    hidden &= ~_revealed(state, table, folded)
    if not hidden:
        return moves
    out: list[Move] = []
    # By place in the class order and option (no move hashed), sorted by the place.
    classes: dict[tuple[int, str | None], PlayCard] = {}
    own = table.class_moves
    for move in moves:
        found = own.get(id(move))
        if found is not None and found[0] is move:  # the variant's own move: no hashing
            if hidden & found[1]:
                classes[found[3], None] = found[2]
                continue
        elif isinstance(move, PlayCard) and hidden & _copies_of(table, move.card):  # labelled
            shown = table.by_card[move.card]
            classes[table.classes.index(shown), move.option] = PlayCard(shown, move.option)
            continue
        out.append(move)
    return (*[classes[key] for key in sorted(classes, key=_PLACE)], *out)


def _physical(state: GameState, move: PlayCard, of_class: int, table: MaskTable,
              folded: int | None) -> int:
    """The id of the card a class move plays (``of_class``: the ids of the cards of
    its class): the first of the class in the play order among the unrevealed cards
    of the hand the rules let the player play."""
    seat = (state.leader + len(state.trick)) % state.variant.players
    may = 0 if state.phase is OVER else allowed(state, seat)
    held = may & of_class & ~_revealed(state, table, folded)
    if not held:
        named = [str(m) for m in legal_moves(state, _flow.legal_moves(state), folded)]
        raise IllegalMoveError(move, f"seat {seat} holds no {move.card} they may play: "
                               f"one of {', '.join(named)}")
    first = (held & -held).bit_length() - 1
    return class_card(held, state.power_states[state.variant.tables.card_faction[first]])


def check(state: GameState, move: Move, folded: int | None = None) -> int | None:
    """The card id a class move plays, None for another move (the engine checks it).
    ``folded``: as for `revealed`.

    Raises:
        IllegalMoveError: A class move with no such card to play, or an unrevealed
            masked card named by value (information nobody has, E28).
    """
    table = _table(state.variant)
    return None if table is None else _check(state, move, table, folded)


def _check(state: GameState, move: Move, table: MaskTable, folded: int | None) -> int | None:
    """`check`, with the variant's mask table read by the caller."""
    own = table.class_moves.get(id(move))
    if own is not None and own[0] is move:  # the variant's own move of a card
        copies = own[1]
        if not copies:  # no masked card: the engine checks it
            return None
    elif state.pending is not None:
        return None
    else:
        known = table.class_plays.get(id(move))
        if known is not None and known[0] is move:  # a class move the variant made itself
            return _physical(state, move, known[1], table, folded)
        if not isinstance(move, PlayCard):
            return None
        if isinstance(move.card, MaskedCard):
            of_class = table.class_masks.get(move.card)
            if of_class is None:
                raise IllegalMoveError(move, f"{state.variant.name!r} has no such class")
            return _physical(state, move, of_class, table, folded)
        copies = _copies_of(table, move.card)
    if state.pending is not None or state.phase is OVER or not copies:
        return None
    # Refused whoever holds it: "you do not hold it" would tell a value (E28).
    if not copies & _revealed(state, table, folded):
        named = [str(m) for m in legal_moves(state, _flow.legal_moves(state), folded)]
        raise IllegalMoveError(move, f"nobody knows the value of a masked card, its "
                               f"holder included (E28): name its class, one of "
                               f"{', '.join(named)}")
    return None


def played_card(state: GameState, move: PlayCard) -> int | None:
    """The id of the card a class move plays in ``state`` (None: not a class move).

    Raises:
        IllegalMoveError: As `check`.
    """
    if not isinstance(move.card, MaskedCard):
        return None
    return check(state, move)


def apply(state: GameState, move: Move) -> GameState:
    """The state after ``move``, a class move included: the engine plays the physical
    card (`claim.rules.engine.flow.apply`, told to record the class move)."""
    table = _table(state.variant)
    if table is None:
        return _flow.apply(state, move)
    cid = _check(state, move, table, None)
    after: GameState
    if cid is None:
        after = _flow.apply(state, move)
    else:  # the engine plays the physical card; its record keeps the class move
        assert isinstance(move, PlayCard)
        tables = state.variant.tables  # (the variant's own move: found without hashing)
        physical = tables.play_moves[cid] if move.option is None else labelled_play(
            state.variant, tables.deck[cid], move.option)
        after = _flow.apply(state, physical, move)
    kept = _FOLDED.get(state)
    if kept is not None and len(after.records) == len(state.records) + 1:
        # The next state's reveals: the parent's and the new record's events, folded
        # when read (a seat holding no masked card never reads them).
        folded, raws = kept
        if len(raws) >= _UNFOLDED:
            folded, raws = _by_events(state), ()
        new = after.records[-1].raw_events
        _FOLDED.put(after, (folded, raws + new if raws else new))
    return after
