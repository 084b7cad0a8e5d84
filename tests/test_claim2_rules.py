"""Rule tests for the Claim 2 factions (RULES 4: Gnomes, Giants, Dragons, Trolls, Seers).

Every test drives the engine through the public API only, from an explicit deal.
Phase 2 positions are reached with :func:`phase2`, which builds a deal whose phase 1
is trivial (one seat leads and wins every trick), plays it, and checks that the
phase 2 hands are exactly the ones asked for.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TypeVar, overload

import pytest
from conftest import card_of

import claim
from claim.core.records import (
    CardDrawn,
    Event,
    FaceUpTaken,
    LeaderChosen,
    Peeked,
    Placed,
    TrickCompleted,
)

E = TypeVar("E")

# -- helpers ---------------------------------------------------------------------

CLAIM2 = claim.load_variant("claim2")

#: Powers whose cards the helper keeps away from the losing seat in phase 1: a
#: Dragon played by it would take the lead (R8); a Doppelganger would compete (R2).
_LEAD_ONLY_POWERS = ("dragons", "doppelgangers")


def troll_line(state: claim.GameState) -> tuple[claim.Card, ...]:
    """The Troll line (RULES 4 Trolls): the zone "waiting line", () when undeclared."""
    return state.zone("waiting line") if "waiting line" in state.variant.tables.zone_index else ()


def front(state: claim.GameState, seat: int) -> tuple[claim.Card, ...]:
    """The Gnomes in front of ``seat`` (RULES 4 Gnomes), () when undeclared."""
    if "in front" not in state.variant.tables.zone_index:
        return ()
    return state.zone("in front", seat)


def cards(variant: claim.Variant, notation: str | Iterable[str]) -> list[claim.Card]:
    """Cards of ``variant`` from notation: ``"Gn5 Tr1"`` or ``["Gn5", "Tr1"]``."""
    items = notation.split() if isinstance(notation, str) else notation
    return [variant.parse_card(text) for text in items]


def card(text: str, variant: claim.Variant = CLAIM2) -> claim.Card:
    """One card of ``variant`` from notation."""
    return variant.parse_card(text)


def _key(c: claim.Card) -> tuple[str, int]:
    return (c.faction, c.value)


def same_cards(a: Iterable[claim.Card], b: Iterable[claim.Card]) -> bool:
    """Whether two collections hold the same cards, as multisets."""
    return Counter(a) == Counter(b)


def play(state: claim.GameState, *moves: str | claim.Move) -> claim.GameState:
    """Apply ``moves`` (notation or Move values) in order."""
    for move in moves:
        state = state.apply(move)
    return state


@overload
def events(state: claim.GameState) -> list[Event]: ...
@overload
def events(state: claim.GameState, kind: type[E]) -> list[E]: ...
def events(state: claim.GameState, kind: type[object] | None = None) -> Sequence[object]:
    """Every event of the game so far, optionally only those of one type."""
    found = [e for record in state.records for e in record.events]
    return [e for e in found if kind is None or isinstance(e, kind)]


def smashed(found: Sequence[object]) -> list[tuple[claim.Card, int | None]]:
    """The Gnomes smashed (RULES 4 Giants) among ``found`` events, with their victim."""
    return [
        (e.card, e.origin_seat) for e in found
        if isinstance(e, Placed) and e.origin == "in front"
        and e.zone is claim.Zone.DISCARD
    ]


@overload
def last_events(state: claim.GameState) -> list[Event]: ...
@overload
def last_events(state: claim.GameState, kind: type[E]) -> list[E]: ...
def last_events(state: claim.GameState, kind: type[object] | None = None) -> Sequence[object]:
    """The events caused by the last move applied."""
    found = list(state.records[-1].events) if state.records else []
    return [e for e in found if kind is None or isinstance(e, kind)]


def _split_rest(
    variant: claim.Variant, rest: list[claim.Card]
) -> tuple[list[tuple[claim.Card, claim.Card]], list[claim.Card], list[claim.Card]]:
    """Split the phase 1 cards into tricks the leading seat always wins.

    Returns same-faction pairs (lead higher or equal), and the cards led and followed
    in the cross-faction tricks played afterwards. Every faction's cross-trick cards
    are all on one side, so the follower can never follow suit there and its
    off-faction card loses. Dragons and Doppelgangers are always led.
    """
    powers = {f.name: f.power.name for f in variant.factions}
    by_faction: dict[str, list[claim.Card]] = {}
    for c in sorted(rest, key=lambda c: -c.value):
        by_faction.setdefault(c.faction, []).append(c)
    special = [f for f in by_faction if powers[f] in _LEAD_ONLY_POWERS]
    plain = [f for f in by_faction if f not in special]
    base = sum(len(by_faction[f]) for f in special)

    def search(
        i: int, lead: int, follow: int, chosen: dict[str, tuple[int, str]]
    ) -> dict[str, tuple[int, str]] | None:
        if i == len(plain):
            if lead != follow:
                return None
            led = {f for f, (n, side) in chosen.items() if n and side == "lead"}
            followed = {f for f, (n, side) in chosen.items() if n and side == "follow"}
            knight_on_goblin = any(powers[f] == "knights" for f in followed) and any(
                powers[f] == "none" for f in led
            )
            return None if knight_on_goblin else dict(chosen)
        name = plain[i]
        count = len(by_faction[name])
        for left in range(count % 2, count + 1, 2):
            for side in ("lead", "follow"):
                if left == 0 and side == "follow":
                    continue
                chosen[name] = (left, side)
                found = search(
                    i + 1,
                    lead + (left if side == "lead" else 0),
                    follow + (left if side == "follow" else 0),
                    chosen,
                )
                if found is not None:
                    return found
                del chosen[name]
        return None

    plan = search(0, base, 0, {})
    assert plan is not None, f"phase2(): no trivial phase 1 for {rest}"
    pairs: list[tuple[claim.Card, claim.Card]] = []
    led: list[claim.Card] = [c for f in special for c in by_faction[f]]
    followed: list[claim.Card] = []
    for name, (left, side) in plan.items():
        group = by_faction[name]
        paired = len(group) - left
        pairs += [(group[j], group[j + 1]) for j in range(0, paired, 2)]
        (led if side == "lead" else followed).extend(group[paired:])
    return pairs, led, followed


def phase2(
    variant: claim.Variant,
    hand0: str | Sequence[str],
    hand1: str | Sequence[str],
    *,
    leader: int = 0,
    last_trick: tuple[str, str] | None = None,
    take_top_last: bool = False,
) -> claim.GameState:
    """The state at the start of phase 2 with the given phase 2 hands (2 players).

    The deal is built so that ``leader`` leads and wins every phase 1 trick: it takes
    every face-up card (draw pile positions 0, 2, 4, ...) and the other seat draws
    positions 1, 3, 5, ...; so the phase 2 hands are fixed by the draw pile order,
    and ``leader`` leads phase 2 (R5). A Seer win's decision is answered by taking
    the face-up card, which changes nothing.

    Args:
        last_trick: ``(lead, follow)``: the cards of the final phase 1 trick, led by
            ``leader`` and followed by the other seat (e.g. a Dragon to test R5).
            The other seat holds its card through all of phase 1.
        take_top_last: In the final phase 1 trick, answer a Seer's decision by
            taking the top card: the last card of each phase 2 hand then swaps.
    """
    assert variant.players == 2
    other = 1 - leader
    wanted = {0: cards(variant, hand0), 1: cards(variant, hand1)}
    size = variant.hand_size
    assert len(wanted[0]) == size and len(wanted[1]) == size
    rest = Counter(variant.deck) - Counter(wanted[0] + wanted[1])
    assert sum(rest.values()) == 2 * size, "phase 2 hands are not part of the deck"
    final: list[tuple[claim.Card, claim.Card]] = []
    if last_trick is not None:
        lead, follow = card(last_trick[0], variant), card(last_trick[1], variant)
        rest -= Counter([lead, follow])
        assert sum(rest.values()) == 2 * size - 2, "last_trick cards are not free"
        final = [(lead, follow)]
    pairs, led, followed = _split_rest(variant, list(rest.elements()))
    script = pairs + list(zip(led, followed, strict=True)) + final
    pile = [c for pair in zip(wanted[leader], wanted[other], strict=True) for c in pair]
    hands = {leader: [lead for lead, _ in script], other: [follow for _, follow in script]}
    state = claim.new_game(
        variant, hands=[hands[0], hands[1]], draw_pile=pile, first_leader=leader
    )
    for number, (lead, follow) in enumerate(script, 1):
        assert state.current_player == leader and state.phase is claim.Phase.RECRUIT
        state = state.apply(claim.PlayCard(lead)).apply(claim.PlayCard(follow))
        while state.pending_kind == "recruit":
            if take_top_last and number == len(script):
                state = state.apply(claim.TakeTopCard())
                wanted[leader][-1], wanted[other][-1] = wanted[other][-1], wanted[leader][-1]
                continue
            take = next(m for m in state.legal_moves()
                        if str(m).startswith("take ") and m != claim.TakeTopCard())
            state = state.apply(take)
    assert state.phase is claim.Phase.SUPPORT
    assert same_cards(state.hand(0), wanted[0]), (state.hand(0), wanted[0])
    assert same_cards(state.hand(1), wanted[1]), (state.hand(1), wanted[1])
    if last_trick is None:
        assert state.leader == leader
    return state


def finish(state: claim.GameState) -> claim.GameState:
    """Play to the end: the first legal card, declining every smash."""
    while not state.is_over:
        moves = state.legal_moves()
        state = state.apply(
            claim.DeclineSmash() if claim.DeclineSmash() in moves else moves[0]
        )
    return state


def vote(result: claim.GameResult, faction: str) -> claim.FactionVote:
    """The vote of one faction in a result."""
    return next(v for v in result.factions if v.faction == faction)


# Phase 2 hands used by several Claim 2 tests. Seat 0 holds no Giants and seat 1 no
# Gnomes except where a test needs them; filler is Seers and Dragons.
FILL0 = "Se0 Se1 Se2 Se3 Se4 Dr0 Dr1 Dr2 Dr3 Dr4"
FILL1 = "Se5 Se6 Se7 Se8 Se9 Dr5 Dr6 Dr7 Dr8 Dr9"


# -- the phase 2 helper itself ------------------------------------------------------


@pytest.mark.parametrize("leader", [0, 1])
def test_phase2_helper_builds_the_wanted_hands(leader: int) -> None:
    """The helper's phase 1 gives exactly the phase 2 hands asked for (R5 leader)."""
    state = phase2(CLAIM2, "Tr1 Tr7 Gn3 " + FILL0, "Tr3 Tr9 Gn5 " + FILL1, leader=leader)
    assert state.current_player == leader
    assert state.pending is None
    assert state.draw_pile_size == 0
    assert not troll_line(state)
    assert len(events(state, TrickCompleted)) == 13


