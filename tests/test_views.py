"""Views, knowledge, determinization and observations (RULES 7, issue #10)."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Sequence

import attrs
import pytest

import claim
from claim.core.errors import SeatError, ViewError
from claim.core.records import CardDrawn, Peeked, PlacedUnseen
from claim.info._drawn import never_dealt
from claim.info.knowledge import knowledge, void_cards
from claim.info.observation import observation, observation_size
from claim.info.sampling import Sampler, sample, sample_deal
from claim.io.view_json import view_from_json
from claim.rules.views import HiddenEvent, View
from claim.testing import LeakError, check_no_leaks, check_views, random_official_mix

GHOSTS = ["goblins", "knights", "undead", "ghosts", "seers"]
AWAKENERS = ["goblins", "knights", "dwarves", "awakeners", "ghosts"]


def play_until(variant: claim.Variant | str, seed: int,
               stop: Callable[[claim.GameState], bool]) -> claim.GameState:
    """Random legal play from ``seed`` until ``stop`` holds (the first seed that gets there)."""
    for offset in range(200):
        rng = random.Random(seed + offset)
        state = claim.new_game(variant, rng=rng)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_moves()))
            if stop(state):
                return state
    raise AssertionError("no game reached the wanted moment")


def midgame(variant: claim.Variant | str = "claim", seed: int = 3, moves: int = 20
            ) -> claim.GameState:
    rng = random.Random(seed)
    state = claim.new_game(variant, seed=seed)
    for _ in range(moves):
        state = state.apply(rng.choice(state.legal_moves()))
    return state


def last_events(state: claim.GameState) -> tuple[object, ...]:
    return state.records[-1].events


# -- views -------------------------------------------------------------------


def test_rules7_a_view_shows_the_own_hand_and_only_counts_of_others() -> None:
    """RULES 7: own hand and follower pile; other hands and the draw pile as counts."""
    state = midgame()
    view = state.view(0)
    assert view.hand == state.hand(0)
    assert view.follower_pile == state.follower_pile(0)
    assert view.hand_sizes == (state.hand_size(0), state.hand_size(1))
    assert view.draw_pile_size == state.draw_pile_size
    assert json.loads(claim.to_json(view))["hand"] == [str(c) for c in state.hand(0)]
    hand, top = state.hand_masks[1], state.draw_pile[-1]
    card = next(c for c in state.variant.ids_in(hand)
                if state.variant.deck[c] != state.variant.deck[top])
    masks = (state.hand_masks[0], hand ^ (1 << card) ^ (1 << top))
    swapped = attrs.evolve(state, hand_masks=masks, draw_pile=state.draw_pile[:-1] + (card,))
    assert swapped.view(0) == view and swapped.view(1) != state.view(1)


def test_rules7_spectator_sees_no_hand_and_no_legal_moves() -> None:
    """RULES 7: a spectator view has public information only."""
    state = midgame()
    view = state.spectator_view()
    assert view == state.view(None)
    assert view.seat is None and view.hand == () and view.follower_pile == ()
    assert view.legal_moves == ()
    assert not any(isinstance(e, CardDrawn) for r in view.history for e in r.events)


def test_rules7_legal_moves_only_for_the_seat_to_act() -> None:
    """RULES 7: the legal moves are in the view of the player to act, nobody else's."""
    state = midgame()
    mover = state.current_player
    assert mover is not None
    assert state.view(mover).legal_moves == state.legal_moves()
    assert state.view(1 - mover).legal_moves == ()


def test_rules7_team_game_hides_the_partners_hand() -> None:
    """RULES 2, 7: in the 4-player game a partner's hand is hidden like any other."""
    state = midgame("knights-4p", moves=6)
    hands = list(state.hand_masks)
    deck = state.variant.deck
    a, b = next((a, b) for a in state.variant.ids_in(hands[2])
                for b in state.variant.ids_in(hands[3]) if deck[a] != deck[b])
    hands[2] ^= (1 << a) | (1 << b)
    hands[3] ^= (1 << a) | (1 << b)
    swapped = attrs.evolve(state, hand_masks=tuple(hands))
    assert swapped.view(0) == state.view(0)
    assert swapped.view(2) != state.view(2)


