"""claim.core._fast: the engine's builders (slot_maker, through a writable twin) and the
effect classes' __init__ (fast_init) build what attrs' own __init__ would."""

from __future__ import annotations

import pickle
import random

import attrs
import pytest

import claim
from claim.core._fast import fast_init, slot_maker, writable_twin
from claim.core.records import MoveRecord
from claim.core.zones import Zone
from claim.rules.effects import Ask, Option, Placement, Question, Step
from claim.rules.protocol import Trick
from claim.rules.state import GameState, make_state


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
    made = Placement(3, "in front", seat=1)
    assert attrs.astuple(made) == attrs.astuple(_Reference(3, "in front", seat=1))
    assert made == Placement(card=3, zone="in front", seat=1, origin=Zone.TRICK)
    assert hash(made) == hash(Placement(3, "in front", 1))
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


def _built_both_ways() -> tuple[GameState, GameState]:
    """A mid-game ``claim2`` state (Gnomes in front, a question pending or not), and the
    same fields passed to attrs' own ``__init__``."""
    rng = random.Random(3)
    state = claim.new_game("claim2", seed=3)
    for _ in range(40):
        state = state.apply(rng.choice(state.legal_moves()))
    fields = [getattr(state, field.name) for field in attrs.fields(GameState)]
    return make_state(*fields), GameState(*fields)


def test_slot_maker_builds_what_init_builds() -> None:
    # The engine's states (every move of every game, RULES 2) are built by a writable
    # twin turned into a GameState: the same class, fields, equality, hash and pickle
    # as attrs' __init__ gives, and frozen like it.
    made, reference = _built_both_ways()
    assert type(made) is GameState and type(reference) is GameState
    assert attrs.astuple(made, recurse=False) == attrs.astuple(reference, recurse=False)
    assert made == reference and hash(made) == hash(reference)
    assert pickle.loads(pickle.dumps(made)) == reference
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        made.leader = 1  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        del made.leader


def test_slot_maker_builds_every_engine_value_like_init() -> None:
    # The engine's other built values (a record, the trick context, a default
    # placement of RULES 3, a recruiting step) equal attrs' own construction.
    state = claim.new_game("claim", seed=1)
    cases: list[tuple[type, tuple[object, ...]]] = [
        (MoveRecord, (0, state.legal_moves()[0], ())),
        (Placement, (3, Zone.DISCARD, None, Zone.TRICK, None)),
        (Step, (-1, 1, "recruit", ((0, 3),))),
        (Trick, (state, state.phase, (0, 1), (3, 9), "goblins", (2, 4), (1, 0), False,
                 frozenset())),
    ]
    for cls, fields in cases:
        made: object = slot_maker(cls)(*fields)
        assert type(made) is cls and made == cls(*fields), cls


def test_writable_twin_is_one_per_class_and_never_escapes() -> None:
    # The twin is a layout-identical subclass; builders return the class itself.
    twin = writable_twin(GameState)
    assert writable_twin(GameState) is twin and issubclass(twin, GameState)
    assert twin.__dict__["__slots__"] == () and twin.__basicsize__ == GameState.__basicsize__
    made, _ = _built_both_ways()
    assert type(made) is not twin


def test_slot_maker_refuses_a_class_that_is_not_slotted() -> None:
    @attrs.frozen(slots=False)
    class Loose:
        value: int

    with pytest.raises(TypeError, match="not slotted"):
        slot_maker(Loose)
