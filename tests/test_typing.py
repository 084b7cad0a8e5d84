"""The engine's fast constructors are typed by the classes' own signatures (issue #7).

`make_state` and `make_record` build states and records positionally, skipping
``__init__``; `mypy --strict` still checks every call against the class's fields, so
a call that drops a field or passes one of another type in its place fails type
checking. (Two fields of the same type swapped cannot be told apart by types.)
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

api = pytest.importorskip("mypy.api")

GOOD = """
from claim.rules.engine.board import make_record
from claim.rules.state import make_state
from claim.core.moves import Choose
from claim.rules.state import GameState

def rebuild(s: GameState) -> GameState:
    return make_state(s.variant, s.phase, s.leader, s.trick, s.hand_masks, s.draw_pile,
                      s.face_up, s.follower_masks, s.score_masks, s.zones, s.discard_mask,
                      s.power_states, s.chance, s.pending, s.queue,
                      s.records + (make_record(0, Choose("take top"), ()),))
"""

DROPPED = GOOD.replace("s.chance, s.pending", "s.pending")
SWAPPED = GOOD.replace("s.phase, s.leader, s.trick", "s.phase, s.trick, s.leader")
BAD_EVENT = GOOD.replace('Choose("take top"), ()', 'Choose("take top"), (("x", 1),)')


def check(tmp_path: Path, source: str) -> tuple[str, int]:
    path = tmp_path / "snippet.py"
    path.write_text(textwrap.dedent(source), encoding="utf-8")
    out, _, status = api.run(["--strict", "--no-incremental", "--follow-imports=silent",
                              str(path)])
    return out, status


def test_fast_constructors_type_check(tmp_path: Path) -> None:
    """A complete, well-typed call passes, so the failures below are about the call."""
    out, status = check(tmp_path, GOOD)
    assert status == 0, out


@pytest.mark.parametrize("source", [DROPPED, SWAPPED, BAD_EVENT],
                         ids=["dropped-field", "swapped-fields", "untyped-event"])
def test_malformed_construction_fails_type_checking(tmp_path: Path, source: str) -> None:
    """Dropping a field, swapping fields of different types, or recording an event
    that is not one of the typed raw events fails `mypy --strict`."""
    out, status = check(tmp_path, source)
    assert status == 1 and "snippet.py" in out, out
