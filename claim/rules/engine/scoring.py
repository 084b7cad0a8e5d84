"""Scoring a finished game: each faction's vote, then the winner (RULES 5-6).

Scores are counted per *party*: one party per seat, or one per team of two with
four players (R14). A faction's vote goes to the party with the most of its cards;
a tie in count goes to the tied party holding the highest card; equal highest cards,
or nobody holding any, leave the vote unclaimed (R12,
`claim.rules.rulebook.vote_winner`); a power may decide its own faction's vote
instead (its ``vote`` hook: Cyclops, E14). The party with the most votes wins; ties
go down the cascade of RULES 5 (R13, `claim.rules.rulebook.decide`), else the game
is a draw.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any

import attrs

from claim.core.cards import Card
from claim.core.errors import GameNotOverError, PowerError
from claim.core.zones import Phase
from claim.rules.engine.board import powers_of
from claim.rules.protocol import overrides
from claim.rules.rulebook import (
    STEP_CARDS,
    STEP_DRAW,
    STEP_VALUE,
    STEP_VOTES,
    decide,
    highest_card,
    mask_value,
    vote_winner,
)

if TYPE_CHECKING:
    from claim.rules.state import GameState

__all__ = ["DecidedBy", "FactionVote", "GameResult", "faction_votes", "result", "scoring_masks"]


class DecidedBy(enum.Enum):
    """Which step of RULES 5 decided the game."""

    THREE_VOTES = "three votes"
    """Two players: a player won at least three votes."""
    MOST_VOTES = "most votes"
    CARDS_IN_WON_FACTIONS = "cards in won factions"
    """Tie on votes: more cards in the factions each tied party won."""
    VALUE_OF_WON_FACTIONS = "value of won factions"
    """Still tied: higher total value of those cards."""
    DRAW = "draw"


@attrs.frozen
class FactionVote:
    """One faction's count per party, and who won its vote.

    Attributes:
        faction: The faction's name.
        counts: Per party, the number of its cards scored.
        highest: Per party, its highest card scored, or None.
        winner: The party that won the vote, or None if unclaimed (R12).
    """

    faction: str
    counts: tuple[int, ...]
    highest: tuple[Card | None, ...]
    winner: int | None


@attrs.frozen
class GameResult:
    """What a finished game reports (RULES 6).

    Attributes:
        parties: The seats of each party: ``((0,), (1,))``, or ``((0, 2), (1, 3))``.
        factions: One vote per faction, in deck order.
        votes: Per party, the votes won.
        winner: The winning party's index, or None for a draw.
        decided_by: The step of the cascade that decided it.
    """

    parties: tuple[tuple[int, ...], ...]
    factions: tuple[FactionVote, ...]
    votes: tuple[int, ...]
    winner: int | None
    decided_by: DecidedBy

    @property
    def winning_seats(self) -> tuple[int, ...]:
        """The seats that won (both partners in a team game); empty for a draw."""
        return () if self.winner is None else self.parties[self.winner]

    @property
    def is_draw(self) -> bool:
        """Whether nobody won."""
        return self.winner is None


def _vote(faction: str, counts: tuple[int, ...], highest: tuple[Card | None, ...]) -> FactionVote:
    tops = [0 if card is None else card.value for card in highest]
    winner = vote_winner(list(counts), tops)
    return FactionVote(faction, counts, highest, None if winner < 0 else winner)


def scoring_masks(state: GameState) -> tuple[int, ...]:
    """Per faction, the cards that count for it in a score pile (``scores_as``, E19).

    A card counts for its own faction unless its power's ``scores_as`` names another
    faction of the variant, or None (it counts for none).
    """
    tables = state.variant.tables
    masks = list(tables.faction_masks)
    for fi, power in enumerate(powers_of(tables)):
        if not overrides(power, "scores_as"):
            continue
        masks[fi] = 0
        for card in state.variant.ids_in(tables.faction_masks[fi]):
            target = power.scores_as(state, card)
            if target is not None and target in tables.faction_index:
                masks[tables.faction_index[target]] |= 1 << card
    return tuple(masks)


def faction_votes(state: GameState) -> tuple[FactionVote, ...]:
    """Every faction's vote from the current score piles (RULES 5, R12, R14).

    Works on any state, so a bot can read the standing mid-game; until the game
    ends, Gnomes lying in front of a player are not in a score pile yet and do not
    count. [`GameState.result`][] uses it on the final state.
    """
    return _faction_votes(state, scoring_masks(state))


def _faction_votes(state: GameState, masks: tuple[int, ...]) -> tuple[FactionVote, ...]:
    """`faction_votes`, with the `scoring_masks` read by the caller."""
    variant = state.variant
    tables = variant.tables
    piles = _party_piles(state)
    deck, values = tables.deck, tables.card_value
    votes = []
    for fi in tables.voters:
        name = tables.faction_names[fi]
        power = powers_of(tables)[fi]
        counting = power if overrides(power, "voting_cards") else None
        own_vote = overrides(power, "vote")
        counts, highest, held = [], [], []
        for index, pile in enumerate(piles):
            cards = _counted(state, counting, index, pile, masks[fi])
            if own_vote:
                held.append(variant.cards_in(cards))
            counts.append(cards.bit_count())
            if counting is not None:  # a crypt: its own faction's card first (E38)
                cards = cards & tables.faction_masks[fi] or cards
            top = highest_card(values, cards)
            highest.append(None if top < 0 else deck[top])
        vote = _vote(name, tuple(counts), tuple(highest))
        if own_vote:  # a power's own vote (Cyclops, E14)
            vote = attrs.evolve(vote, winner=_power_vote(power, tuple(held), len(piles)))
        votes.append(vote)
    return tuple(votes)


def _party_piles(state: GameState) -> list[int]:
    """Per party, its seats' score piles together (R14)."""
    piles = []
    for party in state.variant.teams:
        mask = 0
        for seat in party:
            mask |= state.score_masks[seat]
        piles.append(mask)
    return piles