@pytest.mark.parametrize("seat", [2, -1, "0", True, 1.0])
def test_rules7_a_bad_seat_is_a_seat_error(seat: object) -> None:
    """RULES 2: seats are 0..n-1; anything else is a SeatError naming the value."""
    with pytest.raises(SeatError, match="seat must be"):
        claim.new_game("claim", seed=1).view(seat)  # type: ignore[arg-type]


def test_r10_seer_peek_is_seen_by_the_winner_only() -> None:
    """RULES 4 (Seers), 7: the peeked card is private to the Seer's winner."""
    state = play_until("claim2", 0, lambda s: any(isinstance(e, Peeked)
                                                   for e in last_events(s)))
    peek = next(e for e in last_events(state) if isinstance(e, Peeked))
    mine = state.view(peek.seat).history[-1].events
    theirs = state.view(1 - peek.seat).history[-1].events
    assert peek in mine
    assert HiddenEvent("Peeked", peek.seat, claim.Zone.DRAW_PILE) in theirs
    assert peek not in theirs and peek not in state.view(None).history[-1].events
    known = knowledge(state.view(peek.seat))
    assert known.top == peek.card


def test_rules7_cards_drawn_are_private_to_the_drawer() -> None:
    """RULES 3, 7: the loser's drawn follower is seen only by them."""
    state = play_until("claim", 1, lambda s: any(isinstance(e, CardDrawn)
                                                  for e in last_events(s)))
    drawn = next(e for e in last_events(state) if isinstance(e, CardDrawn))
    assert drawn in state.view(drawn.seat).history[-1].events
    other = state.view(1 - drawn.seat).history[-1].events
    assert drawn not in other
    assert any(isinstance(e, HiddenEvent) and e.kind == "CardDrawn" for e in other)


def test_e6_a_card_discarded_unseen_stays_hidden() -> None:
    """E6, RULES 7: the top card a Ghost's keeper forgoes is discarded unseen by all."""
    variant = claim.mix(GHOSTS, 2)
    state = play_until(variant, 0, lambda s: any(isinstance(e, PlacedUnseen)
                                                  for e in last_events(s)))
    gone = next(e for e in last_events(state) if isinstance(e, PlacedUnseen))
    for seat in (0, 1, None):
        view = state.view(seat)
        assert view.unseen_discards == 1
        assert Counter(view.discard) + Counter([gone.card]) == Counter(state.discard())
        check_no_leaks(state, seat, random.Random(1))


def test_e12_second_deck_order_is_hidden() -> None:
    """E12, E24: every seat sees the second deck's size only, not its order."""
    variant = claim.mix(AWAKENERS, 2)
    state = play_until(variant, 0, lambda s: s.phase is claim.Phase.SUPPORT
                       and len(s.zone("second deck")) > 2)
    index = variant.tables.zone_index["second deck"]
    zones = list(state.zones)
    zones[index] = tuple(reversed(zones[index]))
    reordered = attrs.evolve(state, zones=tuple(zones))
    for seat in (0, 1, None):
        assert reordered.view(seat) == state.view(seat)
        assert claim.to_json(reordered.view(seat)) == claim.to_json(state.view(seat))


def test_rules7_power_states_are_public() -> None:
    """E8, E3: power state (the moon, declarations) is in every view."""
    state = midgame(claim.mix(["elves", "orcs", "elf_orcs", "werewolves", "seers", "undead"], 2))
    for seat in (0, 1, None):
        assert dict(state.view(seat).power_states)["werewolves"] == state.power_state("werewolves")


def test_views_render_as_text() -> None:
    """RULES 7: a view reads as text naming the viewer's hand, never the other's."""
    state = midgame()
    text = str(state.view(0))
    assert "seen by seat 0" in text and "your hand: " + " ".join(map(str, state.hand(0))) in text
    assert "seen by spectator" in state.view(None).render()


# -- JSON --------------------------------------------------------------------


