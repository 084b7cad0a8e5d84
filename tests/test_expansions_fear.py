"""Rule tests for the two factions of "Factions with hidden information" (EXPANSIONS.md)
that hide nothing: the Vampires (Fear pack: the crypt, E37-E40) and the Minotaurs
(promo: taking cards back, E42; uneven hands, E43). Every test drives the public
API from an explicit position and names the ruling it checks.
"""

from __future__ import annotations

import random

import pytest

import claim
from claim.core.cards import Card
from claim.core.records import Placed
from claim.info import sampling
from claim.info._history import skeleton
from claim.info._placing import place
from claim.info.knowledge import knowledge
from claim.info.sampling import Sampler, sample
from claim.testing import (
    check_fast_paths,
    random_official_mix,
    random_playout,
    support_position,
)

VP2 = claim.mix(["vampires", "goblins", "knights", "undead", "dwarves"], house=True)
VD2 = claim.mix(["vampires", "dark_elves", "knights", "goblins", "undead"], house=True)
MI2 = claim.mix(["minotaurs", "goblins", "knights", "undead", "dwarves"], house=True)
VB2 = claim.mix(["vampires", "basilisks", "knights", "goblins", "undead"])
MB2 = claim.mix(["minotaurs", "basilisks", "knights", "goblins", "undead"], house=True)
MI3 = claim.mix(["minotaurs", "goblins", "knights", "undead", "dwarves", "dragons",
                 "trolls"], players=3)
VP4 = claim.mix(["vampires", "goblins", "knights", "undead", "dwarves", "dragons",
                 "trolls"], players=4)


def play(state: claim.GameState, *moves: str) -> claim.GameState:
    """Apply ``moves`` (notation) in order."""
    for move in moves:
        state = state.apply(move)
    return state


def labels(state: claim.GameState) -> list[str]:
    """The legal moves as notation, in order."""
    return [str(m) for m in state.legal_moves()]


def names(cards: tuple[Card, ...]) -> list[str]:
    return sorted(map(str, cards))


def vote_of(state: claim.GameState, faction: str) -> claim.FactionVote:
    return next(v for v in claim.faction_votes(state) if v.faction == faction)


# -- Vampires: the crypt and tucking (E37, E40) ----------------------------------------


def test_e37_collecting_a_vampire_offers_a_crypt() -> None:
    """E37: a player who collects a Vampire may lay one collected Vampire face up as
    their crypt (one option per Vampire), or not; the crypt lies apart from the score
    pile (E40), public to every view."""
    state = support_position(VP2, [["Vp5", "Gb3"], ["Vp3", "Gb1"]])
    state = play(state, "Vp5", "Vp3")
    assert state.pending is not None and state.pending.seat == 0
    assert labels(state) == ["no crypt", "crypt Vp3", "crypt Vp5"]
    state = state.apply("crypt Vp3")
    assert names(state.zone("crypt", 0)) == ["Vp3"]
    assert names(state.score_pile(0)) == ["Vp5"]
    view = state.view(1)
    assert any(zone.name == "crypt" and zone.seat == 0 and list(map(str, zone.cards))
               == ["Vp3"] for zone in view.zones)


def test_e37_declining_the_crypt_asks_no_tuck_later() -> None:
    """E37: without a crypt nothing is tucked: later tricks ask nothing."""
    state = support_position(VP2, [["Vp5", "Gb3"], ["Vp3", "Gb1"]])
    state = play(state, "Vp5", "Vp3", "no crypt", "Gb3", "Gb1")
    assert state.is_over and state.pending is None
    assert state.zone("crypt", 0) == ()
    assert vote_of(state, "vampires").winner is None  # E38: no crypt, unclaimed


def test_e37_cards_collected_later_may_be_tucked_as_a_subset() -> None:
    """E37: with a crypt, the non-Vampire cards collected in a trick may be tucked:
    one decision whose options are the subsets, labelled by place in the prompt's
    list; the tucked cards leave the score pile for the crypt zone."""
    state = support_position(VP2, [["Vp5", "Gb3", "Kn4"], ["Vp3", "Gb1", "Un2"]])
    state = play(state, "Vp5", "Vp3", "crypt Vp5")
    state = play(state, "Gb3", "Gb1")
    assert labels(state) == ["no tuck", "tuck 1", "tuck 2", "tuck 1 2"]
    assert state.pending is not None and "1 Gb1, 2 Gb3" in state.pending.prompt
    state = state.apply("tuck 2")
    assert names(state.zone("crypt", 0)) == ["Gb3", "Vp5"]
    assert names(state.score_pile(0)) == ["Gb1", "Vp3"]
    state = play(state, "Kn4", "Un2", "no tuck")
    assert state.is_over
    assert names(state.zone("crypt", 0)) == ["Gb3", "Vp5"]


