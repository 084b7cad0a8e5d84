"""The history part of a view (`claim.rules.views`): each record of a state as one
seat may see it (RULES 7), projected record by record, and the prefix already
projected for an earlier state of the same game reused.

Each event is shown to the seat as RULES 7 allows: public events as they are,
private events (a draw, a Seer's peek, a card drawn from a hidden zone into one's
own hand: a Fire Phoenix, E41) only to their seat, else a `HiddenEvent` naming who
did what without the card. Cards laid into a hidden ordered zone (the
Awakeners' second deck, E12) are listed in deck order, and a card that left the
discard unseen is hidden; the cards that went to the discard unseen are counted.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Final

import attrs

from claim.core._fast import slot_maker
from claim.core.cache import Recent, per_variant
from claim.core.cards import Card
from claim.core.moves import Move
from claim.core.records import (
    CardDrawn,
    CardsExchanged,
    Event,
    FaceUpTaken,
    FaceUpTurned,
    HiddenEvent,
    LeaderChosen,
    MoveRecord,
    Peeked,
    PhaseStarted,
    Placed,
    PlacedUnseen,
    PowerStateChanged,
    TrickCompleted,
    event_of,
)
from claim.core.zones import Zone
from claim.rules.variant import Variant

if TYPE_CHECKING:
    from claim.rules.state import GameState

__all__ = ["HistoryCheck", "HistoryMemo", "ViewEvent", "ViewRecord", "deck_rank",
           "projected_history", "projected_record"]


ViewEvent = Event | HiddenEvent
"""An event as a view shows it."""


@attrs.frozen
class ViewRecord:
    """One move of the game's history, as the viewer may see it.

    Attributes:
        seat: The seat that moved.
        move: The move (every move is public).
        events: What it caused, private events of others hidden.
    """

    seat: int
    move: Move
    events: tuple[ViewEvent, ...] = ()


_make_record: Final = slot_maker(ViewRecord)
_make_hidden: Final = slot_maker(HiddenEvent)


_Prefix = tuple[tuple["ViewRecord", ...], Counter[Card], Counter[Card]]
_PrefixCache = Recent[tuple[int | None, int, int], tuple[object, _Prefix]]


@per_variant
def _prefixes(variant: Variant) -> _PrefixCache:
    """Projected histories by (seat, record, its index), kept with the variant, so that
    views of successive states of one game extend the previous one instead of
    starting over. Only records that caused events are keys: each is a new object
    belonging to one game (a play that causes no event shares one record across
    games, so it cannot be a key). An entry keeps its record, so a reused id is never
    mistaken; the cache goes with the variant."""
    return Recent("projected view histories", 4096, register=False)


def _cached_prefix(state: GameState, seat: int | None) -> tuple[int, _Prefix]:
    """The longest cached projection of a prefix of ``state.records``, and its length."""
    cache, records = _prefixes(state.variant), state.records
    for end in range(len(records), 0, -1):
        record = records[end - 1]
        if not record.raw_events:
            continue
        found = cache.get((seat, id(record), end))
        if found is not None and found[0] is record:
            return end, found[1]
        if len(records) - end > 64:
            break
    return 0, ((), Counter(), Counter())


def projected_history(state: GameState, seat: int | None
                      ) -> tuple[tuple[ViewRecord, ...], Counter[Card]]:
    """The records as ``seat`` sees them, and the unseen cards now in the discard."""
    start, (done, seen, hidden) = _cached_prefix(state, seat)
    records = state.records
    if not any(records[index].raw_events for index in range(start, len(records))):
        return done + tuple([_quiet(r.seat, r.move) for r in records[start:]]), hidden
    known = _copied(seen)  # cards seen going to the discard, still there
    unseen = _copied(hidden)  # cards that went to the discard unseen
    out = list(done)
    last_key = None
    for index in range(start, len(state.records)):
        record = state.records[index]
        out.append(projected_record(record, seat, known, unseen, state.variant))
        if record.raw_events:
            last_key = (index + 1, record, len(out))
    if last_key is not None:
        # The records after the last one with events are quiet: they change neither
        # counter, so the counters now are those at the end of that record.
        end, record, length = last_key
        _prefixes(state.variant).put(
            (seat, id(record), end),
            (record, (tuple(out[:length]), _copied(known), _copied(unseen))))
    return tuple(out), unseen


def _copied(counter: Counter[Card]) -> Counter[Card]:
    """A copy of ``counter``, made as a dict is: ``Counter(counter)`` runs Python code
    (``__init__``, ``update`` and an ``isinstance`` check against ``Mapping``), four
    times a view."""
    out: Counter[Card] = Counter.__new__(Counter)
    dict.update(out, counter)
    return out


def projected_record(record: MoveRecord, seat: int | None, known: Counter[Card],
                     unseen: Counter[Card], variant: Variant) -> ViewRecord:
    """``record`` as ``seat`` sees it, the records before it projected already.

    Args:
        record: A record of a game of ``variant``.
        seat: The viewer (None: a spectator).
        known: The cards seen going to the discard and still there; updated.
        unseen: The cards that went to the discard unseen and are still there; updated.
    """
    if not record.raw_events:
        return _quiet(record.seat, record.move)
    tables = variant.tables
    events = [_project(e, seat, known, unseen, tables.revealing_zones)
              for e in record.events]
    if tables.hidden_states:
        events = _hidden_states(events, variant, seat)
    return _make_record(record.seat, record.move,
                        _hide_order(events, _hidden_ordered(variant), variant))


_MEMO_LIMIT = 1 << 12
"""How many events a `HistoryMemo` keeps at most (each sampler holds one, and
`claim.info.sampling` keeps the samplers of the last 16 views)."""


class HistoryMemo:
    """What the `HistoryCheck`s of one view's history learnt, for the next ones.

    Attributes:
        sorted_at: The indices of the records whose view sorts a run of cards laid into
            a hidden ordered zone (E12): checked whole, not event by event.
        events: Per (record index, event index, raw event) of a raw event seen there
            as the view shows it, whose projection reads no counter: the cards it
            adds to the discard seen and unseen. At most `_MEMO_LIMIT` entries.
    """

    def __init__(self, history: tuple[ViewRecord, ...], variant: Variant) -> None:
        hidden = _hidden_ordered(variant)
        self.sorted_at = frozenset(index for index, record in enumerate(history)
                                   if any(_into(event, hidden) for event in record.events))
        self.events: dict[tuple[int, int, object], tuple[tuple[Card, ...], tuple[Card, ...]]]
        self.events = {}


class HistoryCheck:
    """Compares a game's records, as they are made, with a view's history.

    A determinization (`claim.info.sampling`) replays a view's moves from a sampled
    deal; the records so made must be seen by the view's seat as the view's history
    shows them. This projects each record once, as `projected_history` would, and
    tells at the first one that differs. With a ``memo`` (kept by the caller for
    every check of one view), an event equal to one seen at the same place before
    and projected without reading the counters is not built nor projected again:
    its projection is the view's.

    Attributes:
        history: The view's history.
        seat: The view's seat.
        variant: The variant of the game replayed.
        known: The cards seen going to the discard and still there, after the
            records compared.
        unseen: The cards that went to the discard unseen and are still there.
        done: How many records were compared (and matched).
    """

    def __init__(self, history: tuple[ViewRecord, ...], seat: int | None,
                 variant: Variant, memo: HistoryMemo | None = None) -> None:
        self.history = history
        self.seat = seat
        self.variant = variant
        self.known: Counter[Card] = Counter()
        self.unseen: Counter[Card] = Counter()
        self.done = 0
        self._memo = memo

    def matches(self, records: tuple[MoveRecord, ...], start: int = 0) -> bool:
        """Whether the records not compared yet (from ``done`` on) are seen as the
        view's history shows them; after a false answer, the check is spent.
        ``records`` begin at the history's record ``start`` (by default the first)."""
        history, done = self.history, self.done
        end = start + len(records)
        if end > len(history):
            return False
        for index in range(done, end):
            record = records[index - start]
            if (self._memo is not None and record.raw_events
                    and index not in self._memo.sorted_at):
                if not self._events_match(index, record, history[index]):
                    return False
                continue
            # Typed object: compiled, == on a ViewRecord would compare identities.
            shown: object = projected_record(record, self.seat, self.known, self.unseen,
                                             self.variant)
            if shown is not history[index] and shown != history[index]:
                return False
        self.done = end
        return True

    def _events_match(self, index: int, record: MoveRecord, expected: ViewRecord) -> bool:
        """`projected_record`(``record``) == ``expected``, event by event, with the memo."""
        assert self._memo is not None
        memo, raws, events = self._memo.events, record.raw_events, expected.events
        move: object = record.move
        if record.seat != expected.seat or len(raws) != len(events) or (
                move is not expected.move and move != expected.move):
            return False
        known, unseen, variant = self.known, self.unseen, self.variant
        for at, raw in enumerate(raws):
            key: tuple[int, int, object] = (index, at, raw)
            try:
                seen, kept = memo.get(key), True
            except TypeError:  # an unhashable power state: not kept
                seen, kept = None, False
            if seen is not None:
                for card in seen[0]:
                    known[card] += 1
                for card in seen[1]:
                    unseen[card] += 1
                continue
            event = event_of(raw)
            alone = not _reads_counters(event)
            into_known, into_unseen = (Counter(), Counter()) if alone else (known, unseen)
            projected = _project(event, self.seat, into_known, into_unseen,
                                 variant.tables.revealing_zones)
            if variant.tables.hidden_states:
                projected = _hidden_states([projected], variant, self.seat)[0]
            shown: object = projected  # compared as objects (see matches)
            if shown != events[at]:
                return False
            if alone:
                known.update(into_known)
                unseen.update(into_unseen)
                if kept and len(memo) < _MEMO_LIMIT:
                    memo[key] = (tuple(into_known.elements()), tuple(into_unseen.elements()))
        return True

    def complete(self, records: tuple[MoveRecord, ...]) -> bool:
        """Whether ``records`` are all compared and matched, and are as many as the
        view's history: the whole history of their state's view is the view's."""
        return self.done == len(records) == len(self.history)


