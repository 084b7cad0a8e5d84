"""Official mixes, house mixes, variant YAML and the built-in variants (RULES 1-2).

The official combinations are written out here from the rules, not read from the
engine: a deck holds exactly one pair (Knights & Goblins or Gnomes & Giants) plus
3 other factions for 2 players, or 5 others for 3-4 players; the others never
include a member of the other pair.
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

import claim
from claim.testing import random_playout

PAIRS = (("knights", "goblins"), ("gnomes", "giants"))
OTHERS = ("undead", "dwarves", "doppelgangers", "dragons", "trolls", "seers")
SIZES = {  # RULES 1
    "goblins": 14, "knights": 8, "undead": 10, "dwarves": 10, "doppelgangers": 10,
    "gnomes": 13, "giants": 9, "dragons": 10, "trolls": 10, "seers": 10,
}


def official_mixes(players: int) -> list[tuple[str, ...]]:
    """Every official faction list for ``players`` (RULES 2): a pair plus others."""
    count = 3 if players == 2 else 5
    return [
        pair + others
        for pair in PAIRS
        for others in itertools.combinations(OTHERS, count)
    ]


MIXES_2P = official_mixes(2)
MIXES_3P = official_mixes(3)


def _id(factions: tuple[str, ...]) -> str:
    return "-".join(factions)


# -- official mixes ------------------------------------------------------------------


def test_rules_2_there_are_forty_official_two_player_mixes() -> None:
    """RULES 2: one of 2 pairs and any 3 of the 6 other factions: 2 x C(6,3) = 40."""
    assert len(MIXES_2P) == 40
    assert len(set(map(frozenset, MIXES_2P))) == 40
    assert len(MIXES_3P) == 12


@pytest.mark.parametrize("factions", MIXES_2P, ids=_id)
def test_rules_2_every_official_two_player_mix_deals_52_cards(
    factions: tuple[str, ...],
) -> None:
    """RULES 2: every combined 2-player deck has 52 cards: 13 each, 26 to draw."""
    variant = claim.mix(list(factions))
    assert variant.players == 2 and not variant.house
    assert len(variant.deck) == 52 == sum(SIZES[f] for f in factions)
    assert variant.hand_size == 13
    assert [f.name for f in variant.factions] == list(factions)
    for faction in factions:
        assert sum(c.faction == faction for c in variant.deck) == SIZES[faction]
    state = claim.new_game(variant, seed=1)
    assert state.hand_size(0) == state.hand_size(1) == 13
    assert len(state.face_up_cards) == 1
    assert state.draw_pile_size == 25


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("factions", MIXES_3P, ids=_id)
def test_rules_2_every_official_mix_for_3_and_4_players_deals_72_cards(
    factions: tuple[str, ...], players: int
) -> None:
    """RULES 2: one pair and 5 others: 72 cards; 12 (3 players) or 9 (4) each."""
    variant = claim.mix(list(factions), players=players)
    assert len(variant.deck) == 72
    assert variant.hand_size == {3: 12, 4: 9}[players]
    state = claim.new_game(variant, seed=2)
    assert [state.hand_size(s) for s in range(players)] == [variant.hand_size] * players
    assert len(state.face_up_cards) == 2
    assert state.draw_pile_size == 34


@pytest.mark.parametrize("factions", MIXES_2P, ids=_id)
def test_official_two_player_mixes_play_to_the_end(factions: tuple[str, ...]) -> None:
    """Every official 2-player mix plays a random game without breaking an invariant."""
    seed = MIXES_2P.index(factions)
    final = random_playout(claim.mix(list(factions)), seed=seed, first_leader=seed % 2)
    result = final.result()
    assert [v.faction for v in result.factions] == list(factions)
    assert sum(result.votes) <= 5


@pytest.mark.parametrize(
    ("factions", "players"),
    [(MIXES_3P[0], 3), (MIXES_3P[7], 3), (MIXES_3P[5], 4), (MIXES_3P[10], 4)],
    ids=lambda x: _id(x) if isinstance(x, tuple) else str(x),
)
def test_official_mixes_for_3_and_4_players_play_to_the_end(
    factions: tuple[str, ...], players: int
) -> None:
    """A sample of 3-4 player mixes plays random games without breaking an invariant."""
    variant = claim.mix(list(factions), players=players)
    for seed in range(2):
        final = random_playout(variant, seed=seed)
        assert len(final.result().parties) == (2 if players == 4 else 3)


def test_mix_equals_the_built_in_games() -> None:
    """RULES 2: Claim and Claim 2 are themselves official mixes."""
    claim1 = claim.load_variant("claim")
    claim2 = claim.load_variant("claim2")
    assert claim.mix(["goblins", "knights", "undead", "dwarves", "doppelgangers"]).factions \
        == claim1.factions
    assert claim.mix(["gnomes", "giants", "dragons", "trolls", "seers"]).factions \
        == claim2.factions


def test_mix_name_and_title() -> None:
    """``mix()`` names its variant after the factions unless given a name."""
    variant = claim.mix(["gnomes", "giants", "undead", "dragons", "seers"])
    assert variant.name == "mix-gnomes-giants-undead-dragons-seers"
    assert "Gnomes" in variant.title and "Seers" in variant.title
    named = claim.mix(["gnomes", "giants", "undead", "dragons", "seers"], name="undead-sky")
    assert named.name == "undead-sky"


def test_mix_same_definition_gives_equal_variants() -> None:
    """Variants are values: the same mix twice is equal, and deals the same game."""
    a = claim.mix(["knights", "goblins", "dragons", "trolls", "seers"])
    b = claim.mix(["knights", "goblins", "dragons", "trolls", "seers"])
    assert a == b and hash(a) == hash(b)
    assert claim.new_game(a, seed=5) == claim.new_game(b, seed=5)


# -- refused mixes ----------------------------------------------------------------------


def _refusal(factions: list[str], players: int = 2) -> str:
    with pytest.raises(claim.VariantError) as info:
        claim.mix(factions, players=players)
    assert isinstance(info.value, ValueError) and isinstance(info.value, claim.ClaimError)
    assert info.value.source == "mix()"
    return str(info.value)


def test_rules_1_mix_without_a_pair_is_refused() -> None:
    """RULES 1: an official deck holds a pair."""
    message = _refusal(["undead", "dwarves", "dragons", "trolls", "seers"])
    assert "no pair" in message and "RULES 1" in message


def test_rules_1_mix_with_both_pairs_is_refused() -> None:
    """RULES 1: an official deck holds exactly one pair."""
    message = _refusal(["knights", "goblins", "gnomes", "giants", "seers"])
    assert "both pairs" in message and "RULES 1" in message


@pytest.mark.parametrize(
    ("factions", "lone"),
    [
        (["gnomes", "giants", "knights", "undead", "seers"], "knights"),
        (["gnomes", "giants", "goblins", "undead", "seers"], "goblins"),
        (["knights", "goblins", "gnomes", "dragons", "seers"], "gnomes"),
        (["knights", "goblins", "giants", "dragons", "seers"], "giants"),
    ],
)
def test_rules_1_lone_member_of_the_other_pair_is_refused(
    factions: list[str], lone: str
) -> None:
    """RULES 1: the 'others' may not include one member of the other pair."""
    message = _refusal(factions)
    assert f"{lone} without its partner" in message and "RULES 1" in message


def test_rules_1_lone_pair_member_and_no_pair_is_refused() -> None:
    """RULES 1: Knights without Goblins (and no other pair): no pair at all."""
    message = _refusal(["knights", "undead", "dwarves", "dragons", "seers"])
    assert "no pair" in message


@pytest.mark.parametrize(
    ("factions", "players", "count"),
    [
        (["gnomes", "giants", "undead", "dragons"], 2, 4),
        (["gnomes", "giants", "undead", "dragons", "seers", "trolls"], 2, 6),
        (["gnomes", "giants", "undead", "dragons", "seers"], 3, 5),
        (["gnomes", "giants", "undead", "dragons", "seers", "trolls"], 4, 6),
    ],
)
def test_rules_2_wrong_number_of_factions_is_refused(
    factions: list[str], players: int, count: int
) -> None:
    """RULES 2: 52 cards (5 base factions) for 2 players, 72 (7) for 3 or 4."""
    message = _refusal(factions, players)
    wanted = 52 if players == 2 else 72
    assert f"has {wanted} cards" in message and f"of {count} factions" in message
    assert "RULES 2" in message
    assert "house" in message  # the way out is named


def test_mix_with_an_unknown_faction_name() -> None:
    """An unknown faction name is an UnknownNameError naming the nearest one."""
    with pytest.raises(claim.UnknownNameError) as info:
        claim.mix(["gnome", "giants", "undead", "dragons", "seers"])
    assert isinstance(info.value, LookupError)
    assert info.value.name == "gnome" and info.value.nearest == "gnomes"
    assert "gnomes" in info.value.known
    assert "did you mean 'gnomes'" in str(info.value)


@pytest.mark.parametrize("players", [1, 5, 0])
def test_mix_with_an_impossible_player_count(players: int) -> None:
    """RULES 2: 2, 3 or 4 players."""
    with pytest.raises(claim.VariantError, match="players must be 2, 3 or 4"):
        claim.mix(["gnomes", "giants", "undead", "dragons", "seers"], players=players)


# -- house mixes ----------------------------------------------------------------------------


def test_house_mix_allows_a_non_official_deck() -> None:
    """``house=True`` skips RULES 1-2 when the deck still deals evenly (40 cards: 10 each)."""
    factions = ["undead", "dwarves", "dragons", "trolls"]
    with pytest.raises(claim.VariantError):
        claim.mix(factions)
    variant = claim.mix(factions, house=True)
    assert variant.house and len(variant.deck) == 40 and variant.hand_size == 10
    final = random_playout(variant, seed=3)
    assert len(final.result().factions) == 4


def test_house_mix_with_both_pairs_and_six_factions() -> None:
    """A house mix may hold both pairs: 14+8+13+9+10+10 = 64 cards, 16 each."""
    variant = claim.mix(
        ["goblins", "knights", "gnomes", "giants", "dragons", "seers"], house=True
    )
    assert variant.hand_size == 16
    random_playout(variant, seed=4)


def test_house_mix_that_cannot_be_dealt_is_refused() -> None:
    """RULES 2: deck = 2 x players x hand size, house mix or not (42 cards: refused)."""
    with pytest.raises(claim.VariantError, match="cannot be dealt"):
        claim.mix(["gnomes", "giants", "undead", "dragons"], house=True)


# -- rule options ----------------------------------------------------------------------------


def test_mix_rule_options() -> None:
    """R8 and R9 options pass through ``mix(options=...)``; unset ones keep defaults."""
    variant = claim.mix(
        ["gnomes", "giants", "dragons", "trolls", "seers"],
        options={"dragon_lead": "last_dragon", "troll_queue_order": "highest"},
    )
    assert variant.option("dragon_lead") == "last_dragon"
    assert variant.option("troll_queue_order") == "highest"
    default = claim.mix(["gnomes", "giants", "dragons", "trolls", "seers"])
    assert default.option("dragon_lead") == "last_card"
    assert default.option("troll_queue_order") == "fifo"
    knights = claim.mix(
        ["knights", "goblins", "undead", "dragons", "seers"],
        options={"knights_beat_all_goblins": False},
    )
    assert knights.option("knights_beat_all_goblins") is False


def test_mix_unknown_rule_option() -> None:
    """An option no faction of the mix declares is refused, with a suggestion."""
    with pytest.raises(claim.VariantError, match="unknown rule option 'dragon_leed'") as info:
        claim.mix(["gnomes", "giants", "dragons", "trolls", "seers"],
                  options={"dragon_leed": "last_card"})
    assert "did you mean 'dragon_lead'" in str(info.value)
    # An option of a faction left out of the mix is unknown too.
    with pytest.raises(claim.VariantError, match="unknown rule option 'troll_queue_order'"):
        claim.mix(["gnomes", "giants", "dragons", "undead", "seers"],
                  options={"troll_queue_order": "lowest"})


@pytest.mark.parametrize(
    ("option", "value"),
    [("dragon_lead", "first_card"), ("troll_queue_order", "random"),
     ("troll_queue_order", 1), ("dragon_lead", True)],
)
def test_mix_bad_rule_option_value(option: str, value: object) -> None:
    """A value an option does not accept is refused, naming the choices."""
    with pytest.raises(claim.VariantError, match=f"rule option '{option}' cannot be"):
        claim.mix(["gnomes", "giants", "dragons", "trolls", "seers"], options={option: value})


# -- YAML -------------------------------------------------------------------------------------

YAML_MIX = """\
name: undead-sky
title: Undead Sky
description: Gnomes and Giants with Undead, Dragons and Seers.
players: 2
factions: [gnomes, giants, undead, dragons, seers]
options:
  dragon_lead: last_dragon
