"""The deal a game started from, kept in every state so any state can give its record.

A [`Deal`][] is data only: card ids (positions in the variant's deck) per seat, the
draw pile from its top card down, the chance order fixed at the deal (E12), the
first leader (R1), the seed the shuffle came from, when there was one, and the
hidden chance fixed at the deal: the cards set aside (E33) and the hidden power
states (E30).
"""

from __future__ import annotations

from collections.abc import Hashable

import attrs

from claim.core._fast import pickle_by_fields

__all__ = ["Deal"]


@pickle_by_fields
@attrs.frozen
class Deal:
    """How a game was dealt.

    Attributes:
        hands: Per seat, the card ids dealt to it, in the order dealt.
        draw_pile: Card ids of the draw pile, top card first (its top cards were
            turned face up for the first trick).
        chance: The chance order fixed at the deal (E12); empty when no power
            uses chance.
        first_leader: The seat that led the first trick (R1).
        seed: The seed of the shuffle, or None for an explicit deal or a shuffle
            from a caller's ``random.Random``.
        set_aside: Per power setting cards aside (``variant.tables.asides``), the
            card ids it set aside, in the order drawn (E33); empty without such powers.
        hidden: Per power with a hidden state (``variant.tables.hidden_states``),
            the state fixed at the deal (E30); empty without such powers.
    """

    hands: tuple[tuple[int, ...], ...]
    draw_pile: tuple[int, ...]
    chance: tuple[int, ...]
    first_leader: int
    seed: int | None = None
    set_aside: tuple[tuple[int, ...], ...] = ()
    hidden: tuple[Hashable, ...] = ()
