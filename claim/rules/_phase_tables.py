"""The tables of the play, phase and scoring hooks and of the declared zones (part of
`claim.rules.variant_tables.build_tables`): which powers override which of these
hooks, where each zone reference leads, which zones hide or reveal a card."""

from __future__ import annotations

import types
from typing import TYPE_CHECKING, Any

from claim.core.errors import VariantError
from claim.core.zones import Zone
from claim.rules.capabilities import Capabilities
from claim.rules.effects import ZoneSpec
from claim.rules.hook_tables import in_hook_order
from claim.rules.protocol import FactionPower, overrides

if TYPE_CHECKING:
    from claim.rules.variant import Variant

__all__ = ["phase_tables"]


def _zones(powers: tuple[FactionPower, ...]) -> tuple[ZoneSpec, ...]:
    """The declared zones, once each; two powers sharing a name must agree."""
    specs: dict[str, ZoneSpec] = {}
    for power in powers:
        for spec in power.zones():
            known = specs.setdefault(spec.name, spec)
            if known != spec:
                raise VariantError(
                    f"powers declare zone {spec.name!r} twice, differently: {known} and {spec}",
                    key="factions",
                )
    return tuple(specs.values())


def _asides(powers: tuple[FactionPower, ...], specs: tuple[ZoneSpec, ...],
            faction_masks: list[int]) -> tuple[tuple[int, int, int], ...]:
    """Per power setting cards aside at the deal (E33), in faction order:
    ``(faction index, zone index, count)``; each checked against its zone."""
    index = {spec.name: i for i, spec in enumerate(specs)}
    out: list[tuple[int, int, int]] = []
    for fi, power in enumerate(powers):
        aside = power.set_aside()
        if aside is None:
            continue
        key = f"factions[{fi}].power"
        zone = index.get(aside.zone)
        if zone is None or specs[zone].per_seat or specs[zone].public:
            raise VariantError(f"the power of {power.faction!r} sets cards aside into "
                               f"{aside.zone!r}, which it must declare as a hidden shared "
                               "zone (ZoneSpec(public=False))", key=key)
        if (type(aside.count) is not int
                or not 0 <= aside.count <= faction_masks[fi].bit_count()):
            raise VariantError(f"the power of {power.faction!r} sets {aside.count!r} cards "
                               f"aside; the faction has {faction_masks[fi].bit_count()}",
                               key=key)
        if any(zone == other for _, other, _ in out):
            raise VariantError(f"two powers set cards aside into {aside.zone!r}", key=key)
        out.append((fi, zone, aside.count))
    return tuple(out)


def _follow_masks(
    names: tuple[str, ...], powers: tuple[FactionPower, ...], faction_masks: list[int]
) -> tuple[int, ...]:
    """Per lead faction: the cards that oblige their holder to follow it (RULES 3)."""
    return tuple(
        sum(faction_masks[fi] for fi, p in enumerate(powers) if p.follows(lead))
        for lead in names
    )




_STANDARD = frozenset({Zone.HAND, Zone.DRAW_PILE, Zone.FACE_UP, Zone.TRICK, Zone.FOLLOWERS,
                       Zone.SCORE, Zone.DISCARD})
"""The zones the engine keeps itself: a power's zone of the same name is reached
only by its name (the checker's simple paths test these members first)."""


def _standard(ref: object) -> bool:
    return isinstance(ref, Zone) and ref in _STANDARD


def phase_tables(
    variant: Variant, powers: tuple[FactionPower, ...], names: tuple[str, ...],
    faction_masks: list[int], promised: tuple[Capabilities, ...],
) -> dict[str, Any]:
    """The tables of the play, phase and scoring hooks (``promised``: each power's
    `Capabilities`)."""
    def users(hook: str) -> tuple[int, ...]:
        return in_hook_order(powers, [i for i, p in enumerate(powers) if overrides(p, hook)])

    specs = _zones(powers)
    dynamic_lead = sum(faction_masks[i] for i in users("lead_now"))
    extras = tuple(i for i in users("play_options") if powers[i].plays_every_card)
    options = 0
    for i in users("play_options"):
        options |= faction_masks[i]
    own_options = options & ~sum(faction_masks[i] for i in extras)
    blind = 0  # the cards whose choices are the extras alone, promised alike (E34)
    if extras and all(promised[i].card_blind_options for i in extras):
        blind = sum(faction_masks) & ~own_options
    if extras:  # E34: a potion may be drunk with any card
        options = sum(faction_masks)
    lookup: dict[object, int] = {spec.name: i for i, spec in enumerate(specs)}
    lookup.update({zone: lookup[zone.value] for zone in Zone if zone.value in lookup})
    hidden: set[object] = {Zone.DRAW_PILE, Zone.HAND, Zone.FOLLOWERS}
    revealing: set[object] = {Zone.SCORE, Zone.FACE_UP}
    for ref, index in lookup.items():
        (revealing if specs[index].public else hidden).add(ref)
    return {
        "zone_lookup": types.MappingProxyType(lookup),
        "seat_zone_lookup": types.MappingProxyType(
            {ref: i for ref, i in lookup.items() if specs[i].per_seat and not _standard(ref)}),
        "public_lookup": types.MappingProxyType(
            {ref: (i, specs[i].per_seat) for ref, i in lookup.items()
             if specs[i].public and not _standard(ref)}),
        "shared_zones": tuple(i for i, spec in enumerate(specs) if not spec.per_seat),
        "hidden_zones": frozenset(hidden),
        "revealing_zones": frozenset(revealing),
        "finishers": users("finish"),
        "starters": users("phase_start"),
        "trick_starters": users("trick_start"),
        "follow_hooks": users("must_follow"),
        "dynamic_lead_mask": dynamic_lead,
        "option_mask": options,
        "own_option_mask": own_options,
        "extra_options": extras,
        "blind_option_mask": blind,
        "dynamic": bool(users("must_follow") or dynamic_lead or options),
        "zone_specs": specs,
        "zone_index": types.MappingProxyType({spec.name: i for i, spec in enumerate(specs)}),
        "voters": tuple(i for i, p in enumerate(powers) if p.has_vote()),
        "uses_chance": any(p.uses_chance for p in powers),
        "asides": _asides(powers, specs, faction_masks),
        "hidden_states": tuple(i for i, p in enumerate(powers) if p.hidden_state),
        "masks_cards": bool(users("masked_class")),
        "follow_masks": _follow_masks(names, powers, faction_masks),
    }
