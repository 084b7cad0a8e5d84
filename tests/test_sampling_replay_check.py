"""Determinization by replay: the records checked as they are made draw the same samples.

`claim.info.sampling.Sampler` replays a view's moves from a sampled deal and compares
each record with the view's history as it is made (`claim.rules.view_history.HistoryCheck`),
rejecting a sample at the first record the viewer would see otherwise; the rest of the
view is compared at the end. Before, the whole replay was done and the view of its
result compared with the given view. `_reference_draw` is that former loop, kept here
only: for the same view and seed both must give the same deal and state, after the
same draws from the generator, on the variants that replay (2-4 players, spectators,
the Awakeners' chance order ranked mid-replay, the hidden factions).
"""

from __future__ import annotations

import random

import attrs
import pytest

import claim
from claim.core.errors import ViewError
from claim.info import sampling
from claim.info._direct import Rejected
from claim.info._placing import place
from claim.info._sampled_deal import Deal, hidden_parts, replayed
from claim.rules.state import GameState

VARIANTS = ["fear-night", "shadow-tricks", "fire-magic", "mercenary-moon", "magic-maps",
            "frost-court-3p", "giants-3p", "knights-4p"]
"""Variants that take the replay path; frost-court-3p has the Awakeners' chance
order (E12), the 3-4 player ones reject samples at the view check."""


def _reference_draw(sampler: sampling.Sampler, rng: random.Random, tries: int = 200
                    ) -> tuple[Deal, GameState]:
    """The sampler's draw as it was: the whole replay, then its view compared."""
    view = sampler.view
    for _ in range(tries):
        try:
            placed = place(sampler.knowledge, rng, sampler._totals)
            (hands, pile), order = sampling._deal(view, sampler._skeleton, placed, rng)
            aside, hidden = hidden_parts(view.variant, placed, rng, dict(view.power_states))
            deal = Deal(hands, pile, view.first_leader, (), aside, hidden)
            try:
                start = sampler._starter.start(deal)
            except claim.ClaimError:
                raise Rejected from None
            state = replayed(start, [record.move for record in view.history], order,
                             sampler._support, rng)
        except Rejected:
            continue
        if state.view(view.seat) == view:
            return attrs.evolve(deal, chance=state.chance), state
    raise ViewError("", f"no deal consistent with the view found in {tries} tries")


def _positions(variant: claim.Variant, game: int, every: int) -> list[GameState]:
    rng = random.Random(game)
    state = claim.new_game(variant, rng=rng)
    out = []
    while not state.is_over:
        if len(state.records) % every == game % every:
            out.append(state)
        state = state.apply(rng.choice(state.legal_moves()))
    return out + [state]


@pytest.mark.parametrize("name", VARIANTS)
def test_checked_replay_draws_the_samples_of_the_full_view_check(name: str) -> None:
    """RULES 7: the same deal, state and generator state as the former view check,
    seed by seed, for every seat and a spectator, through whole games."""
    variant = claim.load_variant(name)
    drawn = 0
    for game in range(2):
        for state in _positions(variant, game, 9):
            for seat in [*range(variant.players), None]:
                view = state.view(seat)
                sampler = sampling.Sampler(view, direct=False)
                assert not sampler.direct
                for seed in range(2):
                    mine, theirs = random.Random(seed), random.Random(seed)
                    try:
                        got = sampler.sample_deal(mine, tries=30)
                    except ViewError:
                        with pytest.raises(ViewError):
                            _reference_draw(sampler, theirs, tries=30)
                    else:
                        assert got == _reference_draw(sampler, theirs, tries=30)
                        assert got[1].view(seat) == view
                        drawn += 1
                    assert mine.getstate() == theirs.getstate()
    assert drawn > 40


class _Unlike:
    """A history check that finds the first record unlike the view's."""

    def matches(self, records: object) -> bool:
        return False


def test_a_record_unlike_the_view_before_the_chance_order_draws_as_the_full_replay() -> None:
    """E12: a sample rejected by a record before the second deck is dealt still ranks
    the chance order (draws from the generator) as the full replay did, so the next
    sample is the one the former view check drew."""
    variant = claim.load_variant("frost-court-3p")
    states = [s for s in _positions(variant, 0, 1) if s.phase is not claim.Phase.RECRUIT]
    view = states[len(states) // 2].view(0)
    sampler = sampling.Sampler(view, direct=False)
    assert sampler._support is not None
    rng = random.Random(0)
    for _ in range(50):
        placed = place(sampler.knowledge, rng, sampler._totals)
        (hands, pile), order = sampling._deal(view, sampler._skeleton, placed, rng)
        aside, hidden = hidden_parts(variant, placed, rng, dict(view.power_states))
        if order:
            break
    assert order
    start = sampler._starter.start(Deal(hands, pile, view.first_leader, (), aside, hidden))
    moves = [record.move for record in view.history]
    mine, theirs = random.Random(1), random.Random(1)
    with pytest.raises(Rejected):
        replayed(start, moves, order, sampler._support, mine, check=_Unlike())  # type: ignore[arg-type]
    replayed(start, moves, order, sampler._support, theirs)
    assert mine.getstate() == theirs.getstate() != random.Random(1).getstate()
