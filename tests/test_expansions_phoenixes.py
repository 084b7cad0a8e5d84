"""Phoenixes: a player who loses a phase 2 trick with a Phoenix draws the top Fire
Phoenix into their hand, seen by them alone (EXPANSIONS.md, "Factions with hidden
information": E41, E43, E44, E45). Every test names the ruling it checks."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence

import attrs
import pytest
from deal_support import explicit_deal

import claim
from claim.apps.play_screen import describe
from claim.core.cards import Card
from claim.core.records import HiddenEvent, PlacedUnseen, TrickCompleted
from claim.core.zones import Phase, Zone
from claim.factions.exp_phoenixes import FIRE_DECK, FirePhoenixes
from claim.info.knowledge import knowledge
from claim.info.sampling import Sampler
from claim.search.solver import SolverError, solve, why_not_exact
from claim.testing import (
    check_capabilities,
    check_fast_paths,
    check_no_leaks,
    check_views,
    random_official_mix,
    random_playout,
    support_position,
)

FIRE = FIRE_DECK.name
PH2 = claim.mix(["knights", "goblins", "phoenixes", "fire_phoenixes", "undead", "dwarves"])
PH3 = claim.mix(["knights", "goblins", "phoenixes", "fire_phoenixes", "undead", "dwarves",
                 "dragons", "trolls"], players=3)
PH4 = claim.mix(["gnomes", "giants", "phoenixes", "fire_phoenixes", "undead", "dwarves",
                 "dragons", "seers"], players=4)
BUILTIN = claim.load_variant("phoenix-fire-3p")
ORDER = ["Fp3", "Fp7", "Fp0", "Fp9", "Fp1", "Fp5", "Fp2", "Fp8", "Fp4", "Fp6"]


def position(variant: claim.Variant, hands: Sequence[Sequence[str]],
             fire: Sequence[str] = ORDER, leader: int = 0) -> claim.GameState:
    """A phase 2 position: each seat holds ``hands`` (sizes may differ, E43), the Fire
    Phoenix deck is ``fire`` (top first), every other card is out of the game."""
    free: dict[str, list[int]] = {}
    for cid, card in enumerate(variant.deck):
        free.setdefault(str(card), []).append(cid)
    masks = tuple(sum(1 << free[c].pop(0) for c in hand) for hand in hands)
    deck = tuple(free[c].pop(0) for c in fire)
    start = support_position(variant, [[] for _ in hands], leader=leader)
    zones = list(start.zones)
    zones[variant.tables.zone_index[FIRE]] = deck
    held = sum(masks) | sum(1 << c for c in deck)
    return attrs.evolve(start, hand_masks=masks, zones=tuple(zones),
                        discard_mask=variant.tables.full_mask & ~held)


def play(state: claim.GameState, *moves: str) -> claim.GameState:
    for move in moves:
        state = state.apply(move)
    return state


def names(cards: Sequence[Card]) -> list[str]:
    return sorted(map(str, cards))


def fire_deck(state: claim.GameState) -> list[str]:
    return [str(card) for card in state.zone(FIRE)]


def draws(state: claim.GameState) -> list[tuple[int | None, str]]:
    """Every Fire Phoenix drawn so far, in order: (seat, card)."""
    return [(e.seat, str(e.card)) for r in state.records for e in r.events
            if isinstance(e, PlacedUnseen) and e.zone is Zone.HAND]


def vote_of(state: claim.GameState, faction: str) -> claim.FactionVote:
    return next(v for v in claim.faction_votes(state) if v.faction == faction)


def game_with_draws(variant: claim.Variant, seed: int, wanted: int = 2) -> claim.GameState:
    """A random game of ``variant`` stopped once ``wanted`` Fire Phoenixes were drawn."""
    rng = random.Random(seed)
    state = claim.new_game(variant, rng=rng)
    while len(draws(state)) < wanted:
        if state.is_over:
            state = claim.new_game(variant, rng=rng)
        state = state.apply(rng.choice(state.legal_moves()))
    return state


# -- E41, E45: the Fire Phoenix deck ------------------------------------------------------


def test_e41_e45_the_fire_phoenixes_are_an_extra_deck_of_their_own_faction() -> None:
    """E41, E45: ten Phoenixes and ten Fire Phoenixes (data), a faction of their own
    (code Fp: a Fire Phoenix 5 is not a Phoenix 5), all set aside at the deal: an
    official deck counts the ten Phoenixes only."""
    known, _ = claim.rules.loading.catalog()
    assert known["phoenixes"].values == known["fire_phoenixes"].values == tuple(range(10))
    assert known["phoenixes"].box == known["fire_phoenixes"].box == "maps"
    assert PH2.parse_card("Fp5") != PH2.parse_card("Ph5")
    assert (len(PH2.deck), PH2.dealt_size, PH2.hand_size) == (62, 52, 13)
    assert (len(BUILTIN.deck), BUILTIN.dealt_size, BUILTIN.players) == (82, 72, 3)
    assert not BUILTIN.house and not PH2.house
    power = PH2.tables.powers[PH2.tables.faction_names.index("fire_phoenixes")]
    assert isinstance(power, FirePhoenixes) and not power.has_vote()


def test_e41_the_phoenixes_come_with_their_fire_phoenixes() -> None:
    """E41: the Phoenixes and the Fire Phoenixes are used together (a couple of the
    catalog); a house mix naming one without the other is refused, saying why."""
    others = ["knights", "goblins", "undead", "dwarves", "trolls"]
    with pytest.raises(claim.VariantError, match="couple"):
        claim.mix([*others, "phoenixes"])
    with pytest.raises(claim.VariantError, match="fire_phoenixes"):
        claim.mix([*others, "phoenixes"], house=True)
    with pytest.raises(claim.VariantError, match="names faction 'phoenixes'"):
        claim.mix([*others, "dragons", "fire_phoenixes"], house=True)


def test_e41_the_fire_phoenix_deck_order_follows_from_the_seed() -> None:
    """E41: every Fire Phoenix lies in the hidden zone at the deal, in an order the
    seed fixes; other seeds order it otherwise; nothing is drawn in phase 1."""
    order = fire_deck(claim.new_game(PH2, seed=4))
    assert sorted(order) == sorted(ORDER)
    assert fire_deck(claim.new_game(PH2, seed=4)) == order
    assert any(fire_deck(claim.new_game(PH2, seed=s)) != order for s in range(5, 9))
    view = claim.new_game(PH2, seed=4).view(0)
    zone = next(z for z in view.zones if z.name == FIRE)
    assert (zone.count, zone.cards, zone.public) == (10, (), False)


# -- E41: who draws, when, in what order -------------------------------------------------


def test_e41_losers_who_played_a_phoenix_draw_in_seat_order_from_the_winner() -> None:
    """E41, E4: with three players every player but the winner loses; each loser who
    played a Phoenix draws the top Fire Phoenix into their hand, in seat order from
    the winner (seat 2, then seat 0), after the trick's placement."""
    state = position(PH3, [["Ph3", "Gb1"], ["Ph7", "Gb2"], ["Ph5", "Gb3"]])
    state = play(state, "Ph3", "Ph7", "Ph5")
    assert draws(state) == [(2, "Fp3"), (0, "Fp7")]
    assert names(state.hand(2)) == ["Fp3", "Gb3"] and names(state.hand(0)) == ["Fp7", "Gb1"]
    assert names(state.hand(1)) == ["Gb2"] and fire_deck(state) == ORDER[2:]
    assert names(state.score_pile(1)) == ["Ph3", "Ph5", "Ph7"]
    kinds = [type(e).__name__ for e in state.records[-1].events]
    assert kinds.index("PlacedUnseen") > max(i for i, k in enumerate(kinds) if k == "Placed")