def test_r15_identical_cards_make_one_tuck_option() -> None:
    """E37, R15: subsets with the same outcome (two Goblin 0s) are one option."""
    state = support_position(VP2, [["Vp5", "Gb0"], ["Vp3", "Gb0"]])
    state = play(state, "Vp5", "Vp3", "crypt Vp5", "Gb0", "Gb0")
    assert labels(state) == ["no tuck", "tuck 1", "tuck 1 2"]


def test_e37_tucking_in_the_trick_that_lays_the_crypt() -> None:
    """E37: "then, if they have a crypt": the other cards of the very trick that
    brings the Vampire may be tucked under it at once."""
    state = support_position(VP2, [["Vp5"], ["Gb7"]])
    state = play(state, "Vp5", "Gb7", "crypt Vp5")
    assert labels(state) == ["no tuck", "tuck 1"]
    state = state.apply("tuck 1")
    assert names(state.zone("crypt", 0)) == ["Gb7", "Vp5"]


def test_e37_the_loser_collecting_dwarves_may_tuck_them() -> None:
    """E37 (docs/rules.md, decision 6): any player who collects cards into their
    score pile with a crypt may tuck them, the loser collecting Dwarves too."""
    state = support_position(VP2, [["Vp6", "Dw2"], ["Vp1", "Dw5"]])
    state = play(state, "Vp6", "Vp1", "crypt Vp6", "Dw2", "Dw5")
    assert state.pending is not None and state.pending.seat == 0
    assert labels(state) == ["no tuck", "tuck 1", "tuck 2", "tuck 1 2"]
    state = state.apply("tuck 1 2")
    assert names(state.zone("crypt", 0)) == ["Dw2", "Dw5", "Vp6"]


def test_e37_cards_moved_by_a_power_are_not_offered() -> None:
    """E37, E15: a card a Basilisk took into the score pile is not offered for
    tucking; the Basilisk itself, collected as usual, is."""
    state = support_position(VB2, [["Vp6", "Un0", "Bs5"], ["Vp1", "Un9", "Gb5"]])
    state = play(state, "Vp6", "Vp1", "crypt Vp6", "Un0", "Un9")  # seat 1 leads next
    state = play(state, "Gb5", "Bs5")  # the Basilisk takes Gb5 and wins
    assert labels(state) == ["no tuck", "tuck 1"]
    assert state.pending is not None and state.pending.prompt.endswith("(1 Bs5)")


def test_e37_replacing_the_crypt() -> None:
    """E37: a newly collected Vampire may replace the crypt: the old crypt Vampire
    stays in the score pile, every card under it leaves the game."""
    state = support_position(VP2, [["Vp2", "Gb3", "Vp9"], ["Vp1", "Gb1", "Kn2"]])
    state = play(state, "Vp2", "Vp1", "crypt Vp2", "Gb3", "Gb1", "tuck 1 2")
    assert names(state.zone("crypt", 0)) == ["Gb1", "Gb3", "Vp2"]
    state = play(state, "Vp9", "Kn2")
    assert state.pending is not None and state.pending.prompt.startswith("replace")
    assert labels(state) == ["no crypt", "crypt Vp9"]
    state = state.apply("crypt Vp9")
    assert names(state.zone("crypt", 0)) == ["Vp9"]
    assert names(state.score_pile(0)) == ["Kn2", "Vp1", "Vp2"]
    assert {"Gb1", "Gb3"} <= set(map(str, state.discard()))
    assert labels(state) == ["no tuck", "tuck 1"]  # Kn2 may go under the new crypt


def test_e40_dark_elf_discard_first_and_blind_to_the_crypt() -> None:
    """E40, E22: the Dark Elf's discard comes before tucking and picks only from the
    score pile (the crypt zone and the cards under it are apart); tucking then offers
    the collected cards left."""
    state = support_position(VD2, [["Vp5", "Gb4", "DE3"], ["Vp3", "Gb2", "Kn2"]])
    state = play(state, "Vp5", "Vp3", "crypt Vp5", "Gb4", "Gb2", "tuck 1")
    assert names(state.zone("crypt", 0)) == ["Gb2", "Vp5"]
    state = play(state, "DE3", "Kn2")
    assert set(labels(state)) == {"discard Vp3", "discard Gb4", "discard Kn2"}
    state = state.apply("discard Kn2")
    assert labels(state) == ["no tuck", "tuck 1"]  # DE3 is left to tuck
    state = state.apply("tuck 1")
    assert names(state.zone("crypt", 0)) == ["DE3", "Gb2", "Vp5"]
    assert names(state.score_pile(0)) == ["Gb4", "Vp3"]


