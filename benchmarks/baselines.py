"""Reference random playouts that give the engine's speed a yardstick.

Timing the engine alone says more about the machine than about the engine.
This module plays the same trick structure as Claim's two phases (German
Whist style: 13 tricks that build follower piles from a draw pile, then 13
tricks with those piles as hands) in two deliberately plain ways:

* ``play_mutable``: the speed a competent Python programmer gets from
  mutable lists and local variables.
* ``play_immutable``: the cost of the engine's own style, an
  ``@attrs.frozen`` state of tuples with a new state made by
  ``attrs.evolve`` for every move.

A benchmark times the engine next to both, and the ratio of the timings is
roughly independent of the machine it runs on.

The two versions play the same game and draw from the random generator in
the same order, so for one seed they give the same history and result. The
rules are reduced to the trick structure: no factions, no special cards.
Cards are ints from 0 to 51, with ``suit = card // 13`` and
``rank = card % 13``. After shuffling, ``deck[0:13]`` is player 0's hand,
``deck[13:26]`` is player 1's hand, and ``deck[26:]`` is the draw pile with
its top card first.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs

__all__ = [
    "DECK_SIZE",
    "HAND_SIZE",
    "MOVES_PER_GAME",
    "TRICKS_PER_PHASE",
    "Move",
    "State",
    "apply",
    "immutable_playout",
    "initial_state",
    "legal_cards",
    "majority_margin",
    "mutable_playout",
    "play_immutable",
    "play_mutable",
    "shuffled_deck",
]

SUITS = 4
RANKS = 13
DECK_SIZE = SUITS * RANKS
HAND_SIZE = 13
TRICKS_PER_PHASE = 13
MOVES_PER_GAME = 2 * 2 * TRICKS_PER_PHASE  # 26 tricks x 2 plays = 52
NO_CARD = -1

Move = tuple[int, int]
"""A move as ``(player, card)``."""

Hands = tuple[tuple[int, ...], tuple[int, ...]]
"""One sorted tuple of cards per player."""


def shuffled_deck(rng: random.Random) -> list[int]:
    """Return the 52 cards in the order dealt from ``rng``.

    This is the first thing both playouts draw from ``rng``.

    Args:
        rng: The random generator for this game.

    Returns:
        A new list of the cards 0 to 51 in shuffled order.
    """
    deck = list(range(DECK_SIZE))
    rng.shuffle(deck)
    return deck


def _beats(follow: int, lead: int) -> bool:
    """Tell whether the follower's card wins against the led card.

    Args:
        follow: The card the second player played.
        lead: The card the first player played.

    Returns:
        True if ``follow`` is of the led suit and higher than ``lead``. A
        card of another suit always loses.
    """
    return follow // RANKS == lead // RANKS and follow > lead


def majority_margin(scores: Sequence[Sequence[int]]) -> int:
    """Compare the two score piles suit by suit.

    Args:
        scores: The score piles of players 0 and 1.

    Returns:
        The number of suits in which player 0 holds more cards than player 1,
        minus the number of suits in which player 1 holds more.
    """
    counts = [[0] * SUITS, [0] * SUITS]
    for player, pile in enumerate(scores):
        for card in pile:
            counts[player][card // RANKS] += 1
    majorities = [0, 0]
    for mine, theirs in zip(counts[0], counts[1]):
        if mine != theirs:
            majorities[0 if mine > theirs else 1] += 1
    return majorities[0] - majorities[1]


# Mutable version ----------------------------------------------------------


def _mutable_legal(hand: list[int], lead: int) -> tuple[int, ...]:
    """Return the cards of a sorted hand that may be played.

    Args:
        hand: The player's hand, sorted.
        lead: The card led in this trick, or ``NO_CARD`` when leading.

    Returns:
        The legal cards in ascending order.
    """
    if lead != NO_CARD:
        suit = lead // RANKS
        suited = tuple(card for card in hand if card // RANKS == suit)
        if suited:
            return suited
    return tuple(hand)


def _mutable_step(
    rng: random.Random, hand: list[int], player: int, lead: int, history: list[Move]
) -> int:
    """Play one random legal card from ``hand`` and record it.

    Args:
        rng: The random generator for this game.
        hand: The player's sorted hand; the card is removed from it.
        player: The player who plays.
        lead: The card led in this trick, or ``NO_CARD`` when leading.
        history: The list of moves so far; the move is appended.

    Returns:
        The card played.
    """
    card = rng.choice(_mutable_legal(hand, lead))
    hand.remove(card)
    history.append((player, card))
    return card


def mutable_playout(rng: random.Random) -> tuple[int, list[Move]]:
    """Play one random game with mutable lists.

    Args:
        rng: The random generator for this game; it is also used for the deal.

    Returns:
        The result of ``majority_margin`` and the list of the 52 moves.
    """
    deck = shuffled_deck(rng)
    hands = [sorted(deck[:HAND_SIZE]), sorted(deck[HAND_SIZE : 2 * HAND_SIZE])]
    draw = deck[2 * HAND_SIZE :]
    draw.reverse()  # The top of the pile is now the end of the list.
    followers: list[list[int]] = [[], []]
    scores: list[list[int]] = [[], []]
    history: list[Move] = []
    leader = 0
    for trick in range(2 * TRICKS_PER_PHASE):
        if trick == TRICKS_PER_PHASE:
            hands = [sorted(followers[0]), sorted(followers[1])]
        first_phase = trick < TRICKS_PER_PHASE
        face_up = draw.pop() if first_phase else NO_CARD
        other = 1 - leader
        lead = _mutable_step(rng, hands[leader], leader, NO_CARD, history)
        follow = _mutable_step(rng, hands[other], other, lead, history)
        winner = other if _beats(follow, lead) else leader
        if first_phase:
            followers[winner].append(face_up)
            followers[1 - winner].append(draw.pop())
        else:
            scores[winner] += (lead, follow)
        leader = winner
    assert len(history) == MOVES_PER_GAME
    return majority_margin(scores), history


def play_mutable(rng: random.Random) -> int:
    """Play one random game with mutable lists and return its result.

    Args:
        rng: The random generator for this game; it is also used for the deal.

    Returns:
        The result of ``majority_margin`` for the final score piles.
    """
    return mutable_playout(rng)[0]


# Immutable version --------------------------------------------------------


@attrs.frozen
class State:
    """An immutable game state; ``apply`` returns a new one.

    Attributes:
        hands: Each player's hand, sorted.
        draw: The draw pile, top card first. During a first-phase trick its
            top card is the face-up card.
        followers: Each player's follower pile, in the order taken.
        scores: Each player's score pile, in the order taken.
        to_play: The player whose turn it is.
        lead: The card led in the current trick, or ``NO_CARD`` if the trick
            has not been led yet.
        tricks: The number of tricks finished, from 0 to 26.
        history: All moves so far, oldest first.
    """

    hands: Hands
    draw: tuple[int, ...]
    followers: Hands = ((), ())
    scores: Hands = ((), ())
    to_play: int = 0
    lead: int = NO_CARD
    tricks: int = 0
    history: tuple[Move, ...] = ()

    @property
    def over(self) -> bool:
        """Whether all 26 tricks have been played."""
        return self.tricks == 2 * TRICKS_PER_PHASE


def _with(pair: Hands, player: int, value: tuple[int, ...]) -> Hands:
    """Return ``pair`` with the entry of ``player`` replaced by ``value``."""
    return (value, pair[1]) if player == 0 else (pair[0], value)


def initial_state(rng: random.Random) -> State:
    """Deal a new game from ``rng``.

    Args:
        rng: The random generator for this game.

    Returns:
        The state before the first move, with player 0 to lead.
    """
    deck = shuffled_deck(rng)
    hands = (
        tuple(sorted(deck[:HAND_SIZE])),
        tuple(sorted(deck[HAND_SIZE : 2 * HAND_SIZE])),
    )
    return State(hands=hands, draw=tuple(deck[2 * HAND_SIZE :]))


def legal_cards(state: State) -> tuple[int, ...]:
    """Return the cards the player to move may play.

    Args:
        state: A state of a game that is not over.

    Returns:
        The legal cards in ascending order: the cards of the led suit if the
        player has any, otherwise the whole hand.
    """
    hand = state.hands[state.to_play]
    if state.lead != NO_CARD:
        suit = state.lead // RANKS
        suited = tuple(card for card in hand if card // RANKS == suit)
        if suited:
            return suited
    return hand


def _finish_trick(
    state: State, hands: Hands, history: tuple[Move, ...], follow: int
) -> State:
    """Play the second card of a trick, give out the cards and start the next.

    Args:
        state: The state before the second card is played.
        hands: The hands once that card has left the player's hand.
        history: The history including that card's move.
        follow: The card played.

    Returns:
        The state at the start of the next trick, with its winner to lead.
    """
    lead = state.lead
    winner = state.to_play if _beats(follow, lead) else 1 - state.to_play
    tricks = state.tricks + 1
    if state.tricks >= TRICKS_PER_PHASE:
        scores = _with(state.scores, winner, state.scores[winner] + (lead, follow))
        return attrs.evolve(
            state,
            hands=hands,
            scores=scores,
            to_play=winner,
            lead=NO_CARD,
            tricks=tricks,
            history=history,
        )
    draw = state.draw
    followers = _with(state.followers, winner, state.followers[winner] + draw[:1])
    followers = _with(followers, 1 - winner, followers[1 - winner] + draw[1:2])
    if tricks == TRICKS_PER_PHASE:  # The follower piles become the hands.
        hands = (tuple(sorted(followers[0])), tuple(sorted(followers[1])))
        followers = ((), ())
    return attrs.evolve(
        state,
        hands=hands,
        draw=draw[2:],
        followers=followers,
        to_play=winner,
        lead=NO_CARD,
        tricks=tricks,
        history=history,
    )


def apply(state: State, card: int) -> State:
    """Play ``card`` for the player to move.

    Args:
        state: A state of a game that is not over.
        card: One of ``legal_cards(state)``; this is not checked.

    Returns:
        The new state. ``state`` itself is unchanged.
    """
    player = state.to_play
    hand = state.hands[player]
    index = hand.index(card)
    hands = _with(state.hands, player, hand[:index] + hand[index + 1 :])
    history = state.history + ((player, card),)
    if state.lead == NO_CARD:
        return attrs.evolve(
            state, hands=hands, to_play=1 - player, lead=card, history=history
        )
    return _finish_trick(state, hands, history, card)


def immutable_playout(rng: random.Random) -> State:
    """Play one random game with immutable states.

    Args:
        rng: The random generator for this game; it is also used for the deal.

    Returns:
        The final state, which holds the score piles and the 52 moves.
    """
    state = initial_state(rng)
    while not state.over:
        state = apply(state, rng.choice(legal_cards(state)))
    assert len(state.history) == MOVES_PER_GAME
    return state


def play_immutable(rng: random.Random) -> int:
    """Play one random game with immutable states and return its result.

    Args:
        rng: The random generator for this game; it is also used for the deal.

    Returns:
        The result of ``majority_margin`` for the final score piles.
    """
    return majority_margin(immutable_playout(rng).scores)
