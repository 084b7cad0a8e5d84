"""What moved with the layers (issue #22), kept working for one release with a
`DeprecationWarning` naming the new way.

* Module paths: ``import claim.views`` (and every other public module that moved
  into a layer package) gives the module at its new path. The same module object is
  returned, never a copy, so state kept by a module is shared. Private modules
  (``claim._direct``) have no alias.
* Saving methods of the value classes: ``GameState.to_json``, ``View.to_json`` and
  ``View.from_json``. Saving lives in `claim.io` (`claim.to_json` and
  `claim.from_json` read and write every kind of document), above the rules, so the
  rules' classes cannot call it; the composition root (``claim/__init__.py``) lends
  them these methods instead (`lend_saving_methods`).
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys
import warnings
from collections.abc import Callable, Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType
from typing import Any

__all__ = ["MOVED", "install", "lend_saving_methods", "new_name"]

MOVED = {
    "claim.errors": "claim.core.errors", "claim.cards": "claim.core.cards",
    "claim.zones": "claim.core.zones", "claim.moves": "claim.core.moves",
    "claim.deals": "claim.core.deals", "claim.records": "claim.core.records",
    "claim.factions.effects": "claim.rules.effects",
    "claim.factions.playout_rules": "claim.rules.playout_rules",
    "claim.factions.protocol": "claim.rules.protocol",
    "claim.factions.registry": "claim.rules.registry",
    "claim.hook_tables": "claim.rules.hook_tables", "claim.tables": "claim.rules.variant_tables",
    "claim.variant": "claim.rules.variant", "claim.loading": "claim.rules.loading",
    "claim.validation": "claim.rules.validation", "claim.schema": "claim.rules.schema",
    "claim.notation": "claim.rules.notation", "claim.engine.deal": "claim.rules.dealing",
    "claim.engine": "claim.rules.engine", "claim.state": "claim.rules.state",
    "claim.views": "claim.rules.views", "claim.view_text": "claim.rules.view_text",
    "claim.view_json": "claim.io.view_json", "claim.keys": "claim.rules.keys",
    "claim.actions": "claim.rules.actions", "claim.knowledge": "claim.info.knowledge",
    "claim.sampling": "claim.info.sampling", "claim.observation": "claim.info.observation",
    "claim.serialize": "claim.io.serialize", "claim.snapshot": "claim.io.snapshot_json",
    "claim.recordjson": "claim.io.record_json", "claim.gamerecord": "claim.io.gamerecord",
    "claim.text": "claim.io.text", "claim.playouts": "claim.search.playouts",
    "claim.solver": "claim.search.solver", "claim.bots": "claim.search.bots",
    "claim.cli": "claim.apps.cli", "claim.cli_play": "claim.apps.cli_play",
    "claim.cli_simulate": "claim.apps.cli_simulate", "claim.cli_tools": "claim.apps.cli_tools",
    "claim.cli_tournament": "claim.apps.cli_tournament",
    "claim.play_screen": "claim.apps.play_screen", "claim.simulate": "claim.apps.simulate",
    "claim.adapters": "claim.apps.adapters",
}
"""Old public module (or package) path to its new one."""


def new_name(name: str) -> str | None:
    """The new path of the module ``name`` had before the layers, or None."""
    if name in MOVED:
        return MOVED[name]
    for old in sorted(MOVED, key=len, reverse=True):  # a submodule of a moved package
        if name.startswith(old + "."):
            return MOVED[old] + name[len(old):]
    return None


class _Alias(importlib.abc.Loader):
    def __init__(self, new: str) -> None:
        self.new = new

    def create_module(self, spec: ModuleSpec) -> ModuleType:
        warnings.warn(f"{spec.name} is deprecated: it moved to {self.new}",
                      DeprecationWarning, stacklevel=2)
        return importlib.import_module(self.new)

    def exec_module(self, module: ModuleType) -> None:
        """The module is the new one, already executed."""


class _MovedFinder(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        new = new_name(fullname) if fullname.startswith("claim.") else None
        return None if new is None else importlib.util.spec_from_loader(fullname, _Alias(new))


def install() -> None:
    """Put the aliases' finder first on `sys.meta_path` (once)."""
    if not any(isinstance(finder, _MovedFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, _MovedFinder())


def lend_saving_methods(state_class: Any, view_class: Any, to_json: Callable[..., str],
                        view_from_json: Callable[..., Any]) -> None:
    """Give the value classes their deprecated saving methods (see the module), made
    of `claim.io`'s functions ``to_json`` and ``view_from_json``."""

    def state_to_json(self: Any, *, indent: int | None = None) -> str:
        """Deprecated: this state as a JSON document; use ``claim.to_json(state)``."""
        warnings.warn("GameState.to_json() is deprecated: use claim.to_json(state)",
                      DeprecationWarning, stacklevel=2)
        return to_json(self, indent=indent)

    def view_to_json(self: Any) -> str:
        """Deprecated: the view as JSON text; use ``claim.to_json(view)``."""
        warnings.warn("View.to_json() is deprecated: use claim.to_json(view)",
                      DeprecationWarning, stacklevel=2)
        return to_json(self)

    def view_from_json_method(cls: Any, text: str, variant: Any = None) -> Any:
        """Deprecated: read a view's JSON; use ``claim.from_json(text, variant)``."""
        warnings.warn("View.from_json() is deprecated: use claim.from_json(text)",
                      DeprecationWarning, stacklevel=2)
        return view_from_json(text, variant)

    state_class.to_json = state_to_json
    view_class.to_json = view_to_json
    view_class.from_json = classmethod(view_from_json_method)
