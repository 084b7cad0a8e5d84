"""The faction hook protocol and its neutral defaults (the registry: `registry`).

A *power* is a small frozen object, one per faction of a variant, that overrides
only the hooks its faction changes. Every hook has a neutral default meaning "no
opinion"; a faction without a power (Goblins) is the base class itself. Hooks return
values or effects (`claim.rules.effects`); they never change anything, and every
effect passes the engine's one checker before it is carried out.

Hooks come in five kinds, in the order of `FactionPower`'s methods below (when each
is called, and which built-in powers use it: the docs' "Every hook" table):

* **static hooks**, asked once when the variant is built and turned into tables and
  card masks ([`lead_faction`][claim.rules.protocol.FactionPower.lead_faction] to
  [`initial_state`][claim.rules.protocol.FactionPower.initial_state]);
* **deal hooks**, hidden chance fixed at the deal: cards set aside and hidden states
  ([`set_aside`][claim.rules.protocol.FactionPower.set_aside] to
  [`at_deal`][claim.rules.protocol.FactionPower.at_deal]);
* **play hooks**, making the follow rule and playing a card depend on the state
  (`must_follow`, `lead_now`, `play_options`);
* **trick hooks**, called when a trick is complete, in this order: current values,
  ranking, questions before any card moves, cards moved before placement, placement,
  what follows placement, the next leader, then the queued steps, phase 1 recruiting
  last ([`value_modifier`][claim.rules.protocol.FactionPower.value_modifier], ...,
  [`place`][claim.rules.protocol.FactionPower.place], ...,
  [`recruit_options`][claim.rules.protocol.FactionPower.recruit_options]);
* **phase hooks**: a trick's start, a phase's start, the end of the game (before the
  votes), and the vote itself
  ([`trick_start`][claim.rules.protocol.FactionPower.trick_start] to
  [`vote`][claim.rules.protocol.FactionPower.vote]).

Between factions, a hook is called in the order of the powers' `priority` (lower
first; ties in the variant's faction order), never in registration order, and for a
trick hook only for factions whose cards take part, in the phases the power declares
(`phases`). Powers belong to physical cards only (R11): a hook is asked about a card
only by the card's own faction, so a Doppelganger counting as Undead never triggers
the Undead power.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from claim.core.cards import Card
from claim.core.zones import Phase
from claim.rules.answers import DeckFacts, generic_answers
from claim.rules.capabilities import NONE, Capabilities
from claim.rules.effects import Effect, Option, Placement, Question, SetAside, Step, ZoneSpec
from claim.rules.hook_arguments import Play, Trick
from claim.rules.rulebook import vote_winner

if TYPE_CHECKING:
    import random

    from claim.rules.state import GameState
    from claim.rules.variant import Variant

__all__ = ["FactionPower", "Play", "RankKey", "RuleOption", "Trick"]


RankKey = tuple[int, int, int, int]
"""A card's rank in a trick: compared as a tuple, higher ranks first.

