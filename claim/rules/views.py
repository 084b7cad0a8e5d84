"""What one player may see: views of a game (RULES 7).

[`view_of`][claim.rules.views.view_of] (``state.view(seat)``) builds a frozen
[`View`][claim.rules.views.View] from the state's public parts, the seat's own hand
and follower pile, and the records, each event shown to the seat as RULES 7
allows: public events as they are, private events (a draw, a Seer's peek) only to
their seat, and in their place a [`HiddenEvent`][claim.rules.views.HiddenEvent] naming
who did what without the card. The view is never a copy of the state with fields
blanked: every field is built from what the seat may know.

Two details hide more than the events say: cards laid into a hidden ordered zone
(the Awakeners' second deck, E12) are listed in deck order, not in the order they
went in (that order *is* the hidden order); and a card that left the discard
unseen (a Ghost's forgone top card, E6, moved on into the second deck) is hidden.
"""

from __future__ import annotations

import operator
from collections import Counter
from collections.abc import Hashable
from typing import TYPE_CHECKING, Final, cast

import attrs

from claim.core._checks import check_seat
from claim.core._chunks import gather
from claim.core._collector import collector_paused
from claim.core._fast import slot_maker
from claim.core.cache import Recent
from claim.core.cards import Card, MaskedCard
from claim.core.moves import Move
from claim.core.records import CardDrawn, HiddenEvent, Peeked
from claim.core.zones import Phase
from claim.rules.engine.flow import seat_to_act
from claim.rules.masking import MaskTable, mask_table, revealed, shown_cards
from claim.rules.variant import Variant
from claim.rules.view_history import ViewEvent, ViewRecord, projected_history
from claim.rules.view_history import deck_rank as deck_rank  # re-exported
from claim.rules.view_text import render

if TYPE_CHECKING:
    from claim.rules.state import GameState
    from claim.rules.variant_tables import DeckTables

__all__ = [
    "HiddenEvent",
    "PendingView",
    "View",
    "ViewEvent",
    "ViewRecord",
    "ZoneView",
    "view_of",
    "view_with_history",
]
# (ViewEvent and ViewRecord are defined in claim.rules.view_history.)


@attrs.frozen
class ZoneView:
    """A zone that a power declares (in front, the waiting line, a second deck).

    Attributes:
        name: The zone's name.
        seat: Whose zone it is, or None for a shared zone.
        public: Whether its cards are shown (else only their number).
        cards: Its cards if public (first in line first; per-seat zones in deck
            order), else empty.
        count: How many cards it holds.
    """

    name: str
    seat: int | None
    public: bool
    cards: tuple[Card, ...]
    count: int


@attrs.frozen
class PendingView:
    """The question the game waits for.

    Attributes:
        seat: Who must answer.
        prompt: What is asked.
        kind: The kind of step asking (``"recruit"``, ``"smash"``).
    """

    seat: int
    prompt: str
    kind: str


@attrs.frozen
class View:
    """Everything one seat (or a spectator) may know of a game, nothing more.

    Frozen and hashable. Two views are equal when every field is, the variant
    compared by name. ``str(view)`` is [`render`][claim.rules.views.View.render]'s text;
    [`claim.to_json`][claim.io.serialize.to_json] and
    [`claim.from_json`][claim.io.serialize.from_json] carry it to a client and back.

    Attributes:
        variant: The variant being played.
        seat: The viewer's seat, or None for a spectator.
        phase: The phase.
        first_leader: The seat that led the first trick (R1).
        leader: The seat that led (or leads) the current trick.
        current_player: The seat to act, or None once the game is over.
        hand: The viewer's hand, in deck order (empty for a spectator).
        follower_pile: The viewer's follower pile (phase 1), in deck order.
        hand_sizes: Per seat, how many cards the hand holds.
        follower_sizes: Per seat, how many cards the follower pile holds.
        draw_pile_size: How many cards the draw pile holds.
        face_up: The face-up cards of the current phase 1 trick.
        trick: ``(seat, card)`` per card played to the current trick.
        score_piles: Per seat, the score pile in deck order.
        discard: The cards seen going out of the game, in deck order.
        unseen_discards: How many discarded cards nobody saw (E6).
        zones: The zones powers declare, per seat for per-seat zones.
        power_states: ``(faction, state)`` for every faction, in variant order.
        history: Every move so far, as the viewer may see it.
        pending: The question the game waits for, if any.
        legal_moves: The viewer's legal moves when it is their turn, else empty.
    """

    variant: Variant = attrs.field(eq=False, repr=False)
    seat: int | None
    phase: Phase
    first_leader: int
    leader: int
    current_player: int | None
    hand: tuple[Card, ...]
    follower_pile: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    follower_sizes: tuple[int, ...]
    draw_pile_size: int
    face_up: tuple[Card, ...]
    trick: tuple[tuple[int, Card], ...]
    score_piles: tuple[tuple[Card, ...], ...]
    discard: tuple[Card, ...]
    unseen_discards: int
    zones: tuple[ZoneView, ...]
    power_states: tuple[tuple[str, Hashable], ...]
    history: tuple[ViewRecord, ...]
    pending: PendingView | None
    legal_moves: tuple[Move, ...]

    @property
    def variant_name(self) -> str:
        """The variant's name (part of equality, unlike the variant object)."""
        return self.variant.name

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not View:
            return NotImplemented
        assert isinstance(other, View)
        return self.variant.name == other.variant.name and _fields(self) == _fields(other)

    def __hash__(self) -> int:
        return hash((self.variant.name, _fields(self)))

    def render(self) -> str:
        """The view as readable text (the same as ``str(view)``)."""
        return render(self)

    def __str__(self) -> str:
        return self.render()