@pytest.mark.parametrize("name", claim.builtin_variants())
def test_view_json_round_trip_every_builtin(name: str) -> None:
    """RULES 7: views serialize to JSON with stable keys and read back equal."""
    state = midgame(name, moves=25)
    for seat in [*range(state.variant.players), None]:
        view = state.view(seat)
        text = claim.to_json(view)
        assert text == claim.to_json(view)
        assert list(json.loads(text)) == sorted(json.loads(text))
        assert claim.from_json(text) == view


@pytest.mark.parametrize(("edit", "field"), [
    (lambda d: d.update(version=2), "version"),
    (lambda d: d.update(format="x"), "format"),
    (lambda d: d.update(hand=["Zz9"]), "hand"),
    (lambda d: d.pop("draw_pile_size"), "draw_pile_size"),
    (lambda d: d.update(seat=7), "seat"),
    (lambda d: d.update(hand=d["hand"][:-1]), "hand"),
    (lambda d: d.update(draw_pile_size=d["draw_pile_size"] + 1), "draw_pile_size"),
    (lambda d: d["history"][0].update(move="Qq1"), "history[0].move"),
])
def test_view_json_refuses_bad_documents(edit: Callable[[dict[str, object]], object],
                                         field: str) -> None:
    """Bad input: another version, a bad card, a missing field: a ViewError naming it."""
    doc = json.loads(claim.to_json(midgame().view(0)))
    edit(doc)
    with pytest.raises(ViewError) as info:
        view_from_json(json.dumps(doc))
    assert info.value.field == field


def test_view_json_refuses_truncated_text() -> None:
    """Bad input: a truncated document is a ViewError from the view's reader, and a
    SaveError from `claim.from_json`, which cannot tell what it was."""
    text = claim.to_json(midgame().view(0))[:-10]
    with pytest.raises(ViewError, match="not JSON"):
        view_from_json(text)
    with pytest.raises(claim.SaveError, match="not JSON"):
        claim.from_json(text)


# -- knowledge -----------------------------------------------------------------


def test_rules3_void_inference_after_not_following() -> None:
    """RULES 3: a player who did not follow held none of the lead faction then."""
    variant = claim.load_variant("claim")
    kn, gb, dp = (variant.parse_card(t) for t in ("Kn5", "Gb3", "Dp4"))
    assert {c.faction for c in void_cards(variant, "knights", gb)} == {"knights"}
    assert void_cards(variant, "knights", dp) == frozenset()  # R2: always playable
    assert void_cards(variant, "knights", kn) == frozenset()


def test_e3_elf_orcs_oblige_on_elf_and_orc_leads() -> None:
    """E3: a dual card follows Elves and Orcs, so not following Elves rules it out."""
    variant = claim.mix(["elves", "orcs", "elf_orcs", "undead", "seers", "dwarves"], 2)
    undead = next(c for c in variant.deck if c.faction == "undead")
    banned = {c.faction for c in void_cards(variant, "elves", undead)}
    assert banned == {"elves", "elf_orcs"}


def test_rules3_knowledge_forbids_void_factions_in_this_phase_only() -> None:
    """RULES 3: voids hold for the phase's hand; phase 2 hands are new (follower piles)."""
    state = play_until("claim", 0, lambda s: any(
        r.seat == 1 and not s.trick and s.phase is claim.Phase.RECRUIT for r in s.records[-1:])
        and bool(knowledge(s.view(0)).forbidden))
    known = knowledge(state.view(0))
    banned = dict(known.forbidden)[("hand", 1)]
    assert not Counter(state.hand(1)) & Counter(banned)
    for card in banned:
        assert ("hand", 1) not in known.where(card)
    later = play_until("claim", 0, lambda s: s.phase is claim.Phase.SUPPORT
                       and len(s.records[-1].events) > 3 and not s.trick)
    assert knowledge(later.view(0)).forbidden == () or all(
        not Counter(later.hand(1)) & Counter(b) for _, b in knowledge(later.view(0)).forbidden)


