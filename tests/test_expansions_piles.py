"""Zombies, Frostbeasts, Yetis, Awakeners, Cyclops, Ice Kings & Queens (EXPANSIONS.md).

Positions come from explicit deals; phase 2 positions from `conftest.to_phase2`
(its phase 1 cards hold no power that changes who leads or recruits).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest
from conftest import cards, play, remaining, to_phase2

import claim
from claim.core.records import LeaderChosen, Placed, TrickCompleted
from claim.powers import registry
from claim.testing import random_playout

# 2 players, 11 cards each: phase 1 tests.
FEAR = claim.mix(["zombies", "yetis", "undead", "goblins"], players=2, house=True)
# 3 players, 10 cards each.
THREE = claim.mix(["zombies", "yetis", "undead", "dwarves", "dragons", "frostbeasts"],
                  players=3, house=True)
# Official 2-player decks (13 cards each) for phase 2.
FROST = claim.mix(["knights", "goblins", "frostbeasts", "dwarves", "trolls"])
SNOW = claim.mix(["knights", "goblins", "yetis", "dragons", "dwarves"])
WAKE = claim.mix(["knights", "goblins", "awakeners", "dwarves", "undead"])


def words(text: str) -> list[str]:
    """Card notations separated by spaces."""
    return text.split()


def deal(
    variant: claim.Variant,
    hands: Sequence[Sequence[str]],
    top: Sequence[str] = (),
    avoid: Sequence[Sequence[str]] = (),
    **kwargs: object,
) -> claim.GameState:
    """An explicit deal: each seat's hand starts with ``hands[seat]``, filled in deck
    order with cards of no faction in ``avoid[seat]``; the draw pile starts with ``top``."""
    given = [cards(variant, h) for h in hands]
    given += [[] for _ in range(variant.players - len(given))]
    pile_top = cards(variant, top)
    rest = remaining(variant, [c for h in given for c in h] + pile_top)
    for seat, hand in enumerate(given):
        banned = set(avoid[seat]) if seat < len(avoid) else set()
        fill = [c for c in rest if c.faction not in banned][: variant.hand_size - len(hand)]
        for card in fill:
            rest.remove(card)
        hand += fill
    return claim.new_game(variant, hands=given, draw_pile=pile_top + rest, **kwargs)  # type: ignore[arg-type]


def score(state: claim.GameState, seat: int) -> Counter[str]:
    return Counter(str(c) for c in state.score_pile(seat))


def leader_event(state: claim.GameState) -> LeaderChosen:
    return next(e for e in state.records[-1].events if isinstance(e, LeaderChosen))


def to_end(state: claim.GameState) -> claim.GameState:
    while not state.is_over:
        state = state.apply(state.legal_moves()[0])
    return state


# -- Zombies -----------------------------------------------------------------------


def test_e7_zombie_winner_scores_the_losing_card() -> None:
    """E7: a trick won by a Zombie: the losing card goes to the winner's score pile."""
    state = play(deal(FEAR, [["Zo5"], ["Gb3"]], avoid=[[], ["zombies"]]), "Zo5", "Gb3")
    assert score(state, 0) == Counter(["Gb3"])
    assert not state.score_pile(1)
    assert "Zo5" in {str(c) for c in state.discard()}  # the Zombie itself: discarded


def test_e7_zombie_of_the_second_player_wins_and_takes_the_led_card() -> None:
    """E7: the losing card is the led Zombie; the winning Zombie is discarded as usual."""
    state = play(deal(FEAR, [["Zo3"], ["Zo7"]]), "Zo3", "Zo7")
    assert score(state, 1) == Counter(["Zo3"])
    assert {"Zo7"} <= {str(c) for c in state.discard()}


def test_e7_zombie_that_loses_takes_nothing() -> None:
    """E7: only a trick won by a Zombie: a Goblin win leaves the Zombie discarded."""
    state = play(deal(FEAR, [["Gb5"], ["Zo9"]], avoid=[[], ["goblins"]]), "Gb5", "Zo9")
    assert not state.score_pile(0) and not state.score_pile(1)


def test_e21_zombie_takes_an_undead_first_the_undead_power_takes_the_rest() -> None:
    """E21, E15: the Zombie's take comes first; an Undead it took lies in the score pile once."""
    state = play(deal(FEAR, [["Zo5"], ["Un2"]], avoid=[[], ["zombies"]]), "Zo5", "Un2")
    assert score(state, 0) == Counter(["Un2"])
    moved = [e for e in state.records[-1].events if isinstance(e, Placed) and str(e.card) == "Un2"]
    assert len(moved) == 1 and moved[0].zone is claim.Zone.SCORE


