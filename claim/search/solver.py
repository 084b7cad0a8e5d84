"""An exact solver for phase 2 of a two-player game.

With two players, once phase 2 begins every card a player has not seen is in the
opponent's hand, provided the variant hides nothing else (no hidden declared zone,
no chance, no card discarded unseen). Phase 2 is then a game of perfect information,
and [`solve`][claim.search.solver.solve] finds its value under best play by both seats: the
result of RULES 5 with its full cascade (R12, R13), from seat 0's point of view,
``+1`` a win, ``0`` a draw, ``-1`` a loss.

The search is alpha-beta minimax over ``legal_moves()`` and ``apply()`` (seat 0
maximises, seat 1 minimises), so every phase 2 power and every question (a Giant's
smash, a Dark Elf's discard) is searched as a move of the seat that answers it. It
uses a transposition table keyed by position (no history; identical cards
interchangeable), tries the table's best move first and then likely winners
(`_Order`), and cuts a position as soon as the best or worst case of the cards not
yet scored decides the window (`claim.search._solver_key.KeyMaker.bounds`).

When the playout kernel plays every power of the variant (`claim.search._solver_fast.fast_tables`:
the Claim and Claim 2 factions in every built-in two-player set-up) and no question
is pending, the same search runs on the kernel's plain ints (`claim.search._solver_fast`),
several times cheaper per position, with the same values and best moves; other
variants (expansions, plugins) and positions at a question use the generic search.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable

import attrs

from claim.core._collector import collector_paused
from claim.core.cards import Card
from claim.core.errors import ClaimError
from claim.core.moves import Move, PlayCard
from claim.core.records import PlacedUnseen
from claim.core.zones import Phase
from claim.rules.masking import mask_table
from claim.rules.state import GameState
from claim.rules.variant_tables import DeckTables, ids_in
from claim.search._playout_tables import KernelTables
from claim.search._solver_base import FastLimit
from claim.search._solver_fast import FastSearch, fast_tables
from claim.search._solver_key import KeyMaker

__all__ = [
    "SearchLimitError", "Solution", "SolverError", "applies", "outcome", "solve", "why_not_exact",
]

_Entry = tuple[int, int, Move | None]
"""A table entry: lower bound, upper bound, best move found."""


class SolverError(ClaimError, ValueError):
    """The solver does not apply to the position; the message says why."""


class SearchLimitError(ClaimError, RuntimeError):
    """The search gave up: it visited more positions than its ``max_nodes``, or ran
    longer than its ``max_seconds``."""


@attrs.frozen
class Solution:
    """The value of a phase 2 position under best play.

    Attributes:
        value: Seat 0's result under best play by both seats: ``1`` a win, ``0`` a
            draw, ``-1`` a loss (RULES 5, the full cascade).
        best_moves: Every legal move of the seat to act that keeps ``value``, in
            ``legal_moves()`` order; empty once the game is over.
        nodes: Positions visited by the search.
        table_size: Positions stored in the transposition table.
    """

    value: int
    best_moves: tuple[Move, ...]
    nodes: int
    table_size: int

    def value_for(self, seat: int) -> int:
        """The value from ``seat``'s point of view (``-value`` for seat 1)."""
        return self.value if seat == 0 else -self.value


def why_not_exact(state: GameState) -> str | None:
    """Why the solver is not exact for ``state``, or None when it is.

    It is exact when the position has perfect information from each seat's view:
    two players, phase 2 (or a finished game), no power using chance (E12), every
    declared zone public (no cards set aside, E33), no hidden marks fixed at the
    deal (the fake Tricksters, E30; the toxic cards, E32; the potions, E34), and no
    card moved unseen earlier (a Ghost's forgone top card, E6), so that the cards a
    seat has not seen are exactly the other hand.
    """
    variant = state.variant
    tables = variant.tables
    if variant.players != 2:
        return f"the solver needs 2 players, not {variant.players}"
    if state.phase is Phase.RECRUIT:
        return "the solver needs phase 2 (support); the game is in phase 1"
    if tables.uses_chance:
        return "a power of the variant uses chance (an order fixed at the deal)"
    hidden = [spec.name for spec in tables.zone_specs if not spec.public]
    if hidden:
        return f"the variant declares hidden zones: {', '.join(hidden)}"
    masked = mask_table(variant)
    if masked is not None:
        names = ", ".join(sorted(masked.factions.values()))
        return (f"masked cards ({names}: E28) hide their values from every seat, "
                "their holders included")
    if tables.hidden_states:
        marks = ", ".join(tables.faction_names[fi] for fi in tables.hidden_states)
        return (f"hidden marks fixed at the deal ({marks}: E30-E34, fakes, toxic cards, "
                "potions) decide the result, and no seat knows them all")
    for record in state.records:
        if any(raw[0] is PlacedUnseen for raw in record.raw_events):
            return "a card was moved unseen earlier, so a seat cannot know the other hand"
    return None


