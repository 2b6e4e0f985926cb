"""Benchmark: pairing one Swiss round (tournaments/pairing/swiss.py) for N entrants.

Not part of the test suite. Times are CPU seconds of this process (``time.process_time``:
the pairing runs on one core, and the figure does not grow when other work shares the
machine). Two measures, the first the best of ``--repeat`` runs:

1. A fourth round with random scores 0-3, no past meetings, balanced seats (the field of
   the first benchmark): ``pair_round`` (score-group blocks) beside two baselines for the
   sizes in ``--full``: ``pair_round_full`` (one matching over the complete graph, the
   same weights) and, with ``--old REV``, the ``pair_round`` of tournaments/pairing/swiss.py
   at git revision REV (f38662f: the complete graph with the first weights) for the sizes
   in ``--old-entrants`` (default: those of ``--full``).
2. Whole events: ``--rounds`` rounds (default ⌈log2 N⌉, the site's default) of random
   results (win, draw, loss alike), every round paired by ``pair_round``; prints the slowest
   round and in how many rounds the score cost (criterion 3) equals the lower bound with
   rematches ignored, which proves it optimal.

Usage:
    .venv/bin/python bench/swiss_bench.py --entrants 100 200 400 1000 \
        --full 100 200 400 1000 --old f38662f --old-entrants 100 200 400
"""

from __future__ import annotations

import argparse
import math
import random
import subprocess
import sys
import time
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tournaments.pairing.swiss import (  # noqa: E402
    SwissEntrant,
    pair_round,
    pair_round_full,
    round_cost,
)


def entrants(n: int, seed: int = 1) -> list[SwissEntrant]:
    """A fourth round: random scores 0-3, no past meetings."""
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


def best_time(fn, field, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.process_time()
        fn(field)
        times.append(time.process_time() - start)
    return min(times)


def old_pair_round(revision: str):
    """``pair_round`` of tournaments/pairing/swiss.py at git ``revision``, fed the fields of
    this module (its ``SwissEntrant`` takes the same fields)."""
    source = subprocess.run(
        ["git", "show", f"{revision}:tournaments/pairing/swiss.py"],  # noqa: S607
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout  # noqa: S603 (a fixed command; the revision is the benchmark runner's own)
    module = types.ModuleType(f"swiss_at_{revision}")
    sys.modules[module.__name__] = module  # dataclasses look their module up
    exec(compile(source, f"swiss.py@{revision}", "exec"), module.__dict__)  # noqa: S102

    def pair(field: list[SwissEntrant]):
        return module.pair_round([module.SwissEntrant(**vars(e)) for e in field])

    return pair


def lower_bound(field: list[SwissEntrant], bye) -> int:
    """Criterion 3's cost with rematches ignored: neighbours in score order."""
    scores = sorted((e.score for e in field if e.entrant != bye), reverse=True)
    return sum(int(round(4 * (scores[k] - scores[k + 1]) ** 2)) for k in range(0, len(scores), 2))


def event(n: int, rounds: int, seed: int = 1) -> list[tuple[float, bool]]:
    """A whole Swiss of random results; per round, the pairing time and whether the score
    cost is at its lower bound."""
    rng = random.Random(seed)
    state = {
        i: {"score": 0.0, "opp": set(), "bye": False, "firsts": 0, "seconds": 0, "last": None}
        for i in range(n)
    }
    out = []
    for _ in range(rounds):
        field = [
            SwissEntrant(
                i, s["score"], i + 1, frozenset(s["opp"]), s["bye"], s["firsts"], s["seconds"],
                s["last"],
            )
            for i, s in state.items()
        ]  # fmt: skip
        start = time.process_time()
        pairing = pair_round(field)
        elapsed = time.process_time() - start
        out.append((elapsed, round_cost(field, pairing)[0] == lower_bound(field, pairing.bye)))
        if pairing.bye is not None:
            state[pairing.bye]["score"] += 1
            state[pairing.bye]["bye"] = True
        for first, second in pairing.pairs:
            result = rng.choice([1.0, 0.5, 0.0])
            state[first]["score"] += result
            state[second]["score"] += 1 - result
            state[first]["opp"].add(second)
            state[second]["opp"].add(first)
            state[first]["firsts"] += 1
            state[second]["seconds"] += 1
            state[first]["last"], state[second]["last"] = 0, 1
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entrants", type=int, nargs="+", default=[100, 200, 400, 1000])
    parser.add_argument("--full", type=int, nargs="*", default=[100, 200])
    parser.add_argument("--old", metavar="REV", default=None)
    parser.add_argument("--old-entrants", type=int, nargs="*", default=None)
    parser.add_argument("--rounds", type=int, default=None)
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    print("A fourth round, random scores 0-3, no past meetings:")
    old = old_pair_round(args.old) if args.old else None
    old_sizes = args.full if args.old_entrants is None else args.old_entrants
    print(f"entrants  blocks (s)  complete graph (s)  {args.old or '-'} (s)")
    for n in args.entrants:
        field = entrants(n)
        blocks = best_time(pair_round, field, args.repeat)
        full = f"{best_time(pair_round_full, field, args.repeat):.2f}" if n in args.full else "-"
        before = f"{best_time(old, field, args.repeat):.2f}" if old and n in old_sizes else "-"
        print(f"{n:8}  {blocks:10.2f}  {full:>18}  {before:>{len(args.old or '-') + 4}}")
    print("Whole events, random results, every round paired by blocks:")
    for n in args.entrants:
        rounds = args.rounds or math.ceil(math.log2(n))
        per_round = event(n, rounds)
        slowest = max(range(rounds), key=lambda r: per_round[r][0])
        at_bound = sum(1 for _, ok in per_round if ok)
        print(
            f"{n:8} entrants, {rounds} rounds: slowest round {slowest + 1} "
            f"{per_round[slowest][0]:.2f} s, all rounds {sum(t for t, _ in per_round):.2f} s, "
            f"score cost at its lower bound in {at_bound}/{rounds} rounds"
        )


if __name__ == "__main__":
    main()
