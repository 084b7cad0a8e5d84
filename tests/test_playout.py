"""Fast playouts (issue 11): `claim.playout` reaches exactly what stepping reaches.

Every comparison plays the same position twice with equal seeds: once by the
reference stepping loop (`step_out`: ``legal_moves``, `pick`, ``apply``) and once by
`playout`, and checks the moves, the score piles, the winner (RULES 5-6), the
rewards, the final state and the generator's state. Positions: the start of the
game, mid phase 1, the start of phase 2 (RULES 3) and a pending question (R7, R10,
R15), for every built-in variant, every official mix of the two boxes with every
rule option (RULES 4: Knights R4, Dragons R8, Trolls R9), and random expansion mixes
(the engine's own transitions on one board, `claim.rules.engine.quiet`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import ClassVar

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import claim
from claim.core.cards import MaskedCard
from claim.core.errors import ArgumentError
from claim.core.records import Placed
from claim.core.zones import Phase, Zone
from claim.powers import FactionPower, registry
from claim.rules.masking import mask_table
from claim.search.bots.ismcts import party_rewards
from claim.search.playouts import Playout, kernel_unsupported, pick, playout, step_out
from claim.testing import official_mixes, option_settings, random_official_mix

BOXED = ("claim", "claim2", "dragon-court", "giant-hunt", "giants-3p", "giants-4p",
         "goblin-war", "knights-3p", "knights-4p")
"""The built-in variants made of the two boxes' factions (the kernel plays them)."""


def advance(state: claim.GameState, rng: random.Random,
            until: Callable[[claim.GameState], bool], limit: int = 200) -> claim.GameState:
    """Step random moves (the reference draw rule) until ``until`` holds."""
    for _ in range(limit):
        if until(state) or state.is_over:
            break
        moves = state.legal_moves()
        state = state.apply(moves[pick(rng, len(moves))])
    return state


def assert_same(state: claim.GameState, seed: int) -> Playout:
    """`playout` and `step_out` from ``state`` with equal seeds agree in everything."""
    fast_rng, slow_rng = random.Random(seed), random.Random(seed)
    fast = playout(state, fast_rng)
    final = step_out(state, slow_rng)
    assert fast.moves == tuple(r.move for r in final.records[len(state.records):])
    assert fast.score_masks == final.score_masks
    assert fast.winner == final.result().winner
    assert fast.rewards == party_rewards(final)
    assert fast_rng.getstate() == slow_rng.getstate()
    assert fast.start is state
    return fast


def starts(variant: claim.Variant, seed: int) -> list[claim.GameState]:
    """The start, mid phase 1, the start of phase 2, and a question if one comes."""
    rng = random.Random(seed)
    start = claim.new_game(variant, seed=seed)
    middle = advance(start, rng, lambda s: len(s.records) >= 1 + seed % 17)
    second = advance(middle, rng, lambda s: s.phase is Phase.SUPPORT and not s.trick
                     and s.pending is None)
    found = [start, middle, second]
    asked = advance(start, random.Random(seed + 1), lambda s: s.pending is not None)
    if asked.pending is not None:
        found.append(asked)
    return found


@pytest.mark.parametrize("name", BOXED)
def test_every_boxed_variant_matches_stepping(name: str) -> None:
    """RULES 3-6 and every Claim and Claim 2 power: the kernel plays exactly as stepping
    does, from the start, mid phase 1, the start of phase 2 and a pending question."""
    variant = claim.load_variant(name)
    assert kernel_unsupported(claim.new_game(variant, seed=0)) is None
    questions = 0
    for seed in range(25):
        for state in starts(variant, seed):
            questions += state.pending is not None
            assert assert_same(state, seed).fast
    names = {faction.name for faction in variant.factions}
    if variant.players > 2 or names & {"seers", "giants"}:  # recruiting R15, R10, R7
        assert questions > 0


def test_final_state_replays_to_the_stepped_state() -> None:
    """`Playout.final_state` is the state stepping reaches, history included."""
    for name in ("claim", "claim2", "giants-4p"):
        state = claim.new_game(claim.load_variant(name), seed=5)
        fast = playout(state, random.Random(9))
        assert fast.final_state() == step_out(state, random.Random(9))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_official_mixes_of_both_boxes_with_every_rule_option(players: int) -> None:
    """Every official mix of the two boxes (RULES 1-2), each rule option both ways
    (R4 knights_beat_all_goblins, R8 dragon_lead, R9 troll_queue_order)."""
    mixes = official_mixes(players)
    for index, names in enumerate(mixes[::3] if players == 2 else mixes):
        variant = claim.mix(list(names), players)
        for options in option_settings(variant):
            mixed = claim.mix(list(names), players, options=options)
            state = claim.new_game(mixed, seed=index)
            assert assert_same(state, index).fast


