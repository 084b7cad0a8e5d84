"""Questions: the queue of steps, asking, answering, and R15.

Hooks queue steps (`Ask` effects; phase 1 recruiting queues one step per seat in
rank order). `run_queue` takes the front step and asks its owner for the question
(``ask``; the rules answer recruiting steps themselves, `recruit_question`). Options
with the same outcome are one (R15); a question with a single outcome is carried out
by itself, one with none is skipped, and one with two or more waits as the state's
``pending`` question, its step staying at the front of the queue until `answer`.
"""

from __future__ import annotations

from collections.abc import Container, Hashable, Sequence
from typing import Any, Final, NoReturn, Protocol, TypeVar

from claim.core._fold import Recent
from claim.core.errors import PowerError
from claim.core.records import CardDrawn, FaceUpTaken, RawEvent
from claim.core.zones import FOLLOWERS, Zone
from claim.rules.effects import (
    Effect,
    Exchange,
    Option,
    Placement,
    Question,
    Reveal,
    Step,
)
from claim.rules.engine.board import Board, powers_of
from claim.rules.engine.effects import carry_out, owner_name
from claim.rules.rulebook import recruit_choices
from claim.rules.variant import Variant
from claim.rules.variant_tables import HookTable

__all__ = ["answer", "card_outcome", "distinct_options", "recruit_question", "run_queue"]


def run_queue(board: Board, events: list[RawEvent]) -> None:
    """Ask the queued steps in order until one needs an answer, or none is left."""
    while board.queue:
        step = board.queue[0]
        asked: object
        if step.owner < 0:
            found: Sequence[int] = step.data[2]  # type: ignore[assignment]  # `_amenders`
            if not found and recruit_directly(board, step.seat, (), events):
                board.queue.pop(0)
                continue
            asked, trusted = _recruit_asked(board, step, found)
        else:
            asked, trusted = _ask(board, step), 0
        if not isinstance(asked, Question):
            board.queue.pop(0)
            board.queue[0:0] = carry_out(board, step.owner, asked, events)
            continue
        # The rules' own options are distinct by construction; a power's are checked.
        options = asked.options if trusted and trusted == len(asked.options) else (
            distinct_options(board.variant, step.owner, asked, trusted))
        if len(options) >= 2:
            board.pending = asked if options is asked.options else Question(
                asked.seat, asked.prompt, options)
            return
        board.queue.pop(0)
        if options:
            board.queue[0:0] = carry_out(board, step.owner, options[0].effects, events)


def _ask(board: Board, step: Step) -> object:
    """The question (or effects, checked by the caller) of a power's step."""
    power = powers_of(board.variant.tables)[step.owner]
    asked = power.ask(board.snapshot(), step)
    if isinstance(asked, Question) and asked.seat != step.seat:
        raise PowerError(f"{owner_name(board.variant, step.owner)}: a question for seat "
                         f"{asked.seat} from a step of seat {step.seat}", power.faction, asked)
    return asked


def distinct_options(variant: Variant, owner: int, question: Question, trusted: int = 0
                     ) -> tuple[Option, ...]:
    """The options of ``question`` with distinct outcomes, first of each kept (R15).

    The first ``trusted`` options are the rules' own (well formed); the others are
    checked.

    Raises:
        PowerError: The question has no option, or a malformed one.
    """
    if not isinstance(question.options, tuple):
        raise PowerError(f"{owner_name(variant, owner)} asked {question.prompt!r} with "
                         f"{type(question.options).__name__} options, not a tuple",
                         _name(variant, owner), question)
    if not question.options:
        raise PowerError(f"{owner_name(variant, owner)} asked {question.prompt!r} with no "
                         "option", _name(variant, owner), question)
    options = question.options
    found = _DISTINCT.get(id(options))
    if (found is not None and found[0] is options and found[1] is variant
            and found[2] == owner and found[3] == trusted):
        return found[4]
    tables = variant.tables
    kinds = tables.card_kind
    seen: dict[Hashable, Option] = {}
    labels: set[str] = set()
    declared = tables.answer_space.labels if owner < 0 else tables.answer_space.declared[owner]
    for index, option in enumerate(options):
        if index >= trusted:
            _check_option(variant, owner, option, labels, declared)
        else:
            labels.add(option.label)
        outcome = option.outcome if option.outcome is not None else card_outcome(
            option.effects, kinds)
        try:
            seen.setdefault(outcome, option)
        except TypeError:
            raise PowerError(f"{owner_name(variant, owner)}: option {option.label!r} has an "
                             "unhashable outcome", _name(variant, owner), option) from None
    # nothing merged: the question's own tuple
    distinct = options if len(seen) == len(options) else tuple(seen.values())
    _DISTINCT.put(id(options), (options, variant, owner, trusted, distinct))
    return distinct