def applies(state: GameState) -> bool:
    """Whether [`solve`][claim.search.solver.solve] is exact for ``state``
    (see `why_not_exact`)."""
    return why_not_exact(state) is None


def solve(
    state: GameState, *, all_best: bool = True, max_nodes: int | None = None,
    max_seconds: float | None = None,
) -> Solution:
    """Solve a two-player phase 2 position exactly.

    Args:
        state: A two-player position in phase 2 (or a finished game).
        all_best: Find every best move (each is proved: this can cost many times
            the value alone); False finds one best move only.
        max_nodes: Give up after visiting this many positions (None: no limit).
        max_seconds: Give up after this many seconds (None: no limit; the clock is
            read every 256 positions, so a limit makes the outcome depend on the
            machine's speed).

    Returns:
        The value for seat 0 under best play, the best moves, and search figures.

    Raises:
        SolverError: The solver does not apply (see `why_not_exact`).
        SearchLimitError: The search visited more than ``max_nodes`` positions or
            took longer than ``max_seconds``.
    """
    reason = why_not_exact(state)
    if reason is not None:
        raise SolverError(reason)
    kt = fast_tables(state)
    if kt is not None and state.phase is not Phase.OVER:
        return _solve_fast(state, kt, all_best, max_nodes, max_seconds)
    return _solve_generic(state, all_best, max_nodes, max_seconds)


# A search allocates millions of small tuples (table keys, memo entries) that the
# collector would scan again and again (~5%); the searches run with it paused and
# empty their tables when they end (``release``), so reference counting frees them.
@collector_paused
def _solve_generic(state: GameState, all_best: bool, max_nodes: int | None,
                   max_seconds: float | None) -> Solution:
    """`solve` through ``legal_moves()`` and ``apply()``: every power, any position."""
    search = _Search(state, max_nodes, max_seconds)
    try:
        # Null-window tests (a win? then at least a draw?) prune more than one wide search.
        value = 1 if search.value(state, 0, 1) >= 1 else (
            0 if search.value(state, -1, 0) >= 0 else -1)
        best = search.best_moves(state, value, first_only=not all_best)
        return Solution(value, best, search.nodes, len(search.table))
    finally:
        search.keys.release()  # its memos refer back to it (see `KeyMaker.release`)


@collector_paused
def _solve_fast(state: GameState, kt: KernelTables, all_best: bool, max_nodes: int | None,
                max_seconds: float | None) -> Solution:
    """`solve` on the kernel's plain ints (`claim.search._solver_fast`)."""
    deadline = None if max_seconds is None else time.perf_counter() + max_seconds
    tables = state.variant.tables
    search = FastSearch(kt, KeyMaker(tables), tuple(spec.per_seat for spec in tables.zone_specs),
                        -1 if max_nodes is None else max_nodes, deadline)
    root = search.setup(state)
    seat = state.current_player
    try:
        value = 1 if search.value(*root, 0, 1) >= 1 else (
            0 if search.value(*root, -1, 0) >= 0 else -1)
        cards = search.moves(root)
        if not all_best:
            first = search.best_of(root)
            if first is not None and first in cards:
                cards.remove(first)
                cards.insert(0, first)
        best = []
        for card in cards:
            if (search.play(*root, card, value - 1, value) >= value if seat == 0
                    else search.play(*root, card, value, value + 1) <= value):
                best.append(card)
                if not all_best:
                    break
        return Solution(value, tuple(search.move_of(card) for card in sorted(best)),
                        search.nodes, len(search.table))
    except FastLimit as exc:
        raise SearchLimitError(str(exc)) from None
    finally:
        search.release()


def outcome(state: GameState) -> int:
    """Seat 0's result of a finished two-player game: +1, 0 (draw) or -1 (RULES 5)."""
    winner = state.result().winner
    return 0 if winner is None else (1 if winner == 0 else -1)