def _counted(state: GameState, counting: Any, party: int, pile: int, scoring: int) -> int:
    """The cards of ``party`` (its score piles ``pile``) that count for a faction: those
    of ``scoring``, or, for a power ``counting`` its own (`voting_cards`), the hook's."""
    return pile & scoring if counting is None else _voting_cards(state, counting, party,
                                                                  scoring)


def _voting_cards(state: GameState, power: Any, party: int, scoring: int) -> int:
    """The cards of ``party`` that ``power``'s `voting_cards` hook counts for its
    faction (the Vampires' crypts, E38, E40): per seat, the hook's mask, or its score
    pile's cards of ``scoring`` where the hook answers None (``power`` from
    `powers_of`, overriding the hook)."""
    mask = 0
    for seat in state.variant.teams[party]:
        cards = power.voting_cards(state, seat)
        if cards is not None and (type(cards) is not int or cards < 0
                                  or cards >> len(state.variant.tables.deck)):
            raise PowerError(f"power of {power.faction}: voting_cards returned {cards!r}, "
                             "not a mask of card ids", power.faction, cards)
        mask |= state.score_masks[seat] & scoring if cards is None else cards
    return mask


def _power_vote(power: Any, held: tuple[tuple[Card, ...], ...], parties: int) -> int | None:
    """The party a power's `vote` hook names, checked (``power`` from `powers_of`)."""
    winner = power.vote(held)
    if winner is not None and (type(winner) is not int or not 0 <= winner < parties):
        raise PowerError(f"power of {power.faction}: vote returned {winner!r}, not a party",
                         power.faction, winner)
    return winner


def _won_values(state: GameState, factions: tuple[FactionVote, ...],
                masks: tuple[int, ...]) -> dict[int, int]:
    """Per party, the total value of its cards in the factions it won (``masks``:
    the `scoring_masks`)."""
    variant = state.variant
    tables = variant.tables
    totals = dict.fromkeys(range(len(variant.teams)), 0)
    piles = _party_piles(state)
    for vote in factions:
        if vote.winner is None:
            continue
        fi = tables.faction_index[vote.faction]
        power = powers_of(tables)[fi]
        counting = power if overrides(power, "voting_cards") else None
        won = _counted(state, counting, vote.winner, piles[vote.winner], masks[fi])
        totals[vote.winner] += mask_value(tables.card_value, won)
    return totals


def result(state: GameState) -> GameResult:
    """The result of a finished game.

    Raises:
        GameNotOverError: The game is not over.
    """
    if state.phase is not Phase.OVER:
        raise GameNotOverError(
            f"the game is not over (phase {state.phase.value}, "
            f"{len(state.records)} moves played)"
        )
    masks = scoring_masks(state)
    factions = _faction_votes(state, masks)
    variant = state.variant
    parties = variant.teams
    votes = tuple(sum(1 for v in factions if v.winner == p) for p in range(len(parties)))
    cards = [sum(v.counts[p] for v in factions if v.winner == p) for p in range(len(parties))]
    won_value = _won_values(state, factions, masks)
    winner, step = decide(list(votes), cards, [won_value[p] for p in range(len(parties))])
    if step == STEP_VOTES:
        three = variant.players == 2 and votes[winner] >= 3
        return GameResult(parties, factions, votes, winner,
                          DecidedBy.THREE_VOTES if three else DecidedBy.MOST_VOTES)
    return GameResult(parties, factions, votes, None if winner < 0 else winner,
                      _DECIDED_BY[step])


_DECIDED_BY = {STEP_CARDS: DecidedBy.CARDS_IN_WON_FACTIONS,
               STEP_VALUE: DecidedBy.VALUE_OF_WON_FACTIONS, STEP_DRAW: DecidedBy.DRAW}
