"""Tressette's card tables, the accusi (melds), the count of a deal in thirds and the
end of the match.

Pure functions over card ints and bitmasks (cards.ITALIAN_40); no deal state.
Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Tresette": "Card
ranking", "Melding", "Scoring"), ../shared/rules/README.md (General rulings: court
order, exact thirds; "Tressette").

Counting: each 3, 2 and court card (K, Q, J) is one third of a point, each ace three
thirds, the last trick three thirds: 35 thirds a deal (20 + 12 + 3). A side scores
``thirds // 3`` (004: "for every three of these cards captured, they score one point.
Any remainder is disregarded"; aces and the last trick are whole points, so rounding the
side's thirds down drops exactly that remainder), plus its accusi: 11 card points a deal
in all, since the two sides' remainders always add up to two thirds.
Accusi (004, "Melding"): three or four of a kind of aces, 2s or 3s (3 / 4 points) and the
napoli (3, 2 and ace of one suit, 3 points); a card may belong to a set and a napoli.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.rules.cards import ITALIAN_40, SUITS, mask_display
from games.rules.matches import higher_total_at_target
from games.rules.tricks import TRESSETTE_ORDER, TRESSETTE_THIRDS, strength_table, value_table

PACK = ITALIAN_40
CODES = PACK.codes
SUIT = PACK.suit_of
STRENGTH = strength_table(PACK, TRESSETTE_ORDER)
"""Card int -> strength within its suit: 3 2 A K Q J 7 6 5 4, highest first (004, rulings)."""
THIRDS = value_table(PACK, TRESSETTE_THIRDS)
"""Card int -> value in thirds: ace 3; 3, 2, K, Q, J 1; 7 6 5 4 nothing (004)."""
SUIT_MASKS = tuple(PACK.suit_mask(suit) for suit in SUITS)
LAST_TRICK_THIRDS = 3
TOTAL_THIRDS = sum(THIRDS) + LAST_TRICK_THIRDS  # 35
MELD_RANKS = ("A", "2", "3")
RANK_MASKS = {rank: PACK.rank_mask(rank) for rank in MELD_RANKS}
NAPOLI_MASKS = tuple(PACK.mask([f"3{s}", f"2{s}", f"A{s}"]) for s in SUITS)
TARGETS = (21, 31, 41)

display_codes = mask_display(CODES, lambda card: (SUIT[card], -STRENGTH[card]))
"""Bitmask -> codes by suit (C D H S), then 3 2 A K Q J 7 6 5 4: how a hand is shown."""

_BYTE_THIRDS = tuple(
    tuple(sum(THIRDS[start + b] for b in range(8) if value >> b & 1) for value in range(256))
    for start in range(0, len(CODES), 8)
)


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


def find_accusi(hand: int) -> list[dict[str, Any]]:
    """The accusi of a dealt ``hand`` (bitmask), JSON-ready, in a fixed order: sets of
    aces, 2s, 3s (``{"kind": "four" | "three", "rank": r, "points": 4 | 3}``), then
    napoli by suit (``{"kind": "napoli", "suit": s, "points": 3}``).

    Source: 004 ("Melding"; "Scoring": one point for each card in a meld).

    >>> find_accusi(PACK.mask(["AC", "AD", "AH", "2C", "3C", "5S"]))
    [{'kind': 'three', 'rank': 'A', 'points': 3}, {'kind': 'napoli', 'suit': 'C', 'points': 3}]
    >>> find_accusi(PACK.mask(["2C", "2D", "2H", "2S"]))
    [{'kind': 'four', 'rank': '2', 'points': 4}]
    """
    found: list[dict[str, Any]] = []
    for rank in MELD_RANKS:
        count = (hand & RANK_MASKS[rank]).bit_count()
        if count == 4:
            found.append({"kind": "four", "rank": rank, "points": 4})
        elif count == 3:
            found.append({"kind": "three", "rank": rank, "points": 3})
    for suit, mask in zip(SUITS, NAPOLI_MASKS, strict=True):
        if hand & mask == mask:
            found.append({"kind": "napoli", "suit": suit, "points": 3})
    return found


def accusi_points(accusi: Sequence[dict[str, Any]]) -> int:
    """Points of a list of accusi (``find_accusi``'s entries)."""
    return sum(meld["points"] for meld in accusi)


def deal_result(
    sides: Sequence[Sequence[int]],
    captured: Sequence[int],
    last_trick_winner: int,
    announced: Sequence[Sequence[dict[str, Any]]],
) -> dict[str, Any]:
    """The result of a finished deal, JSON-ready.

    ``captured[seat]`` is the bitmask of the cards ``seat`` won, ``announced[seat]`` the
    accusi ``seat`` announced (those of a holder who never won a trick are not there and
    count for nothing). Keys: ``points`` (per seat: its side's points), ``side_points``
    (card points + accusi per side), ``card_thirds`` (per side, the last trick included;
    they sum to 35), ``card_points`` (``thirds // 3`` per side), ``accusi_points`` (per
    side), ``accusi`` (per seat, what it announced), ``tricks`` (per side) and
    ``last_trick`` (the seat that won it).
    Source: 004 ("Scoring"), ../shared/rules/README.md ("Tressette").
    """
    side_thirds, side_cards, side_accusi, tricks = [], [], [], []
    seats = len(captured)
    for side in sides:
        won = 0
        for seat in side:
            won |= captured[seat]
        thirds = card_thirds(won)
        if last_trick_winner in side:
            thirds += LAST_TRICK_THIRDS
        side_thirds.append(thirds)
        side_cards.append(thirds // 3)
        side_accusi.append(sum(accusi_points(announced[seat]) for seat in side))
        tricks.append(won.bit_count() // seats)
    side_points = [cards + melds for cards, melds in zip(side_cards, side_accusi, strict=True)]
    points = [0] * seats
    for number, side in enumerate(sides):
        for seat in side:
            points[seat] = side_points[number]
    return {
        "points": points,
        "side_points": side_points,
        "card_thirds": side_thirds,
        "card_points": side_cards,
        "accusi_points": side_accusi,
        "accusi": [list(melds) for melds in announced],
        "tricks": tricks,
        "last_trick": last_trick_winner,
    }


def match_winner(totals: Sequence[int], target: int) -> int | None:
    """The winning side given the match ``totals`` per side after a deal, or None while the
    match goes on: after a deal in which a side reaches ``target``, the higher total wins;
    equal totals at or over the target mean another deal.

    Source: 004 ("Scoring": "continues until one partnership scores 31 or more points");
    the tie is this site's ruling (module docstring of game.py).

    >>> match_winner([31, 20], 31), match_winner([30, 29], 31), match_winner([33, 35], 31)
    (0, None, 1)
    >>> match_winner([32, 32], 31)
    """
    return higher_total_at_target(totals, target)
