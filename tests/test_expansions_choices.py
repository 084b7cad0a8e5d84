"""Rule tests for the expansion powers that make choices (EXPANSIONS.md): Elf-Orcs,
Shapeshifters, Ghosts and Dark Elves. Every test drives the public API from an
explicit deal and names the ruling it checks.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest
from test_claim2_rules import finish, phase2

import claim
from claim.core.records import CardsExchanged, PlacedUnseen, TrickCompleted
from claim.testing import random_playout

# -- helpers ---------------------------------------------------------------------

EO2 = claim.mix(["elves", "orcs", "elf_orcs", "goblins"], house=True)  # hand 9
SH2 = claim.mix(["shapeshifters", "knights", "goblins"], house=True)  # hand 8
GH2 = claim.mix(["ghosts", "knights", "goblins"], house=True)  # hand 8
DE2 = claim.mix(["dark_elves", "gnomes", "giants"], house=True)  # hand 8
SH3 = claim.mix(["shapeshifters", "elves", "orcs", "elf_orcs", "knights", "goblins"],
                players=3, house=True)  # hand 9
GH3 = claim.mix(["ghosts", "elves", "orcs", "elf_orcs", "knights", "goblins"],
                players=3, house=True)  # hand 9


def game(variant: claim.Variant, hands: Sequence[str], pile: str = "",
         avoid: str = "") -> claim.GameState:
    """A deal whose hands start with ``hands`` (notation) and whose draw pile starts
    with ``pile``. Hands are filled with cards of no faction in ``avoid``, factions
    no given card belongs to first; seat 0 leads."""
    given = [[variant.parse_card(c) for c in h.split()] for h in hands]
    top = [variant.parse_card(c) for c in pile.split()]
    dealt = [c for hand in given for c in hand]
    used = {c.faction for c in dealt}
    rest = list((Counter(variant.deck) - Counter(dealt + top)).elements())
    rest.sort(key=lambda c: (c.faction in avoid.split(), c.faction in used,
                             variant.deck.index(c)))
    for hand in given:
        while len(hand) < variant.hand_size:
            filler = rest.pop(0)
            assert filler.faction not in avoid.split(), "not enough filler cards"
            hand.append(filler)
    return claim.new_game(variant, hands=given, draw_pile=top + rest)


def play(state: claim.GameState, *moves: str) -> claim.GameState:
    """Apply ``moves`` in order."""
    for move in moves:
        state = state.apply(move)
    return state


def labels(state: claim.GameState) -> set[str]:
    """The legal moves as notation."""
    return {str(m) for m in state.legal_moves()}


def ranking(state: claim.GameState) -> tuple[int, ...]:
    """The seats of the last completed trick from rank 1 down."""
    done = [e for e in state.records[-1].events if isinstance(e, TrickCompleted)]
    return done[0].ranking


def card(variant: claim.Variant, text: str) -> claim.Card:
    return variant.parse_card(text)


# -- Elf-Orcs ----------------------------------------------------------------------


def test_e3_led_elf_orc_offers_both_declarations_with_notation() -> None:
    """E3: a led dual card may be declared either way: two moves, each with notation."""
    state = game(EO2, ["EO5", "El3 Or7"], avoid="elves elf_orcs")
    assert {"EO5 as elves", "EO5 as orcs"} <= labels(state)
    after = state.apply("EO5 as elves")
    assert str(after.records[-1].move) == "EO5 as elves"
    assert claim.parse_move(str(after.records[-1].move), EO2) == after.records[-1].move
    # E3: the lead faction is the declared one: seat 1 must follow Elves.
    assert labels(after) == {"El3"}


def test_e3_elf_orc_declared_orcs_ranks_as_orc() -> None:
    """E3: led as an Orc, the dual card is followed by Orcs and beats a lower Orc."""
    state = play(game(EO2, ["EO5", "El7 Or2"], avoid="orcs elf_orcs"), "EO5 as orcs")
    assert labels(state) == {"Or2"}
    state = state.apply("Or2")
    assert ranking(state) == (0, 1)


def test_e3_following_elves_forces_the_declaration() -> None:
    """E3: a dual card counts as Elves for the follow rule and, following Elves, is
    declared an Elf by itself (one move, no choice); it then ranks as an Elf."""
    state = play(game(EO2, ["El2", "EO6 Or7"], avoid="elves elf_orcs"), "El2")
    assert labels(state) == {"EO6"}
    state = state.apply("EO6")
    assert state.power_state("elf_orcs") == ((EO2.deck.index(card(EO2, "EO6")), "elves"),)
    assert ranking(state) == (1, 0)


def test_e3_off_faction_elf_orc_may_be_declared_either_way_and_loses() -> None:
    """E3: a player who cannot follow may declare either way; off faction it loses."""
    state = play(game(EO2, ["Gb3", "EO8"], avoid="goblins"), "Gb3")
    assert {"EO8 as elves", "EO8 as orcs"} <= labels(state)
    state = state.apply("EO8 as orcs")
    assert ranking(state) == (0, 1)


def test_e3_each_declaration_adds_to_the_declarations_of_its_own_game() -> None:
    """E3: declaring a dual card keeps every earlier declaration of that game: the
    same card, offered in two games whose first dual card was declared differently,
    adds to each game's own (the options of the first game are not the second's)."""
    start = game(EO2, ["EO5 EO6", "El3 Or2"], avoid="elves orcs elf_orcs")
    five, six = (EO2.deck.index(card(EO2, code)) for code in ("EO5", "EO6"))
    for side, follow in (("elves", "El3"), ("orcs", "Or2")):
        state = play(start, f"EO5 as {side}", follow)  # seat 0 wins and leads again
        assert {"EO6 as elves", "EO6 as orcs"} <= labels(state)
        after = state.apply("EO6 as orcs")
        assert after.power_state("elf_orcs") == ((five, side), (six, "orcs"))


def test_e19_elf_orcs_have_no_vote() -> None:
    """E19: only Elves and Orcs have votes; the dual cards' faction has none."""
    state = game(EO2, ["", ""])
    names = [v.faction for v in claim.faction_votes(state)]
    assert names == ["elves", "orcs", "goblins"]