def test_e7_three_players_the_last_ranked_card_keeps_its_rank() -> None:
    """E7, E16 (as R6): with 3 players the Zombie takes the last-ranked card, whose
    player still recruits as rank 3."""
    state = deal(THREE, [["Zo5"], ["Dr7"], ["Un2"]], avoid=[[], ["zombies"], ["zombies"]])
    state = play(state, "Zo5", "Dr7", "Un2")
    done = next(e for e in state.records[-1].events if isinstance(e, TrickCompleted))
    assert done.ranking == (0, 1, 2)
    assert score(state, 0) == Counter(["Un2"])
    while state.pending is not None:
        state = state.apply(state.legal_moves()[0])
    assert state.follower_pile(2)  # rank 3 drew from the draw pile


# -- Frostbeasts ---------------------------------------------------------------------

FROST_LEAD = words("Fb9 Fb5 Tr5 Kn9 Kn8 Kn7 Kn6 Kn5 Kn4 Kn3 Kn2 Gb9 Gb8")
FROST_OTHER = words("Dw3 Tr7 Tr2 Dw0 Dw1 Dw2 Dw4 Dw5 Dw6 Dw7 Dw8 Dw9 Tr0")


def frost() -> tuple[claim.GameState, int]:
    state = to_phase2(FROST, FROST_LEAD, FROST_OTHER)
    assert state.current_player is not None
    return state, state.current_player


def test_e9_frostbeast_discards_a_dwarf_instead_of_giving_it_to_the_loser() -> None:
    """E9: a Frostbeast's win discards the other cards before the Dwarves' placement."""
    state, leader = frost()
    state = play(state, "Fb9", "Dw3")
    assert "Dw3" in {str(c) for c in state.discard()}
    assert score(state, leader) == Counter(["Fb9"])
    assert not state.score_pile(1 - leader)


def test_e9_frostbeast_discards_a_troll_it_does_not_wait() -> None:
    """E9: a Troll in a Frostbeast's trick is discarded, not put in the line."""
    state, leader = frost()
    state = play(state, "Fb5", "Tr7")
    assert "Tr7" in {str(c) for c in state.discard()}
    assert state.zone("waiting line") == ()
    assert score(state, leader) == Counter(["Fb5"])


def test_e22_frostbeast_trick_still_delivers_a_waiting_troll() -> None:
    """E22: after the Frostbeast's discard, placement delivers a waiting Troll (R9)."""
    state, leader = frost()
    state = play(state, "Tr5", "Tr2")
    assert [str(c) for c in state.zone("waiting line")] == ["Tr2"]
    state = play(state, "Fb9", "Dw3")
    assert score(state, leader) == Counter(["Tr5", "Fb9", "Tr2"])
    assert state.zone("waiting line") == ()
    assert "Dw3" in {str(c) for c in state.discard()}


def test_e9_frostbeast_that_does_not_win_changes_nothing() -> None:
    """E9: only a trick a Frostbeast wins: off the lead faction it loses and is scored."""
    state, leader = frost()
    state = play(state, "Kn9", "Dw3")  # the other seat holds no Knights
    assert score(state, leader) == Counter(["Kn9"])
    assert score(state, 1 - leader) == Counter(["Dw3"])  # Dwarves as usual


# -- Yetis ---------------------------------------------------------------------------

SNOW_LEAD = words("Ye9 Ye8 Ye7 Ye6 Ye5 Ye4 Ye3 Ye2 Ye1 Ye0 Kn9 Kn8 Kn7")
SNOW_OTHER = words("Dr9 Dr8 Dr7 Dr6 Dr5 Dr4 Dr3 Dr2 Dr1 Dr0 Kn6 Kn5 Kn4")


def test_e10_yeti_winner_does_not_lead_phase_1() -> None:
    """E10: phase 1, 2 players: the player who wins with a Yeti does not lead next."""
    state = play(deal(FEAR, [["Ye5"], ["Ye3"]]), "Ye5", "Ye3")
    assert state.current_player == 1
    assert leader_event(state) == LeaderChosen(1, "yetis")


def test_e10_yeti_winner_does_not_lead_phase_2() -> None:
    """E10: phase 2 as well: the other player leads."""
    state = to_phase2(SNOW, SNOW_LEAD, SNOW_OTHER)
    leader = state.current_player
    assert leader is not None
    state = play(state, "Kn9", "Kn4")
    assert state.current_player == leader  # a Knight win: the winner leads
    state = play(state, "Ye5", "Kn5")
    assert state.current_player == 1 - leader
    assert leader_event(state) == LeaderChosen(1 - leader, "yetis")