def test_e40_tucking_comes_after_the_dark_elf_discard() -> None:
    """E40: the tuck question is asked after the discard, offering the collected
    cards still in the score pile."""
    state = support_position(VD2, [["Vp5", "DE3"], ["Vp3", "Kn2"]])
    state = play(state, "Vp5", "Vp3", "crypt Vp5", "DE3", "Kn2")
    assert set(labels(state)) == {"discard Vp3", "discard Kn2"}
    state = state.apply("discard Vp3")
    assert labels(state) == ["no tuck", "tuck 1", "tuck 2", "tuck 1 2"]
    assert state.pending is not None and "1 DE3, 2 Kn2" in state.pending.prompt


# -- Vampires: the vote (E38, E39) -----------------------------------------------------


def test_e38_crypt_score_decides_the_vote_and_tucked_cards_leave_their_faction() -> None:
    """E38: the crypt scores its Vampire's printed value plus one per tucked card;
    Vampires in a score pile count for nothing; a tucked card counts for no faction
    of its own."""
    state = support_position(VP2, [["Vp2", "Gb9", "Gb8", "Vp9"], ["Vp1", "Gb0", "Gb1", "Kn2"]])
    state = play(state, "Vp2", "Vp1", "crypt Vp2")
    state = play(state, "Gb9", "Gb0", "tuck 1 2")   # crypt: Vp2 + 2 = 4
    state = play(state, "Gb8", "Gb1", "no tuck")
    state = play(state, "Vp9", "Kn2", "no crypt", "no tuck")
    assert state.is_over
    vampires = vote_of(state, "vampires")
    assert vampires.winner == 0 and vampires.counts == (3, 0)
    assert str(vampires.highest[0]) == "Vp2"
    goblins = vote_of(state, "goblins")
    assert goblins.counts == (2, 0)  # Gb8 and Gb1 in the pile; Gb9 and Gb0 are tucked


def power_of(variant: claim.Variant, faction: str) -> claim.FactionPower:
    """The bound power of ``faction`` in ``variant``."""
    return variant.tables.powers[variant.tables.faction_index[faction]]


@pytest.mark.parametrize(("piles", "winner"), [
    ((("Vp3",), ("Vp2", "Gb1")), 0),          # 3 = 2 + 1: the higher crypt Vampire
    ((("Vp3",), ("Vp1", "Gb1")), 0),          # 3 > 1 + 1
    ((("Vp3", "Gb1"), ("Vp4",)), 1),          # 3 + 1 = 4: Vp4 is higher
    ((("Vp1", "Gb1", "Kn2"), ("Vp2",)), 0),   # 1 + 2 > 2
    ((("Vp0",), ()), 0),                      # a crypt scoring 0 beats no crypt
    (((), ()), None),                         # no crypt: unclaimed
])
def test_e38_crypt_vote_ties_as_r12(piles: tuple[tuple[str, ...], ...],
                                    winner: int | None) -> None:
    """E38, R12: the highest crypt score (the crypt Vampire's printed value plus one
    per tucked card) wins; a tie goes to the higher crypt Vampire; no crypt, no
    vote."""
    cards = tuple(tuple(VP2.parse_card(c) for c in pile) for pile in piles)
    assert power_of(VP2, "vampires").vote(cards) == winner


def test_e38_equal_crypts_leave_the_vote_unclaimed() -> None:
    """E38, R12: equal crypt scores and equal crypt Vampires: nobody wins."""
    power = power_of(VP4, "vampires")
    card = VP4.parse_card
    assert power.vote(((card("Vp3"), card("Gb1")), (card("Vp4"), card("Un1"), card("Gb1"),
                                                   card("Gb1")))) == 1
    assert power.vote(((card("Vp3"), card("Gb1")), (card("Vp3"), card("Un1")))) is None


