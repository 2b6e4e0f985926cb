"""The score of a deal of a Bazzica variant (games/rules/bazzica/table.py).

Source: ../shared/rules/sources/002_94586e7e86dfeab2.txt ("Seconda fase",
"Varianti"), ../shared/rules/README.md ("Bazzica").

``tre`` scores as the two-player game, per player: the combinations declared, 10 for
each 7 of trumps (turned by the dealer, exchanged, or played), brisques (option
``brisques``: 10 for each ace and ten won, or for each trick holding one) and 10 for
the last trick. The match goes to ``target`` (1500, 002).

``rubicone`` and ``quattro`` (per side: a player, or a partnership) score a deal as
002's Rubicone says:
1. A side's deal points are its combinations (carta bianca included) and 50 for the
   last trick; the 7 of trumps is worth nothing.
2. Brisques are not counted, unless the two sides' deal points are equal or a side
   has fewer than 1000 (it is about to suffer a rubicone): then both sides add 10 for
   each ace and ten they won (or for each trick holding one, option ``brisques``).
3. The side with more points wins the deal; equal points even then: nobody scores and
   another deal is played.
4. Points are counted in hundreds (the tens and units dropped) unless the two sides
   have the same hundreds ("qualora i due punteggi siano simili, si possono contare
   anche le decine e le unità").
5. The loser has 1000 or more: the winner scores 500 and the difference between the
   two. The loser has fewer than 1000 (rubicone): he scores nothing and the winner
   scores 1000, 350 for all the brisques and the sum of both sides' deal points
   (brisques left out, the 350 standing for them).
6. The winner scores 100 more when the loser made fewer than 100.
The loser scores 0 in every case; a match is one deal (another after an even one).
"""

from __future__ import annotations

from typing import Any, Protocol

from games.rules.bazzica.variants import LABELS, RANK, N, Variant, display

BRISQUE_POINTS = 10
RUBICON = 1000
RUBICON_BONUS = 1000
ALL_BRISQUES = 350
WIN_BONUS = 500
SMALL = 100
SMALL_BONUS = 100
BONUS_LABELS = {
    "seven_turned": "7 di briscola girato",
    "seven_played": "7 di briscola giocato",
    "carta_bianca_draw": "Carta bianca (carta pescata)",
}


class ScoredTableDeal(Protocol):
    """What scoring reads of a variant deal (table.py imports this module)."""

    seats: int
    sides: tuple[tuple[int, ...], ...]
    options: dict[str, Any]
    variant: Variant
    captured: list[int]
    brisque_tricks: list[int]
    last_trick: tuple[int, tuple[int, ...], int] | None
    to_act: int | None
    declarations: list[list[tuple[str, tuple[int, ...], int]]]
    bonuses: list[list[tuple[str, int | None, int]]]
    marked: list[int]


def brisque_points(deal: ScoredTableDeal, seat: int) -> int:
    """Points of the brisques ``seat`` has won so far, under the ``brisques`` option."""
    if deal.options["brisques"] == "tricks":
        return BRISQUE_POINTS * deal.brisque_tricks[seat]
    mask, count = deal.captured[seat], 0
    while mask:
        low = mask & -mask
        count += RANK[(low.bit_length() - 1) % N] in ("A", "10")
        mask ^= low
    return BRISQUE_POINTS * count


def last_trick_points(deal: ScoredTableDeal, seat: int) -> int:
    """The last trick's points for its winner once the deal is over, else 0."""
    last = deal.last_trick
    won = deal.to_act is None and last is not None and last[2] == seat
    return deal.variant.last_trick if won else 0


def declarations(deal: ScoredTableDeal, seat: int) -> list[dict[str, Any]]:
    """The seat's declarations in order: ``{"kind", "cards", "points", "label"}``."""
    return [
        {"kind": kind, "cards": display(cards), "points": points, "label": LABELS[kind]}
        for kind, cards, points in deal.declarations[seat]
    ]


def bonuses(deal: ScoredTableDeal, seat: int) -> list[dict[str, Any]]:
    """The seat's 7s of trumps and carta bianca draws: ``{"kind", "cards", "points",
    "label"}``."""
    return [
        {
            "kind": kind,
            "cards": display([card]) if card is not None else [],
            "points": points,
            "label": BONUS_LABELS[kind],
        }
        for kind, card, points in deal.bonuses[seat]
    ]