def test_e41_only_losers_who_played_a_phoenix_or_a_fire_phoenix_draw() -> None:
    """E41: a Fire Phoenix is a Phoenix in every respect: a loser who played one draws;
    a loser who played another faction does not, nor does the winner."""
    fire = [card for card in ORDER if card != "Fp2"]
    state = position(PH3, [["Gb5", "Un1"], ["Fp2", "Un2"], ["Gb1", "Un3"]], fire=fire)
    state = play(state, "Gb5", "Fp2", "Gb1")  # seat 1 has no Goblin: Fp2 off the lead
    assert draws(state) == [(1, "Fp3")]
    state = position(PH2, [["Ph9", "Gb1"], ["Ph2", "Gb2"]])
    state = play(state, "Ph9", "Ph2")
    assert draws(state) == [(1, "Fp3")] and len(state.hand(0)) == 1


def test_e41_a_fire_phoenix_leads_follows_and_ranks_as_a_phoenix() -> None:
    """E41: a led Fire Phoenix makes the Phoenixes the lead faction: a Phoenix or a
    Fire Phoenix must follow it, and both rank as the lead faction."""
    state = position(PH2, [["Fp4", "Gb9"], ["Ph2", "Fp6", "Gb1"]], fire=())
    assert sorted(map(str, state.apply("Fp4").legal_moves())) == ["Fp6", "Ph2"]
    state = play(state, "Fp4", "Fp6")
    assert state.current_player == 1 and names(state.score_pile(1)) == ["Fp4", "Fp6"]
    led = position(PH2, [["Ph5", "Gb9"], ["Fp8", "Gb1"]], fire=())
    assert [str(m) for m in led.apply("Ph5").legal_moves()] == ["Fp8"]