def test_e19_scored_elf_orc_counts_for_its_declaration() -> None:
    """E3, E19: a dual card won in phase 2 counts for the faction it was declared."""
    hand0 = "EO1 EO2 EO3 EO4 EO5 EO6 EO7 EO8 Gb9"
    hand1 = "El1 El2 El3 El4 El5 El6 El7 Gb8 Gb7"
    state = phase2(EO2, hand0, hand1)
    assert state.power_state("elf_orcs") == ()  # E3: recruited cards are undeclared
    state = play(state, "EO8 as elves", "El1")
    elves = next(v for v in claim.faction_votes(state) if v.faction == "elves")
    assert elves.counts == (2, 0)
    state = play(state, "EO7 as orcs", "Gb8")  # seat 1 holds no Orc: any card
    orcs = next(v for v in claim.faction_votes(state) if v.faction == "orcs")
    assert orcs.counts == (1, 0)


def test_e19_phase_2_keeps_only_declarations_of_scored_cards() -> None:
    """E3, E19: a dual card played in phase 1 and discarded loses its declaration
    when phase 2 begins (only scored cards keep theirs)."""
    state = game(EO2, ["EO5", "El3"])
    state = play(state, "EO5 as elves")
    assert state.power_state("elf_orcs") != ()
    while state.phase is claim.Phase.RECRUIT:
        state = state.apply(state.legal_moves()[0])
    # No phase 1 card of this mix reaches a score pile: every declaration is gone.
    assert not any(state.score_pile(s) for s in range(2))
    assert state.power_state("elf_orcs") == ()


# -- Shapeshifters -------------------------------------------------------------------


def test_e5_shapeshifter_swaps_with_the_face_up_card() -> None:
    """E5: the Shapeshifter becomes the prize and the face-up card is played."""
    state = game(SH2, ["Sh3", "Kn2"], pile="Kn5")
    assert "Sh3" in labels(state)  # one face-up card: no choice to write (R15)
    state = state.apply("Sh3")
    assert [c for _, c in state.trick_cards] == [card(SH2, "Kn5")]
    assert state.face_up_cards == (card(SH2, "Sh3"),)
    assert any(isinstance(e, CardsExchanged) for e in state.records[-1].events)
    assert labels(state) == {"Kn2"}  # E5: the swapped-in Knight set the lead faction
    state = state.apply("Kn2")
    assert ranking(state) == (0, 1)
    assert card(SH2, "Sh3") in state.follower_pile(0)


def test_e5_follow_rule_before_the_swap_and_swapped_in_power_applies() -> None:
    """E5: the follow rule applies to the Shapeshifter itself; the swapped-in Knight
    keeps its power and beats the led Goblin."""
    state = play(game(SH2, ["Gb9", "Sh2 Kn2"], pile="Kn4", avoid="goblins"), "Gb9")
    assert "Sh2" in labels(state)
    state = state.apply("Sh2")
    assert ranking(state) == (1, 0)


