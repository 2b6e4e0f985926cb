"""Briscola's card tables, the points of a hand and the end of the match.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Briscola": card
ranking, scoring), ../shared/rules/README.md ("Briscola" rulings).

A hand holds 120 card points (ace 11, 3 10, K 4, Q 3, J 2, others 0):
61 or more wins it, 60-60 is drawn. What a hand adds to the match depends on
the option ``match``:
- ``two_hands`` (the source's match, default): the card points. After two
  hands (three at three players, each dealing once) the higher total wins; equal
  totals mean exactly one more hand, and another after every hand that leaves
  them equal (a drawn tie-breaker).
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
_TWO, _THREE = 2, 3  # hands in the source's match before a tie-breaker (at 2 or 4, at 3)

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
    captured: Sequence[int],
    match: str,
    sides: Sequence[Sequence[int]] | None = None,
    *,
    stopped: bool = False,
) -> dict[str, Any]:
    """The result of a finished hand from each seat's won cards (bitmasks).

    ``sides`` are the seats of each side (default: one seat a side); partners pool
    their tricks. ``stopped``: the hand was stopped part way (a round clock, the game's
    ``result_as_it_stands``), and its winner is the sole side with the most card points
    so far rather than one with 61. Returns ``{"points": [per seat], "side_points": [per side],
    "card_points": [per side], "winner": side | None, "tricks": [per seat]}``;
    ``side_points`` are the side's card points with ``match="two_hands"``, else 1 for
    the hand's winning side and 0 otherwise, and ``points[seat]`` its side's.
    """
    if sides is None:
        sides = [(seat,) for seat in range(len(captured))]
    won = [sum(card_points(captured[seat]) for seat in side) for side in sides]
    if stopped:
        best = max(won)
        winner = won.index(best) if won.count(best) == 1 else None
    else:
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


def match_hands(seats: int) -> int:
    """The hands of a ``two_hands`` match before any tie-breaker: two at two and at four
    players (the deal passing to the left), three at three (each player deals once).

    Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Briscola": "In the two-
    and four-player games, one more hand is played ... In the three-player game, each
    player deals one hand"), ../shared/rules/README.md ("Briscola": a match follows 004
    literally).

    >>> match_hands(2), match_hands(3), match_hands(4)
    (2, 3, 2)
    """
    return _THREE if seats == _THREE else _TWO


def match_winner(totals: Sequence[int], hands: int, match: str, seats: int = 2) -> int | None:
    """The winning side given match ``totals`` (per side) after ``hands`` hands, or None
    while the match goes on.

    ``two_hands``: after ``match_hands(seats)`` hands (two at two and four players, three
    at three) the sole highest total wins. Equal highest totals mean exactly one
    tie-breaker hand, never another whole round; a tie-breaker that leaves them equal
    (a 60-60 hand between two sides) is followed by another single hand, and so on.
    The totals keep counting through the tie-breakers, so between two sides the winner of
    the tie-breaker hand wins the match; at three the tie-breaker is played by all three
    and the totals after it decide (a decision of this module: 004 names only "the winner
    of a tie-breaker hand", and the rulings a 60-60 draw, both read for two sides).
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
    >>> tied = [130, 130, 100]
    >>> match_winner(tied, 3, "two_hands", 3), match_winner([170, 150, 160], 4, "two_hands", 3)
    (None, 0)
    >>> match_winner([120, 120], 2, "two_hands", 4), match_winner([181, 179], 3, "two_hands", 4)
    (None, 0)
    """
    if match == TWO_HANDS:
        return higher_total_after(totals, hands, match_hands(seats))
    needed = _HANDS_TO_WIN[match]
    for seat, won in enumerate(totals):
        if won >= needed:
            return seat
    return None
