"""No module outside `claim.factions` names a faction: every power lives there (#22).

Every module of the package but the factions' is read token by
token (`tokenize`): every identifier and every string literal that is not a
docstring is checked for each faction name and code of ``variants/factions.yaml``
as a whole word. Comments and docstrings may cite a faction (they explain rulings);
code may not branch on one.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
FACTIONS = ROOT / "claim" / "factions"
ENGINE = sorted(path for path in (ROOT / "claim").rglob("*.py") if FACTIONS not in path.parents)
"""Every module of the package but the built-in powers (`claim.factions`): the
engine, the state, views, saving, search, bots, the command line and the adapters."""
CATALOG = yaml.safe_load((ROOT / "variants" / "factions.yaml").read_text(encoding="utf-8"))
WORDS = sorted({*CATALOG["factions"], *(f["code"] for f in CATALOG["factions"].values())})
_CODE_TOKENS = {tokenize.NAME, tokenize.STRING}
_CODE_TOKENS |= {getattr(tokenize, "FSTRING_MIDDLE", tokenize.STRING)}  # Python 3.12+


def _docstring_lines(source: str) -> set[int]:
    """The first line of every docstring in ``source``: of a module, class or function,
    and of an attribute (a string standing alone as a statement after it)."""
    return {node.lineno for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)}


VARIANT_NAMES = {path.stem for path in (ROOT / "variants").glob("*.yaml")}
"""Built-in variant names (``knights-3p``) are names of data files, not faction words."""


def faction_words(path: Path) -> list[tuple[int, str, str]]:
    """``(line, word, token)`` for every faction name or code used in ``path``'s code."""
    source = path.read_text(encoding="utf-8")
    docstrings = _docstring_lines(source)
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, WORDS)) + r")\b", re.IGNORECASE)
    found = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type not in _CODE_TOKENS:
            continue
        if token.type == tokenize.STRING and token.start[0] in docstrings:
            continue
        if token.type == tokenize.STRING and token.string.strip("'\"") in VARIANT_NAMES:
            continue
        for match in pattern.finditer(token.string):
            word = match.group(1)
            # codes are case-sensitive ("Dr", "Tr"); names are matched in any case
            if word in WORDS or word.lower() in CATALOG["factions"]:
                found.append((token.start[0], word, token.string))
    return found


def test_the_catalog_is_read() -> None:
    """The word list holds every faction, expansions included, and their codes."""
    assert {"goblins", "giants", "dark_elves", "elf_orcs", "ice_queens", "Gb", "Gi"} <= set(WORDS)
    # the 29 factions of the boxes and expansions, and those of issue 24 built so far
    assert len(CATALOG["factions"]) >= 29
    assert {"vampires", "minotaurs", "shadows", "tricksters", "poisoners", "wizards",
            "fire_elementals", "demons"} <= set(
        CATALOG["factions"])


def test_the_scan_finds_a_faction_in_code(tmp_path: Path) -> None:
    """The control: a faction in code is found; in a comment or docstring it is not."""
    sample = tmp_path / "sample.py"
    sample.write_text('"""Giants smash Gnomes."""\n# Dragons\nif faction == "giants":\n'
                      '    knights = f"{code} Kn"\n', encoding="utf-8")
    assert [(line, word) for line, word, _ in faction_words(sample)] == [
        (3, "giants"), (4, "knights"), (4, "Kn")]


@pytest.mark.parametrize("path", ENGINE, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_engine_module_names_a_faction(path: Path) -> None:
    """R11 and the power protocol: the engine knows powers only through their hooks."""
    assert faction_words(path) == []
