"""Per-variant tables: what the engine reads in its inner loop.

Cards are referred to by their position in the variant's deck (a *card id*) and
sets of cards by integer bit masks over those positions. [`build_tables`][] turns
a variant's factions and their powers' static hooks into these tables once, when the
variant is built: faction masks, the follow and wild masks, the moves of every card
(in chunk tables for legal moves), and which factions override which trick hook in
each phase.
"""

from __future__ import annotations

import types
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING

import attrs

from claim.core._chunks import ByteChunks, byte_chunks
from claim.core.cards import Card
from claim.core.errors import VariantError, quote
from claim.core.moves import PlayCard
from claim.core.records import MoveRecord
from claim.core.zones import Phase
from claim.rules._move_tables import move_tables, moves_by_bits
from claim.rules._phase_tables import phase_tables
from claim.rules.answers import AnswerSpace, DeckFacts, answer_space
from claim.rules.capabilities import Capabilities
from claim.rules.effects import Option, ZoneSpec
from claim.rules.hook_tables import HookTable, hook_table
from claim.rules.protocol import FactionPower, option_fields
from claim.rules.registry import registry
from claim.rules.rulebook import printed_rank_key

if TYPE_CHECKING:
    from claim.rules.variant import Variant

__all__ = [
    "DeckTables", "HookTable", "build_tables", "ids_in", "moves_by_bits",
]

# (HookTable is defined in claim.rules.hook_tables and moves_by_bits in
# claim.rules._move_tables; both are re-exported here.)


