"""Resolving a finished trick: value, rank, capture, place, follow up, lead.

The order is the one the rules fix (RULES 3-4, E21, E22): current values (E1); the
ranking (`rank_key`, then `rerank`, or values alone in a plain trick, E13); cards
captured before placement (`capture`: a Basilisk's or Zombie's take, a Frostbeast's
discard); placement (`place` hooks, the rest by the phase's default: R7, before any
smash); what follows placement (`after_place`: an Awakener's draw, smashes, a Dark
Elf's discard, a Seer's peek); the next leader (`next_leader`, else the winner);
then the queued steps, phase 1 recruiting last (`claim.rules.engine.choices`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from claim.core._fast import slot_maker
from claim.core.errors import PowerError
from claim.core.records import (
    LeaderChosen,
    Placed,
    RawEvent,
    TrickCompleted,
)
from claim.core.zones import DISCARD, RECRUIT, SCORE, Zone
from claim.rules.effects import Placement, Step
from claim.rules.engine.board import Board, powers_of
from claim.rules.engine.choices import run_queue
from claim.rules.engine.effects import carry_out
from claim.rules.engine.recruiting import after_recruiting, recruit
from claim.rules.protocol import RankKey, Trick
from claim.rules.rulebook import printed_rank_key
from claim.rules.variant_tables import DeckTables, HookTable

if TYPE_CHECKING:
    from claim.rules.state import GameState

__all__ = ["current_lead", "lead_index", "rank", "resolve_trick"]


make_trick: Final = slot_maker(Trick)
make_placement: Final = slot_maker(Placement)
TRICK: Final = Zone.TRICK
_NONE_TAKEN: Final[frozenset[int]] = frozenset()


def lead_index(state: GameState, card: int) -> int:
    """The faction index a led ``card`` makes the lead faction now (R3, E3)."""
    tables = state.variant.tables
    if (1 << card) & tables.dynamic_lead_mask:
        name = tables.powers[tables.card_faction[card]].lead_now(state, card)
        if name is not None:
            return tables.faction_index[name]
    return tables.lead_of[card]


def current_lead(state: GameState) -> str | None:
    """The lead faction of the trick in ``state``; None before its first card."""
    if not state.trick:
        return None
    return state.variant.tables.faction_names[lead_index(state, state.trick[0])]


def _packed(key: RankKey) -> int:
    """A hook's rank key as one int that orders like the tuple."""
    group, value, secondary, position = key
    return (((group + 8) << 48) | ((value + 2**15) << 32) | ((secondary + 2**15) << 16)
            | (position + 2**15))


def rank(
    cards: tuple[int, ...], tables: DeckTables, lead: int, rank_mask: int,
    trick: Trick | None, values: tuple[int, ...] | None = None,
) -> tuple[int, ...]:
    """Positions of the trick's cards from rank 1 down (RULES 3, R2, R4, E1).

    Keys are the tuples of `RankKey` packed into ints. ``values`` are the current
    values by position (printed values when None); ``trick`` is needed only when a
    card's faction overrides ``rank_key``. In a plain trick (``lead`` -1) only the
    values rank.
    """
    if not rank_mask and values is None:
        return _rank_printed(cards, tables, lead)
    counts = tables.counts_masks[lead] if lead >= 0 else 0
    printed = tables.card_value
    keys = []
    for position, card in enumerate(cards):
        bit = 1 << card
        key = None
        if bit & rank_mask and trick is not None:
            key = tables.powers[tables.card_faction[card]].rank_key(trick, position)
        if key is None:
            value = printed[card] if values is None else values[position]
            keys.append(printed_rank_key(value, position, lead >= 0 and (
                position == 0 or bit & counts != 0)))
        else:
            keys.append(_packed(key))
    return tuple(sorted(range(len(keys)), key=keys.__getitem__, reverse=True))


_LEAD_GROUP: Final = 9 << 48
_OTHER_GROUP: Final = 8 << 48
_FIRST_WINS: Final = (0, 1)
_SECOND_WINS: Final = (1, 0)


