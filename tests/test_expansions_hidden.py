"""Shadows and Tricksters: hidden chance fixed at the deal (EXPANSIONS.md, "Factions
with hidden information": E30, E31, E33, E44, E45)."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable

import attrs
import pytest
from conftest import remaining
from deal_support import explicit_deal

import claim
from claim.core.records import Placed
from claim.info.knowledge import knowledge
from claim.info.sampling import Sampler, sample
from claim.rules.views import View
from claim.search.solver import SolverError, solve, why_not_exact
from claim.testing import check_no_leaks, check_views, random_playout, support_position

TRICKS = claim.load_variant("shadow-tricks")  # knights, goblins, shadows, tricksters, undead
ASIDE = "set aside"


def shadows(cards: object) -> list[str]:
    return sorted(str(c) for c in cards if str(c).startswith("Sd"))  # type: ignore[attr-defined]


def played_out(variant: claim.Variant, seed: int) -> claim.GameState:
    state = claim.new_game(variant, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
    return state


def explicit(variant: claim.Variant, seed: int = 3, /, **kwargs: object) -> claim.GameState:
    """The seed's deal given again card by card, with ``kwargs`` replacing its parts
    (its Shadows set aside and a Trickster mark by default)."""
    dealt = claim.new_game(variant, seed=seed)
    assert dealt.deal is not None
    kwargs.setdefault("set_aside", {ASIDE: [str(variant.deck[c])
                                            for c in dealt.deal.set_aside[0]]})
    hidden = kwargs.pop("hidden", {"tricksters": [42, 44, 46, 48, 50]})
    return explicit_deal(variant, hidden, seed, **kwargs)  # type: ignore[arg-type]


# -- E33, E45: the Shadows set aside ----------------------------------------------


def test_e33_ten_of_twenty_shadows_are_set_aside_before_the_deal() -> None:
    """E33: ten Shadows chosen by the seed lie set aside; the other ten are dealt."""
    values = TRICKS.faction("shadows").values  # (data): two of each value 0-9
    assert sorted(values) == sorted(list(range(10)) * 2)
    state = claim.new_game(TRICKS, seed=5)
    aside = state.zone(ASIDE)
    assert len(aside) == 10 and all(c.faction == "shadows" for c in aside)
    dealt = [c for s in (0, 1) for c in state.hand(s)] + [TRICKS.deck[c] for c in
                                                          state.draw_pile + state.face_up]
    assert len(dealt) == 52 and sum(c.faction == "shadows" for c in dealt) == 10
    assert Counter(dealt) + Counter(aside) == Counter(TRICKS.deck)
    assert claim.new_game(TRICKS, seed=5).zone(ASIDE) == aside  # the seed fixes them
    assert any(claim.new_game(TRICKS, seed=s).zone(ASIDE) != aside for s in range(6, 9))


def test_e33_the_shadows_set_aside_are_never_revealed() -> None:
    """E33: they stay set aside, face down, to the end; no event and no view names them."""
    for seed in range(4):
        final = played_out(TRICKS, seed)
        first = claim.new_game(TRICKS, seed=seed)
        assert final.zone_ids(ASIDE) == first.zone_ids(ASIDE)
        assert not any(isinstance(e, Placed) and ASIDE in (e.zone, e.origin)
                       for record in final.records for e in record.events)
        for seat in (0, 1, None):
            view = final.view(seat)
            zone = next(z for z in view.zones if z.name == ASIDE)
            assert (zone.public, zone.cards, zone.count) == (False, (), 10)
            assert not any(isinstance(e, Placed) and ASIDE in (str(e.zone), str(e.origin))
                           for r in view.history for e in r.events)


def test_e33_e44_no_view_tells_which_shadows_were_set_aside() -> None:
    """E33, E44: two deals that differ only in which unseen Shadows were set aside give
    a seat identical views (and JSON) as long as it saw none of the traded cards."""
    seed = next(s for s in range(20) if any(c.faction == "shadows"
                                            for c in claim.new_game(TRICKS, seed=s).hand(1)))
    state = explicit(TRICKS, seed)
    aside = [str(c) for c in state.zone(ASIDE)]
    mine = next(str(c) for c in state.hand(1) if c.faction == "shadows")
    theirs = next(c for c in aside if c != mine)
    aside.remove(theirs)
    assert state.deal is not None
    hands = [[str(TRICKS.deck[c]) for c in h] for h in state.deal.hands]
    hands[1][hands[1].index(mine)] = theirs
    other = explicit(TRICKS, seed, hands=hands, set_aside={ASIDE: [mine, *aside]})
    assert other.zone(ASIDE) != state.zone(ASIDE)
    for s in (state, other):
        assert s.view(0).zones == state.view(0).zones
    assert state.view(0) == other.view(0)
    assert claim.to_json(state.view(0)) == claim.to_json(other.view(0))
    assert state.view(None) == other.view(None)
    assert '"set aside"' in claim.to_json(state.view(0))  # the zone, as a count only


def test_e33_leak_check_covers_the_shadows_and_tricksters() -> None:
    """E33, E30, RULES 7: claim.testing's leak check passes on every seat and a
    spectator, trading set-aside Shadows and redrawing fakes."""
    assert check_views(TRICKS, range(4)) > 0


def test_e33_the_leak_check_catches_a_view_showing_the_set_aside_cards(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """E33: a view that showed the set-aside cards fails the leak check."""
    import claim.rules.views as views

    real = views.view_of

    def leaky(state: claim.GameState, seat: int | None) -> View:
        view = real(state, seat)
        zones = tuple(attrs.evolve(z, public=True, cards=state.zone(ASIDE))
                      if z.name == ASIDE else z for z in view.zones)
        return attrs.evolve(view, zones=zones)

    monkeypatch.setattr(views, "view_of", leaky)
    monkeypatch.setattr(claim.GameState, "view", lambda self, seat: leaky(self, seat))
    with pytest.raises(claim.testing.LeakError):
        check_no_leaks(claim.new_game(TRICKS, seed=1), 0, random.Random(0))


def test_e33_e44_knowledge_puts_only_unseen_shadows_aside() -> None:
    """E44: knowledge counts ten unseen cards set aside, and only Shadows can be there."""
    view = claim.new_game(TRICKS, seed=2).view(0)
    k = knowledge(view)
    assert k.count((ASIDE, None)) == 10
    assert (ASIDE, None) not in k.where(TRICKS.parse_card("Gb0"))
    unseen_shadow = next(c for c in k.unseen if c.faction == "shadows")
    assert (ASIDE, None) in k.where(unseen_shadow)


def test_e33_determinization_sets_aside_the_unseen_shadows_uniformly() -> None:
    """E33, E44: a sampled state's set-aside cards are ten of the Shadows the viewer
    has not seen, each unseen copy with probability 10 / (unseen Shadows), and the
    sample looks the same to the viewer."""
    state = claim.new_game(TRICKS, seed=4)
    view = state.view(0)
    sampler = Sampler(view)
    assert sampler.direct  # the cards set aside are part of the sampled deal (E33)
    unseen = Counter(c for c in sampler.knowledge.unseen if c.faction == "shadows")
    total = sum(unseen.values())
    rng = random.Random(0)
    tally: Counter[claim.Card] = Counter()
    runs = 300
    for _ in range(runs):
        sampled = sampler.sample(rng)
        assert sampled.view(0) == view
        aside = sampled.zone(ASIDE)
        assert len(aside) == 10 and not Counter(aside) - unseen
        tally.update(aside)
    for card, copies in unseen.items():
        expected = runs * 10 * copies / total
        assert abs(tally[card] - expected) < 6 * expected ** 0.5 + 3, (card, tally[card], expected)


def test_e33_e44_a_four_player_mix_samples_its_set_aside_shadows_first() -> None:
    """E33, E44: with four players (two face-up cards a trick, RULES 3 voids in
    several hands) the zone set aside, which allows only Shadows, is filled before
    the hands with voids and with a bound that counts the Shadows it must take:
    here every placement proposal is kept. Filled last, after the hands took their
    cards at random, it almost never found ten Shadows left, and this view (the
    start of phase 2 of an official mix) could not be sampled at all."""
    from claim.info._placing import placement_plan, try_place

    mix = claim.mix(["elves", "orcs", "elf_orcs", "mermaids", "werewolves", "satyrs",
                     "undead", "shadows"], 4)
    state = claim.new_game(mix, seed=0)
    rng = random.Random(0)
    for _ in range(49):
        moves = state.legal_moves()
        state = state.apply(moves[rng.randrange(len(moves))])
    assert state.phase is claim.Phase.SUPPORT and not state.trick
    view = state.view(0)
    k = knowledge(view)
    assert len(k.forbidden) >= 3 and k.count((ASIDE, None)) == 10
    sampled = sample(view, random.Random(1))
    assert sampled.view(0) == view
    assert len(sampled.zone(ASIDE)) == 10
    assert all(card.faction == "shadows" for card in sampled.zone(ASIDE))
    plan = placement_plan(k)
    assert k.forbidden[plan[0][0]][0] == (ASIDE, None)
    draws = random.Random(2)
    assert all(try_place(k, draws, plan) is not None for _ in range(200))


def test_e33_e44_placements_are_uniform_with_a_zone_set_aside_and_voids() -> None:
    """E33, E44, RULES 7: with a zone set aside (Shadows only) and voids in two
    hands, every consistent placement of the unseen cards is equally likely,
    whatever order the places are filled in."""
    from itertools import permutations

    from claim.info._placing import place as _place
    from claim.info.knowledge import Knowledge

    sd = [claim.Card("shadows", v) for v in range(5)]
    kn = [claim.Card("knights", v) for v in (2, 3)]
    unseen = (*kn, *sd)
    places = ((("hand", 1), 2), (("hand", 2), 2), ((ASIDE, None), 3))
    hand1, hand2 = frozenset({kn[0], sd[0]}), frozenset({sd[1], sd[2]})
    consistent = set()
    for order in permutations(unseen):
        one, two, aside = order[:2], order[2:4], order[4:]
        if (not set(one) & hand1 and not set(two) & hand2
                and all(c.faction == "shadows" for c in aside)):
            consistent.add((frozenset(one), frozenset(two)))
    for forbidden in (((("hand", 1), hand1), (("hand", 2), hand2),
                       ((ASIDE, None), frozenset(kn))),
                      (((ASIDE, None), frozenset(kn)), (("hand", 2), hand2),
                       (("hand", 1), hand1))):
        known = Knowledge(seat=0, unseen=unseen, places=places, known=(),
                          forbidden=forbidden)
        rng = random.Random(6)
        runs = 200 * len(consistent)
        seen = Counter((frozenset(p[("hand", 1)]), frozenset(p[("hand", 2)]))
                       for p in (_place(known, rng) for _ in range(runs)))
        assert set(seen) == consistent
        share = 1 / len(consistent)
        for count in seen.values():
            assert abs(count - runs * share) < 5 * (runs * share * (1 - share)) ** 0.5


def test_e45_an_official_deck_counts_ten_shadows() -> None:
    """E45: the Shadows count ten toward an official deck (52 cards for 2 players, 72
    for 3-4), the other ten being set aside."""
    two = claim.mix(["knights", "goblins", "shadows", "tricksters", "undead"])
    assert (two.hand_size, two.dealt_size, len(two.deck)) == (13, 52, 62)
    for players, hand in ((3, 12), (4, 9)):
        mix = claim.mix(["gnomes", "giants", "shadows", "tricksters", "undead", "dragons",
                         "seers"], players)
        assert (mix.hand_size, mix.dealt_size, len(mix.deck)) == (hand, 72, 82)
        final = random_playout(mix, seed=players)
        assert len(final.zone(ASIDE)) == 10 and final.result().votes
    with pytest.raises(claim.VariantError, match="52 cards"):  # 20 Shadows would be 62
        claim.mix(["knights", "goblins", "shadows", "tricksters", "undead", "dwarves"])


def test_e33_house_mixes_set_aside_what_the_power_says() -> None:
    """E33 (house): the number set aside is a parameter of the power."""
    house = claim.variant_from_yaml("""
