"""Variants from YAML: valid documents load; every error names the file, line and key."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from conftest import card_of, completed, deal

import claim
from claim.testing import random_playout

CLAIM_FACTIONS = "[goblins, knights, undead, dwarves, doppelgangers]"


def yaml(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


def refused(text: str, *words: str, line: int | None = None, key: str | None = None,
            source: str = "test.yaml") -> claim.VariantError:
    """``text`` must be refused with a VariantError citing ``words``, ``line``, ``key``."""
    with pytest.raises(claim.VariantError) as info:
        claim.variant_from_yaml(yaml(text), source)
    error = info.value
    message = str(error)
    for word in words:
        assert word in message, (word, message)
    assert error.source == source and message.startswith(source)
    if line is not None:
        assert error.line == line, message
        assert f"{source}:{line}" in message
    if key is not None:
        assert error.key == key, message
    return error


def test_valid_yaml_loads_and_equals_builtin() -> None:
    """A valid document builds the variant; the same definition equals the built-in."""
    variant = claim.variant_from_yaml(yaml(f"""
        name: claim
        title: Claim
        description: The original game for two players, with its five factions.
        players: 2
        factions: {CLAIM_FACTIONS}
        options:
          knights_beat_all_goblins: true
    """))
    assert variant == claim.load_variant("claim")
    assert hash(variant) == hash(claim.load_variant("claim"))
    assert variant.players == 2 and variant.hand_size == 13 and len(variant.deck) == 52
    assert [f.name for f in variant.factions] == CLAIM_FACTIONS.strip("[]").split(", ")
    assert variant.option("knights_beat_all_goblins") is True


def test_valid_yaml_with_option_off_and_defaults() -> None:
    """Options may be set (R4 off); unset keys take their defaults (players 2, option on)."""
    off = claim.variant_from_yaml(yaml(f"""
        name: knights-off
        factions: {CLAIM_FACTIONS}
        options:
          knights_beat_all_goblins: false
    """))
    assert off.option("knights_beat_all_goblins") is False
    assert off.factions == claim.load_variant("claim").factions
    assert off != claim.load_variant("claim")
    plain = claim.variant_from_yaml(f"name: plain\nfactions: {CLAIM_FACTIONS}\n")
    assert plain.players == 2
    assert plain.option("knights_beat_all_goblins") is True
    random_playout(off, 3)


def test_official_combined_deck_loads() -> None:
    """RULES 2: a combined 2-player deck (one pair + any 3 others) is official."""
    variant = claim.variant_from_yaml("name: combo\nfactions: [gnomes, giants, undead, "
                                      "dwarves, doppelgangers]\n")
    assert len(variant.deck) == 52 and not variant.house
    random_playout(variant, 1)


def test_malformed_yaml_bad_indentation() -> None:
    """YAML that does not parse (bad indentation): VariantError with the line."""
    refused("""
        name: broken
        players: 2
          factions: [goblins]
    """, "not valid YAML", line=3)


def test_malformed_yaml_unclosed_flow_list() -> None:
    refused("""
        name: broken
        factions: [goblins, knights
        players: 2
    """, "not valid YAML", line=3)


@pytest.mark.parametrize("text", ["- a\n- b\n", "just text\n"])
def test_document_not_a_mapping(text: str) -> None:
    """A document that is not a mapping of variant keys is refused (an empty one says
    it is empty: tests/test_first_hour.py, issue #26 item 8)."""
    refused(text, "mapping")


def test_unknown_top_level_key() -> None:
    """An unknown top-level key: the error names the key, its line and a near match."""
    error = refused(f"""
        name: typo
        playerz: 2
        factions: {CLAIM_FACTIONS}
    """, "'playerz'", "'players'", line=2, key="playerz")
    assert "unknown key" in error.reason


def test_unknown_faction_name() -> None:
    """An unknown faction: the error names it and the nearest known faction."""
    refused("""
        name: typo
        factions:
          - goblins
          - knights
          - undaed
          - dwarves
          - doppelgangers
    """, "'undaed'", "did you mean 'undead'", line=5, key="factions[2]")


def test_faction_with_non_integer_value() -> None:
    """A non-integer card value: the key path ``factions[1].values[2]`` and its line."""
    refused("""
        name: bad-values
        house: true
        factions:
          - goblins
          - name: mimics
            code: Mm
            values:
              - 0
              - 1
              - two
              - 3
          - undead
    """, "factions[1].values[2]", "'two'", "integer", line=10, key="factions[1].values[2]")


def test_faction_with_non_integer_value_in_flow_list() -> None:
    refused("""
        name: bad-values
        house: true
        factions:
          - goblins
          - name: mimics
            code: Mm
            values: [0, 1, 2.5, 3]
    """, "factions[1].values[2]", "2.5", line=7, key="factions[1].values[2]")


def test_unknown_rule_option() -> None:
    """An unknown rule option: the error names it, the nearest option and its line."""
    refused(f"""
        name: opts
        factions: {CLAIM_FACTIONS}
        options:
          knights_beat_all: false
    """, "'knights_beat_all'", "'knights_beat_all_goblins'", line=4,
            key="options.knights_beat_all")


def test_rule_option_of_a_faction_not_in_the_variant() -> None:
    """An option of a faction not in the variant (Dragons' dragon_lead) is unknown here."""
    refused(f"""
        name: opts
        factions: {CLAIM_FACTIONS}
        options:
          dragon_lead: last_card
    """, "'dragon_lead'", line=4, key="options.dragon_lead")


@pytest.mark.parametrize("value", ["sometimes", "1", "'true'"])
def test_bad_option_value_lists_choices(value: str) -> None:
    """A bad option value: the error lists the choices."""
    refused(f"""
        name: opts
        factions: {CLAIM_FACTIONS}
        options:
          knights_beat_all_goblins: {value}
    """, "knights_beat_all_goblins", "[True, False]", line=4,
            key="options.knights_beat_all_goblins")


MIMICS = """
    name: mimics
    house: true
    factions:
      - goblins
      - knights
      - undead
      - dwarves
      - name: mimics
        code: Mm
        title: Mimics
        values: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
        power: doppelgangers
"""


def test_inline_house_faction_with_doppelganger_power_plays() -> None:
    """A house variant may define a new faction inline; with the Doppelgangers' power
    its cards are wild (R2, R3) and full random games play out under the checking kit."""
    variant = claim.variant_from_yaml(yaml(MIMICS))
    assert variant.house
    assert variant.parse_card("Mm7") == claim.Card("mimics", 7)
    assert len(variant.deck) == 52
    for seed in range(5):
        final = random_playout(variant, seed)
        assert final.is_over
        assert [v.faction for v in final.result().factions][-1] == "mimics"
    # A Mimic follows like a Doppelganger: playable while able to follow.
    state = deal(variant, ["Gb0"], ["Gb9", "Mm3", "Un5"])
    state = state.apply("Gb0")
    assert {card_of(m).faction for m in state.legal_moves()} == {"goblins", "mimics"}
    assert completed(state.apply("Mm3")).winner == 1  # counts as Goblin 3 (R2)


def test_non_house_variant_with_new_faction_refused() -> None:
    """A new faction outside a house variant is refused (not the official one)."""
    refused(MIMICS.replace("house: true", "house: false"), "'mimics'", "house: true",
            key="factions")


def test_non_house_variant_with_changed_official_faction_refused() -> None:
    """Changing an official faction's values outside a house variant is refused."""
    refused("""
        name: changed
        factions:
          - goblins
          - knights
          - undead
          - dwarves
          - name: doppelgangers
            values: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9]
    """, "'doppelgangers'", "not the official one")


def test_deck_that_cannot_be_dealt_refused() -> None:
    """RULES 2: a house mix of 30 cards cannot be dealt to 2 players (30 % 4 != 0)."""
    refused("""
        name: small
        house: true
        factions: [undead, dwarves, doppelgangers]
    """, "30", "cannot be dealt", key="factions", line=3)


@pytest.mark.parametrize("factions, words", [
    ("[goblins, knights, gnomes, undead, dwarves]", ("gnomes", "without its partner")),
    ("[undead, dwarves, doppelgangers, dragons, seers]", ("no pair",)),
    ("[goblins, knights, gnomes, giants, undead]", ("both pairs",)),
    ("[goblins, knights, undead, dwarves]", ("5 factions", "not 4")),
])
def test_unofficial_mix_refused(factions: str, words: tuple[str, ...]) -> None:
    """RULES 1-2: an official 2-player deck holds exactly one pair and 5 factions."""
    refused(f"name: odd\nfactions: {factions}\n", *words, key="factions")


@pytest.mark.parametrize("players, words", [("5", ("2, 3 or 4", "5")), ("two", ("'two'",))])
def test_bad_players(players: str, words: tuple[str, ...]) -> None:
    refused(f"name: p\nplayers: {players}\nfactions: {CLAIM_FACTIONS}\n", *words,
            line=2, key="players")


def test_unknown_power_name() -> None:
    refused(MIMICS.replace("power: doppelgangers", "power: doppelganger"),
            "'doppelganger'", "did you mean 'doppelgangers'", key="factions[4].power.name",
            line=12)


def test_duplicate_key_refused() -> None:
    """A key given twice (here ``options``) is refused, citing the key and its second line,
    rather than silently dropping the first value."""
    refused(f"""
        name: twice
        factions: {CLAIM_FACTIONS}
        options:
          knights_beat_all_goblins: false
        options: {{}}
    """, "'options'", "twice", line=5, key="options")


def test_load_from_file_path(tmp_path: Path) -> None:
    """load_variant reads a YAML file by path (str or Path)."""
    path = tmp_path / "mimics.yaml"
    path.write_text(yaml(MIMICS), encoding="utf-8")
    by_path = claim.load_variant(path)
    assert by_path == claim.load_variant(str(path))
    assert by_path == claim.variant_from_yaml(yaml(MIMICS))
    random_playout(by_path, 2)


def test_error_in_file_cites_the_file(tmp_path: Path) -> None:
    """An error in a variant file cites the file name and line."""
    path = tmp_path / "broken-variant.yaml"
    path.write_text(f"name: broken\nfactions: {CLAIM_FACTIONS}\ncolour: red\n",
                    encoding="utf-8")
    with pytest.raises(claim.VariantError) as info:
        claim.load_variant(path)
    assert info.value.source is not None and "broken-variant.yaml" in info.value.source
    assert "broken-variant.yaml:3" in str(info.value)
    assert info.value.key == "colour"


def test_missing_file_refused(tmp_path: Path) -> None:
    with pytest.raises(claim.UnknownNameError, match=r"nope\.yaml"):
        claim.load_variant(tmp_path / "nope.yaml")