def test_e5_two_face_up_cards_are_a_decision_with_notation() -> None:
    """E5, R15: with two distinct face-up cards the swap is a choice, written as such."""
    state = game(SH3, ["Sh3", "", ""], pile="Kn5 Gb7")
    assert {"Sh3 swap Kn5", "Sh3 swap Gb7"} <= labels(state)
    state = state.apply("Sh3 swap Kn5")
    assert str(state.records[-1].move) == "Sh3 swap Kn5"
    assert claim.parse_move("Sh3 swap Kn5", SH3) == state.records[-1].move
    assert [c for _, c in state.trick_cards] == [card(SH3, "Kn5")]


def test_r15_identical_face_up_cards_make_one_swap() -> None:
    """R15: swapping with either of two identical face-up cards is not a decision."""
    state = game(SH3, ["Sh3", "", ""], pile="Gb0 Gb0")
    assert "Sh3" in labels(state)
    assert not any(label.startswith("Sh3 ") for label in labels(state))


def test_e20_swapped_in_elf_orc_is_declared_with_the_swap() -> None:
    """E20: a swapped-in Elf-Orc is declared by the Shapeshifter's player as part of
    the swap; the declaration sets the lead faction."""
    state = game(SH3, ["Sh3", "El1 Or1", ""], pile="EO4 Kn5", avoid="orcs elf_orcs")
    assert {"Sh3 swap EO4 as elves", "Sh3 swap EO4 as orcs", "Sh3 swap Kn5"} <= labels(state)
    state = state.apply("Sh3 swap EO4 as orcs")
    assert str(state.records[-1].move) == "Sh3 swap EO4 as orcs"
    assert labels(state) == {"Or1"}


def test_e20_swapped_in_elf_orc_following_elves_is_an_elf() -> None:
    """E20: a swapped-in Elf-Orc following Elves is declared an Elf and ranks as one."""
    state = play(game(SH3, ["El2", "Sh3", ""], pile="EO4 Kn5",
                      avoid="elves elf_orcs"), "El2")
    # The swap's notation names the (forced) declaration of the swapped-in card.
    assert {"Sh3 swap EO4 as elves", "Sh3 swap Kn5"} <= labels(state)
    assert "Sh3 swap EO4 as orcs" not in labels(state)
    state = state.apply("Sh3 swap EO4 as elves")
    state = state.apply(state.legal_moves()[0])
    assert ranking(state)[0] == 1


def test_e20_a_swapped_in_shapeshifter_does_not_swap_again() -> None:
    """E20: only a Shapeshifter played from a hand swaps."""
    state = game(SH3, ["Sh3", "", ""], pile="Sh5 Kn5")
    state = state.apply("Sh3 swap Sh5")
    assert [c for _, c in state.trick_cards] == [card(SH3, "Sh5")]
    assert set(state.face_up_cards) == {card(SH3, "Sh3"), card(SH3, "Kn5")}


# -- Ghosts ------------------------------------------------------------------------


def test_e6_loser_keeps_the_ghost_and_discards_the_top_card_unseen() -> None:
    """E6: the Ghost's loser may keep it; the top card of the draw pile is discarded
    unseen instead of drawn."""
    state = play(game(GH2, ["Kn9", "Gh2"], pile="Kn5 Kn7", avoid="knights"), "Kn9", "Gh2")
    assert state.pending is not None and state.pending.seat == 1
    assert labels(state) == {"draw top", "keep Gh2"}
    state = state.apply("keep Gh2")
    assert set(state.follower_pile(1)) == {card(GH2, "Gh2")}
    assert card(GH2, "Kn7") in state.discard()
    assert any(isinstance(e, PlacedUnseen) for e in state.records[-1].events)


def test_e6_winner_keeps_the_ghost_and_discards_the_face_up_card() -> None:
    """E6: the winner keeping a Ghost discards the face-up card; the loser draws."""
    state = play(game(GH2, ["Gh8", "Gb3"], pile="Kn5 Kn7", avoid="ghosts"), "Gh8", "Gb3")
    assert labels(state) == {"take Kn5", "keep Gh8"}
    state = state.apply("keep Gh8")
    assert set(state.follower_pile(0)) == {card(GH2, "Gh8")}
    assert set(state.follower_pile(1)) == {card(GH2, "Kn7")}
    assert card(GH2, "Kn5") in state.discard()


def test_e6_no_ghost_option_for_a_seat_that_played_no_ghost() -> None:
    """E6: only the player who played a Ghost may keep it."""
    state = game(GH2, ["Gh8", "Gb3"], pile="Kn5 Kn7", avoid="ghosts")
    state = play(state, "Gh8", "Gb3", "take Kn5")
    assert state.pending is None and set(state.follower_pile(1)) == {card(GH2, "Kn7")}


