"""``docs/rulebook.md`` ("Where each rule lives") checked against the spec and the code.

The page maps each ruling of the specification to the code that implements it
(issue 23). These tests read its tables (columns ``| Ruling | Rule | Implemented by |
Also restated in |``) and check that:

* every numbered ruling is listed: R1-R15 of ``RULES.md``, E1-E27 of
  ``EXPANSIONS.md`` (its rulings before "Factions with hidden information") and,
  of E28-E45, those of the factions built so far (`HIDDEN_IMPLEMENTED`: all of them
  now); any other hidden-information ruling (issue 24) must not be in the tables but
  in the note under "Not implemented yet"; and the
  unnumbered base rules (the follow rule, the ranking, the two phases, each
  faction's power of RULES 4, the votes);
* every dotted name in the two code columns resolves (the module imported, the rest
  read with ``getattr``) to a function, method, class or attribute;
* each is defined in the module it names, a source file under ``claim/`` (its
  ``def``, ``class`` or assignment there): not a re-export.

The spec is not in the repository, so the expected ids are written here; where the
spec is at hand (``/work/shared``, or the folder ``CLAIM_SPEC_DIR`` names), a test
checks that they are still the spec's.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import os
import re
from pathlib import Path
from types import ModuleType
from typing import NamedTuple

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "rulebook.md"
SPEC = Path(os.environ.get("CLAIM_SPEC_DIR", "/work/shared"))
HEADER = ("Ruling", "Rule", "Implemented by", "Also restated in")

RULINGS = frozenset(f"R{n}" for n in range(1, 16))
"""RULES.md: the numbered rulings R1-R15."""
EXPANSION_RULINGS = frozenset(f"E{n}" for n in range(1, 28))
"""EXPANSIONS.md, section "Rulings" (before "Factions with hidden information"): E1-E27."""
HIDDEN_RULINGS = frozenset(f"E{n}" for n in range(28, 46))
"""EXPANSIONS.md, "Rulings for hidden information": E28-E45 (issue 24)."""
HIDDEN_IMPLEMENTED = HIDDEN_RULINGS
"""Of E28-E45, the rulings of the factions built so far: all of them, the Phoenixes'
(E41) last. A ruling not built would be named in the page's note instead."""
POWERS = ("Goblins", "Knights", "Undead", "Dwarves", "Doppelgangers", "Gnomes", "Giants",
          "Dragons", "Trolls", "Seers")
"""RULES.md section 4: the faction powers, each a row ``RULES 4 <faction>``."""
BASE_RULES = frozenset({
    "RULES 3 follow", "RULES 3 ranking", "RULES 3 phase 1 recruit", "RULES 3 phase 2",
    "RULES 5 vote", "RULES 5 cascade", *(f"RULES 4 {power}" for power in POWERS),
})
"""Unnumbered rules of RULES.md that the code implements (sections 3-5)."""
HIDDEN_SECTION = "## Factions with hidden information"
RULING_ID = re.compile(r"R\d+|E\d+|RULES \d+ \S.*")
DOTTED = re.compile(r"`(claim(?:\.\w+)+)`")


class Row(NamedTuple):
    """One row of the page's tables."""

    ruling: str
    rule: str
    implemented: tuple[str, ...]
    restated: tuple[str, ...]


def _cells(line: str) -> tuple[str, ...]:
    return tuple(cell.strip() for cell in line.strip().strip("|").split("|"))


def parse_rows(text: str) -> list[Row]:
    """The rows of every table of ``text`` whose header is `HEADER`."""
    rows: list[Row] = []
    lines = text.splitlines()
    index = 0
    while index < len(lines):
        if not (lines[index].startswith("|") and _cells(lines[index]) == HEADER):
            index += 1
            continue
        index += 2  # the header and the |---| line
        while index < len(lines) and lines[index].startswith("|"):
            cells = _cells(lines[index])
            assert len(cells) == len(HEADER), f"row with {len(cells)} cells: {lines[index]}"
            ruling, rule, implemented, restated = cells
            rows.append(Row(ruling, rule, tuple(DOTTED.findall(implemented)),
                            tuple(DOTTED.findall(restated))))
            index += 1
    return rows


