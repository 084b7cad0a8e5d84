"""Determinization of every kind of hidden information (E44, RULES 7): a sampled state
is consistent with everything the player saw, in official mixes of every faction with
hidden information beside the others (issue #24).

Each case plays random games and, every third move, determinizes the view of the seat
to move and checks that the sampled state shows that seat the same view. The named
mixes are the ones where a combination of powers once broke it; the random ones draw
new combinations from a fixed seed."""

from __future__ import annotations

import random

import pytest

import claim
from claim.info.sampling import sample
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


def _random_mixes(count: int, seed: int) -> list[tuple[tuple[str, ...], int]]:
    rng = random.Random(seed)
    out: list[tuple[tuple[str, ...], int]] = []
    while len(out) < count:
        players = rng.choice([2, 3, 4])
        names = random_official_mix(rng, players)
        if HIDDEN & set(names):
            out.append((names, players))
    return out


def _determinizes(names: tuple[str, ...], players: int, games: int) -> None:
    variant = claim.mix(list(names), players)
    for game in range(games):
        rng = random.Random(game)
        state = claim.new_game(variant, seed=game)
        moves = 0
        while not state.is_over:
            if moves % 3 == 0:
                seat = state.current_player
                view = state.view(seat)
                assert sample(view, random.Random(1)).view(seat) == view, (names, game, moves)
            state = state.apply(rng.choice(state.legal_moves()))
            moves += 1


@pytest.mark.parametrize(("names", "players"), BROKEN_ONCE,
                         ids=["-".join(names[-2:]) + f"-{players}p"
                              for names, players in BROKEN_ONCE])
def test_e44_mixes_that_once_broke_determinization(names: tuple[str, ...],
                                                    players: int) -> None:
    """E44: each of these mixes, three games."""
    _determinizes(names, players, games=3)


@pytest.mark.parametrize(("names", "players"), _random_mixes(24, seed=2026))
def test_e44_random_official_mixes_with_hidden_factions_determinize(
        names: tuple[str, ...], players: int) -> None:
    """E44, E45: random official mixes holding a faction with hidden information."""
    _determinizes(names, players, games=2)