"""

YAML_HOUSE = """\
name: imps
title: Imps in the mix
players: 2
house: true
factions:
  - gnomes
  - giants
  - dragons
  - trolls
  - name: imps
    code: Im
    title: Imps
    values: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
"""


def test_yaml_variant_naming_its_factions() -> None:
    """A variant YAML naming official factions is the same deck as ``mix()``."""
    variant = claim.variant_from_yaml(YAML_MIX, "undead-sky.yaml")
    assert variant.name == "undead-sky" and variant.title == "Undead Sky"
    assert variant.factions == claim.mix(["gnomes", "giants", "undead", "dragons",
                                          "seers"]).factions
    assert variant.option("dragon_lead") == "last_dragon"
    random_playout(variant, seed=6)


def test_yaml_variant_file_loads_by_path(tmp_path: Path) -> None:
    """``load_variant`` takes a path to a YAML file as well as a built-in name."""
    path = tmp_path / "undead-sky.yaml"
    path.write_text(YAML_MIX, encoding="utf-8")
    assert claim.load_variant(path).name == "undead-sky"
    assert claim.load_variant(str(path)).name == "undead-sky"
    with pytest.raises(claim.UnknownNameError):
        claim.load_variant(tmp_path / "missing.yaml")


def test_yaml_house_mix_with_an_inline_faction() -> None:
    """A house mix may define a new faction inline (no power: like Goblins)."""
    variant = claim.variant_from_yaml(YAML_HOUSE, "imps.yaml")
    assert variant.house
    imps = variant.faction("imps")
    assert imps.code == "Im" and imps.power.name == "none"
    assert len(variant.deck) == 52 and variant.parse_card("Im7") == claim.Card("imps", 7)
    random_playout(variant, seed=7)


def test_yaml_inline_faction_without_house_is_refused() -> None:
    """An inline faction is not official: refused unless ``house: true``."""
    text = YAML_HOUSE.replace("house: true\n", "")
    with pytest.raises(claim.VariantError, match="not the official one") as info:
        claim.variant_from_yaml(text, "imps.yaml")
    assert info.value.source == "imps.yaml"


def test_yaml_non_official_mix_names_file_and_line() -> None:
    """A YAML mix breaking RULES 1 is refused with the file, line and key."""
    text = YAML_MIX.replace("[gnomes, giants,", "[gnomes, knights,")
    with pytest.raises(claim.VariantError) as info:
        claim.variant_from_yaml(text, "bad.yaml")
    error = info.value
    assert error.source == "bad.yaml" and error.key == "factions" and error.line == 5
    assert "RULES 1" in str(error) and str(error).startswith("bad.yaml:5")


def test_yaml_unknown_faction_name_names_the_line() -> None:
    """An unknown faction name in YAML is a VariantError at its line, with a hint."""
    text = YAML_MIX.replace("dragons,", "dargons,")
    with pytest.raises(claim.VariantError, match="did you mean 'dragons'") as info:
        claim.variant_from_yaml(text, "typo.yaml")
    assert info.value.line == 5 and info.value.key == "factions[3]"


def test_yaml_bad_option_names_the_key() -> None:
    """A bad option value in YAML names the option's key path."""
    text = YAML_MIX.replace("last_dragon", "first_dragon")
    with pytest.raises(claim.VariantError) as info:
        claim.variant_from_yaml(text, "opt.yaml")
    assert info.value.key == "options.dragon_lead" and info.value.line == 7