_FIELDS = operator.attrgetter(*(f.name for f in attrs.fields(View)[1:]))


def _fields(view: View) -> tuple[object, ...]:
    """Every field but the variant (compared by name)."""
    found: tuple[object, ...] = _FIELDS(view)
    return found


_make_view: Final = slot_maker(View)
"""Build a View from its fields in order, skipping the frozen class's slow __init__."""


_VIEWS: Final[Recent[tuple[int, int | None], tuple[GameState, View]]] = Recent("views", 8)
"""The views of the last states viewed, by (state, seat); an entry keeps its state,
so a reused id is never mistaken. A view is a frozen value of its state, so viewing
a state again (a bot's turn read twice, a server sending it again) returns it."""


def view_of(state: GameState, seat: object) -> View:
    """What ``seat`` may know of ``state`` (None: a spectator, public facts only).

    Raises:
        SeatError: ``seat`` is neither None nor a seat of the game.
    """
    checked = None if seat is None else check_seat(seat, state.variant.players)
    found = _VIEWS.get((id(state), checked))
    if found is not None and found[0] is state:
        return found[1]
    view = _view_of(state, checked)
    _VIEWS.put((id(state), checked), (state, view))
    return view


@collector_paused
def _view_of(state: GameState, seat: int | None) -> View:
    """`view_of` of a state not viewed lately (``seat`` checked)."""
    history, unseen = projected_history(state, seat)
    return view_with_history(state, seat, history, unseen)


def view_with_history(state: GameState, seat: int | None, history: tuple[ViewRecord, ...],
                      unseen: Counter[Card]) -> View:
    """`view_of` of ``state`` whose records ``seat`` sees as ``history``, with the
    cards ``unseen`` gone to the discard unseen (`projected_history`'s answer, or
    what a `claim.rules.view_history.HistoryCheck` found): the view without
    projecting the records again. ``seat`` is checked already."""
    variant = state.variant
    chunks = variant.tables.card_chunks
    discard = gather(state.discard_mask, chunks)
    if unseen:
        left = Counter(discard)
        left.subtract(unseen)
        discard = _in_deck_order(variant, left)
    to_act = seat_to_act(state)
    mine = seat is not None and to_act == seat
    pending = None
    if state.pending is not None:
        pending = PendingView(state.pending.seat, state.pending.prompt, state.queue[0].kind)
    table = mask_table(variant) if variant.tables.hidden_states else None
    if table is not None:
        return _masked_view(state, seat, history, discard, sum(unseen.values()), pending,
                            state.legal_moves() if mine else (), to_act, table)
    deck, n = variant.deck, variant.players
    return _make_view(  # View's fields, in order (built as View(...) would build it)
        variant, seat, state.phase,
        state.records[0].seat if state.records else state.leader,
        state.leader, to_act,
        gather(state.hand_masks[seat], chunks) if seat is not None else (),
        gather(state.follower_masks[seat], chunks) if seat is not None else (),
        tuple([mask.bit_count() for mask in state.hand_masks]),
        tuple([mask.bit_count() for mask in state.follower_masks]),
        len(state.draw_pile), tuple([deck[cid] for cid in state.face_up]),
        tuple([((state.leader + i) % n, deck[cid]) for i, cid in enumerate(state.trick)]),
        tuple([gather(mask, chunks) for mask in state.score_masks]),
        discard, sum(unseen.values()),
        _zones(state) if state.zones else (),
        _power_states(state, seat),
        history, pending, state.legal_moves() if mine else (),
    )


