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

from collections.abc import Hashable
from typing import TYPE_CHECKING

import attrs

from claim.core.cache import per_variant
from claim.core.cards import Card, MaskedCard
from claim.core.errors import IllegalMoveError, VariantError
from claim.core.moves import Move, PlayCard
from claim.core.records import FaceUpTaken, FaceUpTurned, MoveRecord, TrickCompleted
from claim.rules.engine import flow as _flow
from claim.rules.variant import Variant

if TYPE_CHECKING:
    from claim.rules.state import GameState

__all__ = ["MaskTable", "apply", "check", "legal_moves", "mask_table", "played_card",
           "revealed", "shown_cards"]


@attrs.frozen
class MaskTable:
    """A variant's masked cards.

    Attributes:
        mask: The ids of every masked card, as a bit mask.
        shown: Per card id, the `MaskedCard` it shows unrevealed (None: not masked).
        by_card: Per printed masked card, the `MaskedCard` it shows.
        copies: Per printed masked card, the bit mask of its copies.
        factions: Per masked faction index, its name.
        classes: Every `MaskedCard` of the variant, in deck order of first cards.
    """

    mask: int
    shown: tuple[MaskedCard | None, ...]
    by_card: dict[Card, MaskedCard]
    copies: dict[Card, int]
    factions: dict[int, str]
    classes: tuple[MaskedCard, ...]


@per_variant
def mask_table(variant: Variant) -> MaskTable | None:
    """The variant's masked cards, or None when no power masks its cards."""
    tables = variant.tables
    shown: list[MaskedCard | None] = []
    by_card: dict[Card, MaskedCard] = {}
    copies: dict[Card, int] = {}
    factions: dict[int, str] = {}
    for cid, card in enumerate(tables.deck):
        fi = tables.card_faction[cid]
        cls = tables.powers[fi].masked_class(card.value)
        if cls is None:
            shown.append(None)
            continue
        factions[fi] = card.faction
        masked = by_card.setdefault(card, MaskedCard(card.faction, cls, card.code))
        if card in copies:  # a reveal names a card: two copies would both show
            raise VariantError(f"masked faction {card.faction!r}: each value is one "
                               f"card (E28), {card} has copies", key="factions")
        copies[card] = 1 << cid
        shown.append(masked)
    if not factions:
        return None
    mask = sum(1 << cid for cid, s in enumerate(shown) if s is not None)
    classes = tuple(dict.fromkeys(s for s in shown if s is not None))
    ordered = tuple(sorted(classes, key=lambda m: (shown.index(m), m.shown)))
    return MaskTable(mask, tuple(shown), by_card, copies, factions, ordered)


def revealed(state: GameState) -> int:
    """The masked card ids revealed so far (E28), as a bit mask."""
    table = mask_table(state.variant)
    if table is None:
        return 0
    out = 0
    for record in state.records:
        if not record.raw_events:
            continue
        for event in record.events:
            if isinstance(event, (FaceUpTurned, FaceUpTaken, TrickCompleted)):
                cards = event.cards if isinstance(event, FaceUpTurned) else (
                    (event.card,) if isinstance(event, FaceUpTaken) else tuple(
                        card for _, card in event.plays))
                for card in cards:
                    out |= table.copies.get(card, 0)
    for card in state.face_up_cards:  # the first face-up card has no event
        out |= table.copies.get(card, 0)
    if len(state.trick) == state.variant.players:
        out |= sum(1 << cid for cid in state.trick) & table.mask
    return out


def shown_cards(variant: Variant, ids: list[int], hide: int) -> tuple[Card, ...]:
    """The cards of ``ids`` as a view shows them: those in ``hide`` masked (E28),
    the masked ones first, by class, the others in deck order (so that the order
    tells nothing of the values)."""
    table = mask_table(variant)
    deck = variant.deck
    if table is None or not hide:
        return tuple(deck[cid] for cid in ids)
    out: list[Card] = []
    masked: list[MaskedCard] = []
    for cid in ids:
        shown = table.shown[cid]
        if shown is not None and hide >> cid & 1:
            masked.append(shown)
        else:
            out.append(deck[cid])
    order = {m: i for i, m in enumerate(table.classes)}
    return tuple(sorted(masked, key=order.__getitem__)) + tuple(out)


