"""Expansion powers that change values and ranking: Basilisks, Unicorns, Mermaids,
Druids, Werewolves and Satyrs (EXPANSIONS.md, E1-E27)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import attrs
import pytest
from conftest import zones_of

import claim
from claim.core.records import Placed, TrickCompleted
from claim.testing import random_playout


def ids(v: claim.Variant, notation: Sequence[str], used: set[int]) -> list[int]:
    """Distinct card ids for ``notation``, none of them in ``used`` (which grows)."""
    out = []
    for text in notation:
        card = v.parse_card(text)
        cid = next(i for i, c in enumerate(v.deck) if c == card and i not in used)
        used.add(cid)
        out.append(cid)
    return out


def mask(cards: Sequence[int]) -> int:
    return sum(1 << c for c in cards)


def support(
    v: claim.Variant,
    hands: Sequence[Sequence[str]],
    scores: Mapping[int, Sequence[str]] | None = None,
    *,
    bears: Mapping[int, Sequence[str]] | None = None,
    leader: int = 0,
    moon: bool | None = None,
) -> claim.GameState:
    """A phase 2 position: these hands, score piles and Bears; the rest discarded."""
    used: set[int] = set()
    hand_masks = tuple(mask(ids(v, hand, used)) for hand in hands)
    score_masks = tuple(mask(ids(v, (scores or {}).get(s, ()), used))
                        for s in range(v.players))
    front = tuple(mask(ids(v, (bears or {}).get(s, ()), used)) for s in range(v.players))
    contents = {"in front": front} if "in front" in v.tables.zone_index else {}
    start = claim.new_game(v, seed=1)
    states = list(start.power_states)
    if moon is not None:
        states[v.tables.faction_index["werewolves"]] = moon
    return attrs.evolve(
        start, phase=claim.Phase.SUPPORT, leader=leader, trick=(), hand_masks=hand_masks,
        draw_pile=(), face_up=(), follower_masks=(0,) * v.players, score_masks=score_masks,
        zones=zones_of(v, contents), discard_mask=((1 << len(v.deck)) - 1) & ~mask(sorted(used)),
        power_states=tuple(states), pending=None, queue=(), records=())


def recruit_fill(
    v: claim.Variant, hands: Sequence[Sequence[str]], top: Sequence[str], leader: int = 0
) -> claim.GameState:
    """A new game with these full hands; the draw pile is ``top``, then the rest."""
    used: set[int] = set()
    for cards in (*hands, top):
        ids(v, cards, used)
    rest = [str(c) for i, c in enumerate(v.deck) if i not in used]
    return recruit(v, hands, [*top, *rest], leader)


def recruit(
    v: claim.Variant, hands: Sequence[Sequence[str]], pile: Sequence[str], leader: int = 0
) -> claim.GameState:
    """A new game dealt exactly (the draw pile's first card(s) turned face up)."""
    return claim.new_game(v, hands=[list(h) for h in hands], draw_pile=list(pile),
                          first_leader=leader)


def play(state: claim.GameState, *moves: str) -> claim.GameState:
    for move in moves:
        state = state.apply(move)
    return state


def completed(state: claim.GameState) -> TrickCompleted:
    return next(e for e in state.records[-1].events if isinstance(e, TrickCompleted))


def names(cards: Sequence[claim.Card]) -> list[str]:
    return sorted(str(c) for c in cards)


# -- Basilisks -------------------------------------------------------------------

BG = claim.mix(["basilisks", "goblins"], house=True)  # 24 cards, 6 each
BG_HANDS = (["Gb5", "Gb6", "Gb7", "Gb8", "Gb9", "Gb4"], ["Bs5", "Bs1", "Bs2", "Bs3", "Bs4", "Bs6"])
BG_PILE = ["Bs9", "Gb0", "Gb0", "Gb0", "Gb0", "Gb0", "Gb1", "Gb2", "Gb3", "Bs0", "Bs7", "Bs8"]


def test_e2_basilisk_takes_the_matching_card_and_wins_phase_1() -> None:
    """E2: a Basilisk matching the led card's value takes it to its score pile and wins;
    its player is rank 1 for the prize."""
    state = play(recruit(BG, BG_HANDS, BG_PILE), "Gb5", "Bs5")
    assert completed(state).ranking == (1, 0)
    assert names(state.score_pile(1)) == ["Gb5"]
    assert "Bs9" in names(state.follower_pile(1))
    assert state.leader == 1


def test_e2_basilisk_without_a_match_is_an_ordinary_card() -> None:
    """E2: a Basilisk off the lead faction with no matching value loses and takes nothing."""
    state = play(recruit(BG, BG_HANDS, BG_PILE), "Gb5", "Bs6")
    assert completed(state).ranking == (0, 1)
    assert state.score_pile(1) == ()


def test_e2_led_basilisk_takes_nothing() -> None:
    """E2: the take needs a card already in the trick; a led Basilisk has none."""
    state = play(recruit(BG, BG_HANDS, BG_PILE, leader=1), "Bs5", "Gb5")
    assert completed(state).ranking == (1, 0)
    assert state.score_pile(0) == () and state.score_pile(1) == ()


def test_e2_basilisk_takes_in_phase_2_and_the_winner_scores_the_rest() -> None:
    """E2: in phase 2 the taken card goes to the Basilisk's player; the Basilisk wins."""
    state = play(support(BG, [["Gb5"], ["Bs5"]]), "Gb5", "Bs5")
    assert completed(state).ranking == (1, 0)
    assert names(state.score_pile(1)) == ["Bs5", "Gb5"]


BG4 = claim.mix(["basilisks", "goblins"], players=4, house=True)  # 3 cards each


def test_e16_every_matching_basilisk_takes_only_the_first_wins() -> None:
    """E2, E16: both matching Basilisks take; the first wins; the taken cards keep their
    places and later cards rank as usual below the winner."""
    state = support(BG4, [["Gb4"], ["Bs4"], ["Gb6"], ["Bs6"]])
    state = play(state, "Gb4", "Bs4", "Gb6", "Bs6")
    assert completed(state).ranking == (1, 2, 0, 3)
    assert names(state.score_pile(1)) == ["Bs4", "Bs6", "Gb4"]
    assert names(state.score_pile(3)) == ["Gb6"]


BMG = claim.mix(["basilisks", "mermaids", "goblins", "knights"], players=3, house=True)


def test_e16_first_basilisk_wins_even_if_its_own_card_is_taken() -> None:
    """E16, E1: a Basilisk matches current values; a later Basilisk may take the winning
    Basilisk, which still wins."""
    state = support(BMG, [["Gb4"], ["Bs5"], ["Bs4"]], {1: ["Me9"]})
    state = play(state, "Gb4", "Bs5", "Bs4")
    assert completed(state).ranking[0] == 1
    assert names(state.score_pile(2)) == ["Bs5"]
    assert names(state.score_pile(1)) == ["Bs4", "Gb4", "Me9"]


def test_e27_basilisk_matches_a_negative_value() -> None:
    """E27: current values may be negative and a Basilisk can match one."""
    state = support(BMG, [["Gb0"], ["Bs1"], ["Gb9"]], {0: ["Me1"], 1: ["Me2", "Me3"]})
    state = play(state, "Gb0", "Bs1", "Gb9")
    assert completed(state).ranking[0] == 1
    assert "Gb0" in names(state.score_pile(1))


# -- Satyrs ------------------------------------------------------------------------

KGS = claim.mix(["knights", "goblins", "satyrs"], house=True)  # 32 cards, 8 each
KGS_HANDS = (["Gb5", "Gb1", "Gb2", "Gb3", "Gb4", "Gb6", "Gb7", "Gb8"],
             ["Kn3", "Gb9", "Gb0", "Gb0", "Gb0", "Gb0", "Kn2", "Kn4"])
KGS_REST = ["Gb0", "Kn5", "Kn6", "Kn7", "Kn8", "Kn9", "Sa0", "Sa1", "Sa2", "Sa3", "Sa4",
            "Sa5", "Sa6", "Sa7", "Sa8"]


def test_e13_satyr_face_up_lifts_the_follow_rule() -> None:
    """E13: with a Satyr face up nobody has to follow the led faction."""
    state = play(recruit(KGS, KGS_HANDS, ["Sa9", *KGS_REST]), "Gb5")
    assert "Kn3" in [str(m) for m in state.legal_moves()]
    normal = play(recruit(KGS, KGS_HANDS, [*KGS_REST, "Sa9"]), "Gb5")
    assert "Kn3" not in [str(m) for m in normal.legal_moves()]


def test_e13_satyr_trick_ranks_by_value_only() -> None:
    """E13: in a Satyr trick a Knight does not beat a Goblin; the higher value wins,
    and off-faction cards compete."""
    state = play(recruit(KGS, KGS_HANDS, ["Sa9", *KGS_REST]), "Gb5", "Kn3")
    assert completed(state).ranking == (0, 1)
    state = play(recruit(KGS, KGS_HANDS, ["Sa9", *KGS_REST]), "Gb1", "Kn3")
    assert completed(state).ranking == (1, 0)


def test_e13_knight_beats_goblin_outside_a_satyr_trick() -> None:
    """E13: without a Satyr face up, the Knight beats the Goblin as usual (RULES 3)."""
    hands = (KGS_HANDS[0], ["Kn3", "Kn2", "Kn4", "Kn5", "Kn6", "Kn7", "Kn8", "Kn9"])
    rest = ["Gb9", "Gb0", "Gb0", "Gb0", "Gb0", "Gb0", "Sa0", "Sa1", "Sa2", "Sa3", "Sa4",
            "Sa5", "Sa6", "Sa7", "Sa8"]
    state = play(recruit(KGS, hands, [*rest, "Sa9"]), "Gb5", "Kn3")
    assert completed(state).ranking == (1, 0)


BSG = claim.mix(["basilisks", "satyrs", "goblins", "knights"], players=3, house=True)


def test_e18_basilisk_neither_takes_nor_wins_in_a_satyr_trick() -> None:
    """E18: in a Satyr trick a matching Basilisk takes nothing; values rank, ties to the
    card played first."""
    hands = [["Gb5", *["Gb0"] * 5, "Gb1"], ["Bs5", "Bs0", "Bs1", "Bs2", "Bs3", "Bs4", "Bs6"],
             ["Kn2", "Kn3", "Kn4", "Kn5", "Kn6", "Kn7", "Kn8"]]
    state = play(recruit_fill(BSG, hands, ["Sa9", "Sa8"]), "Gb5", "Bs5", "Kn2")
    assert completed(state).ranking == (0, 1, 2)
    assert all(state.score_pile(s) == () for s in range(3))


# -- Werewolves ----------------------------------------------------------------------

WG = claim.mix(["werewolves", "goblins"], house=True)


def test_e8_no_moon_lower_werewolf_wins_and_turns_the_moon() -> None:
    """E8, E17: the game starts without the moon; the lower Werewolf wins, which turns
    the moon over; then the higher Werewolf wins again."""
    hands = (["Ww7", "Ww1", "Gb1", "Gb2", "Gb3", "Gb4"],
             ["Ww3", "Ww5", "Gb5", "Gb6", "Gb7", "Gb8"])
    pile = ["Gb9", *["Gb0"] * 5, "Ww0", "Ww2", "Ww4", "Ww6", "Ww8", "Ww9"]
    state = recruit(WG, hands, pile)
    assert state.power_state("werewolves") is False
    state = play(state, "Ww7", "Ww3")
    assert completed(state).ranking == (1, 0)
    assert state.power_state("werewolves") is True
    state = play(state, "Ww5", "Ww1")
    assert completed(state).ranking == (1, 0)
    assert state.power_state("werewolves") is False


def test_e27_moon_carries_into_phase_2() -> None:
    """E27, E8: the moon read in phase 2 is the one left by phase 1: with it, the
    higher Werewolf wins; without it, the lower."""
    moon = play(support(WG, [["Ww3"], ["Ww7"]], moon=True), "Ww3", "Ww7")
    assert completed(moon).ranking == (1, 0)
    dark = play(support(WG, [["Ww3"], ["Ww7"]], moon=False), "Ww3", "Ww7")
    assert completed(dark).ranking == (0, 1)


WBG = claim.mix(["werewolves", "basilisks", "goblins", "knights"], players=3, house=True)


def test_e17_werewolves_trade_the_places_they_hold() -> None:
    """E17: without the moon the Werewolves swap places among theirs, also when they
    did not follow; a trick not won by a Werewolf leaves the moon."""
    state = play(support(WBG, [["Gb5"], ["Ww2"], ["Ww8"]]), "Gb5", "Ww2", "Ww8")
    assert completed(state).ranking == (0, 1, 2)
    assert state.power_state("werewolves") is False


def test_e16_basilisk_win_does_not_turn_the_moon() -> None:
    """E16: a trick won by a Basilisk is not won by a Werewolf, even one it took."""
    state = play(support(WBG, [["Ww4"], ["Bs4"], ["Ww1"]]),
                 "Ww4", "Bs4", "Ww1")
    assert completed(state).ranking[0] == 1
    assert state.power_state("werewolves") is False


# -- Unicorns and Mermaids -----------------------------------------------------------

UMG = claim.mix(["unicorns", "mermaids", "goblins", "knights"], players=3, house=True)


def test_e1_unicorns_raise_non_unicorn_cards_in_phase_2() -> None:
    """E1, E25: each Unicorn in the score pile adds 1 to its owner's non-Unicorn cards."""
    state = play(support(UMG, [["Gb5"], ["Gb6"], ["Gb1"]], {0: ["Uc0", "Uc1"]}),
                 "Gb5", "Gb6", "Gb1")
    assert completed(state).ranking == (0, 1, 2)


def test_e25_unicorns_do_not_raise_unicorns() -> None:
    """E25: a Unicorn card is not raised by the Unicorns in its owner's pile."""
    state = play(support(UMG, [["Uc5"], ["Uc6"], ["Gb1"]], {0: ["Uc0", "Uc1"]}),
                 "Uc5", "Uc6", "Gb1")
    assert completed(state).ranking == (1, 0, 2)


def test_unicorns_have_no_power_in_phase_1() -> None:
    """E1, E25 (Unicorns: phase 2 only): a phase 1 card is not raised."""
    start = recruit(UMG, [["Gb5", "Gb2", "Gb3", "Gb4", "Gb7", "Gb8", "Gb9"],
                          ["Gb6", *["Gb0"] * 5, "Kn2"],
                          ["Gb1", "Kn3", "Kn4", "Kn5", "Kn6", "Kn7", "Kn8"]],
                    ["Kn9", "Me0", "Me1", "Me2", "Me3", "Me4", "Me5", "Me6", "Me7", "Me8",
                     "Me9", "Uc2", "Uc3", "Uc4", "Uc5", "Uc6", "Uc7", "Uc8", "Uc9",
                     "Uc0", "Uc1"])
    unicorns = mask([i for i, c in enumerate(UMG.deck) if str(c) in ("Uc0", "Uc1")])
    state = attrs.evolve(start, draw_pile=start.draw_pile[:-2],
                         score_masks=(unicorns, 0, 0))
    state = play(state, "Gb5", "Gb6", "Gb1")
    assert completed(state).ranking == (1, 0, 2)


def test_e1_mermaids_lower_every_card_of_their_owner() -> None:
    """E1: each Mermaid in the score pile lowers its owner's cards by 1, Mermaids too;
    ties still go to the card played first."""
    state = play(support(UMG, [["Me5"], ["Me6"], ["Me1"]], {1: ["Me0"]}), "Me5", "Me6", "Me1")
    assert completed(state).ranking == (0, 1, 2)
    state = play(support(UMG, [["Gb6"], ["Gb5"], ["Gb1"]], {0: ["Me0", "Me2"]}),
                 "Gb6", "Gb5", "Gb1")
    assert completed(state).ranking == (1, 0, 2)


def test_e1_unicorns_and_mermaids_add_up() -> None:
    """E1: the modifiers of one player add up: +2 Unicorns, -1 Mermaid."""
    state = play(support(UMG, [["Gb5"], ["Gb6"], ["Gb1"]], {0: ["Uc0", "Uc1", "Me0"]}),
                 "Gb5", "Gb6", "Gb1")
    assert completed(state).ranking == (0, 1, 2)  # 6 against 6: the earlier card


def test_e1_mermaids_act_in_phase_1_too() -> None:
    """E1: Mermaids act in both phases: a phase 1 card of their owner is lowered."""
    hands = [["Gb5", "Gb2", "Gb3", "Gb4", "Gb7", "Gb8", "Gb9"], ["Gb6", *["Gb0"] * 5, "Kn2"],
             ["Gb1", "Kn3", "Kn4", "Kn5", "Kn6", "Kn7", "Kn8"]]
    start = recruit_fill(UMG, hands, ["Kn9"])
    mermaids = [i for i, c in enumerate(UMG.deck) if str(c) in ("Me0", "Me1")]
    state = attrs.evolve(start, draw_pile=tuple(c for c in start.draw_pile if c not in mermaids),
                         score_masks=(0, mask(mermaids), 0))
    state = play(state, "Gb5", "Gb6", "Gb1")
    assert completed(state).ranking == (0, 1, 2)


# -- Druids --------------------------------------------------------------------------

DG = claim.mix(["druids", "goblins"], house=True)  # 24 cards, 6 each


def test_e4_losing_druid_becomes_a_bear_that_raises_the_next_card() -> None:
    """E4: the loser keeps their Druid in front as a public Bear; their next card gets +3;
    after that trick the Bear leaves the game. The winner's Druid is discarded."""
    hands = (["Dd3", "Dd4", "Gb1", "Gb2", "Gb3", "Gb4"],
             ["Dd5", "Dd6", "Gb5", "Gb6", "Gb7", "Gb8"])
    state = play(recruit_fill(DG, hands, []), "Dd3", "Dd5")
    assert names(state.zone("in front", 0)) == ["Dd3"] and state.zone("in front", 1) == ()
    state = play(state, "Dd6", "Dd4")
    assert completed(state).ranking == (0, 1)
    assert names(state.zone("in front", 0)) == [] and names(state.zone("in front", 1)) == ["Dd6"]
    bear = next(i for i, c in enumerate(DG.deck) if str(c) == "Dd3")
    assert state.discard_mask >> bear & 1
    assert any(isinstance(e, Placed) and str(e.card) == "Dd3" and e.zone is claim.Zone.DISCARD
               and e.origin == "in front" for e in state.records[-1].events)


DGK = claim.mix(["druids", "goblins", "knights", "basilisks"], players=3, house=True)


def test_e4_with_three_players_every_druid_loser_keeps_a_bear() -> None:
    """E4: with 3-4 players every player but the winner loses: both losing Druids
    become Bears."""
    hands = [["Dd9", *["Gb0"] * 5, "Gb1"], ["Dd2", "Kn2", "Kn3", "Kn4", "Kn5", "Kn6", "Kn7"],
             ["Dd5", "Bs0", "Bs1", "Bs2", "Bs3", "Bs4", "Bs6"]]
    state = play(recruit_fill(DGK, hands, []), "Dd9", "Dd2", "Dd5")
    assert completed(state).ranking == (0, 2, 1)
    assert [names(state.zone("in front", s)) for s in range(3)] == [[], ["Dd2"], ["Dd5"]]


def test_e4_all_bears_of_a_player_apply_to_their_next_card() -> None:
    """E4: two Bears give the next card +6, then both leave the game."""
    state = play(support(DG, [["Gb1"], ["Gb6"]], bears={0: ["Dd0", "Dd1"]}), "Gb1", "Gb6")
    assert completed(state).ranking == (0, 1)


def test_e23_bear_left_from_phase_1_applies_to_the_first_phase_2_card() -> None:
    """E23: a Bear in front when phase 2 begins raises its owner's first card, then
    leaves; a Druid losing in phase 2 becomes no Bear."""
    state = support(DG, [["Gb2", "Dd2"], ["Gb4", "Dd5"]], bears={0: ["Dd1"]})
    state = play(state, "Gb2", "Gb4")
    assert completed(state).ranking == (0, 1)
    assert state.zone("in front", 0) == ()
    state = play(state, "Dd2", "Dd5")
    assert completed(state).ranking == (1, 0)
    assert state.zone("in front", 0) == () and "Dd2" in names(state.score_pile(1))


# -- conformance ---------------------------------------------------------------------

MIXES = [
    (["basilisks", "unicorns", "mermaids", "druids", "werewolves", "satyrs"], (2, 3)),
    (["basilisks", "werewolves", "satyrs", "gnomes", "giants", "druids", "trolls"], (2, 3, 4)),
    (["knights", "goblins", "basilisks", "druids", "satyrs", "werewolves", "mermaids"], (2,)),
    (["knights", "goblins", "unicorns", "doppelgangers", "undead", "satyrs",
      "werewolves"], (3, 4)),
]


@pytest.mark.parametrize(("factions", "players"), MIXES)
def test_random_playouts_with_ranking_powers(
    factions: list[str], players: tuple[int, ...]
) -> None:
    """Conformance (RULES 2-3, E1-E27): random games with these powers keep every card
    in one place and every move legal, with 2, 3 and 4 players."""
    for count in players:
        variant = claim.mix(factions, players=count, house=True)
        for seed in range(3):
            random_playout(variant, seed)


def test_random_playouts_of_official_mixes() -> None:
    """Conformance: official mixes (one pair plus others, RULES 2) with these powers."""
    two = claim.mix(["knights", "goblins", "basilisks", "werewolves", "satyrs"])
    three = claim.mix(["gnomes", "giants", "unicorns", "mermaids", "druids", "werewolves",
                       "satyrs"], players=3)
    four = claim.mix(["knights", "goblins", "basilisks", "mermaids", "druids", "dragons",
                      "satyrs"], players=4)
    for variant in (two, three, four):
        for seed in range(3):
            random_playout(variant, seed)


UDG = claim.mix(["unicorns", "doppelgangers", "goblins", "knights"], players=3, house=True)


def test_e25_doppelganger_imitating_a_unicorn_is_raised() -> None:
    """E25: "non-Unicorn" means the physical card: a Doppelganger following Unicorns
    gets the +1 per Unicorn (R2: its value competes)."""
    state = support(UDG, [["Dp4"], ["Uc5"], ["Gb1"]], {0: ["Uc0", "Uc1"]}, leader=1)
    state = play(state, "Uc5", "Gb1", "Dp4")
    assert completed(state).ranking == (0, 1, 2)


WDG = claim.mix(["werewolves", "doppelgangers", "goblins", "knights"], players=3, house=True)


def test_e8_doppelganger_imitating_a_werewolf_neither_inverts_nor_turns_the_moon() -> None:
    """E8, R11: a Doppelganger counting as a Werewolf ranks by its value (no inversion)
    and winning with it does not turn the moon."""
    state = play(support(WDG, [["Ww3"], ["Dp7"], ["Gb1"]]), "Ww3", "Dp7", "Gb1")
    assert completed(state).ranking == (1, 0, 2)
    assert state.power_state("werewolves") is False


# -- Knights with negative current values (issue #26 item 17) -----------------------

GKMUD_OFF = claim.mix(["goblins", "knights", "mermaids", "undead", "dwarves"], house=True,
                      options={"knights_beat_all_goblins": False})


def test_r4_e27_knight_of_negative_value_beats_the_led_goblin() -> None:
    """RULES 3, R4 (option off), E27: the issue's position. After Me5 Me1 and Me6 Me2
    seat 0 holds four Mermaids, so its Kn2 is worth -2; after Gb0 Gb1 seat 1 leads
    Gb8 and the Knight beats that Goblin "whatever the values"."""
    state = support(GKMUD_OFF, [["Me5", "Me6", "Gb0", "Kn2"], ["Me1", "Me2", "Gb1", "Gb8"]])
    state = play(state, "Me5", "Me1", "Me6", "Me2", "Gb0", "Gb1")
    assert state.leader == 1
    state = play(state, "Gb8", "Kn2")
    assert completed(state).ranking == (0, 1)
    assert {"Gb8", "Kn2"} <= set(names(state.score_pile(0)))


KGM3_OFF = claim.mix(["unicorns", "mermaids", "goblins", "knights"], players=3, house=True,
                     options={"knights_beat_all_goblins": False})


@pytest.mark.parametrize("mermaids", [3, 4, 5])
def test_r4_e27_negative_knight_ranks_directly_above_the_led_goblin(mermaids: int) -> None:
    """R4 off, E27, 3 players: Kn2 lowered to -1..-3 still ranks directly above the led
    Gb5, and a later Gb7 still outranks it."""
    scores = {1: ["Me0", "Me1", "Me2", "Me3", "Me4"][:mermaids]}
    state = play(support(KGM3_OFF, [["Gb5"], ["Kn2"], ["Gb7"]], scores), "Gb5", "Kn2", "Gb7")
    assert completed(state).ranking == (2, 1, 0)


NEGATIVE_KNIGHTS = """
name: negative-knights
house: true
players: 2
factions:
  - goblins
  - name: knights
    values: [-3, -2, -1, 0, 1, 2, 3, 4]
  - undead
  - dwarves
  - doppelgangers
options:
  knights_beat_all_goblins: false
"""


def _negative_knight_position() -> claim.GameState:
    """Phase 2, seat 1 to lead its Gb5 against seat 0's only card, a Knight of -2."""
    v = claim.variant_from_yaml(NEGATIVE_KNIGHTS)
    return support(v, [["Kn-2"], ["Gb5"]], leader=1)


def test_r4_negative_printed_knight_wins_by_stepping_the_playout_kernel_and_the_solver(
) -> None:
    """R4 (option off), RULES 3 "whatever the values": a house Knight printed -2 beats
    the led Gb5 in the engine, in the playout kernel (`claim.playout`) and in the exact
    solver, which tabulate the Knights' rank keys."""
    from claim.search.solver import solve

    state = _negative_knight_position()
    stepped = play(state, "Gb5", "Kn-2")
    assert completed(stepped).ranking == (0, 1)
    assert stepped.result().winning_seats == (0,)
    out = claim.playout(state, random.Random(3))
    assert out.winner == 0
    assert solve(state).value == 1
