"""Bad input: each is refused with the specific exception, whose message names the bad
value, and the state the caller holds is left unchanged."""

from __future__ import annotations

import pickle
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from conftest import deal, play

import claim
from claim.testing import random_playout

CLAIM = claim.load_variant("claim")


@contextmanager
def unchanged(state: claim.GameState) -> Iterator[None]:
    """The block must leave ``state`` equal to (and pickled the same as) before."""
    frozen = pickle.dumps(state)
    copy = pickle.loads(frozen)
    yield
    assert state == copy
    assert pickle.dumps(state) == frozen


def refused(
    state: claim.GameState, move: object, error: type[Exception], *words: str
) -> Exception:
    """Apply ``move`` to ``state``: it must raise ``error`` with ``words`` in the
    message and leave ``state`` unchanged; returns the exception."""
    with unchanged(state), pytest.raises(error) as info:
        state.apply(move)  # type: ignore[arg-type]
    for word in words:
        assert word.lower() in str(info.value).lower(), (word, str(info.value))
    return info.value


@pytest.fixture
def start() -> claim.GameState:
    """Seat 0 to lead, holding Gb5 Kn7 Dp3 (and no Undead 4); seat 1 holds Un4 Gb2."""
    return deal(CLAIM, ["Gb5", "Kn7", "Dp3"], ["Un4", "Gb2"], avoid0=["undead"])


def test_card_not_in_hand(start: claim.GameState) -> None:
    """A card the current player does not hold: IllegalMoveError naming it."""
    error = refused(start, "Un4", claim.IllegalMoveError, "Un4", "seat 0", "hold")
    assert isinstance(error, ValueError)
    assert not start.is_legal(claim.PlayCard(claim.Card("undead", 4)))
    with unchanged(start), pytest.raises(claim.IllegalMoveError, match="Un4"):
        start.check(claim.parse_move("Un4", CLAIM))


def test_card_of_the_other_seat_out_of_turn(start: claim.GameState) -> None:
    """Acting out of turn: seat 1's card played while seat 0 must lead is not in the
    current player's hand."""
    assert start.current_player == 0
    refused(start, "Gb2", claim.IllegalMoveError, "Gb2", "seat 0")
    after = start.apply("Gb5")
    assert after.current_player == 1
    refused(after, "Kn7", claim.IllegalMoveError, "Kn7", "seat 1")


def test_card_off_lead_faction_while_able_to_follow(start: claim.GameState) -> None:
    """RULES 3: a card off the lead faction while able to follow: the message names the
    card and says the player must follow."""
    after = start.apply("Gb5")
    refused(after, "Un4", claim.IllegalMoveError, "Un4", "follow", "goblins")
    assert not after.is_legal(claim.parse_move("Un4", CLAIM))


def test_card_not_in_the_variant(start: claim.GameState) -> None:
    """A move playing a card the variant does not have: IllegalMoveError naming it."""
    refused(start, claim.PlayCard(claim.Card("gnomes", 5, "Gn")), claim.IllegalMoveError, "Gn5")
    refused(start, claim.PlayCard(claim.Card("knights", 1, "Kn")), claim.IllegalMoveError, "Kn1")
    assert not start.is_legal(claim.PlayCard(claim.Card("gnomes", 5)))


def test_any_move_after_the_game_is_over() -> None:
    """Any move once the game is over: IllegalMoveError saying it is over."""
    final = random_playout(CLAIM, 11, check=False)
    assert final.is_over and final.legal_moves() == ()
    for move in ("Gb0", "Kn7", claim.TakeTopCard(), claim.TakeFaceUp(claim.Card("undead", 1))):
        refused(final, move, claim.IllegalMoveError, "over")
        assert not final.is_legal(move)
        with unchanged(final), pytest.raises(claim.IllegalMoveError, match="over"):
            final.check(move)


@pytest.mark.parametrize("text", ["Xx9", "Kn", "", "take", "smash Gn5", "Kn1", "Kn10",
                                  "Gn5", "7", "take Zz1"])
