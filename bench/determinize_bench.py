"""Benchmark: determinizations per second (issue #12, the ISMCTS bot), for the games whose
determinizers live in games/rules/{bazzica,calabrasella,pinch_tarot,sette_e_mezzo,
ziginette}/determinize.py.

Not part of the test suite. For each game (and each Bazzica variant) it plays
``--positions`` random deals of random legal play to a random point, takes the view and
public history of the seat to act, and times ``game.determinize`` on them ``--samples``
times each (the ISMCTS bot determinizes once per iteration). It prints, per game, the
determinizations per second, the mean and worst time of one, and how many positions
had no determinization (ValueError; the bot then has none to search from).

Usage:
    .venv/bin/python bench/determinize_bench.py [--positions 200] [--samples 5] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script from anywhere: the engine is not installed

from games.rules import get_game  # noqa: E402

CASES = [
    ("bazzica", {"variant": "classic"}),
    ("bazzica", {"variant": "tre"}),
    ("bazzica", {"variant": "rubicone"}),
    ("bazzica", {"variant": "quattro"}),
    ("calabrasella", {}),
    ("pinch-tarot", {}),
    ("sette-e-mezzo", {}),
    ("ziginette", {}),
]


def positions(slug: str, options: dict, count: int, rng: random.Random) -> list:
    """``count`` (game, view, history, options) of the seat to act, at random points of
    random deals (deals over are skipped)."""
    game = get_game(slug)
    normalized = game.validate_options(options)
    seats = game.seat_counts(normalized)[0]
    found = []
    while len(found) < count:
        deal = game.new_deal(
            seats=seats, dealer=rng.randrange(seats), options=normalized, seed=rng.random()
        )
        for _ in range(rng.randrange(200)):
            if deal.is_over:
                break
            deal.apply(rng.choice(deal.legal_actions()))
        if deal.is_over:
            continue
        seat = deal.to_act
        found.append((game, game.view_for(deal, seat), game.public_history(deal, seat), normalized))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--samples", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{'game':<22} {'det/s':>8} {'mean ms':>8} {'worst ms':>9} {'failed':>7}")
    for slug, options in CASES:
        rng = random.Random(args.seed)
        cases = positions(slug, options, args.positions, rng)
        times: list[float] = []
        failed = 0
        for game, view, history, normalized in cases:
            for _ in range(args.samples):
                start = time.perf_counter()
                try:
                    game.determinize(view, history, normalized, rng)
                except ValueError:
                    failed += 1
                times.append(time.perf_counter() - start)
        total = sum(times)
        name = slug + (f" {options['variant']}" if options else "")
        print(
            f"{name:<22} {len(times) / total:>8.0f} {total / len(times) * 1e3:>8.2f} "
            f"{max(times) * 1e3:>9.1f} {failed:>4}/{len(times)}"
        )


if __name__ == "__main__":
    main()
