"""Wizards: potions drawn face down, unseen even by their holder, drunk with a card
to change its current value (EXPANSIONS.md, "Factions with hidden information":
E34, E35, E44, E45)."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Hashable
from typing import ClassVar, cast

import attrs
import pytest
from deal_support import explicit_deal

import claim
from claim.core.records import PowerStateChanged
from claim.factions.exp_potions import Wizards
from claim.info.sampling import Sampler
from claim.powers import Capabilities, DeckFacts, FactionPower, Option, Play
from claim.rules.engine.playing import _asked_choices, play_choices
from claim.search.solver import SolverError, solve, why_not_exact
from claim.testing import (
    CapabilityError,
    LeakError,
    check_capabilities,
    check_no_leaks,
    check_views,
    support_position,
)

WIZ = claim.mix(["knights", "goblins", "wizards", "undead", "dwarves"])
FIRE_MAGIC = claim.load_variant("fire-magic")  # knights, goblins, poisoners, tricksters, wizards
POTIONS = Counter([1, 1, 2, 2, 3, 3, 4, -1, -2, -3])
ORDER = (3, -1, 2, 1, 4, -2, 1, 2, -3, 3)


Pairs = tuple[tuple[int, int], ...]
Potions = tuple[tuple[int, ...], int, tuple[tuple[int, ...], ...], Pairs, Pairs]


def _ints(value: object, depth: int) -> bool:
    """Whether ``value`` is a tuple of ints nested ``depth`` deep."""
    if depth == 0:
        return type(value) is int
    return isinstance(value, tuple) and all(_ints(v, depth - 1) for v in value)


def potions(state: claim.GameState) -> Potions:
    """The Wizards' state: the potion deck's order, how many were drawn, the potions
    face down in front of each seat, those drunk in the trick, every one drunk."""
    value = state.power_state("wizards")
    assert isinstance(value, tuple) and len(value) == 5
    order, drawn, fronts, active, drunk = value
    assert _ints(order, 1) and type(drawn) is int and _ints(fronts, 2)
    assert all(_ints(pairs, 2) and all(len(p) == 2 for p in pairs)
               for pairs in (active, drunk))
    return cast(Potions, value)


def with_potions(state: claim.GameState, order: tuple[int, ...] = ORDER, drawn: int = 0,
                 fronts: tuple[tuple[int, ...], ...] = ((), ())) -> claim.GameState:
    at = state.variant.tables.faction_names.index("wizards")
    states = list(state.power_states)
    states[at] = (order, drawn, fronts, (), ())
    return attrs.evolve(state, power_states=tuple(states))


def shown(state: claim.GameState, seat: int | None) -> Hashable:
    return dict(state.view(seat).power_states)["wizards"]


def labels(state: claim.GameState) -> list[str]:
    return [str(m) for m in state.legal_moves()]


def played_out(variant: claim.Variant, seed: int, drink: bool = False) -> claim.GameState:
    state = claim.new_game(variant, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        moves = state.legal_moves()
        drinks = [m for m in moves if str(m).endswith("drink")]
        state = state.apply(drinks[0] if drink and drinks else rng.choice(moves))
    return state


# -- E34, E45: the potion deck -------------------------------------------------------


def test_e34_the_potion_deck_order_follows_from_the_seed() -> None:
    """E34: the ten potions (data), shuffled by the seed; other seeds order others."""
    power = WIZ.tables.powers[WIZ.tables.faction_names.index("wizards")]
    assert isinstance(power, Wizards) and Counter(power.deck()) == POTIONS
    order, drawn, fronts, active, drunk = potions(claim.new_game(WIZ, seed=4))
    assert Counter(order) == POTIONS and (drawn, fronts, active, drunk) == (0, ((), ()), (), ())
    assert potions(claim.new_game(WIZ, seed=4))[0] == order
    assert any(potions(claim.new_game(WIZ, seed=s))[0] != order for s in range(5, 9))


def test_e45_the_potions_are_not_part_of_the_deck_size() -> None:
    """E45: an official deck counts ten Wizards; the potions are an extra deck."""
    assert len(WIZ.deck) == WIZ.dealt_size == 52
    assert sum(c.faction == "wizards" for c in WIZ.deck) == 10
    assert len(FIRE_MAGIC.deck) == FIRE_MAGIC.dealt_size == 52


# -- E34: drawing and drinking -------------------------------------------------------


def test_e34_a_wizard_win_draws_the_top_potion_face_down_unseen() -> None:
    """E34, E44: the winner gets the top potion in front of them; every view, the
    winner's included, shows that a potion lies there (a count), never its number."""
    state = with_potions(support_position(WIZ, [["Wz7", "Gb1"], ["Wz3", "Gb4"]]))
    state = state.apply("Wz7").apply("Wz3")
    assert potions(state)[1:3] == (1, ((0,), ()))
    for seat in (0, 1, None):
        assert shown(state, seat) == (10, 1, ((0,), ()), (), ())
    other = with_potions(state, order=(-3, *ORDER[1:-1], 3), drawn=1, fronts=((0,), ()))
    for seat in (0, 1, None):
        assert other.view(seat) == state.view(seat)
        assert claim.to_json(other.view(seat)) == claim.to_json(state.view(seat))


