"""The layers (issue #22): packages that import only downward, checked by
import-linter's contract, drawn on the docs' Architecture page, with no import
inside a function to dodge a cycle."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "claim"

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    tomllib = pytest.importorskip("tomli")

CONTRACT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
    "tool"]["importlinter"]["contracts"][0]
"""The layers contract of pyproject.toml."""

INSIDE_FUNCTIONS = {("claim/__init__.py", "_repr_svg_", "claim.io.svg"),
                    ("claim/apps/server/command.py", "run", "claim.apps.server")}
"""Imports of `claim` inside functions: only the composition root's notebook display,
which imports the pictures when a notebook first shows a value, so that
``import claim`` does not pay for them; and ``claim serve``'s, which imports the
server (`claim.apps.server.serving`: Starlette and uvicorn, the ``server`` extra)
when the command runs, so that every other `claim` command does not pay ~120 ms for
it. None dodges a cycle (the root is above every layer; `serving` sits beside the
command in `claim.apps`); imports of optional extras, outside `claim`, may be in
functions too."""


def test_the_contract_is_a_layers_contract_of_every_package() -> None:
    """Every package of `claim` (and the two public modules on top of the rules) is a
    layer; nothing is left out of the contract."""
    assert CONTRACT["type"] == "layers"
    packages = {f"claim.{p.name}" for p in PACKAGE.iterdir()
                if (p / "__init__.py").exists()} | {"claim.powers"}
    assert set(CONTRACT["layers"]) == packages
    assert "ignore_imports" not in CONTRACT  # no import runs upwards


def test_the_architecture_page_draws_the_contract() -> None:
    """docs/architecture.md lists the layers in the contract's order, top first."""
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    block = page.split("<!-- layers:", 1)[1].split("```text\n", 1)[1].split("```", 1)[0]
    drawn = [line.split()[0] for line in block.splitlines() if line.strip()]
    assert drawn == CONTRACT["layers"]


def test_each_layer_says_what_it_may_import() -> None:
    """Each layer package's docstring names the layers beneath it that it may import."""
    layers = CONTRACT["layers"]
    for index, layer in enumerate(layers):
        init = PACKAGE.joinpath(*layer.split(".")[1:]) / "__init__.py"
        if not init.exists():
            continue  # claim.powers: a module
        doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))) or ""
        said = re.search(r"May import: (.*?)\.$", doc, re.S | re.M)
        assert said is not None, layer
        below = set(layers[index + 1:])
        named = set(re.findall(r"`(claim\.[a-z_.]+)`", said.group(1)))
        assert named <= below | {"claim.testing"} and (named or not below), (layer, named)


def test_no_import_of_claim_inside_a_function() -> None:
    """Issue #22: no import inside a function to dodge a cycle (extras excepted)."""
    found = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for function in ast.walk(tree):
            if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(function):
                if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("claim"):
                    found.add((path.relative_to(ROOT).as_posix(), function.name, node.module))
                if isinstance(node, ast.Import) and any(
                        alias.name.startswith("claim") for alias in node.names):
                    found.add((path.relative_to(ROOT).as_posix(), function.name, "claim"))
    assert found == INSIDE_FUNCTIONS


def test_import_linter_keeps_the_contract() -> None:
    """The contract holds for the code as it is (CI also runs ``lint-imports``)."""
    cli = pytest.importorskip("importlinter.cli", reason="needs import-linter (dev extra)")
    status = cli.lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True,
                              no_logo=True)
    assert status == 0