def test_e41_nothing_is_drawn_in_phase_1() -> None:
    """E41: phase 2 only: Phoenixes lost in phase 1 tricks draw nothing; the Fire
    Phoenix deck is whole when phase 2 begins."""
    rng = random.Random(2)
    state = claim.new_game(PH2, seed=2)
    lost = 0
    while state.phase is Phase.RECRUIT:
        before = state
        state = state.apply(rng.choice(state.legal_moves()))
        if len(before.trick) == 1 and not state.trick:  # a phase 1 trick resolved
            completed = next(e for r in state.records[len(before.records):]
                             for e in r.events if isinstance(e, TrickCompleted))
            lost += any(card.faction == "phoenixes" and seat != completed.winner
                        for seat, card in completed.plays)
    assert lost > 0 and draws(state) == [] and len(state.zone(FIRE)) == 10


def test_e41_an_empty_fire_phoenix_deck_gives_nothing() -> None:
    """E41: the deck runs out: the first loser in seat order from the winner gets the
    last Fire Phoenix, the next one nothing; later tricks draw nothing."""
    state = position(PH3, [["Ph1", "Ph2"], ["Ph9", "Ph3"], ["Ph5", "Ph4"]], fire=["Fp4"])
    state = play(state, "Ph1", "Ph9", "Ph5")
    assert draws(state) == [(2, "Fp4")] and fire_deck(state) == []
    state = play(state, "Ph3", "Fp4", "Ph2")  # seat 1 leads; seat 2 wins with Fp4
    assert draws(state) == [(2, "Fp4")]
    assert state.is_over


def test_e41_a_taken_back_phoenix_still_draws() -> None:
    """E41, E42: a loser who took back the Phoenix they played (a Minotaur's win) has
    still played a Phoenix and lost: they draw (decision)."""
    variant = claim.mix(["minotaurs", "goblins", "knights", "phoenixes", "fire_phoenixes",
                         "undead"], house=True)
    state = position(variant, [["Mi5", "Gb3"], ["Ph3", "Gb1"]])
    state = play(state, "Mi5", "Ph3", "take back Ph3")
    assert draws(state) == [(1, "Fp3")] and names(state.hand(1)) == ["Fp3", "Gb1", "Ph3"]


# -- E41: votes; E43: uneven hands --------------------------------------------------------


def test_e41_fire_phoenixes_count_for_the_phoenixes_vote() -> None:
    """E41: a Fire Phoenix scores for the Phoenixes' vote (it has none of its own)."""
    state = position(PH2, [["Fp9", "Ph1"], ["Ph8", "Fp2"]], fire=())
    state = play(state, "Fp9", "Ph8", "Ph1", "Fp2")  # seat 0 wins, then seat 1
    assert state.is_over
    phoenixes = vote_of(state, "phoenixes")
    assert phoenixes.counts == (2, 2) and phoenixes.winner == 0  # Fp9 is the highest
    assert str(phoenixes.highest[0]) == "Fp9"
    assert "fire_phoenixes" not in {v.faction for v in state.result().factions}