def test_e10_dragons_decide_first() -> None:
    """E10, R8: a Dragon played last decides the next leader before the Yeti."""
    state = to_phase2(SNOW, SNOW_LEAD, SNOW_OTHER)
    leader = state.current_player
    assert leader is not None
    state = play(state, "Ye5", "Dr2")
    assert leader_event(state) == LeaderChosen(1 - leader, "dragons")


def test_e10_three_players_rank_2_leads() -> None:
    """E10: 3 players: rank 2 leads, not the seat after the winner."""
    state = play(deal(THREE, [["Ye2"], ["Ye5"], ["Ye7"]]), "Ye2", "Ye5", "Ye7")
    while state.pending is not None:
        state = state.apply(state.legal_moves()[0])
    assert state.current_player == 1
    assert state.leader == 1


def test_e10_a_yeti_that_loses_changes_nothing() -> None:
    """E10: a Yeti that wins as the second card passes the lead back to the leader; a
    Yeti that loses (off the lead faction) changes nothing."""
    state = play(deal(FEAR, [["Ye3"], ["Ye5"]]), "Ye3", "Ye5")
    assert state.current_player == 0  # seat 1 won with a Yeti: rank 2, seat 0, leads
    state = play(deal(FEAR, [["Gb3"], ["Ye9"]], avoid=[[], ["goblins"]]), "Gb3", "Ye9")
    assert state.current_player == 0 and leader_event(state) == LeaderChosen(0, None)


# -- Awakeners -----------------------------------------------------------------------

WAKE_LEAD = words("Aw9 Aw8 Aw7 Aw6 Aw5 Aw4 Aw3 Aw2 Aw1 Aw0 Kn9 Kn8 Kn7")
WAKE_OTHER = words("Dw9 Dw8 Dw7 Dw6 Dw5 Dw4 Dw3 Dw2 Dw1 Dw0 Kn6 Kn5 Kn4")


def test_e24_phase_1_discard_becomes_the_second_deck() -> None:
    """E24, E12: phase 2 begins with the phase 1 discard as the second deck, in the
    order fixed at the deal (an explicit deal without ``chance``: deck order)."""
    state = to_phase2(WAKE, WAKE_LEAD, WAKE_OTHER)
    assert state.discard() == ()
    second = state.zone("second deck")
    assert len(second) == 26 - sum(len(state.score_pile(s)) for s in (0, 1))
    ids = state.zones[WAKE.tables.zone_index["second deck"]]
    assert list(ids) == sorted(ids)


def test_e12_awakener_winner_draws_the_top_card_into_the_score_pile() -> None:
    """E12, E15, E22: winning with an Awakener draws the second deck's top card; the
    drawn card goes straight to the score pile."""
    state = to_phase2(WAKE, WAKE_LEAD, WAKE_OTHER)
    leader = state.current_player
    assert leader is not None
    top = state.zone("second deck")[0]
    size = len(state.zone("second deck"))
    before = [score(state, 0), score(state, 1)]  # Undead scored in phase 1
    state = play(state, "Aw9", "Dw2")  # Dwarf to the loser (R6); the draw follows
    assert score(state, leader) - before[leader] == Counter(["Aw9", str(top)])
    assert score(state, 1 - leader) - before[1 - leader] == Counter(["Dw2"])
    assert len(state.zone("second deck")) == size - 1


def test_e12_no_draw_when_the_winning_card_is_not_an_awakener() -> None:
    """E12: only a trick won by an Awakener draws."""
    state = to_phase2(WAKE, WAKE_LEAD, WAKE_OTHER)
    size = len(state.zone("second deck"))
    state = play(state, "Kn9", "Kn4")
    assert len(state.zone("second deck")) == size


def _phase1_first_moves(state: claim.GameState) -> claim.GameState:
    while state.phase is claim.Phase.RECRUIT:
        state = state.apply(state.legal_moves()[0])
    return state


def test_e12_explicit_chance_fixes_the_second_deck_order() -> None:
    """E12: an explicit deal's ``chance`` orders the second deck."""
    base = deal(WAKE, [[], []])
    hands = [base.hand(0), base.hand(1)]
    pile = [WAKE.deck[c] for c in base.face_up + base.draw_pile]
    orders = [list(WAKE.deck), list(reversed(WAKE.deck))]
    decks = []
    for order in orders:
        state = claim.new_game(WAKE, hands=hands, draw_pile=pile, chance=order)
        decks.append(_phase1_first_moves(state).zone("second deck"))
    rank = [{card: i for i, card in enumerate(order)} for order in orders]
    assert decks[0] and list(decks[0]) == sorted(decks[0], key=rank[0].__getitem__)
    assert list(decks[1]) == list(reversed(decks[0]))


