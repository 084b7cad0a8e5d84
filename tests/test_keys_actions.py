"""Position keys and action encodings (issue 10, "Keeping games" and "Encodings").

RULES 1: cards of the same faction and value are identical for every rule, so a
position key must not tell their copies apart; action ids name card plays by kind.
"""

from __future__ import annotations

import random

import attrs
import pytest

import claim
from claim.core.deals import Deal
from claim.io.gamerecord import GameRecord, start
from claim.rules.actions import action_count, action_id, action_move

CLAIM = claim.load_variant("claim")


def _swap_copies(deal: Deal, first: int, second: int) -> Deal:
    """The deal with card ids ``first`` and ``second`` (identical copies) exchanged."""
    swap = {first: second, second: first}

    def fix(ids: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(swap.get(c, c) for c in ids)

    return attrs.evolve(deal, hands=tuple(map(fix, deal.hands)),
                        draw_pile=fix(deal.draw_pile), seed=None)


@pytest.mark.parametrize(("name", "copy"), [("claim", "Gb0"), ("knights-3p", "Gb0"),
                                            ("claim2", "Gn5"), ("giant-hunt", "Gn1")])
def test_identical_copies_give_the_same_position_key(name: str, copy: str) -> None:
    """RULES 1: the same deal written with other copies of identical cards (Goblin 0s,
    Gnomes) gives unequal states but equal position keys, move after move, pending
    choices (3 players: rank 1 chooses a face-up card) included."""
    variant = claim.load_variant(name)
    state = claim.new_game(variant, seed=7)
    assert state.deal is not None
    goblin0 = [cid for cid, card in enumerate(variant.deck) if str(card) == copy]
    holders = [next(i for i, h in enumerate(state.deal.hands) if cid in h)
               if any(cid in h for h in state.deal.hands) else None for cid in goblin0]
    first, second = next((a, b) for a in goblin0 for b in goblin0
                         if holders[goblin0.index(a)] != holders[goblin0.index(b)])
    other = start(GameRecord(variant, _swap_copies(state.deal, first, second)))
    rng = random.Random(7)
    while not state.is_over:
        assert other != state
        assert other.position_key() == state.position_key()
        move = rng.choice(state.legal_moves())
        state, other = state.apply(move), other.apply(str(move))
    assert other.position_key() == state.position_key()


def test_position_key_ignores_history_but_not_cards() -> None:
    """The key is the position only: no records, but any card moved changes it."""
    state = claim.new_game("claim2", seed=3)
    for move in state.legal_moves()[:1]:
        state = state.apply(move)
    assert attrs.evolve(state, records=(), deal=None).position_key() == state.position_key()
    after = state.apply(state.legal_moves()[0])
    assert after.position_key() != state.position_key()
    hash(after.position_key())


@pytest.mark.parametrize("name", claim.builtin_variants())
def test_action_ids_cover_every_legal_move(name: str) -> None:
    """Every legal move has an id; ids are sorted, map back to the moves, and the mask
    has one flag per id of the variant, set exactly at the legal ids."""
    variant = claim.load_variant(name)
    rng = random.Random(2)
    for seed in range(3):
        state = claim.new_game(variant, seed=seed)
        while not state.is_over:
            ids = state.legal_action_ids()
            assert list(ids) == sorted(set(ids))
            assert {action_move(variant, i) for i in ids} == set(state.legal_moves())
            mask = state.legal_action_mask()
            assert len(mask) == action_count(variant)
            assert [i for i, flag in enumerate(mask) if flag] == list(ids)
            move = rng.choice(state.legal_moves())
            assert action_move(variant, action_id(variant, move)) == move
            state = state.apply(move)
        assert state.legal_action_ids() == () and not any(state.legal_action_mask())


def test_action_ids_are_stable() -> None:
    """The ids of Claim are fixed by the variant: kinds in deck order first, then the
    declared answers grouped by verb (``draw top``, then ``take <card>`` per kind:
    the rules' own, RULES 3); Claim has no Seer, so ``take top`` has no id (#22)."""
    assert action_id(CLAIM, "Gb0") == 0
    assert action_id(CLAIM, "Gb1") == 1
    kinds = len(set(CLAIM.deck))
    assert action_id(CLAIM, "Dp9") == kinds - 1
    assert action_move(CLAIM, kinds) == claim.Choose("draw top")
    assert action_move(CLAIM, kinds + 1) == claim.Choose(f"take {CLAIM.deck[0]}")
    assert action_count(CLAIM) == 2 * kinds + 1
    with pytest.raises(claim.ActionError, match="take top"):
        action_id(CLAIM, "take top")
    claim2 = claim.load_variant("claim2")  # the Seers declare taking the top card (R10)
    assert action_id(claim2, "take top") > action_id(claim2, "draw top")


@pytest.mark.parametrize("bad", [-1, 10_000, "3", 2.0, True, None])
def test_action_id_out_of_range_refused(bad: object) -> None:
    """An id out of range (or not an int) is an ActionError naming the value."""
    with pytest.raises(claim.ActionError, match="action ids are ints"):
        action_move(CLAIM, bad)  # type: ignore[arg-type]
    with pytest.raises(claim.ActionError):
        action_move(CLAIM, action_count(CLAIM))


def test_move_without_id_refused() -> None:
    """A move no power of the variant can produce has no id: ActionError naming it."""
    with pytest.raises(claim.ActionError, match="smash Gb3@1"):
        action_id(CLAIM, claim.Choose("smash Gb3@1"))