def test_malformed_move_strings(start: claim.GameState, text: str) -> None:
    """Malformed move text: NotationError quoting the text (the card, after 'take')."""
    quoted = text[len("take "):] if text.startswith("take ") else text
    error = refused(start, text, claim.NotationError, repr(quoted))
    assert isinstance(error, ValueError)
    with pytest.raises(claim.NotationError):
        claim.parse_move(text, CLAIM)


@pytest.mark.parametrize("move", [42, None, 3.5, b"Gb5", ("Gb5",), claim.Card("goblins", 5)])
def test_not_a_move_object(start: claim.GameState, move: object) -> None:
    """Something that is not a Move: IllegalMoveError naming it; is_legal is False."""
    error = refused(start, move, claim.IllegalMoveError, str(move), type(move).__name__)
    assert error.move is move  # type: ignore[attr-defined]
    assert not start.is_legal(move)
    with unchanged(start), pytest.raises(claim.IllegalMoveError):
        start.check(move)


@pytest.mark.parametrize("move", [claim.TakeTopCard(), claim.TakeFaceUp(claim.Card("goblins", 5)),
                                  claim.DeclineSmash(), "take top", "no smash"])
def test_decision_move_when_no_decision_is_pending(start: claim.GameState, move: object) -> None:
    """A decision move when no decision is pending: IllegalMoveError."""
    refused(start, move, claim.IllegalMoveError, "decision")
    assert not start.is_legal(move)


def test_is_legal_and_check_accept_notation_like_apply(start: claim.GameState) -> None:
    """is_legal and check take move notation as apply does: a legal 'Gb5' is legal, a
    card not in hand is refused naming it, and bad text is never legal."""
    start.apply("Gb5")
    assert start.is_legal("Gb5")
    start.check("Gb5")
    assert not start.is_legal("Un4")
    with unchanged(start), pytest.raises(claim.IllegalMoveError, match="Un4"):
        start.check("Un4")
    assert not start.is_legal("Xx9")
    with unchanged(start), pytest.raises(claim.NotationError, match="Xx9"):
        start.check("Xx9")


# -- explicit deals ------------------------------------------------------------------------


def full_deal() -> tuple[list[list[str]], list[str]]:
    """A valid explicit deal of the Claim deck, as notation."""
    deck = [str(card) for card in CLAIM.deck]
    return [deck[:13], deck[13:26]], deck[26:]


def test_valid_full_deal_is_accepted() -> None:
    hands, pile = full_deal()
    state = claim.new_game(CLAIM, hands=hands, draw_pile=pile)
    assert state.face_up_cards == (CLAIM.parse_card(pile[0]),)
    assert state.draw_pile_size == 25


def test_deal_with_a_duplicated_card() -> None:
    """A deal that is not the deck: DealError whose .extra and .missing name the cards."""
    hands, pile = full_deal()
    lost = hands[0][0]
    hands[0][0] = "Kn7"  # Kn7 is dealt twice, the first card not at all
    with pytest.raises(claim.DealError) as info:
        claim.new_game(CLAIM, hands=hands, draw_pile=pile)
    assert info.value.extra == ("Kn7",)
    assert info.value.missing == (lost,)
    assert "Kn7" in str(info.value) and lost in str(info.value)
    assert isinstance(info.value, ValueError)


def test_deal_with_a_card_of_another_game() -> None:
    """A card that is not in the deck at all (a Claim 2 Gnome) is named as extra."""
    hands, pile = full_deal()
    lost = pile[-1]
    given: list[str | claim.Card] = [*pile[:-1], claim.Card("gnomes", 5, "Gn")]
    with pytest.raises(claim.DealError) as info:
        claim.new_game(CLAIM, hands=hands, draw_pile=given)
    assert info.value.extra == ("Gn5",)
    assert info.value.missing == (lost,)


@pytest.mark.parametrize("size", [12, 14])
def test_deal_with_wrong_hand_size(size: int) -> None:
    """A hand of the wrong size: DealError giving the expected and the actual size."""
    hands, pile = full_deal()
    if size == 12:
        pile.append(hands[1].pop())
    else:
        hands[1].append(pile.pop())
    with pytest.raises(claim.DealError, match=rf"seat 1 .*13.*{size}"):
        claim.new_game(CLAIM, hands=hands, draw_pile=pile)


