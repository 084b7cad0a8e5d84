"""The API reference shows the public surface only: a Griffe extension.

mkdocstrings loads it (``extensions:`` of the python handler in ``mkdocs.yml``) and
reads the package from its source files (``allow_inspection: false``), so the pages
are the same whether or not the mypyc-compiled modules are built. With the handler's
``filters: public``, a member is shown when Griffe finds it public; this extension
marks as not public:

- special members (``__eq__``, ``__reduce__``, ``__attrs_post_init__``,
  ``__attrs_attrs__``, ...): Python's protocols and attrs' machinery, not the API;
- the members listed in its ``internal`` option, by full path: fields that are
  storage rather than API (``GameState``'s card masks, whose public accessors are
  ``hand(seat)``, ``score_pile(seat)``, ...). They are described on "How it works".

A listed path that names nothing stops the build, so the list cannot go stale.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import griffe


def _is_special(name: str) -> bool:
    return len(name) > 4 and name.startswith("__") and name.endswith("__")


class PublicSurface(griffe.Extension):
    """Hide special members everywhere, and the members named in ``internal``."""

    def __init__(self, internal: Iterable[str] = ()) -> None:
        super().__init__()
        self.internal = tuple(internal)

    def on_package(
        self, *, pkg: griffe.Module, loader: griffe.GriffeLoader, **kwargs: Any
    ) -> None:
        self._hide_special(pkg)
        for path in self.internal:
            if path.split(".", 1)[0] != pkg.name:
                continue
            try:
                member = loader.modules_collection.get_member(path)
            except KeyError:
                message = f"griffe_public: {path} (listed as internal) does not exist"
                raise ValueError(message) from None
            member.public = False

    def _hide_special(self, obj: griffe.Object) -> None:
        for name, member in obj.members.items():
            if isinstance(member, griffe.Alias):
                continue
            if _is_special(name):
                member.public = False
            if isinstance(member, (griffe.Module, griffe.Class)):
                self._hide_special(member)