def test_e12_same_seed_same_second_deck() -> None:
    """E12: the second deck follows from the seed: the same seed, the same deck."""
    first = _phase1_first_moves(claim.new_game(WAKE, seed=5))
    again = _phase1_first_moves(claim.new_game(WAKE, seed=5))
    other = _phase1_first_moves(claim.new_game(WAKE, seed=6))
    assert first.zone("second deck") == again.zone("second deck")
    assert first == again
    assert first.zone("second deck") != other.zone("second deck")


def test_e12_empty_second_deck_draws_nothing() -> None:
    """E12: when the second deck is empty nothing is drawn (phase 1 discarded nothing)."""
    tiny = claim.mix(["undead", "awakeners"], players=2, house=True)
    hands = [["Un0", "Un1", "Un2", "Un3", "Un4"], ["Un5", "Un6", "Un7", "Un8", "Un9"]]
    pile = [f"Aw{v}" for v in range(10)]
    state = claim.new_game(tiny, hands=hands, draw_pile=pile)
    state = _phase1_first_moves(state)
    assert state.zone("second deck") == ()
    state = to_end(state)
    assert sum(len(state.score_pile(s)) for s in (0, 1)) == 20


def test_e15_a_drawn_dwarf_goes_to_the_drawer_not_to_the_loser() -> None:
    """E15, E12: a card an Awakener draws goes straight to the winner's score pile: a
    drawn Dwarf triggers no Dwarf placement. ``chance`` puts Dw3 on top."""
    tiny = claim.mix(["dwarves", "awakeners"], players=2, house=True)
    hands = [["Dw0", "Dw1", "Dw2", "Dw3", "Dw4"], ["Dw5", "Dw6", "Dw7", "Dw8", "Dw9"]]
    chance = ["Dw3"] + [str(c) for c in tiny.deck if str(c) != "Dw3"]
    state = claim.new_game(tiny, hands=hands, draw_pile=[f"Aw{v}" for v in range(10)],
                           chance=chance)
    state = _phase1_first_moves(state)
    assert [str(c) for c in state.zone("second deck")][:2] == ["Dw3", "Dw0"]
    for _ in range(2):
        state = state.apply(state.legal_moves()[0])
    winner = next(e for e in state.records[-1].events if isinstance(e, TrickCompleted)).winner
    assert score(state, winner)["Dw3"] == 1 and not state.score_pile(1 - winner)


def test_e12_second_deck_is_hidden() -> None:
    """E12: the second deck's order is hidden: its zone is declared face down."""
    index = WAKE.tables.zone_index["second deck"]
    assert not WAKE.tables.zone_specs[index].public


# -- Cyclops -------------------------------------------------------------------------


def _cyclops_vote(*piles: str) -> int | None:
    power = registry.get("cyclops")(faction="cyclops")
    deck = claim.mix(["cyclops", "yetis"], house=True)
    return power.vote(tuple(tuple(cards(deck, p.split())) for p in piles))


def test_e14_cyclops_fewest_wins() -> None:
    """E14: the party with the fewest Cyclops among those holding any wins the vote."""
    assert _cyclops_vote("Cy1 Cy2 Cy3", "Cy9") == 1
    assert _cyclops_vote("Cy1 Cy2", "", "Cy3 Cy4 Cy5") == 0


def test_e14_parties_without_cyclops_cannot_win() -> None:
    """E14, R12: no Cyclops anywhere: unclaimed; none held by a party: it cannot win."""
    assert _cyclops_vote("", "") is None
    assert _cyclops_vote("", "Cy0 Cy1 Cy2") == 1


def test_e14_tie_goes_to_the_lowest_cyclops() -> None:
    """E14, E25: equal counts: the tied party holding the lowest (printed) Cyclops."""
    assert _cyclops_vote("Cy1 Cy8", "Cy2 Cy3") == 0
    assert _cyclops_vote("Cy5", "Cy4", "Cy0 Cy1") == 1


def test_e14_equal_lowest_cyclops_leave_the_vote_unclaimed() -> None:
    """E14: equal lowest values among the tied parties: nobody wins (R12)."""
    assert _cyclops_vote("Cy1 Cy8", "Cy1 Cy2") is None


