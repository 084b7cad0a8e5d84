"""No module of `claim` over 400 lines, no function over 60 (#22 item 7).

A module that grows past the limit is split along a seam (one concern to a new
module); a function, by a helper that does one named thing. Lines are physical
lines of the file; a function's run from its ``def`` (decorators not counted) to its
last line, docstring included (`ast`).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MODULES = sorted((ROOT / "claim").rglob("*.py"))
"""Every module of the package."""

MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 60


def _name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _long_functions(tree: ast.AST) -> list[tuple[str, int]]:
    """The functions and methods of ``tree`` over the limit, with their lengths."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            assert node.end_lineno is not None
            length = node.end_lineno - node.lineno + 1
            if length > MAX_FUNCTION_LINES:
                found.append((f"{node.name} (line {node.lineno})", length))
    return found


def test_the_package_has_modules() -> None:
    assert len(MODULES) > 50


@pytest.mark.parametrize("path", MODULES, ids=_name)
def test_no_module_over_400_lines(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_MODULE_LINES, f"{_name(path)}: {lines} lines; split it along a seam"


@pytest.mark.parametrize("path", MODULES, ids=_name)
def test_no_function_over_60_lines(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    assert _long_functions(tree) == [], f"{_name(path)}: functions over 60 lines"


def test_the_function_check_counts_from_def_to_the_last_line() -> None:
    body = "\n".join(["def f() -> None:", *["    pass"] * 60])
    assert _long_functions(ast.parse(body)) == [("f (line 1)", 61)]
    assert _long_functions(ast.parse("\n".join(body.splitlines()[:-1]))) == []
