"""What a power promises about its hooks, so that the fast paths may rely on it.

The hooks of [`FactionPower`][claim.rules.protocol.FactionPower] state rules. A
power's [`Capabilities`][claim.rules.capabilities.Capabilities] (its
``capabilities()`` hook) state facts *about* those hooks that no rule needs but an
optimizer can use: that they read public information only (determinization builds
states without replaying), that some depend on the trick alone (a playout tabulates
them), that votes only grow (the solver bounds a result early), that some matter
only when the power's card wins the trick, in which lead factions a ranking applies,
or which built-in mechanism reproduces the power in a playout. The defaults promise
nothing and are always correct; each claim only makes something faster, and a false
claim makes it wrong, which `claim.testing.check_capabilities` catches (it names
the power and the claim).
"""

from __future__ import annotations

import attrs

from claim.rules.playout_rules import PlayoutRule

__all__ = ["Capabilities", "PURE_HOOKS", "WIN_HOOKS"]

PURE_HOOKS = frozenset({"rank_key", "place", "next_leader"})
"""The trick hooks a power may declare pure (see `Capabilities.pure`)."""

WIN_HOOKS = frozenset({"after_place", "recruit_options"})
"""The hooks a power may declare to matter only when its card wins (`on_win`)."""


@attrs.frozen
class Capabilities:
    """A power's promises about its hooks (see the module). Defaults: none.

    Attributes:
        public: Every hook decides from public information alone: the cards
            played, public zones and piles, power states; never a hand, a follower
            pile, the draw pile or a hidden zone. Determinization
            (`claim.info.sampling`) builds a sampled state directly, without
            replaying the game, only when every power of the variant promises it
            (or `hidden_on_win`). A power with a hidden state
            (`FactionPower.hidden_state`) may promise it when only its ``finish``
            reads that state (the Tricksters' fakes, E30): the views of games not
            over are then built directly.
        pure: Trick hooks whose answer depends on the trick alone, never on its
            state, so a playout may tabulate them by calling them once per variant:
            ``rank_key`` only on the lead faction, the led card, this card and its
            position; ``place`` only on the positions given and the winner's and
            last seats; ``next_leader`` only on the seats and which positions hold
            this faction's cards.
        monotone_votes: The power never takes a card out of a score pile and never
            changes how a vote is counted. The phase 2 solver bounds results early
            only when every power of the variant promises it.
        on_win: Hooks (``after_place``, ``recruit_options``) that matter only when
            this power's card wins the trick: the engine skips them otherwise. For
            ``recruit_options`` it also means only the winner's own recruiting step.
        rank_leads: The lead factions in which this power's ``rank_key`` can
            matter; None for every lead faction.
        playout_rule: The mechanism of `claim.rules.playout_rules` that
            reproduces the power's state-dependent hooks in a fast playout, or None.
        card_blind_options: For a power with `FactionPower.plays_every_card`: its
            ``play_options`` answer the same whichever card is played (they depend
            on the state, the seat and whether the card comes from the hand). The
            engine then asks once per seat and state for the cards that have no
            choices of their own (the Wizards' potion, E34).
        hidden_on_win: The `on_win` hooks may read hidden cards (the Seers' peek
            at the draw pile and their choice, R10, R15) and every other hook
            keeps the promise of `public`. Determinization then builds states
            directly all the same and has the engine replay only the moves of each
            trick this power's card wins (from its last card to the next card
            played), comparing them with the view.
    """

    public: bool = False
    pure: frozenset[str] = frozenset()
    monotone_votes: bool = False
    on_win: frozenset[str] = frozenset()
    rank_leads: frozenset[str] | None = None
    playout_rule: PlayoutRule | None = None
    card_blind_options: bool = False
    hidden_on_win: bool = False

    def __attrs_post_init__(self) -> None:
        for name, allowed in (("pure", PURE_HOOKS), ("on_win", WIN_HOOKS)):
            value = getattr(self, name)
            if not isinstance(value, frozenset) or not value <= allowed:
                raise ValueError(f"Capabilities.{name} must be a frozenset of "
                                 f"{sorted(allowed)}, not {value!r}")
        if self.hidden_on_win and not self.on_win:
            raise ValueError("Capabilities.hidden_on_win needs the hooks it concerns "
                             "in Capabilities.on_win")

    @property
    def direct(self) -> bool:
        """Whether determinization may build states directly (`public` or
        `hidden_on_win`)."""
        return self.public or self.hidden_on_win


NONE = Capabilities()
"""No promise: the default of every power."""