# -- Trolls (R9) --------------------------------------------------------------------


def test_r9_trolls_worked_example() -> None:
    """RULES 4 Trolls, the rulebook's worked example, move by move.

    Tommy is seat 0 and leads phase 2; Willy is seat 1.
    """
    t = CLAIM2.parse_card
    state = phase2(CLAIM2, "Tr1 Tr7 Gn3 " + FILL0, "Tr3 Tr9 Gn5 " + FILL1, leader=0)

    # Trick 1: Tommy leads Troll 1, Willy follows Troll 3; Willy scores Troll 3.
    state = play(state, "Tr1", "Tr3")
    assert last_events(state, TrickCompleted)[0].winner == 1
    assert t("Tr3") in state.score_pile(1)
    assert troll_line(state) == (t("Tr1"),)
    assert Placed(t("Tr1"), "waiting line", None) in last_events(state)
    assert state.current_player == 1

    # Trick 2: Willy leads Troll 9, Tommy follows Troll 7; Willy scores Troll 9.
    state = play(state, "Tr9", "Tr7")
    assert same_cards(state.score_pile(1), cards(CLAIM2, "Tr3 Tr9"))
    assert troll_line(state) == (t("Tr1"), t("Tr7"))
    assert state.score_pile(0) == ()

    # Trick 3: Willy leads Gnome 5, Tommy follows Gnome 3: Willy also scores Troll 1.
    state = play(state, "Gn5", "Gn3")
    assert same_cards(state.score_pile(1), cards(CLAIM2, "Tr3 Tr9 Tr1"))
    assert same_cards(front(state, 1), cards(CLAIM2, "Gn5 Gn3"))
    assert troll_line(state) == (t("Tr7"),)
    assert state.score_pile(0) == ()


def test_r9_two_dwarves_still_deliver_a_waiting_troll() -> None:
    """R9: a trick whose winner gets no other card (all Dwarves) delivers a Troll."""
    variant = claim.mix(["gnomes", "giants", "dwarves", "trolls", "seers"])
    state = phase2(
        variant,
        "Tr1 Dw2 Se0 Se1 Se2 Se3 Se4 Gn1 Gn1 Gn1 Gn3 Gn3 Gn3",
        "Tr3 Dw5 Se5 Se6 Se7 Se8 Se9 Gi1 Gi1 Gi3 Gi3 Gi5 Gi5",
    )
    state = play(state, "Tr1", "Tr3")
    assert troll_line(state) == (card("Tr1"),)
    state = play(state, "Dw5", "Dw2")  # seat 1 leads and wins
    assert last_events(state, TrickCompleted)[0].winner == 1
    assert same_cards(state.score_pile(0), cards(variant, "Dw5 Dw2"))  # the loser's
    assert same_cards(state.score_pile(1), cards(variant, "Tr3 Tr1"))
    assert troll_line(state) == ()


def test_r9_trolls_still_waiting_at_the_end_are_discarded() -> None:
    """R9: Trolls still waiting when the game ends are discarded, never scored."""
    state = phase2(CLAIM2, "Tr0 Gn1 Gn3 " + FILL0, "Tr1 Gn5 Gn7 " + FILL1)
    # Every trick without Trolls first; the two Trolls meet in the last trick.
    while not state.is_over:
        if state.hand_size(0) + state.hand_size(1) == 2:
            assert troll_line(state) == ()
        moves = state.legal_moves()
        others = [m for m in moves if card_of(m).faction != "trolls"]
        state = state.apply((others or moves)[0])
    assert events(state, TrickCompleted)[-1].plays[0][1].faction == "trolls"
    assert card("Tr0") in state.discard()
    assert troll_line(state) == ()
    scored = [c for seat in (0, 1) for c in state.score_pile(seat) if c.faction == "trolls"]
    assert scored == [card("Tr1")]
    trolls = vote(state.result(), "trolls")
    assert sum(trolls.counts) == 1 and card("Tr1") in trolls.highest


