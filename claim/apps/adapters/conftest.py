"""Doctest collection of ``claim/adapters``: skip the adapters whose extra is missing.

``--doctest-modules`` imports every module under ``claim/``; the adapters import
their optional libraries (``claim-engine[pettingzoo]``, ``claim-engine[openspiel]``),
so they are left out when those are missing. CI installs both extras. (This
file is for pytest only: the wheel leaves it out.)
"""

from __future__ import annotations

import importlib.util

collect_ignore = [
    path for path, module in (("pettingzoo.py", "pettingzoo"), ("openspiel.py", "pyspiel"))
    if importlib.util.find_spec(module) is None
]