def test_e6_three_players_rank_1_chooses_the_forgone_card() -> None:
    """E6: with 3 players rank 1 keeping a Ghost chooses which face-up card goes;
    rank 2 then takes the other one."""
    state = game(GH3, ["Gh9", "Gb1", "Gb2"], pile="Kn5 Kn3", avoid="ghosts")
    state = play(state, "Gh9", "Gb1", "Gb2")
    assert labels(state) == {"take Kn5", "take Kn3", "keep Gh9 forgo Kn5", "keep Gh9 forgo Kn3"}
    state = state.apply("keep Gh9 forgo Kn5")
    assert str(state.records[-1].move) == "keep Gh9 forgo Kn5"
    assert set(state.follower_pile(0)) == {card(GH3, "Gh9")}
    assert set(state.follower_pile(2)) == {card(GH3, "Kn3")}
    assert card(GH3, "Kn5") in state.discard()


def test_e6_three_players_rank_2_forgoes_the_remaining_face_up_card() -> None:
    """E6: rank 2 keeping a Ghost discards the remaining face-up card."""
    state = play(game(GH3, ["Gb9", "Gh1", "El1"], pile="Kn5 Kn3", avoid="goblins"),
                 "Gb9", "Gh1", "El1")
    state = state.apply("take Kn5")
    assert labels(state) == {"take Kn3", "keep Gh1"}
    state = state.apply("keep Gh1")
    assert card(GH3, "Kn3") in state.discard()
    assert set(state.follower_pile(1)) == {card(GH3, "Gh1")}


# -- Dark Elves ----------------------------------------------------------------------

DE_HAND0 = "DE9 DE8 Gi7 Gi1 Gn9 Gn7 Gn5 Gn3"
DE_HAND1 = "DE1 DE2 Gi1 Gi3 Gn1 Gn1 Gn3 Gn5"


def test_e22_dark_elf_collector_discards_one_other_scored_card() -> None:
    """E22: collecting a Dark Elf into a score pile costs one non-Dark-Elf card of
    the collector's choice; with only Dark Elves there, nothing is asked."""
    state = phase2(DE2, DE_HAND0, DE_HAND1)
    state = play(state, "DE9", "DE1")
    assert state.pending is None  # only Dark Elves in the pile
    state = play(state, "Gi7", "Gi1")
    state = play(state, "DE8", "DE2")
    assert state.pending is not None and state.pending.seat == 0
    assert labels(state) == {"discard Gi7", "discard Gi1"}
    state = state.apply("discard Gi1")
    assert card(DE2, "Gi1") in state.discard()
    assert card(DE2, "Gi1") not in state.score_pile(0)


def test_r15_dark_elf_discard_of_one_kind_is_automatic() -> None:
    """E22, R15: a discard among identical cards is made without a question."""
    state = phase2(DE2, DE_HAND0, DE_HAND1)
    state = play(state, "Gi1", "Gi1")  # a tie goes to the leader: seat 0 scores both
    state = play(state, "DE9", "DE1")
    assert state.pending is None
    assert state.discard().count(card(DE2, "Gi1")) == 1
    assert sorted(c.value for c in state.score_pile(0) if c.faction == "giants") == [1]
    assert len(state.score_pile(0)) == 3


# -- conformance -----------------------------------------------------------------------

MIXES = [
    (["elves", "orcs", "elf_orcs", "shapeshifters", "ghosts", "dark_elves"], 2, True),
    (["elves", "orcs", "elf_orcs", "shapeshifters", "ghosts", "dark_elves", "seers",
      "dragons"], 3, False),
    (["elves", "orcs", "elf_orcs", "shapeshifters", "ghosts", "dark_elves", "seers",
      "dragons"], 4, False),
    (["knights", "goblins", "shapeshifters", "ghosts", "dark_elves"], 2, True),
    (["gnomes", "giants", "dark_elves", "ghosts", "shapeshifters", "undead", "dwarves"],
     3, True),
]


@pytest.mark.parametrize(("factions", "players", "house"), MIXES)
def test_random_playouts_conform(factions: list[str], players: int, house: bool) -> None:
    """R1-R15, E3-E6, E19-E22: random games keep every card and play only legal moves."""
    variant = claim.mix(factions, players=players, house=house)
    for seed in range(8):
        final = random_playout(variant, seed)
        assert final.is_over
        final.result()


def test_finish_helper_is_usable() -> None:
    """E19: a whole phase 2 with Elf-Orcs plays to a result."""
    state = finish(phase2(EO2, "EO1 EO2 EO3 EO4 EO5 EO6 EO7 EO8 Gb9",
                          "El1 El2 El3 El4 El5 El6 El7 Gb8 Gb7"))
    assert {v.faction for v in state.result().factions} == {"elves", "orcs", "goblins"}