@pytest.mark.parametrize(
    ("order", "delivered"),
    [("fifo", "Tr2"), ("lowest", "Tr0"), ("highest", "Tr5")],
)
def test_r9_troll_queue_order_option(order: str, delivered: str) -> None:
    """R9 option ``troll_queue_order``: which waiting Troll a Troll-free trick gives."""
    variant = claim.mix(
        ["gnomes", "giants", "dragons", "trolls", "seers"],
        options={"troll_queue_order": order},
    )
    state = phase2(
        variant, "Tr2 Tr0 Tr5 Gn3 Se0 Se1 Se2 Se3 Se4 Dr0 Dr1 Dr2 Dr3",
        "Tr6 Tr7 Tr8 Gn5 Se5 Se6 Se7 Se8 Se9 Dr5 Dr6 Dr7 Dr8",
    )
    state = play(state, "Tr2", "Tr6", "Tr7", "Tr0", "Tr8", "Tr5")
    line = cards(variant, "Tr2 Tr0 Tr5")
    assert list(troll_line(state)) == line
    assert same_cards(state.score_pile(1), cards(variant, "Tr6 Tr7 Tr8"))
    state = play(state, "Gn5", "Gn3")  # seat 1 wins a trick without Trolls
    got = [c for c in state.score_pile(1) if c.faction == "trolls"]
    assert same_cards(got, cards(variant, f"Tr6 Tr7 Tr8 {delivered}"))
    line.remove(card(delivered, variant))
    assert list(troll_line(state)) == line


def test_r9_default_queue_order_is_fifo() -> None:
    """R9: ``troll_queue_order`` defaults to fifo in Claim 2."""
    assert CLAIM2.option("troll_queue_order") == "fifo"


def test_r9_trolls_have_no_power_in_phase_1() -> None:
    """RULES 4 Trolls act in phase 2 only: two Trolls in a phase 1 trick are discarded."""
    state = play(_phase1_deal("Tr5", "Tr2"), "Tr5", "Tr2")
    assert troll_line(state) == ()
    discarded = [c for c in state.discard() if c.faction == "trolls"]
    assert same_cards(discarded, cards(CLAIM2, "Tr5 Tr2"))


# -- phase 1 deals -------------------------------------------------------------------


def _phase1_deal(
    lead: str,
    follow: str,
    face_up: str = "Gn9",
    top: str = "Tr9",
    variant: claim.Variant = CLAIM2,
    leader: int = 0,
    avoid: str = "",
) -> claim.GameState:
    """A phase 1 deal where ``leader`` holds ``lead`` and the other seat ``follow``.

    The draw pile starts with ``face_up`` (turned at once) then ``top``. The other
    seat holds no card of the faction of ``lead`` (so any card may follow it), and
    neither hand holds a card of a faction named in ``avoid`` beyond the given ones.
    """
    other = 1 - leader
    first = cards(variant, [lead, follow, face_up, top])
    rest = list((Counter(variant.deck) - Counter(first)).elements())
    lead_faction = first[0].faction
    avoided = set(avoid.split())
    # The other seat takes cards of no faction the leader might lead here.
    pool_other = [c for c in rest if c.faction not in {lead_faction, *avoided}]
    size = variant.hand_size
    hand_other = [first[1], *pool_other[: size - 1]]
    rest = list((Counter(rest) - Counter(hand_other[1:])).elements())
    pool_lead = sorted(rest, key=lambda c: (c.faction in avoided, _key(c)))
    hand_lead = [first[0], *pool_lead[: size - 1]]
    pile = [first[2], first[3], *(Counter(rest) - Counter(hand_lead[1:])).elements()]
    hands = {leader: hand_lead, other: hand_other}
    state = claim.new_game(variant, hands=[hands[0], hands[1]], draw_pile=pile,
                           first_leader=leader)
    assert state.face_up_cards == (first[2],)
    assert not any(c.faction == lead_faction for c in hand_other[1:])
    assert not any(c.faction in avoided for c in hand_lead[1:] + hand_other[1:])
    return state


# -- Seers (phase 1) -------------------------------------------------------------------


def test_seers_winner_decides_between_face_up_and_top_card() -> None:
    """RULES 4 Seers: winning with a Seer offers [take face-up, take top]."""
    state = play(_phase1_deal("Se9", "Gn1"), "Se9", "Gn1")
    assert state.pending_kind == "recruit"
    assert claim.TakeTopCard() in state.legal_moves()
    assert state.current_player == 0
    assert state.legal_moves() == (claim.TakeFaceUp(card("Gn9")), claim.TakeTopCard())
    # The winner has seen the top card: a private event for seat 0.
    peeks = last_events(state, Peeked)
    assert peeks == [Peeked(0, card("Tr9"))]
    assert Peeked.private


def test_seers_taking_the_top_card_leaves_the_face_up_card_to_the_loser() -> None:
    """RULES 4 Seers: take the top card; the loser takes the face-up card."""
    state = play(_phase1_deal("Se9", "Gn1"), "Se9", "Gn1", "take top")
    assert state.pending is None
    assert state.follower_pile(0) == (card("Tr9"),)
    assert state.follower_pile(1) == (card("Gn9"),)
    assert last_events(state, FaceUpTaken) == [FaceUpTaken(1, card("Gn9"))]
    assert last_events(state, CardDrawn) == [CardDrawn(0, card("Tr9"))]
    assert state.current_player == 0  # the winner leads the next trick
    assert len(state.face_up_cards) == 1


def test_seers_taking_the_face_up_card_gives_the_loser_the_seen_card() -> None:
    """RULES 4 Seers: take the face-up card; the loser draws the card the winner saw."""
    state = play(_phase1_deal("Se9", "Gn1"), "Se9", "Gn1")
    seen = last_events(state, Peeked)[0].card
    state = state.apply(claim.TakeFaceUp(card("Gn9")))
    assert state.follower_pile(0) == (card("Gn9"),)
    assert state.follower_pile(1) == (seen,)
    assert last_events(state, CardDrawn) == [CardDrawn(1, seen)]


def test_seers_notation_of_the_decision() -> None:
    """The Seer decision can be answered in notation: ``take Gn9`` / ``take top``."""
    state = play(_phase1_deal("Se9", "Gn1"), "Se9", "Gn1", "take Gn9")
    assert state.follower_pile(0) == (card("Gn9"),)


def test_r15_no_seer_decision_when_top_card_equals_face_up_card() -> None:
    """R15: if the top card is the same card as the face-up one, nothing is asked."""
    state = play(_phase1_deal("Se9", "Gn1", face_up="Gn5", top="Gn5"), "Se9", "Gn1")
    assert state.pending is None
    assert state.follower_pile(0) == (card("Gn5"),)
    assert state.follower_pile(1) == (card("Gn5"),)
    assert state.current_player == 0


def test_seers_no_peek_when_the_winning_card_is_not_a_seer() -> None:
    """RULES 4 Seers: the winning card itself must be a Seer (a losing Seer is nothing)."""
    state = play(_phase1_deal("Gn9", "Se9", face_up="Gn5", top="Tr9"), "Gn9", "Se9")
    assert state.pending is None
    assert not events(state, Peeked)
    assert state.follower_pile(0) == (card("Gn5"),)
    assert state.follower_pile(1) == (card("Tr9"),)


def test_seers_seer_beaten_by_a_higher_seer() -> None:
    """RULES 4 Seers: the winner with the higher Seer peeks, not the leader."""
    state = play(_phase1_deal("Se3", "Se8", avoid="seers"), "Se3", "Se8")
    assert state.pending_kind == "recruit"
    assert state.current_player == 1
    assert last_events(state, Peeked) == [Peeked(1, card("Tr9"))]


