"""Properties of whole games, over many seeds (hypothesis) for Claim and Claim 2.

The checks here are written from the rules and the public API, apart from the
engine's own checking kit (``claim.testing``), which is exercised separately.
"""

from __future__ import annotations

import pickle
import random
from collections import Counter
from collections.abc import Iterator

import pytest
from conftest import card_of
from hypothesis import given, settings
from hypothesis import strategies as st

import claim
from claim import Phase, PlayCard
from claim.core.records import TrickCompleted
from claim.testing import random_playout

VARIANTS = {name: claim.load_variant(name) for name in ("claim", "claim2")}
KNIGHTS_OFF = claim.mix(
    ["goblins", "knights", "undead", "dwarves", "doppelgangers"],
    options={"knights_beat_all_goblins": False},
)
SEEDS = st.integers(0, 2**32)
NAMES = st.sampled_from(sorted(VARIANTS))
FEW = settings(max_examples=50, deadline=None, database=None)


def game(variant: claim.Variant, seed: int) -> Iterator[tuple[claim.GameState, claim.Move]]:
    """The states of a random game with the move chosen in each (not the final state)."""
    rng = random.Random(seed)
    state = claim.new_game(variant, rng=rng, first_leader=rng.randrange(variant.players))
    while not state.is_over:
        move = rng.choice(state.legal_moves())
        yield state, move
        state = state.apply(move)


def final_state(variant: claim.Variant, seed: int) -> claim.GameState:
    state = None
    for state, move in game(variant, seed):  # noqa: B007
        pass
    assert state is not None
    return state.apply(move)


def all_cards(state: claim.GameState) -> Counter[claim.Card]:
    """Every card in every place of ``state``, read through the public accessors."""
    players = range(state.variant.players)
    found: Counter[claim.Card] = Counter()
    for seat in players:
        found.update(state.hand(seat))
        found.update(state.follower_pile(seat))
        found.update(state.score_pile(seat))
    for spec in state.variant.tables.zone_specs:  # every zone a power declares
        seats: tuple[int | None, ...] = tuple(players) if spec.per_seat else (None,)
        for owner in seats:
            found.update(state.zone(spec.name, owner))
    found.update(state.discard())
    found.update(state.face_up_cards)
    found.update(card for _, card in state.trick_cards)
    found.update(state.variant.deck[cid] for cid in state.draw_pile)
    return found


def lead_faction(state: claim.GameState) -> str | None:
    """The faction of the card led to the current trick (R3: a led Dp leads Dp)."""
    return state.trick_cards[0][1].faction if state.trick_cards else None


def allowed_plays(state: claim.GameState) -> set[claim.Move]:
    """The card plays the follow rule allows (RULES 3), from the hand alone."""
    assert state.current_player is not None
    hand = state.hand(state.current_player)
    lead = lead_faction(state)
    if lead is None or not any(card.faction == lead for card in hand):
        return {PlayCard(card) for card in hand}
    return {PlayCard(card) for card in hand if card.faction in (lead, "doppelgangers")}


@FEW
@given(seed=SEEDS, name=NAMES)
def test_invariants_after_every_move(seed: int, name: str) -> None:
    """After every move: every card of the deck is in exactly one place; legal moves
    exist exactly until the game ends; card plays are exactly the ones the follow rule
    allows (RULES 3, R2, R3); apply never changes its input; legal_moves is
    deterministic."""
    variant = VARIANTS[name]
    deck = Counter(variant.deck)
    state = None
    for state, move in game(variant, seed):
        assert all_cards(state) == deck
        moves = state.legal_moves()
        assert moves and not state.is_over and state.current_player is not None
        assert moves == state.legal_moves() == pickle.loads(pickle.dumps(state)).legal_moves()
        assert len(set(moves)) == len(moves)
        if state.pending is None:
            assert set(moves) == allowed_plays(state)
            positions = [variant.deck.index(card_of(m)) for m in moves]
            assert positions == sorted(positions)  # card plays come in deck order
        frozen = pickle.dumps(state)
        copy = pickle.loads(frozen)
        after = state.apply(move)
        assert state == copy and pickle.dumps(state) == frozen
        assert after is not state
    assert state is not None
    final = state.apply(move)
    assert all_cards(final) == deck
    assert final.is_over and final.phase is Phase.OVER
    assert final.legal_moves() == () and final.current_player is None
    assert all(final.hand(seat) == () for seat in range(variant.players))
    assert final.result() is not None