def test_e43_a_drawn_fire_phoenix_makes_hands_uneven_and_phase_2_ends_early() -> None:
    """E41, E43: the loser's hand grows; the winner, out of cards, cannot lead: phase 2
    ends, and the Fire Phoenix left in the loser's hand is not scored."""
    state = position(PH2, [["Ph5"], ["Ph3"]])
    state = state.apply("Ph5").apply("Ph3")
    assert state.is_over and names(state.hand(1)) == ["Fp3"] and state.hand(0) == ()
    assert vote_of(state, "phoenixes").counts == (2, 0)
    assert state.view(0).hand_sizes == (0, 1)


def test_e43_random_phoenix_games_end_with_cards_in_hands() -> None:
    """E41, E43: in random games the extra Fire Phoenixes leave cards in hands when a
    hand runs out; the game ends all the same."""
    uneven = 0
    for seed in range(12):
        final = random_playout(PH2, seed=seed, check=False)
        final.result()
        uneven += any(final.hand(seat) for seat in range(2))
    assert uneven > 0


# -- E44: views, knowledge, determinization -------------------------------------------------


def drawn_state() -> claim.GameState:
    return play(position(PH3, [["Ph3", "Gb1"], ["Ph7", "Gb2"], ["Ph5", "Gb3"]]),
                "Ph3", "Ph7", "Ph5")


def test_e44_the_drawer_alone_sees_the_fire_phoenix() -> None:
    """E41, E44, RULES 7: the drawer sees the card in their hand and their draw; the
    others (and a spectator) see that seat 2 drew a hidden card from the Fire Phoenix
    deck; the JSON of their views holds no drawn value."""
    state = drawn_state()
    mine = state.view(2)
    assert "Fp3" in map(str, mine.hand)
    assert PlacedUnseen(FIRE, Zone.HAND, 2, PH3.parse_card("Fp3")) in mine.history[-1].events
    for seat in (0, 1, None):
        view = state.view(seat)
        assert HiddenEvent("PlacedUnseen", 2, FIRE, Zone.HAND) in view.history[-1].events
        assert view.hand_sizes == (2, 1, 2)
        assert "Fp3" not in claim.to_json(view) and "Fp3" not in str(view)
    assert "Fp7" not in claim.to_json(state.view(1))  # seat 0's draw
    assert "Fp7" in claim.to_json(state.view(0))
    assert "seat 2 draws Fp3 from the fire phoenix deck" in str(mine)
    assert "draws a card from the fire phoenix deck" in describe(
        state.view(1).history[-1].events[-2])


def test_e44_another_fire_phoenix_looks_the_same_to_the_others() -> None:
    """E44: the drawn card traded for one still in the deck: the drawer's view changes,
    nobody else's; the leak check passes for every seat and a spectator."""
    state = drawn_state()
    deck = list(state.zones[PH3.tables.zone_index[FIRE]])
    drawn = next(c for c in state.variant.ids_in(state.hand_masks[2])
                 if PH3.deck[c].faction == "fire_phoenixes")
    masks = list(state.hand_masks)
    masks[2] ^= (1 << drawn) | (1 << deck[0])
    zones = list(state.zones)
    zones[PH3.tables.zone_index[FIRE]] = (drawn, *deck[1:])
    other = attrs.evolve(state, hand_masks=tuple(masks), zones=tuple(zones))
    for seat in (0, 1, None):
        assert claim.to_json(other.view(seat)) == claim.to_json(state.view(seat))
    assert other.view(2) != state.view(2)
    game = game_with_draws(PH3, 0, wanted=1)
    for seat in (0, 1, 2, None):
        check_no_leaks(game, seat, random.Random(seat or 0))


