"""Conformance of random games drawn from the whole catalog (every faction).

Every game is played by `claim.testing.random_playout`, which checks after every
move that each card is in exactly one place, that a legal move exists exactly until
the game is over, the follow rule (RULES 3), that ``apply`` changes nothing it is
given, the phase 1 piles, and that a replay gives the same state.

* Official mixes: `random_official_mix` (one pair, couples whole, 52 or 72 cards)
  for 2, 3 and 4 players, with rotating first leaders.
* House mixes: any factions to the deck size, pairs broken or doubled, a lone Ice
  faction, as long as the variant itself is valid.
* Rule options: every rule option every way (`option_settings`) on mixes that hold
  every optional power (Knights, Dragons, Trolls) with expansion powers.

About 480 games in about 10 s; the seeds are fixed, so a failure replays.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import claim
from claim.rules.loading import catalog, couples
from claim.testing import option_settings, random_official_mix, random_playout

GAMES = 90  # per player count, official mixes
PAIRS = catalog()[1]


def deck_size(players: int) -> int:
    return 52 if players == 2 else 72


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_official_mixes_follow_the_mixing_rule(players: int) -> None:
    """EXPANSIONS Mixing: exactly one pair, couples whole, 52/72 cards; `claim.mix`
    accepts every list as official; the same seed gives the same list; over many
    seeds every faction of the catalog is drawn."""
    known, _ = catalog()
    drawn: Counter[str] = Counter()
    for seed in range(300):
        names = random_official_mix(random.Random(seed), players)
        assert names == random_official_mix(random.Random(seed), players)
        assert len(set(names)) == len(names)
        assert sum(1 for pair in PAIRS if pair <= set(names)) == 1
        assert not any(pair & set(names) and not pair <= set(names) for pair in PAIRS)
        assert all(c <= set(names) or not c & set(names) for c in couples())
        variant = claim.mix(list(names), players)  # raises VariantError if not official
        assert not variant.house
        aside = sum(count for _, _, count in variant.tables.asides)  # E45: ten Shadows count
        assert sum(len(known[n].values) for n in names) - aside == deck_size(players)
        assert variant.dealt_size == deck_size(players)
        drawn.update(names)
    assert set(drawn) == set(known)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_official_mixes_conform(players: int) -> None:
    """R1-R15, E1-E27: seeded random games of random official mixes keep every
    invariant of the conformance kit."""
    rng = random.Random(1000 + players)
    for game in range(GAMES):
        names = random_official_mix(rng, players)
        variant = claim.mix(list(names), players)
        try:
            random_playout(variant, seed=game, first_leader=game % players)
        except Exception as error:  # name the mix and seed that failed
            raise AssertionError(f"{names} seed {game}: {error!r}") from error


def random_house_mix(rng: random.Random, players: int) -> claim.Variant:
    """Any factions of the catalog (a pair may be broken or doubled) to the deck size
    that deals (52 or 72 cards), as long as the variant is valid."""
    known, _ = catalog()
    names = list(known)
    while True:
        rng.shuffle(names)
        chosen, total = [], 0
        for name in names:
            size = len(known[name].values) - claim.registry.set_aside(known[name])  # E45
            if total + size <= deck_size(players):
                chosen.append(name)
                total += size
        if total != deck_size(players):
            continue
        try:
            return claim.mix(chosen, players, house=True)
        except claim.VariantError:  # a Giant without its prey, an Elf-Orc alone, ...
            continue


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_house_mixes_conform(players: int) -> None:
    """R11, E15-E27: powers meet in every combination a house mix allows."""
    rng = random.Random(2000 + players)
    for game in range(40):
        variant = random_house_mix(rng, players)
        try:
            random_playout(variant, seed=game, first_leader=game % players)
        except Exception as error:
            raise AssertionError(f"{variant.name} seed {game}: {error!r}") from error


OPTION_MIXES = [
    (["knights", "goblins", "dragons", "trolls", "werewolves"], 2),
    (["knights", "goblins", "dragons", "trolls", "yetis", "frostbeasts", "basilisks"], 3),
    (["knights", "goblins", "dragons", "trolls", "satyrs", "druids", "zombies"], 4),
]


@pytest.mark.parametrize("factions, players", OPTION_MIXES)
def test_every_rule_option_both_ways(factions: list[str], players: int) -> None:
    """R4, R8, R9 with expansion powers: each rule option is played with each of its
    choices (``knights_beat_all_goblins``, ``dragon_lead``, ``troll_queue_order``)."""
    base = claim.mix(factions, players)
    settings = option_settings(base)
    seen = {name: {s[name] for s in settings} for name in settings[0]}
    assert {"knights_beat_all_goblins", "dragon_lead", "troll_queue_order"} <= set(seen)
    assert all(len(values) >= 2 for values in seen.values())
    for options in settings:
        variant = claim.mix(factions, players, options=options)
        for seed in range(15):
            random_playout(variant, seed, first_leader=seed % players)