def test_e39_teams_add_their_partners_crypt_scores() -> None:
    """E39: each player has at most one crypt; a team's crypt score is the sum of its
    partners' (Vp2 + 1 and Vp1 + 2 make 6, beating Vp5)."""
    power = power_of(VP4, "vampires")
    card = VP4.parse_card
    team0 = (card("Vp2"), card("Gb1"), card("Vp1"), card("Gb2"), card("Kn3"))
    team1 = (card("Vp5"),)
    assert power.vote((team0, team1)) == 0
    assert power.vote((team0, (card("Vp5"), card("Gb3")))) == 1  # 6 = 6, Vp5 higher


def test_e39_four_players_each_lay_their_own_crypt() -> None:
    """E39: in a team game both partners may hold a crypt; the vote reports the
    crypt cards of each team."""
    state = support_position(VP4, [["Vp9", "Gb9"], ["Vp0", "Gb0"], ["Vp8", "Un9"],
                                   ["Vp1", "Gb1"]])
    state = play(state, "Vp9", "Vp0", "Vp8", "Vp1")
    assert state.pending is not None and state.pending.seat == 0
    state = state.apply("crypt Vp8")
    state = play(state, "Gb9", "Gb0", "Un9", "Gb1")  # Gb9 wins: seat 0 collects
    assert len(labels(state)) == 16 and labels(state)[:2] == ["no tuck", "tuck 1"]
    state = state.apply("tuck 1 2 3 4")
    assert state.is_over
    vampires = vote_of(state, "vampires")
    assert vampires.winner == 0 and vampires.counts == (5, 0)


# -- Minotaurs (E42, E43) ----------------------------------------------------------------


def test_e42_taking_back_returns_the_card_to_the_hand() -> None:
    """E42: a Minotaur that leads and wins: the other player may take back the card
    they played; it returns to their hand, known to all, and is not placed. The
    winner collects the rest."""
    state = support_position(MI2, [["Mi5", "Gb3", "Kn4"], ["Mi3", "Gb1", "Dw3"]])
    state = play(state, "Mi5", "Mi3")
    assert state.pending is not None and state.pending.seat == 1
    assert set(labels(state)) == {"leave Mi3", "take back Mi3"}
    assert len(state.trick) == 2  # the trick waits on the table for the answer
    state = state.apply("take back Mi3")
    assert "Mi3" in map(str, state.hand(1)) and len(state.hand(1)) == 3
    assert names(state.score_pile(0)) == ["Mi5"]
    assert state.current_player == 0  # the winner leads
    assert state.view(0).hand_sizes == (2, 3)
    known = dict(knowledge(state.view(0)).known)  # seat 0 knows where Mi3 went
    assert "Mi3" in map(str, known[("hand", 1)])


def test_e42_e44_a_card_taken_back_into_a_masked_hand_is_counted_once() -> None:
    """E42, E44: the viewer takes back a card into a hand holding a masked card (its
    hand is then a place of unseen cards): the card is seen in the hand, never
    counted again as a known card of that place."""
    variant = claim.mix(["minotaurs", "goblins", "knights", "undead", "fire_elementals"],
                        house=True)
    state = support_position(variant, [["Mi5", "Gb1"], ["Gb3", "Fe7"]])
    state = play(state, "Mi5", "Gb3", "take back Gb3")
    known = knowledge(state.view(1))
    assert known.known == () and known.count(("hand", 1)) == 1  # the masked Fe7


def test_e42_e44_a_card_taken_back_is_not_counted_as_drawn_twice() -> None:
    """E42, E44: determinization rebuilds the cards a seat drew in phase 1 from its
    phase 2 plays and hand; a card it took back is in both, once: the pool of its
    draws holds exactly as many cards as it drew."""
    rng = random.Random(0)
    state = claim.new_game(MI2, rng=rng)
    while not any(isinstance(e, Placed) and e.zone is claim.Zone.HAND
                  for r in state.records for e in r.events):
        moves = state.legal_moves()
        taking = [m for m in moves if str(m).startswith("take back")]
        state = state.apply(taking[0] if taking else rng.choice(moves))
    seat = next(e.seat for r in state.records for e in r.events
                if isinstance(e, Placed) and e.zone is claim.Zone.HAND)
    assert seat is not None
    view = state.view(1 - seat)
    plan = skeleton(view)
    placed = place(knowledge(view), random.Random(0))
    _, pools, _ = sampling._pools(view, plan, placed, random.Random(0))
    draws = sum(1 for kind, owner, _ in plan.slots if kind == "drawn" and owner == seat)
    assert len(pools[("drawn", seat)]) == draws
    assert Sampler(view).sample(random.Random(1)).view(1 - seat) == view


