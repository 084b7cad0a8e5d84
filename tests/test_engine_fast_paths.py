"""The engine's fast paths give exactly what its general paths give.

Ranking a trick without hooks uses a per-card key table (``tables.rank_base``) and,
with two cards, one comparison; the checker carries out the common placements in
one step. These tests hold both against the rules' own definitions.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import claim
from claim.core.records import Placed, RawEvent
from claim.core.zones import SUPPORT, Phase, Zone
from claim.rules.effects import Placement
from claim.rules.engine import effects as checker
from claim.rules.engine.board import Board
from claim.rules.engine.choices import amenders, run_queue
from claim.rules.engine.tricks import rank
from claim.rules.state import GameState

SEVEN = ["knights", "goblins", "undead", "dwarves", "doppelgangers", "dragons", "seers"]


def _variants() -> list[claim.Variant]:
    return [claim.load_variant("claim"), claim.load_variant("claim2"),
            claim.mix(SEVEN, players=3), claim.mix(SEVEN, players=4)]


def _reference_order(cards: tuple[int, ...], variant: claim.Variant, lead: int
                     ) -> tuple[int, ...]:
    """RULES 3, R2: the led card and the cards counting as the lead faction rank
    above the others, then higher printed values, then earlier positions (the
    default `RankKey` ``(group, value, 0, -position)``); ``lead`` -1: values alone."""
    tables = variant.tables
    counts = tables.counts_masks[lead] if lead >= 0 else 0

    def key(position: int) -> tuple[int, int, int, int]:
        card = cards[position]
        group = 1 if lead >= 0 and (position == 0 or counts >> card & 1) else 0
        return (group, tables.card_value[card], 0, -position)

    return tuple(sorted(range(len(cards)), key=key, reverse=True))


@pytest.mark.parametrize("variant", _variants(), ids=lambda v: f"{v.name}-{v.players}p")
def test_hook_free_ranking_follows_the_default_rank_key(variant: claim.Variant) -> None:
    """RULES 3 and R2: without rank hooks, every trick of every lead ranks as the
    default rank key says (two-player tricks take a one-comparison path)."""
    rng = random.Random(7)
    tables = variant.tables
    size = len(tables.deck)
    for _ in range(3000):
        cards = tuple(rng.sample(range(size), variant.players))
        lead = rng.choice([-1, tables.lead_of[cards[0]]])
        assert rank(cards, tables, lead, 0, None) == _reference_order(cards, variant, lead)


def _phase_two(seed: int) -> GameState:
    """A seeded ``claim2`` state at the start of phase 2."""
    rng = random.Random(seed)
    state = claim.new_game("claim2", seed=seed)
    while state.phase is not SUPPORT:
        state = state.apply(rng.choice(state.legal_moves()))
    return state


def _settling(state: GameState, cards: tuple[int, ...]) -> Board:
    """A board whose trick holds ``cards``, being settled (nothing placed yet)."""
    board = Board(state)
    board.trick = cards
    board.unplaced = sum(1 << card for card in cards)
    board.settling = True
    return board


_BOARD_FIELDS = ("variant", "phase", "leader", "trick", "hands", "draw_pile", "face_up",
                 "followers", "scores", "zones", "discard", "power_states", "chance",
                 "pending", "queue", "unplaced", "settling", "deal", "make_state")
"""Every field of a Board (its class is compiled, without ``__slots__`` to read)."""


def test_the_board_fields_are_all_compared() -> None:
    slots = getattr(Board, "__slots__", None)  # the .py class (CLAIM_PURE_PYTHON) has them
    assert slots is None or set(slots) == set(_BOARD_FIELDS)
    board = Board(claim.new_game("claim", seed=1))
    for name in _BOARD_FIELDS:
        getattr(board, name)


def _both_ways(make: Callable[[], Board], effect: Placement) -> tuple[Board, list[RawEvent]]:
    """Carry out ``effect`` through the checker (fast path) and through its general
    path on a twin board; assert both give the same board and events."""
    fast, slow = make(), make()
    fast_events: list[RawEvent] = []
    slow_events: list[RawEvent] = []
    assert checker.carry_out(fast, 0, [effect], fast_events) == []
    checker._place(slow, 0, effect, set(), slow_events)
    for name in _BOARD_FIELDS:
        mine, theirs = getattr(fast, name), getattr(slow, name)
        if name == "zones":
            mine, theirs = [list(z) for z in mine], [list(z) for z in theirs]
        assert mine == theirs, name
    assert fast_events == slow_events
    return fast, fast_events


def test_trick_placements_in_one_step_match_the_general_checker() -> None:
    """RULES 4 (Gnomes, Trolls) and R9: a trick's card to a score pile, in front of
    a player or into the waiting line, and a waiting Troll to a score pile, each
    give the board and events of the checker's general path."""
    state = _phase_two(3)
    variant = state.variant
    hand = variant.ids_in(state.hand_masks[0])
    cards = tuple(hand)[:2]

    def board() -> Board:
        return _settling(state, cards)

    placed, events = _both_ways(board, Placement(cards[0], Zone.SCORE, 1, Zone.TRICK))
    assert placed.scores[1] >> cards[0] & 1
    assert events == [(events[0][0], variant.tables.deck[cards[0]], Zone.SCORE, 1)]
    placed, _ = _both_ways(board, Placement(cards[1], "in front", 0, Zone.TRICK))
    index = variant.tables.zone_index["in front"]
    assert placed.zones[index][0] >> cards[1] & 1
    placed, _ = _both_ways(board, Placement(cards[1], "in front", 1, Zone.TRICK))
    assert placed.zones[index][1] >> cards[1] & 1
    placed, _ = _both_ways(board, Placement(cards[0], "waiting line", None, Zone.TRICK))
    line = variant.tables.zone_index["waiting line"]
    assert list(placed.zones[line]) == [cards[0]]

    def waiting() -> Board:
        board = _settling(state, ())
        board.writable_zones()[line].extend(cards)
        return board

    placed, events = _both_ways(waiting, Placement(cards[1], Zone.SCORE, 0, "waiting line"))
    assert list(placed.zones[line]) == [cards[0]] and placed.scores[0] >> cards[1] & 1
    moved = events[0]
    assert len(moved) == 6 and moved[0] is Placed  # a move from another zone
    assert moved[4] == "waiting line"

    def in_front() -> Board:
        board = _settling(state, ())
        board.writable_zones()[index][1] |= 1 << cards[0]
        return board

    # RULES 4 Gnomes: at the end, the cards in front of a player join their score pile.
    placed, events = _both_ways(in_front, Placement(cards[0], Zone.SCORE, 1, "in front", 1))
    assert not placed.zones[index][1] and placed.scores[1] >> cards[0] & 1
    assert events[0][4:] == ("in front", 1)