def test_e44_knowledge_places_the_drawn_fire_phoenixes() -> None:
    """E44: to seat 1, each other seat holds one unseen Fire Phoenix (a place of its
    own, ``(zone, seat)``), the rest of its hand is not a Fire Phoenix, and the deck
    holds the last one; any unseen Fire Phoenix can be in any of these."""
    known = knowledge(drawn_state().view(1))
    assert known.count((FIRE, 2)) == known.count((FIRE, 0)) == 1
    assert known.count((FIRE, None)) == 8 and known.count(("hand", 2)) == 1
    fp0, gb3 = PH3.parse_card("Fp0"), PH3.parse_card("Gb3")
    assert set(known.where(fp0)) == {(FIRE, 0), (FIRE, 2), (FIRE, None)}
    assert (FIRE, 2) not in known.where(gb3) and ("hand", 2) in known.where(gb3)


def fire_in(state: claim.GameState, seat: int) -> list[str]:
    return names([card for card in state.hand(seat) if card.faction == "fire_phoenixes"])


def test_e44_determinization_draws_the_others_fire_phoenixes_from_the_deck() -> None:
    """E44: states sampled from a seat's view look the same to it; each other seat
    holds as many Fire Phoenixes as it drew and did not play, drawn from the unseen
    ones (various, never a card of the main deck); the drawer's own samples keep the
    cards they drew."""
    state = game_with_draws(PH3, 3, wanted=2)
    drawer = draws(state)[0][0]
    assert drawer is not None
    viewer = (drawer + 1) % 3
    rng = random.Random(1)
    seen: set[str] = set()
    sampler = Sampler(state.view(viewer))
    for _ in range(40):
        sampled = sampler.sample(rng)
        assert sampled.view(viewer) == state.view(viewer)
        for seat in range(3):
            if seat != viewer:
                assert len(fire_in(sampled, seat)) == len(fire_in(state, seat))
        assert len(sampled.zone(FIRE)) == len(state.zone(FIRE))
        assert all(c.faction == "fire_phoenixes" for c in sampled.zone(FIRE))
        seen.update(fire_in(sampled, drawer))
    assert fire_in(state, drawer) and len(seen) >= 4
    own = Sampler(state.view(drawer))
    for _ in range(10):
        assert fire_in(own.sample(rng), drawer) == fire_in(state, drawer)


def test_e44_determinization_over_random_games_with_several_draws() -> None:
    """E44: random games of Phoenix mixes stopped after several draws (some Fire
    Phoenixes played since): every seat's and a spectator's view passes the leak
    check, sampling included."""
    for variant, seed in ((PH2, 1), (PH2, 5), (PH3, 2), (PH4, 3), (BUILTIN, 4)):
        state = game_with_draws(variant, seed, wanted=3)
        rng = random.Random(seed)
        for _ in range(4):
            if state.is_over:
                break
            for seat in [*range(variant.players), None]:
                check_no_leaks(state, seat, rng)
            for _ in range(variant.players):
                if not state.is_over:
                    state = state.apply(rng.choice(state.legal_moves()))


def test_e44_the_solver_refuses_the_fire_phoenix_deck() -> None:
    """E41, E44: the exact solver refuses a position whose hidden Fire Phoenix deck
    decides draws, saying why."""
    state = position(PH2, [["Ph5", "Gb1"], ["Ph3", "Gb2"]])
    assert FIRE in (why_not_exact(state) or "")
    with pytest.raises(SolverError, match=FIRE):
        solve(state)


# -- explicit deals and records -----------------------------------------------------------


def explicit(fire: object = ORDER, **kwargs: object) -> claim.GameState:
    return explicit_deal(PH2, {}, 3, set_aside={FIRE: fire}, **kwargs)


def test_e41_an_explicit_deal_gives_the_fire_phoenix_deck() -> None:
    """E41: ``set_aside={"fire phoenix deck": [...]}``, top first, fixes the deck."""
    state = explicit()
    assert fire_deck(state) == ORDER
    assert state.deal is not None and [str(PH2.deck[c]) for c in state.deal.set_aside[0]] == ORDER