def test_e34_drink_is_offered_only_with_a_potion_in_front() -> None:
    """E34: ``Wz3 drink`` beside ``Wz3`` (any card), only for a player with a potion;
    a move like any other: notation, action ids, JSON."""
    state = with_potions(support_position(WIZ, [["Gb5", "Kn2"], ["Gb3", "Wz1"]]),
                         drawn=1, fronts=((), (0,)))
    assert sorted(labels(state)) == ["Gb5", "Kn2"]  # seat 0 has no potion
    state = state.apply("Gb5")
    assert labels(state) == ["Gb3", "Gb3 drink"]  # follow rule: Goblins
    for move in state.legal_moves():
        assert claim.parse_move(str(move), WIZ) == move
        assert claim.action_move(WIZ, claim.action_id(WIZ, move)) == move
    with pytest.raises(claim.IllegalMoveError):
        state.apply("Wz1 drink")
    assert "Gb3 drink" in json.dumps(json.loads(claim.to_json(state.view(1)))["legal_moves"])
    assert str(state.apply("Gb3 drink").records[-1].move) == "Gb3 drink"


def test_e34_a_drunk_potion_changes_the_current_value_for_ranking_only() -> None:
    """E1, E34: Gb3 with the oldest potion (+3) ranks as 6 and beats Gb5; it scores
    as a 3 (printed value); the potion is revealed to all and leaves the game."""
    state = with_potions(support_position(WIZ, [["Gb5", "Kn2"], ["Gb3", "Wz1"]]),
                         drawn=2, fronts=((), (0, 1)))
    state = state.apply("Gb5").apply("Gb3 drink")
    assert state.current_player == 1  # seat 1 won
    assert sorted((c.faction, c.value) for c in state.score_pile(1)) == [
        ("goblins", 3), ("goblins", 5)]
    _, _, fronts, active, drunk = potions(state)
    assert fronts == ((), (1,)) and active == () and drunk == ((0, 3),)  # the oldest
    for seat in (0, 1, None):
        view_state = shown(state, seat)
        assert view_state == (10, 2, ((), (1,)), (), ((0, 3),))
        events = [e.value for r in state.view(seat).history for e in r.events
                  if isinstance(e, PowerStateChanged)]
        assert events and events[0][4] == ((0, 3),)  # type: ignore[index]
        assert all(value[0] == 10 for value in events)  # type: ignore[index]  # no order
    result = state.apply("Wz1").apply("Kn2")
    assert result.is_over


def test_e34_a_negative_potion_can_lose_the_trick() -> None:
    """E27, E34: a potion may lower a card (current values may be negative)."""
    state = with_potions(support_position(WIZ, [["Gb4", "Kn2"], ["Gb5", "Wz1"]]),
                         order=(-3, *ORDER[1:-1], 3), drawn=1, fronts=((), (0,)))
    state = state.apply("Gb4").apply("Gb5 drink")  # 5 - 3 = 2 < 4
    assert state.current_player == 0


def test_e34_basilisks_match_the_current_value_after_a_potion() -> None:
    """E2, E34: a Basilisk 3 drunk with +3 matches a 6 already in the trick."""
    mixed = claim.mix(["knights", "goblins", "wizards", "basilisks", "undead"])
    state = with_potions(support_position(mixed, [["Gb6", "Kn2"], ["Bs3", "Un1"]]),
                         drawn=1, fronts=((), (0,)))
    state = state.apply("Gb6").apply("Bs3 drink")
    assert sorted(map(str, state.score_pile(1))) == ["Bs3", "Gb6"]
    plain = with_potions(support_position(mixed, [["Gb6", "Kn2"], ["Bs3", "Un1"]]),
                         drawn=1, fronts=((), (0,))).apply("Gb6").apply("Bs3")
    assert sorted(map(str, plain.score_pile(0))) == ["Bs3", "Gb6"]


def test_e34_e16_a_basilisk_taking_a_wizard_draws_nothing() -> None:
    """E16, E34: the winning card is the Basilisk: no potion is drawn."""
    mixed = claim.mix(["knights", "goblins", "wizards", "basilisks", "undead"])
    state = with_potions(support_position(mixed, [["Wz5"], ["Bs5"]]))
    state = state.apply("Wz5").apply("Bs5")
    assert potions(state)[1:3] == (0, ((), ()))