def seat_points(deal: ScoredTableDeal, seat: int) -> int:
    """What ``seat`` has scored so far: in ``tre`` everything (brisques too), in
    ``rubicone`` and ``quattro`` the deal points of rule 1 (no brisques)."""
    points = deal.marked[seat] + last_trick_points(deal, seat)
    if not deal.variant.rubicon:
        points += brisque_points(deal, seat)
    return points


def _hundreds(a: int, b: int) -> tuple[int, int]:
    """Rule 4: both in hundreds, unless they have the same hundreds."""
    if a // 100 == b // 100:
        return a, b
    return a // 100 * 100, b // 100 * 100


def rubicon_score(points: list[int], brisques: list[int]) -> dict[str, Any]:
    """Rules 2-6 for two sides' deal points and brisque points.

    Returns ``{"side_points": [score per side], "brisques_counted": bool, "totals":
    [points compared], "winner": side | None, "rubicone": side | None, "small": bool}``.

    >>> rubicon_score([1460, 1230], [120, 200])["side_points"]
    [700, 0]
    >>> rubicon_score([1460, 820], [120, 100])["side_points"]
    [3550, 0]
    >>> rubicon_score([600, 40], [230, 50])["side_points"]
    [2050, 0]
    """
    counted = points[0] == points[1] or min(points) < RUBICON
    totals = [p + b for p, b in zip(points, brisques, strict=True)] if counted else list(points)
    if totals[0] == totals[1]:
        return {"side_points": [0, 0], "brisques_counted": counted, "totals": totals,
                "winner": None, "rubicone": None, "small": False}  # fmt: skip
    winner = 0 if totals[0] > totals[1] else 1
    loser = 1 - winner
    scored = [0, 0]
    rubicone = loser if totals[loser] < RUBICON else None
    if rubicone is not None:
        w, lo = _hundreds(points[winner], points[loser])
        scored[winner] = RUBICON_BONUS + ALL_BRISQUES + w + lo
    else:
        w, lo = _hundreds(totals[winner], totals[loser])
        scored[winner] = WIN_BONUS + w - lo
    small = totals[loser] < SMALL
    if small:
        scored[winner] += SMALL_BONUS
    return {"side_points": scored, "brisques_counted": counted, "totals": totals,
            "winner": winner, "rubicone": rubicone, "small": small}  # fmt: skip


def table_result(deal: ScoredTableDeal) -> dict[str, Any]:
    """The result of a finished variant deal.

    Every variant: ``{"points": [per seat], "side_points": [per side], "declared":
    [combinations' points per seat], "last_trick": seat, "tricks": [per seat],
    "declarations": [[...] per seat], "bonuses": [[...] per seat]}``. ``tre`` adds
    ``"sevens"`` and ``"brisques"`` per seat. ``rubicone`` and ``quattro`` add, per side,
    ``"deal_points"`` (rule 1), ``"brisques"`` (rule 2, counted or not),
    ``"brisques_counted"``, ``"totals"``, ``"winner"``, ``"rubicone"`` (the side that
    suffered it, or None) and ``"small"`` (rule 6); a seat's ``points`` is its side's.
    """
    seats = range(deal.seats)
    last = deal.last_trick
    result: dict[str, Any] = {
        "declared": [sum(p for _, _, p in deal.declarations[s]) for s in seats],
        "last_trick": last[2] if last else None,
        "tricks": [deal.captured[s].bit_count() // deal.seats for s in seats],
        "declarations": [declarations(deal, s) for s in seats],
        "bonuses": [bonuses(deal, s) for s in seats],
    }
    if not deal.variant.rubicon:
        result["points"] = [seat_points(deal, s) for s in seats]
        result["sevens"] = [
            sum(p for kind, _, p in deal.bonuses[s] if kind.startswith("seven")) for s in seats
        ]
        result["brisques"] = [brisque_points(deal, s) for s in seats]
        return result
    sides = deal.sides
    points = [sum(seat_points(deal, s) for s in side) for side in sides]
    brisques = [sum(brisque_points(deal, s) for s in side) for side in sides]
    score = rubicon_score(points, brisques)
    side_of = {seat: number for number, side in enumerate(sides) for seat in side}
    result.update(
        points=[score["side_points"][side_of[s]] for s in seats],
        side_points=score["side_points"],
        deal_points=points,
        brisques=brisques,
        brisques_counted=score["brisques_counted"],
        totals=score["totals"],
        winner=score["winner"],
        rubicone=score["rubicone"],
        small=score["small"],
    )
    return result