@pytest.mark.parametrize(("fire", "why"), [
    (["Fp3", *ORDER[:9]], "Fp3 is set aside 2 times"),
    (["Ph5", *ORDER[1:]], "Ph5 is not a card of the fire_phoenixes"),
    (ORDER[:9], "9 cards; the fire_phoenixes set 10 aside"),
    ("Fp3 Fp7", "as a list"),
])
def test_e41_bad_fire_phoenix_decks_in_an_explicit_deal_are_refused(fire: object,
                                                                     why: str) -> None:
    """E41: a Fire Phoenix twice, a card not of the Fire Phoenix deck or the wrong
    count raises a DealError (a ClaimError) naming the field; no game is made."""
    with pytest.raises(claim.DealError, match=why) as info:
        explicit(fire)
    assert info.value.field == f"set_aside[{FIRE!r}]" and isinstance(info.value,
                                                                    claim.ClaimError)


def test_e41_the_fire_phoenix_deck_is_not_a_hidden_state() -> None:
    """E41: the deck is cards set aside, not a power's hidden state: ``hidden=`` for
    it is refused, naming the field; leaving the deck out is refused too."""
    with pytest.raises(claim.DealError) as info:
        explicit_deal(PH2, {"fire_phoenixes": ORDER}, 3, set_aside={FIRE: ORDER})
    assert info.value.field == "hidden['fire_phoenixes']"
    with pytest.raises(claim.DealError) as info:
        explicit_deal(PH2, {}, 3)
    assert info.value.field == "set_aside"


def test_e41_records_hold_the_deck_and_replay_the_same_game() -> None:
    """E41: a record (seeded, explicit, from a caller's rng) writes the Fire Phoenix
    deck as dealt (``$.deal.set_aside``) and replays the same game, draws included; a
    seeded record whose deck is not the seed's is refused."""
    makers: tuple[Callable[[], claim.GameState], ...] = (
        lambda: claim.new_game(PH2, seed=9), explicit,
        lambda: claim.new_game(PH2, rng=random.Random(9)))
    drawn = 0
    for make in makers:
        state = make()
        assert state.deal is not None
        dealt = [str(PH2.deck[c]) for c in state.deal.set_aside[0]]
        rng = random.Random(0)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_moves()))
        drawn += len(draws(state))
        text = claim.to_json(state)
        assert json.loads(text)["deal"]["set_aside"] == {FIRE: dealt}
        back = claim.from_json(text)
        assert isinstance(back, claim.GameState)
        assert back.result() == state.result() and draws(back) == draws(state)
        assert [names(back.hand(s)) for s in range(2)] == [names(state.hand(s))
                                                           for s in range(2)]
    assert drawn > 0
    doc = json.loads(claim.to_json(claim.new_game(PH2, seed=9).apply(
        claim.new_game(PH2, seed=9).legal_moves()[0])))
    deck = doc["deal"]["set_aside"][FIRE]
    deck[0], deck[1] = deck[1], deck[0]
    with pytest.raises(claim.SaveError) as info:
        claim.from_json(json.dumps(doc))
    assert "$.deal.set_aside" in str(info.value)


# -- conformance --------------------------------------------------------------------------


@pytest.mark.parametrize("variant", [PH2, PH3, PH4, BUILTIN], ids=lambda v: v.name)
def test_e41_random_games_conform(variant: claim.Variant) -> None:
    """E41, E43, E45: whole random games of Phoenix mixes (2-4 players, the built-in
    ``phoenix-fire-3p`` with Fire Elementals) pass the conformance checks after every
    move; views pass the leak checks; the powers keep their promises; the playout
    paths play them as the engine does."""
    for seed in range(3):
        random_playout(variant, seed=seed, first_leader=seed % variant.players).result()
    assert check_views(variant, range(2)) > 0
    assert check_capabilities(variant, games=2) > 0
    assert check_fast_paths(variant, games=2) > 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_e41_e45_random_official_mixes_with_phoenixes_conform(players: int) -> None:
    """E41, E45: random official mixes holding the Phoenixes (with their Fire
    Phoenixes, ten cards in the deck size) play to a result, checked after every
    move."""
    rng = random.Random(players)
    played = 0
    while played < 3:
        chosen = random_official_mix(rng, players)
        if "phoenixes" not in chosen:
            continue
        assert "fire_phoenixes" in chosen
        variant = claim.mix(list(chosen), players)
        assert variant.dealt_size == (52 if players == 2 else 72)
        random_playout(variant, seed=played).result()
        played += 1