@pytest.mark.parametrize("seed", range(4))
def test_e14_result_uses_the_cyclops_vote(seed: int) -> None:
    """E14: a finished game's Cyclops vote follows the Cyclops rule, others R12."""
    variant = claim.mix(["knights", "goblins", "cyclops", "zombies", "yetis"])
    final = random_playout(variant, seed, check=False)
    vote = next(v for v in final.result().factions if v.faction == "cyclops")
    piles = tuple(tuple(c for c in final.score_pile(s) if c.faction == "cyclops")
                  for s in (0, 1))
    assert vote.winner == registry.get("cyclops")(faction="cyclops").vote(piles)


# -- Ice Kings and Queens -------------------------------------------------------------


def _ice_checks(final: claim.GameState) -> int:
    """E11: no pile keeps a couple; every discarded couple came from one score pile."""
    for seat in range(final.variant.players):
        pile = final.score_pile(seat)
        kings = {c.value for c in pile if c.faction == "ice_kings"}
        queens = {c.value for c in pile if c.faction == "ice_queens"}
        assert not kings & queens
    left = [e for e in final.records[-1].events if isinstance(e, Placed)
            and e.zone is claim.Zone.DISCARD and e.origin is claim.Zone.SCORE]
    assert len(left) % 2 == 0
    for one, two in zip(left[::2], left[1::2]):
        assert {one.card.faction, two.card.faction} == {"ice_kings", "ice_queens"}
        assert one.card.value == two.card.value and one.origin_seat == two.origin_seat
    return len(left) // 2


@pytest.mark.parametrize("players", [2, 4])
def test_e11_ice_couples_leave_each_score_pile(players: int) -> None:
    """E11: per score pile (not per team), each King with one Queen of its value."""
    factions = ["gnomes", "giants", "ice_kings", "ice_queens", "dragons"]
    if players == 4:
        factions += ["zombies", "yetis"]
    variant = claim.mix(factions, players=players)
    pairs = sum(_ice_checks(random_playout(variant, seed)) for seed in range(4))
    assert pairs > 0


def test_e11_ice_couples_after_gnomes_join_the_score_piles() -> None:
    """E11: the Gnomes in front join the score piles first, then the couples leave."""
    variant = claim.mix(["gnomes", "giants", "ice_kings", "ice_queens", "dragons"])
    for seed in range(6):
        events = list(random_playout(variant, seed, check=False).records[-1].events)
        placed = [e for e in events if isinstance(e, Placed)]
        gnomes = [i for i, e in enumerate(placed) if e.card.faction == "gnomes"
                  and e.origin == "in front"]
        ice = [i for i, e in enumerate(placed) if e.card.faction.startswith("ice_")
               and e.zone is claim.Zone.DISCARD]
        if gnomes and ice:
            assert max(gnomes) < min(ice)
            return
    pytest.fail("no game had both")


def test_e11_a_lone_ice_faction_pairs_nothing() -> None:
    """E11: a house mix with Ice Kings alone has no couples to part."""
    variant = claim.mix(["ice_kings", "yetis", "zombies", "dragons"], house=True)
    final = random_playout(variant, 1)
    assert _ice_checks(final) == 0


# -- conformance ---------------------------------------------------------------------

MIXES = [
    (["knights", "goblins", "zombies", "yetis", "cyclops"], 2, False),
    (["knights", "goblins", "frostbeasts", "awakeners", "dragons"], 2, False),
    (["gnomes", "giants", "ice_kings", "ice_queens", "awakeners"], 2, False),
    (["knights", "goblins", "zombies", "frostbeasts", "yetis", "awakeners", "cyclops"], 3,
     False),
    (["gnomes", "giants", "ice_kings", "ice_queens", "zombies", "trolls", "awakeners"], 4,
     False),
    (["zombies", "yetis", "frostbeasts", "awakeners"], 2, True),
    (["zombies", "frostbeasts", "awakeners", "ice_kings", "ice_queens", "cyclops"], 3, True),
    (["zombies", "frostbeasts", "yetis", "awakeners", "cyclops", "ice_kings", "ice_queens",
      "dragons"], 4, True),
]


@pytest.mark.parametrize(("factions", "players", "house"), MIXES)
def test_random_playouts_conform(factions: list[str], players: int, house: bool) -> None:
    """Conformance: random games with these factions keep every invariant (claim.testing)."""
    variant = claim.mix(factions, players=players, house=house)
    for seed in range(3):
        random_playout(variant, seed, first_leader=seed % players)