ROWS = parse_rows(PAGE.read_text(encoding="utf-8"))
LISTED = [row.ruling for row in ROWS]
NAMES = sorted({name for row in ROWS for name in (*row.implemented, *row.restated)})


def resolve(dotted: str) -> tuple[ModuleType, tuple[str, ...], object]:
    """The longest importable module of ``dotted``, the attribute path after it and
    the object it names.

    Raises:
        LookupError: No module, or no attribute of that name.
    """
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            module = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        found: object = module
        for part in parts[cut:]:
            if not hasattr(found, part):
                raise LookupError(f"{dotted}: {'.'.join(parts[:cut])} has no {part!r} "
                                  f"on the way")
            found = getattr(found, part)
        return module, tuple(parts[cut:]), found
    raise LookupError(f"{dotted}: no module to import")


def _defines(body: list[ast.stmt], name: str) -> ast.stmt | None:
    """The statement of ``body`` that defines ``name`` (def, class, assignment)."""
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            if node.name == name:
                return node
        elif isinstance(node, ast.Assign):
            if any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
                return node
        elif (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
              and node.target.id == name):
            return node
    return None


def source_of(module: ModuleType) -> Path:
    """The source file of ``module`` in this checkout (compiled or not)."""
    parts = module.__name__.split(".")
    package = ROOT.joinpath(*parts)
    return package / "__init__.py" if package.is_dir() else package.with_suffix(".py")


def definition_problem(dotted: str) -> str | None:
    """Why ``dotted`` is not a name defined where it says, or None when it is."""
    try:
        module, path, found = resolve(dotted)
    except LookupError as exc:
        return str(exc)
    if not path or inspect.ismodule(found):
        return f"{dotted} is a module, not a function, method, class or attribute"
    source = source_of(module)
    if not source.is_file() or ROOT / "claim" not in source.parents:
        return f"{dotted}: {module.__name__} is not a module under claim/"
    body = ast.parse(source.read_text(encoding="utf-8")).body
    for depth, part in enumerate(path):
        node = _defines(body, part)
        if node is None:
            where = ".".join((module.__name__, *path[:depth]))
            return f"{dotted}: {part!r} is not defined in {where} (a re-export?)"
        if depth + 1 < len(path):
            if not isinstance(node, ast.ClassDef):
                return f"{dotted}: {part!r} is not a class"
            body = node.body
    return None


def test_the_page_has_the_tables() -> None:
    assert len(ROWS) >= len(RULINGS | EXPANSION_RULINGS | HIDDEN_IMPLEMENTED | BASE_RULES)
    assert all(row.implemented for row in ROWS), [r.ruling for r in ROWS if not r.implemented]


def test_every_ruling_is_listed_once() -> None:
    duplicates = sorted({ruling for ruling in LISTED if LISTED.count(ruling) > 1})
    assert duplicates == []
    missing = (RULINGS | EXPANSION_RULINGS | HIDDEN_IMPLEMENTED | BASE_RULES) - set(LISTED)
    assert sorted(missing) == []


def test_only_known_rulings_are_listed() -> None:
    malformed = [ruling for ruling in LISTED if not RULING_ID.fullmatch(ruling)]
    assert malformed == []
    numbered = {r for r in LISTED if re.fullmatch(r"[RE]\d+", r)}
    assert sorted(numbered - RULINGS - EXPANSION_RULINGS - HIDDEN_IMPLEMENTED) == [], (
        "rulings of E28-E45 not implemented (issue 24): list them in the note, not the "
        "table, or add them to HIDDEN_IMPLEMENTED")