class _Search:
    """One alpha-beta search with its transposition table."""

    def __init__(self, state: GameState, max_nodes: int | None,
                 max_seconds: float | None) -> None:
        self.limit = -1 if max_nodes is None else max_nodes
        self.deadline = None if max_seconds is None else time.perf_counter() + max_seconds
        self.keys = KeyMaker(state.variant.tables)
        self.table: dict[Hashable, _Entry] = {}
        self.nodes = 0
        self.bounded = self.keys.decides_early
        self.order = _Order(state.variant.tables)

    def value(self, state: GameState, alpha: int, beta: int) -> int:
        """Seat 0's value, exact inside ``(alpha, beta)``, else a bound past it."""
        self.nodes += 1
        if self.nodes == self.limit:
            raise SearchLimitError(f"the search visited {self.limit} positions and gave up")
        if not self.nodes & 255 and self.deadline is not None and (
            time.perf_counter() > self.deadline
        ):
            raise SearchLimitError(f"the search ran out of time after {self.nodes} positions")
        if state.phase is Phase.OVER:
            return outcome(state)
        if self.bounded:
            low, high = self.keys.bounds(state)
            if high <= alpha or low == high:
                return high
            if low >= beta:
                return low
        moves = state.legal_moves()
        if len(moves) == 1:  # a forced move (following suit): no table entry needed
            return self.value(state.apply(moves[0]), alpha, beta)
        key = self.keys.key(state)
        lower, upper, best = self.table.get(key, (-1, 1, None))
        if lower >= beta or lower == upper:
            return lower
        if upper <= alpha:
            return upper
        alpha, beta = max(alpha, lower), min(beta, upper)
        found, best = self._children(state, moves, alpha, beta, best)
        if found <= alpha:
            upper = min(upper, found)
        elif found >= beta:
            lower = max(lower, found)
        else:
            lower = upper = found
        self.table[key] = (lower, upper, best)
        return found

    def _children(
        self, state: GameState, moves: tuple[Move, ...], alpha: int, beta: int,
        first: Move | None,
    ) -> tuple[int, Move | None]:
        """The best child value (fail-soft) and the move reaching it."""
        maximise = state.current_player == 0
        found, best = (-2, None) if maximise else (2, None)
        for move in self._ordered(state, moves, first):
            got = self.value(state.apply(move), alpha, beta)
            if maximise and got > found:
                found, best, alpha = got, move, max(alpha, got)
            elif not maximise and got < found:
                found, best, beta = got, move, min(beta, got)
            if alpha >= beta:
                break
        return found, best

    def _ordered(self, state: GameState, moves: tuple[Move, ...],
                 first: Move | None) -> list[Move]:
        """The table's best move first, then by `_Order` (answers keep their order)."""
        if state.pending is None:
            ordered = sorted(moves, key=self.order.keys(state), reverse=True)
        else:
            ordered = list(moves)
        if first is not None and first in moves:
            ordered.remove(first)
            ordered.insert(0, first)
        return ordered

    def best_moves(self, state: GameState, value: int, first_only: bool) -> tuple[Move, ...]:
        """The legal moves whose child keeps ``value`` (null-window tests), in
        ``legal_moves()`` order; with ``first_only`` the first one found, trying
        the table's best move first."""
        if state.phase is Phase.OVER:
            return ()
        moves = state.legal_moves()
        if first_only:
            entry = self.table.get(self.keys.key(state))
            moves = tuple(self._ordered(state, moves, None if entry is None else entry[2]))
        found = []
        for move in moves:
            child = state.apply(move)
            if (self.value(child, value - 1, value) >= value if state.current_player == 0
                    else self.value(child, value, value + 1) <= value):
                found.append(move)
                if first_only:
                    break
        return tuple(found)


class _Order:
    """Move ordering (it only speeds the search up; any order gives the same values).

    A leader tries first the cards the other hand cannot beat by value (no card
    of theirs that counts as the lead faction, or is always playable, is higher),
    highest first, then the rest highest first. A follower tries first the cards
    that beat the led card by value, highest first, then the others lowest first.
    Powers that rank otherwise (Knights on Goblins) are not modelled here.
    """

    def __init__(self, tables: DeckTables) -> None:
        self.tables = tables
        self.lead_of = {name: tables.lead_of[ids_min(tables.faction_masks[fi])]
                        for fi, name in enumerate(tables.faction_names)}

    def keys(self, state: GameState) -> Callable[[Move], tuple[int, int]]:
        """The sort key of the moves of ``state`` (no question pending)."""
        tables = self.tables
        values = tables.card_value
        seat = state.current_player or 0
        if state.trick:
            led = state.trick[0]
            counts = tables.counts_masks[tables.lead_of[led]]
            floor = values[led]

            def follow(move: Move) -> tuple[int, int]:
                card = _card_of(move)
                if card is None:
                    return (0, 0)
                beats = bool(tables.faction_masks[tables.faction_index[card.faction]] & counts)
                return (1, card.value) if beats and card.value > floor else (0, -card.value)

            return follow
        other = state.hand_masks[1 - seat]

        def lead(move: Move) -> tuple[int, int]:
            card = _card_of(move)
            if card is None:
                return (0, 0)
            rivals = other & (tables.counts_masks[self.lead_of[card.faction]] | tables.wild_mask)
            beaten = any(values[c] > card.value for c in ids_in(rivals))
            return (0 if beaten else 1, card.value)

        return lead


def _card_of(move: Move) -> Card | None:
    """The card a move plays (None for an answer to a question)."""
    return move.card if isinstance(move, PlayCard) else None


def ids_min(mask: int) -> int:
    """The lowest card id of a non-empty mask."""
    return (mask & -mask).bit_length() - 1
