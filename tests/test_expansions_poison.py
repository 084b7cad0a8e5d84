"""Poisoners: toxic cards dealt aside unseen, looked at, and their values gone before
the votes (EXPANSIONS.md, "Factions with hidden information": E31, E32, E44, E45)."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Hashable
from typing import cast

import attrs
import pytest
from deal_support import explicit_deal

import claim
from claim.core.records import Placed, PowerStateChanged
from claim.factions.exp_poison import Looks, Poisoners, Toxic
from claim.info.sampling import Sampler
from claim.search.solver import SolverError, solve, why_not_exact
from claim.testing import LeakError, check_no_leaks, check_views, support_position

POISON = claim.mix(["knights", "goblins", "poisoners", "undead", "dwarves"])
FIRE_MAGIC = claim.load_variant("fire-magic")  # knights, goblins, poisoners, tricksters, druids
TOXIC_DECK = Counter([*range(10), "blank", "blank"])


def toxic(state: claim.GameState) -> tuple[tuple[Toxic, ...], Looks, bool]:
    """The Poisoners' state: the toxic cards dealt aside, the looks taken (seat, index),
    and whether the toxic cards are revealed."""
    value = state.power_state("poisoners")
    assert isinstance(value, tuple) and len(value) == 3
    toxics, looks, revealed = value
    assert isinstance(toxics, tuple) and all(isinstance(t, int | str) for t in toxics)
    assert isinstance(looks, tuple) and all(
        isinstance(look, tuple) and len(look) == 2
        and all(isinstance(i, int) for i in look) for look in looks)
    assert isinstance(revealed, bool)
    return cast(tuple[Toxic, ...], toxics), cast(Looks, looks), revealed


def fake_values(state: claim.GameState) -> tuple[int, ...]:
    """The Tricksters' state: the deck indices of the fake Tricksters."""
    fakes = state.power_state("tricksters")
    assert isinstance(fakes, tuple) and all(isinstance(c, int) for c in fakes)
    return cast(tuple[int, ...], fakes)


def with_toxics(state: claim.GameState, toxics: tuple[object, ...]) -> claim.GameState:
    """``state`` with the toxic cards dealt aside replaced (no look yet)."""
    at = state.variant.tables.faction_names.index("poisoners")
    states = list(state.power_states)
    states[at] = (toxics, (), False)
    return attrs.evolve(state, power_states=tuple(states))


def shown(state: claim.GameState, seat: int | None) -> Hashable:
    return dict(state.view(seat).power_states)["poisoners"]


