"""Benchmark: pairing one Swiss round (tournaments/pairing/swiss.py) for N entrants.

Not part of the test suite. Entrants get random scores 0-3 (a fourth round), no past
meetings, balanced seats; times ``pair_round`` (networkx maximum-weight matching over the
complete graph of allowed pairs), best of ``--repeat``.

Usage:
    .venv/bin/python bench/swiss_bench.py --entrants 100 250 500
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tournaments.pairing.swiss import SwissEntrant, pair_round  # noqa: E402


def entrants(n: int, seed: int = 1) -> list[SwissEntrant]:
    rng = random.Random(seed)
    return [
        SwissEntrant(
            entrant=i,
            score=rng.choice([0, 1, 2, 3]),
            rank=i + 1,
            opponents=frozenset(),
            had_bye=False,
            firsts=1,
            seconds=1,
            last_seat=None,
        )  # fmt: skip
        for i in range(n)
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entrants", type=int, nargs="+", default=[100, 250, 500])
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    for n in args.entrants:
        field = entrants(n)
        times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            pair_round(field)
            times.append(time.perf_counter() - start)
        print(f"{n:5} entrants: {min(times):.2f} s")


if __name__ == "__main__":
    main()