def legal_moves(state: GameState, moves: tuple[Move, ...]) -> tuple[Move, ...]:
    """``moves`` (the engine's) as the player may name them: an unrevealed masked
    card by its class, cards that look the same as one move (E29, R15). The class
    moves come first, in the variant's class order (as a view lists a hand's masked
    cards), so that their order tells nothing of the values held (E28)."""
    table = mask_table(state.variant)
    if table is None or state.pending is not None or not moves:
        return moves
    seat = state.current_player
    if seat is None:
        return moves
    hidden = state.hand_masks[seat] & table.mask & ~revealed(state)
    if not hidden:
        return moves
    out: dict[Move, None] = {}
    classes: dict[PlayCard, None] = {}
    for move in moves:
        if isinstance(move, PlayCard) and hidden & table.copies.get(move.card, 0):
            classes[PlayCard(table.by_card[move.card], move.option)] = None
        else:
            out[move] = None
    rank: dict[Card, int] = {shown: at for at, shown in enumerate(table.classes)}
    return (*sorted(classes, key=lambda move: rank[move.card]), *out)


def _physical(state: GameState, move: PlayCard, table: MaskTable,
              legal: tuple[Move, ...]) -> int:
    """The id of the card a class move plays: the first of the class in the play
    order among the unrevealed cards of the hand the rules let the player play."""
    seat = state.current_player
    assert seat is not None
    hidden = state.hand_masks[seat] & table.mask & ~revealed(state)
    can = {move.card for move in legal if isinstance(move, PlayCard)}
    held = [cid for cid in state.variant.ids_in(hidden)
            if table.shown[cid] == move.card and state.variant.deck[cid] in can]
    if not held:
        named = [str(m) for m in legal_moves(state, legal)]
        raise IllegalMoveError(move, f"seat {seat} holds no {move.card} they may play: "
                               f"one of {', '.join(named)}")
    fi = state.variant.tables.card_faction[held[0]]
    order: Hashable = state.power_states[fi]
    rank = {cid: i for i, cid in enumerate(order)} if isinstance(order, tuple) else {}
    return min(held, key=lambda cid: (rank.get(cid, cid), cid))


def check(state: GameState, move: Move, legal: tuple[Move, ...]) -> int | None:
    """The card id a class move plays, None for another move (the engine checks it).

    Raises:
        IllegalMoveError: A class move with no such card to play, or an unrevealed
            masked card named by value (information nobody has, E28).
    """
    table = mask_table(state.variant)
    if table is None or not isinstance(move, PlayCard) or state.pending is not None:
        return None
    if isinstance(move.card, MaskedCard):
        if move.card not in table.classes:
            raise IllegalMoveError(move, f"{state.variant.name!r} has no such class")
        return _physical(state, move, table, legal)
    copies = table.copies.get(move.card, 0)
    if state.current_player is None or not copies:
        return None
    # Refused whoever holds it: "you do not hold it" would tell a value (E28).
    if not copies & revealed(state):
        named = [str(m) for m in legal_moves(state, legal)]
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
    return check(state, move, _flow.legal_moves(state))


def apply(state: GameState, move: Move, legal: tuple[Move, ...],
          play: object) -> GameState:
    """The state after a class move: the engine plays the physical card (``play``:
    the engine's apply), and the record keeps the class move."""
    cid = check(state, move, legal)
    if cid is None:
        return play(state, move)  # type: ignore[operator, no-any-return]
    assert isinstance(move, PlayCard)
    physical = PlayCard(state.variant.deck[cid], move.option)
    after: GameState = play(state, physical)  # type: ignore[operator]
    last = after.records[-1]
    records = after.records[:-1] + (MoveRecord(last.seat, move, last.raw_events),)
    return attrs.evolve(after, records=records)