def played_out(variant: claim.Variant, seed: int) -> claim.GameState:
    state = claim.new_game(variant, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
    return state


def labels(state: claim.GameState) -> list[str]:
    return [str(m) for m in state.legal_moves()]


# -- E32, E45: the toxic cards dealt aside ------------------------------------------


def test_e32_three_toxic_cards_are_dealt_aside_from_the_seed() -> None:
    """E32: three toxic cards of the toxic deck (0-9 and two blanks, data), fixed by
    the seed; other seeds deal others."""
    power = POISON.tables.powers[POISON.tables.faction_names.index("poisoners")]
    assert isinstance(power, Poisoners) and power.dealt == 3
    assert Counter(power.deck()) == TOXIC_DECK  # (data)
    first = toxic(claim.new_game(POISON, seed=4))
    toxics, looks, revealed = first
    assert isinstance(toxics, tuple) and len(toxics) == 3 and looks == () and revealed is False
    assert not Counter(toxics) - TOXIC_DECK
    assert toxic(claim.new_game(POISON, seed=4)) == first
    assert any(toxic(claim.new_game(POISON, seed=s)) != first for s in range(5, 9))


def test_e45_the_toxic_deck_is_not_part_of_the_deck_size() -> None:
    """E45: an official deck counts ten Poisoners; the twelve toxic cards are extra."""
    assert len(POISON.deck) == POISON.dealt_size == 52
    assert sum(c.faction == "poisoners" for c in POISON.deck) == 10
    state = claim.new_game(POISON, seed=1)
    assert sum(len(state.hand(s)) for s in (0, 1)) + len(state.draw_pile) + len(
        state.face_up) == 52
    assert claim.load_variant("fire-magic").dealt_size == 52


def test_e32_e44_no_view_shows_the_toxic_cards() -> None:
    """E32, E44: before any look every view shows three unknown toxic cards; two deals
    differing only in the toxic cards give every seat the same view and JSON."""
    state = claim.new_game(POISON, seed=2)
    one, two = with_toxics(state, (1, 2, 3)), with_toxics(state, (7, "blank", 9))
    for seat in (0, 1, None):
        assert shown(one, seat) == ((None, None, None), (), False)
        assert one.view(seat) == two.view(seat)
        assert claim.to_json(one.view(seat)) == claim.to_json(two.view(seat))


# -- E32: the look -------------------------------------------------------------------


def look_position() -> claim.GameState:
    """Phase 2: seat 0 leads Po7 and wins against Po3 (toxic cards 7, blank, 2)."""
    state = support_position(POISON, [["Po7", "Po2", "Gb1"], ["Po3", "Gb4", "Gb5"]])
    return with_toxics(state, (7, "blank", 2)).apply("Po7").apply("Po3")


def test_e32_a_win_with_a_poisoner_lets_the_winner_look_or_decline() -> None:
    """E32: the winner chooses a toxic card by position (they look alike, R15) or
    declines; the labels are moves like any other (notation, action ids)."""
    state = look_position()
    assert state.pending is not None and state.pending.seat == 0
    assert labels(state) == ["look toxic 1", "look toxic 2", "look toxic 3", "no look"]
    for move in state.legal_moves():
        assert claim.parse_move(str(move), POISON) == move
        assert claim.action_move(POISON, claim.action_id(POISON, move)) == move
    declined = state.apply("no look")
    assert toxic(declined)[1] == () and shown(declined, 0) == shown(state, 0)


def test_e32_what_the_winner_saw_is_theirs_alone() -> None:
    """E32, E44: after ``look toxic 1`` the looker's view (and history) holds the value;
    the other seat's and a spectator's hold only that seat 0 looked at card 1."""
    state = look_position().apply("look toxic 1")
    assert shown(state, 0) == ((7, None, None), ((0, 0),), False)
    for seat in (1, None):
        assert shown(state, seat) == ((None, None, None), ((0, 0),), False)
        events = [e for r in state.view(seat).history for e in r.events
                  if isinstance(e, PowerStateChanged)]
        assert events and all(e.value == shown(state, seat) for e in events)
        assert "7" not in json.dumps(json.loads(claim.to_json(state.view(seat)))["power_states"])
    other = with_toxics(state, (4, "blank", 2))  # the card seat 0 saw, another value
    other = attrs.evolve(other, power_states=tuple(
        (v[0], ((0, 0),), False) if f == "poisoners" else v  # type: ignore[index]
        for f, v in zip(POISON.tables.faction_names, other.power_states)))
    assert other.view(1) == state.view(1) and other.view(0) != state.view(0)


def test_e32_a_seat_looks_only_at_toxic_cards_it_has_not_seen() -> None:
    """E32: a second Poisoner win offers the cards not seen yet; with all seen,
    nothing is asked."""
    state = look_position().apply("look toxic 2")
    state = state.apply("Po2").apply("Gb4")
    assert labels(state) == ["look toxic 1", "look toxic 3", "no look"]
    seen = with_toxics(support_position(POISON, [["Po7"], ["Po3"]]), (1, 2, 3))
    at = POISON.tables.faction_names.index("poisoners")
    states = list(seen.power_states)
    states[at] = ((1, 2, 3), ((0, 0), (0, 1), (0, 2)), False)
    after = attrs.evolve(seen, power_states=tuple(states)).apply("Po7").apply("Po3")
    assert after.pending is None


def test_e32_no_look_without_a_poisoner_win() -> None:
    """E32: a Poisoner that loses, or a trick another card wins, asks nothing."""
    state = support_position(POISON, [["Po2", "Gb1"], ["Po3", "Gb4"]])
    state = with_toxics(state, (1, 2, 3)).apply("Po2").apply("Po3")
    assert state.pending is not None and state.pending.seat == 1  # the winner only
    state = with_toxics(support_position(POISON, [["Gb5"], ["Po9"]]), (1, 2, 3))
    state = state.apply("Gb5").apply("Po9")  # off the lead: the Goblin wins
    assert state.pending is None and state.is_over


def test_e32_e16_a_basilisk_taking_a_poisoner_gives_no_look() -> None:
    """E16, E32: when a Basilisk takes the Poisoner and wins, the winning card is the
    Basilisk: nobody looks."""
    mixed = claim.mix(["knights", "goblins", "poisoners", "basilisks", "undead"])
    state = with_toxics(support_position(mixed, [["Po5"], ["Bs5"]]), (1, 2, 3))
    state = state.apply("Po5").apply("Bs5")
    assert state.pending is None
    assert [str(c) for c in state.score_pile(1)] == ["Po5", "Bs5"] or "Bs5" in map(
        str, state.score_pile(1))
    assert toxic(state)[1] == ()


def test_e32_phase_1_look_comes_after_the_followers_are_taken() -> None:
    """E32: in phase 1 the look is asked once both players hold their follower."""
    found = 0
    for seed in range(40):
        state = claim.new_game(POISON, seed=seed)
        rng = random.Random(seed)
        tricks = 0
        while state.phase is claim.Phase.RECRUIT:
            if state.pending is not None and state.queue[0].kind == "look":
                assert [len(state.follower_pile(s)) for s in (0, 1)] == [tricks, tricks]
                found += 1
            before = len(state.trick)
            state = state.apply(rng.choice(state.legal_moves()))
            tricks += before == 1 and not state.trick
    assert found >= 5


def test_e32_e22_phase_2_look_comes_after_the_dark_elf_discard() -> None:
    """E22, E32: a Poisoner winning a Dark Elf: the discard is asked first, then the look."""
    mixed = claim.mix(["knights", "goblins", "poisoners", "dark_elves", "undead"])
    state = support_position(mixed, [["Gb4", "Po7", "Gb2"], ["Gb1", "DE3", "Kn5"]])
    state = with_toxics(state, (1, 2, 3)).apply("Gb4").apply("Gb1")
    state = state.apply("Po7").apply("DE3")
    assert state.pending is not None and [step.kind for step in state.queue] == [
        "discard", "look"]
    assert labels(state) == ["discard Gb1", "discard Gb4", "discard Po7"]
    state = state.apply("discard Po7")
    assert labels(state) == ["look toxic 1", "look toxic 2", "look toxic 3", "no look"]


# -- E31: the end of the game ------------------------------------------------------


def test_e31_cards_of_toxic_values_leave_before_the_votes() -> None:
    """E31, E32: at the end the toxic cards are revealed to all; every scored card of
    printed value 7 or 2 leaves the game; the blank removes nothing."""
    state = support_position(POISON, [["Kn7", "Gb2", "Un5"], ["Gb7", "Un2", "Dw4"]])
    state = with_toxics(state, (7, "blank", 2))
    rng = random.Random(0)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
    scored = [c for s in (0, 1) for c in state.score_pile(s)]
    assert sorted(c.value for c in scored) == [4, 5]
    left = [e for e in state.records[-1].events if isinstance(e, Placed)
            and e.zone is claim.Zone.DISCARD]
    assert sorted(str(e.card) for e in left) == ["Gb2", "Gb7", "Kn7", "Un2"]
    for seat in (0, 1, None):
        assert shown(state, seat) == ((7, "blank", 2), (), True)
    result = state.result()
    assert sum(result.votes) <= 5


def test_e31_end_of_game_order_fakes_then_toxic_values() -> None:
    """E31: the fake Tricksters leave before the cards of toxic values (priorities
    60 < 70 < 80: Ice couples after), and no card leaves twice."""
    assert claim.registry.get("tricksters").priority < Poisoners.priority < claim.registry.get(
        "ice_couple").priority
    for seed in range(6):
        final = played_out(FIRE_MAGIC, seed)
        events = [e for e in final.records[-1].events if isinstance(e, Placed)
                  and e.zone is claim.Zone.DISCARD]
        fakes = {FIRE_MAGIC.deck[c] for c in fake_values(final)}
        kinds = ["fake" if e.card.faction == "tricksters" and e.card in fakes else "toxic"
                 for e in events]
        poison = {v for v in toxic(final)[0] if type(v) is int}
        assert all(e.card.value in poison for e, k in zip(events, kinds) if k == "toxic")
        first_toxic = kinds.index("toxic") if "toxic" in kinds else len(kinds)
        assert "fake" not in kinds[first_toxic:] or all(
            e.card.value in poison for e in events[first_toxic:])
        scored = [c for s in (0, 1) for c in final.score_pile(s)]
        assert not any(c.value in poison for c in scored)


# -- explicit deals, records, views, determinization, the solver --------------------


def explicit(variant: claim.Variant, seed: int = 3, **kwargs: object) -> claim.GameState:
    return explicit_deal(variant, {"poisoners": [4, "blank", 9]}, seed, **kwargs)


def test_e32_an_explicit_deal_gives_the_toxic_cards() -> None:
    """E32: ``hidden={"poisoners": [values]}`` fixes the toxic cards, in order."""
    assert toxic(explicit(POISON)) == ((4, "blank", 9), (), False)
    assert toxic(explicit(POISON, hidden={"poisoners": ["blank", "blank", 0]}))[0] == (
        "blank", "blank", 0)


@pytest.mark.parametrize(("toxics", "why"), [
    ([3, 3, 4], "the toxic deck holds 1"),
    ([10, 1, 2], "is not a toxic card"),
    (["blank"] * 3, "the toxic deck holds 2"),
    ([1, 2], "give the 3 toxic cards"),
    ("123", "give the 3 toxic cards"),
    ([1.5, 2, 3], "is not a toxic card"),
])
def test_e32_bad_toxic_cards_in_an_explicit_deal_are_refused(toxics: object, why: str) -> None:
    """E32: toxic cards not from the toxic deck (or more copies than it holds) raise
    a DealError naming the field."""
    with pytest.raises(claim.DealError, match=why) as info:
        explicit(POISON, hidden={"poisoners": toxics})
    assert info.value.field == "hidden['poisoners']" and "hidden['poisoners']" in str(info.value)
    with pytest.raises(claim.DealError) as missing:
        explicit(POISON, hidden={})
    assert missing.value.field == "hidden['poisoners']"


def test_e32_records_replay_the_same_game() -> None:
    """E32: a record (seeded, explicit, or from a caller's rng) writes the toxic cards
    and replays the same game, looks and removals included."""
    makers: tuple[Callable[[], claim.GameState], ...] = (
        lambda: claim.new_game(POISON, seed=9), lambda: explicit(POISON),
        lambda: claim.new_game(POISON, rng=random.Random(9)))
    for make in makers:
        state = make()
        rng = random.Random(0)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_moves()))
        text = claim.to_json(state)
        doc = json.loads(text)
        assert doc["deal"]["hidden"]["poisoners"][0] == list(toxic(state)[0])
        back = claim.from_json(text)
        assert isinstance(back, claim.GameState)
        assert back.result() == state.result() and toxic(back) == toxic(state)
        assert back.discard() == state.discard()
    doc["deal"]["hidden"]["poisoners"] = [[3, 3, 4], [], False]
    with pytest.raises(claim.SaveError, match="toxic deck") as info:
        claim.from_json(json.dumps(doc))
    assert "$.deal.hidden['poisoners']" in str(info.value)


