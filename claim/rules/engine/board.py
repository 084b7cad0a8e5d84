"""A mutable scratch copy of a state, alive only while one move resolves.

Resolving a trick touches many parts of the state at once (piles, the draw pile,
the leader, the phase). Rather than evolve a frozen state step by step, the engine
copies the parts into a `Board`, changes them there (every change a power asks for
goes through `claim.rules.engine.effects`), and freezes the result into one new
`GameState`. A board never escapes the engine, so an error while resolving leaves
the caller's state as it was.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Any, Final, ParamSpec, TypeVar

from claim.core._fast import slot_maker
from claim.core.deals import Deal
from claim.core.errors import PowerError
from claim.core.records import MoveRecord
from claim.core.zones import Phase
from claim.rules.effects import Question, Step

if TYPE_CHECKING:
    from claim.rules.state import GameState
    from claim.rules.variant import Variant
    from claim.rules.variant_tables import DeckTables

__all__ = ["Board", "PowerError", "make_record", "state_maker"]

Params = ParamSpec("Params")
T = TypeVar("T")


def _typed(cls: Callable[Params, T]) -> Callable[Params, T]:
    """A fast positional builder of ``cls``, typed by ``cls``'s own signature."""
    maker: Callable[Params, T] = slot_maker(cls)  # type: ignore[arg-type]
    return maker


_STATE_MAKERS: Final[dict[object, Callable[..., Any]]] = {}


def state_maker(cls: Callable[Params, T]) -> Callable[Params, T]:
    """A fast positional builder of states of ``cls`` (the engine's hot path).

    The engine never names the state class: it builds each new state with the
    class of the state it was given (`claim.rules.state` sits above the engine).
    """
    maker = _STATE_MAKERS.get(cls)
    if maker is None:
        maker = _STATE_MAKERS[cls] = _typed(cls)
    return maker


make_record = _typed(MoveRecord)
"""Build a MoveRecord from its fields in order."""



def powers_of(tables: DeckTables) -> tuple[Any, ...]:
    """The variant's powers, typed ``Any`` for calling their hooks.

    What a hook answers comes from a power that may be a plugin's, and the engine
    checks it (a `PowerError` naming the power). Compiled (`claim._compiled`), a value
    typed with the hook's annotation would be checked by mypyc first, and a wrong one
    refused with a `TypeError`; read through this, it reaches the engine's check as
    it does in Python.
    """
    return tables.powers


class Board:
    """The parts of a `GameState`, as mutable lists, for one transition.

    ``unplaced`` holds the cards of the trick being resolved that no effect has
    moved yet; ``settling`` is true from then on (the trick's cards no longer trade
    places). The declared ``zones`` and the ``power_states`` stay the state's own
    tuples until an effect changes them (most moves change neither): `writable_zones`
    copies the zones into lists on first use.
    """

    __slots__ = (
        "variant", "phase", "leader", "trick", "hands", "draw_pile", "face_up",
        "followers", "scores", "zones", "discard", "power_states", "chance",
        "pending", "queue", "unplaced", "settling", "deal", "make_state",
    )

    def __init__(self, state: GameState) -> None:
        self.variant: Variant = state.variant
        self.phase: Phase = state.phase
        self.leader: int = state.leader
        self.trick: tuple[int, ...] = state.trick
        self.hands: list[int] = list(state.hand_masks)
        self.draw_pile: tuple[int, ...] = state.draw_pile
        self.face_up: list[int] = list(state.face_up)
        self.followers: list[int] = list(state.follower_masks)
        self.scores: list[int] = list(state.score_masks)
        self.zones: Sequence[Sequence[int]] = state.zones
        self.discard: int = state.discard_mask
        self.power_states: tuple[Hashable, ...] = state.power_states
        self.chance: tuple[int, ...] = state.chance
        self.pending: Question | None = None
        self.queue: list[Step] = list(state.queue)
        self.unplaced: int = 0
        self.settling: bool = False
        self.deal: Deal | None = state.deal
        self.make_state: Callable[..., GameState] = state_maker(state.__class__)

    def writable_zones(self) -> list[list[int]]:
        """The declared zones as lists, to change (copied from the state's on first use)."""
        zones = self.zones
        if zones.__class__ is not list:
            zones = self.zones = [list(zone) for zone in zones]
        return zones  # type: ignore[return-value]

    def freeze(self, records: tuple[MoveRecord, ...]) -> GameState:
        """The new state these parts make, with ``records`` as its history."""
        zones = self.zones
        return self.make_state(
            self.variant, self.phase, self.leader, self.trick, tuple(self.hands),
            self.draw_pile, tuple(self.face_up), tuple(self.followers),
            tuple(self.scores),
            zones if zones.__class__ is tuple else tuple(map(tuple, zones)),
            self.discard, self.power_states, self.chance, self.pending, tuple(self.queue),
            records, self.deal,
        )

    def snapshot(self) -> GameState:
        """The state as it stands, for hooks to read (no records)."""
        return self.freeze(())

    def draw(self) -> int:
        """Take the top card of the draw pile."""
        if not self.draw_pile:
            raise PowerError("the draw pile is empty")  # impossible with a dealt deck
        top, self.draw_pile = self.draw_pile[0], self.draw_pile[1:]
        return top
