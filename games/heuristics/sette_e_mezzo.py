"""Sette e mezzo: the banker sets high limits, a player bets the minimum, and both stand
on five or more.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Seven and a Half": ace 1, 2-7
their number, courts ½, the K of diamonds wild; over 7½ busts; a player's bust loses
even if the banker busts later, which is the bank's edge). Rules of thumb: the bank has
the edge, so as banker announce the highest limits; as a player bet the minimum; hit
below 5 and stand from 5 (at 5 a further card busts about half the time: any 3 to 7;
measured with bench/bots_bench.py, standing from 4½ does as well, from 5½ or 6 worse);
the banker, who sees every player's face-up cards and who has busted, stands from 4 as
soon as he beats or ties what the players still in show, and otherwise hits below 5.
"""

from __future__ import annotations

import random
from typing import Any

from games.heuristics.generic import generic_action, own_player, own_seat

STAND_FROM = 5.0
"""A player stands from this total (in points, ½ counts 0.5)."""


def _total(text: str | None) -> float | None:
    """A total as the view shows it (``"5½"``, ``"½"``, ``"7"``) in points."""
    if not text:
        return None
    text = str(text)
    half = 0.5 if text.endswith("½") else 0.0
    whole = text.rstrip("½")
    return (int(whole) if whole else 0) + half


def _value(code: str) -> float:
    """A face-up card's value (004): courts ½, the ace 1, 2 to 7 their number; the wild K
    of diamonds counted as 1, the least it can be."""
    rank = code[:-1]
    if code == "KD":
        return 1.0
    if rank in ("J", "Q", "K"):
        return 0.5
    return 1.0 if rank == "A" else float(rank)


def action(view: dict[str, Any], rng: random.Random, history=()) -> str:
    """Sette e mezzo's heuristic action (see the module docstring)."""
    legal = view["legal_actions"]
    me = own_player(view)
    if legal[0].startswith("limits "):
        return max(legal, key=lambda a: [int(x) for x in a.split()[1:]])
    bets = [a for a in legal if a.startswith("bet ")]
    if bets:
        return min(bets, key=lambda a: int(a.split()[1]))
    if "hit" not in legal:
        return generic_action(view, rng, history)
    total = _total(me.get("total")) or 0.0
    if own_seat(view) == view.get("banker"):
        # The least each player still in holds: his face-up cards plus ½ face down.
        shown = [
            sum(_value(c) for c in p.get("up_cards") or []) + 0.5
            for p in view["players"]
            if p.get("status") in ("stood", "natural", "playing")
        ]
        if shown and total >= max(shown) and total >= 4:
            return "stand"
        return "hit" if total < STAND_FROM else "stand"
    return "hit" if total < STAND_FROM else "stand"
