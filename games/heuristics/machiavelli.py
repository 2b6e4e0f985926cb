"""Machiavelli: lay the table that empties the most cards from the hand, draw otherwise.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Machiavelli": the first
player to lay every card wins; a blocked game ranks by cards left, then card points) and
docs/games/machiavelli.md (the engine's ``legal_actions`` offers a bounded choice of
valid tables, each the whole new table). Rules of thumb: every offered table is valid,
so the one that takes the most cards out of the hand is the best step towards going
out; among those, the one that lays the most card points (A 1, 2-10 face value, J Q K
10), which count against the seat in a blocked game. With nothing to lay: ``draw`` (or
``pass`` once the stock is empty).
"""

from __future__ import annotations

import random
from typing import Any

from games.heuristics.generic import generic_action, own_player

POINTS = {"A": 1, "J": 10, "Q": 10, "K": 10}


def card_points(code: str) -> int:
    """A card's points at the end of a blocked game: A 1, 2-10 face value, J Q K 10."""
    rank = code[:-1]
    return POINTS.get(rank) or int(rank)


_POINTS = {
    rank + suit: card_points(rank + suit)
    for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
    for suit in "CDHS"
}
"""``card_points`` of every code, looked up once (the search's playouts call the heuristic
thousands of times a move, each over every offered table)."""


def table_cards(action: str) -> list[str]:
    """The card codes of a ``table ...`` action, every meld together."""
    return [code for code in action[len("table ") :].split() if code != "|"]


_RANK_POINTS = (("A", 1), *((str(value), value) for value in range(2, 10)), ("1", 10),
                ("J", 10), ("Q", 10), ("K", 10))  # fmt: skip
"""Each character that starts a rank, with the rank's points ("1" only starts 10)."""


def _cards_and_points(table: str) -> tuple[int, int]:
    """How many cards a ``table ...`` action holds and their points, from its text: its
    words are the verb, the codes and the bars, one space apart, so the cards are the
    spaces less the bars; a rank is told by its first character, which no suit (C D H S)
    nor the verb spells (the search's playouts weigh thousands of offered tables a
    move, and this counts characters where ``table_cards`` splits the text)."""
    cards = table.count(" ") - table.count("|")
    return cards, sum(points * table.count(char) for char, points in _RANK_POINTS)


def action(view: dict[str, Any], rng: random.Random, history=()) -> str:
    """The table that lays the most cards (then the most points) from the hand, else
    ``draw`` / ``pass``. Returns one of ``view["legal_actions"]``."""
    legal = list(view["legal_actions"])
    tables = [a for a in legal if a.startswith("table ")]
    if not tables:
        for modest in ("draw", "pass"):
            if modest in legal:
                return modest
        return generic_action(view, rng, history)
    on_table = sum(len(meld) for meld in view.get("table") or [])
    table_points = sum(_POINTS[c] for meld in view.get("table") or [] for c in meld)
    hand = own_player(view).get("hand") or []

    def gain(table: str) -> tuple[int, int, str]:
        cards, points = _cards_and_points(table)
        return (cards - on_table, points - table_points, table)

    best = max(tables, key=gain)
    if gain(best)[0] <= 0 or not hand:
        return generic_action(view, rng, history)
    return best
