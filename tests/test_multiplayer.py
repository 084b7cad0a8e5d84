"""The 3 and 4 player set-ups (RULES 2-5): ranking, recruiting, R4, R6, R10, R14, R15.

The 7-faction mix used here: Knights & Goblins plus Undead, Dwarves,
Doppelgangers, Dragons and Seers (72 cards; 12 each with 3 players, 9 with 4).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import attrs
import pytest
from conftest import zones_of

import claim
from claim.core.records import CardDrawn, FaceUpTaken, TrickCompleted
from claim.core.zones import Phase, Zone
from claim.rules.effects import Placement
from claim.rules.protocol import Trick
from claim.testing import random_playout

SEVEN = ["knights", "goblins", "undead", "dwarves", "doppelgangers", "dragons", "seers"]


def variant(players: int, **options: object) -> claim.Variant:
    """The 7-faction mix for ``players``."""
    return claim.mix(SEVEN, players=players, options=options)


def deal(v: claim.Variant, hands: Sequence[Sequence[str]], pile_top: Sequence[str],
         avoid: Sequence[str] = ("goblins", "knights", "doppelgangers")) -> claim.GameState:
    """Hands starting with the given cards, filled from the deck without ``avoid``
    factions (so the given cards decide every follow), the pile starting with
    ``pile_top`` (its first ``face_up_count`` cards are turned face up)."""
    given = [[v.parse_card(c) for c in hand] for hand in hands]
    top = [v.parse_card(c) for c in pile_top]
    used = Counter(card for hand in given for card in hand) + Counter(top)
    assert not used - Counter(v.deck), f"not in the deck: {used - Counter(v.deck)}"
    rest = sorted((Counter(v.deck) - used).elements(), key=v.deck.index)
    for hand in given:
        fill = [c for c in rest if c.faction not in avoid][: v.hand_size - len(hand)]
        for card in fill:
            rest.remove(card)
        hand += fill
    return claim.new_game(v, hands=given, draw_pile=top + rest)


def last_trick(state: claim.GameState) -> TrickCompleted:
    return next(e for r in reversed(state.records) for e in r.events
                if isinstance(e, TrickCompleted))


def play(state: claim.GameState, *moves: str) -> claim.GameState:
    for move in moves:
        state = state.apply(move)
    return state


# -- ranking the whole trick (RULES 3) ------------------------------------------


def test_rules3_whole_trick_ranked_lead_faction_then_others_by_value() -> None:
    """RULES 3: lead-faction cards by value first, then the others by value."""
    v = variant(3)
    state = play(deal(v, [["Un3"], ["Dw9"], ["Un7"]], ["Se1", "Se2"]), "Un3", "Dw9", "Un7")
    assert last_trick(state).ranking == (2, 0, 1)


def test_rules3_equal_values_go_to_the_card_played_earlier() -> None:
    """RULES 3: off-faction cards of equal value rank by play order."""
    v = variant(3)
    state = play(deal(v, [["Un3"], ["Dw5"], ["Se5"]], ["Dr1", "Dr2"]), "Un3", "Dw5", "Se5")
    assert last_trick(state).ranking == (0, 1, 2)


@pytest.mark.parametrize(("beat_all", "ranking"), [(True, (1, 2, 0)), (False, (2, 1, 0))])
def test_r4_knights_in_a_goblin_led_trick(beat_all: bool, ranking: tuple[int, ...]) -> None:
    """R4: Gb5 led, Kn2, Gb7. On: the Knight outranks every Goblin. Off: it ranks
    directly above the led Goblin only, so the Gb7 still outranks it."""
    v = variant(3, knights_beat_all_goblins=beat_all)
    state = play(deal(v, [["Gb5"], ["Kn2"], ["Gb7"]], ["Se1", "Se2"]), "Gb5", "Kn2", "Gb7")
    assert last_trick(state).ranking == ranking


def test_r4_off_knight_above_led_goblin_and_what_it_outranks() -> None:
    """R4 off: the Knight ranks above the led Gb0 and above a later Gb0 that ties it."""
    v = variant(3, knights_beat_all_goblins=False)
    state = play(deal(v, [["Gb0"], ["Gb0"], ["Kn3"]], ["Se1", "Se2"]), "Gb0", "Gb0", "Kn3")
    assert last_trick(state).ranking == (2, 0, 1)


# -- recruiting in rank order (RULES 3 phase 1, R15) ----------------------------


def test_rules3_rank1_chooses_a_face_up_card_rank2_gets_the_other_rank3_draws() -> None:
    """3 players: rank 1 decides between two different face-up cards."""
    v = variant(3)
    state = play(deal(v, [["Un3"], ["Un9"], ["Un1"]], ["Dr4", "Dw6", "Se0"]),
                 "Un3", "Un9", "Un1")
    assert state.pending_kind == "recruit"
    assert state.current_player == 1
    assert [str(m) for m in state.legal_moves()] == ["take Dr4", "take Dw6"]
    state = state.apply("take Dw6")
    events = state.records[-1].events
    assert FaceUpTaken(1, v.parse_card("Dw6")) in events
    assert FaceUpTaken(0, v.parse_card("Dr4")) in events
    assert CardDrawn(2, v.parse_card("Se0")) in events
    assert v.parse_card("Dw6") in state.follower_pile(1)


def test_r15_identical_face_up_cards_are_no_decision() -> None:
    """R15: two identical face-up cards (two Gb0) leave nothing to decide."""
    v = variant(3)
    state = play(deal(v, [["Un3"], ["Un9"], ["Un1"]], ["Gb0", "Gb0", "Se0"],
                      avoid=("knights", "doppelgangers")), "Un3", "Un9", "Un1")
    assert state.pending is None
    assert state.follower_pile(1) == (v.parse_card("Gb0"),)


def test_rules2_four_players_ranks_3_and_4_draw() -> None:
    """4 players: two face-up cards for ranks 1 and 2; ranks 3 and 4 each draw."""
    v = variant(4)
    state = play(deal(v, [["Un3"], ["Un9"], ["Un1"], ["Un5"]], ["Dr4", "Dw6", "Se0", "Se1"]),
                 "Un3", "Un9", "Un1", "Un5")
    assert last_trick(state).ranking == (1, 3, 0, 2)
    state = state.apply("take Dr4")
    events = state.records[-1].events
    assert [(e.seat, str(e.card)) for e in events if isinstance(e, FaceUpTaken)] == [
        (1, "Dr4"), (3, "Dw6")]
    assert [(e.seat, str(e.card)) for e in events if isinstance(e, CardDrawn)] == [
        (0, "Se0"), (2, "Se1")]


# -- R6: Dwarves to the last rank -----------------------------------------------


def test_r6_dwarves_go_to_the_last_ranked_player() -> None:
    """R6: in phase 2 with 3 players, every Dwarf goes to the last-ranked player."""
    v = variant(3)
    tables = v.tables
    dwarves = tables.powers[tables.faction_index["dwarves"]]
    cards = (v.deck.index(v.parse_card("Un4")), v.deck.index(v.parse_card("Dw9")),
             v.deck.index(v.parse_card("Dw2")))
    values = tuple(v.deck[c].value for c in cards)
    trick = Trick(claim.new_game(v, seed=0), Phase.SUPPORT, (1, 2, 0), cards, "undead", values,
                  order=(0, 1, 2))
    effects = dwarves.place(trick, (1, 2))
    assert effects is not None
    placements = [p for p in effects if isinstance(p, Placement)]
    assert len(placements) == len(effects)  # nothing but placements
    assert {(p.card, p.zone, p.seat) for p in placements} == {
        (cards[1], Zone.SCORE, 0), (cards[2], Zone.SCORE, 0)}


# -- scoring (RULES 5, R14) -------------------------------------------------------


def with_score_piles(v: claim.Variant, piles: Sequence[Sequence[str]]) -> claim.GameState:
    """A finished game of ``v`` whose score piles are exactly these."""
    final = random_playout(v, 0, check=False)
    free: dict[claim.Card, list[int]] = {}
    for cid, card in enumerate(v.deck):
        free.setdefault(card, []).append(cid)
    masks = tuple(sum(1 << free[v.parse_card(c)].pop(0) for c in pile) for pile in piles)
    taken = 0
    for mask in masks:
        taken |= mask
    full = (1 << len(v.deck)) - 1
    return attrs.evolve(final, score_masks=masks, zones=zones_of(v),
                        discard_mask=full & ~taken)


def test_r14_teams_add_their_piles_and_win_on_factions() -> None:
    """R14: partners' piles add up per faction; the team with more factions wins."""
    v = variant(4)
    state = with_score_piles(v, [["Un1", "Un2"], ["Un3"], ["Dw1"], ["Dw2", "Dw3", "Se4"]])
    result = state.result()
    assert result.parties == ((0, 2), (1, 3))
    undead = next(f for f in result.factions if f.faction == "undead")
    assert undead.counts == (2, 1) and undead.winner == 0
    dwarves = next(f for f in result.factions if f.faction == "dwarves")
    assert dwarves.counts == (1, 2) and dwarves.winner == 1
    assert result.votes == (1, 2) and result.winning_seats == (1, 3)