@pytest.mark.parametrize("players", [2, 3, 4])
def test_expansion_mixes_play_on_the_engines_board(players: int) -> None:
    """Powers the kernel cannot tabulate (the expansion factions, E1-E27) play through
    the engine's own transitions on one board (`claim.rules.engine.quiet`): exactly
    what stepping plays, from the start, mid phase 1, phase 2 and a question (with
    masked cards, E28, a game starting at a question is played on the board)."""
    board_played = 0
    for seed in range(6):
        variant = claim.mix(list(random_official_mix(random.Random(seed), players)), players)
        reason = kernel_unsupported(claim.new_game(variant, seed=seed))
        masks = mask_table(variant) is not None
        for state in starts(variant, seed):
            board_played += reason is not None
            asked = state.pending is not None or bool(state.queue)
            expected = reason is None and not state.is_over and not (masks and asked)
            assert assert_same(state, seed).fast is expected
    assert board_played > 0


@pytest.mark.parametrize("name", ["fear-night", "frost-court-3p", "shadow-tricks"])
def test_tricks_of_untabulated_powers_are_resolved_by_the_engine(name: str) -> None:
    """Powers whose trick hooks read the state (Zombies' capture E7, Vampires' crypt,
    Minotaurs' review E42, Dark Elves, Awakeners' second deck E12 with its
    phase_start, Cyclops' vote E14) leave their tricks to the engine inside the
    kernel's playout: the same moves, questions, piles and winner as stepping."""
    variant = claim.load_variant(name)
    assert kernel_unsupported(claim.new_game(variant, seed=1)) is None
    for seed in range(8):
        for state in starts(variant, seed):
            assert assert_same(state, seed).fast


@pytest.mark.parametrize("name", ["fire-masks", "phoenix-fire-3p"])
def test_masked_cards_are_named_by_class_on_the_kernel(name: str) -> None:
    """E28, E29: the kernel names a hand's unrevealed masked cards by class, as
    stepping does, each class move playing the card the rules choose; a masked card
    revealed (a face-up prize taken, RULES 3) is named by value in phase 2, one
    drawn blind is still named by class. The same moves, piles and winner as
    stepping from the start, mid phase 1, phase 2 (a question pending: the board)."""
    variant = claim.load_variant(name)
    assert kernel_unsupported(claim.new_game(variant, seed=1)) is None
    masked = mask_table(variant)
    assert masked is not None
    by_class = by_value = 0  # masked cards played in phase 2, named each way
    for seed in range(8):
        for state in starts(variant, seed):
            fast = assert_same(state, seed)
            assert fast.fast is (state.pending is None and not state.queue)
            at = state
            for move in fast.moves:
                if at.phase is Phase.SUPPORT and isinstance(move, claim.PlayCard):
                    by_class += isinstance(move.card, MaskedCard)
                    by_value += move.card in masked.copies
                at = at.apply(move)
    assert by_class > 0 and by_value > 0


@pytest.mark.parametrize("name", ["magic-maps", "mercenary-moon", "fire-magic"])
def test_builtin_expansion_variants_play_on_the_board(name: str) -> None:
    """The built-in expansion mixes whose powers shape the plays name why the kernel
    cannot tabulate them, and play through the engine's board exactly as stepping
    does."""
    variant = claim.load_variant(name)
    assert kernel_unsupported(claim.new_game(variant, seed=1))
    for seed in range(8):
        for state in starts(variant, seed):
            assert not assert_same(state, seed).fast


def test_tricksters_fakes_play_on_the_kernel_and_leave_at_the_end() -> None:
    """E30, E31: the fakes are a power state no hook reads before the end, so
    `shadow-tricks` (Shadows set aside, E33; Tricksters) plays on the kernel, and the
    engine's ``finish`` takes each fake out of the score piles as stepping does."""
    variant = claim.load_variant("shadow-tricks")
    assert kernel_unsupported(claim.new_game(variant, seed=1)) is None
    fakes_left = 0  # games where a fake was won, then left
    for seed in range(12):
        for state in starts(variant, seed):
            fast = assert_same(state, seed)
            assert fast.fast
            fakes = state.power_state("tricksters")
            assert isinstance(fakes, tuple) and fakes
            scored = 0
            for mask in fast.score_masks:
                scored |= mask
            assert not any(scored >> card & 1 for card in fakes)
            fakes_left += any(
                isinstance(event, Placed) and event.origin is Zone.SCORE
                for event in fast.final_state().records[-1].events)
    assert fakes_left > 0  # some fakes were won, and left the score piles at the end


