"""claim._fast.fast_init: the effect classes' __init__ builds what attrs' would."""

from __future__ import annotations

import pickle

import attrs
import pytest

from claim._fast import fast_init
from claim.factions.effects import Ask, Option, Placement, Question, Step
from claim.zones import Zone


@attrs.frozen
class _Reference:
    card: int
    zone: object
    seat: object = None
    origin: object = Zone.TRICK
    origin_seat: object = None


def test_placement_defaults_and_keywords_match_attrs() -> None:
    # A hook's Placement (RULES 4 Gnomes: card to "in front" of the winner) built
    # positionally, by keyword or with defaults gives the same value as attrs' __init__.
    made = Placement(3, Zone.IN_FRONT, seat=1)
    assert attrs.astuple(made) == attrs.astuple(_Reference(3, Zone.IN_FRONT, seat=1))
    assert made == Placement(card=3, zone=Zone.IN_FRONT, seat=1, origin=Zone.TRICK)
    assert hash(made) == hash(Placement(3, Zone.IN_FRONT, 1))
    assert pickle.loads(pickle.dumps(made)) == made
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        made.card = 4  # type: ignore[misc]


def test_other_effect_values_keep_their_defaults() -> None:
    assert Ask(0, "smash").data == ()
    assert Option("no smash").effects == () and Option("no smash").outcome is None
    assert Step(-1, 1, "recruit").data == ()
    assert Question(0, "take a follower", ()).options == ()


def test_missing_argument_names_the_class() -> None:
    with pytest.raises(TypeError, match=r"Placement.__init__\(\) missing"):
        Placement(3)  # type: ignore[call-arg]


def test_refuses_a_class_whose_init_does_more() -> None:
    @attrs.frozen
    class Checked:
        value: int = attrs.field(validator=attrs.validators.instance_of(int))

    @attrs.frozen
    class Finished:
        value: int

        def __attrs_post_init__(self) -> None:
            pass

    for cls in (Checked, Finished):
        with pytest.raises(TypeError, match="attrs' own __init__"):
            fast_init(cls)