_DISTINCT: Final[Recent[int, tuple[tuple[Option, ...], Variant, int, int, tuple[Option, ...]]]
                 ] = Recent("distinct options", 8)
"""`distinct_options` of the latest option tuples, by the tuple's identity (checked
on a hit, with the variant, owner and trusted count): a power that keeps its
questions (the Vampires, the Elf-Orcs' play options) has them checked once. A few
entries only: the options kept alive longer cost the garbage collector more than a
longer memo saves (fire-magic's stepping, counted with ``benchmarks.instructions``)."""


def card_outcome(effects: tuple[Effect, ...], kinds: tuple[int, ...]) -> Hashable:
    """The outcome of ``effects`` with identical cards counting as equal (R15): each
    card read as its kind (``DeckTables.card_kind``), so that outcomes hash as ints."""
    out: list[Hashable] = []
    for effect in effects:
        if isinstance(effect, Placement):
            out.append((kinds[effect.card], effect.zone, effect.seat, effect.origin,
                        effect.origin_seat))
        elif isinstance(effect, Exchange):
            out.append(("exchange", kinds[effect.card], kinds[effect.other]))
        elif isinstance(effect, Reveal):
            out.append(("reveal", effect.seat, kinds[effect.card]))
        else:
            out.append(effect)
    return tuple(out)


def _name(variant: Variant, owner: int) -> str:
    return "" if owner < 0 else variant.tables.faction_names[owner]


def _check_option(variant: Variant, owner: int, option: object, labels: set[str],
                  declared: Container[str]) -> None:
    """Raise a PowerError unless ``option`` is an `Option` with a label of its own (not
    among ``labels``, then added), one of the ``declared`` ones, and effects naming
    cards of the deck."""
    if not isinstance(option, Option):
        _malformed(variant, owner, option)
    label, effects = option.label, option.effects
    if label.__class__ is not str or not label.strip() or effects.__class__ is not tuple:
        _malformed(variant, owner, option)
    if label in labels:
        raise PowerError(f"{owner_name(variant, owner)}: two options labelled "
                         f"{label!r}", _name(variant, owner), option)
    if label not in declared:
        raise PowerError(f"{owner_name(variant, owner)}: option {label!r} is not among "
                         "the labels it declares (FactionPower.answers, play_labels)",
                         _name(variant, owner), option)
    labels.add(label)
    size = len(variant.tables.deck)
    for effect in effects:
        if effect.__class__ is Placement or effect.__class__ is Reveal:
            card, other = effect.card, 0  # (getattr with a default raises inside: slow)
        elif isinstance(effect, (Placement, Exchange, Reveal)):
            card, other = effect.card, getattr(effect, "other", 0)
        else:
            continue
        if (card.__class__ is not int or other.__class__ is not int
                or not 0 <= card < size or not 0 <= other < size):
            raise PowerError(f"{owner_name(variant, owner)}: {effect!r} names no card of "
                             "this deck", _name(variant, owner), effect)


def _malformed(variant: Variant, owner: int, option: object) -> NoReturn:
    raise PowerError(f"{owner_name(variant, owner)}: {option!r} is not an Option with a "
                     "label and a tuple of effects", _name(variant, owner), option)


L = TypeVar("L", bound="Labelled")


class Labelled(Protocol):
    """Anything with a label: an option, or a way of playing a card."""

    @property
    def label(self) -> str: ...


def matching(options: Sequence[L], label: str, variant: Variant | None = None) -> L | None:
    """The option whose label is ``label``, compared without case or extra spaces,
    and with cards written by faction name (``gnomes 5``) read as their code."""
    for option in options:
        if option.label == label:
            return option
    wanted = _normal(label, variant)
    for option in options:
        if _normal(option.label, variant) == wanted:
            return option
    return None


