"""Determinization of every kind of hidden information (E44, RULES 7): a sampled state
is consistent with everything the player saw, in official mixes of every faction with
hidden information beside the others (issue #24).

Each case plays random games and, every third move, determinizes the view of the seat
to move and checks that the sampled state shows that seat the same view. The named
mixes are the ones where a combination of powers once broke it; the random ones draw
new combinations from a fixed seed; the Phoenixes (E41) have cases of their own, for
2, 3 and 4 players and the built-in ``phoenix-fire-3p``, which must see Fire Phoenixes
drawn unseen by another seat."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import claim
from claim.core.records import PlacedUnseen
from claim.core.zones import Zone
from claim.factions.exp_phoenixes import FIRE_DECK
from claim.info._sampled_deal import Deal
from claim.info.sampling import Sampler, sample
from claim.testing import random_official_mix

HIDDEN = {"fire_elementals", "demons", "tricksters", "poisoners", "shadows", "vampires",
          "wizards", "minotaurs", "phoenixes"}

BROKEN_ONCE = [
    # Ghosts bring a card from the discard to the viewer's follower pile, which
    # holds a masked card: its plain cards were counted twice (E44, knowledge).
    (("gnomes", "giants", "ghosts", "minotaurs", "demons"), 2),
    # Potions drunk are public: the masked path drew the potion deck anew (E34, E44).
    (("goblins", "knights", "ghosts", "demons", "wizards"), 2),
    # Awakeners' second deck (E12): the masked path had no chance order.
    (("elves", "orcs", "elf_orcs", "awakeners", "shadows", "fire_elementals"), 2),
    # A Seer's peek at a masked card later drawn by the viewer (E28, E44).
    (("elves", "orcs", "elf_orcs", "undead", "seers", "demons"), 2),
    (("gnomes", "giants", "dragons", "seers", "unicorns", "fire_elementals", "wizards"), 4),
    # A card taken back (E42) was counted as played and as held.
    (("gnomes", "giants", "druids", "shapeshifters", "mermaids", "werewolves",
      "minotaurs"), 4),
]


def _random_mixes(count: int, seed: int, players: tuple[int, ...] = (2, 3, 4),
                  holding: frozenset[str] = frozenset(HIDDEN)
                  ) -> list[tuple[tuple[str, ...], int]]:
    """``count`` random official mixes for ``players`` holding one of ``holding``."""
    rng = random.Random(seed)
    out: list[tuple[tuple[str, ...], int]] = []
    while len(out) < count:
        seats = rng.choice(players)
        names = random_official_mix(rng, seats)
        if holding & set(names):
            out.append((names, seats))
    return out


def _unseen_fire_draws(state: claim.GameState, seat: int | None) -> int:
    """How many Fire Phoenixes seats other than ``seat`` drew unseen so far (E41)."""
    return sum(1 for record in state.records for event in record.events
               if isinstance(event, PlacedUnseen) and event.origin == FIRE_DECK.name
               and event.zone is Zone.HAND and event.seat != seat)


def _determinizes(variant: claim.Variant, games: int) -> int:
    """Plays ``games`` random games, checking every third move; returns how many of
    the checks were made while the viewer faced another seat's unseen Fire Phoenix."""
    hidden_draws = 0
    for game in range(games):
        rng = random.Random(game)
        state = claim.new_game(variant, seed=game)
        moves = 0
        while not state.is_over:
            if moves % 3 == 0:
                seat = state.current_player
                view = state.view(seat)
                assert sample(view, random.Random(1)).view(seat) == view, (
                    variant.name, game, moves)
                hidden_draws += _unseen_fire_draws(state, seat) > 0
            state = state.apply(rng.choice(state.legal_moves()))
            moves += 1
    return hidden_draws


@pytest.mark.parametrize(("names", "players"), BROKEN_ONCE,
                         ids=["-".join(names[-2:]) + f"-{players}p"
                              for names, players in BROKEN_ONCE])
def test_e44_mixes_that_once_broke_determinization(names: tuple[str, ...],
                                                    players: int) -> None:
    """E44: each of these mixes, three games."""
    _determinizes(claim.mix(list(names), players), games=3)


@pytest.mark.parametrize(("names", "players"), _random_mixes(24, seed=2026))
def test_e44_random_official_mixes_with_hidden_factions_determinize(
        names: tuple[str, ...], players: int) -> None:
    """E44, E45: random official mixes holding a faction with hidden information."""
    _determinizes(claim.mix(list(names), players), games=2)


