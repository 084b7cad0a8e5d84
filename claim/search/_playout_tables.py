"""The playout kernel's per-variant tables, derived from the powers by probing them.

[`kernel_tables`][claim.search._playout_tables.kernel_tables] sorts once per variant
every hook the powers override: *pure* (`Capabilities.pure`: called here on small
synthetic tricks and tabulated), covered by the power's declared mechanism
(`Capabilities.playout_rule`, see `claim.rules.playout_rules`), or *left to the
engine*: a trick a card of such a power takes part in is resolved by the engine's
own transitions (`claim.search._playout_engine`), as are the start of phase 2 when
a power has a ``phase_start`` hook, the end (``finish``) and the scoring when a
power votes or counts its cards its own way. Only hooks that shape the legal plays
(``must_follow``, ``lead_now``, ``play_options``) or run at every trick's start
make a variant unplayable here: the function returns the reason, and
`claim.search.playouts` steps through the engine instead.

Tabulated: the packed rank key of every card at every position under every led
card (`rank_key`, RULES 3, R4), where a pure ``place`` hook sends each card (a zone
and the winner's or last seat), and who leads after a trick with a pure
``next_leader`` (R8) for each set of positions holding the power's cards.
"""

from __future__ import annotations

from collections.abc import Sequence

from claim.core.cache import per_variant
from claim.core.moves import Choose, PlayCard
from claim.core.zones import DISCARD, RECRUIT, SCORE, SUPPORT, Phase, Zone
from claim.rules.dealing import new_game
from claim.rules.effects import Placement
from claim.rules.engine.tricks import _packed  # the engine's own packing of rank keys
from claim.rules.mask_tables import mask_table
from claim.rules.playout_rules import ScoredAtEnd, SmashPrey, TakeTopOnWin, WaitingLine
from claim.rules.protocol import FactionPower, Trick, overrides
from claim.rules.rulebook import LINE_ORDERS, printed_rank_key
from claim.rules.state import GameState
from claim.rules.variant import Variant
from claim.rules.variant_tables import DeckTables, HookTable

__all__ = ["KernelTables", "PhaseTables", "kernel_tables"]

_MOVES = ("must_follow", "lead_now", "play_options", "trick_start")
"""Hooks the kernel cannot leave to the engine: they shape every play (or run before
every trick); a power overriding one (but for a pure or ruled form) is unsupported."""
_TRICK = ("value_modifier", "plain_ranking", "rank_key", "rerank", "review", "capture",
          "place", "after_place", "next_leader", "recruit_options", "ask")
"""Hooks run while a trick resolves: the engine resolves the tricks they act in."""
_ALWAYS = ("value_modifier", "plain_ranking")
"""Trick hooks the engine asks in every trick of their phases, whatever the cards."""
_SCORING = ("scores_as", "vote", "voting_cards")
"""Hooks of the final scoring: the engine scores a playout's end (RULES 5)."""
_PROBED = frozenset({"rank_key", "place", "next_leader"})
_ORDERS = {name: index for index, name in enumerate(LINE_ORDERS)}


class Unsupported(Exception):
    """A power the kernel cannot reproduce; the message says which and why."""


