"""The fallback rules of thumb, for a game without a heuristic of its own (moved here from
games/bots.py): take points when offered (declarations, accusi, the largest capture),
otherwise play the lowest legal card, keeping high cards and trumps; in Sette e mezzo hit
below 5; for bids and bets the most modest choice."""

from __future__ import annotations

import random
from typing import Any

RANK_ORDER = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "C", "Q", "K", "A")
"""A rough low-to-high order of ranks, used only to prefer throwing low cards."""
EAGER = ("declare", "accuse", "scopa", "meld")
MODEST = ("pass", "stand", "done", "draw", "keep")


def card_weight(action: str) -> tuple[int, str]:
    """A rough weight of the card an action plays: low ranks first, trumps (T) last."""
    code = action.split(" ")[-1]
    rank = code[:-1] if code[-1] in "CDHST" else code
    if code.endswith("T") or code == "FOOL":
        return (100, code)
    return (RANK_ORDER.index(rank) if rank in RANK_ORDER else 50, code)


def generic_action(view: dict[str, Any], rng: random.Random, history=()) -> str:
    """The fallback heuristic's action among ``view["legal_actions"]`` (non-empty)."""
    legal = list(view["legal_actions"])
    eager = [a for a in legal if a.split(" ")[0] in EAGER]
    if eager:
        return max(eager, key=lambda a: (len(a.split()), a))
    captures = [a for a in legal if a.startswith("capture ")]
    if captures:
        return max(captures, key=lambda a: (a.count("+") + len(a.split()), a))
    plays = [a for a in legal if a.startswith("play ")]
    if plays:
        return min(plays, key=card_weight)
    modest = [a for a in legal if a in MODEST]
    if modest:
        return modest[0]
    numbered = [a for a in legal if a.split(" ")[-1].isdigit()]
    if numbered:  # bets, limits: the smallest
        return min(numbered, key=lambda a: [int(x) for x in a.split() if x.isdigit()])
    return rng.choice(legal)


def played_cards(history) -> list[str]:
    """The cards the public history ``[(seat, action), ...]`` shows played."""
    return [a.split(" ", 1)[1] for _, a in history if a.startswith("play ")]


def own_seat(view: dict[str, Any]) -> int:
    """The seat the view belongs to."""
    return int(view["viewer"])


def own_player(view: dict[str, Any]) -> dict[str, Any]:
    """The view's entry in ``players`` for its own seat."""
    seat = own_seat(view)
    return next(p for p in view["players"] if p["seat"] == seat)


def partners_of(view: dict[str, Any]) -> set[int]:
    """The seats on the viewer's side, itself excluded (``view["sides"]``)."""
    seat = own_seat(view)
    side = next((s for s in view.get("sides", []) if seat in s), [seat])
    return set(side) - {seat}


def trick_of(view: dict[str, Any]) -> list[tuple[int, str]]:
    """The trick on the table as ``[(seat, code), ...]``."""
    return [(int(t["seat"]), t["card"]) for t in view.get("trick") or []]