def test_e34_empty_potion_deck_draws_nothing() -> None:
    """E34: with every potion drawn, a Wizard win draws nothing."""
    state = with_potions(support_position(WIZ, [["Wz7"], ["Wz3"]]), drawn=10,
                         fronts=((), (9,)))
    state = state.apply("Wz7").apply("Wz3")
    assert potions(state)[1:3] == (10, ((), (9,)))


def test_e34_potions_unseen_at_the_end_do_nothing() -> None:
    """E34: potions still face down at the end are neither revealed nor scored."""
    state = with_potions(support_position(WIZ, [["Gb5"], ["Gb3"]]), drawn=2,
                         fronts=((0,), (1,)))
    state = state.apply("Gb5").apply("Gb3")
    assert state.is_over and potions(state)[2] == ((0,), (1,))
    assert state.result().votes[0] >= 1  # Gb5 beat Gb3: no potion changed anything
    for seat in (0, 1, None):
        assert shown(state, seat) == (10, 2, ((0,), (1,)), (), ())


# -- explicit deals, records, views, determinization, the solver --------------------


def explicit(variant: claim.Variant, seed: int = 3, **kwargs: object) -> claim.GameState:
    return explicit_deal(variant, {"wizards": list(ORDER)}, seed, **kwargs)


def test_e34_an_explicit_deal_gives_the_potion_deck() -> None:
    """E34: ``hidden={"wizards": [numbers, top first]}`` fixes the potion deck."""
    assert potions(explicit(WIZ))[0] == ORDER


@pytest.mark.parametrize(("order", "why"), [
    ([4, 4, 1, 2, 2, 3, 3, -1, -2, -3], "the potion \\+4 2 times"),
    ([1, 1, 2, 2, 3, 3, 4, -1, -2], "lacks -3"),
    ([1, 1, 2, 2, 3, 3, 4, -1, -2, 9], "\\+9 is not a potion"),
    ("1 2 3", "as a list of numbers"),
    ([1.0, 1, 2, 2, 3, 3, 4, -1, -2, -3], "as a list of numbers"),
])
def test_e34_bad_potion_decks_in_an_explicit_deal_are_refused(order: object, why: str) -> None:
    """E34: a potion deck with a potion twice, one missing, or not numbers raises a
    DealError naming the field."""
    with pytest.raises(claim.DealError, match=why) as info:
        explicit(WIZ, hidden={"wizards": order})
    assert info.value.field == "hidden['wizards']" and "hidden['wizards']" in str(info.value)


def test_e34_records_replay_the_same_game() -> None:
    """E34: a record (seeded, explicit, from a caller's rng) replays the same game,
    drinks included."""
    makers: tuple[Callable[[], claim.GameState], ...] = (
        lambda: claim.new_game(WIZ, seed=9), lambda: explicit(WIZ),
        lambda: claim.new_game(WIZ, rng=random.Random(9)))
    drank = 0
    for make in makers:
        state = make()
        rng = random.Random(0)
        while not state.is_over:
            moves = state.legal_moves()
            drinks = [m for m in moves if str(m).endswith("drink")]
            state = state.apply(drinks[0] if drinks else rng.choice(moves))
        drank += len(potions(state)[4])
        text = claim.to_json(state)
        back = claim.from_json(text)
        assert isinstance(back, claim.GameState)
        assert back.result() == state.result() and potions(back) == potions(state)
    assert drank > 0
    doc = json.loads(text)
    doc["deal"]["hidden"]["wizards"] = [[4, 4, 1, 2, 2, 3, 3, -1, -2, -3], 0, [[], []], [], []]
    with pytest.raises(claim.SaveError, match="potion") as info:
        claim.from_json(json.dumps(doc))
    assert "$.deal.hidden['wizards']" in str(info.value)


def test_e34_e44_leak_checks_cover_the_potions() -> None:
    """E44, RULES 7: the leak check passes on every seat and a spectator (redrawing the
    undrawn and unseen potions) and catches a view that shows the order."""
    assert check_views(WIZ, range(3)) > 0
    assert check_views(FIRE_MAGIC, range(3)) > 0
    state = claim.new_game(WIZ, seed=1)
    state = state.apply(state.legal_moves()[0])
    check_no_leaks(state, 0, random.Random(1))
    original = Wizards.view_state
    try:
        Wizards.view_state = lambda self, value, seat: value  # type: ignore[method-assign]
        with pytest.raises(LeakError):
            check_no_leaks(state, 0, random.Random(1))
    finally:
        Wizards.view_state = original  # type: ignore[method-assign]