def test_knowledge_counts_match_the_hidden_places() -> None:
    """RULES 7: unseen cards fill exactly the hidden places' unknown slots."""
    for seed in range(5):
        state = midgame(seed=seed, moves=10 + 7 * seed)
        for seat in (0, 1, None):
            known = knowledge(state.view(seat))
            assert len(known.unseen) == sum(n for _, n in known.places)


# -- determinization -------------------------------------------------------------


def test_sample_gives_the_same_view_and_a_legal_history() -> None:
    """RULES 7: a sampled state looks the same to the viewer and replays from its deal."""
    for name in ("claim", "claim2", "giants-3p", "knights-4p"):
        state = midgame(name, moves=23)
        for seat in [*range(state.variant.players), None]:
            view = state.view(seat)
            deal, sampled = sample_deal(view, random.Random(5))
            assert sampled.view(seat) == view
            replayed = deal.start(state.variant)
            for record in state.records:
                replayed = replayed.apply(record.move)
            assert replayed == sampled


def test_sample_is_deterministic_for_a_seeded_rng() -> None:
    """Determinism: the same rng seed gives the same sample."""
    view = midgame().view(0)
    assert sample(view, random.Random(9)) == sample(view, random.Random(9))


def test_sample_is_uniform_over_the_opponents_hand_with_two_players() -> None:
    """RULES 7: with no voids each unseen card is in the opponent's hand with
    probability (unknown hand cards) / (unseen cards); checked within 5 sigma."""
    state = midgame(seed=11, moves=8)
    view = state.view(0)
    known = knowledge(view)
    assert known.forbidden == ()
    rng = random.Random(3)
    runs = 1500
    counts: Counter[claim.Card] = Counter()
    for _ in range(runs):
        counts.update(set(sample(view, rng).hand(1)))
    share = known.count(("hand", 1)) / len(known.unseen)
    spread = 5 * (runs * share * (1 - share)) ** 0.5
    for card in set(known.unseen):
        copies = known.unseen.count(card)
        expected = runs * (1 - (1 - share) ** copies) if copies > 1 else runs * share
        assert abs(counts[card] - expected) < spread * copies, card


def test_sample_refuses_a_non_random_rng() -> None:
    """Determinism: sampling needs a given random.Random, never global randomness."""
    with pytest.raises(claim.ArgumentError):
        sample(midgame().view(0), 7)  # type: ignore[arg-type]


# -- leak checks -------------------------------------------------------------------


@pytest.mark.parametrize("name", claim.builtin_variants())
def test_rules7_no_leaks_in_builtin_variants(name: str) -> None:
    """RULES 7: hidden differences never show; visible ones always do."""
    assert check_views(name, range(2)) > 0


@pytest.mark.parametrize("seed", range(8))
def test_rules7_no_leaks_in_random_mixes(seed: int) -> None:
    """RULES 7, EXPANSIONS: the same on random official mixes of every size."""
    players = (2, 3, 4)[seed % 3]
    names = random_official_mix(random.Random(seed), players)
    assert check_views(claim.mix(list(names), players), range(2)) > 0


def test_leak_check_catches_a_leaking_view(monkeypatch: pytest.MonkeyPatch) -> None:
    """RULES 7: the leak check fails when a view shows another seat's hand."""
    import claim.rules.views as views

    real = views.view_of

    def leaky(state: claim.GameState, seat: int | None) -> View:
        view = real(state, seat)
        return attrs.evolve(view, hand=state.hand(1))

    monkeypatch.setattr(views, "view_of", leaky)
    with pytest.raises(LeakError):
        check_no_leaks(midgame(), 0, random.Random(1))


# -- observations ---------------------------------------------------------------------


