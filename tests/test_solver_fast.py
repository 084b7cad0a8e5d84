"""The solver's fast path (`claim.search._solver_fast`) is exact (issue 11).

For two-player variants whose powers the playout kernel reproduces, `solve` searches
on plain ints instead of ``legal_moves()`` and ``apply()``. These tests prove it
gives the same `Solution.value` (seat 0's result by the full cascade of RULES 5:
R12, R13) and the same best moves, every one of them (``all_best=True``), as the
generic search through the engine, on seeded positions of every built-in two-player
variant and every official mix of the two boxes with every rule option (RULES 4:
Knights R4, Giants' smash R7, Dragons R8, Trolls R9, Gnomes, Dwarves R6), and
against brute-force minimax where the smash is decided inside the search.
"""

from __future__ import annotations

import random

import pytest
from test_solver import late_position, minimax

import claim
from claim.core.zones import Phase
from claim.rules.state import GameState
from claim.rules.variant import Variant
from claim.search._solver_fast import FastSearch, fast_tables
from claim.search._solver_key import KeyMaker, _sign
from claim.search.solver import SearchLimitError, Solution, _solve_generic, solve
from claim.testing import official_mixes, option_settings, support_position

BUILT_IN = ["claim", "claim2", "dragon-court", "giant-hunt", "goblin-war"]
"""The built-in two-player variants; every one has phase 2 powers the kernel plays."""


def assert_same(state: GameState) -> Solution:
    """Solve ``state`` on both paths; the values and all best moves must agree."""
    assert fast_tables(state) is not None
    fast = solve(state)
    slow = _solve_generic(state, True, None, None)
    assert (fast.value, fast.best_moves) == (slow.value, slow.best_moves), state
    one = solve(state, all_best=False)
    assert one.value == fast.value and set(one.best_moves) <= set(fast.best_moves)
    assert len(one.best_moves) == (1 if state.legal_moves() else 0)
    return fast


def mid_position(variant: Variant, seed: int, cards: int) -> GameState:
    """A phase 2 position with ``cards`` cards per hand, sometimes mid-trick, never
    at a question (the fast path's domain)."""
    state = late_position(variant, seed, cards)
    rng = random.Random(seed)
    while state.pending is not None:
        state = state.apply(rng.choice(state.legal_moves()))
    return state


@pytest.mark.parametrize("name", BUILT_IN)
def test_built_in_variants_agree_with_the_generic_search(name: str) -> None:
    """RULES 5 (R12, R13): value and every best move as through the engine."""
    variant = claim.load_variant(name)
    values = set()
    for seed in range(16):
        state = mid_position(variant, seed, 4 + seed % 4)
        if not state.is_over:
            values.add(assert_same(state).value)
    assert {-1, 1} <= values  # not a one-sided sample


@pytest.mark.parametrize("players_mixes", range(4))
def test_official_mixes_with_every_rule_option(players_mixes: int) -> None:
    """Every official 2-player mix of the two boxes (RULES 1-2) with every rule
    option (R4 knights_beat_all_goblins, R8 dragon_lead, R9 troll_queue_order):
    the fast path agrees with the generic search."""
    mixes = official_mixes(2)[players_mixes::4]
    for index, names in enumerate(mixes):
        for options in option_settings(claim.mix(list(names), 2)):
            variant = claim.mix(list(names), 2, options=options)
            state = mid_position(variant, index + 7 * players_mixes, 4)
            if not state.is_over:
                assert_same(state)


def test_smashes_inside_the_search_agree_with_minimax() -> None:
    """RULES 4 Giants (R7, R15): a smash arising inside the search is a choice of
    the capturer, searched like a play: solve equals brute-force minimax, and each
    Giant may smash a Gnome of its value lying in front of the other seat."""
    variant = claim.load_variant("claim2")
    hands = [["Gn3", "Gi3", "Gi5", "Dr1"], ["Gn5", "Gn3", "Gi1", "Dr3"]]
    for leader in (0, 1):
        state = support_position(variant, hands, leader=leader)
        solution = assert_same(state)
        assert solution.value == minimax(state)
        assert solution.best_moves == tuple(
            m for m in state.legal_moves() if minimax(state.apply(m)) == solution.value)
    smashes = 0
    for seed in range(40):
        state = mid_position(variant, seed, 3)
        if state.is_over:
            continue
        assert solve(state).value == minimax(state)
        smashes += _asks_a_smash(state)
    assert smashes >= 3  # the sample does reach smash questions


def _asks_a_smash(state: GameState) -> bool:
    """Whether some line of play from ``state`` asks a smash question."""
    if state.is_over:
        return False
    if state.pending_kind == "smash":
        return True
    return any(_asks_a_smash(state.apply(move)) for move in state.legal_moves())


def test_the_fast_path_applies_only_where_the_kernel_plays() -> None:
    """Expansion powers, a pending question and three players use the generic path."""
    claim2 = claim.load_variant("claim2")
    assert fast_tables(mid_position(claim2, 1, 5)) is not None
    pending = support_position(claim2, [["Gn3", "Gi5", "Dr1"], ["Gn5", "Gi1", "Dr3"]],
                               leader=1)
    for move in ("Gn5", "Gn3", "Gi1", "Gi5"):
        pending = pending.apply(move)
    assert pending.pending_kind == "smash" and fast_tables(pending) is None
    expansion = claim.mix(["knights", "goblins", "basilisks", "dwarves", "dragons"], 2)
    assert fast_tables(support_position(expansion, [[], []])) is None
    three = claim.new_game(claim.load_variant("knights-3p"), seed=1)
    assert fast_tables(three) is None