def test_seers_decision_in_the_final_phase_1_trick() -> None:
    """RULES 4 Seers: a Seer winning the last phase 1 trick may take the last card
    of the draw pile; the loser takes the face-up card; phase 2 starts after that."""
    hand0 = "Gn1 Gn1 Gn3 Gn3 Gn5 Gn5 Gi1 Gi1 Gi3 Gi3 Gi5 Gi5 Gn9"
    hand1 = "Tr0 Tr1 Tr2 Tr3 Tr4 Tr5 Tr6 Tr7 Tr8 Tr9 Dr0 Dr1 Gi9"
    state = phase2(CLAIM2, hand0, hand1, last_trick=("Se9", "Se0"), take_top_last=True)
    last = state.records[-1]
    assert last.move == claim.TakeTopCard() and last.seat == 0
    assert Peeked(0, card("Gi9")) in events(state, Peeked)
    assert card("Gi9") in state.hand(0) and card("Gn9") in state.hand(1)
    assert state.phase is claim.Phase.SUPPORT and state.current_player == 0


def test_seers_decision_move_without_a_decision_is_illegal() -> None:
    """A Seer's answer when no decision is pending is refused, state unchanged."""
    state = _phase1_deal("Se9", "Gn1")
    for move in (claim.TakeTopCard(), claim.TakeFaceUp(card("Gn9")), "take top"):
        with pytest.raises(claim.IllegalMoveError):
            state.apply(move)
    after_trick = play(state, "Se9", "Gn1", "take top")
    with pytest.raises(claim.IllegalMoveError):
        after_trick.apply(claim.TakeTopCard())
    assert after_trick.pending is None


def test_seers_card_play_while_the_decision_is_pending_is_illegal() -> None:
    """While a Seer decision is pending, no card may be played."""
    state = play(_phase1_deal("Se9", "Gn1"), "Se9", "Gn1")
    before = state
    for move in state.hand(0)[:3] + state.hand(1)[:3]:
        with pytest.raises(claim.IllegalMoveError):
            state.apply(claim.PlayCard(move))
    assert state == before and state.pending is not None


def test_seers_have_no_power_in_phase_2() -> None:
    """RULES 4 Seers: phase 1 only; a Seer win in phase 2 scores normally."""
    state = phase2(CLAIM2, "Se9 Gn1 Gn3 " + "Tr0 Tr1 Tr2 Tr3 Tr4 Dr0 Dr1 Dr2 Dr3 Dr4",
                   "Se0 Gn5 Gn7 " + "Tr5 Tr6 Tr7 Tr8 Tr9 Dr5 Dr6 Dr7 Dr8 Dr9")
    state = play(state, "Se9", "Se0")
    assert state.pending is None
    assert same_cards(state.score_pile(0), cards(CLAIM2, "Se9 Se0"))


# -- Dragons (R8, R5) ------------------------------------------------------------------


def test_r8_dragon_played_last_leads_next_phase_1() -> None:
    """R8, rulebook example: Gnome 5 led, Dragon 1 cannot follow: leader wins,
    the Dragon's player leads the next trick (phase 1)."""
    state = _phase1_deal("Gn5", "Dr1")
    assert not any(c.faction == "gnomes" for c in state.hand(1))
    state = play(state, "Gn5", "Dr1")
    assert last_events(state, TrickCompleted)[0].winner == 0
    assert state.follower_pile(0) == (card("Gn9"),)  # the winner still recruits
    assert LeaderChosen(1, "dragons") in last_events(state)
    assert state.leader == 1 and state.current_player == 1


def test_r8_dragon_played_last_leads_next_phase_2() -> None:
    """R8 in phase 2: Gnome 5 led, Dragon 1 cannot follow: the leader scores,
    the Dragon's player leads."""
    state = phase2(CLAIM2, "Gn5 Gi1 Gi3 " + "Se0 Se1 Se2 Se3 Se4 Tr0 Tr1 Tr2 Tr3 Tr4",
                   "Dr1 Gi5 Gi7 " + "Se5 Se6 Se7 Se8 Se9 Tr5 Tr6 Tr7 Tr8 Tr9")
    state = play(state, "Gn5", "Dr1")
    assert last_events(state, TrickCompleted)[0].winner == 0
    assert front(state, 0) == (card("Gn5"),)
    assert state.score_pile(0) == (card("Dr1"),)
    assert state.current_player == 1
    assert LeaderChosen(1, "dragons") in last_events(state)


def test_r8_two_dragons_the_last_card_leads() -> None:
    """R8 (last_card): two Dragons: the player of the second Dragon leads, even losing."""
    state = play(_phase1_deal("Dr7", "Dr3", avoid="dragons"), "Dr7", "Dr3")
    assert last_events(state, TrickCompleted)[0].winner == 0
    assert state.current_player == 1


def test_r8_winner_leads_when_no_dragon_is_played_last() -> None:
    """R8: a Dragon led and a non-Dragon last: the winner leads (default last_card)."""
    state = play(_phase1_deal("Dr7", "Gn1"), "Dr7", "Gn1")
    assert last_events(state, TrickCompleted)[0].winner == 0
    assert last_events(state, LeaderChosen) == [LeaderChosen(0, None)]
    assert state.current_player == 0


DRAGON_MIX = ["gnomes", "giants", "dragons", "doppelgangers", "seers"]


@pytest.mark.parametrize(("option", "next_leader"), [("last_card", 1), ("last_dragon", 0)])
def test_r8_dragon_lead_option(option: str, next_leader: int) -> None:
    """R8 option ``dragon_lead``: Dragon led, a Doppelganger wins as the last card.

    With ``last_card`` the winner (the Doppelganger's player) leads; with
    ``last_dragon`` the player of the last Dragon played (the leader) leads.
    """
    variant = claim.mix(DRAGON_MIX, options={"dragon_lead": option})
    state = _phase1_deal("Dr5", "Dp9", face_up="Gn9", top="Se9", variant=variant)
    state = play(state, "Dr5", "Dp9")
    assert last_events(state, TrickCompleted)[0].winner == 1
    assert state.current_player == next_leader


def test_r8_last_dragon_option_with_two_dragons() -> None:
    """R8 option last_dragon: with two Dragons the second Dragon's player leads too."""
    variant = claim.mix(DRAGON_MIX, options={"dragon_lead": "last_dragon"})
    state = _phase1_deal("Dr7", "Dr3", face_up="Gn9", top="Se9", variant=variant,
                         avoid="dragons doppelgangers")
    state = play(state, "Dr7", "Dr3")
    assert state.current_player == 1


def test_r5_dragon_last_in_final_phase_1_trick_leads_phase_2() -> None:
    """R5 + R8: a Dragon played last to the final phase 1 trick: its player leads phase 2."""
    state = phase2(
        CLAIM2,
        "Dr0 Dr2 Dr3 Dr4 Dr5 Gn1 Gn1 Gn3 Se0 Se1 Se2 Se3 Se4",
        "Dr6 Dr7 Dr8 Dr9 Gi1 Gi3 Gi5 Gn7 Se5 Se6 Se7 Se8 Se9",
        leader=0,
        last_trick=("Gn9", "Dr1"),
    )
    completed = events(state, TrickCompleted)
    assert completed[-1].plays == ((0, card("Gn9")), (1, card("Dr1")))
    assert completed[-1].winner == 0
    assert state.phase is claim.Phase.SUPPORT
    assert state.leader == 1 and state.current_player == 1