@pytest.mark.parametrize("name", claim.builtin_variants())
def test_observation_has_a_fixed_length_and_counts_every_card(name: str) -> None:
    """Encodings: one length per variant; every card is counted once in part 1."""
    variant = claim.load_variant(name)
    size = observation_size(variant)
    state = claim.new_game(variant, seed=2)
    rng = random.Random(2)
    kinds = len(dict.fromkeys(variant.deck))
    from claim.info.observation import card_locations

    while not state.is_over:
        for seat in (0, None):
            vector = observation(state.view(seat))
            assert len(vector) == size
            # (a masked card counts as shares of its class's cards, E44: floats)
            assert sum(vector[: kinds * card_locations(variant)]) == pytest.approx(
                len(variant.deck))
        state = state.apply(rng.choice(state.legal_moves()))


def _true_cards(state: claim.GameState, place: tuple[str, int | None],
                pinned: Sequence[claim.Card] = ()) -> Counter[claim.Card]:
    """The cards ``place`` really holds; ``pinned``: the cards the viewer knows to be
    in that seat's hand (a Fire Phoenix another seat drew is in its hand, but in the
    place ``(zone, seat)`` unless the viewer saw it go there, E41, E44)."""
    name, seat = place
    apart = never_dealt(state.variant)
    if seat is not None and name in {z.name for z in state.variant.tables.zone_specs}:
        drawn = Counter(c for c in state.hand(seat) if c.faction in apart)
        return drawn - Counter(pinned)
    if name == "hand" and seat is not None:
        hand = Counter(state.hand(seat))
        return hand - (Counter(c for c in hand.elements() if c.faction in apart)
                       - Counter(pinned))
    if name == "follower pile" and seat is not None:
        return Counter(state.follower_pile(seat))
    if name == "draw pile":
        return Counter(state.variant.deck[c] for c in state.draw_pile)
    if name == "discard":
        return Counter(state.discard())
    if name == "trick":  # masked cards played to the current trick (E44)
        return Counter(card for _, card in state.trick_cards)
    return Counter(state.zone(name, seat))


@pytest.mark.parametrize("seed", range(12))
def test_rules3_knowledge_never_rules_out_the_truth(seed: int) -> None:
    """RULES 3, R2, E3, E13: known cards are where the knowledge says, and no card a
    hand really holds is ruled out by void inference (mixes with Satyrs, Elf-Orcs)."""
    players = (2, 3, 4, 2)[seed % 4]
    rng = random.Random(seed)
    if seed % 4 == 3:
        variant = claim.mix(["elves", "orcs", "elf_orcs", "satyrs", "doppelgangers", "seers"], 2)
    else:
        names = random_official_mix(rng, players)
        variant = claim.mix(list(names), players)
    state = claim.new_game(variant, rng=rng)
    while not state.is_over:
        for seat in [*range(variant.players), None]:
            known = knowledge(state.view(seat))
            pins = dict(known.known)
            for place, cards in known.known:
                assert Counter(cards) <= _true_cards(state, place, cards), (place, cards)
            for place, banned in known.forbidden:
                pinned = pins.get(("hand", place[1]), ())
                assert not _true_cards(state, place, pinned) & Counter(banned), place
            if known.top is not None:
                assert state.variant.deck[state.draw_pile[0]] == known.top
        state = state.apply(rng.choice(state.legal_moves()))


def test_r10_a_peeked_card_drawn_by_the_loser_stays_known_to_the_winner() -> None:
    """RULES 4 (Seers): the winner who took the face-up card knows the card the loser
    then drew; every state sampled from the winner's view gives it to the loser."""
    def drawn_after_peek(state: claim.GameState) -> bool:
        if len(state.records) < 2 or state.phase is not claim.Phase.RECRUIT:
            return False
        peeks = [e for e in state.records[-2].events if isinstance(e, Peeked)]
        draws = [e for e in last_events(state) if isinstance(e, CardDrawn)]
        return bool(peeks and draws and draws[0].seat != peeks[0].seat)

    state = play_until("claim2", 0, drawn_after_peek)
    peek = next(e for e in state.records[-2].events if isinstance(e, Peeked))
    loser = 1 - peek.seat
    view = state.view(peek.seat)
    assert (("follower pile", loser), (peek.card,)) in [
        (p, tuple(c for c in cards if c == peek.card)) for p, cards in knowledge(view).known]
    rng = random.Random(4)
    for _ in range(20):
        assert peek.card in sample(view, rng).follower_pile(loser)


