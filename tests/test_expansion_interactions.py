"""How expansion powers meet, one test per ruling (EXPANSIONS.md E2, E9, E10, E21, E22).

These complete `test_expansions_*.py` (which test each power on its own and some
pairs: E9 with one Dwarf or one Troll, E10 with a Dragon for 2 players, E13 with
Knights, E21 with an Undead). Positions are built directly: `position` gives the
hands, score piles and declared zones; every other card is out of the game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

import attrs
from conftest import deal, play

import claim
from claim.core.records import CardDrawn, LeaderChosen, Placed, PlacedUnseen, TrickCompleted

Cards = Sequence[str]


def position(
    v: claim.Variant,
    hands: Sequence[Cards],
    scores: Mapping[int, Cards] | None = None,
    zones: Mapping[str, Cards | Mapping[int, Cards]] | None = None,
    *,
    leader: int = 0,
) -> claim.GameState:
    """A phase 2 position: these hands, score piles and zone contents (per-seat zones
    as ``{seat: cards}``, shared ones as a list, top first); ``leader`` leads."""
    free: dict[str, list[int]] = {}
    for cid, card in enumerate(v.deck):
        free.setdefault(str(card), []).append(cid)

    def take(cards: Cards) -> list[int]:
        return [free[str(v.parse_card(text))].pop(0) for text in cards]

    def mask(ids: Sequence[int]) -> int:
        return sum(1 << i for i in ids)

    hand_masks = tuple(mask(take(h)) for h in hands)
    score_masks = tuple(mask(take((scores or {}).get(s, ()))) for s in range(v.players))
    used = sum(hand_masks) | sum(score_masks)
    contents: list[tuple[int, ...]] = []
    for spec in v.tables.zone_specs:
        given = (zones or {}).get(spec.name)
        if spec.per_seat:  # one mask per seat
            per = given if isinstance(given, Mapping) else {}
            content = tuple(mask(take(per.get(s, ()))) for s in range(v.players))
            used |= sum(content)
        else:  # card ids, top first
            content = tuple(take(given if given is not None and not isinstance(given, Mapping)
                                 else ()))
            used |= mask(content)
        contents.append(content)
    start = claim.new_game(v, seed=0)
    return attrs.evolve(
        start, phase=claim.Phase.SUPPORT, leader=leader, trick=(), hand_masks=hand_masks,
        draw_pile=(), face_up=(), follower_masks=(0,) * v.players, score_masks=score_masks,
        zones=tuple(contents), discard_mask=v.tables.full_mask & ~used, pending=None,
        queue=(), records=())


def pile(state: claim.GameState, seat: int) -> Counter[str]:
    return Counter(str(c) for c in state.score_pile(seat))


def discarded(before: claim.GameState, after: claim.GameState) -> Counter[str]:
    """The cards that left the game between two states."""
    return Counter(str(c) for c in after.discard()) - Counter(str(c) for c in before.discard())


def events(state: claim.GameState) -> tuple[object, ...]:
    return state.records[-1].events


def ranking(state: claim.GameState) -> tuple[int, ...]:
    return next(e for e in events(state) if isinstance(e, TrickCompleted)).ranking


# -- E9: a Frostbeast's trick with Dwarves, Gnomes and Trolls --------------------------

FROST4 = claim.mix(["frostbeasts", "dwarves", "gnomes", "trolls", "giants", "undead",
                    "dragons"], players=4, house=True)
FROST4_HANDS = [["Fb9", "Fb1"], ["Dw5", "Dw1"], ["Gn3", "Gn1"], ["Tr4", "Tr1"]]


def test_e9_frostbeast_discards_dwarves_gnomes_and_trolls_of_one_trick() -> None:
    """E9, E22: the Frostbeast's discard comes before every placement power: the
    Dwarf does not go to the last rank (R6), the Gnome does not lie in front of the
    winner, the Troll does not wait; the winner scores the Frostbeast alone."""
    before = position(FROST4, FROST4_HANDS)
    state = play(before, "Fb9", "Dw5", "Gn3", "Tr4")
    assert ranking(state)[0] == 0
    assert discarded(before, state) == Counter(["Dw5", "Gn3", "Tr4"])
    assert pile(state, 0) == Counter(["Fb9"])
    assert all(not state.score_pile(s) for s in (1, 2, 3))
    assert all(not state.zone("in front", s) for s in range(4))
    assert state.zone("waiting line") == ()


def test_e9_control_the_same_trick_won_by_a_dragon_places_every_card() -> None:
    """E9 (control): won by another card, the Dwarf goes to the last rank, the Gnome
    in front of the winner and the Troll to the winner (R6, R9, RULES 4)."""
    hands = [["Dr9", "Dr1"], *FROST4_HANDS[1:]]
    before = position(FROST4, hands)
    state = play(before, "Dr9", "Dw5", "Gn3", "Tr4")
    last = ranking(state)[-1]
    assert ranking(state)[0] == 0 and last != 0
    assert not discarded(before, state)
    assert [str(c) for c in state.zone("in front", 0)] == ["Gn3"]
    assert "Dw5" in pile(state, last) and "Tr4" in pile(state, 0)


# -- E10: a Yeti's win with a Dragon, 3 players ---------------------------------------

SNOW3 = claim.mix(["yetis", "dragons", "goblins", "knights", "undead", "dwarves", "cyclops"],
                  players=3, house=True)


def test_e10_dragon_decides_before_the_yeti_with_three_players() -> None:
    """E10, R8: seat 0 wins with Ye7; seat 1 (Ye3) is rank 2; seat 2 plays a Dragon
    last: the Dragon's player leads, not rank 2."""
    state = play(position(SNOW3, [["Ye7", "Ye0"], ["Ye3", "Ye1"], ["Dr1", "Dr2"]]),
                 "Ye7", "Ye3", "Dr1")
    assert ranking(state) == (0, 1, 2)
    assert [e for e in events(state) if isinstance(e, LeaderChosen)] == [
        LeaderChosen(2, "dragons")]
    assert state.current_player == 2


