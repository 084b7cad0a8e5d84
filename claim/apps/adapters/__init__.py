"""Adapters to the ecosystems bot researchers use: PettingZoo and OpenSpiel.

Each adapter lives in its own module and imports its library only when imported
itself, so ``import claim`` (and ``import claim.apps.adapters``) needs neither:

* [`claim.apps.adapters.pettingzoo`][claim.apps.adapters.pettingzoo]: an AEC environment
  (extra ``claim-engine[pettingzoo]``);
* [`claim.apps.adapters.openspiel`][claim.apps.adapters.openspiel]: every variant as an
  OpenSpiel Python game (extra ``claim-engine[openspiel]``).

Both build what an agent sees from that seat's [`View`][claim.rules.views.View] only
(``state.view(seat)``), through [`observation`][claim.info.observation.observation],
and number moves by [action ids][claim.rules.actions]. The helpers here are shared and
need no third-party package.
"""

from __future__ import annotations

from claim.apps.adapters._common import history_features, max_game_length, terminal_rewards

__all__ = ["history_features", "max_game_length", "terminal_rewards"]
