"""Briscola's card tables, the points of a hand and the end of the match.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Briscola": card
ranking, scoring), ../shared/rules/README.md ("Briscola" rulings).

A hand holds 120 card points (ace 11, 3 10, K 4, Q 3, J 2, others 0):
61 or more wins it, 60-60 is drawn. What a hand adds to the match depends on
the option ``match``:
- ``two_hands`` (the source's match, default): the card points. After two
  hands the higher total wins; equal totals mean one more hand, and another
  after every hand that leaves them equal (a drawn tie-breaker).
- ``best_of_three`` / ``one_hand``: 1 to the winner of the hand, 0 to each on
  a 60-60 draw; the first to win two hands (one hand) wins the match.

Hands are shown by suit, then from the strongest card down:

>>> display_codes(PACK.mask(["2D", "3D", "KC", "AD"]))
['KC', 'AD', '3D', '2D']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.rules.cards import ITALIAN_40, Pack, bits, mask_display
from games.rules.matches import higher_total_after
from games.rules.tricks import BRISCOLA_ORDER, BRISCOLA_POINTS, beats_table, strength_table

PACK = ITALIAN_40
PACK_39 = Pack("italian-39", [code for code in ITALIAN_40.new_order if code != "2C"])
"""Briscola for three: the 40-card pack without the 2 of clubs (rulings, "Briscola")."""
CODES = PACK.codes
SUIT = PACK.suit_of
STRENGTH = strength_table(PACK, BRISCOLA_ORDER)
POINTS = tuple(BRISCOLA_POINTS.get(rank, 0) for rank in PACK.rank_of)
"""Card int -> card points."""
BEATS_BY_TRUMP = tuple(beats_table(SUIT, STRENGTH, trump) for trump in range(4))
"""``BEATS_BY_TRUMP[trump][first * 40 + second]`` is 1 when the second card of a trick wins."""
HAND_POINTS = 120
WINNING_POINTS = 61

TWO_HANDS, BEST_OF_THREE, ONE_HAND = "two_hands", "best_of_three", "one_hand"
MATCHES = (TWO_HANDS, BEST_OF_THREE, ONE_HAND)
_HANDS_TO_WIN = {BEST_OF_THREE: 2, ONE_HAND: 1}
_TWO = 2  # hands in the source's match before a tie-breaker

display_codes = mask_display(CODES, lambda i: (SUIT[i], -STRENGTH[i]))
"""Bitmask -> codes sorted for display: by suit (C D H S), then A 3 K ... 2."""


def card_points(mask: int) -> int:
    """Card points of the cards in ``mask`` (a bitmask of card ints).

    Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Briscola": scoring).

    >>> card_points(PACK.mask(["AC", "3C", "KD", "QS", "JH", "7H"]))
    30
    >>> card_points((1 << 40) - 1)
    120
    """
    return sum(POINTS[i] for i in bits(mask))


def hand_winner(points: Sequence[int]) -> int | None:
    """The side that wins the hand given each side's card points: between two sides the
    one with 61 or more (None on a 60-60 draw); among three players the sole highest
    (None when the highest is shared).

    Source: ../shared/rules/README.md ("Briscola": a single hand of 120 card points).

    >>> hand_winner([61, 59]), hand_winner([0, 120]), hand_winner([60, 60])
    (0, 1, None)
    >>> hand_winner([50, 40, 30]), hand_winner([45, 45, 30])
    (0, None)
    """
    if len(points) == 2:
        for side, won in enumerate(points):
            if won >= WINNING_POINTS:
                return side
        return None
    best = max(points)
    return points.index(best) if list(points).count(best) == 1 else None


def hand_result(
    captured: Sequence[int], match: str, sides: Sequence[Sequence[int]] | None = None
) -> dict[str, Any]:
    """The result of a finished hand from each seat's won cards (bitmasks).

    ``sides`` are the seats of each side (default: one seat a side); partners pool
    their tricks. Returns ``{"points": [per seat], "side_points": [per side],
    "card_points": [per side], "winner": side | None, "tricks": [per seat]}``;
    ``side_points`` are the side's card points with ``match="two_hands"``, else 1 for
    the hand's winning side and 0 otherwise, and ``points[seat]`` its side's.
    """
    if sides is None:
        sides = [(seat,) for seat in range(len(captured))]
    won = [sum(card_points(captured[seat]) for seat in side) for side in sides]
    winner = hand_winner(won)
    if match == TWO_HANDS:
        side_points = list(won)
    else:
        side_points = [int(side == winner) for side in range(len(won))]
    points = [0] * len(captured)
    for number, side in enumerate(sides):
        for seat in side:
            points[seat] = side_points[number]
    return {
        "points": points,
        "side_points": side_points,
        "card_points": won,
        "winner": winner,
        "tricks": [mask.bit_count() // len(captured) for mask in captured],
    }


def match_winner(totals: Sequence[int], hands: int, match: str, seats: int = 2) -> int | None:
    """The winning side given match ``totals`` (per side) after ``hands`` hands, or None
    while the match goes on.

    ``two_hands``: heads-up, after two hands or more the higher total, None while equal
    (so a tie-breaker hand decides, and a drawn one is followed by another). At three or
    four players each deals once (rulings: "each deals once" at three; the same at four
    so that the deal goes round the table): after ``seats`` hands the higher total wins,
    and equal totals mean another round of ``seats`` hands.
    ``best_of_three`` / ``one_hand``: the first side to 2 / 1 hands won.
    Source: ../shared/rules/README.md ("Briscola"), 004 ("Briscola": the match).

    >>> match_winner([70, 50], 1, "two_hands"), match_winner([130, 110], 2, "two_hands")
    (None, 0)
    >>> match_winner([120, 120], 2, "two_hands"), match_winner([120, 180], 3, "two_hands")
    (None, 1)
    >>> match_winner([1, 1], 3, "best_of_three"), match_winner([2, 1], 3, "best_of_three")
    (None, 0)
    >>> three = [150, 130, 80]
    >>> match_winner(three, 2, "two_hands", 3), match_winner(three, 3, "two_hands", 3)
    (None, 0)
    >>> match_winner([240, 240], 4, "two_hands", 4), match_winner([250, 230], 8, "two_hands", 4)
    (None, 0)
    """
    if match == TWO_HANDS:
        if seats == 2:
            return higher_total_after(totals, hands, _TWO)
        return higher_total_after(totals, hands, seats, more=seats)
    needed = _HANDS_TO_WIN[match]
    for seat, won in enumerate(totals):
        if won >= needed:
            return seat
    return None
