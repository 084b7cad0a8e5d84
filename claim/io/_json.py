"""What the JSON readers of `claim.io` share: what they say of text that is not JSON,
and how they read a zone tagged by an earlier version."""

from __future__ import annotations

import json

from claim.core.zones import Zone

__all__ = ["json_problem", "read_zone"]

_DECLARED = frozenset({"in front", "waiting line"})
"""Zones the powers declare that earlier versions wrote as `Zone` members (before
#22): read back as the declared zones' names."""


def read_zone(value: object) -> Zone | str:
    """The zone a ``{"zone": value}`` tag names.

    Raises:
        ValueError: ``value`` names no zone.
    """
    if isinstance(value, str) and value in _DECLARED:
        return value
    return Zone(value)


def json_problem(exc: json.JSONDecodeError, text: str) -> str:
    """What is wrong with the JSON ``text``, and where (``exc``: the parser's error)."""
    what = exc.msg.removesuffix(" at")  # "Unterminated string starting at"
    ended = exc.pos >= len(text.rstrip()) or what.startswith("Unterminated")
    return (f"not JSON: {what} at line {exc.lineno} column {exc.colno}"
            + (" (the document ends early: truncated?)" if ended else ""))