def test_e42_leaving_the_card_lets_the_winner_collect_it() -> None:
    """E42: a card left is collected by the winner as usual."""
    state = support_position(MI2, [["Mi5", "Gb3"], ["Mi3", "Gb1"]])
    state = play(state, "Mi5", "Mi3", "leave Mi3")
    assert names(state.score_pile(0)) == ["Mi3", "Mi5"]
    assert len(state.hand(0)) == len(state.hand(1)) == 1


def test_e42_only_a_led_minotaur_that_wins() -> None:
    """E42: a Minotaur that leads and loses, or wins without leading, lets nobody
    take anything back."""
    state = support_position(MI2, [["Mi3", "Gb3"], ["Mi5", "Mi1"]])
    state = play(state, "Mi3", "Mi5")
    assert state.pending is None and names(state.score_pile(1)) == ["Mi3", "Mi5"]
    state = support_position(MI2, [["Gb3", "Kn2"], ["Mi5", "Un1"]])
    state = play(state, "Gb3", "Mi5")  # seat 1 cannot follow; Gb3 wins
    assert state.pending is None and names(state.score_pile(0)) == ["Gb3", "Mi5"]


def test_e42_a_basilisk_take_beats_the_minotaur() -> None:
    """E42, E16: "win" means the Minotaur is the winning card; a Basilisk matching it
    takes it and wins, so nothing is taken back."""
    state = support_position(MB2, [["Mi5", "Gb3"], ["Bs5", "Gb1"]])
    state = play(state, "Mi5", "Bs5")
    assert state.pending is None
    assert names(state.score_pile(1)) == ["Bs5", "Mi5"]


def test_e42_three_players_decide_in_seat_order_from_the_leader() -> None:
    """E42: each other player decides in turn, in seat order from the leader; a card
    taken back is not placed (a Dwarf taken back goes to nobody)."""
    state = support_position(MI3, [["Gb9", "Gb8"], ["Mi9", "Gb1"], ["Dw2", "Gb2"]],
                             leader=1)
    state = play(state, "Mi9", "Dw2", "Gb9")
    assert state.pending is not None and state.pending.seat == 2
    state = state.apply("take back Dw2")
    assert state.pending is not None and state.pending.seat == 0
    assert len(state.trick) == 3  # the trick waits on the table until all have decided
    state = state.apply("leave Gb9")
    assert names(state.score_pile(1)) == ["Gb9", "Mi9"]
    assert "Dw2" in map(str, state.hand(2)) and state.score_pile(2) == ()
    assert [len(state.hand(s)) for s in range(3)] == [1, 1, 2]


def test_e43_phase_2_ends_when_a_hand_is_empty() -> None:
    """E43: with uneven hands phase 2 ends when the player to lead, or a player to
    play, holds no card; cards left in hands are not scored."""
    state = support_position(MI2, [["Mi5", "Gb3"], ["Mi3", "Gb1"]])
    state = play(state, "Mi5", "Mi3", "take back Mi3")
    state = play(state, "Gb3", "Gb1")  # seat 0 wins and is out of cards
    assert state.is_over and state.legal_moves() == ()
    assert names(state.hand(1)) == ["Mi3"]
    result = state.result()
    assert vote_of(state, "minotaurs").counts == (1, 0) and result.winner is not None


def test_e43_a_player_to_play_without_cards_ends_the_phase() -> None:
    """E43: the leader holds a card but a player to play holds none: the trick is
    abandoned (never begun) and the game ends; the leader keeps the card."""
    state = support_position(MI2, [["Mi5", "Gb3"], ["Mi3", "Gb4"]])
    state = play(state, "Mi5", "Mi3", "take back Mi3")
    state = play(state, "Gb3", "Gb4")  # seat 1 wins and would lead, but seat 0 has none
    assert state.is_over and state.legal_moves() == ()
    assert names(state.hand(1)) == ["Mi3"] and state.hand(0) == ()
    assert vote_of(state, "minotaurs").counts == (1, 0)


def test_e42_answers_have_notation_action_ids_and_json() -> None:
    """E42, E37: the new answers are moves like any other: notation, action ids,
    JSON."""
    state = support_position(MI2, [["Mi5"], ["Mi3"]])
    state = play(state, "Mi5", "Mi3")
    for move in state.legal_moves():
        assert claim.parse_move(str(move), MI2) == move
        assert claim.action_move(MI2, claim.action_id(MI2, move)) == move
        assert claim.from_json(claim.to_json(move)) == move
    crypt = support_position(VP4, [["Vp9"], ["Vp0"], ["Vp8"], ["Gb1"]])
    crypt = play(crypt, "Vp9", "Vp0", "Vp8", "Gb1")
    for move in crypt.legal_moves():
        assert claim.action_move(VP4, claim.action_id(VP4, move)) == move


