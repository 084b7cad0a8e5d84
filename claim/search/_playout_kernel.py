"""The playout kernel: a random game played on plain ints, exactly as the engine would.

The kernel's state is one flat list (`load`), copyable with ``list(...)`` plus a copy
of its inner lists::

    [phase (0 recruit, 1 support, 2 over), leader, trick (card ids, a list),
     hands (card masks per seat), draw pile (a tuple of card ids), top (index of
     the draw pile's top card), face-up cards (a list), follower masks,
     score masks, declared zones (per-seat zones: masks per seat; shared zones:
     lists of card ids), discard mask, power states, (chance, deal) of the game,
     the end the engine reached (None, or its final score masks, zones and discard),
     the masked cards not revealed yet (a mask, E28)]

`run` plays it to the end with uniformly random legal moves, drawing
``int(random() * n)`` for every move among the ``n`` legal ones in `legal_moves`
order (`claim.search.playouts.pick`), and appends the moves to a list: the moves the
stepping loop would choose with the same draws. A hand's unrevealed masked cards are
named by class, as the player names them (E28, E29: `_by_class`). Tricks are ranked
with the tabulated rank keys of `claim.search._playout_tables`; pure placements and
next leaders are looked up; the declared mechanisms (a waiting line, a smash, taking
the top card) are carried out here; ``finish`` hooks run in the engine
(`claim.search._playout_engine.finish`). A trick that a power left to the engine takes
part in is resolved by the engine's own transitions
(`claim.search._playout_engine.engine_trick`), its questions answered there by the
same draws, as is the start of phase 2 when a power has a ``phase_start`` hook.
Every question is answered where it arises, so the kernel never holds a pending one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from claim.core.moves import Move
from claim.core.zones import RECRUIT, SUPPORT
from claim.rules.mask_tables import class_card
from claim.rules.rulebook import (
    line_delivery,
    line_split,
    playable,
    recruit_choices,
    smash_targets,
)
from claim.rules.state import GameState
from claim.search._playout_engine import engine_start, engine_trick, finish, reveal
from claim.search._playout_tables import KernelTables, PhaseTables
from claim.search._playout_winner import winner

__all__ = ["finish", "load", "run", "winner"]

Kernel = list[Any]
"""The kernel's state (the layout in the module docstring)."""


def load(state: GameState, unrevealed: int = 0) -> Kernel:
    """The kernel state of ``state`` (which has no question pending or queued), whose
    masked cards not revealed yet are ``unrevealed`` (E28; `claim.rules.masking`)."""
    phase = 0 if state.phase is RECRUIT else 1 if state.phase is SUPPORT else 2
    return [phase, state.leader, list(state.trick), list(state.hand_masks), state.draw_pile,
            0, list(state.face_up), list(state.follower_masks), list(state.score_masks),
            [list(zone) for zone in state.zones], state.discard_mask, state.power_states,
            (state.chance, state.deal), None, unrevealed]


def run(kt: KernelTables, k: Kernel, random: Callable[[], float], out: list[Move]) -> None:
    """Play ``k`` until phase 2's last trick is settled, appending the moves to ``out``.

    ``k`` is changed in place; its phase is left at 1 (``finish`` ends the game), or
    at 2 when the engine ended it in a trick left to it (its end then in ``k[13]``).
    """
    n = kt.players
    while k[0] < 2:
        phase = k[0]
        _phase(kt, kt.phases[phase], k, random, out.append, n)
        if k[0] != phase:  # the engine went on to phase 2, or ended the game
            continue
        if phase == 1:
            return
        if kt.engine_start:  # phase 2 starts with the powers' phase_start hooks
            engine_start(kt, k, random, out.append)
        else:  # phase 2: each player takes their follower pile as their hand
            k[0], k[3], k[7] = 1, k[7], [0] * n