# -- built-in variants ----------------------------------------------------------------------------


def test_builtin_variants_include_claim_and_claim2() -> None:
    """The two games are built in; the list is sorted and has no catalog entry."""
    names = claim.builtin_variants()
    assert {"claim", "claim2"} <= set(names)
    assert list(names) == sorted(names)
    assert "factions" not in names


@pytest.mark.parametrize("name", claim.builtin_variants())
def test_every_builtin_variant_loads_and_plays(name: str) -> None:
    """Every built-in variant (named mixes included) loads and plays random games."""
    variant = claim.load_variant(name)
    assert variant.name == name
    # E33, E45: the deck dealt is the deck less the cards set aside (ten Shadows)
    aside = sum(count for _, _, count in variant.tables.asides)
    assert variant.dealt_size == len(variant.deck) - aside
    assert variant.dealt_size == 2 * variant.players * variant.hand_size
    if not variant.house:  # official decks follow RULES 1-2 and EXPANSIONS Mixing
        names = {f.name for f in variant.factions}
        pairs = claim.rules.loading.catalog()[1]
        assert sum(set(pair) <= names for pair in pairs) == 1
        assert variant.dealt_size == (52 if variant.players == 2 else 72)
    for seed in range(2):
        final = random_playout(variant, seed=seed)
        assert final.result().votes