name: few-shadows
house: true
factions:
  - goblins
  - knights
  - name: shadows
    power: {name: shadows, aside: 2}
""")
    assert (len(house.deck), house.dealt_size, house.hand_size) == (42, 40, 10)
    assert len(claim.new_game(house, seed=1).zone(ASIDE)) == 2
    with pytest.raises(claim.VariantError, match=r"set aside|dealt"):
        claim.variant_from_yaml("""
name: odd-shadows
house: true
factions: [goblins, knights, {name: shadows, power: {name: shadows, aside: 3}}]
""")


# -- E30, E31: the fake Tricksters ------------------------------------------------


def test_e30_one_fake_per_pair_fixed_by_the_seed() -> None:
    """E30: one card of each pair is a fake; the seed fixes which; nobody sees it."""
    state = claim.new_game(TRICKS, seed=8)
    fakes = state.power_state("tricksters")
    assert isinstance(fakes, tuple) and len(fakes) == 5
    assert sorted(TRICKS.deck[c].value for c in fakes) == [1, 3, 5, 7, 9]
    assert claim.new_game(TRICKS, seed=8).power_state("tricksters") == fakes
    assert len({claim.new_game(TRICKS, seed=s).power_state("tricksters")
                for s in range(20)}) > 5
    for seat in (0, 1, None):
        assert dict(state.view(seat).power_states)["tricksters"] is None


def test_e30_states_differing_only_in_the_fakes_look_the_same_to_every_seat() -> None:
    """E30, E44: before the end, which Trickster is fake shows in no view or its JSON."""
    one = explicit(TRICKS, hidden={"tricksters": [42, 44, 46, 48, 50]})
    two = explicit(TRICKS, hidden={"tricksters": [43, 45, 47, 49, 51]})
    rng = random.Random(3)
    while not one.is_over:
        for seat in (0, 1, None):
            assert one.view(seat) == two.view(seat)
            assert claim.to_json(one.view(seat)) == claim.to_json(two.view(seat))
        move = rng.choice(one.legal_moves())
        one, two = one.apply(move), two.apply(move)
        if one.is_over:
            break


def test_e30_e31_fakes_play_as_the_real_card_and_leave_before_the_votes() -> None:
    """E30, E31: a fake wins and is won like the real card; at the end it leaves the
    score pile (a public event), and the vote counts only what is left."""
    variant = claim.mix(["tricksters", "goblins"], players=2, house=True)
    state = support_position(variant, [["Tk9", "Tk7", "Gb5"], ["Tk1", "Tk3", "Gb6"]])
    # ids: Tk1 0-1, Tk3 2-3, Tk5 4-5, Tk7 6-7, Tk9 8-9; the hands hold the first copies
    assert variant.ids_in(state.hand_masks[0]).__next__() == 6
    fakes = (0, 3, 5, 7, 8)  # Tk1 and Tk9 in play are fakes; Tk3 and Tk7 in play real
    state = attrs.evolve(state, power_states=(fakes, None))
    state = state.apply("Tk9").apply("Tk1")  # a fake ranks and is won as the real card
    assert sorted(map(str, state.score_pile(0))) == ["Tk1", "Tk9"]
    state = state.apply("Tk7").apply("Tk3").apply("Gb5").apply("Gb6")
    assert state.is_over
    left = [e for e in state.records[-1].events if isinstance(e, Placed)
            and e.origin is claim.Zone.SCORE]
    assert [(str(e.card), e.zone, e.origin_seat) for e in left] == [
        ("Tk1", claim.Zone.DISCARD, 0), ("Tk9", claim.Zone.DISCARD, 0)]
    assert sorted(map(str, state.score_pile(0))) == ["Tk3", "Tk7"]
    vote = next(v for v in state.result().factions if v.faction == "tricksters")
    assert vote.counts == (2, 0) and str(vote.highest[0]) == "Tk7"  # the votes after E31
    assert all(state.discard_mask >> c & 1 for c in (0, 8))


def test_e31_end_of_game_order() -> None:
    """E31, E11: Gnomes in front join the score piles, then fakes leave, then Ice
    couples; priorities say so, and the events of the last move come in that order."""
    powers = claim.registry
    assert (powers.get("gnomes").priority < powers.get("tricksters").priority
            < powers.get("ice_couple").priority)
    variant = claim.mix(["gnomes", "giants", "tricksters", "ice_kings", "ice_queens",
                         "shadows", "undead"], players=3)
    for seed in range(6):
        final = random_playout(variant, seed=seed)
        kinds = []
        for event in final.records[-1].events:
            if isinstance(event, Placed) and event.origin is not claim.Zone.TRICK:
                kinds.append(event.card.faction if event.zone is claim.Zone.DISCARD
                             else "gnomes in")
        order = {"gnomes in": 0, "tricksters": 1, "ice_kings": 2, "ice_queens": 2}
        ranks = [order[k] for k in kinds if k in order]
        assert ranks == sorted(ranks), kinds


def test_e31_every_fake_in_a_score_pile_leaves() -> None:
    """E30, E31: after the final scoring no fake is in a score pile, and every real
    Trickster is where the last trick left it."""
    for seed in range(6):
        final = played_out(TRICKS, seed)
        fakes = final.power_state("tricksters")
        assert isinstance(fakes, tuple)
        for pile in final.score_masks:
            assert not any(pile >> c & 1 for c in fakes)
        assert all(final.discard_mask >> c & 1 for c in fakes)


def test_e30_determinization_draws_the_fakes_uniformly() -> None:
    """E30, E44: a sampled state has one fake per pair, each copy fake about half the
    time; after the end the sample matches the fakes the view saw leave."""
    view = claim.new_game(TRICKS, seed=6).view(1)
    sampler = Sampler(view)
    rng = random.Random(2)
    firsts: Counter[int] = Counter()
    for _ in range(200):
        fakes = sampler.sample(rng).power_state("tricksters")
        assert isinstance(fakes, tuple) and len(fakes) == 5
        firsts.update(c for c in fakes if c % 2 == 0)
    assert all(60 < firsts[c] < 140 for c in (42, 44, 46, 48, 50)), firsts
    final = played_out(TRICKS, 1)
    for seat in (0, 1, None):
        assert Sampler(final.view(seat)).sample(rng).view(seat) == final.view(seat)


# -- explicit deals, records, the solver ---------------------------------------------


@pytest.mark.parametrize(("parts", "field", "why"), [
    ({"hidden": {"tricksters": [42, 43, 44, 46, 48, 50]}}, "hidden['tricksters']", "2 fakes"),
    ({"hidden": {"tricksters": [44, 46, 48, 50]}}, "hidden['tricksters']", "no fake"),
    ({"hidden": {}}, "hidden['tricksters']", "gives its hidden state"),
    ({"hidden": {"undead": []}}, "hidden['undead']", "hidden state"),
    ({"set_aside": None}, "set_aside", "names the cards set aside"),
    ({"set_aside": {ASIDE: ["Sd0"] * 11}}, "set_aside['set aside']", "11 cards"),
    ({"set_aside": {ASIDE: ["Gb1"] * 10}}, "set_aside['set aside']", "not a card of"),
    ({"set_aside": {"crypt": []}}, "set_aside['crypt']", "sets cards aside into"),
])
def test_e30_e33_inconsistent_explicit_deals_are_refused(
        parts: dict[str, object], field: str, why: str) -> None:
    """E30, E33: a pair with two fakes or none, too many cards set aside, ... raise a
    DealError naming the field."""
    with pytest.raises(claim.DealError, match=why) as info:
        explicit(TRICKS, **parts)
    assert info.value.field == field and field in str(info.value)


def test_e33_a_shadow_both_dealt_and_set_aside_is_refused() -> None:
    """E33: a Shadow given in a hand and set aside too is more copies than the deck has."""
    state = explicit(TRICKS)
    dealt_shadow = next(str(c) for c in state.hand(0) if c.faction == "shadows")
    aside = [str(c) for c in state.zone(ASIDE)]
    both = [dealt_shadow] * 2 + aside[2:]
    with pytest.raises(claim.DealError, match="set aside and dealt") as info:
        explicit(TRICKS, set_aside={ASIDE: both})
    assert info.value.field == "set_aside['set aside']"


def test_e30_e33_records_replay_the_same_game() -> None:
    """E30, E33: a record (seeded, or dealt from a caller's rng) replays the same
    game: the same Shadows set aside, the same fakes, the same result."""
    makers: tuple[Callable[[], claim.GameState], ...] = (
        lambda: claim.new_game(TRICKS, seed=9),
        lambda: claim.new_game(TRICKS, rng=random.Random(9)))
    for make in makers:
        state = make()
        rng = random.Random(0)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_moves()))
        text = claim.to_json(state)
        doc = json.loads(text)
        assert len(doc["deal"]["set_aside"][ASIDE]) == 10 and len(doc["deal"]["hidden"]
                                                                  ["tricksters"]) == 5
        back = claim.from_json(text)
        assert isinstance(back, claim.GameState)
        assert back.result() == state.result()
        assert sorted(map(str, back.zone(ASIDE))) == sorted(map(str, state.zone(ASIDE)))
        assert back.discard() == state.discard()
    doc["deal"]["hidden"]["tricksters"] = [42, 43, 44, 46, 48]
    with pytest.raises(claim.SaveError, match="fake") as info:
        claim.from_json(json.dumps(doc))
    assert "$.deal.hidden['tricksters']" in str(info.value)


def test_e30_e33_the_solver_refuses_hidden_chance() -> None:
    """The exact solver refuses positions whose result hidden chance decides."""
    state = claim.new_game(TRICKS, seed=1)
    rng = random.Random(1)
    while state.phase is claim.Phase.RECRUIT:
        state = state.apply(rng.choice(state.legal_moves()))
    assert "set aside" in (why_not_exact(state) or "")
    with pytest.raises(SolverError):
        solve(state)
    marks = claim.mix(["knights", "goblins", "tricksters", "undead", "dwarves"])
    position = support_position(marks, [["Tk1", "Gb2"], ["Tk3", "Gb4"]])
    assert "hidden marks" in (why_not_exact(position) or "")
    with pytest.raises(SolverError, match="E30"):
        solve(position)


def test_variants_without_hidden_chance_deal_as_before() -> None:
    """A seed deals every variant without cards set aside or hidden marks exactly as
    it did before they existed (nothing more is drawn)."""
    state = claim.new_game("claim", seed=7)
    assert state.deal is not None and state.deal.set_aside == () and state.deal.hidden == ()
    assert remaining(state.variant, []) == list(state.variant.deck)
