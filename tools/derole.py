"""Turn Sphinx roles in docstrings into mkdocstrings cross-references.

    python tools/derole.py claim

rewrites every ``:class:`X```, ``:meth:`X```, ``:func:`X```, ``:attr:`X```,
``:mod:`X```, ``:data:`X``` and ``:exc:`X``` in the ``.py`` files under the given
folders into an autorefs link, ``[`X`][claim.module.X]``, with the target resolved
the way Sphinx would: a dotted ``claim.`` path as is, otherwise a name of the
module the docstring is in (or imported into it), otherwise a member of the class
the docstring belongs to. ``~`` shows only the last component. A role whose target
cannot be resolved becomes plain code, ``X``. Safe to re-run (idempotent).
"""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path

ROLE = re.compile(r":(?:class|meth|func|attr|mod|data|exc|obj):`(?P<target>[^`]+)`")
CLASS = re.compile(r"^class (?P<name>\w+)", re.MULTILINE)


def module_name(path: Path) -> str:
    parts = list(path.with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts[parts.index("claim"):])


def resolve(target: str, module: str, owner: str | None) -> str | None:
    if target.startswith("claim"):
        return target
    try:
        mod = importlib.import_module(module)
    except ImportError:
        return None
    head = target.split(".")[0]
    obj = getattr(mod, head, None)
    if obj is not None:
        named = isinstance(obj, type) or callable(obj)
        home = getattr(obj, "__module__", None) if named else None
        if isinstance(home, str) and home.startswith("claim") and obj.__name__ == head:
            return f"{home}.{target}"
        return f"{module}.{target}"
    if owner is not None and hasattr(getattr(mod, owner, None), head):
        return f"{module}.{owner}.{target}"
    return None


def convert(path: Path) -> bool:
    text = path.read_text(encoding="utf-8")
    module = module_name(path)
    classes = [(m.start(), m.group("name")) for m in CLASS.finditer(text)]

    def replace(match: re.Match[str]) -> str:
        target = match.group("target")
        short = target.startswith("~")
        target = target.lstrip("~")
        shown = target.rsplit(".", 1)[-1] if short else target
        line_start = text.rfind("\n", 0, match.start()) + 1
        indented = text[line_start:match.start()].startswith((" ", "\t"))
        owner = next((name for pos, name in reversed(classes) if pos < match.start()), None)
        full = resolve(target, module, owner if indented else None)
        if not full:
            return f"`{shown}`"
        # mkdocstrings' scoped cross-references resolve a bare name like Python would
        # (in the docstring's class, then its module and imports): `[X][]` is enough.
        return f"[`{shown}`][]" if shown == target else f"[`{shown}`][{full}]"

    new = ROLE.sub(replace, text)
    if new != text:
        path.write_text(new, encoding="utf-8")
    return new != text


def main(folders: list[str]) -> int:
    sys.path.insert(0, str(Path.cwd()))
    for folder in folders:
        for path in sorted(Path(folder).rglob("*.py")):
            if convert(path):
                print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