def _rank_printed(cards: tuple[int, ...], tables: DeckTables, lead: int) -> tuple[int, ...]:
    """`rank` when no hook takes part and printed values rank (most tricks): the
    keys of `printed_rank_key`, from its per-card table ``rank_base``."""
    base = tables.rank_base
    if lead < 0:
        keys = [base[card] + _OTHER_GROUP - position for position, card in enumerate(cards)]
    else:
        counts = tables.counts_masks[lead]
        if len(cards) == 2:  # two players: one comparison
            second = cards[1]
            return _FIRST_WINS if base[cards[0]] + _LEAD_GROUP > base[second] - 1 + (
                _LEAD_GROUP if counts >> second & 1 else _OTHER_GROUP) else _SECOND_WINS
        keys = [base[cards[0]] + _LEAD_GROUP]
        for position in range(1, len(cards)):
            card = cards[position]
            keys.append(base[card] - position
                        + (_LEAD_GROUP if counts >> card & 1 else _OTHER_GROUP))
    return tuple(sorted(range(len(keys)), key=keys.__getitem__, reverse=True))


def _values(before: GameState, hooks: HookTable, seats: tuple[int, ...],
            cards: tuple[int, ...]) -> tuple[int, ...] | None:
    """Current values by position (E1), or None when no power modifies them."""
    if not hooks.modifiers:
        return None
    tables = before.variant.tables
    powers = [tables.powers[fi] for fi in hooks.modifiers]
    return tuple(
        tables.card_value[card] + sum(p.value_modifier(before, seat, card) for p in powers)
        for seat, card in zip(seats, cards)
    )


def _ranked(
    board: Board, before: GameState, present: int, movable: int, tables: DeckTables,
    hooks: HookTable, seats: tuple[int, ...],
) -> tuple[Trick | None, tuple[int, ...], int]:
    """The order of positions, the lead faction's index, and the hook context of the
    ranked trick (None when no later hook reads it); ``seats`` in play order."""
    cards = board.trick
    lead = lead_index(before, cards[0]) if present & tables.dynamic_lead_mask else (
        tables.lead_of[cards[0]])
    values = None
    plain = False
    if present & (hooks.rank_masks[lead] | hooks.rerank_mask) or hooks.plain or hooks.modifiers:
        values = _values(before, hooks, seats, cards) if hooks.modifiers else None
        plain, order = _ranked_by_hooks(board, before, present, lead, values)
    else:
        order = _rank_printed(cards, tables, lead)
    if not (present & hooks.post_mask or movable & hooks.placer_mask or hooks.always_placers
            or hooks.always_after or (1 << cards[order[0]]) & hooks.post_win_mask):
        return None, order, lead
    shown = values if values is not None else tuple(map(tables.card_value.__getitem__, cards))
    return make_trick(before, board.phase, seats, cards, tables.faction_names[lead], shown,
                      order, plain, _NONE_TAKEN), order, lead


def _ranked_by_hooks(board: Board, before: GameState, present: int, lead: int,
                     values: tuple[int, ...] | None) -> tuple[bool, tuple[int, ...]]:
    """Whether the trick is plain (E13), and its order, when a power's ``rank_key``,
    ``rerank``, ``plain_ranking`` or ``value_modifier`` may take part."""
    tables = board.variant.tables
    hooks = tables.hooks[board.phase]
    cards = board.trick
    if not (present & (hooks.rank_masks[lead] | hooks.rerank_mask) or hooks.plain):
        return False, rank(cards, tables, lead, 0, None, values)
    shown = values if values is not None else tuple(map(tables.card_value.__getitem__, cards))
    trick = make_trick(before, board.phase, tables.seat_orders[board.leader], cards,
                       tables.faction_names[lead], shown, (), False, _NONE_TAKEN)
    plain = any(tables.powers[fi].plain_ranking(trick) for fi in hooks.plain)
    order = rank(cards, tables, -1 if plain else lead, 0 if plain else hooks.rank_masks[lead],
                 trick, values)
    if not plain and present & hooks.rerank_mask:
        order = _reranked(board, trick, present, order)
    return plain, order


