"""What the solver's compiled modules use but must not compile themselves.

`claim.search._solver_key`, `claim.search._solver_rules`, `claim.search._solver_order` and
`claim.search._solver_fast` are compiled with mypyc when the package is built (see
`claim._compiled`). A compiled (native) class can neither extend ``dict`` nor an
exception class written in Python, so the two classes that do live here, in plain
Python, and the compiled modules import them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from claim.core.errors import ClaimError

__all__ = ["FastLimit", "Memo"]


class Memo(dict[Any, Any]):
    """A dict that builds a missing value with ``build`` (hits stay C-fast)."""

    __slots__ = ("build",)

    def __init__(self, build: Callable[[Any], Any]) -> None:
        super().__init__()
        self.build = build

    def __missing__(self, key: Any) -> Any:
        found = self[key] = self.build(key)
        return found


class FastLimit(ClaimError, RuntimeError):
    """Raised by `claim.search._solver_fast.FastSearch` when it passes its node or time
    limit (the caller turns it into `claim.search.solver.SearchLimitError`)."""
