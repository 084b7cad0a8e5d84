"""The bot layer: the protocol, the registry by name, the random bot."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import claim
from claim.core.errors import IllegalMoveError, RegistryError, UnknownNameError
from claim.core.moves import Move
from claim.rules.views import View
from claim.search import bots


class FirstBot:
    """Always the first legal move."""

    def choose(self, view: View, rng: random.Random) -> Move:
        return view.legal_moves[0]


class CheatingBot:
    """Plays a move that is not in the view's legal moves."""

    def choose(self, view: View, rng: random.Random) -> Move:
        return claim.TakeTopCard()


@pytest.fixture
def registry() -> Iterator[None]:
    """Restore the registry after a test that registers bots."""
    saved = dict(bots._REGISTRY)
    yield
    bots._REGISTRY.clear()
    bots._REGISTRY.update(saved)


def test_random_bot_is_registered_and_plays_a_legal_move() -> None:
    assert "random" in bots.names()
    bot = bots.get("random")
    assert isinstance(bot, bots.Bot)
    state = claim.new_game("claim2", seed=3)
    for _ in range(30):
        view = state.view(state.current_player)
        move = bots.play(bot, view, random.Random(len(state.records)), "random")
        assert move in view.legal_moves
        state = state.apply(move)


def test_random_bot_is_uniform_and_seeded() -> None:
    state = claim.new_game("claim", seed=1)
    view = state.view(state.current_player)
    bot = bots.get("random")
    rng = random.Random(5)
    picks = [bot.choose(view, rng) for _ in range(2000)]
    assert set(picks) == set(view.legal_moves)
    counts = [picks.count(m) for m in view.legal_moves]
    assert max(counts) < 2.5 * min(counts)
    again = random.Random(5)
    assert picks[:50] == [bot.choose(view, again) for _ in range(50)]


def test_unknown_bot_names_the_known_ones() -> None:
    with pytest.raises(UnknownNameError, match=r"unknown bot 'randon'.*did you mean 'random'"):
        bots.get("randon")
    with pytest.raises(LookupError, match=r"known: .*random"):
        bots.get("nobody")


def test_register_and_refuse_duplicates(registry: None) -> None:
    bots.register("first", FirstBot)
    assert "first" in bots.names()
    assert isinstance(bots.get("first"), FirstBot)
    with pytest.raises(RegistryError, match="already registered"):
        bots.register("first", FirstBot)
    bots.register("first", bots.RandomBot, replace=True)
    assert isinstance(bots.get("first"), bots.RandomBot)
    with pytest.raises(RegistryError, match="word"):
        bots.register("two words", FirstBot)
    with pytest.raises(RegistryError, match="callable"):
        bots.register("thing", 3)  # type: ignore[arg-type]


def test_play_refuses_a_move_that_is_not_legal() -> None:
    state = claim.new_game("claim", seed=1)
    view = state.view(state.current_player)
    with pytest.raises(IllegalMoveError, match="bot 'cheat'"):
        bots.play(CheatingBot(), view, random.Random(0), "cheat")
