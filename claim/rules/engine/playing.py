"""Playing a card when powers shape it: the dynamic follow rule and play choices.

Most variants never come here: `claim.rules.engine.flow` applies the follow rule
(`claim.rules.rulebook.playable`) to the led card's lead faction directly. A
variant whose powers override ``must_follow`` (Satyrs), ``lead_now`` (Elf-Orcs) or
``play_options`` (Elf-Orcs, Shapeshifters) is *dynamic*: its legal plays are
computed here, from the state.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Final

from claim.core._fast import slot_maker
from claim.core.cache import Recent, per_variant
from claim.core.cards import Card
from claim.core.errors import PowerError
from claim.core.moves import PlayCard
from claim.core.records import RawEvent
from claim.rules.effects import Effect, Exchange, Option, Question
from claim.rules.engine.board import Board, powers_of
from claim.rules.engine.choices import card_outcome, distinct_options, matching
from claim.rules.engine.effects import carry_out
from claim.rules.engine.tricks import current_lead, lead_index
from claim.rules.protocol import Play
from claim.rules.rulebook import playable

if TYPE_CHECKING:
    from claim.rules.state import GameState
    from claim.rules.variant import Variant

__all__ = ["Asked", "PlayChoice", "allowed", "asked_in", "choices_asked", "labelled_in",
           "labelled_moves", "labelled_play", "play_choices", "play_with_choice"]


def allowed(state: GameState, seat: int) -> int:
    """The cards of ``seat``'s hand that the follow rule lets them play (RULES 3)."""
    tables = state.variant.tables
    hand = state.hand_masks[seat]
    if not state.trick:
        return hand
    for fi in tables.follow_hooks:
        if powers_of(tables)[fi].must_follow(state) is False:
            return hand

    return playable(hand, tables.follow_masks[lead_index(state, state.trick[0])],
                    tables.wild_mask)


class PlayChoice:
    """One way of playing a card: its label and each power's share of the effects.

    A plain class, not an ``attrs`` one: compiled, a native class, built in a few
    instructions (a play's choices are asked for every state of a dynamic variant).

    Attributes:
        label: The text after the card in the move's notation (``"as elves"``).
        parts: ``(faction index, effects)`` per power taking part, in order.
        outcome: What makes two choices the same (R15).
    """

    __slots__ = ("label", "parts", "outcome")

    def __init__(self, label: str, parts: tuple[tuple[int, tuple[Effect, ...]], ...],
                 outcome: Hashable) -> None:
        self.label = label
        self.parts = parts
        self.outcome = outcome


_make_play: Final = slot_maker(Play)
"""`Play` built from all its fields (`claim.core._fast.slot_maker`)."""


def play_choices(
    state: GameState, seat: int, card: int, from_hand: bool = True
) -> tuple[PlayChoice, ...]:
    """The distinct choices of playing ``card`` (E3, E5, E20); () when none.

    A choice that brings another card into the trick (a Shapeshifter's swap) is
    combined with that card's own choices (a swapped-in Elf-Orc's declaration).
    """
    if not (1 << card) & state.variant.tables.option_mask:
        return ()
    return choices_asked(asked_in(state), state, seat, card, from_hand)


Asked = dict[tuple[int, int, bool], tuple["PlayChoice", ...]]
"""The play choices asked in one state, by seat, card (-1: every card sharing its
seat's answer) and whether it comes from the hand."""


def asked_in(state: GameState) -> Asked:
    """The play choices asked in ``state`` so far. A caller asks the same again in
    the same state (legal_moves, then apply's check, then the play itself): the
    powers are asked once. A caller asking for many cards reads this once."""
    entry = _ASKED.get(id(state))
    if entry is None or entry[0] is not state:
        entry = _ASKED.put(id(state), (state, {}))
    return entry[1]


def choices_asked(asked: Asked, state: GameState, seat: int, card: int,
                  from_hand: bool = True) -> tuple[PlayChoice, ...]:
    """`play_choices` of a card with choices (in ``tables.option_mask``), kept in
    ``asked`` (`asked_in` of ``state``)."""
    # A card with no choices of its own and extras that promise to be the same for
    # every card (`DeckTables.blind_option_mask`, E34) shares its seat's answer.
    blind = (1 << card) & state.variant.tables.blind_option_mask
    key = (seat, -1 if blind else card, from_hand)
    found = asked.get(key)
    if found is None:
        found = asked[key] = _asked_choices(state, seat, card, from_hand)
    return found


_ASKED: Final[Recent[int, tuple[GameState, Asked]]] = Recent("play choices by state", 64)


