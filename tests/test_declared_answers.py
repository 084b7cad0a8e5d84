"""Answers declared by powers (issue #22): a plugin's new kind of answer, naming two
cards, gets action ids, legal-move masks, notation and JSON with no edit elsewhere,
and plays in both adapters; an option a power did not declare is refused."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar

import attrs
import pytest

import claim
from claim.powers import (
    Ask,
    DeckFacts,
    Effect,
    FactionPower,
    Option,
    Phase,
    Placement,
    Question,
    Step,
    Trick,
    Zone,
    registry,
)
from claim.testing import random_playout


@attrs.frozen
class Traders(FactionPower):
    """Phase 2: the winner of a trick won by a Trader may trade a card of their score
    pile for a card of an opponent's (``trade <mine> <theirs>@<seat>``), or not."""

    name: ClassVar[str] = "proto_traders"
    phases: ClassVar[frozenset[Phase]] = frozenset({Phase.SUPPORT})
    verbs: ClassVar[tuple[str, ...]] = ("trade", "keep")

    def answers(self, facts: DeckFacts) -> tuple[str, ...]:
        """Every pair of kinds and every opponent, then declining."""
        return (*(f"trade {mine} {theirs}@{seat}" for mine in facts.kinds
                  for theirs in facts.kinds for seat in facts.seats), "keep all")

    def after_place(self, trick: Trick, placed: tuple[Placement, ...]) -> Sequence[Effect]:
        if trick.faction(trick.order[0]) != self.faction:
            return ()
        return (Ask(trick.winner, "trade"),)

    def ask(self, state: claim.GameState, step: Step) -> Question | Sequence[Effect]:
        variant, seat = state.variant, step.seat
        options: dict[str, Option] = {}
        for mine in variant.ids_in(state.score_masks[seat]):
            for victim in range(variant.players):
                if victim == seat:
                    continue
                for theirs in variant.ids_in(state.score_masks[victim]):
                    label = f"trade {variant.deck[mine]} {variant.deck[theirs]}@{victim}"
                    effects = (Placement(mine, Zone.SCORE, victim, Zone.SCORE, seat),
                               Placement(theirs, Zone.SCORE, seat, Zone.SCORE, victim))
                    options.setdefault(label, Option(label, effects))
        if not options:
            return ()
        return Question(seat, "trade a scored card?", (*options.values(), Option("keep all")))


@attrs.frozen
class Liars(Traders):
    """The same question, but declaring only declining: its trades are undeclared."""

    name: ClassVar[str] = "proto_liars"

    def answers(self, facts: DeckFacts) -> tuple[str, ...]:
        return ("keep all",)


registry.register(Traders)
registry.register(Liars)


def trading(power: str = "proto_traders") -> claim.Variant:
    return claim.variant_from_yaml(f"""
name: proto-{power.replace('_', '-')}
house: true
factions:
  - name: traders
    code: Td
    values: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
    power: {power}
  - goblins
  - dwarves
""", "proto-traders.yaml")


def traded_game(variant: claim.Variant, seed: int) -> list[claim.GameState]:
    """A random game, every state kept, that reaches at least one trade question."""
    rng = random.Random(seed)
    state = claim.new_game(variant, seed=seed)
    states = [state]
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
        states.append(state)
    return states


def first_trade(variant: claim.Variant) -> claim.GameState:
    for seed in range(200):
        for state in traded_game(variant, seed):
            if state.pending_kind == "trade" and len(state.pending_moves) > 2:
                return state
    raise AssertionError("no trade question in 200 games")


def test_the_declared_answers_are_the_action_space() -> None:
    """#22: the variant's answers are the rules' and the powers' declarations."""
    variant = trading()
    space = variant.tables.answer_space
    kinds = len(set(variant.deck))
    assert "keep all" in space.answers and "trade Td3 Gb7@1" in space.answers
    assert space.verbs == {"draw", "keep", "take", "trade"}
    assert claim.action_count(variant) == kinds + kinds + 1 + 1 + kinds * kinds * 2


