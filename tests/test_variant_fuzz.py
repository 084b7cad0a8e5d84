"""Malformed variant text never crashes obscurely: it builds, or raises VariantError."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import claim

VALID = """\
name: fuzz
players: 2
factions: [goblins, knights, undead, dwarves, doppelgangers]
options:
  knights_beat_all_goblins: true
"""

yaml_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 99), st.text(max_size=8),
    st.sampled_from(["goblins", "knights", "gnomes", "undead", "none", "seers"]),
)
yaml_values = st.recursive(
    yaml_scalars,
    lambda inner: st.lists(inner, max_size=6)
    | st.dictionaries(st.sampled_from(["name", "code", "values", "power", "title", "x"]),
                      inner, max_size=4),
    max_leaves=12,
)


def _load(text: str) -> None:
    try:
        claim.variant_from_yaml(text, "fuzz.yaml")
    except claim.VariantError as error:
        assert error.source == "fuzz.yaml"
    except claim.UnknownNameError:
        pytest.fail("unknown names in YAML must be reported as VariantError with a line")


@settings(max_examples=150, deadline=None)
@given(st.integers(0, len(VALID) - 1), st.integers(0, 20), st.text(max_size=6))
def test_mangled_text_is_refused_or_loaded(start: int, length: int, insert: str) -> None:
    """Any cut-and-insert mangling of a valid file gives a variant or a VariantError."""
    _load(VALID[:start] + insert + VALID[start + length :])


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(
    st.sampled_from(["name", "title", "players", "house", "factions", "options", "extra"]),
    yaml_values, max_size=6))
def test_structured_garbage_is_refused_or_loaded(data: dict[str, object]) -> None:
    """Mappings of the right keys with values of any shape: a variant or a VariantError."""
    import yaml

    _load(yaml.safe_dump(data))


@pytest.mark.parametrize("text", [
    "{a: 1}: x\n",
    "[1, 2]: x\n",
    "name: n\nfactions: [goblins, {name: [1]}]\n",
    "- just\n- a list\n",
    "name: n\nfactions: !!python/object:os.system {}\n",
    "name: &a n\nfactions: *a\n",
    "\t\tname: tab\n",
    "name: !!python/name:os.system x\n",
    "name: !custom x\n",
    "",
])
def test_odd_yaml_is_refused_with_a_variant_error(text: str) -> None:
    """Complex keys, lists at the top, unsafe tags, aliases, tabs: VariantError."""
    with pytest.raises(claim.VariantError):
        claim.variant_from_yaml(text, "odd.yaml")