def _phase(kt: KernelTables, pt: PhaseTables, k: Kernel, random: Callable[[], float],
           append: Callable[[Move], None], n: int) -> None:
    """Play the tricks of the current phase (its tables ``pt``) until hands are empty."""
    _, leader, trick, hands, draw, top, face_up, followers, scores, zones, discard = k[:11]
    recruit = k[0] == 0
    follow, wild, same, play, gaps = kt.follow, kt.wild, kt.same_prev, kt.play, kt.gaps
    smear, seat_orders = kt.smear, kt.seats
    plain, engine = pt.kernel_plain, pt.engine_any
    unrevealed: int = k[14]  # (`_by_class` keeps k[14]; a card played leaves the hands)
    while trick or hands[leader]:
        seats = seat_orders[leader]
        for seat in seats[len(trick):] if trick else seats:
            hand = mask = hands[seat]
            if trick:
                mask = playable(hand, follow[trick[0]], wild)
            # The legal moves are the first legal card of each kind, in deck order.
            if mask & gaps:  # `_firsts`, inlined
                runs = mask | ((mask << 1) & same)
                for shift, within in smear:
                    runs |= (runs << shift) & within
                pick = mask & ~((runs << 1) & same)
            else:
                pick = mask & ~((mask << 1) & same)
            if not (unrevealed and hand & unrevealed):
                i = int(random() * pick.bit_count())
                while i:
                    pick &= pick - 1
                    i -= 1
                pick &= -pick
                card = pick.bit_length() - 1
                append(play[card])
            else:  # masked cards named by class (E28, E29)
                card = _by_class(kt, k, pick, mask & unrevealed, random, append)
                pick = 1 << card
            hands[seat] = hand ^ pick
            trick.append(card)
        if engine and _to_engine(kt, pt, trick, hands, zones):
            k[1:11] = [leader, trick, hands, draw, top, face_up, followers, scores, zones,
                       discard]
            if engine_trick(kt, k, random, append):
                return  # the engine started phase 2 or ended the game
            leader, draw, top, discard, unrevealed = k[1], k[4], k[5], k[10], k[14]
            continue
        led = trick[0]
        code = plain[led][trick[1]] if n == 2 else -1
        if 0 <= code < 2:  # two players, no power takes part: the winner scores or discards, leads
            won = trick[code]
            winner = leader = seats[code]
            if recruit:
                discard |= (1 << led) | (1 << trick[1])
            else:
                scores[winner] |= (1 << led) | (1 << trick[1])
            trick.clear()
            if recruit:
                top = _recruit(kt, pt, k, [winner, seats[1 - code]], won, draw, top,
                               bool(hands[leader]), random, append)
            continue
        leader, top, discard = _settle(kt, pt, k, trick, seats, code, recruit, hands, draw,
                                       top, scores, zones, discard, random, append)
    k[1:11] = [leader, trick, hands, draw, top, face_up, followers, scores, zones, discard]


def _by_class(kt: KernelTables, k: Kernel, picks: int, hidden: int,
              random: Callable[[], float], append: Callable[[Move], None]) -> int:
    """Draw a move among the legal ``picks`` (the first of each kind) of a hand whose
    playable unrevealed masked cards are ``hidden``, named as `claim.rules.masking.legal_moves`
    names them (E28, E29): a class move per class of those, in the class order, then
    the other cards in deck order. Returns the card played (a class move's:
    `class_card`, revealed from now on in ``k``: its trick completes before it matters)."""
    places, named = kt.class_place, 0
    rest = picks & hidden
    while rest:
        low = rest & -rest
        named |= 1 << places[low.bit_length() - 1]
        rest ^= low
    others = picks & ~hidden
    count = named.bit_count()
    i = int(random() * (count + others.bit_count()))
    if i < count:
        while i:
            named &= named - 1
            i -= 1
        place = (named & -named).bit_length() - 1
        append(kt.class_moves[place])
        held = hidden & kt.class_masks[place]
        card = class_card(held, k[11][kt.factions[(held & -held).bit_length() - 1]])
        k[14] &= ~(1 << card)
        return card
    i -= count
    while i:
        others &= others - 1
        i -= 1
    card = (others & -others).bit_length() - 1
    append(kt.play[card])
    return card