PHOENIX_MIXES = [mix for players in (2, 3, 4) for mix in _random_mixes(
    1, seed=2026 + players, players=(players,), holding=frozenset({"phoenixes"}))]


@pytest.mark.parametrize(("names", "players"), PHOENIX_MIXES,
                         ids=[f"phoenixes-{players}p" for _, players in PHOENIX_MIXES])
def test_e41_random_official_mixes_with_phoenixes_determinize(
        names: tuple[str, ...], players: int) -> None:
    """E41, E44: a Fire Phoenix another seat drew is a hidden card of that seat's hand,
    drawn from the Fire Phoenix deck; a random official mix with the Phoenixes for 2,
    3 and 4 players determinizes consistently, such draws included."""
    assert _determinizes(claim.mix(list(names), players), games=2) > 0


def test_e41_phoenix_fire_3p_determinizes() -> None:
    """E41, E44: the built-in mix ``phoenix-fire-3p`` (Phoenixes beside Fire
    Elementals) determinizes consistently, other seats' unseen draws included."""
    assert _determinizes(claim.load_variant("phoenix-fire-3p"), games=3) > 0


def sampled_deals(variant: claim.Variant, seeds: list[int], moves: int, draws: int
                  ) -> Iterator[Deal]:
    """Deals sampled from seat 0's view of a game of each seed, after ``moves`` random
    moves times the seed's place in ``seeds``, ``draws`` per view; each as a
    `claim.info._sampled_deal.Deal` with no chance order (as the sampler starts it)."""
    for index, seed in enumerate(seeds):
        rng = random.Random(seed)
        state = claim.new_game(variant, seed=seed)
        for _ in range(index * moves):
            state = state.apply(rng.choice(state.legal_moves()))
        sampler = Sampler(state.view(0))
        for draw in range(draws):
            deal = sampler.sample_deal(random.Random(draw))[0]
            yield Deal(deal.hands, deal.draw_pile, deal.first_leader, (), deal.set_aside,
                       deal.hidden)


@pytest.mark.parametrize("names", [
    ("goblins", "knights", "shadows", "tricksters", "undead"),  # shadow-tricks
    ("goblins", "knights", "poisoners", "tricksters", "wizards"),  # fire-magic
    ("goblins", "knights", "unicorns", "shapeshifters", "shadows", "tricksters", "phoenixes",
     "fire_phoenixes"),
    ("knights", "goblins", "fire_elementals", "demons", "undead"),  # fire-masks (E29)
])
def test_a_sampled_deal_starts_as_new_game_starts_it(names: tuple[str, ...]) -> None:
    """The sampler starts a deal with cards set aside (E33: Shadows, the Fire Phoenix
    deck) and hidden power states (E30 fakes, E32 toxic cards, E29 the masked cards'
    play order) from a template, not
    through `claim.new_game`: the same state, card ids, zones, power states and
    recorded deal as `new_game` gives the explicit deal."""
    from claim.info._dealing import starter

    players = 2 if len(names) == 5 else 3
    variant = claim.mix(list(names), players)
    start = starter(variant)
    assert start.template is not None
    assert variant.tables.asides or variant.tables.hidden_states
    for deal in sampled_deals(variant, list(range(4)), 7, 4):
        assert start.start(deal) == deal.start(variant)


def test_a_sampled_deal_runs_the_start_of_powers_acting_at_the_start() -> None:
    """Powers that act when a game starts (the Satyrs: a Satyr among the first
    face-up cards makes the first trick a Satyr trick, E13 and E18; the Elf-Orcs'
    ``phase_start``, E3) are run on the sampler's template-built deal as
    `claim.new_game` runs them: the same state as `new_game` gives the explicit
    deal, Satyr tricks included."""
    from claim.info._dealing import starter

    variant = claim.mix(["elves", "orcs", "elf_orcs", "satyrs", "zombies", "yetis"], 2)
    start = starter(variant)
    assert start.starting and start.base is not None
    firsts = [bool(claim.new_game(variant, seed=seed).power_state("satyrs"))
              for seed in range(100)]
    satyr_tricks = 0
    for deal in sampled_deals(variant, [firsts.index(True), firsts.index(False), 0, 1], 5, 6):
        started = start.start(deal)
        assert started == deal.start(variant)
        satyr_tricks += bool(started.power_state("satyrs"))
    assert satyr_tricks  # a Satyr was turned face up: the start acted
