"""Masked cards: Fire Elementals and Demons (EXPANSIONS.md, "Factions with hidden
information": E28, E29, E35, E36, E44)."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import ClassVar

import attrs
import pytest

import claim
from claim.core.cards import MaskedCard
from claim.core.errors import IllegalMoveError, RegistryError
from claim.core.moves import PlayCard
from claim.core.records import FaceUpTaken, FaceUpTurned, Placed, TrickCompleted
from claim.factions.claim1 import Knights
from claim.factions.exp_masked import MaskedPower
from claim.info.knowledge import knowledge
from claim.info.sampling import Sampler
from claim.rules import masking
from claim.rules.actions import action_id, action_move
from claim.rules.engine import flow
from claim.rules.masking import revealed
from claim.rules.views import View
from claim.search.solver import SolverError, solve
from claim.testing import LeakError, check_no_leaks, check_views, support_position

FIRE = claim.load_variant("fire-masks")  # knights, goblins, fire_elementals, demons, undead
HIGH = MaskedCard("fire_elementals", "high", "Fe")


def masked_in(cards: object) -> list[MaskedCard]:
    return [c for c in cards if isinstance(c, MaskedCard)]  # type: ignore[attr-defined]


def until(seed: int, wanted: object, limit: int = 200) -> claim.GameState:
    """Random play from the seed until ``wanted(state)``."""
    state = claim.new_game(FIRE, seed=seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if wanted(state):  # type: ignore[operator]
            return state
        state = state.apply(rng.choice(state.legal_moves()))
    raise AssertionError("not reached")


def holds_masked(state: claim.GameState) -> bool:
    seat = state.current_player
    return seat is not None and state.pending is None and any(
        isinstance(m, PlayCard) and isinstance(m.card, MaskedCard) for m in state.legal_moves())


def test_e28_catalog_and_classes() -> None:
    """E28: ten Fire Elementals 0-9 (high 5-9, low 0-4), ten Demons (odd, even)."""
    assert sorted(FIRE.faction("fire_elementals").values) == list(range(10))
    assert sorted(FIRE.faction("demons").values) == list(range(10))  # (data)
    assert str(FIRE.parse_card("fe:HIGH")) == "Fe:high"
    assert str(FIRE.parse_card("Dm:odd")) == "Dm:odd"
    for bad in ("Fe:odd", "Kn:high", "Zz:low"):
        with pytest.raises(claim.NotationError):
            FIRE.parse_card(bad)


def test_e28_views_show_classes_never_values_even_to_the_holder() -> None:
    """E28, E44: a masked card in one's own hand shows its class only; the JSON of
    the view holds no masked value."""
    state = claim.new_game(FIRE, seed=1)
    for seat in (0, 1):
        view = state.view(seat)
        mine = [FIRE.deck[c] for c in FIRE.ids_in(state.hand_masks[seat])]
        masked = masked_in(view.hand)
        assert len(masked) == sum(c.faction in ("fire_elementals", "demons") for c in mine)
        assert not any(c.faction in ("fire_elementals", "demons") and c.value >= 0
                       for c in view.hand)
        doc = json.loads(claim.to_json(view))
        assert not any(str(c).startswith(("Fe", "Dm")) and ":" not in str(c) for c in doc["hand"])
        assert claim.from_json(claim.to_json(view)) == view


def test_e28_two_states_differing_in_a_masked_value_look_the_same_to_every_seat() -> None:
    """E28: a masked card of a hand traded for another of its class in the draw pile:
    every view (its holder's too) is the same."""
    state = claim.new_game(FIRE, seed=2)
    deck = FIRE.deck
    hand = list(FIRE.ids_in(state.hand_masks[0]))
    for cid in hand:
        if deck[cid].faction != "fire_elementals":
            continue
        alike = [c for c in state.draw_pile
                 if deck[c].faction == "fire_elementals" and (deck[c].value >= 5) == (
                     deck[cid].value >= 5)]
        if alike:
            other = alike[0]
            masks = list(state.hand_masks)
            masks[0] ^= (1 << cid) | (1 << other)
            pile = tuple(cid if c == other else c for c in state.draw_pile)
            traded = attrs.evolve(state, hand_masks=tuple(masks), draw_pile=pile)
            for seat in (0, 1, None):
                assert traded.view(seat) == state.view(seat)
                assert claim.to_json(traded.view(seat)) == claim.to_json(state.view(seat))
            return
    pytest.skip("no trade in this deal")


def test_e28_leak_checks_cover_masked_cards() -> None:
    """E28, E44: the generic leak checks pass on the masked variant..."""
    assert check_views(FIRE, range(3)) > 0


def test_e28_the_leak_check_catches_a_view_showing_a_masked_value(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """...and fail when a view shows the value of a masked card to its holder (the
    views are patched where every caller reaches them, `GameState.view`: the views
    module may be compiled, its calls then out of a monkeypatch's reach)."""
    shown = claim.GameState.view

    def leaky(state: claim.GameState, seat: int | None) -> View:
        view = shown(state, seat)
        if seat is None:
            return view
        hand = tuple(state.variant.deck[c] for c in state.variant.ids_in(state.hand_masks[seat]))
        return attrs.evolve(view, hand=hand)

    monkeypatch.setattr(claim.GameState, "view", leaky)
    state = until(2, holds_masked)
    with pytest.raises(LeakError):
        check_no_leaks(state, state.current_player, random.Random(0))


def test_e29_legal_moves_name_classes_and_look_alikes_are_one_move() -> None:
    """E29, R15: a holder of masked cards plays a class; cards that look the same are
    one move; each has an action id."""
    state = until(0, holds_masked)
    moves = state.legal_moves()
    classes = [m for m in moves if isinstance(m, PlayCard) and isinstance(m.card, MaskedCard)]
    assert len(classes) == len(set(classes))
    assert state.view(state.current_player).legal_moves == moves
    for move in classes:
        assert action_move(FIRE, action_id(FIRE, move)) == move
        assert claim.parse_move(str(move), FIRE) == move


def test_e28_the_order_of_class_moves_tells_nothing_of_the_values() -> None:
    """E28, E29: the class moves come first, in class order, whatever values the hand
    holds (in card order an odd Demon 1 came before an even Demon 2, but after an
    even Demon 0)."""
    demons = claim.mix(["knights", "goblins", "demons", "undead", "dwarves"])
    one = support_position(demons, [["Dm2", "Dm1", "Gb5"], ["Gb1", "Gb2", "Gb3"]])
    other = support_position(demons, [["Dm0", "Dm1", "Gb5"], ["Gb1", "Gb2", "Gb3"]])
    assert [str(m) for m in one.legal_moves()] == ["Dm:even", "Dm:odd", "Gb5"]
    assert one.view(0).legal_moves == other.view(0).legal_moves == one.legal_moves()
    assert one.view(0).hand == other.view(0).hand


def test_e28_e29_a_masked_card_named_by_value_is_refused() -> None:
    """E28: nobody knows a masked card's value; naming it is refused, saying what
    may be named."""
    state = until(0, holds_masked)
    seat = state.current_player
    assert seat is not None
    held = [FIRE.deck[c] for c in FIRE.ids_in(state.hand_masks[seat] & ~revealed(state))
            if FIRE.deck[c].faction in ("fire_elementals", "demons")]
    with pytest.raises(IllegalMoveError, match=r"name its class, one of .*(Fe|Dm):"):
        state.apply(PlayCard(held[0]))
    assert not state.is_legal(PlayCard(held[0]))
    # The same refusal for an unrevealed card they do not hold: no probing (E28).
    unheld = next(FIRE.deck[c] for c in FIRE.ids_in(FIRE.faction_mask("fire_elementals")
                                                      & ~state.hand_masks[seat]
                                                      & ~revealed(state)))
    with pytest.raises(IllegalMoveError, match="name its class"):
        state.apply(PlayCard(unheld))


def test_e29_the_card_played_is_fixed_by_the_deal_and_replays() -> None:
    """E29: which card a class move plays follows from the deal (the play order, a
    hidden state drawn from the seed); the record keeps the class move and a
    record replays the same game."""
    state = until(0, holds_masked)
    move = next(m for m in state.legal_moves()
                if isinstance(m, PlayCard) and isinstance(m.card, MaskedCard))
    once, again = state.apply(move), state.apply(move)
    assert once.trick == again.trick and once.records[-1].move == move
    game = until(4, lambda s: s.is_over, 400)
    assert claim.from_json(claim.to_json(game)) == game
    assert any(isinstance(r.move, PlayCard) and isinstance(r.move.card, MaskedCard)
               for r in game.records)


def test_e29_the_first_of_the_class_in_the_play_order_is_played() -> None:
    """E29: with an explicit deal, the given play order decides."""
    dealt = claim.new_game(FIRE, seed=6)
    assert dealt.deal is not None
    deck = FIRE.deck
    hand0 = [c for c in dealt.deal.hands[0] if deck[c].faction == "fire_elementals"]
    high = [c for c in hand0 if deck[c].value >= 5]
    if len(high) < 2:
        pytest.skip("fewer than two high Fire Elementals in this hand")
    parts = {"hands": [[str(deck[c]) for c in h] for h in dealt.deal.hands],
             "draw_pile": [str(deck[c]) for c in dealt.deal.draw_pile]}
    fe = list(FIRE.ids_in(FIRE.faction_mask("fire_elementals")))
    dm = list(FIRE.ids_in(FIRE.faction_mask("demons")))
    for first in high[:2]:
        order = [first] + [c for c in fe if c != first]
        game = claim.new_game(FIRE, hidden={"fire_elementals": order, "demons": dm},
                              **parts)  # type: ignore[arg-type]
        after = game.apply("Fe:high")
        assert after.trick == (first,)
        assert after.view(1).trick == ((0, HIGH),)  # E28: not revealed before the trick ends


def test_e29_a_bad_play_order_is_refused() -> None:
    """E29: an explicit play order lists every card of the faction once."""
    dealt = claim.new_game(FIRE, seed=6)
    assert dealt.deal is not None
    deck = FIRE.deck
    parts = {"hands": [[str(deck[c]) for c in h] for h in dealt.deal.hands],
             "draw_pile": [str(deck[c]) for c in dealt.deal.draw_pile]}
    with pytest.raises(claim.DealError):
        claim.new_game(FIRE, hidden={"fire_elementals": [1, 2], "demons": []},
                       **parts)  # type: ignore[arg-type]


def test_e28_e36_values_revealed_when_the_trick_is_complete() -> None:
    """E28, E35, E36: the trick's masked cards are revealed by its completion event,
    before its ranking and powers; once revealed they stay known."""
    game = until(3, lambda s: s.is_over, 400)
    for record in game.records:
        events = record.events
        done = [i for i, e in enumerate(events) if isinstance(e, TrickCompleted)]
        if done:
            assert not masked_in(c for _, c in events[done[0]].plays)  # type: ignore[union-attr]
    for seat in (0, 1):
        view = game.view(seat)
        assert not masked_in(view.discard) and not any(masked_in(p) for p in view.score_piles)


def test_e28_a_face_up_masked_card_is_revealed_and_stays_known() -> None:
    """E28: a masked card turned face up as a prize shows its value, also once taken."""
    def taken(state: claim.GameState) -> bool:
        return any(c.faction in ("fire_elementals", "demons")
                   for s in range(2) for c in state.follower_pile(s)
                   if FIRE.deck.index(c) >= 0) and any(
            c.faction in ("fire_elementals", "demons") and c.value >= 0
            for c in state.view(0).follower_pile + state.view(1).follower_pile)

    state = until(5, taken, 400)
    shown = [c for s in (0, 1) for c in state.view(s).follower_pile
             if c.faction in ("fire_elementals", "demons") and not isinstance(c, MaskedCard)]
    assert shown
    assert all(FIRE.deck.index(c) >= 0 for c in shown)


def test_e44_knowledge_treats_masked_cards_as_unseen_with_their_class() -> None:
    """E44: the viewer's masked cards are unseen cards of their own hand, which can
    hold only cards of the classes shown (besides the cards it shows)."""
    state = claim.new_game(FIRE, seed=1)
    view = state.view(0)
    k = knowledge(view)
    masked = masked_in(view.hand)
    assert k.count(("hand", 0)) == len(masked)
    banned = dict(k.forbidden)[("hand", 0)]
    truth = Counter(state.hand(0))
    assert not truth & Counter(banned)
    # (a copy of a card the hand shows is not banned: the bans are by card kind)
    assert all(c.faction in ("fire_elementals", "demons") or c in view.hand for c in k.unseen
               if ("hand", 0) in k.where(c))


def test_e44_determinization_keeps_classes_and_reveals() -> None:
    """E44: a sampled state looks the same; its masked values keep their classes."""
    for seed in range(4):
        state = until(seed, lambda s, n=20 + seed: len(s.records) >= n)
        for seat in (0, 1, None):
            view = state.view(seat)
            sampled = Sampler(view).sample(random.Random(seed))
            assert sampled.view(seat) == view


def test_e44_an_assignment_read_once_gives_the_samples_read_anew() -> None:
    """E44: the sampler reads the unmasked view of each assignment of values once
    (its knowledge and skeleton kept); the samples are those it draws reading every
    assignment anew, from the same generator, and look the same as the view."""
    state = until(2, lambda s: len(s.records) >= 30)
    view = state.view(0)
    kept, fresh = Sampler(view), Sampler(view)
    assert kept._masked is not None and fresh._masked is not None
    first, second = random.Random(11), random.Random(11)
    for _ in range(12):
        fresh._masked._readings.clear()
        sampled = kept.sample(first)
        assert sampled == fresh.sample(second)
        assert sampled.view(0) == view
    assert 0 < len(kept._masked._readings) < 12  # assignments met again were kept


def test_e44_determinization_of_a_masked_hand_is_uniform_with_two_players() -> None:
    """E44: at the deal, the values of one's own high Fire Elementals are uniform
    among the high values not seen."""
    state = claim.new_game(FIRE, seed=1)
    view = state.view(0)
    highs = [c for c in masked_in(view.hand) if c == HIGH]
    if not highs:
        pytest.skip("no high Fire Elemental in hand")
    sampler = Sampler(view)
    counts: Counter[int] = Counter()
    rng = random.Random(7)
    runs = 300
    for _ in range(runs):
        sampled = sampler.sample(rng)
        for card in sampled.hand(0):
            if card.faction == "fire_elementals" and card.value >= 5:
                counts[card.value] += 1
    seen = {c.value for c in view.face_up if c.faction == "fire_elementals"}
    free = [v for v in range(5, 10) if v not in seen]
    expected = runs * len(highs) / len(free)
    for value in free:
        assert abs(counts[value] - expected) < 5 * expected ** 0.5, (counts, expected)


def test_e12_e44_determinization_of_masked_cards_with_a_second_deck() -> None:
    """E12, E44: with Awakeners the masked sampler ranks the second deck as sampled
    (the chance order fixed at the deal), so the Awakener's draws replay: every seat's
    view after one samples again, and the sampled deal replays to it."""
    variant = claim.mix(["knights", "goblins", "awakeners", "fire_elementals", "undead"])
    rng = random.Random(0)
    state = claim.new_game(variant, rng=rng)
    while not any(isinstance(e, Placed) and e.origin == "second deck"
                  for r in state.records for e in r.events):
        state = state.apply(rng.choice(state.legal_moves()))
    for seat in (0, 1):
        deal, sampled = Sampler(state.view(seat)).sample_deal(random.Random(seat))
        assert sampled.view(seat) == state.view(seat) and deal.chance == sampled.chance


def test_e44_the_solver_refuses_masked_cards() -> None:
    """E44: the exact solver needs full information; masked cards are hidden chance
    fixed at the deal, so it refuses them, saying why."""
    state = until(0, lambda s: s.phase is claim.Phase.SUPPORT, 400)
    with pytest.raises(SolverError, match=r"masked cards .*fire_elementals"):
        solve(state)


def test_e28_a_masked_faction_with_copies_is_refused() -> None:
    """Decision: each value of a masked faction is one card (a reveal names a card)."""
    variant = claim.variant_from_yaml("""
name: copied-masks
title: Copied masks
house: true
players: 2
factions:
  - name: liars
    code: Li
    values: [0, 0, 1, 2, 3, 4, 5, 6, 7, 8]
    power: demons
  - knights
  - goblins
  - dwarves
  - undead
""")
    with pytest.raises(claim.VariantError, match="each value is one card"):
        claim.new_game(variant, seed=0).view(0)


def test_e44_every_view_of_many_games_determinizes_to_the_same_view() -> None:
    """E44: at every move of several games played one after the other (so that
    their shared quiet records meet in the caches), the seat to move's view is
    determinized into a state whose view for that seat is the same view."""
    for game in range(8):
        rng = random.Random(game)
        state = claim.new_game(FIRE, seed=game)
        while not state.is_over:
            seat = state.current_player
            view = state.view(seat)
            assert Sampler(view).sample(random.Random(1)).view(seat) == view
            state = state.apply(rng.choice(state.legal_moves()))


@attrs.frozen
class Veiled(MaskedPower):
    """A plugin's masked faction: its cards show only low (0-5) or high (6-11)."""

    name: ClassVar[str] = "test_veiled"

    def masked_class(self, value: int) -> str | None:
        return "low" if value < 6 else "high"


if Veiled.name not in claim.registry:
    claim.registry.register(Veiled)


def test_e28_e29_a_plugin_subclassing_masked_power_plays_in_every_build() -> None:
    """docs "Masked cards": a new masked faction is a power answering `masked_class`,
    subclassing `MaskedPower` for the play order (E29). It plays with class moves
    (E28) whether the build compiled the built-in powers or not."""
    variant = claim.variant_from_yaml("""
name: veiled
house: true
factions:
  - name: veiled
    code: Vl
    values: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
    power: test_veiled
  - goblins
  - dwarves
""", "veiled.yaml")
    classes = set()
    for seed in range(3):
        rng = random.Random(seed)
        state = claim.new_game(variant, seed=seed)
        while not state.is_over:
            moves = state.legal_moves()
            classes |= {str(m) for m in moves if isinstance(m, PlayCard)
                        and isinstance(m.card, MaskedCard)}
            state = state.apply(rng.choice(moves))
        state.result()
    assert classes == {"Vl:low", "Vl:high"}


def test_a_subclass_of_a_compiled_built_in_power_is_refused_naming_it() -> None:
    """A built-in power compiled with mypyc accepts only its own class in its methods:
    registering a subclass from elsewhere is refused at once, in every build, with
    what to do instead (not a TypeError at the first hook)."""

    @attrs.frozen
    class MyKnights(Knights):
        name: ClassVar[str] = "test_my_knights"

    with pytest.raises(RegistryError, match=r"MyKnights subclasses claim\.factions\.claim1"
                                            r"\.Knights.*subclass claim\.FactionPower"):
        claim.registry.register(MyKnights)
    assert "test_my_knights" not in claim.registry


def _revealed_from_scratch(state: claim.GameState) -> int:
    """E28 read again from the whole history: every masked card of a completed trick
    or turned face up (taken too), the face-up cards, a full trick."""
    masked = FIRE.faction_mask("fire_elementals") | FIRE.faction_mask("demons")
    out = 0
    for record in state.records:
        for event in record.events:
            if isinstance(event, TrickCompleted):
                out |= sum(1 << FIRE.deck.index(card) for _, card in event.plays)
            elif isinstance(event, FaceUpTurned):
                out |= sum(1 << FIRE.deck.index(card) for card in event.cards)
            elif isinstance(event, FaceUpTaken):
                out |= 1 << FIRE.deck.index(event.card)
    out |= sum(1 << cid for cid in state.face_up)
    if len(state.trick) == FIRE.players:
        out |= sum(1 << cid for cid in state.trick)
    return out & masked


@pytest.mark.parametrize("unfolded", [1, 64])
def test_e28_reveals_read_in_any_order_of_states_match_the_history(
        monkeypatch: pytest.MonkeyPatch, unfolded: int) -> None:
    """E28: what a state has revealed is the same whichever states were read or made
    before it (the engine keeps the reveals of the state read last and adds each new
    record's events, folded when read or once ``unfolded`` wait): branching from
    earlier states, reading them out of order, replaying."""
    monkeypatch.setattr(masking, "_UNFOLDED", unfolded)
    table = masking.mask_table(FIRE)
    assert table is not None
    masked_values = table.copies
    rng = random.Random(11)
    states = [claim.new_game(FIRE, seed=11)]
    for _ in range(300):
        base = states[-1] if rng.random() < 0.7 else rng.choice(states)
        if base.is_over:
            continue
        # A move of an unmasked card, chosen from the engine's moves, reads nothing of
        # ``base``: its reveals wait to be folded with the new state's.
        quiet = [m for m in flow.legal_moves(base) if base.pending is None
                 and isinstance(m, PlayCard) and m.card not in masked_values]
        states.append(base.apply(rng.choice(quiet if quiet and rng.random() < 0.5
                                            else base.legal_moves())))
        if rng.random() < 0.3:  # the state just made (its reveals kept), or another
            probe = states[-1] if rng.random() < 0.5 else rng.choice(states)
            assert revealed(probe) == _revealed_from_scratch(probe)
    rng.shuffle(states)
    for state in states:
        assert revealed(state) == _revealed_from_scratch(state)
        if not state.is_over and state.pending is None:
            for move in state.legal_moves():  # a class move plays an unrevealed card
                if isinstance(move, PlayCard) and isinstance(move.card, MaskedCard):
                    after = state.apply(move)
                    played = after.trick[-1] if after.trick else None
                    assert played is None or not revealed(state) >> played & 1
    assert any(revealed(state) for state in states)