def test_r14_equal_team_counts_go_to_the_team_with_the_highest_card() -> None:
    """R14: equal counts: the team holding the highest card wins the faction."""
    v = variant(4)
    state = with_score_piles(v, [["Se2"], ["Se9"], ["Se3"], ["Se1"]])
    seers = next(f for f in state.result().factions if f.faction == "seers")
    assert seers.counts == (2, 2) and seers.winner == 1


def test_rules5_three_players_tie_on_votes_broken_by_cards_in_won_factions() -> None:
    """RULES 5 (3 players): tied on votes, more cards in the factions each won wins."""
    v = variant(3)
    state = with_score_piles(v, [["Un1", "Un2", "Un3"], ["Dw1", "Dw2"], []])
    result = state.result()
    assert result.votes == (1, 1, 0)
    assert result.winner == 0
    assert result.decided_by is claim.DecidedBy.CARDS_IN_WON_FACTIONS


def test_rules5_three_players_then_by_value_then_draw() -> None:
    """RULES 5 (3 players): equal cards, then higher total value; equal again: draw."""
    v = variant(3)
    by_value = with_score_piles(v, [["Un1", "Un2"], ["Dw1", "Dw5"], []]).result()
    assert (by_value.winner, by_value.decided_by) == (1, claim.DecidedBy.VALUE_OF_WON_FACTIONS)
    draw = with_score_piles(v, [["Un1", "Un5"], ["Dw1", "Dw5"], []]).result()
    assert (draw.winner, draw.decided_by) == (None, claim.DecidedBy.DRAW)