def _to_engine(kt: KernelTables, pt: PhaseTables, trick: list[int], hands: list[int],
               zones: list[Any]) -> bool:
    """Whether the engine resolves this complete trick: a hook it asks in every
    trick, a card of a power left to it in the trick or waiting in a shared zone, or
    hands it left uneven (a card taken back, E42: it ends phase 2 as E43 says)."""
    if pt.engine_all:
        return True
    count = hands[0].bit_count()
    for hand in hands:
        if hand.bit_count() != count:
            return True
    mask = pt.engine_mask
    for card in trick:
        if (1 << card) & mask:
            return True
    for index in kt.shared_zones:
        for card in zones[index]:
            if (1 << card) & mask:
                return True
    return False


def _settle(kt: KernelTables, pt: PhaseTables, k: Kernel, trick: list[int],
            seats: tuple[int, ...], code: int, recruit: bool, hands: list[int],
            draw: tuple[int, ...], top: int, scores: list[int],
            zones: list[Any], discard: int, random: Callable[[], float],
            append: Callable[[Move], None]) -> tuple[int, int, int]:
    """Settle a complete trick that a power takes part in, or of more than two players
    (``code``: the two-player plain table's entry, 2 or 3, else -1): rank it, place
    its cards, deliver the waiting lines, choose the next leader, ask the smashes and
    recruit (phase 1). Returns the next leader, the draw pile's top and the discard."""
    n = kt.players
    if code >= 0:  # two players: the plain table ranked the trick
        present = (1 << trick[0]) | (1 << trick[1])
        order: Any = (1, 0) if code == 3 else (0, 1)
    else:
        present = 0
        for card in trick:
            present |= 1 << card
        led, keys = trick[0], pt.keys
        ranks = [pt.key0[led]] + [keys[p][led][trick[p]] for p in range(1, n)]
        order = sorted(range(n), key=ranks.__getitem__, reverse=True)
    winner, last = seats[order[0]], seats[order[-1]]
    rest = present
    smash_mask, lines = pt.smash_mask, pt.lines
    before = [zone[:] for zone in zones] if present & smash_mask else zones
    if present & pt.place_mask:
        rest, discard = _place(pt.place, trick, scores, zones, winner, last, rest, discard)
    if lines:
        waiting = present & pt.line_mask
        if not waiting:
            for line in lines:  # (a loop: no generator on the hot path)
                if zones[line[1]]:
                    waiting = 1
                    break
        if waiting:
            rest = _lines(kt, lines, trick, zones, scores, winner, rest)
    if rest:
        if recruit:
            discard |= rest
        else:
            scores[winner] |= rest
    leader = _next_leader(pt, trick, present, seats, winner) if (
        present & pt.leader_mask) else winner
    if present & smash_mask:
        discard = _smashes(kt, pt, trick, before, zones, winner, discard, random, append)
    won = trick[order[0]]
    trick.clear()
    if recruit:
        top = _recruit(kt, pt, k, [winner, last] if n == 2 else [seats[p] for p in order],
                       won, draw, top, bool(hands[leader]), random, append)
    return leader, top, discard


def _firsts(kt: KernelTables, mask: int) -> int:
    """The first card of each kind in ``mask`` (a kind may have gaps in ``mask``)."""
    same = kt.same_prev
    runs = mask | ((mask << 1) & same)  # cards with a card of their kind below
    for shift, within in kt.smear:
        runs |= (runs << shift) & within
    return mask & ~((runs << 1) & same)


def _place(place: list[tuple[int, int] | None], trick: list[int], scores: list[int],
           zones: list[list[int]], winner: int, last: int, rest: int, discard: int
           ) -> tuple[int, int]:
    """Carry out the tabulated pure placements; returns ``rest`` and the discard."""
    for card in trick:
        code = place[card]
        if code is not None:
            target, role = code
            bit = 1 << card
            rest ^= bit
            if target == 0:
                scores[last if role else winner] |= bit
            elif target == 1:
                discard |= bit
            else:
                zones[target - 2][last if role else winner] |= bit
    return rest, discard


