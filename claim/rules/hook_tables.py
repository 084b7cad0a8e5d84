"""Which factions' powers take part in each trick hook, per phase (`HookTable`).

Built once per variant by `claim.rules.variant_tables.build_tables`, so that resolving a trick
calls a hook only for the factions that override it and whose cards are in play.
"""

from __future__ import annotations

import functools
import operator

import attrs

from claim.core.zones import Phase
from claim.rules.capabilities import Capabilities
from claim.rules.protocol import FactionPower, overrides

__all__ = ["HookTable", "hook_table", "in_hook_order"]


@attrs.frozen(slots=True)
class HookTable:
    """Which factions override each trick hook, in one phase, in hook order.

    Masks hold the cards of those factions: a hook of a faction is called only when
    one of its cards takes part (``modifiers`` and ``plain`` are always asked;
    ``placers`` also when their cards wait in a shared zone, or always for powers
    with ``place_always``; ``after`` always for powers with ``after_place_always``).
    """

    rank_mask: int
    rank_masks: tuple[int, ...]
    """Per lead faction index: the cards whose `rank_key` can matter under it."""
    modifiers: tuple[int, ...]
    plain: tuple[int, ...]
    rerankers: tuple[int, ...]
    rerank_mask: int
    reviewers: tuple[int, ...]
    review_mask: int
    capturers: tuple[int, ...]
    capture_mask: int
    placers: tuple[int, ...]
    placer_mask: int
    always_placers: tuple[int, ...]
    after: tuple[int, ...]
    after_mask: int
    after_win_mask: int
    always_after: tuple[int, ...]
    """The factions whose `after_place` runs for every trick (``after_place_always``)."""
    leaders: tuple[int, ...]
    leader_mask: int
    recruiters: tuple[int, ...]
    recruiter_masks: tuple[int, ...]
    recruit_mask: int
    recruit_win_mask: int
    post_mask: int
    """The cards whose presence makes a hook after the ranking run (review, capture,
    place, after_place, next_leader, recruit_options)."""
    post_win_mask: int
    """The cards that make such a hook run only when they win the trick (`on_win`)."""


def in_hook_order(powers: tuple[FactionPower, ...], indices: list[int]) -> tuple[int, ...]:
    """Faction indices in hook order: by priority, then the variant's order."""
    return tuple(sorted(indices, key=lambda i: (powers[i].priority, i)))


def hook_table(
    powers: tuple[FactionPower, ...], promised: tuple[Capabilities, ...],
    faction_masks: list[int], phase: Phase,
) -> HookTable:
    """The `HookTable` of ``phase`` for a variant's ``powers`` and what they promise
    (faction masks by index)."""
    names = tuple(power.faction for power in powers)

    def users(hook: str) -> tuple[int, ...]:
        found = [i for i, p in enumerate(powers) if phase in p.phases and overrides(p, hook)]
        return in_hook_order(powers, found)

    def mask(hook: str) -> int:
        """Cards whose presence in a trick calls ``hook``."""
        return sum(faction_masks[i] for i in users(hook) if hook not in promised[i].on_win)

    def win_mask(hook: str) -> int:
        """Cards that call ``hook`` only when they win the trick."""
        return sum(faction_masks[i] for i in users(hook) if hook in promised[i].on_win)

    later = ("review", "capture", "place", "after_place", "next_leader", "recruit_options")
    return HookTable(
        post_mask=functools.reduce(operator.or_, map(mask, later), 0),
        post_win_mask=functools.reduce(operator.or_, map(win_mask, later), 0),
        rank_mask=mask("rank_key"),
        rank_masks=tuple(
            sum(faction_masks[i] for i in users("rank_key")
                if (leads := promised[i].rank_leads) is None or names[lead] in leads)
            for lead in range(len(powers))
        ),
        modifiers=users("value_modifier"),
        plain=users("plain_ranking"),
        rerankers=users("rerank"),
        rerank_mask=mask("rerank"),
        reviewers=users("review"),
        review_mask=mask("review"),
        capturers=users("capture"),
        capture_mask=mask("capture"),
        placers=users("place"),
        placer_mask=mask("place"),
        always_placers=tuple(i for i in users("place") if powers[i].place_always),
        after=users("after_place"),
        after_mask=mask("after_place"),
        after_win_mask=win_mask("after_place"),
        always_after=tuple(i for i in users("after_place") if powers[i].after_place_always),
        leaders=users("next_leader"),
        leader_mask=mask("next_leader"),
        recruiters=users("recruit_options"),
        recruiter_masks=tuple(faction_masks[i] for i in users("recruit_options")),
        recruit_mask=mask("recruit_options"),
        recruit_win_mask=win_mask("recruit_options"),
    )