# -- conformance -------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_official_mixes_with_vampires_and_minotaurs_conform(players: int) -> None:
    """E37-E43, E45: random official mixes holding Vampires or Minotaurs (ten cards
    each in the deck size) play to a result, checked after every move."""
    rng = random.Random(players)
    played = 0
    while played < 6:
        names_ = random_official_mix(rng, players)
        if "vampires" not in names_ and "minotaurs" not in names_:
            continue
        variant = claim.mix(names_, players)
        assert not variant.house
        final = random_playout(variant, seed=played)
        final.result()
        played += 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_house_mixes_with_both_conform(players: int) -> None:
    """E37-E43: both factions together, with the powers they meet (Dark Elves,
    Trolls, Dwarves, Gnomes and Giants), in random games."""
    factions = ["vampires", "minotaurs", "dark_elves", "trolls", "dwarves", "undead"]
    if players > 2:  # 72 cards
        factions = ["vampires", "minotaurs", "gnomes", "giants", "dark_elves", "trolls",
                    "dwarves"]
    variant = claim.mix(factions, players, house=True)
    for seed in range(6):
        random_playout(variant, seed=seed).result()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fast_paths_agree_with_the_engine(players: int) -> None:
    """E37-E43: the playout and search paths play these powers through the engine's
    own board; every path gives the same games (`check_fast_paths`)."""
    factions = ["vampires", "minotaurs", "knights", "goblins", "undead"] if players == 2 else [
        "vampires", "minotaurs", "knights", "goblins", "undead", "dark_elves", "trolls"]
    variant = claim.mix(factions, players)
    assert check_fast_paths(variant, games=2) > 50


def test_a_trick_waiting_for_take_backs_is_saved_and_loaded() -> None:
    """E42: while the take-back questions wait, the complete trick is on the table;
    the state goes to JSON and back unchanged, and every view shows the trick."""
    variant = claim.load_variant("fear-night")
    for seed in range(40):
        rng = random.Random(seed)
        state = claim.new_game(variant, seed=seed)
        while not state.is_over and not (state.pending is not None
                                          and len(state.trick) == variant.players):
            state = state.apply(rng.choice(state.legal_moves()))
        if not state.is_over:
            break
    assert state.pending is not None and str(state.legal_moves()[0]).startswith("take back")
    assert claim.from_json(claim.to_json(state)) == state
    assert all(len(state.view(seat).trick) == 2 for seat in (0, 1, None))


def test_e42_e44_a_take_back_names_a_position_so_every_view_determinizes() -> None:
    """E42, E44: the Minotaurs' answers are in every view (a public power state); they
    name the card's position in the trick, not which copy of a repeated card (five
    Goblin 0s) it was, which nobody knows. So at every move of games of the built-in
    mix the view of the seat to move determinizes into a state with the same view
    (with card ids there, a sample's other copy showed: 'no deal consistent')."""
    variant = claim.load_variant("fear-night")
    for game in (19, 22, 3, 4):
        rng = random.Random(game)
        state = claim.new_game(variant, seed=game)
        while not state.is_over:
            seat = state.current_player
            view = state.view(seat)
            assert sample(view, random.Random(1)).view(seat) == view
            state = state.apply(rng.choice(state.legal_moves()))


def test_e43_a_void_shown_still_binds_the_cards_left_at_an_early_end() -> None:
    """RULES 3, E43: a seat that did not follow the lead held none of it, and the
    cards it still holds when phase 2 ends early are from that hand: the viewer's
    knowledge keeps the void (determinization places no goblin there). A position
    built in phase 2 is read as beginning there."""
    state = support_position(MI2, [["Mi5", "Gb3", "Gb4"], ["Mi3", "Kn2", "Dw2"]])
    state = play(state, "Mi5", "Mi3", "take back Mi3")
    state = play(state, "Gb3", "Mi3")  # seat 1 shows it holds no goblin
    state = play(state, "Gb4", "Kn2")  # seat 0 is out of cards: the game ends
    assert state.is_over and names(state.hand(1)) == ["Dw2"]
    view = state.view(0)
    forbidden = dict(knowledge(view).forbidden)[("hand", 1)]
    assert {card.faction for card in forbidden} == {"goblins"}
    assert dict(knowledge(view).places)[("hand", 1)] == 1