def ids_in(mask: int) -> Iterator[int]:
    """The deck positions whose bits are set in ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low




@attrs.frozen(slots=True)
class DeckTables:
    """Per-variant tables derived from the factions and their static hooks.

    Cards are referred to by their position in `deck` (a *card id*), and sets
    of cards by integer bit masks over those positions. Every field is immutable
    (tuples, ints, read-only `types.MappingProxyType` mappings), so the tables of a
    variant shared by every game in the process cannot be changed through them.
    """

    deck: tuple[Card, ...]
    faction_names: tuple[str, ...]
    faction_index: Mapping[str, int]
    card_faction: tuple[int, ...]
    card_value: tuple[int, ...]
    card_bits: tuple[int, ...]
    """Per card id: ``1 << id``."""
    card_chunks: ByteChunks[Card]
    """The deck as `claim.core._chunks.byte_chunks` (`Variant.cards_in` reads a mask
    through `claim.core._chunks.gather`)."""
    card_kind: tuple[int, ...]
    """Per card id: the index of its kind (identical cards share one), so that the
    engine compares cards as ints."""
    rank_base: tuple[int, ...]
    """Per card id: its `claim.rules.rulebook.printed_rank_key` at position 0 without
    its group, from its printed value: the key of a card at position ``p`` in group
    ``g`` is ``rank_base[id] + (g << 48) - p``."""
    faction_masks: tuple[int, ...]
    powers: tuple[FactionPower, ...]
    lead_of: tuple[int, ...]
    """Per card: the faction index it makes lead when it leads."""
    counts_masks: tuple[int, ...]
    """Per faction index F: the cards that count as F when following a lead of F."""
    follow_masks: tuple[int, ...]
    """Per faction index F: the cards that oblige their holder to follow a lead of F."""
    wild_mask: int
    full_mask: int
    play_moves: tuple[PlayCard, ...]
    """Per card: the move that plays a card of its kind."""
    moves_of: Callable[[int], tuple[PlayCard, ...]]
    """The distinct play moves of a card mask, in deck order."""
    mask_of_move: Mapping[object, int]
    """Per play move: the mask of the cards it may play."""
    masks_by_id: Mapping[int, tuple[PlayCard, int]]
    """``mask_of_move`` by the ``id`` of the variant's own move objects (those of
    ``play_moves``, which `legal_moves` returns), each with its move: a lookup
    without hashing the move, valid when the move found is the one asked about."""
    quiet_records: tuple[Mapping[PlayCard, MoveRecord], ...]
    """Per seat and play move: the record of a play that completes no trick (it
    causes no event, so one shared immutable record serves every such play)."""
    quiet_by_card: tuple[tuple[MoveRecord, ...], ...]
    """``quiet_records`` per seat and card id (the record of the card's move)."""
    face_up_count: int
    """Face-up cards per phase 1 trick."""
    take_options: tuple[tuple[Option, ...], ...]
    """Per seat and card id: the rules' option of taking that face-up card as a
    follower (``take Kn7``, RULES 3), one shared immutable value."""
    seat_orders: tuple[tuple[int, ...], ...]
    """Per leader: the seats in play order from that leader."""
    hooks: Mapping[Phase, HookTable]
    """Per phase: which factions' trick hooks the engine calls."""
    finishers: tuple[int, ...]
    """The faction indices whose power overrides ``finish``, in hook order."""
    starters: tuple[int, ...]
    """The faction indices overriding ``phase_start``, in hook order."""
    trick_starters: tuple[int, ...]
    """The faction indices overriding ``trick_start``, in hook order."""
    follow_hooks: tuple[int, ...]
    """The faction indices overriding ``must_follow``."""
    dynamic_lead_mask: int
    """The cards whose faction overrides ``lead_now``."""
    option_mask: int
    """The cards whose faction overrides ``play_options`` (every card when a power
    has `FactionPower.plays_every_card`)."""
    own_option_mask: int
    """The cards whose faction's power offers choices of its own: it overrides
    ``play_options`` and is not `FactionPower.plays_every_card` (the engine asks no
    other card's power)."""
    extra_options: tuple[int, ...]
    """The faction indices whose ``play_options`` are asked for every card played
    (`FactionPower.plays_every_card`: the Wizards' potion, E34), in hook order."""
    blind_option_mask: int
    """The cards whose choices are the extra options alone, the same for every such
    card a seat plays in a state: those of factions asking no ``play_options`` of
    their own, when every power of ``extra_options`` promises
    ``Capabilities.card_blind_options`` (else 0)."""
    dynamic: bool
    """Whether legal plays depend on more than the hand and the led card."""
    zone_specs: tuple[ZoneSpec, ...]
    """The zones the powers declare, in the order of ``GameState.zones``."""
    zone_index: Mapping[str, int]
    """Declared zone names to their index in ``zone_specs``."""
    voters: tuple[int, ...]
    """The faction indices voted on at the end (E19)."""
    answer_space: AnswerSpace
    capabilities: tuple[Capabilities, ...]
    """Per faction, what its power promises about its hooks (`claim.rules.capabilities`)."""
    """Every label the rules and the powers declare (`claim.rules.answers`)."""
    uses_chance: bool
    """Whether some power needs an order fixed at the deal (E12)."""
    asides: tuple[tuple[int, int, int], ...]
    """Per power setting cards aside at the deal (E33): ``(faction index, zone index,
    count)``, in faction order (`FactionPower.set_aside`)."""
    hidden_states: tuple[int, ...]
    """The faction indices whose power state is hidden chance fixed at the deal (E30,
    `FactionPower.hidden_state`)."""
    masks_cards: bool
    """Whether a power overrides `FactionPower.masked_class` (E28: its cards may be
    masked; `claim.rules.masking.mask_table` says which)."""
    shared_zones: tuple[int, ...]
    """The indices of the declared zones shared by all seats (a waiting line)."""
    zone_lookup: Mapping[object, int]
    """Declared zones by name, and by the `Zone` member of the same name."""
    seat_zone_lookup: Mapping[object, int]
    """The per-seat entries of ``zone_lookup`` (cards in front of a player), but
    for the `Zone` members the engine keeps itself."""
    public_lookup: Mapping[object, tuple[int, bool]]
    """The public entries of ``zone_lookup`` (a waiting line, cards in front of a
    player), each with whether the zone is per seat, but for the `Zone` members the
    engine keeps itself."""
    hidden_zones: frozenset[object]
    """Zones whose cards some player cannot see (a hand, the draw pile, ...)."""
    revealing_zones: frozenset[object]
    """Zones whose cards lie face up for everyone (score piles, face-up cards, ...)."""


def _build_powers(variant: Variant) -> tuple[FactionPower, ...]:
    chosen = dict(variant.options)
    powers = []
    for faction in variant.factions:
        cls = registry.get(faction.power.name)
        kwargs = faction.power.params_dict()
        for name, option in option_fields(cls).items():
            kwargs[option.field] = chosen.get(name, option.default)
        try:
            powers.append(cls(faction=faction.name, **kwargs))
        except TypeError as exc:
            raise VariantError(
                f"power {cls.name!r} of faction {faction.name!r}: {exc}", source="<python>"
            ) from None
    return tuple(powers)


def _check_power_factions(names: tuple[str, ...], powers: tuple[FactionPower, ...]) -> None:
    """A power's faction parameters must name another faction of the variant, and a
    prey parameter (Giants' ``prey``) one whose power lays captured cards in front.
    Checked before any hook is asked: a compiled power reads its parameters as typed."""
    by_name = dict(zip(names, powers))
    for name, power in zip(names, powers):
        for param in type(power).faction_params:
            given = getattr(power, param)
            where = f"power {power.name!r} of {name!r}: {param}"
            if not isinstance(given, str) or given not in by_name:
                raise VariantError(
                    f"{where} names faction {quote(given)}, which is not in this variant "
                    f"({', '.join(sorted(by_name))})",
                    key="factions",
                )
            if given == name:
                raise VariantError(f"{where} must name another faction, not its own",
                                   key="factions")
            if param in type(power).prey_params and not type(by_name[given]).lays_in_front:
                raise VariantError(
                    f"{where}: {given!r} cards never lie in front of a player, so they "
                    "could never be smashed (name a faction whose power declares "
                    "lays_in_front)",
                    key="factions",
                )


def _lead_index(index: Mapping[str, int], power: FactionPower) -> int:
    lead = power.lead_faction()
    if lead not in index:
        raise VariantError(
            f"power {power.name!r} of {power.faction!r} leads faction {lead!r}, "
            "which is not in this variant",
            key="factions",
        )
    return index[lead]


def _counts_masks(
    names: tuple[str, ...], powers: tuple[FactionPower, ...], faction_masks: list[int]
) -> tuple[int, ...]:
    """Per lead faction: the cards that count as it when following (R2)."""
    counts = [0] * len(names)
    for lead, lead_name in enumerate(names):
        for fi, power in enumerate(powers):
            if power.counts_as(lead_name) == lead_name:
                counts[lead] |= faction_masks[fi]
    return tuple(counts)


def _kinds(deck: tuple[Card, ...]) -> tuple[dict[Card, int], list[int]]:
    """Each distinct card's kind index, and per kind the mask of its copies."""
    kinds: dict[Card, int] = {}
    kind_masks: list[int] = []
    for cid, card in enumerate(deck):
        if card not in kinds:
            kinds[card] = len(kind_masks)
            kind_masks.append(0)
        kind_masks[kinds[card]] |= 1 << cid
    return kinds, kind_masks


def _promised(power: FactionPower) -> Capabilities:
    """``power.capabilities()``, checked."""
    promised = power.capabilities()
    if not isinstance(promised, Capabilities):
        raise VariantError(f"the power of {power.faction!r}: capabilities() must give a "
                           f"Capabilities, not {promised!r}"[:300],
                           key=f"factions.{power.faction}.power")
    return promised


def build_tables(variant: Variant) -> DeckTables:
    """Derive the tables of ``variant`` (its powers' static hooks asked once here).

    Raises:
        VariantError: A power cannot be built, names a faction the variant lacks in
            a faction parameter, or leads one.
    """
    powers = _build_powers(variant)
    names = tuple(f.name for f in variant.factions)
    _check_power_factions(names, powers)
    index = {name: i for i, name in enumerate(names)}
    deck = tuple(card for faction in variant.factions for card in faction.cards())
    card_faction = tuple(index[c.faction] for c in deck)
    faction_masks = [0] * len(names)
    for cid, fi in enumerate(card_faction):
        faction_masks[fi] |= 1 << cid
    kinds, kind_masks = _kinds(deck)
    space = answer_space(DeckFacts(tuple(kinds), names, variant.players, powers))
    promised = tuple(_promised(power) for power in powers)
    return DeckTables(
        deck=deck,
        faction_names=names,
        faction_index=types.MappingProxyType(index),
        card_faction=card_faction,
        card_value=tuple(c.value for c in deck),
        card_bits=tuple(1 << cid for cid in range(len(deck))),
        card_chunks=byte_chunks(deck),
        card_kind=tuple(kinds[c] for c in deck),
        rank_base=tuple(printed_rank_key(c.value, 0, False) - (8 << 48) for c in deck),
        faction_masks=tuple(faction_masks),
        powers=powers,
        lead_of=tuple(_lead_index(index, powers[fi]) for fi in card_faction),
        counts_masks=_counts_masks(names, powers, faction_masks),
        wild_mask=sum(faction_masks[i] for i, p in enumerate(powers) if p.always_playable()),
        full_mask=(1 << len(deck)) - 1,
        face_up_count=variant.face_up_count,
        seat_orders=tuple(
            tuple((leader + i) % variant.players for i in range(variant.players))
            for leader in range(variant.players)
        ),
        hooks=types.MappingProxyType(
            {phase: hook_table(powers, promised, faction_masks, phase) for phase in Phase}
        ),
        capabilities=promised,
        answer_space=space,
        **move_tables(variant, deck, kinds, kind_masks),
        **phase_tables(variant, powers, names, faction_masks, promised),
    )
