"""A power defined outside `claim`, as a plugin package would (for test_plugins)."""

from __future__ import annotations

from typing import ClassVar

import attrs

from claim.rules.protocol import FactionPower


@attrs.frozen
class AlwaysPlayable(FactionPower):
    """Cards that may always be played, like Doppelgangers, but count as themselves."""

    name: ClassVar[str] = "plugin_wild"

    def always_playable(self) -> bool:
        """These cards ignore the follow rule."""
        return True