def test_e10_without_the_dragon_rank_2_leads() -> None:
    """E10 (control): the same trick ending with a Goblin: the Yeti passes the lead to
    rank 2."""
    state = play(position(SNOW3, [["Ye7", "Ye0"], ["Ye3", "Ye1"], ["Gb1", "Gb2"]]),
                 "Ye7", "Ye3", "Gb1")
    assert [e for e in events(state) if isinstance(e, LeaderChosen)] == [
        LeaderChosen(1, "yetis")]
    assert state.current_player == 1


# -- E2: a Basilisk matching a modified value -----------------------------------------

BMU = claim.mix(["basilisks", "mermaids", "unicorns", "goblins", "knights"], house=True)


def test_e2_basilisk_matches_a_value_lowered_by_a_mermaid() -> None:
    """E2, E1: seat 0's Mermaid makes their Gb6 a 5; Bs5 matches it, takes it to seat
    1's score pile and wins."""
    state = play(position(BMU, [["Gb6", "Gb1"], ["Bs5", "Bs1"]], {0: ["Me0"]}), "Gb6", "Bs5")
    assert ranking(state) == (1, 0)
    assert pile(state, 1) == Counter(["Gb6", "Bs5"])
    assert pile(state, 0) == Counter(["Me0"])


def test_e2_basilisk_does_not_match_the_printed_value_of_a_modified_card() -> None:
    """E2, E25 (control): Bs6 against the same Gb6, now a 5: no match, the led Goblin
    wins and scores both."""
    state = play(position(BMU, [["Gb6", "Gb1"], ["Bs6", "Bs1"]], {0: ["Me0"]}), "Gb6", "Bs6")
    assert ranking(state) == (0, 1)
    assert pile(state, 0) == Counter(["Me0", "Gb6", "Bs6"])


def test_e2_basilisk_raised_by_a_unicorn_matches() -> None:
    """E2, E1: seat 1's Unicorn raises their Bs4 to 5 (phase 2): it matches the led
    Gb5; without the Unicorn it does not."""
    state = play(position(BMU, [["Gb5", "Gb1"], ["Bs4", "Bs1"]], {1: ["Uc0"]}), "Gb5", "Bs4")
    assert ranking(state) == (1, 0)
    assert pile(state, 1) == Counter(["Uc0", "Gb5", "Bs4"])
    plain = play(position(BMU, [["Gb5", "Gb1"], ["Bs4", "Bs1"]]), "Gb5", "Bs4")
    assert ranking(plain) == (0, 1)


