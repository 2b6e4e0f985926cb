"""Benchmark: ISMCTS iterations per second (games/ismcts.py), per game and seat count.

Not part of the test suite. For each game (default options) and each of its seat counts,
plays ``--positions`` random deals at random up to a random point where the seat to act
has a choice, and runs the search of that seat for ``--seconds`` of wall time on one
core, with the ISMCTS bot's own settings (``games.bots.ISMCTS_TUNING``: half the playout
moves by the game's heuristic) or, with ``--plain``, uniformly random playouts and no
bias. Prints the mean iterations per second over the positions (each iteration: one
determinization, one descent, one playout to the deal's end) and the share of the
positions where the game had no determinizer yet (the bot then plays the heuristic).
With ``--iterations N`` each search runs N iterations whatever the time (as the strength
benchmark's, bench/bots_bench.py) and the median and 95th percentile seconds a search
are printed too (issue 32: a move in at most 0.5 s at the 95th percentile).

Usage:
    .venv/bin/python bench/ismcts_bench.py [--positions 10] [--seconds 0.5] [--seed 1]
        [--game briscola] [--plain] [--tuning greedy=0,mast=1] [--first-seats] [--cpu]
        [--iterations 1000]
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

from games.bots import ISMCTS_TUNING, bot_input  # noqa: E402
from games.ismcts import search  # noqa: E402
from games.rules import all_games  # noqa: E402


def position(game, seats: int, rng: random.Random):
    """A deal played at random to a random point where the seat to act has a choice."""
    while True:
        deal = game.new_deal(seats=seats, dealer=rng.randrange(seats), seed=rng.getrandbits(64))
        full = game.replay(deal.record())
        while not full.is_over:
            full.apply(rng.choice(full.legal_actions()))
        stop = rng.randrange(len(full.actions))
        for seat, action in full.actions[:stop]:
            deal.apply(action, seat=seat)
        if len(deal.legal_actions()) > 1:
            return deal


def measure(
    game,
    seats: int,
    positions: int,
    seconds: float,
    seed: int,
    tuning: dict | None = None,
    cpu: bool = False,
    iterations: int | None = None,
) -> tuple[float, int, list[float]]:
    """Mean iterations per second over ``positions`` searches with the search keywords
    ``tuning`` (per second of this process's CPU time when ``cpu``, else of wall time),
    how many of them the game could not search (no determinizer), and the seconds each
    search took (CPU or wall alike). With ``iterations``, each search runs that many
    iterations and no time limit."""
    rng = random.Random(seed)
    rates, missing, spent_each = [], 0, []
    limits = {"seconds": seconds} if iterations is None else {"seconds": None,
                                                              "iterations": iterations}  # fmt: skip
    for _ in range(positions):
        deal = position(game, seats, rng)
        given = bot_input(deal, deal.to_act)
        began = time.process_time()
        try:
            found = search(given.game, given.view, given.history, given.options, rng,
                           **limits, **(tuning or {}))  # fmt: skip
        except NotImplementedError:
            missing += 1
            continue
        spent = time.process_time() - began
        rates.append(found.iterations / spent if cpu and spent > 0 else found.iterations_per_second)
        spent_each.append(spent if cpu else found.seconds)
    return (sum(rates) / len(rates) if rates else 0.0), missing, spent_each


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=0.5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", default=None, help="one game's slug (default: every game)")
    parser.add_argument("--plain", action="store_true", help="random playouts, no bias")
    parser.add_argument("--tuning", default=None, help="search settings k=v,k=v")
    parser.add_argument("--first-seats", action="store_true", help="the first seat count only")
    parser.add_argument(
        "--cpu", action="store_true", help="iterations per CPU second (a loaded machine)"
    )
    parser.add_argument(
        "--iterations", type=int, default=None, help="iterations a search, no time limit"
    )
    args = parser.parse_args()
    tuning = {} if args.plain else dict(ISMCTS_TUNING)
    for item in filter(None, (args.tuning or "").split(",")):
        key, _, value = item.partition("=")
        tuning[key.strip()] = float(value)
    print(
        f"ISMCTS, {args.positions} positions a game,"
        f" {f'{args.iterations} iterations' if args.iterations else f'{args.seconds} s'} a search,"
        f" settings {tuning or 'plain'}"
    )
    for game in sorted(all_games(), key=lambda g: g.slug):
        if args.game and game.slug != args.game:
            continue
        counts = game.seat_counts(game.validate_options({}))
        for seats in counts[:1] if args.first_seats else counts:
            rate, missing, spent = measure(
                game, seats, args.positions, args.seconds, args.seed, tuning, args.cpu,
                args.iterations,
            )  # fmt: skip
            note = f"  (no determinizer: {missing} of {args.positions})" if missing else ""
            if args.iterations and spent:
                spent.sort()
                note += (
                    f"  {args.iterations} iterations: median {spent[len(spent) // 2]:.3f} s,"
                    f" 95th percentile {spent[math.ceil(0.95 * len(spent)) - 1]:.3f} s"
                )
            print(f"{game.slug:15} {seats} seats  {rate:8.0f} iterations/s{note}")


if __name__ == "__main__":
    main()
