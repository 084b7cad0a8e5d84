"""Which modules the build compiles with mypyc, and a switch to run them as Python.

The engine (`claim.rules.engine`: playing, tricks, effects, questions, the flow between
tricks, scoring), views and determinization (`claim.rules.views`, `claim.info.knowledge` and
the history readers and builders behind `claim.info.sampling`), the saved snapshot, the
phase 2 solver's fast path, the random playouts, the prefix folds of `claim.core.cache`
(reveals of masked cards, read on every move) and the built-in powers of both boxes
and the expansions (`claim.factions`; the Claim 2 answers' move builders,
`claim.factions.claim2_moves`, stay Python) are `COMPILED_MODULES`. When the
package is built (``setup.py``), these are compiled with mypyc into C extensions if
mypyc and a C compiler are at hand; the ``.py`` files ship beside them. Python
imports an extension module before a source file of the same name, so an installed
build runs the compiled code; the results are the same, only faster (about 1.5x per
move of a game, 2x per search node).

What compiling changes for other code: a compiled module's functions call each other
directly, so replacing one of them at run time (``monkeypatch.setattr``) does not
reach its compiled callers; `claim.rules.engine.board.Board` is a native class (no
``__slots__`` tuple, no Python subclasses). The built-in powers stay Python classes
(``attrs`` subclasses of `claim.rules.protocol.FactionPower`, which is not compiled)
whose methods are compiled. Plugin powers are untouched: their hooks are called, and
their answers checked, as before.

Setting the environment variable ``CLAIM_PURE_PYTHON`` (to anything but ``""`` or
``"0"``) before ``import claim`` loads these modules from their ``.py`` files instead,
for debugging, profiling or comparison. Set at build time, it skips the compilation.
"""

from __future__ import annotations

import importlib.abc
import importlib.util
import os
import sys
from collections.abc import Mapping, Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

__all__ = ["COMPILED_MODULES", "PURE_PYTHON_VARIABLE", "compiled_modules", "pure_python_asked"]

COMPILED_MODULES = (
    "claim.search._playout_kernel",
    "claim.search._playout_engine",
    "claim.search._playout_winner",
    "claim.rules.rulebook",
    "claim.rules.engine.quiet",
    "claim.core._shuffle",
    "claim.core._fold",
    "claim.core._chunks",
    "claim.search._solver_key",
    "claim.search._solver_rules",
    "claim.search._solver_order",
    "claim.search._solver_fast",
    "claim.rules.engine.board",
    "claim.rules.engine.effects",
    "claim.rules.engine.placing",
    "claim.rules.engine.choices",
    "claim.rules.engine.playing",
    "claim.rules.engine.tricks",
    "claim.rules.engine.recruiting",
    "claim.rules.engine.phases",
    "claim.rules.engine.flow",
    "claim.rules.engine.scoring",
    "claim.rules.views",
    "claim.rules.view_history",
    "claim.info.knowledge",
    "claim.info._history",
    "claim.info._dealing",
    "claim.info._direct",
    "claim.info._direct_program",
    "claim.info._direct_final",
    "claim.info._direct_run",
    "claim.io.snapshot_json",
    "claim.factions.claim1",
    "claim.factions.claim2",
    "claim.factions.exp_ranking",
    "claim.factions.exp_choices",
    "claim.factions.exp_piles",
    "claim.rules.mask_tables",
    "claim.rules.masking",
    "claim.factions.exp_potions",
    "claim.factions.exp_vampires",
    "claim.factions.exp_minotaurs",
    "claim.factions.exp_hidden",
    "claim.factions.exp_poison",
    "claim.factions.exp_phoenixes",
)
"""The modules the build compiles (``setup.py`` lists their files; a test checks)."""

PURE_PYTHON_VARIABLE = "CLAIM_PURE_PYTHON"
"""The environment variable that asks for the ``.py`` files of `COMPILED_MODULES`."""


def pure_python_asked(environ: Mapping[str, str] = os.environ) -> bool:
    """Whether ``environ`` asks for pure Python (`PURE_PYTHON_VARIABLE` set, not 0)."""
    return environ.get(PURE_PYTHON_VARIABLE, "") not in ("", "0")


class _SourceFinder(importlib.abc.MetaPathFinder):
    """Finds `COMPILED_MODULES` as their ``.py`` files beside this one."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if fullname not in COMPILED_MODULES:
            return None
        parts = fullname.split(".")[1:]  # under claim/: e.g. "engine", "flow"
        source = Path(__file__).parent.joinpath(*parts).with_suffix(".py")
        return importlib.util.spec_from_file_location(fullname, source)


def compiled_modules() -> tuple[str, ...]:
    """The names of `COMPILED_MODULES` that run compiled in this process (importing
    them): all of them in a compiled build, none with ``CLAIM_PURE_PYTHON`` set or in a
    build without a compiler."""
    found = []
    for name in COMPILED_MODULES:
        module = importlib.import_module(name)
        if not str(getattr(module, "__file__", "")).endswith(".py"):
            found.append(name)
    return tuple(found)


if pure_python_asked() and not any(isinstance(f, _SourceFinder) for f in sys.meta_path):
    sys.meta_path.insert(0, _SourceFinder())