def test_r5_phase_2_leader_is_the_last_phase_1_winner() -> None:
    """R5: without Dragons, the winner of the final phase 1 trick leads phase 2."""
    state = phase2(CLAIM2, "Tr1 Tr7 Gn3 " + FILL0, "Tr3 Tr9 Gn5 " + FILL1, leader=1)
    assert events(state, TrickCompleted)[-1].winner == 1
    assert state.current_player == 1


# -- Gnomes ---------------------------------------------------------------------------


def test_gnomes_captured_lie_in_front_not_in_the_score_pile() -> None:
    """RULES 4 Gnomes: captured Gnomes are laid in front of the capturer."""
    state = phase2(CLAIM2, "Gn5 Gn7 Tr0 " + FILL0, "Gn3 Gn1 Tr1 " + FILL1)
    state = play(state, "Gn5", "Gn3")
    assert same_cards(front(state, 0), cards(CLAIM2, "Gn5 Gn3"))
    assert state.score_pile(0) == ()
    assert front(state, 1) == ()
    placed = last_events(state, Placed)
    assert all(p.zone == "in front" and p.seat == 0 for p in placed)


def test_gnomes_phase_1_gnomes_are_discarded() -> None:
    """RULES 4 Gnomes: the power is phase 2 only; phase 1 tricks are discarded."""
    state = play(_phase1_deal("Gn5", "Dr1"), "Gn5", "Dr1")
    assert front(state, 0) == () and card("Gn5") in state.discard()


def test_gnomes_in_front_join_the_score_pile_at_the_end() -> None:
    """RULES 4 Gnomes: surviving Gnomes count in the score pile at the end (RULES 5)."""
    state = phase2(CLAIM2, "Gn5 Gn7 Gn9 " + FILL0, "Gn3 Gn1 Gn1 " + FILL1)
    state = play(state, "Gn5", "Gn3", "Gn7", "Gn1", "Gn9", "Gn1")
    assert len(front(state, 0)) == 6
    while not state.is_over:
        assert not any(c.faction == "gnomes" for c in state.score_pile(0))
        before = front(state, 0)
        state = state.apply(state.legal_moves()[0])
        assert set(before) <= set(front(state, 0)) or state.is_over
    assert front(state, 0) == () and front(state, 1) == ()
    gnomes = [c for c in state.score_pile(0) if c.faction == "gnomes"]
    assert same_cards(gnomes, cards(CLAIM2, "Gn5 Gn7 Gn9 Gn3 Gn1 Gn1"))
    result = state.result()
    assert vote(result, "gnomes").counts == (6, 0)
    assert vote(result, "gnomes").winner == 0
    assert vote(result, "gnomes").highest[0] == card("Gn9")


# -- Giants (R7) ------------------------------------------------------------------------

# Seat 0 captures Gn5 and Gn7 in the first trick (it leads Gn7, seat 1 plays Gn5).
GIANT_HANDS = (
    "Gn7 Gi5 Gi9 Gi1 Tr0 Tr1 Tr2 Tr3 Tr4 Se0 Se1 Se2 Se3",
    "Gn5 Gi7 Gi3 Gi3 Tr5 Tr6 Tr7 Tr8 Tr9 Se5 Se6 Se7 Se8",
)


def _gnomes_in_front_of_seat0() -> claim.GameState:
    state = phase2(CLAIM2, *GIANT_HANDS)
    state = play(state, "Gn7", "Gn5")
    assert same_cards(front(state, 0), cards(CLAIM2, "Gn7 Gn5"))
    return state


def test_giants_capturing_a_giant_offers_a_smash() -> None:
    """RULES 4 Giants: a captured Giant 3 vs an opposing Gnome 3 is a decision.

    Two identical Gnomes 3 in front of seat 0 are one target (R15).
    """
    state = phase2(
        CLAIM2,
        "Gn3 Gi5 Gi9 Gi1 Tr0 Tr1 Tr2 Tr3 Tr4 Se0 Se1 Se2 Se3",
        "Gn3 Gi7 Gi3 Gi3 Tr5 Tr6 Tr7 Tr8 Tr9 Se5 Se6 Se7 Se8",
    )
    state = play(state, "Gn3", "Gn3")  # a tie: the leader, seat 0, wins both
    assert same_cards(front(state, 0), cards(CLAIM2, "Gn3 Gn3"))
    state = play(state, "Gi1", "Gi3")  # seat 1 wins Giants 1 and 3
    assert state.pending_kind == "smash"
    assert state.pending is not None
    assert state.queue[0].data == (3,) and state.pending.seat == 1
    assert state.current_player == 1
    assert state.legal_moves() == (claim.Smash(0, card("Gn3")), claim.DeclineSmash())
    assert same_cards(state.score_pile(1), cards(CLAIM2, "Gi1 Gi3"))  # placed first (R7)
    state = state.apply("smash Gn3@0")
    assert state.pending is None
    assert front(state, 0) == (card("Gn3"),)


def test_giants_smash_removes_the_gnome() -> None:
    """RULES 4 Giants: the smashed Gnome leaves the game and is never scored."""
    state = _gnomes_in_front_of_seat0()
    state = play(state, "Gi5", "Gi7")
    assert state.pending_kind == "smash"
    assert state.legal_moves() == (claim.Smash(0, card("Gn5")), claim.DeclineSmash())
    # The Giant 7 has a Gnome 7 to smash too, asked after this one.
    state = state.apply("smash Gn5@0")
    assert card("Gn5") in state.discard()
    assert front(state, 0) == (card("Gn7"),)
    assert smashed(last_events(state)) == [(card("Gn5"), 0)]
    assert state.legal_moves() == (claim.Smash(0, card("Gn7")), claim.DeclineSmash())
    state = state.apply(claim.DeclineSmash())
    assert state.pending is None
    assert state.current_player == 1
    final = finish(state)
    assert card("Gn5") in final.discard()
    gnomes = vote(final.result(), "gnomes")
    assert gnomes.counts == (1, 0) and gnomes.highest == (card("Gn7"), None)


def test_giants_declining_keeps_the_gnome() -> None:
    """RULES 4 Giants: the smash is optional; declining leaves the Gnome in front."""
    state = _gnomes_in_front_of_seat0()
    state = play(state, "Gi5", "Gi7", "no smash", "no smash")
    assert state.pending is None
    assert same_cards(front(state, 0), cards(CLAIM2, "Gn7 Gn5"))
    assert not smashed(events(state))
    final = finish(state)
    assert vote(final.result(), "gnomes").counts == (2, 0)


def test_giants_two_giants_smash_two_gnomes() -> None:
    """RULES 4 Giants: a trick with two Giants smashes two Gnomes, one decision each."""
    state = _gnomes_in_front_of_seat0()
    state = play(state, "Gi5", "Gi7")
    state = state.apply(claim.Smash(0, card("Gn5")))
    assert state.pending_kind == "smash"
    assert state.queue[0].data == (7,)
    state = state.apply(claim.Smash(0, card("Gn7")))
    assert state.pending is None
    assert front(state, 0) == ()
    assert [c for c, _ in smashed(events(state))] == [card("Gn5"), card("Gn7")]
    assert same_cards(state.score_pile(1), cards(CLAIM2, "Gi5 Gi7"))


