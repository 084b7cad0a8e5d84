"""The JSON Schemas of variant and catalog files (RULES 1-2, R4, R8, R9).

The schemas are generated from the loader's own definitions; these tests check the
shipped files are current, that every shipped YAML file passes them, and that they
refuse what the loader refuses on a sample of bad files.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest
import yaml

import claim
from claim.rules.schema import SCHEMA_FILES, catalog_schema, dumps, schema_path, variant_schema

ROOT = Path(__file__).resolve().parent.parent
VARIANT_FILES = sorted((ROOT / "variants").glob("*.yaml"))
MODELINE = re.compile(r"^# yaml-language-server: \$schema=(?P<path>\S+)$")


def validator(schema: dict[str, object]) -> jsonschema.Draft202012Validator:
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@pytest.mark.parametrize("name", sorted(SCHEMA_FILES))
def test_shipped_schema_files_are_generated_not_hand_kept(name: str) -> None:
    """The files in claim/schemas/ are exactly the generator's output
    (regenerate with ``claim schema --write``)."""
    shipped = schema_path(name).read_text(encoding="utf-8")
    assert shipped == dumps(SCHEMA_FILES[name]()), f"{name} is stale: run claim schema --write"
    jsonschema.Draft202012Validator.check_schema(json.loads(shipped))


@pytest.mark.parametrize("path", VARIANT_FILES, ids=[p.name for p in VARIANT_FILES])
def test_every_shipped_yaml_file_passes_its_schema(path: Path) -> None:
    """Every built-in variant and the catalog pass the schema their modeline names."""
    first = path.read_text(encoding="utf-8").splitlines()[0]
    match = MODELINE.match(first)
    assert match, f"{path.name} has no yaml-language-server modeline"
    schema_file = (path.parent / match.group("path")).resolve()
    expected = "catalog" if path.name == "factions.yaml" else "variant"
    assert schema_file == schema_path(f"{expected}.schema.json").resolve()
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    errors = list(validator(json.loads(schema_file.read_text())).iter_errors(data))
    assert not errors, [e.message for e in errors]


GOOD = {
    "house faction with a parameterised power": """
name: ok
players: 2
house: true
factions:
  - goblins
  - {name: knights, power: {name: knights, beats: undead}}
  - undead
  - {name: sprites, code: Sp, values: [1, 1, 3, 3, 5, 5, 7, 7, 9, 9], power: gnomes}
  - {name: ogres, code: Og, values: [1, 1, 3, 3, 5, 5, 7, 7, 9, 9],
     power: {name: giants, prey: sprites}}
options: {knights_beat_all_goblins: false}
""",
    "official 3-player mix, null options": """
name: ok3
players: 3
factions: [knights, goblins, undead, dwarves, doppelgangers, dragons, seers]
options:
""",
}

BAD = {  # each is refused by the loader; the schema must refuse it too
    "unknown top-level key": "name: x\nfactions: [goblins]\ncolour: red\n",
    "no factions": "name: x\n",
    "no name": "factions: [goblins]\n",
    "players 5 (RULES 2)": "name: x\nplayers: 5\nfactions: [goblins]\n",
    "players as text": "name: x\nplayers: two\nfactions: [goblins]\n",
    "house not a boolean": "name: x\nhouse: yes please\nfactions: [goblins]\n",
    "unknown faction": "name: x\nfactions: [goblinz]\n",
    "faction not a list": "name: x\nfactions: goblins\n",
    "new faction without code": "name: x\nhouse: true\nfactions: [{name: imps, values: [1]}]\n",
    "bad faction code": (
        "name: x\nhouse: true\nfactions: [{name: imps, code: Imps1, values: [1]}]\n"),
    "faction name not an identifier":
        "name: x\nhouse: true\nfactions: [{name: Imps, code: Im, values: [1]}]\n",
    "text card value":
        "name: x\nhouse: true\nfactions: [{name: imps, code: Im, values: [1, x]}]\n",
    "no cards": "name: x\nhouse: true\nfactions: [{name: imps, code: Im, values: []}]\n",
    "unknown faction key": "name: x\nfactions: [{name: goblins, colour: green}]\n",
    "unknown power": "name: x\nhouse: true\nfactions: [{name: imps, code: Im, values: [1], "
                     "power: sneaky}]\n",
    "unknown power parameter (typo)":
        "name: x\nhouse: true\n"
        "factions: [{name: knights, power: {name: knights, beat: undead}}]\n",
    "unknown rule option": "name: x\nfactions: [goblins]\noptions: {troll_order: fifo}\n",
    "R8 option value outside its choices":
        "name: x\nfactions: [dragons]\noptions: {dragon_lead: first_card}\n",
    "R4 option as a number":
        "name: x\nfactions: [knights]\noptions: {knights_beat_all_goblins: 1}\n",
    "R9 option value": "name: x\nfactions: [trolls]\noptions: {troll_queue_order: random}\n",
    "not a mapping": "- goblins\n- knights\n",
}


@pytest.mark.parametrize("text", GOOD.values(), ids=list(GOOD))
def test_schema_accepts_what_the_loader_accepts(text: str) -> None:
    claim.variant_from_yaml(text, "good.yaml")
    assert not list(validator(variant_schema()).iter_errors(yaml.safe_load(text)))


@pytest.mark.parametrize("text", BAD.values(), ids=list(BAD))
def test_schema_refuses_what_the_loader_refuses(text: str) -> None:
    with pytest.raises(claim.VariantError):
        claim.variant_from_yaml(text, "bad.yaml")
    errors = list(validator(variant_schema()).iter_errors(yaml.safe_load(text)))
    assert errors, "the schema accepted a file the loader refuses"


def test_catalog_schema_refuses_a_faction_without_values() -> None:
    """RULES 1: a catalog faction needs its card values (data, never code)."""
    data = yaml.safe_load((ROOT / "variants" / "factions.yaml").read_text(encoding="utf-8"))
    del data["factions"]["gnomes"]["values"]
    assert list(validator(catalog_schema()).iter_errors(data))


def test_schema_lists_every_rule_option_with_its_choices() -> None:
    """R4, R8, R9: the options of the built-in powers, with their choices."""
    options = variant_schema()["$defs"]["options"]["properties"]
    assert options["knights_beat_all_goblins"]["enum"] == [True, False]
    assert options["dragon_lead"]["enum"] == ["last_card", "last_dragon"]
    assert options["troll_queue_order"]["enum"] == ["fifo", "lowest", "highest"]