def test_e6_e24_sampling_with_unseen_discards_and_a_second_deck() -> None:
    """E6, E12, E24: states sampled with a card discarded unseen, before and after it
    joins the hidden second deck, look the same to every seat."""
    variant = claim.mix(AWAKENERS, 2)
    before = play_until(variant, 0, lambda s: any(isinstance(e, PlacedUnseen)
                                                   for e in last_events(s)))
    after = play_until(variant, 0, lambda s: s.phase is claim.Phase.SUPPORT and any(
        isinstance(e, PlacedUnseen) for r in s.records for e in r.events) and len(s.records) > 40)
    rng = random.Random(2)
    for state in (before, after):
        for seat in (0, 1, None):
            view = state.view(seat)
            deal, sampled = sample_deal(view, rng)
            assert sampled.view(seat) == view
            assert Counter(deal.draw_pile) + sum(map(Counter, deal.hands), Counter()) == Counter(
                variant.deck)


def test_rules3_sampling_with_a_void_is_uniform_over_the_allowed_cards() -> None:
    """RULES 3, 7: with a known void, the opponent's hand is drawn uniformly from
    the unseen cards its void allows, and never holds a card it rules out."""
    state = play_until("claim", 5, lambda s: s.phase is claim.Phase.RECRUIT
                       and not s.trick and s.hand_size(1) >= 6
                       and bool(knowledge(s.view(0)).forbidden))
    view = state.view(0)
    known = knowledge(view)
    banned = dict(known.forbidden)[("hand", 1)]
    allowed = [card for card in known.unseen if card not in banned]
    size = known.count(("hand", 1))
    sampler = Sampler(view)
    rng = random.Random(8)
    runs = 1200
    counts: Counter[claim.Card] = Counter()
    for _ in range(runs):
        counts.update(sampler.sample(rng).hand(1))
    assert not set(counts) & banned
    for card in set(allowed):
        expected = runs * size * allowed.count(card) / len(allowed)
        assert abs(counts[card] - expected) < 5 * expected ** 0.5 + 5, card


def test_rules7_placements_are_uniform_with_voids_in_several_hands() -> None:
    """RULES 3, 7: with voids in two hands (3-4 players, a spectator), every
    consistent placement is equally likely: here 7 placements, 1/7 each."""
    from claim.info._placing import place as _place
    from claim.info.knowledge import Knowledge

    a, b, c, d = (claim.Card("knights", v) for v in (2, 3, 4, 5))
    known = Knowledge(
        seat=0, unseen=(a, b, c, d),
        places=((("hand", 1), 1), (("hand", 2), 1), (("draw pile", None), 2)),
        known=(), forbidden=((("hand", 1), frozenset({a})), (("hand", 2), frozenset({b}))))
    rng = random.Random(6)
    runs = 7000
    seen = Counter((p[("hand", 1)][0], p[("hand", 2)][0])
                   for p in (_place(known, rng) for _ in range(runs)))
    assert len(seen) == 7 and (a, b) not in seen
    for count in seen.values():
        assert abs(count - runs / 7) < 5 * (runs / 7 * 6 / 7) ** 0.5


@pytest.mark.parametrize("name", ["claim", "claim2", "frost-court-3p"])
def test_views_built_on_a_kept_prefix_equal_views_read_afresh(name: str) -> None:
    """RULES 7: a view is a function of the state and seat only. Views of successive
    states extend the projected history kept from the previous one
    (`claim.rules.view_history`);
    each must equal the view read with nothing kept, and say the same unseen
    discards."""
    from claim.rules import view_history, views

    rng = random.Random(5)
    state = claim.new_game(name, seed=5)
    states = [state]
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
        states.append(state)
    seats = [*range(state.variant.players), None]
    kept = [[s.view(seat) for seat in seats] for s in states]
    for state, row in zip(states, kept):
        view_history._prefixes(state.variant).clear()
        views._VIEWS.clear()
        assert [views.view_of(state, seat) for seat in seats] == row