@per_variant
def _hidden_ordered(variant: Variant) -> frozenset[object]:
    """The hidden ordered zones (shared, not per seat: the Awakeners' second deck,
    E12), by every reference `VariantTables.zone_lookup` knows them by."""
    tables = variant.tables
    return frozenset(
        ref for ref, index in tables.zone_lookup.items()
        if not tables.zone_specs[index].public and not tables.zone_specs[index].per_seat)


_QUIET: Final[Recent[tuple[int, int], tuple[Move, ViewRecord]]] = Recent(
    "quiet view records", 8192)
"""The view record of a move that caused no event, per seat and move object (the
variant's own move, kept with it so its id stays its own): one object serves every
view (and equal views compare it by identity)."""


def _quiet(seat: int, move: Move) -> ViewRecord:
    found = _QUIET.get((seat, id(move)))
    if found is None or found[0] is not move:
        found = _QUIET.put((seat, id(move)), (move, ViewRecord(seat, move)))
    return found[1]


_PLAIN = frozenset({TrickCompleted, FaceUpTurned, FaceUpTaken, LeaderChosen, PhaseStarted,
                    PowerStateChanged, CardsExchanged})
"""Event classes that are public and change no discard bookkeeping."""


def _project(event: Event, seat: int | None, known: Counter[Card], unseen: Counter[Card],
             revealing: frozenset[object]) -> ViewEvent:
    """``event`` as ``seat`` sees it; tracks which discarded cards were seen."""
    cls = event.__class__
    if cls in _PLAIN:
        return event
    if cls is CardDrawn or cls is Peeked:
        assert isinstance(event, (CardDrawn, Peeked))
        if event.seat == seat:
            return event
        if cls is CardDrawn:
            return _make_hidden("CardDrawn", event.seat, Zone.DRAW_PILE, Zone.FOLLOWERS)
        return _make_hidden("Peeked", event.seat, Zone.DRAW_PILE, None)
    if isinstance(event, PlacedUnseen):
        if event.zone is Zone.DISCARD:
            unseen[event.card] += 1
        elif event.zone is Zone.HAND and event.seat == seat:
            return event  # a card drawn into one's own hand (a Fire Phoenix, E41)
        return _make_hidden("PlacedUnseen", event.seat, event.origin, event.zone)
    if isinstance(event, Placed):
        if event.zone is Zone.DISCARD:
            known[event.card] += 1
        if event.origin is Zone.DISCARD:
            if known[event.card] > 0:
                known[event.card] -= 1
            elif unseen[event.card] > 0:
                unseen[event.card] -= 1
                if event.zone not in revealing:
                    return _make_hidden("Placed", event.seat, event.origin, event.zone)
    return event


