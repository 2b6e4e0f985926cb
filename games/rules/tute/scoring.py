"""Tute's card tables, the count of a hand and the end of the match.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Tute": card ranking,
scoring), ../shared/rules/README.md ("Tute" rulings).

Card points: ace 11, 3 10, king 4, knight (Q) 3, knave (J) 2, the rest 0: 120 in the
pack. A hand adds each side's declarations (las cuarenta 40, each veinte 20) and 10 for
the last trick; the higher total wins the hand, equal totals draw it.

>>> card_points(PACK.mask(["AC", "3C", "KD", "QS", "JH", "7H"]))
30
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.rules.cards import ITALIAN_40, bits
from games.rules.tricks import BRISCOLA_ORDER, BRISCOLA_POINTS, strength_table, value_table

PACK = ITALIAN_40
"""The 40-card Spanish pack on the suit codes: D oros, H copas, S espadas, C bastos;
J sota, Q caballo, K rey (../shared/DESIGN.md, "Card codes")."""
CODES = PACK.codes
SUIT = PACK.suit_of
RANK = PACK.rank_of
STRENGTH = strength_table(PACK, BRISCOLA_ORDER)
"""Card int -> strength in its suit: A 3 K Q J 7 6 5 4 2, highest first (004)."""
POINTS = value_table(PACK, BRISCOLA_POINTS)
CUARENTA, VEINTE, LAST_TRICK = 40, 20, 10


def card_points(mask: int) -> int:
    """Card points of the cards in ``mask`` (a bitmask of card ints)."""
    return sum(POINTS[i] for i in bits(mask))


def hand_result(
    captured: Sequence[int],
    sides: Sequence[Sequence[int]],
    declarations: Sequence[dict[str, Any]],
    last_winner: int | None,
    tute: int | None,
) -> dict[str, Any]:
    """The result of a finished hand.

    ``captured`` is each seat's won cards (bitmasks), ``declarations`` the declarations
    made (``{"seat", "kind", "suit", "points"}``), ``last_winner`` the seat that won the
    last trick (None when a tute ended the hand), ``tute`` the seat that declared a tute
    (None otherwise). Returns ``{"points": [per seat], "side_points": [per side],
    "totals": [per side], "card_points": [per side], "declared": [per side],
    "last_trick": side | None, "winner": side | None, "tute": seat | None}``;
    ``side_points`` is 1 for the side that won the hand, 0 otherwise (the match counts
    hands won), and ``points[seat]`` its side's.
    Source: 004 ("Tute": scoring, tute), ../shared/rules/README.md ("Tute").

    >>> sides = ((0, 2), (1, 3))
    >>> won = [PACK.mask(["AC", "3C"]), PACK.mask(["KD"]), 0, 0]
    >>> r = hand_result(won, sides, [{"seat": 1, "points": 20}], 0, None)
    >>> r["totals"], r["winner"], r["points"]
    ([31, 24], 0, [1, 0, 1, 0])
    """
    side_of = {seat: number for number, side in enumerate(sides) for seat in side}
    cards = [sum(card_points(captured[seat]) for seat in side) for side in sides]
    declared = [0] * len(sides)
    for item in declarations:
        declared[side_of[item["seat"]]] += item["points"]
    last = side_of[last_winner] if last_winner is not None else None
    totals = [cards[n] + declared[n] + (LAST_TRICK if last == n else 0) for n in range(len(sides))]
    if tute is not None:
        winner: int | None = side_of[tute]
    elif totals[0] == totals[1]:
        winner = None
    else:
        winner = 0 if totals[0] > totals[1] else 1
    side_points = [int(n == winner) for n in range(len(sides))]
    return {
        "points": [side_points[side_of[seat]] for seat in range(len(captured))],
        "side_points": side_points,
        "totals": totals,
        "card_points": cards,
        "declared": declared,
        "last_trick": last,
        "winner": winner,
        "tute": tute,
    }


def match_winner(hands_won: Sequence[int], played: int, hands: int) -> int | None:
    """The side that won the match after ``played`` hands, or None while it goes on: after
    ``hands`` hands the side with more hands won; while they are level (drawn hands) one
    more hand is played at a time.
    Source: ../shared/rules/README.md ("Tute": a set number of hands, most hands won).

    >>> match_winner([3, 1], 4, 5), match_winner([3, 2], 5, 5), match_winner([2, 2], 5, 5)
    (None, 0, None)
    >>> match_winner([2, 3], 6, 5)
    1
    """
    if played < hands or hands_won[0] == hands_won[1]:
        return None
    return 0 if hands_won[0] > hands_won[1] else 1