def test_e34_e44_determinization_keeps_the_drunk_potions() -> None:
    """E44: a sampled state keeps every drunk potion where it was and draws the
    others' order anew."""
    state = claim.new_game(WIZ, seed=5)
    rng = random.Random(5)
    while not potions(state)[4] or state.is_over:
        if state.is_over:
            state = claim.new_game(WIZ, seed=rng.randrange(1000))
        moves = state.legal_moves()
        drinks = [m for m in moves if str(m).endswith("drink")]
        state = state.apply(drinks[0] if drinks else rng.choice(moves))
    drunk = dict(potions(state)[4])
    tops: Counter[int] = Counter()
    sampler = Sampler(state.view(0))
    for _ in range(60):
        sampled = sampler.sample(rng)
        order = potions(sampled)[0]
        assert all(order[at] == n for at, n in drunk.items())
        assert sampled.view(0) == state.view(0)
        tops[order[9]] += 1
    assert len(tops) >= 3


def test_e34_the_solver_refuses_the_potions() -> None:
    """The exact solver refuses positions whose result unseen potions decide."""
    position = with_potions(support_position(WIZ, [["Wz1", "Gb2"], ["Kn3", "Gb4"]]))
    assert "wizards" in (why_not_exact(position) or "")
    with pytest.raises(SolverError, match="wizards"):
        solve(position)


def test_e34_e45_mixes_for_three_and_four_players() -> None:
    """E34, E45: official mixes for 3 and 4 players play whole games with drinks."""
    names = ["knights", "goblins", "wizards", "undead", "dwarves", "dragons", "doppelgangers"]
    for players in (3, 4):
        variant = claim.mix(names, players=players)
        assert variant.dealt_size == 72
        for seed in range(2):
            final = played_out(variant, seed, drink=True)
            assert len(potions(final)[2]) == players


def test_e35_the_drink_is_decided_when_the_card_is_played() -> None:
    """E35: whether to drink is decided as part of playing the card, before the
    trick's later cards; the potion is revealed then, and counts at the ranking."""
    state = with_potions(support_position(WIZ, [["Gb3", "Kn2"], ["Gb5", "Wz1"]]),
                         drawn=1, fronts=((0,), ()))
    assert sorted(labels(state)) == ["Gb3", "Gb3 drink", "Kn2", "Kn2 drink"]
    state = state.apply("Gb3 drink")  # decided before seat 1 plays
    assert shown(state, 1) == (10, 1, ((), ()), ((0, 3),), ((0, 3),))  # revealed at once
    assert sorted(labels(state)) == ["Gb5"]  # seat 1 has no potion to drink
    state = state.apply("Gb5")  # 3 + 3 = 6 beats 5
    assert state.current_player == 0 and potions(state)[3] == ()


@attrs.frozen
class Sippers(FactionPower):
    """Any card may be played with a sip, but only odd card ids offer it, yet the
    power promises the same options for every card: a false promise."""

    name: ClassVar[str] = "test_sippers"
    plays_every_card: ClassVar[bool] = True

    def play_labels(self, facts: DeckFacts) -> tuple[str, ...]:
        return ("sip",)

    def play_options(self, play: Play) -> tuple[Option, ...]:
        return (Option("sip"),) if play.card % 2 else ()

    def capabilities(self) -> Capabilities:
        return Capabilities(card_blind_options=True)


if Sippers.name not in claim.registry:
    claim.registry.register(Sippers)


def test_e34_the_potion_promise_changes_no_choice() -> None:
    """E34: a potion is drunk with any card alike, so the Wizards promise
    `card_blind_options` and the engine asks them once per seat and state: the
    choices it offers with each card are those the powers give for that card."""
    tables = FIRE_MAGIC.tables
    assert tables.blind_option_mask == tables.full_mask  # no card asks on its own
    drinks = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = claim.new_game(FIRE_MAGIC, seed=seed)
        while not state.is_over:
            seat = state.current_player
            if state.pending is None and seat is not None:
                for card in FIRE_MAGIC.ids_in(state.hand_masks[seat]):
                    shared = play_choices(state, seat, card)
                    own = _asked_choices(state, seat, card, True)
                    assert [(c.label, c.parts, c.outcome) for c in shared] == [
                        (c.label, c.parts, c.outcome) for c in own]
                    drinks += len(own) > 1
            state = state.apply(rng.choice(state.legal_moves()))
    assert drinks > 0


def test_e34_a_false_card_blind_promise_is_caught() -> None:
    """`claim.testing.check_capabilities` holds a power to `card_blind_options`."""
    variant = claim.variant_from_yaml("""
name: sippers
house: true
factions:
  - name: sippers
    code: Sp
    values: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
    power: test_sippers
  - goblins
  - dwarves
""", "sippers.yaml")
    with pytest.raises(CapabilityError, match=r"test_sippers.*card_blind_options.*"
                                              r"play_options answers"):
        check_capabilities(variant, games=4)