def _reads_counters(event: Event) -> bool:
    """Whether `_project`'s answer for ``event`` depends on the counters it is given
    (a card taken from the discard: seen going there or not); the others only add
    to them."""
    return event.__class__ is Placed and event.origin is Zone.DISCARD


def _hidden_states(events: list[ViewEvent], variant: Variant, seat: int | None
                   ) -> list[ViewEvent]:
    """A hidden power state's changes (E32: a Poisoner's look) as ``seat`` sees them
    (`FactionPower.view_state`), like the state in the view itself."""
    tables = variant.tables
    powers = {tables.faction_names[fi]: tables.powers[fi] for fi in tables.hidden_states}
    out: list[ViewEvent] = []
    for event in events:
        if isinstance(event, PowerStateChanged) and event.faction in powers:
            shown = powers[event.faction].view_state(event.value, seat)
            out.append(PowerStateChanged(event.faction, shown))
        else:
            out.append(event)
    return out


@per_variant
def deck_rank(variant: Variant) -> dict[Card, int]:
    """Per card, the position of its first copy in the deck (to list cards in deck
    order); shared, read only."""
    return {card: index for index, card in reversed(list(enumerate(variant.deck)))}


def _into(event: ViewEvent, zones: frozenset[object]) -> bool:
    """Whether ``event`` lays a card into one of ``zones``."""
    return isinstance(event, (Placed, HiddenEvent)) and event.zone in zones


def _hide_order(events: list[ViewEvent], hidden_ordered: frozenset[object],
                variant: Variant) -> tuple[ViewEvent, ...]:
    """Sort each run of cards laid into a hidden ordered zone, so that the run does
    not tell the zone's hidden order (E12): seen cards in deck order, then unseen."""
    if not hidden_ordered or not any(_into(event, hidden_ordered) for event in events):
        return tuple(events)
    rank = deck_rank(variant)

    def key(event: ViewEvent) -> tuple[int, int]:
        return (1, 0) if isinstance(event, HiddenEvent) else (
            0, rank[event.card])  # type: ignore[union-attr]

    out: list[ViewEvent] = []
    run: list[ViewEvent] = []
    for event in events + [HiddenEvent("end")]:
        if _into(event, hidden_ordered):
            run.append(event)
            continue
        if run:
            out += sorted(run, key=key)
            run = []
        out.append(event)
    return tuple(out[:-1])