# -- E21: a Zombie takes a Ghost ---------------------------------------------------------

HAUNT = claim.mix(["zombies", "ghosts", "goblins", "knights", "undead"], house=True)


def test_e21_a_ghost_taken_by_a_zombie_cannot_be_kept() -> None:
    """E21, E7, E15: the Zombie's take comes before the followers: the Ghost is in the
    Zombie winner's score pile, so its player is offered no "keep" and just draws."""
    state = play(deal(HAUNT, ["Zo5"], ["Gh3"], avoid1=["zombies"]), "Zo5", "Gh3")
    assert pile(state, 0) == Counter(["Gh3"])
    assert state.pending is None
    assert len(state.follower_pile(1)) == 1 and "Gh3" not in map(str, state.follower_pile(1))
    drawn = [e for e in events(state) if isinstance(e, (CardDrawn, PlacedUnseen))]
    assert drawn, "the loser drew (the top card) as usual"


def test_e21_control_a_ghost_that_merely_loses_may_be_kept() -> None:
    """E6 (control): the same Ghost losing to a Goblin is offered to its player."""
    state = play(deal(HAUNT, ["Gb5"], ["Gh3"], avoid1=["goblins"]), "Gb5", "Gh3")
    assert state.pending is not None and state.pending.seat == 1
    assert "keep Gh3" in [str(m) for m in state.pending_moves]


# -- E22: an Awakener's draw, a Giant's smash and a Dark Elf's discard ---------------

DUSK = claim.mix(["awakeners", "giants", "gnomes", "dark_elves", "dwarves", "undead",
                  "dragons"], players=3, house=True)


def dusk() -> tuple[claim.GameState, claim.GameState]:
    """Seat 0 wins with Aw5 over seat 1's Gi3 and seat 2's DE4; seat 1 has Gn3 in front;
    the second deck's top card is Un9."""
    before = position(DUSK, [["Aw5", "Aw1"], ["Gi3", "Gi1"], ["DE4", "DE1"]],
                      zones={"in front": {1: ["Gn3"]}, "second deck": ["Un9", "Dw0"]})
    return before, play(before, "Aw5", "Gi3", "DE4")


def test_e22_awakener_draws_before_the_smash_before_the_dark_elf_discard() -> None:
    """E22, E12, R7: placement, then the Awakener's draw (Un9 is already scored when
    the first question comes), then the Giant's smash, then the Dark Elf discard,
    which may pick the card drawn in this trick."""
    before, state = dusk()
    assert pile(state, 0) == Counter(["Aw5", "Gi3", "DE4", "Un9"])
    assert [str(c) for c in state.zone("second deck")] == ["Dw0"]
    placed = [str(e.card) for e in events(state) if isinstance(e, (Placed, PlacedUnseen))]
    assert placed.index("Un9") > max(placed.index(c) for c in ("Aw5", "Gi3", "DE4"))
    assert [str(m) for m in state.pending_moves] == ["smash Gn3@1", "no smash"]
    state = state.apply("smash Gn3@1")
    assert not state.zone("in front", 1)
    assert state.pending is not None and state.pending.seat == 0
    assert sorted(str(m) for m in state.pending_moves) == [
        "discard Aw5", "discard Gi3", "discard Un9"]
    state = state.apply("discard Un9")
    assert state.pending is None
    assert pile(state, 0) == Counter(["Aw5", "Gi3", "DE4"])
    assert discarded(before, state) == Counter(["Gn3", "Un9"])


def test_e22_the_dark_elf_discard_waits_for_the_smash_even_when_declined() -> None:
    """E22: the smash question comes first even when the answer is no; the discard
    question follows it."""
    _, state = dusk()
    state = state.apply("no smash")
    assert [str(c) for c in state.zone("in front", 1)] == ["Gn3"]
    assert {str(m) for m in state.pending_moves} == {"discard Aw5", "discard Gi3",
                                                     "discard Un9"}