def _lines(kt: KernelTables, lines: list[tuple[int, int, int]], trick: list[int],
           zones: list[list[int]], scores: list[int], winner: int, rest: int) -> int:
    """The waiting lines (R9): the trick's highest card of the faction scores, the
    others wait; without any, one waiting card is delivered. Returns ``rest``."""
    values = kt.values
    for fmask, zone, order in lines:
        line = zones[zone]
        mine = [card for card in trick if (1 << card) & fmask]
        if mine:
            best, waiting = line_split([values[card] for card in mine])
            scores[winner] |= 1 << mine[best]
            rest ^= 1 << mine[best]
            for index in waiting:
                line.append(mine[index])
                rest ^= 1 << mine[index]
            continue
        waiting = [card for card in line if (1 << card) & fmask]
        if waiting:
            card = waiting[line_delivery([values[card] for card in waiting], order)]
            line.remove(card)
            scores[winner] |= 1 << card
    return rest


def _next_leader(pt: PhaseTables, trick: list[int], present: int, seats: tuple[int, ...],
                 winner: int) -> int:
    """Who leads next: the first pure ``next_leader`` hook with an answer (R8)."""
    for fmask, table in pt.leaders:
        if present & fmask:
            pattern = 0
            for position, card in enumerate(trick):
                if (1 << card) & fmask:
                    pattern |= 1 << position
            position = table[pattern]
            if position >= 0:
                return seats[position]
    return winner


def _smashes(kt: KernelTables, pt: PhaseTables, trick: list[int], before: list[list[int]],
             zones: list[list[int]], winner: int, discard: int,
             random: Callable[[], float], append: Callable[[Move], None]) -> int:
    """Ask each smash the trick's scored cards may make (R7, R15); returns the discard."""
    n, party, values, same = kt.players, kt.party, kt.values, kt.same_prev
    opposing = [seat for seat in range(n) if party[seat] != party[winner]]
    asks = []
    for fmask, zone, prey in pt.smash:
        for card in trick:
            if (1 << card) & fmask:
                value = prey.get(values[card], 0)
                if smash_targets(before[zone], value, opposing):  # before the trick (R7)
                    asks.append((zone, value))
    for zone, value in asks:
        options: list[tuple[int, int]] = []
        for victim, card in smash_targets(zones[zone], value, opposing):
            if not any(_same_kind(same, card, c) for c, v in options if v == victim):
                options.append((card, victim))  # the first of each kind (R15)
        if options:
            i = int(random() * (len(options) + 1))
            if i == len(options):
                append(kt.no_smash)
            else:
                card, victim = options[i]
                append(kt.smash_moves[card][victim])
                zones[zone][victim] ^= 1 << card
                discard |= 1 << card
    return discard


def _recruit(kt: KernelTables, pt: PhaseTables, k: Kernel, ranking: list[int], won: int,
             draw: tuple[int, ...], top: int, turn: bool, random: Callable[[], float],
             append: Callable[[Move], None]) -> int:
    """Phase 1: each seat in rank order takes a follower (RULES 3, R10, R15), then,
    with ``turn`` (cards are left to play), the next trick's face-up cards are turned
    from the top of the draw pile (RULES 2: one with two players, two with 3-4;
    RULES 3), revealed if masked (E28). Returns the new top of the draw pile."""
    same, kinds = kt.same_prev, kt.kinds
    face_up: list[int] = k[6]
    followers: list[int] = k[7]
    for seat in ranking:
        if not face_up:
            followers[seat] |= 1 << draw[top]
            top += 1
            continue
        firsts = recruit_choices(face_up, kinds)
        count = len(firsts)
        if seat == ranking[0] and (1 << won) & pt.take_top_mask and not (
                count == 1 and _same_kind(same, draw[top], firsts[0])):
            count += 1
        if count == 1:
            card = firsts[0]
        else:
            i = int(random() * count)
            if i == len(firsts):
                append(kt.take_top)
                followers[seat] |= 1 << draw[top]
                top += 1
                continue
            card = firsts[i]
            append(kt.take[card])
        face_up.remove(card)
        followers[seat] |= 1 << card
    if turn:
        count = kt.face_up_count
        face_up[:] = draw[top:top + count]
        top += count
        if k[14]:
            reveal(k, face_up)
    return top


def _same_kind(same: int, a: int, b: int) -> bool:
    """Whether cards ``a`` and ``b`` are identical (identical cards lie together)."""
    low, high = (a, b) if a < b else (b, a)
    run = ((1 << (high + 1)) - 1) ^ ((1 << (low + 1)) - 1)
    return same & run == run
