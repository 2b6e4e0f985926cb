"""Pinch Tarot's card tables, trick points and the fool's exchange.

Source: ../shared/rules/sources/003_7513308a0e62a486.txt ("Trick points",
"The fool", "Bagatto urtimo", "Scoring"), ../shared/rules/README.md
("Pinch Tarot" rulings).

Trick points: one point for every three cards captured, a remainder of two
cards rounded up and of one card rounded down; plus the card points of the
captured cards (trumps 1 and 20, the fool and kings 4, queens 3, cavaliers 2,
jacks 1). The two players' trick points always sum to 78.

Hands are shown by suit from the ace up, then the trumps by number, then the fool:

>>> display_codes(PACK.mask(["FOOL", "20T", "3T", "KD", "CD", "10C"]))
['10C', 'CD', 'KD', '3T', '20T', 'FOOL']
"""

from __future__ import annotations

from collections.abc import Sequence

from games.rules.cards import FOOL_SUIT, TAROT_78, TRUMP_SUIT, mask_display
from games.rules.tricks import TarotTricks

PACK = TAROT_78
CODES = PACK.codes
CARDS = len(CODES)
RULES = TarotTricks(PACK)
SUIT = PACK.suit_of
STRENGTH = RULES.strength
BEATS = RULES.beats
"""``BEATS[first * 78 + second]`` is 1 when the second card of a trick wins it."""
TRUMPS = PACK.suit_masks[TRUMP_SUIT]
FOOL = PACK.index["FOOL"]
BAGATTO = PACK.index["1T"]
TOTAL_TRICK_POINTS = 78
BAGATTO_URTIMO = 20

_RANK_POINTS = {"K": 4, "Q": 3, "C": 2, "J": 1}
POINTS = tuple(
    4
    if code in ("1T", "20T", "FOOL")
    else 0
    if SUIT[i] == TRUMP_SUIT
    else _RANK_POINTS.get(code[:-1], 0)
    for i, code in enumerate(CODES)
)
"""Card int -> card points: trumps 1 and 20, the fool, kings 4; queens 3; cavaliers 2; jacks 1."""
# Cards grouped by value, so a pile's card points are a few bit counts.
_BY_VALUE = tuple(
    (value, sum(1 << i for i, p in enumerate(POINTS) if p == value)) for value in (4, 3, 2, 1)
)
display_codes = mask_display(CODES, lambda i: (SUIT[i], STRENGTH[i]))
"""Bitmask -> codes sorted for display: suits C D H S from the ace up (A..10, J, C,
Q, K), then trumps by number, then the fool."""


def card_points(cards: int) -> int:
    """Card points of the cards in ``cards`` (a bitmask); the whole pack has 52.

    >>> card_points(PACK.mask(["KS", "QS", "CS", "JS", "1T", "20T", "21T", "FOOL", "5H"]))
    22
    """
    return sum(value * (cards & mask).bit_count() for value, mask in _BY_VALUE)


def count_points(captured: int) -> int:
    """Points for ``captured`` cards counted by threes: a remainder of two rounds up,
    of one down (003, "Trick points").

    >>> [count_points(n) for n in (0, 1, 2, 3, 37, 38, 39, 41)]
    [0, 0, 1, 1, 12, 13, 13, 14]
    """
    return captured // 3 + (captured % 3 == 2)


def exchange_card(trick: Sequence[int]) -> int:
    """The card the fool's owner gives in exchange: the lowest-valued card of ``trick``.

    Among cards of equal card points a suit card goes before a trump and the
    weaker card before the stronger (README rulings leave the tie open).

    >>> CODES[exchange_card((PACK.index["KH"], PACK.index["2H"]))]
    '2H'
    >>> CODES[exchange_card((PACK.index["5T"], PACK.index["9C"]))]
    '9C'
    """
    return min(trick, key=lambda card: (POINTS[card], SUIT[card] == TRUMP_SUIT, STRENGTH[card]))


def is_fool(card: int) -> bool:
    """True for the fool."""
    return SUIT[card] == FOOL_SUIT