def _masked_view(state: GameState, seat: int | None, history: tuple[ViewRecord, ...],
                 discard: tuple[Card, ...], unseen: int, pending: PendingView | None,
                 legal: tuple[Move, ...], to_act: int | None, table: MaskTable) -> View:
    """`_view_of` of a variant with masked cards (E28): the unrevealed ones of the
    seat's hand and follower pile, and of a trick not yet complete, as classes."""
    variant = state.variant
    hide = ~revealed(state)
    hand: tuple[Card, ...] = ()
    followers: tuple[Card, ...] = ()
    if seat is not None:
        hand = shown_cards(variant, list(variant.ids_in(state.hand_masks[seat])), hide)
        followers = shown_cards(variant, list(variant.ids_in(state.follower_masks[seat])),
                                hide)
    n = variant.players
    trick = tuple([((state.leader + i) % n, shown_cards(variant, [cid], hide)[0])
                   for i, cid in enumerate(state.trick)])
    return _make_view(
        variant, seat, state.phase,
        state.records[0].seat if state.records else state.leader,
        state.leader, to_act, hand, followers,
        tuple([mask.bit_count() for mask in state.hand_masks]),
        tuple([mask.bit_count() for mask in state.follower_masks]),
        len(state.draw_pile), tuple([variant.deck[cid] for cid in state.face_up]), trick,
        tuple([gather(mask, variant.tables.card_chunks) for mask in state.score_masks]),
        discard, unseen, _zones(state) if state.zones else (), _power_states(state, seat),
        _masked_history(table, history, seat), pending, legal,
    )


def _masked_history(table: MaskTable, history: tuple[ViewRecord, ...], seat: int | None
                    ) -> tuple[ViewRecord, ...]:
    """The history with the seat's own draws and peeks of masked cards as classes
    (a card in the draw pile is never revealed, E28)."""
    if seat is None:
        return history
    out = []
    for record in history:
        events = record.events
        if any(isinstance(e, (CardDrawn, Peeked)) and _masked_card(table, e.card)
               for e in events):
            events = tuple([_masked_event(e, table.by_card) for e in events])
            record = ViewRecord(record.seat, record.move, events)
        out.append(record)
    return tuple(out)


def _masked_card(table: MaskTable, card: Card) -> bool:
    """Whether ``card`` is a masked card (a deck card found by identity, without
    hashing it: an ``attrs`` hash is Python code)."""
    found = table.by_identity.get(id(card))
    return bool(found) if found is not None else card in table.by_card


def _masked_event(event: ViewEvent, by_card: dict[Card, MaskedCard]) -> ViewEvent:
    if isinstance(event, CardDrawn) and event.card in by_card:
        return CardDrawn(event.seat, by_card[event.card])
    if isinstance(event, Peeked) and event.card in by_card:
        return Peeked(event.seat, by_card[event.card])
    return event


def _power_states(state: GameState, seat: int | None) -> tuple[tuple[str, Hashable], ...]:
    """``(faction, state)`` per faction; a hidden state fixed at the deal (E30) shows
    only what its power lets ``seat`` see (`FactionPower.view_state`: None by
    default, a Poisoner's look to the seat that looked, E32)."""
    tables = state.variant.tables
    states = tuple(zip(tables.faction_names, state.power_states))
    if not tables.hidden_states:
        return states
    hidden = tables.hidden_states
    return tuple((name, tables.powers[fi].view_state(value, seat) if fi in hidden else value)
                 for fi, (name, value) in enumerate(states))


def _in_deck_order(variant: Variant, cards: Counter[Card]) -> tuple[Card, ...]:
    out: list[Card] = []
    left = Counter({card: n for card, n in cards.items() if n > 0})
    for card in variant.deck:
        if left[card] > 0:
            left[card] -= 1
            out.append(card)
    return tuple(out)


def _zones(state: GameState) -> tuple[ZoneView, ...]:
    tables = state.variant.tables
    out = []
    for index, content in enumerate(state.zones):
        if tables.zone_specs[index].per_seat:
            for seat, mask in enumerate(content):
                out.append(_zone_view(tables, index, seat, mask))
        else:
            out.append(_zone_view(tables, index, None, content))
    return tuple(out)


def _zone_view(tables: DeckTables, index: int, seat: int | None, content: object
               ) -> ZoneView:
    """The view of zone ``index`` (of ``seat``) holding ``content`` (a card mask, or
    the card ids in line), kept in `_ZONE_VIEWS`: equal zones are one object, which
    views compare by identity."""
    key = (id(tables), index, seat, content)
    found = _ZONE_VIEWS.get(key)
    if found is not None and found[0] is tables:
        return found[1]
    spec = tables.zone_specs[index]
    if isinstance(content, int):
        cards = gather(content, tables.card_chunks) if spec.public else ()
        made = ZoneView(spec.name, seat, spec.public, cards, content.bit_count())
    else:
        ids = cast("tuple[int, ...]", content)
        made = ZoneView(spec.name, seat, spec.public,
                        tuple([tables.deck[c] for c in ids]) if spec.public else (), len(ids))
    _ZONE_VIEWS.put(key, (tables, made))
    return made


_ZONE_VIEWS: Final[Recent[tuple[int, int, int | None, object], tuple[DeckTables, ZoneView]]
                   ] = Recent("zone views", 1024)
"""Zone views by (variant tables, zone, seat, content); an entry keeps its tables, so
a reused id is never mistaken."""
