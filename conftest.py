"""Doctest collection of ``claim/``: skip the adapters whose extra is not installed.

``--doctest-modules`` imports every module under ``claim/``; the adapters import
their optional libraries (``claim-engine[pettingzoo]``, ``claim-engine[openspiel]``),
so they are left out when those are missing. CI installs both extras.
"""

from __future__ import annotations

import importlib.util

collect_ignore = [
    path for path, module in (("claim/adapters/pettingzoo.py", "pettingzoo"),
                              ("claim/adapters/openspiel.py", "pyspiel"))
    if importlib.util.find_spec(module) is None
]
