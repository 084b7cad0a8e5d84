"""Everything a power author needs, from one public module.

A power is a frozen ``attrs`` subclass of `FactionPower` registered in `registry`
(or through the ``claim.powers`` entry-point group). Its hooks read a `Trick`, a
`Play` or the `GameState`, and return effects (`Placement`, `Exchange`,
`SetPowerState`, `Reveal`, `Ask`), never changing anything; cards set aside at
the deal are declared with `SetAside` (E33); questions are a
`Question` of labelled `Option` values, asked for a queued `Step`. Places for
cards are declared with `ZoneSpec`; per-game state lives in
``state.power_states`` (read it with ``state.power_state(faction)``). The
built-in expansion powers (`claim.factions.exp_ranking`, `exp_choices`,
`exp_piles`) are written against this module alone. A hook that derives a table
from the variant alone (which cards pair up, ...) can keep it with `per_variant`
instead of computing it again at every call; one whose answers depend on a few
public facts (the Elf-Orcs' options, the Vampires' questions) can keep its latest
answers in a bounded `Recent` that a `per_variant` builder makes
(``Recent(name, limit, register=False)``: it goes with its variant).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from claim.core.cache import Recent, per_variant
from claim.core.errors import PowerError
from claim.core.zones import Phase, Zone
from claim.rules.answers import DeckFacts
from claim.rules.capabilities import Capabilities
from claim.rules.effects import (
    Ask,
    Effect,
    Exchange,
    Option,
    Placement,
    Question,
    Reveal,
    SetAside,
    SetPowerState,
    Step,
    ZoneRef,
    ZoneSpec,
)
from claim.rules.protocol import (
    FactionPower,
    Play,
    RankKey,
    RuleOption,
    Trick,
)
from claim.rules.registry import ENTRY_POINT_GROUP, PowerRegistry, registry

if TYPE_CHECKING:
    from claim.rules.variant import Variant

IN_FRONT = ZoneSpec("in front", per_seat=True, ordered=False, public=True)
"""A shared zone: cards lying face up in front of a player, one pile per seat."""
WAITING_LINE = ZoneSpec("waiting line", per_seat=False, ordered=True, public=True)
"""A shared zone: cards set aside in a line until a later trick delivers them."""


@per_variant
def card_names(variant: Variant) -> tuple[str, ...]:
    """Per card id of ``variant``'s deck, the card's notation (``Kn7``): for labels
    and prompts built on every call, without formatting a card each time."""
    return tuple(map(str, variant.deck))


__all__ = [
    "ENTRY_POINT_GROUP",
    "DeckFacts",
    "IN_FRONT",
    "WAITING_LINE",
    "Ask",
    "Capabilities",
    "Effect",
    "Exchange",
    "FactionPower",
    "Option",
    "Phase",
    "Placement",
    "Play",
    "PowerError",
    "PowerRegistry",
    "Question",
    "RankKey",
    "Recent",
    "Reveal",
    "RuleOption",
    "SetAside",
    "SetPowerState",
    "Step",
    "Trick",
    "Zone",
    "ZoneRef",
    "ZoneSpec",
    "card_names",
    "per_variant",
    "registry",
]
