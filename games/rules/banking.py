"""What the banking games share (Sette e mezzo, Ziginette): chips carried from hand to hand,
the bank passing as each hand's result says, and a match of a fixed number of hands.

Source: ../shared/rules/README.md (general rulings: "Banking games in tournaments are
played for chips: every player starts a match with the same stack; a match is a fixed
number of hands (option) and the bank passes as the game says, or in turn when the option
``bank_rotation="rotate"`` is set; standings use chips won or lost").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.rules.base import Game, IllegalAction, Option
from games.rules.matches import _sole_best


def banking_options(bank_rule: str) -> dict[str, Option]:
    """The options every banking game has; ``bank_rule`` describes how its bank passes."""
    return {
        "hands": Option("hands", 8, (4, 6, 8, 12, 16), "Hands in a match."),
        "stack": Option("stack", 100, (50, 100, 200), "Chips each seat starts with."),
        "min_bet": Option("min_bet", 1, (1, 2, 5), "The lowest minimum bet the banker may set."),
        "max_bet": Option(
            "max_bet", 10, (5, 10, 20, 50), "The highest maximum bet the banker may set."
        ),
        "bank_rotation": Option(
            "bank_rotation", "game", ("game", "rotate"),
            f"game: {bank_rule}; rotate: the bank passes every hand.",
        ),
    }  # fmt: skip


class BankingGame(Game):
    """A banking game for chips: hands are deals, the banker is the deal's ``dealer``,
    the stacks are the deal's ``carry`` and each hand's result names the ``next_banker``
    and gives the ``stacks`` after it."""

    ranked_by_chips = True
    bank_step = 1
    """Which way the bank passes over a seat that cannot hold it: +1 to the left, -1 to
    the right."""

    def validate_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """Every option checked (base.Game), and ``min_bet`` no more than ``max_bet``."""
        normalized = super().validate_options(options)
        if normalized["min_bet"] > normalized["max_bet"]:
            raise ValueError("option 'min_bet' cannot be more than 'max_bet'")
        return normalized

    def carry_for(
        self, options: dict[str, Any], seats: int, results: Sequence[dict[str, Any]]
    ) -> dict[str, Any] | None:
        """``{"stacks": [chips per seat]}`` at the start of the next hand: ``stack`` plus
        the chips won and lost in ``results``."""
        stack = self.validate_options(options)["stack"]
        stacks = [stack] * seats
        for result in results:
            for seat, won in enumerate(result["points"]):
                stacks[seat] += won
        return {"stacks": stacks}

    def check_carry(self, carry: Any, seats: int, options: dict[str, Any]) -> dict[str, Any] | None:
        """A carry is ``{"stacks": [chips >= 0 per seat]}`` (None: everyone has ``stack``),
        with, when some seats sit out, ``"away": [seat, ...]`` (sorted, no repeats; see
        ``sit_out``); ValueError otherwise."""
        if carry is None:
            return None
        stacks = carry.get("stacks") if isinstance(carry, dict) else None
        away = carry.get("away", []) if isinstance(carry, dict) else None
        if (
            set(carry if isinstance(carry, dict) else ()) - {"away"} != {"stacks"}
            or not isinstance(stacks, list)
            or len(stacks) != seats
            or not all(type(chips) is int and chips >= 0 for chips in stacks)
            or not isinstance(away, list)
            or not all(type(seat) is int and 0 <= seat < seats for seat in away)
            or away != sorted(set(away))
        ):
            raise ValueError(
                f"a {self.name} carry is {{'stacks': [chips per seat], 'away': [seats]}}: {carry!r}"
            )
        checked: dict[str, Any] = {"stacks": list(stacks)}
        if away:
            checked["away"] = list(away)
        return checked

    def sit_out(
        self,
        carry: dict[str, Any] | None,
        dealer: int,
        seats: int,
        away: Sequence[int],
        options: dict[str, Any],
    ) -> tuple[dict[str, Any], int]:
        """The next hand's ``(carry, dealer)`` when the seats ``away`` sit out (their
        player has gone from the table, docs/games/sette-e-mezzo.md): the carry names
        them (``"away"``), so that they neither bet nor bank and keep their chips as they
        stand, and the bank passes over them (``bank_step``) to the next seat with chips.
        The record keeps the carry and the dealer, so the hand replays as it was played.
        """
        stacks = list((carry or {"stacks": [options["stack"]] * seats})["stacks"])
        gone = sorted(set(away))
        playing = [0 if seat in gone else chips for seat, chips in enumerate(stacks)]
        if dealer in gone or not playing[dealer]:
            dealer = next_with_chips(dealer, self.bank_step, seats, playing)
        result: dict[str, Any] = {"stacks": stacks}
        if gone:
            result["away"] = gone
        return result, dealer

    def playing_seats(self, carry: dict[str, Any] | None, seats: int) -> list[int]:
        """The seats that play a hand dealt with ``carry``: chips left and not away."""
        if carry is None:
            return list(range(seats))
        away = set(carry.get("away", ()))
        return [s for s, chips in enumerate(carry["stacks"]) if chips and s not in away]

    def next_dealer(self, dealer: int, seats: int, results: Sequence[dict[str, Any]] = ()) -> int:
        """The next banker, as the last hand's result says (``next_banker``); the next seat
        when there is no result."""
        if results:
            return results[-1]["next_banker"]
        return (dealer + 1) % seats

    def match_winner(
        self, results: Sequence[dict[str, Any]], options: dict[str, Any]
    ) -> int | None:
        """After ``hands`` hands, or once one seat has every chip: the seat with the most
        chips; a tie for the most plays another hand. None while the match goes on.
        Raises ValueError for bad options."""
        normalized = self.validate_options(options)
        if not results:
            return None
        totals = self.match_scores(results, normalized)
        stacks = results[-1]["stacks"]
        if len(results) < normalized["hands"] and sum(1 for s in stacks if s > 0) > 1:
            return None
        return _sole_best(totals)


def next_with_chips(start: int, step: int, seats: int, stacks: Sequence[int]) -> int:
    """The first seat from ``start`` (included), going ``step`` (+1 left, -1 right), that has
    chips; ``start`` itself when nobody has any.

    >>> next_with_chips(2, 1, 4, [5, 0, 0, 3]), next_with_chips(2, -1, 4, [5, 0, 0, 3])
    (3, 0)
    """
    for i in range(seats):
        seat = (start + step * i) % seats
        if stacks[seat] > 0:
            return seat
    return start


def limit_actions(options: dict[str, Any]) -> list[str]:
    """Every ``limits MIN MAX`` the banker may announce: ``min_bet`` <= MIN <= MAX <=
    ``max_bet`` (the general rulings: "bets are in chips, within the banker's minimum and
    maximum, announced before each hand"), sorted."""
    low, high = options["min_bet"], options["max_bet"]
    return sorted(f"limits {a} {b}" for a in range(low, high + 1) for b in range(a, high + 1))


def parse_limits(action: str, args: list[str], options: dict[str, Any]) -> tuple[int, int]:
    """``(MIN, MAX)`` of a ``limits MIN MAX`` action. Raises IllegalAction ``malformed`` for
    numbers badly written and ``bad_limits`` for limits outside the table's bounds."""
    if len(args) != 2 or not all(a.isdigit() and a == str(int(a)) for a in args):
        raise IllegalAction("malformed", f"{action!r}: expected 'limits MIN MAX'")
    low, high = int(args[0]), int(args[1])
    lowest, highest = options["min_bet"], options["max_bet"]
    if not lowest <= low <= high <= highest:
        raise IllegalAction(
            "bad_limits",
            f"{action!r}: the limits are a minimum and a maximum bet with "
            f"{lowest} <= minimum <= maximum <= {highest}",
            low=lowest, high=highest,
        )  # fmt: skip
    return low, high
