"""Spizzichino's card tables and buongiochi.

Source: ../shared/rules/sources/000_c57c37e6de3cc6cc.txt ("Play", "Scoring",
"Variations"), ../shared/rules/sources/001_4bb5011f2c927f3d.txt (packet tops
never count), ../shared/rules/README.md ("Spizzichino" rulings).

Buongiochi, declared by the engine for the player:
- three 3s, three 2s or three aces in hand: 3 points; all four: 4 points;
- Napoletana, the 3, 2 and ace of one suit in hand: 3 points.
Only cards in the hand count, never packet tops. One card may count in a
Napoletana and in a set of a kind. Each combination (the set of a rank, the
Napoletana of a suit) scores once per deal, so a three already scored that
becomes four scores nothing more, while four dealt at once score 4.

Hands are shown by suit, then from the strongest card down:

>>> display_codes(PACK.mask(["4D", "3D", "KC", "AD"]))
['KC', '3D', 'AD', '4D']
"""

from __future__ import annotations

from typing import Any

from games.rules.cards import ITALIAN_40, SUITS, bits, mask_display
from games.rules.tricks import (
    TRESSETTE_ORDER,
    TRESSETTE_THIRDS,
    beats_table,
    strength_table,
    value_table,
)

PACK = ITALIAN_40
CODES = PACK.codes
SUIT = PACK.suit_of
STRENGTH = strength_table(PACK, TRESSETTE_ORDER)
BEATS = beats_table(SUIT, STRENGTH)
"""``BEATS[first * 40 + second]`` is 1 when the second card of a trick wins it."""
THIRDS = value_table(PACK, TRESSETTE_THIRDS)
"""Card int -> value in thirds of a point: ace 3; 3, 2, K, Q, J 1; others 0."""
LAST_TRICK_THIRDS = 3
SUIT_MASKS = tuple(PACK.suit_mask(suit) for suit in SUITS)
PIZZICI = PACK.rank_mask("3") | PACK.rank_mask("2") | PACK.rank_mask("A")
"""The cards that may be taken from a packet top into the hand."""

NO_BUONGIOCHI = "none"
# Every combination as (flag in the ``scored`` bitmask, its cards, is it a set of a kind),
# the sets of 3s, 2s and aces first, then the Napoletane of C D H S.
_COMBINATIONS = tuple(
    (1 << i, PACK.rank_mask(rank), True) for i, rank in enumerate(("3", "2", "A"))
) + tuple(
    (1 << (3 + i), PACK.mask([f"3{suit}", f"2{suit}", f"A{suit}"]), False)
    for i, suit in enumerate(SUITS)
)
# A card taken into the hand can only complete the combinations it belongs to.
_COMBINATIONS_WITH = tuple(
    tuple(c for c in _COMBINATIONS if c[1] >> card & 1) for card in range(len(CODES))
)
display_codes = mask_display(CODES, lambda i: (SUIT[i], -STRENGTH[i]))
"""Bitmask -> codes sorted for display: by suit (C D H S), then 3 2 A K ... 4."""


def thirds_of(captured: int) -> int:
    """Value in thirds of a point of the cards in ``captured`` (a bitmask).

    Source: ../shared/rules/sources/000_c57c37e6de3cc6cc.txt ("Players and Cards");
    ../shared/rules/README.md (General rulings: exact thirds).

    >>> thirds_of(PACK.mask(["AC", "3C", "KD", "4S"]))
    5
    """
    return sum(THIRDS[i] for i in bits(captured))


def declare_buongiochi(
    hand: int, scored: int, card: int | None = None
) -> tuple[list[dict[str, Any]], int]:
    """Find the buongiochi in ``hand`` (bitmask) not yet scored.

    ``scored`` is a bitmask of combinations already declared this deal (bits
    0-2 the sets of 3s, 2s and aces; bits 3-6 the Napoletane of C D H S).
    With ``card`` (a card int just taken into the hand) only the combinations
    holding it are looked at. Returns ``(declarations, scored)``: each
    declaration is ``{"kind": "four"|"three"|"napoletana", "cards": [codes],
    "points": 4|3}``, sets first, and ``scored`` with their bits added.
    Source: ../shared/rules/sources/000_c57c37e6de3cc6cc.txt ("Play", "Variations"),
    ../shared/rules/sources/001_4bb5011f2c927f3d.txt (hand only), README rulings.

    >>> declare_buongiochi(PACK.mask(["3C", "3D", "3H", "2H", "AH"]), 0)[0]
    ... # doctest: +NORMALIZE_WHITESPACE
    [{'kind': 'three', 'cards': ['3C', '3D', '3H'], 'points': 3},
     {'kind': 'napoletana', 'cards': ['3H', '2H', 'AH'], 'points': 3}]
    """
    found = []
    for flag, mask, is_set in _COMBINATIONS if card is None else _COMBINATIONS_WITH[card]:
        held = hand & mask
        if scored & flag:
            continue
        if is_set:
            count = held.bit_count()
            if count < 3:
                continue
            kind, points = ("four", 4) if count == 4 else ("three", 3)
        elif held == mask:
            kind, points = "napoletana", 3
        else:
            continue
        scored |= flag
        found.append({"kind": kind, "cards": display_codes(held), "points": points})
    return found, scored
