"""`claim.testing.check_fast_paths` (issue 23): a power's fast form (its declared
playout mechanism, `Capabilities.playout_rule`) must play as its hooks do; a false
declaration is caught, naming the power, the position and the two answers."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import attrs
import pytest

import claim
from claim.core.zones import Phase, Zone
from claim.powers import (
    WAITING_LINE,
    Capabilities,
    Effect,
    FactionPower,
    Placement,
    Trick,
    ZoneSpec,
    registry,
)
from claim.rules.playout_rules import WaitingLine
from claim.search.playouts import kernel_unsupported
from claim.testing import FastPathError, check_fast_paths


@registry.register
@attrs.frozen
class FalseLine(FactionPower):
    """Declares the Trolls' waiting line (R9) but scores every card of its faction at
    once: a declaration its hooks do not keep."""

    name: ClassVar[str] = "fast_test_false_line"
    phases: ClassVar[frozenset[Phase]] = frozenset({Phase.SUPPORT})

    def zones(self) -> tuple[ZoneSpec, ...]:
        """The line it claims to use."""
        return (WAITING_LINE,)

    def place(self, trick: Trick, positions: tuple[int, ...]) -> Sequence[Effect] | None:
        """Every card of the faction scores for the winner: no line at all."""
        return [Placement(trick.cards[p], Zone.SCORE, trick.winner) for p in positions]

    def capabilities(self) -> Capabilities:
        """The false promise."""
        return Capabilities(public=True, monotone_votes=True,
                            playout_rule=WaitingLine(WAITING_LINE.name, "fifo"))


@registry.register
@attrs.frozen
class Generous(FactionPower):
    """Phase 2: its cards go to the last-ranked seat (as Dwarves do), promising
    nothing: no pure hook, no playout rule."""

    name: ClassVar[str] = "fast_test_generous"
    phases: ClassVar[frozenset[Phase]] = frozenset({Phase.SUPPORT})

    def place(self, trick: Trick, positions: tuple[int, ...]) -> Sequence[Effect] | None:
        """Every card of the faction scores for the last seat."""
        return [Placement(trick.cards[p], Zone.SCORE, trick.last) for p in positions]


def _variant(power: str) -> claim.Variant:
    return claim.variant_from_yaml(f"""
name: {power.replace('_', '-')}
house: true
factions:
  - name: liars
    code: Li
    values: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
    power: {power}
  - knights
  - goblins
  - dwarves
  - undead
""")


@pytest.mark.parametrize("name", ["claim", "claim2", "giants-4p", "mercenary-moon",
                                  "magic-maps", "frost-court-3p", "fire-masks"])
def test_built_in_variants_play_their_fast_forms_faithfully(name: str) -> None:
    """Every built-in power's fast form (RULES 4, R7, R9, E1-E27) plays like its hooks."""
    assert check_fast_paths(claim.load_variant(name), games=3) > 100


def test_a_false_declaration_is_named_with_the_position_and_both_answers() -> None:
    """A power declaring a waiting line (R9) its hooks do not keep: the kernel plays
    the declaration, the hooks another game; the check names the power, the game and
    move, and what each way gave."""
    variant = _variant("fast_test_false_line")
    assert kernel_unsupported(claim.new_game(variant, seed=0)) is None  # it trusts it
    with pytest.raises(FastPathError) as caught:
        check_fast_paths(variant, games=8)
    message = str(caught.value)
    assert "'fast_test_false_line'" in message and "WaitingLine" in message
    assert "game " in message and "after move " in message
    assert "the fast path (the playout kernel) gives" in message
    assert "the hooks give" in message


def test_a_plugin_without_a_fast_form_passes_with_its_tricks_left_to_the_engine() -> None:
    """A plugin power that declares nothing: the kernel leaves the tricks its cards
    take part in to the engine, which runs its hooks (RULES 3 placement): same results."""
    variant = _variant("fast_test_generous")
    assert kernel_unsupported(claim.new_game(variant, seed=0)) is None
    assert check_fast_paths(variant, games=3) > 100
