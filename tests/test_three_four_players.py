"""Built-in 3 and 4 player variants, ``claim demo --players`` and the conformance
kit over every official 7-faction mix (RULES 1-2, R4, R8, R9).

The official mixes are written out here from the rules, apart from the kit's own
list: one pair plus any 5 of the 6 factions outside the pairs.
"""

from __future__ import annotations

import itertools

import pytest

import claim
from claim.apps.cli import main
from claim.testing import check_official_mixes, official_mixes, option_settings

PAIRS = ({"knights", "goblins"}, {"gnomes", "giants"})
OTHERS = ("undead", "dwarves", "doppelgangers", "dragons", "trolls", "seers")
BUILTIN = {"knights-3p": 3, "knights-4p": 4, "giants-3p": 3, "giants-4p": 4}


def test_rules2_builtin_variants_for_3_and_4_players_with_each_pair() -> None:
    """RULES 1-2: each player count has a built-in official variant per pair."""
    assert set(BUILTIN) <= set(claim.builtin_variants())
    for name, players in BUILTIN.items():
        variant = claim.load_variant(name)
        factions = {f.name for f in variant.factions}
        assert variant.players == players and not variant.house
        assert len(factions) == 7 and len(variant.deck) == 72
        assert [pair <= factions for pair in PAIRS].count(True) == 1
    pairs_by_count = {
        (players, next(i for i, pair in enumerate(PAIRS)
                       if pair <= {f.name for f in claim.load_variant(name).factions}))
        for name, players in BUILTIN.items()
    }
    assert pairs_by_count == {(3, 0), (3, 1), (4, 0), (4, 1)}


def test_cli_variants_lists_player_counts(capsys: pytest.CaptureFixture[str]) -> None:
    """``claim variants`` shows each built-in variant's player count."""
    assert main(["variants"]) == 0
    lines = {line.split()[0]: line.split()[1] for line in capsys.readouterr().out.splitlines()}
    assert {name: lines[name] for name in BUILTIN} == {
        name: f"{players}p" for name, players in BUILTIN.items()}
    assert lines["claim"] == "2p"


@pytest.mark.parametrize("players", [3, 4])
def test_cli_demo_players(players: int, capsys: pytest.CaptureFixture[str]) -> None:
    """``claim demo --players N`` plays a built-in N-player game (RULES 2: hands of
    12 or 9 cards, so 12 or 9 phase 1 tricks)."""
    assert main(["demo", "--players", str(players), "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert f"{players} random players" in out
    tricks = [line for line in out.splitlines() if line.strip().startswith("trick")]
    assert len(tricks) == 2 * {3: 12, 4: 9}[players]
    if players == 4:
        assert "seats 0+2" in out or "seats 1+3" in out


def test_cli_demo_players_must_match_the_variant(capsys: pytest.CaptureFixture[str]) -> None:
    """``--players 3`` with a 2-player variant is refused, naming the variant."""
    assert main(["demo", "--players", "3", "--variant", "claim"]) == 2
    assert "--variant claim, which is for 2 players" in capsys.readouterr().err


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rules2_kit_lists_every_official_mix(players: int) -> None:
    """RULES 2: one pair plus 3 (2 players) or 5 (3-4 players) others: 40 or 12."""
    count = 3 if players == 2 else 5
    expected = {frozenset(pair | set(rest)) for pair in PAIRS
                for rest in itertools.combinations(OTHERS, count)}
    found = official_mixes(players)
    assert len(found) == len(expected) == (40 if players == 2 else 12)
    assert {frozenset(mix) for mix in found} == expected


def test_kit_option_settings_give_every_option_every_choice() -> None:
    """R4, R8, R9: the settings try every choice of every option of the mix."""
    variant = claim.mix(["knights", "goblins", "undead", "dwarves", "dragons", "trolls",
                         "seers"], players=3)
    settings = option_settings(variant)
    assert {s["knights_beat_all_goblins"] for s in settings} == {True, False}
    assert {s["dragon_lead"] for s in settings} == {"last_card", "last_dragon"}
    assert {s["troll_queue_order"] for s in settings} == {"fifo", "lowest", "highest"}
    assert option_settings(claim.mix(["goblins", "knights", "undead", "dwarves",
                                      "doppelgangers"])) == [
        {"knights_beat_all_goblins": True}, {"knights_beat_all_goblins": False}]


@pytest.mark.parametrize("players", [3, 4])
def test_conformance_of_every_official_mix_with_options_both_ways(players: int) -> None:
    """RULES 2: all 12 official 7-faction mixes pass the conformance kit, each rule
    option (R4, R8, R9) played every way."""
    played = list(check_official_mixes(players, seeds=range(2)))
    assert {frozenset(f.name for f in v.factions) for v in played} == {
        frozenset(m) for m in official_mixes(players)}
    for option, choices in (("knights_beat_all_goblins", {True, False}),
                            ("dragon_lead", {"last_card", "last_dragon"}),
                            ("troll_queue_order", {"fifo", "lowest", "highest"})):
        seen = {v.option(option) for v in played if option in v.rule_options()}
        assert seen == choices, option
    assert all(v.players == players for v in played)


def test_stacked_game_refuses_cards_outside_the_deck() -> None:
    """RULES 1: a stacked deal may only use the variant's own cards."""
    from claim.testing import stacked_game

    variant = claim.load_variant("knights-3p")
    with pytest.raises(claim.NotationError, match="Tr5"):  # no Trolls in knights-3p
        stacked_game(variant, [["Tr5"], [], []])
    with pytest.raises(claim.DealError, match="Kn9"):
        stacked_game(variant, [["Kn9"], ["Kn9"], []])  # one Knight 9 in the deck


def test_support_position_needs_equal_hands() -> None:
    """RULES 3 phase 2: every seat plays one card per trick, so hands are equal."""
    from claim.testing import support_position

    variant = claim.load_variant("knights-4p")
    with pytest.raises(claim.DealError, match="same size"):
        support_position(variant, [["Un1"], ["Un2"], ["Un3"], []])
    state = support_position(variant, [["Un1"], ["Un2"], ["Un3"], ["Un4"]], leader=2)
    assert state.phase is claim.Phase.SUPPORT and state.current_player == 2