def _reranked(board: Board, trick: Trick, present: int, order: tuple[int, ...]
              ) -> tuple[int, ...]:
    """The order after the ``rerank`` hooks of the factions present (E16, E17)."""
    tables = board.variant.tables
    for fi in tables.hooks[board.phase].rerankers:
        if present & tables.faction_masks[fi]:
            context = make_trick(trick.state, trick.phase, trick.seats, trick.cards,
                                 trick.lead_faction, trick.values, order, False, _NONE_TAKEN)
            answer = powers_of(tables)[fi].rerank(context, order)
            order = _checked_order(board, fi, answer, order)
    return order


def _checked_order(board: Board, fi: int, new: object, old: tuple[int, ...]) -> tuple[int, ...]:
    if new is None:
        return old
    if not isinstance(new, tuple) or sorted(new) != sorted(old):
        name = board.variant.tables.faction_names[fi]
        raise PowerError(f"power of {name}: rerank returned {new!r}, not a reordering of "
                         f"{old!r}", name, new)
    return new


def _present(board: Board, tables: DeckTables) -> tuple[int, int]:
    """The mask of the trick's cards, and of those with the cards of the shared zones
    (a waiting line, which placement may deliver)."""
    present = 0
    for card in board.trick:
        present |= 1 << card
    movable = present
    for index in tables.shared_zones:
        for card in board.zones[index]:
            movable |= 1 << card
    return present, movable


def resolve_trick(board: Board, before: GameState, resumed: bool = False) -> list[RawEvent]:
    """Resolve the complete trick on ``board``; returns the events it caused.

    ``before`` is the state the trick was played under (the hooks' context). While a
    ``review`` hook's question waits (E42) the trick stays on the table; `advance`
    then resumes it (``resumed``: its completion was recorded already).
    """
    tables = board.variant.tables
    hooks = tables.hooks[board.phase]
    cards = board.trick
    present, movable = _present(board, tables)
    seats = tables.seat_orders[board.leader]
    trick, order, lead = _ranked(board, before, present, movable, tables, hooks, seats)
    ranking = tuple(map(seats.__getitem__, order))
    won = 1 << cards[order[0]]
    events: list[RawEvent] = [] if resumed else [
        (TrickCompleted.from_raw, board.phase, seats,
         tuple(map(tables.deck.__getitem__, cards)), tables.faction_names[lead], ranking)
    ]
    if trick is not None and present & hooks.review_mask and _review(
            board, trick, hooks, present, events, resumed):
        if board.pending is not None:
            return events  # the trick waits on the table for the answers
        return events + resolve_trick(board, board.snapshot(), True)
    board.unplaced = present
    board.settling = True
    steps: list[Step] = []
    if trick is not None:
        if present & hooks.capture_mask:
            trick = _capture(board, trick, hooks, present, events)
        after = present & hooks.after_mask or won & hooks.after_win_mask or len(hooks.always_after)
        placed = _place(board, trick, hooks, movable, events, bool(after)) if (
            movable & hooks.placer_mask or hooks.always_placers) else []
        _place_default(board, ranking[0], events, placed if after else None)
        if after:
            steps += _after_place(board, trick, hooks, present, placed, events)
        if present & hooks.leader_mask:
            board.leader = _next_leader(trick, tables, hooks, present, events)
        else:
            board.leader = ranking[0]
            events.append((LeaderChosen, ranking[0], None))
    else:
        _place_default(board, ranking[0], events, None)
        board.leader = ranking[0]
        events.append((LeaderChosen, ranking[0], None))
    board.trick = ()
    if board.phase is RECRUIT:
        steps, late = after_recruiting(tables, steps)
        steps += recruit(board, seats, cards, ranking, present, won,
                          bool(steps or board.queue), events) + late
    if steps or board.queue:
        board.queue += steps
        if board.pending is None:  # (else recruiting asked its first step's question)
            run_queue(board, events)
    return events


def _after_place(board: Board, trick: Trick, hooks: HookTable, present: int,
                 placed: list[Placement], events: list[RawEvent]) -> list[Step]:
    """Carry out the ``after_place`` hooks of the powers taking part; return their steps."""
    tables = board.variant.tables
    won = 1 << trick.cards[trick.order[0]]
    steps: list[Step] = []
    for fi in hooks.after:
        fmask = tables.faction_masks[fi]
        if (won if fmask & hooks.after_win_mask else present) & fmask or (
                fi in hooks.always_after):
            effects = powers_of(tables)[fi].after_place(trick, tuple(placed))
            steps += carry_out(board, fi, effects, events)
    return steps


