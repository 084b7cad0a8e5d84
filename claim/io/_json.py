"""What the JSON readers of `claim.io` say of text that is not JSON."""

from __future__ import annotations

import json

__all__ = ["json_problem"]


def json_problem(exc: json.JSONDecodeError, text: str) -> str:
    """What is wrong with the JSON ``text``, and where (``exc``: the parser's error)."""
    what = exc.msg.removesuffix(" at")  # "Unterminated string starting at"
    ended = exc.pos >= len(text.rstrip()) or what.startswith("Unterminated")
    return (f"not JSON: {what} at line {exc.lineno} column {exc.colno}"
            + (" (the document ends early: truncated?)" if ended else ""))