@pytest.mark.parametrize("players", [3, 4])
def test_conformance_of_random_games(players: int) -> None:
    """The conformance kit over random 3 and 4 player games (RULES 2)."""
    for seed in range(15):
        final = random_playout(variant(players), seed)
        assert final.is_over


def test_rules4_giants_smash_only_opposing_teams_gnomes() -> None:
    """RULES 4 Giants, 4 players: a Giant's captor may smash a Gnome of its value in
    front of an opposing-team player, never in front of their partner."""
    v = claim.mix(["gnomes", "giants", "undead", "dwarves", "doppelgangers", "dragons", "seers"],
                  players=4)
    rng_state = random_playout(v, 1, check=False)  # any finished game: only the layout is reused
    ids: dict[str, list[int]] = {str(card): [] for card in v.deck}
    for cid, card in enumerate(v.deck):
        ids[str(card)].append(cid)
    hand = [ids["Gi5"][0], ids["Un1"][0], ids["Un2"][0], ids["Un3"][0]]
    gnomes = ids["Gn5"]  # three Gnome 5s: in front of seats 1, 2 and 3
    full = (1 << len(v.deck)) - 1
    used = sum(1 << c for c in hand + gnomes)
    state = attrs.evolve(
        rng_state, phase=Phase.SUPPORT, leader=0, trick=(), pending=None, records=(),
        hand_masks=tuple(1 << c for c in hand),
        zones=zones_of(v, {"in front": (0, 1 << gnomes[0], 1 << gnomes[1], 1 << gnomes[2])}),
        score_masks=(0, 0, 0, 0), follower_masks=(0, 0, 0, 0), draw_pile=(), face_up=(),
        discard_mask=full & ~used,
    )
    state = play(state, "Gi5", "Un1", "Un2", "Un3")
    assert state.pending_kind == "smash"
    assert state.pending is not None and state.pending.seat == 0
    assert [str(m) for m in state.legal_moves()] == ["smash Gn5@1", "smash Gn5@3", "no smash"]
    state = state.apply("smash Gn5@3")
    assert state.is_over  # the last trick: surviving Gnomes joined their score piles
    gnome = v.parse_card("Gn5")
    assert gnome in state.score_pile(1) and gnome in state.score_pile(2)
    assert gnome not in state.score_pile(3) and gnome in state.discard()


def test_r4_off_several_knights_rank_above_the_led_goblin_by_value() -> None:
    """R4 off: two Knights both rank above the led Goblin, the higher Knight first."""
    v = variant(3, knights_beat_all_goblins=False)
    state = play(deal(v, [["Gb5"], ["Kn2"], ["Kn7"]], ["Se1", "Se2"]), "Gb5", "Kn2", "Kn7")
    assert last_trick(state).ranking == (2, 1, 0)