def test_giants_no_gnome_of_that_value_no_decision() -> None:
    """RULES 4 Giants, R15: no opposing Gnome of the Giant's value: nothing is asked."""
    state = _gnomes_in_front_of_seat0()
    state = play(state, "Gi1", "Gi3")  # seat 1 wins Giants 1 and 3; seat 0 has 5 and 7
    assert state.pending is None
    assert state.current_player == 1
    assert same_cards(state.score_pile(1), cards(CLAIM2, "Gi1 Gi3"))
    assert len(front(state, 0)) == 2


def test_giants_own_gnomes_are_never_smashed() -> None:
    """RULES 4 Giants: only an opponent's Gnome may be smashed, not the captor's own."""
    state = _gnomes_in_front_of_seat0()
    state = play(state, "Gi5", "Gi3")  # seat 0 captures a Giant 5; its own Gnome 5 is safe
    assert last_events(state, TrickCompleted)[0].winner == 0
    assert state.pending is None
    assert same_cards(front(state, 0), cards(CLAIM2, "Gn7 Gn5"))


# Seat 0 holds a Giant 3 and no Gnome 3; seat 1 holds two Gnomes 3 and no Giants.
R7_HANDS = (
    "Gi3 Gn1 Tr9 Se0 Se1 Se2 Se3 Se4 Dr0 Dr1 Dr2 Dr3 Dr4",
    "Gn3 Gn3 Tr5 Se5 Se6 Se7 Se8 Se9 Dr5 Dr6 Dr7 Dr8 Dr9",
)


def test_r7_gnome_captured_with_the_giant_is_the_captors_own() -> None:
    """R7: the trick's cards are placed first, so the Gnome 3 the opponent played to
    the Giant's trick already lies in front of the captor and cannot be smashed."""
    state = phase2(CLAIM2, *R7_HANDS)
    state = play(state, "Gi3", "Gn3")  # seat 1 cannot follow Giants
    assert last_events(state, TrickCompleted)[0].winner == 0
    assert state.pending is None
    assert front(state, 0) == (card("Gn3"),)
    assert state.score_pile(0) == (card("Gi3"),)
    assert not smashed(events(state))


def test_r7_only_the_opponents_earlier_gnome_is_a_target() -> None:
    """R7: with a Gnome 3 already in front of the opponent, the smash decision offers
    that one only, not the Gnome 3 the captor has just placed in front of itself."""
    state = phase2(CLAIM2, *R7_HANDS)
    state = play(state, "Gn1", "Gn3")  # seat 1 wins: Gn1 and Gn3 in front of seat 1
    state = play(state, "Tr5", "Tr9")  # seat 0 wins the lead back (Troll 5 waits)
    state = play(state, "Gi3", "Gn3")
    assert state.pending_kind == "smash"
    assert front(state, 0) == (card("Gn3"),)  # already placed when asked
    assert state.legal_moves() == (claim.Smash(1, card("Gn3")), claim.DeclineSmash())
    with pytest.raises(claim.IllegalMoveError):
        state.apply(claim.Smash(0, card("Gn3")))
    state = state.apply(claim.Smash(1, card("Gn3")))
    assert front(state, 1) == (card("Gn1"),)
    assert front(state, 0) == (card("Gn3"),)


def test_r11_doppelganger_counting_as_giant_does_not_smash() -> None:
    """R11: a Doppelganger counting as a Giant carries no smash right."""
    variant = claim.mix(["gnomes", "giants", "trolls", "doppelgangers", "seers"])
    state = phase2(
        variant,
        "Gn5 Dp5 Tr0 Tr1 Tr2 Tr3 Tr4 Se0 Se1 Se2 Se3 Se4 Dp0",
        "Gn7 Gi1 Tr5 Tr6 Tr7 Tr8 Tr9 Se5 Se6 Se7 Se8 Se9 Dp1",
    )
    state = play(state, "Gn5", "Gn7")  # seat 1 wins: Gnomes 5 and 7 in front of seat 1
    # Seat 1 leads Giant 1; seat 0 has no Giants and plays Doppelganger 5, which
    # counts as a Giant 5 and wins (R2), but smashes nothing (R11).
    state = play(state, "Gi1", "Dp5")
    assert last_events(state, TrickCompleted)[0].winner == 0
    assert state.pending is None
    assert same_cards(front(state, 1), cards(variant, "Gn5 Gn7"))
    assert same_cards(state.score_pile(0), cards(variant, "Gi1 Dp5"))


def test_giants_smash_a_gnome_not_there_is_illegal() -> None:
    """Bad input: smashing a Gnome that is not in front of that seat, or of another
    value, or in front of oneself, is refused and changes nothing."""
    state = _gnomes_in_front_of_seat0()
    state = play(state, "Gi5", "Gi7")
    before = state
    bad: list[claim.Move | str] = [
        claim.Smash(0, card("Gn7")),  # there, but the wrong value for this Giant 5
        claim.Smash(0, card("Gn9")),  # not there at all
        claim.Smash(1, card("Gn5")),  # wrong seat (the captor's own side)
        claim.Smash(0, claim.Card("giants", 5)),  # not a Gnome
        claim.TakeTopCard(),  # not an answer to this decision
        "smash Gn3@0",
    ]
    for move in bad:
        with pytest.raises(claim.IllegalMoveError):
            state.apply(move)
        assert not state.is_legal(move)
    assert state == before
    assert state.legal_moves() == (claim.Smash(0, card("Gn5")), claim.DeclineSmash())
    # A Card written without its code is the same card (RULES 1: same faction and value).
    assert state.is_legal(claim.Smash(0, claim.Card("gnomes", 5)))


def test_giants_card_play_while_smash_is_pending_is_illegal() -> None:
    """While a smash decision is pending, nobody may play a card."""
    state = _gnomes_in_front_of_seat0()
    state = play(state, "Gi5", "Gi7")
    for seat in (0, 1):
        for c in state.hand(seat)[:4]:
            with pytest.raises(claim.IllegalMoveError):
                state.apply(claim.PlayCard(c))
    with pytest.raises(claim.IllegalMoveError):
        state.apply("Tr5")
    assert state.pending_kind == "smash"


def test_giants_smash_when_no_decision_is_pending_is_illegal() -> None:
    """A smash or a refusal with no decision pending is refused."""
    state = _gnomes_in_front_of_seat0()
    for move in (claim.Smash(0, card("Gn5")), claim.DeclineSmash(), "no smash"):
        with pytest.raises(claim.IllegalMoveError):
            state.apply(move)


def test_giants_have_no_power_in_phase_1() -> None:
    """RULES 4 Giants: phase 2 only; in phase 1 a Giant is discarded, no decision."""
    state = play(_phase1_deal("Gi9", "Gn1"), "Gi9", "Gn1")
    assert state.pending_kind != "smash"
    assert card("Gi9") in state.discard()


# -- R11: Doppelgangers never trigger the powers they imitate -----------------------------

SEER_MIX = ["gnomes", "giants", "trolls", "doppelgangers", "seers"]


def test_r11_doppelganger_last_on_dragon_lead_does_not_take_the_lead() -> None:
    """R11: a Doppelganger counting as a Dragon, played last, does not lead next."""
    variant = claim.mix(DRAGON_MIX)
    state = _phase1_deal("Dr9", "Dp0", face_up="Gn9", top="Se9", variant=variant)
    state = play(state, "Dr9", "Dp0")
    assert last_events(state, TrickCompleted)[0].winner == 0
    assert state.current_player == 0
    assert last_events(state, LeaderChosen) == [LeaderChosen(0, None)]


