"""Rumino's scores: a hand's points, elimination at 100, rebuys, the game's winner.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Rumino": going out,
ruminos, ending the game), ../shared/rules/README.md ("Rumino": rebuys an option,
in chips).

Scores count up and low is good. A knock adds each player's deadwood to their score
(the knocker's too); gin scores -10 for the player going gin and the deadwood for the
others. A player reaching 100 drops out. The last player under 100 wins the game; a
rumino wins it at once.

Rebuys (option): a player who drops out may rebuy, unless that leaves fewer than three
players in the game; the score becomes the highest score under 100 among the others.
The first rebuy costs one stake, each next one twice the one before (1, 2, 4, ...).

The state carried from hand to hand (``carry``): ``scores`` per seat, ``out`` (the
seats out of the game, in the order they left), ``pending`` (the seats that dropped
out in the last hand and may rebuy, deciding at the start of the next), ``rebuys`` per
seat and ``pool`` (stakes paid in).

>>> state = new_state(3)
>>> after = settle(state, [40, 105, 20], rebuys=False)
>>> after["scores"], after["out"], after["pending"], after["winner"]
([40, 105, 20], [1], [], None)
>>> settle(after, [70, 0, 10], rebuys=False)["winner"]
2
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

ELIMINATION = 100
GIN_SCORE = -10
MIN_PLAYERS_FOR_REBUY = 3


def new_state(seats: int) -> dict[str, Any]:
    """The state of a game before its first hand: everyone at 0, one stake each."""
    return {
        "scores": [0] * seats,
        "out": [],
        "pending": [],
        "rebuys": [0] * seats,
        "pool": seats,
    }


def in_game(state: dict[str, Any]) -> list[int]:
    """The seats still in the game (neither out nor deciding on a rebuy), in seat order."""
    gone = set(state["out"]) | set(state["pending"])
    return [seat for seat in range(len(state["scores"])) if seat not in gone]


def hand_points(deadwood: Sequence[int | None], ended_by: str, by: int | None) -> list[int]:
    """Points each seat adds for a hand (``deadwood``: per seat, None for a seat not in
    the hand). ``knock``: everyone's deadwood; ``gin``: -10 for ``by``, the others'
    deadwood; ``rumino`` and ``stock`` (a hand that ran out of cards): nothing.

    >>> hand_points([12, 5, None], "knock", 1), hand_points([12, 0, 30], "gin", 1)
    ([12, 5, 0], [12, -10, 30])
    """
    if ended_by not in ("knock", "gin"):
        return [0] * len(deadwood)
    points = [0 if dead is None else dead for dead in deadwood]
    if ended_by == "gin" and by is not None:
        points[by] = GIN_SCORE
    return points


def settle(state: dict[str, Any], points: Sequence[int], rebuys: bool) -> dict[str, Any]:
    """The state after a hand that added ``points``: new scores; those of the game who
    reach 100 drop out (to ``pending`` when they may rebuy, else to ``out``); and the
    ``winner`` when one player is left (None otherwise). If every player left reaches
    100 in the same hand, the lowest score among them wins (the first in seat order on
    a tie), a case the source leaves open."""
    playing = in_game(state)
    scores = [score + add for score, add in zip(state["scores"], points, strict=True)]
    dropped = [seat for seat in playing if scores[seat] >= ELIMINATION]
    left = [seat for seat in playing if scores[seat] < ELIMINATION]
    after = {**state, "scores": scores, "out": list(state["out"]), "pending": []}
    if rebuys and len(left) >= MIN_PLAYERS_FOR_REBUY:
        after["pending"] = dropped
    else:
        after["out"] += sorted(dropped, key=lambda seat: (-scores[seat], seat))
    if len(left) == 1:
        after["winner"] = left[0]
    elif not left:
        after["winner"] = min(dropped, key=lambda seat: (scores[seat], seat))
    else:
        after["winner"] = None
    return after


def rebuy(state: dict[str, Any], seat: int) -> dict[str, Any]:
    """The state after pending ``seat`` rebuys: its score becomes the highest under 100
    among the players in the game, its next rebuy costs twice as much. Raises
    ValueError when ``seat`` is not deciding on a rebuy."""
    if seat not in state["pending"]:
        raise ValueError(f"seat {seat} is not deciding on a rebuy")
    playing = in_game(state)
    scores = list(state["scores"])
    scores[seat] = max(scores[other] for other in playing)
    rebuys = list(state["rebuys"])
    cost = 2 ** rebuys[seat]
    rebuys[seat] += 1
    pending = [other for other in state["pending"] if other != seat]
    return {
        **state,
        "scores": scores,
        "rebuys": rebuys,
        "pending": pending,
        "pool": state["pool"] + cost,
    }


def retire(state: dict[str, Any], seat: int) -> dict[str, Any]:
    """The state after pending ``seat`` declines to rebuy: it is out of the game."""
    if seat not in state["pending"]:
        raise ValueError(f"seat {seat} is not deciding on a rebuy")
    pending = [other for other in state["pending"] if other != seat]
    return {**state, "pending": pending, "out": [*state["out"], seat]}


def places(state: dict[str, Any], winner: int) -> list[int]:
    """Places once the game is won: the winner first, then the players still in by
    score (lower better, equal scores share), then those out, the last to leave best."""
    seats = len(state["scores"])
    rest = [seat for seat in in_game(state) if seat != winner]
    rest += [seat for seat in state["pending"] if seat != winner]
    order = [winner, *sorted(rest, key=lambda seat: state["scores"][seat])]
    order += [seat for seat in reversed(state["out"]) if seat != winner]
    result = [0] * seats
    for rank, seat in enumerate(order):
        previous = order[rank - 1] if rank else None
        same = (
            previous is not None
            and previous in rest
            and seat in rest
            and state["scores"][previous] == state["scores"][seat]
        )
        result[seat] = result[previous] if same and previous is not None else rank + 1
    return result