@registry.register
@attrs.frozen
class Underdogs(FactionPower):
    """A plugin's power that promises nothing: its cards gain 2 when their player
    has scored nothing yet (a state-dependent ``value_modifier``, E1, which the
    engine asks in every trick)."""

    name: ClassVar[str] = "playout_test_underdogs"

    def value_modifier(self, state: claim.GameState, seat: int, card: int) -> int:
        """+2 for a player whose score pile is still empty."""
        return 0 if state.score_masks[seat] else 2


@registry.register
@attrs.frozen
class Latecomers(FactionPower):
    """A plugin's power that shapes the plays: nobody must follow in a trick led by
    a player who has scored nothing yet (a state-dependent ``must_follow``)."""

    name: ClassVar[str] = "playout_test_latecomers"

    def must_follow(self, state: claim.GameState) -> bool | None:
        """No follow rule (RULES 3) while the leader's score pile is empty."""
        return None if state.score_masks[state.leader] else False


def plugin_mix(power: str) -> claim.Variant:
    """A house mix of the four base factions with a plugin faction of ``power``."""
    return claim.variant_from_yaml(f"""
name: plugin-mix
house: true
factions:
  - name: plugged
    code: Pg
    values: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
    power: {power}
  - knights
  - goblins
  - dwarves
  - undead
""")


def test_a_plugin_power_that_declares_nothing_leaves_its_tricks_to_the_engine() -> None:
    """A plugin's trick hook that promises nothing is run by the engine inside the
    kernel's playout (E1 current values, asked in every trick): the same moves and
    result as stepping."""
    variant = plugin_mix("playout_test_underdogs")
    assert kernel_unsupported(claim.new_game(variant, seed=0)) is None
    for seed in range(10):
        for state in starts(variant, seed):
            assert assert_same(state, seed).fast


def test_a_plugin_power_that_shapes_the_plays_plays_on_the_board() -> None:
    """A plugin's ``must_follow`` (RULES 3 turned off by the state) cannot be left to
    the engine trick by trick: the playout runs on the engine's board, naming why,
    with the same moves and result as stepping."""
    variant = plugin_mix("playout_test_latecomers")
    assert "must_follow" in str(kernel_unsupported(claim.new_game(variant, seed=0)))
    for seed in range(10):
        for state in starts(variant, seed):
            assert not assert_same(state, seed).fast


def test_a_finished_game_returns_at_once() -> None:
    """A finished state: no move, its own result, no number drawn."""
    final = step_out(claim.new_game(claim.load_variant("claim2"), seed=2), random.Random(2))
    rng = random.Random(4)
    before = rng.getstate()
    done = playout(final, rng)
    assert done.moves == ()
    assert done.winner == final.result().winner
    assert done.score_masks == final.score_masks
    assert done.final_state() is final
    assert rng.getstate() == before


def test_pick_draws_one_number_per_move() -> None:
    """The draw rule: ``int(rng.random() * n)``, one call per move, even with one move."""
    rng, twin = random.Random(3), random.Random(3)
    for n in (1, 2, 5, 13):
        assert pick(rng, n) == int(twin.random() * n)
        assert 0 <= pick(random.Random(n), n) < n


@pytest.mark.parametrize("function", [playout, step_out])
def test_bad_arguments_name_the_argument(function: Callable[..., object]) -> None:
    """Bad input: a specific ArgumentError naming the argument; nothing is played."""
    state = claim.new_game(claim.load_variant("claim"), seed=1)
    with pytest.raises(ArgumentError) as error:
        function("not a state", random.Random(1))
    assert error.value.name == "state"
    with pytest.raises(ArgumentError) as error:
        function(state, 7)
    assert error.value.name == "rng"
    assert not state.records


@settings(max_examples=30, deadline=None)
@given(name=st.sampled_from(BOXED), seed=st.integers(0, 2**32), moves=st.integers(0, 90))
def test_any_position_matches_stepping(name: str, seed: int, moves: int) -> None:
    """From any position reached by random moves, playout equals stepping."""
    state = claim.new_game(claim.load_variant(name), seed=seed % 1000)
    rng = random.Random(seed)
    state = advance(state, rng, lambda s: len(s.records) >= moves)
    assert_same(state, seed)