def test_r11_doppelganger_winning_a_seer_trick_gives_no_peek() -> None:
    """R11: a Doppelganger counting as a Seer wins phase 1 without any peek."""
    variant = claim.mix(SEER_MIX)
    state = _phase1_deal("Se3", "Dp8", face_up="Gn9", top="Tr9", variant=variant)
    state = play(state, "Se3", "Dp8")
    assert last_events(state, TrickCompleted)[0].winner == 1
    assert state.pending is None
    assert not events(state, Peeked)
    assert state.follower_pile(1) == (card("Gn9", variant),)
    assert state.follower_pile(0) == (card("Tr9", variant),)


def test_r11_doppelganger_on_troll_lead_is_scored_normally() -> None:
    """R11: a Doppelganger counting as a Troll is no Troll: no one-Troll limit."""
    variant = claim.mix(SEER_MIX)
    state = phase2(
        variant,
        "Tr3 Tr7 Gn1 Gn3 Gn5 Se0 Se1 Se2 Se3 Se4 Gi1 Gi3 Gi5",
        "Dp5 Dp2 Gn7 Gn7 Gn9 Se5 Se6 Se7 Se8 Se9 Gi7 Gi7 Gi9",
    )
    # Seat 1 holds no Trolls: its Doppelganger 5 counts as a Troll and wins.
    state = play(state, "Tr3", "Dp5")
    assert last_events(state, TrickCompleted)[0].winner == 1
    assert same_cards(state.score_pile(1), cards(variant, "Tr3 Dp5"))
    assert troll_line(state) == ()
    # Seat 1 leads Dp2: the lead faction is Doppelgangers (R3); seat 0 plays Tr7.
    state = play(state, "Dp2", "Tr7")
    assert last_events(state, TrickCompleted)[0].winner == 1
    assert troll_line(state) == ()
    assert same_cards(state.score_pile(1), cards(variant, "Tr3 Dp5 Dp2 Tr7"))


# -- Giants: more than one right, with Dragons, at the end of the game -------------------

# Seat 0 holds two Gnomes 1 and a Giant 3; seat 1 two Gnomes 3 and a Giant 3.
TWIN_HANDS = (
    "Gn1 Gn1 Tr9 Gi3 Se0 Se1 Se2 Se3 Se4 Dr0 Dr1 Dr2 Dr3",
    "Gn3 Gn3 Tr5 Gi3 Se5 Se6 Se7 Se8 Se9 Dr5 Dr6 Dr7 Dr8",
)


def test_giants_two_equal_giants_smash_two_equal_gnomes() -> None:
    """RULES 4 Giants: two Giants 3 captured, two Gnomes 3 in front: two decisions."""
    state = phase2(CLAIM2, *TWIN_HANDS)
    state = play(state, "Gn1", "Gn3", "Gn3", "Gn1")  # seat 1 captures all four Gnomes
    state = play(state, "Tr5", "Tr9")  # seat 0 wins the lead
    state = play(state, "Gi3", "Gi3")  # a tie: seat 0, the leader, captures both
    assert last_events(state, TrickCompleted)[0].winner == 0
    smash = claim.Smash(1, card("Gn3"))
    assert state.legal_moves() == (smash, claim.DeclineSmash())
    state = state.apply(smash)
    assert state.legal_moves() == (smash, claim.DeclineSmash())
    state = state.apply(smash)
    assert state.pending is None
    assert same_cards(front(state, 1), cards(CLAIM2, "Gn1 Gn1"))


def test_giants_second_right_without_target_is_not_asked() -> None:
    """R15: once the only Gnome 3 is smashed, the second Giant 3 asks nothing."""
    state = phase2(CLAIM2, *TWIN_HANDS)
    state = play(state, "Gn1", "Gn3", "Tr5", "Tr9", "Gi3", "Gi3")
    assert front(state, 1) == (card("Gn1"), card("Gn3"))
    state = state.apply("smash Gn3@1")
    assert state.pending is None
    assert front(state, 1) == (card("Gn1"),)
    assert state.current_player == 0


def test_giants_declining_the_first_right_still_asks_the_second() -> None:
    """RULES 4 Giants: each Giant is its own decision; declining one keeps the other."""
    state = phase2(CLAIM2, *TWIN_HANDS)
    state = play(state, "Gn1", "Gn3", "Tr5", "Tr9", "Gi3", "Gi3", "no smash")
    assert state.pending_kind == "smash"
    state = state.apply("smash Gn3@1")
    assert front(state, 1) == (card("Gn1"),)


def test_giants_smash_then_the_dragon_player_leads() -> None:
    """RULES 4 Giants + R8: the captor decides first, then the Dragon's player leads."""
    state = phase2(
        CLAIM2,
        "Gn3 Tr9 Gi5 Se0 Se1 Se2 Se3 Se4 Gi1 Gi1 Gi3 Gi3 Gi7",
        "Gn5 Tr5 Dr1 Se5 Se6 Se7 Se8 Se9 Dr5 Dr6 Dr7 Dr8 Dr9",
    )
    state = play(state, "Gn3", "Gn5")  # seat 1 wins Gnomes 3 and 5
    state = play(state, "Tr5", "Tr9")  # seat 0 wins; Troll 5 waits
    state = play(state, "Gi5", "Dr1")  # seat 1 has no Giant: Dragon 1 played last
    assert last_events(state, TrickCompleted)[0].winner == 0
    assert state.current_player == 0
    assert state.legal_moves() == (claim.Smash(1, card("Gn5")), claim.DeclineSmash())
    assert same_cards(state.score_pile(0), cards(CLAIM2, "Tr9 Tr5 Gi5 Dr1"))
    state = state.apply(claim.DeclineSmash())
    assert state.pending is None
    assert state.current_player == 1 and state.leader == 1


def test_giants_smash_in_the_last_trick_then_the_game_ends() -> None:
    """RULES 4 Giants: a smash in the final trick is asked before the game ends, and
    the smashed Gnomes are not scored (RULES 4 Gnomes, RULES 5)."""
    state = phase2(
        CLAIM2,
        "Gn5 Gi3 Tr0 Tr1 Tr2 Tr3 Tr4 Se0 Se1 Se2 Se3 Se4 Dr0",
        "Gn3 Gi5 Tr5 Tr6 Tr7 Tr8 Tr9 Se5 Se6 Se7 Se8 Se9 Dr9",
    )
    state = play(state, "Gn5", "Gn3")
    assert same_cards(front(state, 0), cards(CLAIM2, "Gn5 Gn3"))
    while state.hand_size(0) + state.hand_size(1) > 0:
        moves = state.legal_moves()
        others = [m for m in moves if card_of(m).faction != "giants"]
        state = state.apply((others or moves)[0])
    assert {c for _, c in events(state, TrickCompleted)[-1].plays} == {
        card("Gi3"), card("Gi5")
    }
    assert not state.is_over
    assert state.current_player == 1
    while state.pending_kind == "smash":
        state = state.apply(state.legal_moves()[0])
    assert state.is_over
    assert front(state, 0) == ()
    assert {card("Gn5"), card("Gn3")} <= set(state.discard())
    gnomes = vote(state.result(), "gnomes")
    assert gnomes.counts == (0, 0) and gnomes.winner is None


