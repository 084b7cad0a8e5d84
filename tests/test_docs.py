"""The documentation's examples run and its rules page is complete.

* Every ```python block of every ``docs/*.md`` page runs on its own, in a fresh
  namespace (one test per block, named like ``quickstart.md:3``). A block written
  as a doctest (its first line starts with ``>>>``) is run as a doctest instead.
* Every ``examples/*.py`` script runs to completion, from a temporary directory.
* A block or script whose first lines say ``# requires: pettingzoo, numpy`` needs
  an optional extra: it is skipped when one of those modules cannot be imported
  (CI installs every extra, so there it always runs).
* ``docs/rules.md`` names every ruling R1..R15 and every rule option of the built-in
  powers.
* Every page in the ``mkdocs.yml`` nav exists, so no page escapes these checks.
"""

from __future__ import annotations

import doctest
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import yaml

import claim

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
EXAMPLES = ROOT / "examples"

_FENCE = re.compile(
    r"^(?P<indent>[ \t]*)```python[ \t]*\n(?P<body>.*?)^(?P=indent)```[ \t]*$",
    re.MULTILINE | re.DOTALL,
)


def _python_blocks() -> list[tuple[str, str]]:
    """``(id, source)`` for every ```python block in the docs, in page order."""
    blocks = []
    for page in sorted(DOCS.rglob("*.md")):
        text = page.read_text(encoding="utf-8")
        for number, match in enumerate(_FENCE.finditer(text), start=1):
            line = text.count("\n", 0, match.start("body")) + 1
            body = textwrap.dedent(match.group("body"))
            source = "\n" * (line - 1) + body  # keep the page's line numbers
            blocks.append((f"{page.relative_to(DOCS)}:{number}", source))
    return blocks


def _run_doctest(name: str, source: str) -> None:
    parser = doctest.DocTestParser()
    test = parser.get_doctest(source, {"__name__": "__docs__"}, name, name, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    output: list[str] = []
    runner.run(test, out=output.append)
    assert not runner.failures, "".join(output)


_REQUIRES = re.compile(r"^# requires: *(?P<modules>[\w., ]+)$", re.MULTILINE)


def _skip_unless_importable(source: str) -> None:
    """Skip the test when a module named by a leading ``# requires:`` line is missing."""
    head = "\n".join(source.lstrip().splitlines()[:3])
    match = _REQUIRES.search(head)
    if match:
        for module in match.group("modules").split(","):
            pytest.importorskip(module.strip())


BLOCKS = _python_blocks()
SCRIPTS = sorted(EXAMPLES.glob("*.py"))


@pytest.mark.parametrize(("name", "source"), BLOCKS, ids=[name for name, _ in BLOCKS])
def test_docs_code_block_runs(name: str, source: str) -> None:
    _skip_unless_importable(source)
    if source.lstrip().startswith(">>>"):
        _run_doctest(name, source)
        return
    code = compile(source, str(DOCS / name.split(":")[0]), "exec")
    exec(code, {"__name__": "__docs__"})  # a fresh namespace per block


@pytest.mark.parametrize("script", SCRIPTS, ids=[p.name for p in SCRIPTS])
def test_example_script_runs(script: Path, tmp_path: Path) -> None:
    _skip_unless_importable(script.read_text(encoding="utf-8").split('"""', 2)[-1])
    subprocess.run([sys.executable, str(script)], check=True, timeout=60, cwd=tmp_path)


def test_docs_have_code_blocks_and_examples() -> None:
    assert len(BLOCKS) >= 10, "the docs' python blocks were not found"
    assert (EXAMPLES / "quickstart.py").is_file()
    assert (EXAMPLES / "custom_power.py").is_file()


def _nav_pages(nav: object) -> list[str]:
    if isinstance(nav, str):
        return [nav]
    if isinstance(nav, dict):
        return [page for item in nav.values() for page in _nav_pages(item)]
    if isinstance(nav, list):
        return [page for item in nav for page in _nav_pages(item)]
    return []


def test_every_nav_page_exists() -> None:
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    pages = _nav_pages(config["nav"])
    assert "mixes.md" in pages and "rules.md" in pages
    missing = [page for page in pages if not (DOCS / page).is_file()]
    assert not missing, f"pages in the mkdocs.yml nav but not in docs/: {missing}"


RULES_PAGE = DOCS / "rules.md"


@pytest.mark.parametrize("number", range(1, 16), ids=[f"R{n}" for n in range(1, 16)])
def test_rules_page_names_ruling(number: int) -> None:
    text = RULES_PAGE.read_text(encoding="utf-8")
    assert re.search(rf"\bR{number}\b", text), f"R{number} is missing from docs/rules.md"


def _builtin_rule_options() -> list[str]:
    # Only the powers that ship with claim: tests and docs may register their own
    # powers (with their own options) in the same process, and installed plugins
    # document theirs themselves.
    names = []
    for power in claim.registry.names():
        cls = claim.registry.get(power)
        if cls.__module__.split(".")[0] != "claim":
            continue
        names += [option.name for option in cls.rule_options]
    return sorted(set(names))


def test_rules_page_names_every_rule_option() -> None:
    options = _builtin_rule_options()
    assert {"knights_beat_all_goblins", "dragon_lead", "troll_queue_order"} <= set(options)
    text = RULES_PAGE.read_text(encoding="utf-8")
    missing = [name for name in options if name not in text]
    assert not missing, f"rule options not documented in docs/rules.md: {missing}"


THREE_FOUR_RULINGS = ("Ranking the whole trick", "R4", "Recruiting in rank order", "R6", "R10",
                      "R14", "The 3-player cascade")


def test_rules_page_has_a_worked_example_for_each_3_4_player_rule() -> None:
    """RULES 2-5 for 3-4 players: each rule's subsection ends in a python block,
    which test_docs_code_block_runs replays."""
    text = RULES_PAGE.read_text(encoding="utf-8")
    section = text.split("## Three and four players", 1)[1].split("\n## ", 1)[0]
    subsections = section.split("\n### ")[1:]
    for title in THREE_FOUR_RULINGS:
        body = next((s for s in subsections if s.startswith(title)), None)
        assert body is not None, f"no subsection for {title}"
        assert "```python" in body and "assert " in body, f"no worked example for {title}"


def test_three_and_four_players_are_no_longer_a_preview() -> None:
    pages = [*DOCS.rglob("*.md"), ROOT / "README.md"]
    assert not [p.name for p in pages if "preview" in p.read_text(encoding="utf-8").lower()]
