"""Capabilities apart from rule hooks (issue #22): what a power promises about its
hooks is one declared object, read by the fast paths, and `claim.testing` catches a
plugin whose promise is false, naming the power, the promise and the hook."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import attrs
import pytest

import claim
from claim.powers import (
    Capabilities,
    Effect,
    FactionPower,
    Phase,
    Placement,
    RankKey,
    Trick,
    Zone,
    registry,
)
from claim.testing import CapabilityError, check_capabilities


@attrs.frozen
class Peeking(FactionPower):
    """Ranks its cards by how many cards the leader holds: reads a hand, yet
    promises public hooks."""

    name: ClassVar[str] = "proto_peeking"

    def rank_key(self, trick: Trick, position: int) -> RankKey | None:
        hand = trick.state.hand_masks[trick.seats[0]]
        return (1, trick.values[position] + (hand & 0xFF).bit_count(), 0, -position)

    def capabilities(self) -> Capabilities:
        return Capabilities(public=True)


@attrs.frozen
class Moody(FactionPower):
    """Ranks its cards by the number of score cards: promises a pure rank_key."""

    name: ClassVar[str] = "proto_moody"

    def rank_key(self, trick: Trick, position: int) -> RankKey | None:
        scored = sum(mask.bit_count() for mask in trick.state.score_masks)
        return (1, trick.values[position] + scored % 3, 0, -position)

    def capabilities(self) -> Capabilities:
        return Capabilities(pure=frozenset({"rank_key"}))


@attrs.frozen
class Robbers(FactionPower):
    """Phase 2: a Robber's trick sends the loser's first scored card to the discard,
    yet promises monotone votes."""

    name: ClassVar[str] = "proto_robbers"
    phases: ClassVar[frozenset[Phase]] = frozenset({Phase.SUPPORT})

    def after_place(self, trick: Trick, placed: tuple[Placement, ...]) -> Sequence[Effect]:
        loser = trick.seats[trick.order[-1]]
        pile = trick.state.score_masks[loser]
        if not pile or loser == trick.winner:
            return ()
        card = (pile & -pile).bit_length() - 1
        return (Placement(card, Zone.DISCARD, None, Zone.SCORE, loser),)

    def capabilities(self) -> Capabilities:
        return Capabilities(monotone_votes=True)


@attrs.frozen
class Boasting(Robbers):
    """Acts after every trick its card is in, yet promises to act only when it wins."""

    name: ClassVar[str] = "proto_boasting"

    def capabilities(self) -> Capabilities:
        return Capabilities(on_win=frozenset({"after_place"}))


@attrs.frozen
class Glimpsing(Peeking):
    """Peeking's hand-reading rank_key, promised public but for its on_win hooks."""

    name: ClassVar[str] = "proto_glimpsing"

    def capabilities(self) -> Capabilities:
        return Capabilities(on_win=frozenset({"after_place"}), hidden_on_win=True)


for power in (Peeking, Moody, Robbers, Boasting, Glimpsing):
    registry.register(power)


def variant_with(power: str) -> claim.Variant:
    return claim.variant_from_yaml(f"""
name: proto-{power.replace('_', '-')}
house: true
factions:
  - name: plugins
    code: Pl
    values: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
    power: {power}
  - goblins
  - dwarves
""", "proto-capabilities.yaml")


@pytest.mark.parametrize("name", claim.builtin_variants())
def test_the_built_in_powers_keep_their_promises(name: str) -> None:
    """Every built-in variant: each power's promises hold over random games."""
    assert check_capabilities(claim.load_variant(name), games=3) > 0


@pytest.mark.parametrize(("power", "promise", "hook"), [
    ("proto_peeking", "public", "rank_key"),
    ("proto_moody", "pure", "rank_key"),
    ("proto_glimpsing", "hidden_on_win", "rank_key"),
])
def test_a_false_promise_about_a_hook_is_caught_naming_it(power: str, promise: str,
                                                          hook: str) -> None:
    with pytest.raises(CapabilityError) as caught:
        check_capabilities(variant_with(power), games=6)
    message = str(caught.value)
    assert f"power {power!r}" in message and f"promises {promise}" in message
    assert f"its {hook} answers" in message and "game seed" in message


def test_a_false_monotone_votes_promise_is_caught() -> None:
    with pytest.raises(CapabilityError, match=r"proto_robbers.*monotone_votes.*left seat"):
        check_capabilities(variant_with("proto_robbers"), games=6)


def test_a_false_on_win_promise_is_caught() -> None:
    with pytest.raises(CapabilityError, match=r"proto_boasting.*on_win for after_place"):
        check_capabilities(variant_with("proto_boasting"), games=6)


def test_a_power_that_promises_nothing_runs_on_the_general_paths() -> None:
    """No promise of public hooks: determinization replays the game (the safe way)."""
    from claim.info._direct import direct_ok

    assert direct_ok(claim.load_variant("claim"))  # every Claim power promises it
    assert not direct_ok(variant_with("proto_robbers"))  # Robbers promise no such thing


def test_promises_the_old_way_are_refused_with_the_new_way_named() -> None:
    """#22: a class attribute ``public_hooks`` (before capabilities) would be ignored."""

    @attrs.frozen
    class OldStyle(FactionPower):
        name: ClassVar[str] = "proto_old_style"
        public_hooks: ClassVar[bool] = True

    with pytest.raises(claim.RegistryError, match=r"Capabilities\(public=\.\.\.\)"):
        registry.register(OldStyle)


def test_a_capabilities_hook_giving_something_else_is_a_variant_error() -> None:
    @attrs.frozen
    class Broken(FactionPower):
        name: ClassVar[str] = "proto_broken_promises"

        def capabilities(self) -> Capabilities:
            return {"public": True}  # type: ignore[return-value]

    registry.register(Broken)
    with pytest.raises(claim.VariantError, match="capabilities\\(\\) must give a Capabilities"):
        variant_with("proto_broken_promises")


def test_hidden_on_win_names_the_hooks_it_concerns() -> None:
    """A promise about the on_win hooks without naming any is refused."""
    with pytest.raises(ValueError, match="hidden_on_win needs"):
        Capabilities(hidden_on_win=True)
    promised = Capabilities(on_win=frozenset({"after_place"}), hidden_on_win=True)
    assert promised.direct and not promised.public