class PhaseTables:
    """One phase's tables (see the module docstring); plain slots for fast reads."""

    __slots__ = ("engine_all", "engine_any", "engine_mask", "kernel_plain", "key0", "keys",
                 "leader_mask", "leaders", "line_mask", "lines", "never_plain", "place",
                 "place_mask", "plain", "smash", "smash_mask", "take_top_mask")

    def __init__(self, tables: DeckTables, variant: Variant, phase: Phase,
                 base: GameState, engine: frozenset[int]) -> None:
        hooks = tables.hooks[phase]
        n, size = variant.players, len(tables.deck)
        acting = [fi for fi in engine if phase in tables.powers[fi].phases]
        self.engine_mask = sum(tables.faction_masks[fi] for fi in acting)
        """The cards of powers left to the engine: a trick they take part in (or, on
        the table, wait in a shared zone) is resolved by the engine."""
        self.engine_all = bool(hooks.always_placers or hooks.always_after or any(
            overrides(tables.powers[fi], hook) for fi in acting for hook in _ALWAYS))
        """Whether the engine resolves every trick of the phase (a hook it asks always)."""
        self.engine_any = bool(self.engine_all or self.engine_mask)
        """Whether the engine may resolve a trick of the phase (`engine_mask` or
        `engine_all`)."""
        self.key0 = tuple(_key(tables, hooks, base, phase, card, 0, card, n, engine)
                          for card in range(size))
        self.keys = ((),) + tuple(
            tuple(tuple(_key(tables, hooks, base, phase, led, p, card, n, engine)
                        for card in range(size)) for led in range(size))
            for p in range(1, n))
        self.place: list[tuple[int, int] | None] = [None] * size
        self.lines: list[tuple[int, int, int]] = []
        for fi in hooks.placers:
            if fi not in engine:
                _placer(self, tables, variant, phase, base, fi)
        self.place_mask = sum(1 << c for c, code in enumerate(self.place) if code)
        self.line_mask = sum(line[0] for line in self.lines)
        self.leaders = tuple((tables.faction_masks[fi], _leads(tables, base, phase, fi, n))
                             for fi in hooks.leaders if fi not in engine)
        self.leader_mask = sum(mask for mask, _ in self.leaders)
        self.smash: list[tuple[int, int, dict[int, int]]] = []
        self.take_top_mask = 0
        for fi in hooks.after:
            if fi not in engine:
                _after(self, tables, variant, hooks, fi)
        self.smash_mask = sum(rule[0] for rule in self.smash)
        self.plain, self.never_plain = self._plain(n, size)
        self.kernel_plain = self.never_plain if self.lines else self.plain
        """The table the kernel reads: `never_plain` when a waiting line may deliver a
        card in any trick."""

    def _plain(self, n: int, size: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """Two players: per led and following card, the winner's position (0 or 1),
        plus 2 when a power takes part (a placement, a leader, a smash, a peek)."""
        if n != 2:
            return (), ()
        special = (self.place_mask | self.line_mask | self.leader_mask | self.smash_mask
                   | self.take_top_mask | self.engine_mask)
        key0, key1 = self.key0, self.keys[1]
        wins = [[int(key1[led][card] > key0[led]) for card in range(size)]
                for led in range(size)]
        return (tuple(tuple(win + 2 * bool(special >> led & 1 or special >> card & 1)
                            for card, win in enumerate(row)) for led, row in enumerate(wins)),
                tuple(tuple(win + 2 for win in row) for row in wins))


class KernelTables:
    """Everything the kernel reads, for one variant."""

    __slots__ = ("class_masks", "class_moves", "class_place", "engine", "engine_scoring",
                 "engine_start", "face_up_count", "factions", "finishers", "follow", "gaps",
                 "kinds", "masked", "no_smash", "parties", "party", "phases", "play",
                 "players", "same_prev", "seats", "shared_zones", "smash_moves", "smear",
                 "take", "take_top", "values", "variant", "voters", "wild")

    def __init__(self, variant: Variant) -> None:
        tables = variant.tables
        engine, self.engine_start, self.engine_scoring = _sort_hooks(tables)
        self.variant = variant
        self.shared_zones = tables.shared_zones
        n = self.players = variant.players
        deck = tables.deck
        same = sum(1 << c for c in range(1, len(deck)) if deck[c] == deck[c - 1])
        if any((kind + (kind & -kind)) & kind for kind in tables.mask_of_move.values()):
            raise Unsupported("identical cards are not next to each other in the deck")
        self.same_prev = same
        self.smear = []  # prefix doubling within runs of identical cards
        shift, within = 1, same
        while within:
            within &= within << shift
            shift *= 2
            if within:
                self.smear.append((shift, within))
        self.gaps = same & (same << 1)  # cards with two of their kind just below
        self.follow = tuple(tables.follow_masks[lead] for lead in tables.lead_of)
        self.wild = tables.wild_mask
        self.play = tables.play_moves
        self.take = tuple(Choose(f"take {card}") for card in deck)
        self.take_top = Choose("take top")
        self.no_smash = Choose("no smash")
        self.smash_moves = tuple(tuple(Choose(f"smash {card}@{seat}") for seat in range(n))
                                 for card in deck)
        self.values = tables.card_value
        self.kinds = tables.card_kind
        self.seats = tables.seat_orders
        self.face_up_count = tables.face_up_count
        self.finishers = _finishers(tables)
        self.parties = variant.teams
        self.party = tuple(next(i for i, team in enumerate(variant.teams) if seat in team)
                           for seat in range(n))
        self.voters = tuple(tables.faction_masks[fi] for fi in tables.voters)
        self.factions = tables.card_faction
        self._masked_cards(variant)

        base = new_game(variant, seed=0)
        self.phases = (PhaseTables(tables, variant, RECRUIT, base, engine),
                       PhaseTables(tables, variant, SUPPORT, base, engine))
        self.engine = bool(engine) or self.engine_start
        """Whether the engine takes part (tricks, the start of phase 2): the kernel
        then carries the power states (`claim.search._playout_engine`)."""

    def _masked_cards(self, variant: Variant) -> None:
        """The masked cards (E28, E29) as the kernel names them: ``masked`` (their
        mask, 0 for none), per card its place in the class order (-1: not masked),
        and per place the class move (`claim.rules.masking.legal_moves`'s own
        object) and the cards of the class."""
        table = mask_table(variant)
        self.masked = 0 if table is None else table.mask
        self.class_place: tuple[int, ...] = ()
        self.class_moves: tuple[PlayCard, ...] = ()
        self.class_masks: tuple[int, ...] = ()
        if table is None:
            return
        self.class_place = table.places
        moves = {table.places[cid]: table.class_moves[id(move)][2]
                 for cid, move in enumerate(self.play) if table.places[cid] >= 0}
        self.class_moves = tuple(moves[place] for place in range(len(table.classes)))
        self.class_masks = tuple(table.class_masks[shown] for shown in table.classes)

    @property
    def native(self) -> bool:
        """Whether the kernel plays every hook itself (tabulated or ruled), the final
        ``finish`` and scoring included: what the exact solver needs."""
        return not (self.engine or self.engine_scoring) and self.finishers is not None


def _sort_hooks(tables: DeckTables) -> tuple[frozenset[int], bool, bool]:
    """The factions whose trick hooks the engine runs, whether it starts phase 2 (a
    ``phase_start`` hook) and whether it scores the end (a scoring hook); raise
    `Unsupported` for a hook that shapes the plays or runs before every trick."""
    engine: set[int] = set()
    start = scoring = False
    for fi, (power, promised) in enumerate(zip(tables.powers, tables.capabilities)):
        rule = promised.playout_rule
        covered = (promised.pure & _PROBED) | (rule.hooks if rule is not None else set())
        for hook in (*_MOVES, *_TRICK, *_SCORING, "phase_start"):
            if not overrides(power, hook) or hook in covered:
                continue
            if hook in _MOVES:
                what = "runs before every trick" if hook == "trick_start" else (
                    "shapes the plays")
                raise Unsupported(f"power {power.name!r} of {power.faction!r}: {hook} {what}")
            if hook in _TRICK:
                engine.add(fi)
            start |= hook == "phase_start"
            scoring |= hook in _SCORING
    if tables.dynamic:  # (every power that makes it so overrides one of _MOVES)
        raise Unsupported("the follow rule or a play depends on the state")
    return frozenset(engine), start, scoring


def _finishers(tables: DeckTables) -> tuple[tuple[int, int, bool], ...] | None:
    """``(faction mask, zone, scored)`` per ``finish`` hook a rule covers (a line's
    cards discarded, or a per-seat zone's cards scored); None when the engine must
    run the ``finish`` hooks."""
    found = []
    for fi in tables.finishers:
        rule = tables.capabilities[fi].playout_rule
        if not isinstance(rule, (WaitingLine, ScoredAtEnd)):
            return None
        zone = tables.zone_index.get(rule.zone)
        if zone is None or tables.zone_specs[zone].per_seat != isinstance(rule, ScoredAtEnd):
            return None
        found.append((tables.faction_masks[fi], zone, isinstance(rule, ScoredAtEnd)))
    return tuple(found)


def _key(tables: DeckTables, hooks: HookTable, base: GameState, phase: Phase, led: int,
         position: int, card: int, players: int, engine: frozenset[int]) -> int:
    """The packed rank key of ``card`` at ``position`` under the led card ``led`` (the
    printed key for a card of a power left to the engine: its tricks are the
    engine's)."""
    lead = tables.lead_of[led]
    if (1 << card) & hooks.rank_masks[lead] and tables.card_faction[card] not in engine:
        cards = tuple(card if p == position else led for p in range(players))
        trick = Trick(base, phase, tuple(range(players)), cards, tables.faction_names[lead],
                      tuple(tables.card_value[c] for c in cards))
        key = tables.powers[tables.card_faction[card]].rank_key(trick, position)
        if key is not None:
            return _packed(key)
    return printed_rank_key(tables.card_value[card], position,
                            position == 0 or (1 << card) & tables.counts_masks[lead] != 0)


def _probe_tricks(tables: DeckTables, variant: Variant, phase: Phase, base: GameState,
                  fi: int, positions: Sequence[int], order: tuple[int, ...]) -> Trick:
    """A synthetic trick, led by seat 0, holding distinct cards of faction ``fi`` at
    ``positions`` and of another faction elsewhere, ranked by ``order``."""
    n = variant.players
    own = list(variant.ids_in(tables.faction_masks[fi]))
    other = list(variant.ids_in(tables.full_mask & ~tables.faction_masks[fi]))
    cards = tuple(own.pop() if p in positions else other.pop() for p in range(n))
    return Trick(base, phase, tuple(range(n)), cards, tables.faction_names[tables.lead_of[
        cards[0]]], tuple(tables.card_value[c] for c in cards), order)


def _orders(players: int) -> tuple[tuple[int, ...], ...]:
    return tuple(range(players)), tuple(reversed(range(players)))


def _placer(out: PhaseTables, tables: DeckTables, variant: Variant, phase: Phase,
            base: GameState, fi: int) -> None:
    """Tabulate faction ``fi``'s ``place`` hook (pure), or note its waiting line."""
    power = tables.powers[fi]
    rule = tables.capabilities[fi].playout_rule
    if isinstance(rule, WaitingLine):
        zone = tables.zone_index.get(rule.zone)
        if zone is None or tables.zone_specs[zone].per_seat or rule.order not in _ORDERS:
            raise Unsupported(f"power {power.name!r}: waiting line {rule!r}")
        out.lines.append((tables.faction_masks[fi], zone, _ORDERS[rule.order]))
        return
    n = variant.players
    found = set()
    for order in _orders(n):
        for positions in ((0,), (n - 1,), tuple(range(n))):
            trick = _probe_tricks(tables, variant, phase, base, fi, positions, order)
            effects = power.place(trick, positions)
            found.add(None if effects is None else _placement_code(
                tables, power, trick, positions, effects))
    if len(found) != 1:
        raise Unsupported(f"power {power.name!r}: place depends on more than the trick")
    code = found.pop()
    for card in variant.ids_in(tables.faction_masks[fi]):
        out.place[card] = code


def _placement_code(tables: DeckTables, power: FactionPower, trick: Trick,
                    positions: Sequence[int], effects: Sequence[object]) -> tuple[int, int]:
    """``(target, role)``: target 0 the score pile, 1 the discard, 2 + k declared
    per-seat zone k; role 0 the winner, 1 the last seat. The same for every card."""
    codes = set()
    if sorted(e.card for e in effects if isinstance(e, Placement)) != sorted(
            trick.cards[p] for p in positions) or len(effects) != len(positions):
        raise Unsupported(f"power {power.name!r}: place does not place each card once")
    for effect in effects:
        assert isinstance(effect, Placement)
        zone = tables.zone_lookup.get(effect.zone)
        target = 0 if effect.zone is SCORE else 1 if effect.zone is DISCARD else (
            -1 if zone is None or not tables.zone_specs[zone].per_seat else 2 + zone)
        roles: dict[int | None, int] = {trick.winner: 0, trick.last: 1}
        role = roles.get(effect.seat, 0 if target == 1 else -1)
        if target < 0 or role < 0 or effect.origin is not Zone.TRICK:
            raise Unsupported(f"power {power.name!r}: place sends {effect!r}")
        codes.add((target, role))
    if len(codes) != 1:
        raise Unsupported(f"power {power.name!r}: place sends cards to different places")
    return codes.pop()


def _leads(tables: DeckTables, base: GameState, phase: Phase, fi: int, n: int
           ) -> tuple[int, ...]:
    """Per bit pattern of the positions holding faction ``fi``'s cards: the position
    whose seat leads next, or -1 (the winner does)."""
    power = tables.powers[fi]
    table = [-1]
    variant = base.variant
    for pattern in range(1, 1 << n):
        positions = [p for p in range(n) if pattern >> p & 1]
        seats = {power.next_leader(_probe_tricks(tables, variant, phase, base, fi,
                                                 positions, order))
                 for order in _orders(n)}
        seat = seats.pop()
        if seats or not (seat is None or (type(seat) is int and 0 <= seat < n)):
            raise Unsupported(f"power {power.name!r}: next_leader depends on more than "
                              "the trick")
        table.append(-1 if seat is None else seat)
    return tuple(table)


def _after(out: PhaseTables, tables: DeckTables, variant: Variant, hooks: HookTable,
           fi: int) -> None:
    """Note faction ``fi``'s mechanism run after placement (a smash, a peek)."""
    power = tables.powers[fi]
    rule = tables.capabilities[fi].playout_rule
    fmask = tables.faction_masks[fi]
    if isinstance(rule, TakeTopOnWin) and fmask & hooks.recruit_win_mask:
        out.take_top_mask |= fmask
        return
    if isinstance(rule, SmashPrey) and fi not in hooks.placers:
        zone = tables.zone_index.get(rule.zone)
        prey = tables.faction_index.get(rule.prey)
        if zone is not None and tables.zone_specs[zone].per_seat and prey is not None:
            by_value: dict[int, int] = {}
            for card in variant.ids_in(tables.faction_masks[prey]):
                value = tables.card_value[card]
                by_value[value] = by_value.get(value, 0) | 1 << card
            out.smash.append((fmask, zone, by_value))
            return
    raise Unsupported(f"power {power.name!r}: after_place with {rule!r}")


@per_variant
def kernel_tables(variant: Variant) -> KernelTables | str:
    """The kernel's tables for ``variant``, or why the kernel cannot play it."""
    try:
        return KernelTables(variant)
    except Unsupported as exc:
        return str(exc)