def _review(board: Board, trick: Trick, hooks: HookTable, present: int,
            events: list[RawEvent], resumed: bool) -> bool:
    """Carry out the ``review`` hooks and ask their steps (before any card moves);
    whether any step was queued. A resumed trick must ask nothing more."""
    tables = board.variant.tables
    steps: list[Step] = []
    for fi in hooks.reviewers:
        if present & tables.faction_masks[fi]:
            asked = carry_out(board, fi, powers_of(tables)[fi].review(trick), events)
            if asked and resumed:
                name = tables.faction_names[fi]
                raise PowerError(f"power of {name}: review asked again once its questions "
                                 "were answered (record the answers in the power state)",
                                 name)
            steps += asked
    if not steps:
        return False
    board.queue += steps
    run_queue(board, events)
    return True


def _capture(board: Board, trick: Trick, hooks: HookTable, present: int,
             events: list[RawEvent]) -> Trick:
    """Carry out the ``capture`` hooks; the context then knows what they took."""
    tables = board.variant.tables
    for fi in hooks.capturers:
        if present & tables.faction_masks[fi]:
            steps = carry_out(board, fi, powers_of(tables)[fi].capture(trick), events)
            board.queue += steps
    taken = frozenset(c for c in trick.cards if not board.unplaced >> c & 1)
    return make_trick(trick.state, trick.phase, trick.seats, trick.cards, trick.lead_faction,
                      trick.values, trick.order, trick.plain, taken)


def _place(board: Board, trick: Trick, hooks: HookTable, movable: int,
           events: list[RawEvent], collect: bool) -> list[Placement]:
    """Carry out the ``place`` hooks (for cards in the trick or waiting in a shared
    zone); return the placements they made when ``collect`` (an ``after_place`` hook
    will read them), else an empty list."""
    tables = board.variant.tables
    placed: list[Placement] = []
    cards = trick.cards
    for fi in hooks.placers:
        fmask = tables.faction_masks[fi]
        if not movable & fmask and fi not in hooks.always_placers:
            continue
        mine = fmask & board.unplaced
        positions = tuple([p for p, card in enumerate(cards) if mine >> card & 1]
                          ) if mine else ()
        effects = powers_of(tables)[fi].place(trick, positions)
        if effects is not None:
            steps = carry_out(board, fi, effects, events)
            if steps:
                board.queue += steps
            if collect:
                placed += [e for e in effects if isinstance(e, Placement)]
    return placed


def _place_default(board: Board, winner: int, events: list[RawEvent],
                   placed: list[Placement] | None) -> None:
    """Phase 1: discard the played cards left; phase 2: the winner scores them."""
    rest = board.unplaced
    if not rest:
        return
    board.unplaced = 0
    seat: int | None
    if board.phase is RECRUIT:
        board.discard |= rest
        zone, seat = DISCARD, None
    else:
        board.scores[winner] |= rest
        zone, seat = SCORE, winner
    deck = board.variant.tables.deck
    for card in board.trick:
        if (1 << card) & rest:
            events.append((Placed, deck[card], zone, seat))
            if placed is not None:
                placed.append(make_placement(card, zone, seat, TRICK, None))


def _next_leader(trick: Trick, tables: DeckTables, hooks: HookTable, present: int,
                 events: list[RawEvent]) -> int:
    """The winner leads, unless a ``next_leader`` hook decides (Dragons R8, Yetis E10).

    Called only when a card whose faction overrides ``next_leader`` is in the trick.
    """
    for fi in hooks.leaders:
        if not present & tables.faction_masks[fi]:
            continue
        seat = powers_of(tables)[fi].next_leader(trick)
        if seat is None:
            continue
        if type(seat) is not int or not 0 <= seat < len(trick.seats):
            name = tables.faction_names[fi]
            raise PowerError(f"power of {name}: next_leader returned {seat!r}, not a seat",
                             name, seat)
        events.append((LeaderChosen, seat, tables.faction_names[fi]))
        return seat
    winner = trick.winner
    events.append((LeaderChosen, winner, None))
    return winner