def test_a_two_card_answer_has_ids_masks_notation_and_json() -> None:
    """#22: a plugin's new answer shape needs no edit elsewhere."""
    variant = trading()
    state = first_trade(variant)
    moves = state.legal_moves()
    ids = state.legal_action_ids()
    assert sorted(claim.action_id(variant, move) for move in moves) == list(ids)
    mask = state.legal_action_mask()
    assert [i for i, legal in enumerate(mask) if legal] == list(ids)
    trade = next(m for m in moves if str(m).startswith("trade "))
    assert claim.parse_move(str(trade), variant) == trade
    assert claim.action_move(variant, claim.action_id(variant, trade)) == trade
    after = state.apply(str(trade))
    assert claim.from_json(claim.to_json(trade)) == trade
    assert claim.from_json(claim.to_json(after), variant) == after


def test_a_plugin_answer_plays_through_the_conformance_kit() -> None:
    """The kit's checked random playouts pass for the declared plugin."""
    for seed in range(6):
        random_playout(trading(), seed)


def test_an_undeclared_option_is_refused_naming_the_power_and_the_label() -> None:
    """#22 bad input: a question offering a label the power did not declare is a
    PowerError naming the power and the label; the caller's state is unchanged."""
    asked = first_trade(trading())
    assert asked.deal is not None and asked.deal.seed is not None
    liars = trading("proto_liars")  # the same deck: the same deal from the same seed
    state = claim.new_game(liars, seed=asked.deal.seed)
    for record in asked.records[:-1]:
        state = state.apply(record.move)
    snapshot = claim.to_json(state)
    with pytest.raises(claim.PowerError,
                       match=r"traders: option 'trade [^']+' is not among the labels"):
        state.apply(asked.records[-1].move)
    assert claim.to_json(state) == snapshot
    assert state.legal_moves()  # still usable


@pytest.mark.parametrize("adapter", ["pettingzoo", "openspiel"])
def test_a_two_card_answer_plays_in_both_adapters(adapter: str) -> None:
    """#22: the adapters play the plugin's variant through its action ids."""
    variant = trading()
    if adapter == "pettingzoo":
        pytest.importorskip("pettingzoo", reason="needs the pettingzoo extra")
        from pettingzoo.test import api_test

        from claim.apps.adapters.pettingzoo import ClaimEnv

        api_test(ClaimEnv(variant), num_cycles=300)
    else:
        pyspiel = pytest.importorskip("pyspiel", reason="needs the openspiel extra")
        from claim.apps.adapters.openspiel import register

        name = register(variant, "claim_proto_traders")
        pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=3, serialize=False,
                                verbose=False)


def test_options_accepted_for_one_power_are_checked_again_for_another() -> None:
    """R15 and #22: the engine keeps the distinct options of the option tuples it met
    last (a power that keeps its questions has them checked once), but the same tuple
    offered by a power that did not declare its labels is still refused."""
    from claim.rules.engine.choices import distinct_options

    variant = trading()
    traders, goblins = (variant.tables.faction_index[name] for name in ("traders", "goblins"))
    mine, theirs = variant.deck.index(claim.Card("traders", 3)), 12 + 7
    trade = Option(f"trade {variant.deck[mine]} {variant.deck[theirs]}@1",
                   (Placement(mine, Zone.SCORE, 1, Zone.SCORE, 0),
                    Placement(theirs, Zone.SCORE, 0, Zone.SCORE, 1)))
    question = Question(0, "trade a scored card?", (trade, Option("keep all")))
    assert distinct_options(variant, traders, question) == question.options
    assert distinct_options(variant, traders, question) is question.options
    with pytest.raises(claim.PowerError, match=r"option 'trade Td3 [^']+' is not among"):
        distinct_options(variant, goblins, question)