def test_hidden_information_rulings_are_a_note() -> None:
    """The hidden-information rulings not implemented yet are named in the note."""
    assert HIDDEN_IMPLEMENTED <= HIDDEN_RULINGS
    text = PAGE.read_text(encoding="utf-8")
    note = text.split("## Not implemented yet", 1)[1].split("\n## ", 1)[0]
    assert "E28-E45" in note and "issue 24" in note
    named: set[str] = set()
    for first, last in re.findall(r"E(\d+)(?:-E(\d+))?", note):
        named.update(f"E{n}" for n in range(int(first), int(last or first) + 1))
    missing = HIDDEN_RULINGS - HIDDEN_IMPLEMENTED - named
    assert sorted(missing) == [], "name every hidden-information ruling not implemented"


@pytest.mark.parametrize("ruling", sorted(RULINGS | EXPANSION_RULINGS | HIDDEN_IMPLEMENTED
                                           | BASE_RULES))
def test_ruling_names_code(ruling: str) -> None:
    row = next((row for row in ROWS if row.ruling == ruling), None)
    assert row is not None, f"{ruling} is not in docs/rulebook.md"
    assert row.implemented, f"{ruling}: no dotted name in 'Implemented by'"


@pytest.mark.parametrize("name", NAMES)
def test_named_code_is_defined_where_it_says(name: str) -> None:
    assert definition_problem(name) is None, definition_problem(name)


@pytest.mark.parametrize(("name", "why"), [
    ("claim.rules.engine.playing.no_such_rule", "has no"),
    ("claim.no_such_module.allowed", "has no"),
    ("claim.rules.engine.playing", "is a module"),
    ("claim.powers.FactionPower", "not defined in claim.powers"),  # a re-export
    ("claim.rules.engine.flow.allowed", "not defined in claim.rules.engine.flow"),  # imported
    ("claim.factions.claim2.Trolls.no_such_hook", "has no"),
])
def test_the_checker_refuses(name: str, why: str) -> None:
    problem = definition_problem(name)
    assert problem is not None and why in problem, problem


def test_the_parser_reads_a_row() -> None:
    text = "\n".join([
        "| " + " | ".join(HEADER) + " |", "|---|---|---|---|",
        "| R9 | Trolls | `claim.factions.claim2.Trolls.place`, option `fifo` "
        "| `claim.search._playout_kernel._lines` (a copy) |",
        "", "| other | table |",
    ])
    assert parse_rows(text) == [Row("R9", "Trolls", ("claim.factions.claim2.Trolls.place",),
                                    ("claim.search._playout_kernel._lines",))]


# -- the ids written above, against the spec where it is at hand -------------------

needs_spec = pytest.mark.skipif(
    not (SPEC / "RULES.md").is_file() or not (SPEC / "EXPANSIONS.md").is_file(),
    reason=f"the spec (RULES.md, EXPANSIONS.md) is not in {SPEC}")


@needs_spec
def test_rulings_are_the_specs() -> None:
    text = (SPEC / "RULES.md").read_text(encoding="utf-8")
    assert {f"R{n}" for n in re.findall(r"\bR(\d+)\b", text)} == RULINGS


@needs_spec
def test_expansion_rulings_are_the_specs() -> None:
    text = (SPEC / "EXPANSIONS.md").read_text(encoding="utf-8")
    before, hidden = text.split(HIDDEN_SECTION, 1)
    defined = re.compile(r"^- (E\d+)\b", re.MULTILINE)
    assert set(defined.findall(before)) == EXPANSION_RULINGS
    assert set(defined.findall(hidden)) == HIDDEN_RULINGS


@needs_spec
def test_powers_are_the_specs() -> None:
    text = (SPEC / "RULES.md").read_text(encoding="utf-8")
    section = text.split("## 4. Powers", 1)[1].split("\n## ", 1)[0]
    assert tuple(re.findall(r"^- \*\*(\w+)\*\*", section, re.MULTILINE)) == POWERS
