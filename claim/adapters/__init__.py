"""Adapters to the ecosystems bot researchers use: PettingZoo and OpenSpiel.

Each adapter lives in its own module and imports its library only when imported
itself, so ``import claim`` (and ``import claim.adapters``) needs neither:

* [`claim.adapters.pettingzoo`][claim.adapters.pettingzoo]: an AEC environment
  (extra ``claim-engine[pettingzoo]``);
* [`claim.adapters.openspiel`][claim.adapters.openspiel]: every variant as an
  OpenSpiel Python game (extra ``claim-engine[openspiel]``).

Both build what an agent sees from that seat's [`View`][claim.views.View] only
(``state.view(seat)``), through [`observation`][claim.observation.observation],
and number moves by [action ids][claim.actions]. The helpers here are shared and
need no third-party package.
"""

from __future__ import annotations

from claim.adapters._common import history_features, max_game_length, terminal_rewards

__all__ = ["history_features", "max_game_length", "terminal_rewards"]
