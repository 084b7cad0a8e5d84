"""A variant's masked cards as tables (E28, E29): which cards are masked, the class
each shows, and the moves that name them, built once per variant for
`claim.rules.masking` (which re-exports `MaskTable` and `mask_table`). Compiled
(`claim._compiled`)."""

from __future__ import annotations

from claim.core.cache import per_variant
from claim.core.cards import Card, MaskedCard
from claim.core.errors import VariantError
from claim.core.moves import PlayCard
from claim.rules.variant import Variant

__all__ = ["MaskTable", "class_card", "mask_table"]


class MaskTable:
    """A variant's masked cards, built once per variant by `mask_table`; read only.

    A plain class, not an ``attrs`` one: compiled (`claim._compiled`), a native
    class whose fields the masked layer reads in a few instructions on every move.

    Attributes:
        mask: The ids of every masked card, as a bit mask.
        shown: Per card id, the `MaskedCard` it shows unrevealed (None: not masked).
        by_card: Per printed masked card, the `MaskedCard` it shows.
        copies: Per printed masked card, the bit mask of its copies.
        factions: Per masked faction index, its name.
        classes: Every `MaskedCard` of the variant, in deck order of first cards.
        class_masks: Per `MaskedCard`, the ids of the cards that show it, as a bit mask.
        by_identity: Per card object of the deck (by ``id``), the bit mask of its copy
            if masked, else 0: `copies` read without hashing a `Card` (Python code),
            for the cards the engine's events and the variant's moves hold.
        class_moves: By the id of each of the variant's own moves (those the
            engine's `legal_moves` gives): the move, the ids of the masked cards it
            may play as a bit mask (0: none), the move that plays their class with
            no option (one object serves every state) and the class's place in the
            class order (for a move of no masked card: the move itself and -1).
        class_plays: By the id of each class move of ``class_moves``: the move and
            the ids of the cards of its class, as a bit mask.
        places: Per card id, its class's place in `classes` (-1: not masked).
    """

    __slots__ = ("by_card", "by_identity", "class_masks", "class_moves", "class_plays",
                 "classes", "copies", "factions", "mask", "places", "shown")

    def __init__(self, mask: int, shown: tuple[MaskedCard | None, ...],
                 by_card: dict[Card, MaskedCard], copies: dict[Card, int],
                 factions: dict[int, str], classes: tuple[MaskedCard, ...],
                 class_masks: dict[MaskedCard, int], by_identity: dict[int, int],
                 class_moves: dict[int, tuple[PlayCard, int, PlayCard, int]],
                 class_plays: dict[int, tuple[PlayCard, int]],
                 places: tuple[int, ...]) -> None:
        self.mask = mask
        self.shown = shown
        self.by_card = by_card
        self.copies = copies
        self.factions = factions
        self.classes = classes
        self.class_masks = class_masks
        self.by_identity = by_identity
        self.class_moves = class_moves
        self.class_plays = class_plays
        self.places = places

    def __repr__(self) -> str:
        return f"MaskTable({len(self.classes)} classes, mask={self.mask:#x})"


def class_card(held: int, order: object) -> int:
    """The card a class move plays (E29): the first of ``held`` (a non-empty card
    mask: the unrevealed cards of the class the player may play) in the play order
    ``order`` (the faction's power state: every card id of the faction in an order
    drawn at the deal); without such an order, the lowest id. Stated once, for the
    masked layer (`claim.rules.masking.check`) and the playout kernel."""
    if isinstance(order, tuple):
        for cid in order:
            if held >> cid & 1:
                return int(cid)
    return (held & -held).bit_length() - 1


@per_variant
def mask_table(variant: Variant) -> MaskTable | None:
    """The variant's masked cards, or None when no power masks its cards."""
    tables = variant.tables
    shown: list[MaskedCard | None] = []
    by_card: dict[Card, MaskedCard] = {}
    copies: dict[Card, int] = {}
    factions: dict[int, str] = {}
    for cid, card in enumerate(tables.deck):
        fi = tables.card_faction[cid]
        cls = tables.powers[fi].masked_class(card.value)
        if cls is None:
            shown.append(None)
            continue
        factions[fi] = card.faction
        masked = by_card.setdefault(card, MaskedCard(card.faction, cls, card.code))
        if card in copies:  # a reveal names a card: two copies would both show
            raise VariantError(f"masked faction {card.faction!r}: each value is one "
                               f"card (E28), {card} has copies", key="factions")
        copies[card] = 1 << cid
        shown.append(masked)
    if not factions:
        return None
    mask = sum(1 << cid for cid, s in enumerate(shown) if s is not None)
    classes = tuple(dict.fromkeys(s for s in shown if s is not None))
    ordered = tuple(sorted(classes, key=lambda m: (shown.index(m), m.shown)))
    class_masks = dict.fromkeys(ordered, 0)
    for cid, masked_as in enumerate(shown):
        if masked_as is not None:
            class_masks[masked_as] |= 1 << cid
    # The deck's cards live as long as the variant, which keeps this table: no other
    # live object shares an id with one of them.
    by_identity = {id(card): copies.get(card, 0) for card in tables.deck}
    place = {masked_as: index for index, masked_as in enumerate(ordered)}
    plays = {masked_as: PlayCard(masked_as) for masked_as in ordered}
    class_moves: dict[int, tuple[PlayCard, int, PlayCard, int]] = {}
    for key, (move, held) in tables.masks_by_id.items():
        if move.option is None and held & mask:
            masked_as = by_card[move.card]
            class_moves[key] = (move, held, plays[masked_as], place[masked_as])
        else:
            class_moves[key] = (move, 0, move, -1)
    class_plays = {id(play): (play, class_masks[masked_as]) for masked_as, play in plays.items()}
    places = tuple(-1 if masked_as is None else place[masked_as] for masked_as in shown)
    return MaskTable(mask, tuple(shown), by_card, copies, factions, ordered, class_masks,
                     by_identity, class_moves, class_plays, places)
