"""Powers from installed packages, found through the ``claim.powers`` entry points."""

from __future__ import annotations

from importlib import metadata

import pytest

import claim
from claim.rules.protocol import FactionPower
from claim.rules.registry import ENTRY_POINT_GROUP, PowerRegistry
from claim.testing import random_playout


def _entry_points(group: str) -> list[metadata.EntryPoint]:
    assert group == ENTRY_POINT_GROUP
    return [metadata.EntryPoint("plugin_wild", "tests.plugin_power:AlwaysPlayable", group)]


def test_registry_finds_a_power_through_its_entry_point(monkeypatch: pytest.MonkeyPatch) -> None:
    """A name not registered in code is looked up among installed entry points."""
    monkeypatch.setattr(metadata, "entry_points", _entry_points)
    registry = PowerRegistry()
    power = registry.get("plugin_wild")
    assert power.name == "plugin_wild" and issubclass(power, FactionPower)
    assert "plugin_wild" in registry.names()


def test_unknown_power_names_the_known_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    """An unknown name raises UnknownNameError listing what is known, plugins included."""
    monkeypatch.setattr(metadata, "entry_points", _entry_points)
    registry = PowerRegistry()
    with pytest.raises(claim.UnknownNameError) as error:
        registry.get("plugin_wilde")
    assert error.value.nearest == "plugin_wild"


def test_two_classes_cannot_share_a_name() -> None:
    """Registering a different class under a taken name is refused."""
    registry = PowerRegistry()
    registry.register(FactionPower)
    with pytest.raises(ValueError, match="already taken"):
        registry.register(type("Impostor", (FactionPower,), {"name": "none"}))


def test_a_plugin_power_plays_in_a_house_variant(monkeypatch: pytest.MonkeyPatch) -> None:
    """A YAML faction can use a plugin power; the game passes the conformance kit."""
    monkeypatch.setattr(metadata, "entry_points", _entry_points)
    monkeypatch.setattr(claim.registry, "_entry_points_loaded", False)
    monkeypatch.setattr(claim.registry, "_powers", dict(claim.registry._powers))
    variant = claim.variant_from_yaml(
        """
name: plugin-house
house: true
factions:
  - goblins
  - knights
  - undead
  - dwarves
  - {name: jesters, code: Je, values: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], power: plugin_wild}
""",
        "plugin-house.yaml",
    )
    for seed in range(5):
        random_playout(variant, seed)