def test_deal_with_wrong_number_of_hands() -> None:
    """Three hands for a 2-player variant, or one: DealError naming the counts."""
    hands, pile = full_deal()
    with pytest.raises(claim.DealError, match="3 hands"):
        claim.new_game(CLAIM, hands=[*hands, pile[:13]], draw_pile=pile[13:])
    with pytest.raises(claim.DealError, match="1 hands"):
        claim.new_game(CLAIM, hands=hands[:1], draw_pile=hands[1] + pile)


def test_deal_with_wrong_draw_pile_size_or_missing_part() -> None:
    """A draw pile of the wrong size, or a deal without its pile, or a seed as well."""
    hands, pile = full_deal()
    with pytest.raises(claim.DealError, match="25"):
        claim.new_game(CLAIM, hands=hands, draw_pile=pile[:-1])
    with pytest.raises(claim.DealError):
        claim.new_game(CLAIM, hands=hands)
    with pytest.raises(claim.DealError, match="seed"):
        claim.new_game(CLAIM, seed=1, hands=hands, draw_pile=pile)


@pytest.mark.parametrize("seat", [-1, 2, 5])
def test_first_leader_out_of_range(seat: int) -> None:
    """R1: first_leader must be a seat: DealError naming the bad value."""
    with pytest.raises(claim.DealError, match=rf"not {seat}\b"):
        claim.new_game(CLAIM, seed=1, first_leader=seat)
    hands, pile = full_deal()
    with pytest.raises(claim.DealError, match=str(seat)):
        claim.new_game(CLAIM, hands=hands, draw_pile=pile, first_leader=seat)


def test_unknown_variant_name() -> None:
    """An unknown variant name: UnknownNameError (a LookupError) suggesting the nearest."""
    with pytest.raises(claim.UnknownNameError) as info:
        claim.load_variant("clam")
    assert info.value.nearest == "claim"
    assert "clam" in str(info.value) and "'claim'" in str(info.value)
    assert isinstance(info.value, LookupError)
    with pytest.raises(claim.UnknownNameError, match="clam"):
        claim.new_game("clam", seed=1)


def test_unknown_faction_in_mix() -> None:
    """An unknown faction name given to mix(): UnknownNameError with the nearest name."""
    with pytest.raises(claim.UnknownNameError) as info:
        claim.mix(["goblin", "knights", "undead", "dwarves", "doppelgangers"])
    assert info.value.nearest == "goblins"
    assert "goblin" in str(info.value)


def test_result_before_the_end() -> None:
    """result() before the game ends: GameNotOverError, in either phase."""
    state = claim.new_game(CLAIM, seed=5)
    with unchanged(state), pytest.raises(claim.GameNotOverError, match="not over"):
        state.result()
    while state.phase is claim.Phase.RECRUIT:
        state = state.apply(state.legal_moves()[0])
    with pytest.raises(claim.GameNotOverError, match="support"):
        state.result()


def test_errors_share_one_base_class() -> None:
    """Every refusal derives from ClaimError, so callers can catch them all."""
    for error in (claim.IllegalMoveError, claim.NotationError, claim.DealError,
                  claim.VariantError, claim.UnknownNameError, claim.GameNotOverError):
        assert issubclass(error, claim.ClaimError)


def test_state_still_plays_after_refusals(start: claim.GameState) -> None:
    """After a run of refused moves the same state plays on normally."""
    attempts: list[Callable[[], object]] = [
        lambda: start.apply("Un4"), lambda: start.apply("Xx9"),
        lambda: start.apply(None),  # type: ignore[arg-type]  # not a move at all
        lambda: start.apply(claim.TakeTopCard()),
    ]
    for attempt in attempts:
        with pytest.raises(claim.ClaimError):
            attempt()
    state = play(start, "Gb5", "Gb2")
    assert state.current_player == 0
    assert len(state.records) == 2


def test_seed_and_rng_together_are_refused() -> None:
    """R1 set-up: a seed and a generator together are ambiguous; DealError names both."""
    import random

    with pytest.raises(claim.DealError, match="seed or an rng"):
        claim.new_game("claim", seed=7, rng=random.Random(7))