def test_unknown_builtin_variant() -> None:
    """An unknown variant name is an UnknownNameError listing the built-ins."""
    with pytest.raises(claim.UnknownNameError) as info:
        claim.load_variant("claim3")
    assert set(claim.builtin_variants()) <= set(info.value.known)


def test_cli_lists_the_builtin_variants(capsys: pytest.CaptureFixture[str]) -> None:
    """``claim variants`` prints one line per built-in variant."""
    from claim.apps.cli import main

    assert main(["variants"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == list(claim.builtin_variants())


def test_random_games_of_a_mix_are_reproducible() -> None:
    """The same seed and the same random choices give the same game of a mix."""
    variant = claim.mix(["gnomes", "giants", "undead", "dragons", "seers"])

    def game(seed: int) -> claim.GameState:
        rng = random.Random(seed)
        state = claim.new_game(variant, rng=rng)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_moves()))
        return state

    assert game(11) == game(11)
    assert game(11).result() == game(11).result()


# -- the expansion mixing rule (EXPANSIONS Mixing) ------------------------------------


@pytest.mark.parametrize("players, factions, words", [
    (2, ["elves", "orcs", "elf_orcs", "ice_kings", "zombies", "yetis"], ("ice_kings",
                                                                     "ice_queens", "whole")),
    (2, ["elves", "orcs", "elf_orcs", "knights", "goblins"], ("both pairs",)),
    (2, ["knights", "goblins", "elves", "zombies", "yetis", "satyrs"],
     ("elves without its partner",)),
    (2, ["elves", "orcs", "zombies", "yetis", "satyrs", "ghosts"], ("no pair",
                                                                   "elves, orcs")),
    (3, ["elves", "orcs", "elf_orcs", "zombies", "yetis", "satyrs", "ghosts"],
     ("72 cards", "62 cards")),
])
def test_expansion_mixing_rule_refusals(players: int, factions: list[str],
                                        words: tuple[str, ...]) -> None:
    """EXPANSIONS Mixing: one pair (Elves, Orcs & Elf-Orcs is a pair of three), couples
    whole, 52 cards for 2 players and 72 for 3-4; anything else names the rule."""
    with pytest.raises(claim.VariantError) as info:
        claim.mix(factions, players=players)
    for word in words:
        assert word in str(info.value), str(info.value)


@pytest.mark.parametrize("players, factions", [
    (2, ["elves", "orcs", "elf_orcs", "ice_kings", "ice_queens", "zombies"]),
    (3, ["gnomes", "giants", "ice_kings", "ice_queens", "awakeners", "dark_elves",
         "cyclops"]),
    (4, ["knights", "goblins", "basilisks", "unicorns", "mermaids", "druids", "satyrs"]),
])
def test_expansion_official_mixes_are_accepted(players: int, factions: list[str]) -> None:
    """EXPANSIONS Mixing: a pair, any couple whole and the deck size of RULES 2."""
    variant = claim.mix(factions, players=players)
    assert not variant.house and len(variant.deck) == (52 if players == 2 else 72)