def test_recruiting_placements_in_one_step_match_the_general_checker() -> None:
    """RULES 3: taking the face-up card or the top card of the draw pile as a
    follower gives the board and events (FaceUpTaken, CardDrawn) of the general path."""
    state = claim.new_game("claim2", seed=5)
    face_up, top = state.face_up[0], state.draw_pile[0]

    def board() -> Board:
        return Board(state)

    taken, events = _both_ways(board, Placement(face_up, Zone.FOLLOWERS, 1, Zone.FACE_UP))
    assert taken.followers[1] >> face_up & 1 and not taken.face_up
    assert events[0][1:] == (1, state.variant.tables.deck[face_up])
    drawn, events = _both_ways(board, Placement(top, Zone.FOLLOWERS, 0, Zone.DRAW_PILE))
    assert drawn.followers[0] >> top & 1 and drawn.draw_pile == state.draw_pile[1:]
    assert events[0][1:] == (0, state.variant.tables.deck[top])


def test_a_card_not_where_the_placement_says_still_raises() -> None:
    """Issue #7 bad input: the one-step paths refuse what the checker refuses (a card
    not in the trick, not in the line, not on top of the draw pile): PowerError,
    nothing changed on the caller's state."""
    state = claim.new_game("claim2", seed=5)
    wrong = [
        Placement(state.draw_pile[3], Zone.FOLLOWERS, 0, Zone.DRAW_PILE),
        Placement(state.draw_pile[0], Zone.SCORE, 0, Zone.TRICK),
        Placement(state.draw_pile[0], Zone.SCORE, 0, "waiting line"),
        Placement(state.draw_pile[0], "in front", 0, Zone.TRICK),
        Placement(state.draw_pile[0], Zone.SCORE, 0, "in front", 0),
        Placement(state.draw_pile[0], Zone.SCORE, 0, "in front", None),
    ]
    for effect in wrong:
        with pytest.raises(claim.PowerError):
            checker.carry_out(Board(state), 0, [effect], [])
    assert state == claim.new_game("claim2", seed=5)


