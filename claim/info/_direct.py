"""Determinization without replaying: a sampled state built directly (`claim.info.sampling`).

The sampler's reference path replays every recorded move from the sampled deal and
compares the viewer's view of the result with the given view. When the variant's
powers decide from public information only (every power's ``Capabilities.public``)
and nothing is hidden but hands, follower piles, the draw pile and cards set aside
at the deal (no chance order, no hidden zone cards enter), the outcome of every
recorded move is written in the view already: what a replay would add is which
*copy* of a card (which card id) moved, and the cards of the events the viewer
could not see (another seat's draw, another seat's peek).

So a `Program` reads the view's history once into
card movements, and `build` runs them on the card ids of a
sampled deal: a card is played from the hand (the lowest id of its copies there,
as the engine picks), the follow rule is checked (RULES 3; in a ``dynamic``
variant, where a power decides the lead or lifts the rule, with the cards the
engine's `allowed` gives on the build's state at that play), cards leave the trick
in play order, the face-up cards in line, the draw pile from the top. The records
are rebuilt with the sampled cards in the hidden events. A deal that cannot have
led to the view (a card not in the hand, a follow rule broken) is rejected. A
pending question needs the engine's question object: the moves from the last play
on are applied with `GameState.apply`, their records and the state's view compared
with the view's.

A power whose ``on_win`` hooks read hidden cards (``Capabilities.hidden_on_win``: the
Seers' peek and choice, R10 and R15) makes what its winning tricks cause depend on
the deal. The program marks each such trick's moves, from its last card to the
next card played, as a span (`claim.info._direct_program.replayed_spans`); the build
freezes its places into a state there, has the engine apply the span's moves,
compares their records with the view's and goes on from the engine's state.

Tests check, over many seeds, every eligible built-in variant and random mixes,
that the state built equals the one replaying the deal gives.
"""

from __future__ import annotations

from collections.abc import Hashable

from claim.core.cards import Card
from claim.info._dealing import Starter
from claim.info._direct_final import Final
from claim.info._direct_program import NotDirect, Program, Rejected, direct_ok
from claim.info._direct_run import run, seen_as_viewed
from claim.info._sampled_deal import Deal
from claim.rules.state import GameState
from claim.rules.views import View, view_with_history

__all__ = ["NotDirect", "Program", "Rejected", "build", "direct_ok", "program"]


def program(view: View) -> Program:
    """``view``'s history read into a `Program`, with its final build when no
    question is pending (`claim.info._direct_final`)."""
    made = Program(view)
    if made.count == len(view.history) and not made.spans:
        made.final = Final(made)
    return made


def build(program: Program, starter: Starter, hands: tuple[tuple[Card, ...], ...],
          pile: tuple[Card, ...], placed: dict[tuple[str, int | None], list[Card]],
          aside: tuple[tuple[str, tuple[Card, ...]], ...] = (),
          hidden: tuple[tuple[str, Hashable], ...] = ()) -> GameState:
    """The state the view's moves reach from a sampled deal (``hands``, the draw
    pile ``pile``, the cards set ``aside`` and ``hidden`` power states as a
    `claim.info.sampling.Deal` holds them; card ids as `claim.new_game` numbers
    them), built without replaying.

    ``placed`` is the sampled placement of the hidden cards (`claim.info.sampling`). With
    no pending question, the state is the view's public cards plus ``placed``, each
    card its only copy's id, and only copies of repeated cards are followed move by
    move (`claim.info._direct_final`); else every movement is carried out
    (`claim.info._direct_run`) and the state's view is compared with the view.

    Raises:
        Rejected: The deal cannot have led to the view.
    """
    view = program.view
    if program.final is not None and starter.template is not None:
        return program.final.build(
            program, starter.dealt_parts(hands, pile, view.first_leader, aside, hidden),
            placed)
    start = starter.start(Deal(hands, pile, view.first_leader, (), aside, hidden))
    state = run(program, start)
    # What the movements do not check: the question the moves after the last play
    # leave, and the order of the first face-up cards (when more than one is dealt).
    if program.rest:
        _check_rest(program, state)
    elif len(start.face_up) > 1:
        deck = view.variant.deck
        if tuple([deck[card] for card in state.face_up]) != view.face_up:
            raise Rejected
    return state


def _check_rest(program: Program, state: GameState) -> None:
    """The records the moves after the last play made, seen as the view shows them,
    and the state's view (its question, ...) the given view."""
    view = program.view
    check = seen_as_viewed(program, state.records, 0, program.count)
    if not check.complete(state.records) or view_with_history(
            state, view.seat, view.history, check.unseen) != view:
        raise Rejected
