"""Calabrasella's card tables, the score of a hand in thirds and its settlement in chips.

Pure functions over card ints and bitmasks (cards.ITALIAN_40); no deal state.
Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Calabrasella":
"Card ranking", "Scoring"), ../shared/rules/README.md (General rulings: court
order and exact thirds; "Calabrasella": set-aside cards, chips, 35-0).

Counting, as 004 gives it: each ace 3 points, each 3, 2 and court card
(K, Q, J) 1 point, the last trick 3 points; 004's "points" are the thirds of
the Tressette count (ace 1, figure 1/3, last trick 1), so a full hand holds
35 of them (12 for the aces, 20 for the figures, 3 for the last trick) and
they are kept as integers, never rounded. Cards set aside (the declarer's
discards and the widow cards he does not take) count for no one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.rules.cards import ITALIAN_40, SUITS, mask_display
from games.rules.matches import higher_total_after
from games.rules.tricks import TRESSETTE_ORDER, TRESSETTE_THIRDS, strength_table, value_table

PACK = ITALIAN_40
CODES = PACK.codes
SUIT = PACK.suit_of
STRENGTH = strength_table(PACK, TRESSETTE_ORDER)
"""Card int -> strength within its suit: 3 2 A K Q J 7 6 5 4, highest first (004)."""
THIRDS = value_table(PACK, TRESSETTE_THIRDS)
"""Card int -> value in thirds: ace 3; 3, 2, K, Q, J 1; 7 6 5 4 nothing (004)."""
SUIT_MASKS = tuple(PACK.suit_mask(suit) for suit in SUITS)
THREES = PACK.rank_mask("3")
TWOS = PACK.rank_mask("2")
LAST_TRICK_THIRDS = 3
TOTAL_THIRDS = sum(THIRDS) + LAST_TRICK_THIRDS  # 35

_BYTE_THIRDS = tuple(
    tuple(sum(THIRDS[start + b] for b in range(8) if value >> b & 1) for value in range(256))
    for start in range(0, len(CODES), 8)
)

display_codes = mask_display(CODES, lambda card: (SUIT[card], -STRENGTH[card]))
"""Bitmask -> codes by suit (C D H S), then 3 2 A K Q J 7 6 5 4: how a hand is shown."""


def card_thirds(mask: int) -> int:
    """The value in thirds of the cards of ``mask`` (the last trick not included).

    >>> card_thirds(PACK.mask(["AC", "3D", "KS", "7H"]))
    5
    >>> card_thirds(PACK.mask(CODES)) + LAST_TRICK_THIRDS == TOTAL_THIRDS == 35
    True
    """
    total = 0
    for table in _BYTE_THIRDS:
        total += table[mask & 255]
        mask >>= 8
    return total


def callable_cards(hand: int) -> int:
    """The cards a declarer holding ``hand`` may call: the 3s he lacks, or, holding all
    four 3s, the 2s he lacks (0 when he holds all eight). Bitmask.

    Source: 004 ("Bidding and exchanging cards").
    """
    threes = THREES & ~hand
    return threes if threes else TWOS & ~hand


def settle(
    declarer: int, declarer_thirds: int, defenders_thirds: int, seats: int = 3
) -> tuple[list[int], bool]:
    """Chips won (+) or paid (-) by each seat for one hand, and whether they were doubled.

    ``declarer_thirds`` and ``defenders_thirds`` are the two sides' scores in thirds
    (the defenders' added together). The difference is paid by each defender to the
    declarer when he scored more, and by the declarer to each defender when he scored
    less; equal scores pay nothing. A 35-0 hand (one side 35, the other 0) pays double:
    70 chips a payment. The chips sum to zero.
    Source: 004 ("Scoring"), ../shared/rules/README.md ("Calabrasella").

    >>> settle(0, 19, 16)
    ([6, -3, -3], False)
    >>> settle(1, 11, 24)
    ([13, -26, 13], False)
    >>> settle(2, 35, 0)
    ([-70, -70, 140], True)
    """
    difference = declarer_thirds - defenders_thirds
    doubled = sorted((declarer_thirds, defenders_thirds)) == [0, TOTAL_THIRDS]
    if doubled:
        difference *= 2
    chips = [-difference] * seats
    chips[declarer] = difference * (seats - 1)
    return chips, doubled


def hand_result(
    declarer: int | None,
    captured: Sequence[int],
    last_trick_winner: int | None,
    set_aside: int,
) -> dict[str, Any]:
    """The result of a finished hand, JSON-ready.

    ``captured[seat]`` is the bitmask of the cards ``seat`` won in tricks, ``set_aside``
    the bitmask of the discards and unused widow cards. With ``declarer`` None (all
    passed) nobody scores. Keys: ``points`` (chips per seat, the match currency),
    ``passed_out``, ``declarer``, ``seat_thirds`` (thirds won by each seat, the last
    trick included), ``declarer_thirds``, ``defenders_thirds``, ``set_aside_thirds``,
    ``last_trick`` (its winner) and ``doubled``.
    Source: 004 ("Scoring"); ../shared/rules/README.md ("Calabrasella").
    """
    seats = len(captured)
    if declarer is None:
        return {
            "points": [0] * seats,
            "passed_out": True,
            "declarer": None,
            "seat_thirds": [0] * seats,
            "declarer_thirds": 0,
            "defenders_thirds": 0,
            "set_aside_thirds": 0,
            "last_trick": None,
            "doubled": False,
        }
    seat_thirds = [card_thirds(mask) for mask in captured]
    if last_trick_winner is not None:
        seat_thirds[last_trick_winner] += LAST_TRICK_THIRDS
    declarer_thirds = seat_thirds[declarer]
    defenders_thirds = sum(seat_thirds) - declarer_thirds
    chips, doubled = settle(declarer, declarer_thirds, defenders_thirds, seats)
    return {
        "points": chips,
        "passed_out": False,
        "declarer": declarer,
        "seat_thirds": seat_thirds,
        "declarer_thirds": declarer_thirds,
        "defenders_thirds": defenders_thirds,
        "set_aside_thirds": card_thirds(set_aside),
        "last_trick": last_trick_winner,
        "doubled": doubled,
    }


def match_winner(totals: Sequence[int], played: int, deals: int, seats: int = 3) -> int | None:
    """The seat that won a match of ``deals`` hands given the chip ``totals`` after
    ``played`` hands, or None while it goes on: after the last hand the most chips win;
    a tie for the most means one more round of ``seats`` hands (each deals once more),
    again until one seat leads alone. Passed-out hands count as hands played.

    >>> match_winner([10, -4, -6], 5, 6), match_winner([10, -4, -6], 6, 6)
    (None, 0)
    >>> match_winner([5, 5, -10], 6, 6), match_winner([5, 8, -13], 9, 6)
    (None, 1)
    """
    return higher_total_after(totals, played, deals, more=seats)