@FEW
@given(seed=SEEDS, name=NAMES)
def test_same_seed_same_game(seed: int, name: str) -> None:
    """Determinism: the same seed gives equal final states and equal records."""
    variant = VARIANTS[name]
    first, second = final_state(variant, seed), final_state(variant, seed)
    assert first == second
    assert first.records == second.records
    assert [r.events for r in first.records] == [r.events for r in second.records]
    assert first.result() == second.result()
    assert claim.new_game(variant, seed=seed) == claim.new_game(variant, seed=seed)


@FEW
@given(seed=SEEDS, name=NAMES)
def test_states_hashable_picklable_equal_by_value(seed: int, name: str) -> None:
    """States are values: hashable, and a pickle round trip gives an equal state with
    the same hash that plays on identically."""
    variant = VARIANTS[name]
    for state, move in game(variant, seed):
        copy = pickle.loads(pickle.dumps(state))
        assert copy == state and hash(copy) == hash(state)
        assert len({state, copy}) == 1
        assert copy.apply(move) == state.apply(move)
    final = state.apply(move)
    copy = pickle.loads(pickle.dumps(final))
    assert copy == final and hash(copy) == hash(final)
    assert copy.result() == final.result()


@settings(max_examples=25, deadline=None, database=None)
@given(seed=SEEDS, name=NAMES)
def test_is_legal_agrees_with_legal_moves(seed: int, name: str) -> None:
    """is_legal is True for every legal move; every card of the current player's hand
    not among the legal moves is refused by is_legal, check and apply."""
    variant = VARIANTS[name]
    for state, _ in game(variant, seed):
        legal = state.legal_moves()
        for move in legal:
            assert state.is_legal(move)
            state.check(move)
        if state.pending is not None:
            continue
        assert state.current_player is not None
        for card in set(state.hand(state.current_player)):
            move = PlayCard(card)
            if move in legal:
                continue
            assert not state.is_legal(move)
            with pytest.raises(claim.IllegalMoveError):
                state.check(move)
            with pytest.raises(claim.IllegalMoveError):
                state.apply(move)


@FEW
@given(seed=SEEDS)
def test_tricks_follow_and_win_by_the_rules(seed: int) -> None:
    """RULES 3 (2 players, Claim): every completed trick's winner is the one the rules
    give: a Knight after a Goblin lead wins, else the higher card counting as the lead
    faction (a following Doppelganger counts, R2), ties to the leader."""
    final = final_state(VARIANTS["claim"], seed)
    count = 0
    for record in final.records:
        for event in record.events:
            if not isinstance(event, TrickCompleted):
                continue
            count += 1
            (leader, led), (other, played) = event.plays
            assert event.lead_faction == led.faction
            knight = led.faction == "goblins" and played.faction == "knights"
            counts = played.faction in (led.faction, "doppelgangers")
            expected = other if knight or (counts and played.value > led.value) else leader
            assert event.winner == expected, event
            assert event.ranking == (expected, 1 - expected)
    assert count == 26


@pytest.mark.parametrize(
    "variant", [VARIANTS["claim"], VARIANTS["claim2"], KNIGHTS_OFF],
    ids=["claim", "claim2", "knights-off"],
)
def test_conformance_kit_random_playout(variant: claim.Variant) -> None:
    """claim.testing.random_playout (checked) passes on a few seeds, both first leaders,
    and returns a finished game that is the same for the same seed."""
    for seed in range(6):
        final = random_playout(variant, seed, first_leader=seed % 2)
        assert final.is_over
        assert final == random_playout(variant, seed, first_leader=seed % 2, check=False)
        final.result()
