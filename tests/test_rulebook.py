"""The base rules as the rulebook states them once (`claim.rules.rulebook`), checked
against the spec's own words and examples (RULES 3, 5; R2, R4, R9, R12, R13)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from claim.rules.rulebook import (
    STEP_CARDS,
    STEP_DRAW,
    STEP_VALUE,
    STEP_VOTES,
    decide,
    line_delivery,
    line_split,
    playable,
    printed_rank_key,
    recruit_choices,
    shows_void,
    smash_targets,
    vote_winner,
)

GOBLINS, KNIGHTS, DOPPEL = 0b0000_1111, 0b1111_0000, 1 << 8


def test_follow_rule_must_follow_when_able() -> None:
    """RULES 3: holding a card of the lead faction, a seat must play one."""
    hand = 0b0001_0011
    assert playable(hand, GOBLINS, 0) == 0b0000_0011


def test_follow_rule_free_when_void() -> None:
    """RULES 3: a seat with no card of the lead faction plays any card."""
    hand = 0b0011_0000
    assert playable(hand, GOBLINS, 0) == hand


def test_always_playable_cards_stay_playable() -> None:
    """R2: a Doppelganger may be played even by a seat that could follow."""
    hand = 0b1_0000_0001 | 0b0001_0000
    assert playable(hand, GOBLINS, DOPPEL) == 0b1_0000_0001


def test_a_play_off_the_lead_shows_a_void() -> None:
    """RULES 3 read backwards: a Knight played to a Goblin lead proves no Goblin was
    held; a Goblin or a Doppelganger proves nothing."""
    assert shows_void(1 << 4, GOBLINS, DOPPEL)
    assert not shows_void(1 << 1, GOBLINS, DOPPEL)
    assert not shows_void(DOPPEL, GOBLINS, DOPPEL)


def test_rank_lead_faction_beats_higher_values_of_others() -> None:
    """RULES 3: only cards of the lead faction can win; a higher value wins; equal
    values: the earlier card (R4)."""
    assert printed_rank_key(1, 0, True) > printed_rank_key(9, 1, False)
    assert printed_rank_key(5, 1, True) > printed_rank_key(4, 0, True)
    assert printed_rank_key(5, 0, True) > printed_rank_key(5, 1, True)


@given(st.lists(st.integers(0, 9), min_size=2, max_size=4))
def test_plain_ranking_keys_order_by_value_then_position(values: list[int]) -> None:
    """E13: in a plain trick only values rank, the earlier of equals first."""
    keys = [printed_rank_key(v, p, False) for p, v in enumerate(values)]
    order = sorted(range(len(values)), key=keys.__getitem__, reverse=True)
    assert order == sorted(range(len(values)), key=lambda p: (-values[p], p))


def test_vote_most_cards_wins() -> None:
    """RULES 5: the party with the most cards of a faction wins its vote."""
    assert vote_winner([3, 2], [1, 9]) == 0


def test_vote_tie_goes_to_the_highest_card() -> None:
    """R12: a tie in count goes to the tied party holding the highest card."""
    assert vote_winner([2, 2, 1], [5, 7, 9]) == 1


def test_vote_unclaimed_on_equal_highest_or_no_cards() -> None:
    """R12: equal highest cards, or nobody holding any, leave the vote unclaimed."""
    assert vote_winner([2, 2], [7, 7]) == -1
    assert vote_winner([0, 0], [0, 0]) == -1
    assert vote_winner([2, 2, 2], [7, 7, 9]) == 2


@given(st.lists(st.tuples(st.integers(0, 5), st.integers(0, 9)), min_size=2, max_size=4))
def test_vote_winner_reads_tops_only_between_tied_parties(
        parts: list[tuple[int, int]]) -> None:
    """R12: the highest card decides only between parties tied on the most cards."""
    counts = [c for c, _ in parts]
    tops = [t for _, t in parts]
    best = max(counts)
    noise = [t + 100 if c != best else t for c, t in parts]
    assert vote_winner(counts, tops) == vote_winner(counts, noise)


def test_cascade_votes_then_cards_then_value_then_draw() -> None:
    """RULES 5 / R13: most votes; then cards in won factions; then their value."""
    assert decide([3, 2], [0, 9], [0, 9]) == (0, STEP_VOTES)
    assert decide([2, 2], [7, 6], [0, 9]) == (0, STEP_CARDS)
    assert decide([2, 2], [7, 7], [30, 31]) == (1, STEP_VALUE)
    assert decide([2, 2], [7, 7], [30, 30]) == (-1, STEP_DRAW)
    assert decide([1, 2, 2], [9, 3, 3], [9, 5, 4]) == (1, STEP_VALUE)


def test_waiting_line_highest_scores_the_rest_wait_lowest_first() -> None:
    """R9: of a trick's Trolls the highest scores (the later of equals); the others
    join the line, lowest first."""
    assert line_split([7, 3, 9, 5]) == (2, [1, 3, 0])
    assert line_split([6, 6]) == (1, [0])


def test_waiting_line_delivers_by_the_queue_order() -> None:
    """R9 with `troll_queue_order`: fifo, lowest or highest (the first such in line)."""
    line = [5, 3, 9, 3, 9]
    assert line_delivery(line, 0) == 0
    assert line_delivery(line, 1) == 1
    assert line_delivery(line, 2) == 2


def test_a_giant_smashes_prey_of_its_value_in_front_of_opponents_only() -> None:
    """R7: the targets are the prey of the Giant's value lying in front of an
    opposing seat, seats in order, cards in deck order; a partner's are safe (R14)."""
    zones = [0b0001, 0b0110, 0b1000, 0b0100_0000]
    prey_of_value = 0b0100_0110
    assert smash_targets(zones, prey_of_value, [1, 3]) == [(1, 1), (1, 2), (3, 6)]
    assert smash_targets(zones, prey_of_value, [0, 2]) == []


def test_recruiting_offers_each_kind_of_face_up_card_once() -> None:
    """RULES 3 phase 1 and R15: one choice per distinct face-up card, the first copy of
    each kind in face-up order; none face up: the seat draws (no choice)."""
    kind = (0, 0, 1, 2, 2)  # ids 0-1 identical, 3-4 identical
    assert recruit_choices([1, 3, 0, 2, 4], kind) == [1, 3, 2]
    assert recruit_choices([4, 3], kind) == [4]
    assert recruit_choices([], kind) == []