def test_limits_on_the_fast_path() -> None:
    """``max_nodes`` and ``max_seconds`` give up on the fast path too, and a solve
    within the limit returns the same value as without one."""
    state = mid_position(claim.load_variant("claim2"), 2, 8)
    assert fast_tables(state) is not None and state.phase is Phase.SUPPORT
    with pytest.raises(SearchLimitError, match="positions"):
        solve(state, max_nodes=5)
    with pytest.raises(SearchLimitError, match="time"):
        solve(state, max_seconds=0.0)
    full = solve(state, all_best=False)
    assert solve(state, all_best=False, max_nodes=full.nodes + 1).value == full.value


@pytest.mark.parametrize("name", ["claim2", "goblin-war"])
def test_waiting_trolls_agree_with_the_generic_search(name: str) -> None:
    """RULES 4 Trolls (R9): with Trolls waiting in line at the root, a trick without
    Trolls delivers one to its winner; the fast path agrees with the engine."""
    variant = claim.load_variant(name)
    lines = [i for i, spec in enumerate(variant.tables.zone_specs) if not spec.per_seat]
    checked = 0
    for seed in range(200):
        state = mid_position(variant, seed, 5)
        if not state.is_over and any(state.zones[i] for i in lines):
            assert_same(state)
            checked += 1
        if checked == 25:
            break
    assert checked == 25


def test_sure_tricks_bracket_the_minimax_value() -> None:
    """`FastSearch.lead_bounds` (every open card to one seat, the leader's sure
    tricks to the leader: RULES 3 winning, RULES 4 powers excluded, R8 leads) bracket
    the value under best play (RULES 5, R12, R13), and tighten the plain bounds
    somewhere in the sample."""
    tighter = 0
    for name in BUILT_IN:
        variant = claim.load_variant(name)
        tables = variant.tables
        for seed in range(30):
            state = mid_position(variant, seed, 2 + seed % 3)
            kt = fast_tables(state)
            if state.is_over or state.trick or kt is None:
                continue
            search = FastSearch(kt, KeyMaker(tables),
                                tuple(spec.per_seat for spec in tables.zone_specs), -1, None)
            position = search.setup(state)
            low, high = search.lead_bounds(position)
            assert low <= minimax(state) <= high, (name, seed)
            tighter += (low, high) != KeyMaker(tables).bounds(state)
    assert tighter >= 5


@pytest.mark.parametrize("name", ["claim", "claim2", "mercenary-moon"])
def test_packed_bounds_equal_the_cascade_bounds(name: str) -> None:
    """`KeyMaker.bounds_of` packs each faction's (votes, cards, value) differences in
    one int; the sign of their sum must be the R13 cascade's (RULES 5, R12, R13) on
    the summed differences (`KeyMaker.faction_part`), on any split of the cards
    between the two score piles, the discard and the open cards."""
    variant = claim.load_variant(name)
    keys = KeyMaker(variant.tables)
    rng = random.Random(11)
    size = len(variant.tables.deck)
    seen = set()
    for _ in range(3000):
        piles = [0, 0, 0, 0]
        for card in range(size):
            piles[rng.choice((0, 0, 1, 1, 2, 3, 3))] |= 1 << card
        s0, s1, discard = piles[0], piles[1], piles[2]
        free = keys.voting_mask & ~(s0 | s1 | discard)
        sums = [0] * 6
        for fmask in keys.voter_masks:
            part = keys.faction_part(s0 & fmask, s1 & fmask, free & fmask)
            sums = [a + b for a, b in zip(sums, part)]
        expected = (_sign((sums[0], sums[1], sums[2])), _sign((sums[3], sums[4], sums[5])))
        assert keys.bounds_of(s0, s1, discard) == expected
        seen.add(expected)
    assert {(-1, -1), (1, 1), (-1, 1)} <= seen


def test_table_bounds_stay_true_across_windows() -> None:
    """The table keeps true bounds from one window to the next: one search is asked
    the same position with several windows in turn (as `solve` asks: a win? at
    least a draw? then each move), and every fail-soft answer must agree with
    minimax (RULES 5, R12, R13): exact inside the window, a true bound outside."""
    probes = 0
    for name in ("claim", "claim2"):
        variant = claim.load_variant(name)
        tables = variant.tables
        for seed in range(40):
            state = mid_position(variant, seed, 3 + seed % 2)
            kt = fast_tables(state)
            if kt is None or state.is_over:
                continue
            exact = minimax(state)
            search = FastSearch(kt, KeyMaker(tables),
                                tuple(spec.per_seat for spec in tables.zone_specs), -1, None)
            root = search.setup(state)
            for low, high in ((-1, 0), (0, 1), (-2, -1), (1, 2), (-1, 0)):
                got = search.value(*root, low, high)
                # fail-soft: exact inside the window, else a true bound past it
                assert (got <= low and exact <= low) or (got >= high and exact >= high) or (
                    low < got < high and got == exact), (name, seed, low, high, got, exact)
                probes += 1
    assert probes >= 200
