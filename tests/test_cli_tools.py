"""``claim validate``, ``claim show`` and ``claim schema`` (RULES 1-2, R8)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from claim.apps.cli import main
from claim.rules.validation import check_text

ROOT = Path(__file__).resolve().parent.parent

BROKEN = """\
name: broken
players: 5
colour: red
factions:
  - knights
  - goblinz
  - name: sprites
    code: Sp
    values: [1, x]
options:
  dragon_lead: first
"""


def test_validate_reports_every_error_with_line_and_key() -> None:
    """Several errors in one file, each with file:line and key path, in line order."""
    errors = check_text(BROKEN, "broken.yaml")
    assert [(e.line, e.key) for e in errors] == [
        (2, "players"), (3, "colour"), (6, "factions[1]"), (9, "factions[2].values[1]"),
        (11, "options.dragon_lead")]
    assert str(errors[0]).startswith("broken.yaml:2: players: players must be 2, 3 or 4")
    assert "did you mean 'goblins'" in str(errors[2])


def test_validate_checks_the_whole_variant_when_the_parts_pass() -> None:
    """RULES 1: the official deck rule (exactly one pair) is checked after the parts."""
    text = "name: x\nfactions: [knights, goblins, gnomes, giants, undead]\n"
    (error,) = check_text(text, "pairs.yaml")
    assert error.key == "factions" and "both pairs" in error.reason


def test_validate_a_catalog_file() -> None:
    """A document whose factions is a mapping is checked as a catalog, per faction."""
    text = "factions:\n  imps: {code: Im, values: [1, 2]}\n  elves: {code: El1, values: []}\n"
    (error,) = check_text(text, "cat.yaml")
    assert (error.line, error.key) == (3, "factions.elves.code")


def test_validate_a_yaml_syntax_error() -> None:
    (error,) = check_text("name: x\nfactions: [goblins\n", "syntax.yaml")
    assert error.line is not None and "not valid YAML" in error.reason


def test_cli_validate_exit_status(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Exit 0 when every file is valid, 1 otherwise; each error printed as file:line."""
    good = sorted(str(p) for p in (ROOT / "variants").glob("*.yaml"))
    assert main(["validate", *good]) == 0
    assert capsys.readouterr().out.count(": ok") == len(good)
    bad = tmp_path / "broken.yaml"
    bad.write_text(BROKEN, encoding="utf-8")
    assert main(["validate", good[0], str(bad), str(tmp_path / "missing.yaml")]) == 1
    out = capsys.readouterr().out.splitlines()
    assert f"{bad}:6: factions[1]: unknown faction 'goblinz'" in "\n".join(out)
    assert sum(line.startswith(f"{bad}:") for line in out) == 5
    assert any("missing.yaml: cannot read the file" in line for line in out)
    assert out[-1] == "2 of 3 files have errors"


def test_cli_show_an_official_variant(capsys: pytest.CaptureFixture[str]) -> None:
    """RULES 2: giants-4p is official: 72 cards, 9 per hand, teams."""
    assert main(["show", "giants-4p"]) == 0
    out = capsys.readouterr().out
    assert "mix: official" in out
    assert "deck: 72 cards, 9 per hand, 2 face up" in out
    assert "teams: seats 0+2 against 1+3" in out
    assert "  gnomes         Gn  13 cards [1 1 1 3 3 3 5 5 5 7 7 7 9]  power: gnomes" in out
    assert "dragon_lead = last_card\n" in out


def test_cli_show_a_house_mix_says_why(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    """RULES 1: a house mix without a pair is shown with the rule it breaks; R8's
    option shows as a default when the file does not set it."""
    path = tmp_path / "house.yaml"
    path.write_text("name: h\nhouse: true\nfactions: [undead, dwarves, dragons, seers]\n",
                    encoding="utf-8")
    assert main(["show", str(path)]) == 0
    out = capsys.readouterr().out
    assert "mix: house mix: no pair: an official deck holds exactly one pair" in out
    assert "dragon_lead = last_card (default)" in out


def test_cli_schema(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema"]) == 0
    assert json.loads(capsys.readouterr().out)["title"] == "claim variant"
    assert main(["schema", "--path", "--catalog"]) == 0
    assert capsys.readouterr().out.strip().endswith("catalog.schema.json")
