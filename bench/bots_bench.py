"""Benchmark: how the bots of games/bots.py fare against each other, per game, deal by deal.

Not part of the test suite. For each game (default options, its first seat count), plays
``--deals`` deals with the ``--level`` bot in seat 0 (and its partner's seat in partnership
games) against ``--against`` bots elsewhere, the dealer rotating; counts a deal as won when
the bot's side scores more points than every other side (a tie is half). Prints the win
rate with its 95% Wilson interval.

Usage:
    .venv/bin/python bench/bots_bench.py [--deals 1000] [--level heuristic] [--against random]
        [--iterations N]   (the ismcts bot's iterations a move; default its time budget)
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.bots import bot_input, choose_action  # noqa: E402
from games.rules import all_games  # noqa: E402


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion ``wins / n``."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def play(
    game, deals: int, level: str, against: str, seed: int, iterations: int | None = None
) -> tuple[float, int]:
    rng = random.Random(seed)
    options = game.validate_options({})
    seats = game.seat_counts(options)[0]
    sides = game.sides(seats, options)
    mine = next(side for side in sides if 0 in side)
    wins = 0.0
    for number in range(deals):
        deal = game.new_deal(seats=seats, dealer=number % seats, seed=rng.getrandbits(64))
        while not deal.is_over:
            seat = deal.to_act
            bot_level = level if seat in mine else against
            deal.apply(choose_action(bot_input(deal, seat), rng, bot_level, iterations=iterations))
        points = deal.result()["side_points"]
        my_side = sides.index(mine)
        best_other = max(p for i, p in enumerate(points) if i != my_side)
        wins += 1.0 if points[my_side] > best_other else 0.5 if points[my_side] == best_other else 0
    return wins, deals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--level", default="heuristic")
    parser.add_argument("--against", default="random")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--iterations", type=int, default=None,
        help="the ismcts bot's iterations a move (default: its 1 s time budget)",
    )  # fmt: skip
    args = parser.parse_args()
    print(f"{args.level} (seat 0's side) against {args.against}, {args.deals} deals a game")
    for game in sorted(all_games(), key=lambda g: g.slug):
        start = time.perf_counter()
        wins, n = play(game, args.deals, args.level, args.against, args.seed, args.iterations)
        low, high = wilson(wins, n)
        print(
            f"{game.slug:15} win rate {wins / n:.3f}  95% CI [{low:.3f}, {high:.3f}]"
            f"  ({time.perf_counter() - start:.1f} s)"
        )


if __name__ == "__main__":
    main()
