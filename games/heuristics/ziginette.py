"""Ziginette: the banker sets the highest limits and keeps the bank; a player stakes the
most the bank can still pay on each board card.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Ziginette") and the engine's
ruling on a broken bank (games/rules/ziginette/game.py: "a bank that cannot pay breaks:
later winners are paid what is left, then nothing"). A wager on a board card wins if a
card of the banker's rank comes before one of that card's rank, at even money; with
three cards of each rank left, every wager is a fair race. The edge lies in the broken
bank: the banker never loses more than his chips, so large limits favour him; a player
is paid from the banker's left while the bank lasts, so a wager the bank could not pay
after those placed before it is a losing one. Rules of thumb: the banker announces the
highest limits and keeps the bank; a player wagers on every board card the largest stake
that the bank still covers after every wager ahead of his (its expectation is nil either
way, so the stake only sets how much a won race brings: a player's wagers win more
often than they lose, a small bank losing all of them at once), and none once the bank
could not pay it.
"""

from __future__ import annotations

import random
from typing import Any

from games.heuristics.generic import generic_action, own_seat


def _bank_covers(view: dict[str, Any], stake: int) -> bool:
    """Whether the banker's chips cover the wagers on the board of the players paid
    before the viewer (from the banker's left) and its own, with ``stake`` more."""
    seat, banker, seats = own_seat(view), int(view["banker"]), int(view["seats"])
    ahead = {(banker + i) % seats for i in range(1, seats)}
    order = [(banker + i) % seats for i in range(1, seats)]
    ahead = set(order[: order.index(seat) + 1]) if seat in order else ahead
    staked = sum(
        int(chips)
        for entry in view.get("board") or []
        for bettor, chips in (entry.get("bets") or {}).items()
        if int(bettor) in ahead
    )
    bank = next(p for p in view["players"] if p["seat"] == banker)
    return staked + stake <= int(bank.get("in_front") or 0)


def action(view: dict[str, Any], rng: random.Random, history=()) -> str:
    """Ziginette's heuristic action (see the module docstring)."""
    legal = view["legal_actions"]
    if legal[0].startswith("limits "):
        return max(legal, key=lambda a: [int(x) for x in a.split()[1:]])
    if "keep" in legal:
        return "keep"
    bets = [a for a in legal if a.startswith("bet ")]
    if bets:
        covered = [a for a in bets if _bank_covers(view, int(a.split()[2]))]
        if covered:
            return max(covered, key=lambda a: (int(a.split()[2]), a))
    if "done" in legal:
        return "done"
    return generic_action(view, rng, history)
