"""Benchmark: ISMCTS iterations per second (games/ismcts.py), per game and seat count.

Not part of the test suite. For each game (default options) and each of its seat counts,
plays ``--positions`` random deals at random up to a random point where the seat to act
has a choice, and runs the search of that seat for ``--seconds`` of wall time on one
core, with the ISMCTS bot's own settings (``games.bots.ISMCTS_TUNING``: half the playout
moves by the game's heuristic) or, with ``--plain``, uniformly random playouts and no
bias. Prints the mean iterations per second over the positions (each iteration: one
determinization, one descent, one playout to the deal's end) and the share of the
positions where the game had no determinizer yet (the bot then plays the heuristic).

Usage:
    .venv/bin/python bench/ismcts_bench.py [--positions 10] [--seconds 0.5] [--seed 1]
        [--game briscola] [--plain] [--tuning greedy=0,mast=1] [--first-seats] [--cpu]
"""

from __future__ import annotations

import argparse
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
) -> tuple[float, int]:
    """Mean iterations per second over ``positions`` searches with the search keywords
    ``tuning`` (per second of this process's CPU time when ``cpu``, else of wall time),
    and how many of them the game could not search (no determinizer)."""
    rng = random.Random(seed)
    rates, missing = [], 0
    for _ in range(positions):
        deal = position(game, seats, rng)
        given = bot_input(deal, deal.to_act)
        began = time.process_time()
        try:
            found = search(given.game, given.view, given.history, given.options, rng,
                           seconds=seconds, **(tuning or {}))  # fmt: skip
        except NotImplementedError:
            missing += 1
            continue
        spent = time.process_time() - began
        rates.append(found.iterations / spent if cpu and spent > 0 else found.iterations_per_second)
    return (sum(rates) / len(rates) if rates else 0.0), missing


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
    args = parser.parse_args()
    tuning = {} if args.plain else dict(ISMCTS_TUNING)
    for item in filter(None, (args.tuning or "").split(",")):
        key, _, value = item.partition("=")
        tuning[key.strip()] = float(value)
    print(
        f"ISMCTS, {args.positions} positions a game, {args.seconds} s a search,"
        f" settings {tuning or 'plain'}"
    )
    for game in sorted(all_games(), key=lambda g: g.slug):
        if args.game and game.slug != args.game:
            continue
        counts = game.seat_counts(game.validate_options({}))
        for seats in counts[:1] if args.first_seats else counts:
            rate, missing = measure(
                game, seats, args.positions, args.seconds, args.seed, tuning, args.cpu
            )
            note = f"  (no determinizer: {missing} of {args.positions})" if missing else ""
            print(f"{game.slug:15} {seats} seats  {rate:8.0f} iterations/s{note}")


if __name__ == "__main__":
    main()
