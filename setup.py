"""Build: the metadata is in pyproject.toml; this file adds what it cannot say.

* The phase 2 solver's fast path and the playout kernel (the modules of
  `claim._compiled.COMPILED_MODULES`) are compiled with mypyc when mypyc is at hand
  (a build requirement) and ``CLAIM_PURE_PYTHON`` is not set. The extensions are
  optional: without a C compiler the build warns and ships the same modules as
  Python only.
* The server's browser client (``claim/apps/server/static``: HTML, JavaScript and CSS,
  no build step) ships as package data.
* The built-in variants (``variants/``) ship inside the package as
  ``claim/variants``, and ``claim/apps/adapters/conftest.py`` (the adapters' doctest
  fixtures) stays out of the wheel.
"""

from __future__ import annotations

import os
from typing import Any

from setuptools import find_namespace_packages, setup
from setuptools.command.build_py import build_py

COMPILED_FILES = [
    "claim/search/_playout_kernel.py",
    "claim/search/_playout_engine.py",
    "claim/search/_playout_winner.py",
    "claim/rules/rulebook.py",
    "claim/rules/engine/quiet.py",
    "claim/core/_shuffle.py",
    "claim/core/_fold.py",
    "claim/core/_chunks.py",
    "claim/search/_solver_key.py",
    "claim/search/_solver_rules.py",
    "claim/search/_solver_order.py",
    "claim/search/_solver_fast.py",
    "claim/rules/engine/board.py",
    "claim/rules/engine/effects.py",
    "claim/rules/engine/placing.py",
    "claim/rules/engine/choices.py",
    "claim/rules/engine/playing.py",
    "claim/rules/engine/tricks.py",
    "claim/rules/engine/recruiting.py",
    "claim/rules/engine/phases.py",
    "claim/rules/engine/flow.py",
    "claim/rules/engine/scoring.py",
    "claim/rules/views.py",
    "claim/rules/view_history.py",
    "claim/info/knowledge.py",
    "claim/info/_history.py",
    "claim/info/_dealing.py",
    "claim/info/_direct.py",
    "claim/info/_direct_program.py",
    "claim/info/_direct_final.py",
    "claim/info/_direct_run.py",
    "claim/io/snapshot_json.py",
    "claim/factions/claim1.py",
    "claim/factions/claim2.py",
    "claim/factions/exp_ranking.py",
    "claim/factions/exp_choices.py",
    "claim/factions/exp_piles.py",
    "claim/rules/mask_tables.py",
    "claim/rules/masking.py",
    "claim/factions/exp_potions.py",
    "claim/factions/exp_vampires.py",
    "claim/factions/exp_minotaurs.py",
    "claim/factions/exp_hidden.py",
    "claim/factions/exp_poison.py",
    "claim/factions/exp_phoenixes.py",
]
"""The files of `claim._compiled.COMPILED_MODULES` (a test checks they agree)."""

LEFT_OUT = {("claim.apps.adapters", "conftest")}
"""Modules of the source tree that the wheel leaves out."""


def compiled_extensions() -> list[Any]:
    """mypyc's extensions for `COMPILED_FILES`, optional; none when not wanted or
    when mypyc is missing."""
    if os.environ.get("CLAIM_PURE_PYTHON", "") not in ("", "0"):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        return []
    extensions = mypycify(COMPILED_FILES, opt_level="3", group_name="claim_compiled")
    for extension in extensions:
        extension.optional = True  # no C compiler: a warning, and the Python modules
    return extensions


class BuildPy(build_py):  # type: ignore[misc]
    """Leaves `LEFT_OUT` modules out of the build."""

    def find_package_modules(self, package: str, package_dir: str) -> list[Any]:
        modules = super().find_package_modules(package, package_dir)
        return [m for m in modules if (m[0], m[1]) not in LEFT_OUT]


setup(
    packages=[
        *find_namespace_packages(include=["claim", "claim.*"], exclude=["*.__pycache__"]),
        "claim.variants",
    ],
    # The built-in variants ship inside the package (`claim.rules.loading` looks there first).
    package_dir={"claim.variants": "variants"},
    package_data={"claim": ["py.typed"], "claim.schemas": ["*.json"], "claim.io": ["*.yaml"],
                  "claim.variants": ["*.yaml"],
                  "claim.apps.server": ["static/*.html", "static/*.js", "static/*.css"]},
    ext_modules=compiled_extensions(),
    cmdclass={"build_py": BuildPy},
)