AMENDING = [
    (["seers", "ghosts", "knights", "goblins", "undead"], 2),
    (["seers", "ghosts", "knights", "goblins", "undead", "dwarves", "dragons"], 3),
    (["seers", "ghosts", "knights", "goblins", "undead", "dwarves", "dragons"], 4),
]


@pytest.mark.parametrize(("factions", "players"), AMENDING,
                         ids=[f"{p}p" for _, p in AMENDING])
def test_recruiting_steps_name_the_powers_that_amend_them(factions: list[str],
                                                           players: int) -> None:
    """R10, E6: a recruiting step names the powers whose ``recruit_options`` apply:
    those whose cards were played (Ghosts), and a power gated by ``on_win`` (Seers)
    only when its card won and only for the winner's own step. The trick's shortcut
    for a lone gated power gives what `amenders` gives for every step of random
    games, with both kinds of power present, apart or together."""
    variant = claim.mix(factions, players=players, house=True)
    hooks = variant.tables.hooks[Phase.RECRUIT]
    win_mask = hooks.recruit_win_mask
    kinds = set()
    rng = random.Random(players)
    for seed in range(60):
        state = claim.new_game(variant, seed=seed)
        while not state.is_over:
            for step in state.queue:
                if step.kind != "recruit":
                    continue
                plays, ranking, found = step.data
                assert isinstance(plays, tuple) and isinstance(ranking, tuple)
                present = sum(1 << card for _, card in plays)
                won = 1 << dict(plays)[ranking[0]]
                expected = amenders(hooks, present, won)
                if step.seat != ranking[0]:
                    expected = tuple(fi for fi in expected
                                     if not variant.tables.faction_masks[fi] & win_mask)
                assert found == expected
                kinds.add((bool(present & hooks.recruit_mask), bool(won & win_mask)))
            state = state.apply(rng.choice(state.legal_moves()))
    assert kinds >= {(False, True), (True, False), (True, True)}


@pytest.mark.parametrize("players", [3, 4])
def test_a_trick_asks_the_recruiting_question_the_queue_would_ask(players: int) -> None:
    """RULES 3 and R15: when two kinds of card lie face up for a seat, the trick asks
    that seat's question at once; it is the question `run_queue` asks for the front
    step of the same queue, with nothing recruited on the way (and so with Seers'
    amended questions, R10)."""
    variant = claim.mix(SEVEN, players=players)
    rng = random.Random(players)
    asked = 0
    for seed in range(12):
        state = claim.new_game(variant, seed=seed)
        while not state.is_over:
            after = state.apply(rng.choice(state.legal_moves()))
            if state.pending is None and after.pending_kind == "recruit":
                board = Board(after)  # the same queue, no question pending
                events: list[RawEvent] = []
                run_queue(board, events)
                assert board.pending == after.pending and not events
                assert board.queue == list(after.queue)
                asked += 1
            state = after
    assert asked > 100