def looked(variant: claim.Variant = POISON) -> claim.GameState:
    """A seeded game just after a seat looked at a toxic card."""
    for seed in range(50):
        state = claim.new_game(variant, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            moves = state.legal_moves()
            look = [m for m in moves if str(m).startswith("look")]
            state = state.apply(look[0] if look else rng.choice(moves))
            if look:
                return state
    raise AssertionError("no look in 50 games")


def test_e32_e44_leak_checks_cover_the_toxic_cards() -> None:
    """E44, RULES 7: claim.testing's leak check passes on every seat and a spectator
    (redrawing the toxic cards a seat did not see), and catches a view that shows
    them."""
    assert check_views(POISON, range(3)) > 0
    assert check_views(FIRE_MAGIC, range(2)) > 0
    state = looked()
    for seat in (0, 1, None):
        check_no_leaks(state, seat, random.Random(1))
    leaky = attrs.evolve(Poisoners(faction="poisoners"))
    original = Poisoners.view_state
    try:
        Poisoners.view_state = lambda self, value, seat: value  # type: ignore[method-assign]
        with pytest.raises(LeakError):
            check_no_leaks(state, 1, random.Random(1))
    finally:
        Poisoners.view_state = original  # type: ignore[method-assign]
    assert leaky == Poisoners(faction="poisoners")


def test_e32_e44_determinization_keeps_what_the_seat_saw() -> None:
    """E44: a sampled state keeps the toxic card the viewer looked at and draws the
    others from the rest of the toxic deck; the other seat's looks pin nothing."""
    state = looked()
    (seat, at), = toxic(state)[1]
    value = toxic(state)[0][at]
    rng = random.Random(2)
    others: Counter[object] = Counter()
    sampler = Sampler(state.view(seat))
    for _ in range(100):
        sampled = sampler.sample(rng)
        toxics, looks, _ = toxic(sampled)
        assert toxics[at] == value and looks == ((seat, at),)
        assert sampled.view(seat) == state.view(seat)
        others[toxics[(at + 1) % 3]] += 1
    assert len(others) >= 7 and sum(others.values()) == 100
    if value != "blank":
        assert value not in others
    blind = Sampler(state.view(1 - seat))
    other = Counter(toxic(blind.sample(rng))[0][at] for _ in range(100))
    assert len(other) >= 6


def test_e32_the_solver_refuses_the_toxic_cards() -> None:
    """The exact solver refuses positions whose result unseen toxic cards decide."""
    position = with_toxics(support_position(POISON, [["Po1", "Gb2"], ["Kn3", "Gb4"]]),
                           (1, 2, 3))
    assert "poisoners" in (why_not_exact(position) or "")
    with pytest.raises(SolverError, match="poisoners"):
        solve(position)


def test_e32_e45_mixes_for_three_and_four_players() -> None:
    """E32, E45: an official mix (ten Poisoners, the toxic deck extra) for 3 and 4
    players, and a house one, play whole games, revealing the toxic cards at the end."""
    names = ["knights", "goblins", "poisoners", "undead", "dwarves", "dragons", "doppelgangers"]
    for players in (3, 4):
        variant = claim.mix(names, players=players)
        assert variant.dealt_size == 72
        for seed in range(2):
            final = played_out(variant, seed)
            assert toxic(final)[2] is True
            assert all(shown(final, s) == toxic(final) for s in range(players))
    tiny = claim.variant_from_yaml("""
name: tiny-poison
house: true
players: 2
factions:
  - goblins
  - knights
  - undead
  - dwarves
  - name: poisoners
    power: {name: poisoners, toxics: "1 2 blank", dealt: 2}
""")
    for seed in range(3):
        final = played_out(tiny, seed)
        toxics = toxic(final)[0]
        assert len(toxics) == 2 and not Counter(toxics) - Counter([1, 2, "blank"])