def _asked_choices(state: GameState, seat: int, card: int, from_hand: bool
                   ) -> tuple[PlayChoice, ...]:
    """`play_choices`, asked of the powers."""
    tables = state.variant.tables
    fi = tables.card_faction[card]
    play = _make_play(state, seat, card, len(state.trick), from_hand, current_lead(state))
    power = powers_of(tables)[fi]
    options = power.play_options(play) if (1 << card) & tables.own_option_mask else ()
    found: dict[Hashable, PlayChoice] = {}
    if options:
        question = Question(seat, "play", tuple(options) if isinstance(options, list)
                            else options)
        for option in distinct_options(state.variant, fi, question):
            for choice in _combined(state, seat, card, fi, option):
                found.setdefault(choice.outcome, choice)
    if tables.extra_options:
        return _with_extras(state, play, tuple(found.values()))
    return tuple(found.values())


_PLAIN: Final = PlayChoice("", (), None)
"""Playing a card without any choice (the base of the extras, E34)."""


def _with_extras(state: GameState, play: Play, own: tuple[PlayChoice, ...]
                 ) -> tuple[PlayChoice, ...]:
    """The card's own choices, each also combined with every extra option of the
    powers that offer options for every card (`FactionPower.plays_every_card`: the
    Wizards' potion, E34); () when there is no choice at all."""
    tables = state.variant.tables
    choices = list(own) or [_PLAIN]
    for fx in tables.extra_options:
        options = powers_of(tables)[fx].play_options(play)
        if not options:
            continue
        question = Question(play.seat, "play", tuple(options))
        extras = distinct_options(state.variant, fx, question)
        choices += [PlayChoice(f"{c.label} {x.label}".strip(), (*c.parts, (fx, x.effects)),
                               (c.outcome, x.outcome if x.outcome is not None else x.label))
                    for c in list(choices) for x in extras]
    return tuple(choices) if len(choices) > 1 else ()


def _combined(
    state: GameState, seat: int, card: int, fi: int, option: Option
) -> list[PlayChoice]:
    own = (fi, option.effects)
    kinds = state.variant.tables.card_kind
    outcome = option.outcome if option.outcome is not None else card_outcome(option.effects, kinds)
    incoming = [e.other for e in option.effects if isinstance(e, Exchange) and e.card == card]
    nested = play_choices(state, seat, incoming[0], from_hand=False) if incoming else ()
    if not nested:
        return [PlayChoice(option.label, (own,), outcome)]
    return [PlayChoice(f"{option.label} {n.label}", (own, *n.parts), (outcome, n.outcome))
            for n in nested]


def play_with_choice(
    state: GameState, seat: int, card: int, option: str | None
) -> tuple[Board, list[RawEvent], PlayCard]:
    """Play a card whose power asks a choice as part of playing it (E3, E5).

    Returns a new board holding the state after the card is played (the trick not
    yet resolved), the events of the chosen option, and the move to record (the
    card with the label, when there was a choice).
    """
    tables = state.variant.tables
    choices = play_choices(state, seat, card)
    chosen = choices[0] if len(choices) == 1 else matching(choices, option or "")
    assert chosen is not None or not choices
    board = Board(state)
    board.hands[seat] ^= 1 << card
    board.trick = state.trick + (card,)
    events: list[RawEvent] = []
    if chosen is not None:
        for owner, effects in chosen.parts:
            if carry_out(board, owner, effects, events):
                name = tables.faction_names[owner]
                raise PowerError(f"power of {name}: a play's choice cannot ask a question "
                                 "(return Ask from a trick hook instead)", name)
    label = chosen.label or None if chosen is not None and len(choices) > 1 else None
    return board, events, labelled_play(state.variant, tables.deck[card], label)


def labelled_play(variant: Variant, card: Card, label: str | None) -> PlayCard:
    """``PlayCard(card, label)`` for a card of ``variant``'s deck: one object per card
    and label, kept in the variant (a dynamic variant's legal moves are built anew
    for every state, and building a move costs more than finding it)."""
    return labelled_in(labelled_moves(variant), card, label)


def labelled_in(made: dict[tuple[int, str | None], PlayCard], card: Card,
                label: str | None) -> PlayCard:
    """`labelled_play`, with the variant's `labelled_moves` read by the caller."""
    key = (id(card), label)
    found = made.get(key)
    if found is None or found.card is not card:
        if len(made) >= _LABELLED_LIMIT:
            made.clear()
        found = made[key] = PlayCard(card, label)
    return found


_LABELLED_LIMIT = 4096
"""How many labelled moves a variant keeps (labels come from the powers: a plugin
could make many); past it, the map starts again empty."""


@per_variant
def labelled_moves(variant: Variant) -> dict[tuple[int, str | None], PlayCard]:
    """The labelled moves of `labelled_play` made so far, by card identity and label."""
    return {}