def _normal(label: str, variant: Variant | None) -> str:
    text = " ".join(label.split()).lower()
    if variant is not None and " " in text:
        for faction in variant.factions:
            text = text.replace(f"{faction.name} ", faction.code.lower())
    return text


def answer(board: Board, option: Option, events: list[RawEvent]) -> None:
    """Carry out the chosen option of the pending question (one of its options)."""
    assert board.pending is not None
    step = board.queue.pop(0)
    board.pending = None
    board.queue[0:0] = carry_out(board, step.owner, option.effects, events)
    run_queue(board, events)


def recruit_directly(
    board: Board, seat: int, data: Hashable, events: list[RawEvent]
) -> bool:
    """Recruit ``seat`` at once if the rules leave no choice and no power amends them.

    The fast path of `recruit_question` for the common case (a draw, or one kind
    of face-up card): the same outcome and events, without building options.
    ``data`` is the recruiting step's data, or () when the caller knows that no
    power amends recruiting for this trick.
    """
    tables = board.variant.tables
    if data and _amenders(board, data):
        return False
    face_up = board.face_up
    deck = tables.deck
    if not face_up:
        card = board.draw_pile[0]
        board.draw_pile = board.draw_pile[1:]
        board.followers[seat] |= 1 << card
        events.append((CardDrawn, seat, deck[card]))
        return True
    if len(face_up) > 1 and len(recruit_choices(face_up, tables.card_kind)) > 1:
        return False  # two kinds of card: a choice (R15)
    card = face_up.pop(0)
    board.followers[seat] |= 1 << card
    events.append((FaceUpTaken, seat, deck[card]))
    return True


def recruit_question(board: Board, step: Step, amenders: Sequence[int] | None = None
                     ) -> Question:
    """Phase 1: the follower ``step.seat`` gets (RULES 3), as the powers amend it.

    With face-up cards left, one option per distinct face-up card (labelled
    ``take <card>``); with none, drawing the top card. Powers whose cards were in
    the trick amend the options through ``recruit_options`` (Seers, Ghosts).
    """
    if amenders is None:
        amenders = _amenders(board, step.data)
    return _recruit_asked(board, step, amenders)[0]


def _recruit_asked(board: Board, step: Step, amenders: Sequence[int]) -> tuple[Question, int]:
    """`recruit_question`, and how many of its first options are the rules' own."""
    seat = step.seat
    tables = board.variant.tables
    options: tuple[Option, ...]
    face_up = board.face_up
    take = tables.take_options[seat]
    if len(face_up) == 1:
        options = (take[face_up[0]],)
    elif face_up:
        options = tuple([take[card] for card in recruit_choices(face_up, tables.card_kind)])
    else:
        options = (Option("draw top", (Placement(board.draw_pile[0], FOLLOWERS, seat,
                                             Zone.DRAW_PILE),)),)
    if not amenders:
        return Question(seat, "take a follower", options), len(options)
    state = board.snapshot()
    offered: Any = options  # what the powers answer is checked (Question, distinct_options)
    for fi in amenders:
        amended = powers_of(tables)[fi].recruit_options(state, step, offered)
        if amended is not None and amended.__class__ is not tuple:
            name = tables.faction_names[fi]
            raise PowerError(f"power of {name}: recruit_options returned {amended!r}, not "
                             "a tuple of options", name, amended)
        offered = offered if amended is None else amended
    trusted = 0
    if offered.__class__ is tuple:
        for mine, theirs in zip(options, offered):
            if mine is not theirs:
                break
            trusted += 1
    return Question(seat, "take a follower", offered), trusted


def _amenders(board: Board, data: Any) -> Sequence[int]:
    """The faction indices whose ``recruit_options`` apply to a recruiting step
    (found once per trick: the step's data is ``(plays, ranking, amenders)``)."""
    found: Sequence[int] = data[2]
    return found


def amenders(hooks: HookTable, present: int, won: int) -> tuple[int, ...]:
    """The faction indices whose ``recruit_options`` apply to a phase 1 trick: those
    whose cards were played (``present``), or (for hooks gated by `on_win`) won it
    (``won``: the bit of the card of rank 1)."""
    if not (present & hooks.recruit_mask or won & hooks.recruit_win_mask):
        return ()
    win_mask = hooks.recruit_win_mask
    return tuple([fi for fi, fmask in zip(hooks.recruiters, hooks.recruiter_masks)
                  if (won if fmask & win_mask else present) & fmask])
