"""Burraco scoring: card values, burraco bonuses, the hand's result, the match and the
federation's Victory Point tables.

Pure functions over codes and melds; imports neither deal nor view.
Sources: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Scoring"),
../shared/rules/README.md ("Burraco": the match and the Victory Point tables), the
Italian federation's (FIBUR) semi-clean burraco at 150 points.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from games.rules.burraco.melds import CLEAN, DIRTY, JOKER, SEMI_CLEAN, Meld

BURRACO_BONUS = {CLEAN: 200, SEMI_CLEAN: 150, DIRTY: 100}
"""Bonus per burraco (004: clean 200, dirty 100; FIBUR: semi-clean 150)."""
CLOSING_BONUS = 100
POZZETTO_PENALTY = -100
TARGET = 2000
"""A match to points ends once a side has more than 2000 (004, "Scoring")."""

MATCH_TO_2000, THREE_HANDS, FOUR_HANDS = "to_2000", "3_hands", "4_hands"
MATCHES = (MATCH_TO_2000, THREE_HANDS, FOUR_HANDS)
HANDS = {THREE_HANDS: 3, FOUR_HANDS: 4}

VP_TABLES: dict[int, tuple[tuple[int, int], ...]] = {
    3: ((50, 10), (150, 11), (250, 12), (350, 13), (500, 14), (650, 15), (800, 16),
        (1000, 17), (1250, 18), (1500, 19)),
    4: ((100, 10), (300, 11), (500, 12), (700, 13), (900, 14), (1100, 15), (1300, 16),
        (1500, 17), (1700, 18), (2000, 19)),
}  # fmt: skip
"""The federation's tables (../shared/rules/README.md, "Burraco"): for a match of 3 or 4
hands, ``(highest difference in match points, winner's VP)`` band by band; above the
last band the winner takes 20. The loser takes 20 minus the winner's VP."""
VP_TOTAL = 20


def card_value(code: str) -> int:
    """Points of one card: joker 30, 2 20, ace 15, K to 8 10, 7 to 3 5 (004, "Scoring").

    >>> [card_value(c) for c in ("JK", "2H", "AS", "KD", "8C", "7H", "3S")]
    [30, 20, 15, 10, 10, 5, 5]
    """
    if code == JOKER:
        return 30
    rank = code[:-1]
    if rank == "2":
        return 20
    if rank == "A":
        return 15
    if rank in ("K", "Q", "J", "10", "9", "8"):
        return 10
    return 5


def cards_value(codes: Iterable[str]) -> int:
    """The sum of ``card_value`` over ``codes``."""
    return sum(card_value(code) for code in codes)


def burraco_kind(meld: Meld, semi_clean: bool) -> str | None:
    """The kind of burraco ``meld`` scores as: ``Meld.burraco``, a semi-clean one counting
    as dirty when the option ``semi_clean`` is off (004 knows only clean and dirty)."""
    kind = meld.burraco
    return DIRTY if kind == SEMI_CLEAN and not semi_clean else kind


def side_score(
    melds: Sequence[Meld],
    hand_cards: Iterable[str],
    *,
    pozzetto_taken: bool,
    closed: bool,
    semi_clean: bool,
) -> dict[str, Any]:
    """One side's score for a hand, with its parts.

    ``melds``: the side's melds on the table; ``hand_cards``: every card left in its
    players' hands, a pozzetto taken but never looked at included (004: treated as the
    player's hand); ``pozzetto_taken``: whether the side took its pozzetto;
    ``closed``: whether a player of the side closed. Returns ``{"melds", "burracos"
    (count per kind), "burraco_bonus", "closing", "pozzetto", "hand", "total"}``, all
    points (``hand`` and ``pozzetto`` zero or negative). Source: 004 ("Scoring").
    """
    counts = {CLEAN: 0, SEMI_CLEAN: 0, DIRTY: 0}
    for meld in melds:
        kind = burraco_kind(meld, semi_clean)
        if kind is not None:
            counts[kind] += 1
    parts = {
        "melds": sum(cards_value(meld.cards) for meld in melds),
        "burracos": counts,
        "burraco_bonus": sum(BURRACO_BONUS[kind] * n for kind, n in counts.items()),
        "closing": CLOSING_BONUS if closed else 0,
        "pozzetto": 0 if pozzetto_taken else POZZETTO_PENALTY,
        "hand": -cards_value(hand_cards),
    }
    parts["total"] = (
        parts["melds"] + parts["burraco_bonus"] + parts["closing"] + parts["pozzetto"]
        + parts["hand"]
    )  # fmt: skip
    return parts


def victory_points(difference: int, hands: int) -> tuple[int, int]:
    """``(winner's VP, loser's VP)`` for a match of ``hands`` hands (3 or 4) won by
    ``difference`` match points (the winner's total minus the loser's, >= 0).

    Scores are multiples of 5, so the bands of the tables meet without gaps; a
    difference between two bands (not a multiple of 5) takes the lower band.
    Raises ValueError for a negative or non-int difference or hands other than 3 or 4.
    Source: ../shared/rules/README.md ("Burraco", the federation's tables).

    >>> victory_points(50, 3), victory_points(55, 3), victory_points(1505, 3)
    ((10, 10), (11, 9), (20, 0))
    >>> victory_points(100, 4), victory_points(105, 4), victory_points(2000, 4)
    ((10, 10), (11, 9), (19, 1))
    """
    if hands not in VP_TABLES:
        raise ValueError(f"Victory Points are for matches of 3 or 4 hands, not {hands!r}")
    if type(difference) is not int or difference < 0:
        raise ValueError(f"a difference in match points is an int >= 0, not {difference!r}")
    for highest, winner in VP_TABLES[hands]:
        if difference <= highest:
            return winner, VP_TOTAL - winner
    return VP_TOTAL, 0


def side_victory_points(totals: Sequence[int], hands: int) -> list[int]:
    """The VP of each of the two sides given their match ``totals`` after ``hands`` hands.

    >>> side_victory_points([1200, 900], 3)
    [13, 7]
    """
    if len(totals) != 2:
        raise ValueError(f"Victory Points are between two sides, not {len(totals)}")
    first, second = totals
    winner, loser = victory_points(abs(first - second), hands)
    return [winner, loser] if first >= second else [loser, winner]


def match_winner(totals: Sequence[int], played: int, match: str) -> int | None:
    """The winning side after ``played`` hands with these match ``totals``, or None.

    ``to_2000``: the match ends after the hand in which a side has more than 2000; the
    higher total wins; equal totals play another hand (004, "Scoring").
    ``3_hands`` / ``4_hands``: after that many hands the higher total wins (and takes
    the higher VP); equal totals play one more hand at a time until they differ, as the
    engine has no drawn match (a tournament reads the VP, 10-10 for any difference up
    to 50 or 100, from ``side_victory_points`` over the first hands).

    >>> match_winner([2005, 1990], 7, "to_2000"), match_winner([2000, 1990], 7, "to_2000")
    (0, None)
    >>> match_winner([300, 900], 2, "3_hands"), match_winner([300, 900], 3, "3_hands")
    (None, 1)
    """
    if match == MATCH_TO_2000:
        if max(totals) <= TARGET:
            return None
    elif played < HANDS[match]:
        return None
    best = max(totals)
    return None if list(totals).count(best) > 1 else list(totals).index(best)