The default key is ``(group, value, 0, -position)``, where group is 1 for the led
card and every card that counts as the lead faction and 0 for the others (RULES 3),
and value is the card's current value (E1), which may be negative (E27). Each part
must lie from ``-2**15`` to ``2**15 - 1`` (the engine packs a key into one int).
"""


@attrs.frozen
class RuleOption:
    """A named rule option a power reads from the variant's ``options``.

    Attributes:
        name: The option's name in variant data (``"dragon_lead"``).
        field: The power's attribute that receives the value.
        default: The value when the variant does not set it.
        choices: The allowed values.
        doc: One line on what the option changes.
    """

    name: str
    field: str
    default: Any
    choices: tuple[Any, ...]
    doc: str


NEUTRAL = Capabilities(public=True, monotone_votes=True)
"""What the neutral power promises: it reads nothing hidden and keeps votes monotone."""


@attrs.frozen
class FactionPower:
    """Base of every power: the neutral default for every hook.

    Subclasses are ``attrs`` frozen classes; their extra attributes are the power's
    parameters (set per faction in the variant data) and rule options (set per
    variant, declared in `rule_options`).

    Attributes:
        faction: The name of the faction this power is bound to.
    """

    name: ClassVar[str] = "none"
    rule_options: ClassVar[tuple[RuleOption, ...]] = ()
    phases: ClassVar[frozenset[Phase]] = frozenset({Phase.RECRUIT, Phase.SUPPORT})
    """The phases in which the engine calls this power's trick hooks."""
    faction_params: ClassVar[tuple[str, ...]] = ()
    """Parameters that name a faction; a variant checks they name one of its own."""
    priority: ClassVar[int] = 50
    """Order among powers at each hook point: lower first (documented per power)."""
    uses_chance: ClassVar[bool] = False
    """Whether the power needs the order fixed at the deal (``GameState.chance``)."""
    place_always: ClassVar[bool] = False
    """Whether `place` is called for every trick, not only when its cards are in it:
    a rule (which tricks the power takes part in, like `phases`), not a promise."""
    after_place_always: ClassVar[bool] = False
    """Whether `after_place` is called for every trick of the power's `phases`, not only
    those holding its cards (Vampires: a crypt's owner may tuck cards collected in any
    trick, E37): a rule, like `place_always`."""
    verbs: ClassVar[tuple[str, ...]] = ()
    """The first words of this power's answer labels (``"smash"``, ``"no"``): text
    starting with one is read as an answer (`claim.rules.notation`). A power that
    declares no `answers` gets the generic forms of each verb."""
    prey_params: ClassVar[tuple[str, ...]] = ()
    """Faction parameters naming cards to smash: the named faction's power must have
    `lays_in_front` (Giants' ``prey``)."""
    hidden_state: ClassVar[bool] = False
    """Whether the power state is hidden chance fixed at the deal (`deal_state`):
    a view shows only what `view_state` lets its seat see (by default nothing:
    None), the solver refuses the variant and determinization draws it again
    (`redraw_state`, E30). A power whose state changes in play (a Poisoner's look,
    E32) shows each seat its part of it through `view_state`."""
    hidden_ids: ClassVar[bool] = True
    """With `hidden_state`: whether the state is a set of card ids (the fake
    Tricksters: written sorted, renumbered in a record of an explicit deal), or
    plain data kept as it is (the toxic cards' values, E32)."""
    plays_every_card: ClassVar[bool] = False
    """Whether `play_options` is asked for every card played, whatever its faction,
    not only this faction's (a Wizard's potion is drunk with any card, E34). Its
    options are extras: the card may also be played without any of them (a move
    without this power's label), and they combine with the card's own choices
    (labels joined: ``as elves drink``), so `play_labels` declares the combinations."""
    asks_after_recruiting: ClassVar[bool] = False
    """Whether, in phase 1, the steps this power's `after_place` queues are asked
    after the followers are taken rather than before (the Poisoners' look, E32)."""
    lays_in_front: ClassVar[bool] = False
    """Whether the cards of this faction a player captures lie face up in front of
    them (Gnomes), where a Giant can smash them."""
    faction: str

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A subclass's settings of the class variables above stay class variables
        (not `attrs` fields), whatever its annotations say: the built-in powers are
        compiled with mypyc (`claim._compiled`), whose classes keep their annotations
        without ``ClassVar``."""
        super().__init_subclass__(**kwargs)
        annotations = cls.__annotations__  # the class's own (Python 3.10 and later)
        for name in CLASS_VARIABLES.intersection(annotations):
            del annotations[name]

    def capabilities(self) -> Capabilities:
        """What the fast paths may rely on about this power's hooks
        (`claim.rules.capabilities`): nothing by default, so a power that declares
        nothing runs on the general paths. The neutral power (no hook overridden,
        the Goblins) promises what is true of it: public, monotone votes."""
        return NEUTRAL if type(self) is FactionPower else NONE

    # -- static hooks: asked once per variant --------------------------------

    def lead_faction(self) -> str:
        """The faction a trick is led in when a card of this faction leads it."""
        return self.faction

    def counts_as(self, lead: str) -> str:
        """The faction a card of this faction counts as when following ``lead``."""
        return self.faction

    def follows(self, lead: str) -> bool:
        """Whether holding these cards obliges a player to play one on ``lead``."""
        return lead == self.faction

    def always_playable(self) -> bool:
        """Whether these cards may be played even by a player able to follow."""
        return False

    def has_vote(self) -> bool:
        """Whether this faction is voted on at the end (E19: Elf-Orcs are not)."""
        return True

    def zones(self) -> tuple[ZoneSpec, ...]:
        """The places for cards this power needs beyond the standard zones."""
        return ()

    def answers(self, facts: DeckFacts) -> tuple[str, ...]:
        """Every label this power's questions (`ask`, `recruit_options`) may offer in
        the variant ``facts`` describes, in a fixed order (`claim.rules.answers`).

        Action ids number them; an option with another label is refused with a
        `PowerError`. By default the generic forms of each of `verbs`:
        ``<verb> top``, ``<verb> <card>``, ``<verb> <card>@<seat>``,
        ``<verb> <faction>``.
        """
        return generic_answers(self.verbs, facts)

    def play_labels(self, facts: DeckFacts) -> tuple[str, ...]:
        """Every label `play_options` may offer for this faction's cards (played as
        ``<card> <label>``), in a fixed order; () by default (no choice)."""
        return ()

    def initial_state(self) -> Hashable:
        """This power's state when a game starts (the moon: none yet)."""
        return None

    # -- deal hooks: hidden chance fixed at the deal (docs "Hidden chance") ---

    def set_aside(self) -> SetAside | None:
        """Cards of this faction set aside unseen before the deal (E33), or None.

        Asked once when the variant is built; the deck dealt is the deck less the
        cards set aside (RULES 2, E45)."""
        return None

    def deal_state(self, variant: Variant, rng: random.Random) -> Hashable:
        """With `hidden_state`: the power state drawn at a seeded deal from the
        deal's own generator, after the shuffle (the fake Tricksters, E30); also
        how determinization draws it again. By default `initial_state`."""
        return self.initial_state()

    def dealt_state(self, variant: Variant, value: object) -> Hashable:
        """With `hidden_state`: an explicit deal's state for this power (``hidden=``
        of `claim.new_game`, a record's ``$.deal.hidden``), checked and made
        hashable. Raises ``ValueError`` with the reason when it is inconsistent."""
        raise ValueError(f"the power {self.name!r} keeps no hidden state")

    def view_state(self, value: Hashable, seat: int | None) -> Hashable:
        """With `hidden_state`: what ``seat``'s view (None: a spectator's) shows of
        the state ``value``, in views and in the history's state changes (RULES 7).
        By default nothing (None)."""
        return None

    def redraw_state(self, variant: Variant, shown: Hashable, rng: random.Random
                     ) -> Hashable:
        """With `hidden_state`: a state drawn from ``rng`` among those a seat whose
        view shows ``shown`` (`view_state`) cannot rule out, in the current form
        (the leak checks compare views with it). By default `deal_state`."""
        return self.deal_state(variant, rng)

    def at_deal(self, value: Hashable) -> Hashable:
        """With `hidden_state`: the state ``value`` as it was fixed at the deal (what
        determinization replays a sampled deal from): by default ``value`` itself."""
        return value

    def masked_class(self, value: int) -> str | None:
        """For a masked faction (E28): the class a card of printed ``value`` shows
        (``"high"``, ``"odd"``) while nobody knows its value; None (the default): the
        faction's cards are not masked. A masked power keeps its play order as a
        hidden state fixed at the deal (see `claim.rules.masking`)."""
        return None

    # -- play hooks ----------------------------------------------------------

    def must_follow(self, state: GameState) -> bool | None:
        """Whether the follow rule holds for the current trick; None: no opinion."""
        return None

    def lead_now(self, state: GameState, card: int) -> str | None:
        """The lead faction this card makes as the led card now; None: static."""
        return None

    def play_options(self, play: Play) -> tuple[Option, ...]:
        """Choices made as part of playing one of these cards (E3, E5)."""
        return ()

    # -- trick hooks: called only for factions that override them -----------

    def value_modifier(self, state: GameState, seat: int, card: int) -> int:
        """What this power adds to the value of ``card`` that ``seat`` plays (E1)."""
        return 0

    def plain_ranking(self, trick: Trick) -> bool:
        """Whether only current values rank this trick (E13)."""
        return False

    def rank_key(self, trick: Trick, position: int) -> RankKey | None:
        """The rank key of this faction's card at ``position``; None for the default."""
        return None

    def rerank(self, trick: Trick, order: tuple[int, ...]) -> tuple[int, ...] | None:
        """A new order of positions after the ranking; None to keep ``order``."""
        return None

    def review(self, trick: Trick) -> Sequence[Effect]:
        """Questions asked once the trick is ranked, before any of its cards moves: `Ask`
        steps (and power states). While one waits, the complete trick stays on the
        table; once all are answered the trick resolves on from the state the answers
        left (`capture`, placement, ...), calling `review` again, which must then ask
        nothing more: so an answer records its choice in the power state, and a later
        hook (`capture`) carries it out (Minotaurs' take-back, E42)."""
        return ()

    def capture(self, trick: Trick) -> Sequence[Effect]:
        """Cards moved straight to a pile before placement (E15, E21, E22)."""
        return ()

    def place(self, trick: Trick, positions: tuple[int, ...]) -> Sequence[Effect] | None:
        """Where this faction's cards of a finished trick go, or None for the default.

        Called with the positions of this faction's cards still in the trick (not
        captured); also when none are left but the power's declared zones hold
        cards (a waiting Troll). The default discards the cards in phase 1 and gives
        them to the winner's score pile in phase 2.
        """
        return None

    def after_place(self, trick: Trick, placed: tuple[Placement, ...]) -> Sequence[Effect]:
        """Effects once the trick's cards are placed (``placed``: where they went)."""
        return ()

    def next_leader(self, trick: Trick) -> int | None:
        """The seat that leads the next trick, or None to leave it to the winner."""
        return None

    def recruit_options(
        self, state: GameState, step: Step, options: tuple[Option, ...]
    ) -> tuple[Option, ...] | None:
        """Phase 1: change a recruit's options (Seers, Ghosts); None: unchanged.

        ``step.data`` starts ``(plays, ranking)``: the trick's ``(seat, card id)`` in
        play order and the seats from rank 1 down.
        """
        return None

    def ask(self, state: GameState, step: Step) -> Question | Sequence[Effect]:
        """The question (or, if nothing is to be asked, the effects) of a queued step."""
        raise NotImplementedError(f"power {self.name!r} queued a step but has no ask hook")

    # -- phase hooks ---------------------------------------------------------

    def trick_start(self, state: GameState) -> Sequence[Effect]:
        """Effects when a trick begins (its face-up cards are turned)."""
        return ()

    def phase_start(self, state: GameState) -> Sequence[Effect]:
        """Effects when ``state.phase`` begins."""
        return ()

    def finish(self, state: GameState) -> Sequence[Effect]:
        """Effects when the game ends, before the votes (Gnomes, Trolls, Ice)."""
        return ()

    def voting_cards(self, state: GameState, seat: int) -> int | None:
        """The cards of ``seat`` that count for this faction's vote, as a mask of card
        ids; None for the default: the cards of its score pile that score as this
        faction (`scores_as`). A power whose vote counts cards kept elsewhere (the
        Vampires' crypt zone, E38, E40) names them; they then also count for the
        cascade of RULES 5 (cards and values in won factions)."""
        return None

    def scores_as(self, state: GameState, card: int) -> str | None:
        """The faction a scored card of this faction counts for; None for none."""
        return self.faction

    def vote(self, cards: tuple[tuple[Card, ...], ...]) -> int | None:
        """The party that wins this faction's vote, from each party's cards (R12).

        The most cards wins; a tie goes to the tied party holding the highest card;
        equal highest cards, or nobody holding any, leave the vote unclaimed.
        """
        counts = [len(pile) for pile in cards]
        tops = [max([card.value for card in pile], default=0) for pile in cards]
        winner = vote_winner(counts, tops)  # the rulebook's one statement of R12
        return None if winner < 0 else winner


CLASS_VARIABLES = frozenset(name for name, annotation in FactionPower.__annotations__.items()
                            if str(annotation).startswith("ClassVar["))
"""The names of `FactionPower`'s class variables (``name``, ``priority``...)."""


def overrides(power: FactionPower, hook: str) -> bool:
    """Whether ``power`` overrides the named hook of `FactionPower`."""
    return getattr(type(power), hook) is not getattr(FactionPower, hook)


def option_fields(power: type[FactionPower]) -> dict[str, RuleOption]:
    """The rule options of a power class by option name."""
    return {option.name: option for option in power.rule_options}


def power_parameters(power: type[FactionPower]) -> tuple[str, ...]:
    """The parameter names a power class accepts from faction data."""
    option_attrs = {option.field for option in power.rule_options}
    return tuple(
        a.name for a in attrs.fields(power) if a.name != "faction" and a.name not in option_attrs
    )