# -- R10: Seers with 3 and 4 players ------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "others"),
    [
        (3, ["dragons", "trolls", "seers", "undead", "dwarves"]),
        (4, ["dragons", "trolls", "seers", "doppelgangers", "dwarves"]),
    ],
)
def test_r10_seer_winner_takes_top_then_rank_2_chooses(players: int, others: list[str]) -> None:
    """R10: the Seer's winner takes the top card; rank 2 then chooses one of the two
    face-up cards, rank 3 takes the other, rank 4 draws."""
    import random

    variant = claim.mix(["gnomes", "giants", *others], players=players)
    for seed in range(200):
        rng = random.Random(seed)
        state = claim.new_game(variant, rng=rng)
        while state.phase is claim.Phase.RECRUIT:
            if (
                state.pending_kind == "recruit"
                and claim.TakeTopCard() in state.legal_moves()
                and len(set(state.face_up_cards)) == 2
            ):
                break
            state = state.apply(rng.choice(state.legal_moves()))
        else:
            continue
        break
    else:  # pragma: no cover
        pytest.fail("no Seer decision with two different face-up cards in 200 games")
    ranking = last_trick_ranking(state)
    first, second = state.face_up_cards
    assert state.current_player == ranking[0]
    assert last_events(state, Peeked)[0].seat == ranking[0]
    assert set(state.legal_moves()) == {
        claim.TakeFaceUp(first), claim.TakeFaceUp(second), claim.TakeTopCard()
    }
    state = state.apply(claim.TakeTopCard())
    assert state.pending_kind == "recruit"
    assert state.current_player == ranking[1]
    assert claim.TakeTopCard() not in state.legal_moves()
    assert set(state.legal_moves()) == {claim.TakeFaceUp(first), claim.TakeFaceUp(second)}
    state = state.apply(claim.TakeFaceUp(second))
    assert state.pending is None
    taken = last_events(state, FaceUpTaken)
    assert taken == [FaceUpTaken(ranking[1], second), FaceUpTaken(ranking[2], first)]
    drawn = [e.seat for e in last_events(state, CardDrawn)]
    assert drawn == list(ranking[3:])


def last_trick_ranking(state: claim.GameState) -> tuple[int, ...]:
    """The ranking of the last completed trick."""
    return events(state, TrickCompleted)[-1].ranking


# -- power invariants over random games -------------------------------------------------


INVARIANT_VARIANTS = [
    ("claim2", 2),
    ("gnomes giants dragons doppelgangers seers", 2),
    ("gnomes giants trolls doppelgangers seers", 2),
    ("gnomes giants dwarves trolls undead", 2),
    ("gnomes giants dragons trolls seers doppelgangers undead", 3),
    ("gnomes giants dragons trolls seers doppelgangers dwarves", 4),
]


def _variant_for(spec: str, players: int) -> claim.Variant:
    return CLAIM2 if spec == "claim2" else claim.mix(spec.split(), players=players)


def _check_trick(
    variant: claim.Variant, before: claim.GameState, after: claim.GameState
) -> None:
    record = after.records[-1]
    completed = [e for e in record.events if isinstance(e, TrickCompleted)]
    if not completed:
        return
    trick = completed[0]
    winner = trick.winner
    winning_card = next(c for s, c in trick.plays if s == winner)
    last_seat, last_card = trick.plays[-1]
    # R8 (last_card) and R11: only a physical Dragon played last decides the lead.
    leaders = [e for e in record.events if isinstance(e, LeaderChosen)]
    if last_card.faction == "dragons":
        assert leaders == [LeaderChosen(last_seat, "dragons")], trick
    else:
        assert leaders == [LeaderChosen(winner, None)], trick
    # Seers, R11: a peek only when the winning card is a physical Seer in phase 1.
    peeks = [e for e in record.events if isinstance(e, Peeked)]
    seer_win = trick.phase is claim.Phase.RECRUIT and winning_card.faction == "seers"
    top = variant.deck[before.draw_pile[0]] if before.draw_pile else None
    if seer_win:
        assert top is not None, trick  # phase 1 never empties the draw pile
        if set(before.face_up_cards) == {top}:
            assert peeks in ([], [Peeked(winner, top)]), trick  # R15: nothing to decide
        else:
            assert peeks == [Peeked(winner, top)], trick
    else:
        assert peeks == [], trick
    placed = []
    for event in record.events:  # the trick's placements come before the next leader
        if isinstance(event, LeaderChosen):
            break
        if isinstance(event, Placed):
            placed.append(event)
    if trick.phase is claim.Phase.SUPPORT:
        # R9: at most one Troll joins a score pile per trick.
        scored_trolls = [
            p for p in placed if p.zone is claim.Zone.SCORE and p.card.faction == "trolls"
        ]
        # R9: the highest Troll of the trick, else the first in line (fifo); the
        # other Trolls of the trick join the end of the line, lower values first.
        trolls = sorted((c for _, c in trick.plays if c.faction == "trolls"),
                        key=lambda c: c.value)
        line = list(troll_line(before))
        if trolls:
            assert scored_trolls == [Placed(trolls[-1], claim.Zone.SCORE, winner)], trick
            line += trolls[:-1]
        elif line:
            assert scored_trolls == [
                    Placed(line.pop(0), claim.Zone.SCORE, winner, "waiting line")], trick
        else:
            assert scored_trolls == [], trick
        if not after.is_over:
            assert list(troll_line(after)) == line, trick
        # Gnomes: every Gnome of the trick goes in front of the winner.
        for p in placed:
            if p.card.faction == "gnomes":
                assert (p.zone, p.seat) == ("in front", winner), trick


def _check_state(state: claim.GameState) -> None:
    variant = state.variant
    if state.phase is claim.Phase.SUPPORT:
        for seat in range(variant.players):
            assert not any(c.faction == "gnomes" for c in state.score_pile(seat))
            assert all(c.faction == "gnomes" for c in front(state, seat))
        assert all(c.faction == "trolls" for c in troll_line(state))
    if state.pending_kind == "smash":
        pending = state.pending
        assert pending is not None
        team = next(t for t in variant.teams if pending.seat in t)
        assert state.legal_moves()[-1] == claim.DeclineSmash()
        targets = state.legal_moves()[:-1]
        assert targets and len(set(targets)) == len(targets)
        for move in targets:
            assert isinstance(move, claim.Choose) and move.label.startswith("smash ")
            text, victim = move.label.split()[1].split("@")
            target = variant.parse_card(text)
            assert int(victim) not in team
            assert target.faction == "gnomes" and (target.value,) == state.queue[0].data
            assert target in front(state, int(victim))
    if state.is_over:
        assert troll_line(state) == ()
        assert all(front(state, seat) == () for seat in range(variant.players))


@pytest.mark.parametrize(("spec", "players"), INVARIANT_VARIANTS)
def test_claim2_power_invariants_in_random_games(spec: str, players: int) -> None:
    """RULES 4 over random legal play: R8 lead, Seer peeks (R11), one Troll per trick
    (R9), Gnomes in front of the winner, smash targets (opponents, same value)."""
    import random

    variant = _variant_for(spec, players)
    smashes = 0
    for seed in range(60):
        rng = random.Random(seed)
        state = claim.new_game(variant, rng=rng, first_leader=seed % players)
        _check_state(state)
        while not state.is_over:
            move = rng.choice(state.legal_moves())
            after = state.apply(move)
            _check_trick(variant, state, after)
            _check_state(after)
            smashes += str(move).startswith("smash ")
            state = after
        result = state.result()
        scored = [c for seat in range(players) for c in state.score_pile(seat)]
        for faction_vote in result.factions:
            total = sum(c.faction == faction_vote.faction for c in scored)
            assert sum(faction_vote.counts) == total
