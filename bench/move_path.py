"""Benchmark: the CPU and SQL statements of one live move, in-process, deal-ending moves apart.

Not part of the test suite. It plays random legal Spizzichino moves on ``--matches`` live
matches through the consumer's synchronous part of a move (``games.consumers._play``: the
session check, the service, the broadcast through the Redis channel layer), round robin
over the matches as a server process that keeps them would see them, and times each call
with ``time.process_time`` (the CPU of this process: the database's and Redis's own CPU
is not in it). SQL statements are counted with a connection execute wrapper (transaction
control, BEGIN/COMMIT, is not counted: psycopg sends it without the wrapper).

Moves are reported in three groups: those that leave the deal going (the common move),
those that end a deal and deal the next one, and those that end the match. A finished
match is replaced by a new one, so the run plays ``--moves`` moves in all.

Usage:
    .venv/bin/python bench/move_path.py [--moves 1500] [--matches 8] [--seed 1]
Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/cartelle_move_path),
REDIS_URL (default redis://127.0.0.1:6379/2). docs/performance.md ("The live path against
its floor", "The end of a deal") records its figures.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/cartelle_move_path")
os.environ.setdefault("DB_CONN_MAX_AGE", "600")
os.environ.setdefault("FAST_PASSWORD_HASHER", "1")

from bench import roundtrip  # noqa: E402  (sets the rest of the environment)


class Counter:
    """A connection execute wrapper that counts statements."""

    def __init__(self, trace: bool = False) -> None:
        self.count = 0
        self.trace = trace
        self.statements: list[str] = []

    def __call__(self, execute, sql, params, many, context):
        self.count += 1
        if self.trace:
            self.statements.append(sql[:160])
        return execute(sql, params, many, context)


def _session_key(cookie: str) -> str:
    return cookie.split("=", 1)[1]


def _seat_on_move(match_id: int):
    """The engine of the match's current deal, as this process keeps it (else replayed),
    read outside the timing."""
    from games import state
    from games.models import Deal, Match

    entry = state._ENGINES.get(match_id)
    if entry is not None:
        return entry.engine, entry.seq, entry.deal.number
    match = Match.objects.get(pk=match_id)
    deal = Deal.objects.filter(match=match).order_by("-number").first()
    return state.engine_for(match, deal), match.seq, deal.number


def run(
    moves: int, matches: int, seed: int, trace: bool = False
) -> dict[str, list[tuple[float, int]]]:
    """Play ``moves`` moves; returns {group: [(CPU seconds, statements)]}. ``trace``: print
    the statements of the first deal-ending move."""
    from django.db import connection

    from games import consumers
    from games.models import Deal, Match

    rng = random.Random(seed)
    live = []
    created = 0

    def new() -> tuple[int, dict]:
        nonlocal created
        match, cookies = roundtrip.new_match(created)
        created += 1
        players = {s.number: s.player_id for s in match.seats.all()}
        keys = {seat: _session_key(cookie) for seat, cookie in cookies.items()}
        return match.pk, {seat: (players[seat], keys[seat]) for seat in players}

    live = [new() for _ in range(matches)]
    groups: dict[str, list[tuple[float, int]]] = {
        "goes on": [],
        "ends a deal": [],
        "ends match": [],
    }
    counter = Counter(trace)
    played = 0
    index = 0
    while played < moves:
        index = (index + 1) % len(live)
        match_id, seats = live[index]
        engine, seq, number = _seat_on_move(match_id)
        seat = engine.to_act
        action = rng.choice(engine.legal_actions())
        player_id, key = seats[seat]
        counter.count = 0
        counter.statements = []
        with connection.execute_wrapper(counter):
            start = time.process_time()
            consumers._play(key, player_id, match_id, action, seq)
            cpu = time.process_time() - start
        played += 1
        status, latest = (
            Match.objects.filter(pk=match_id).values_list("status", "seq").first()[0],
            Deal.objects.filter(match_id=match_id).order_by("-number").first(),
        )
        if status != Match.Status.IN_PROGRESS:
            groups["ends match"].append((cpu, counter.count))
            live[index] = new()
        elif latest.number != number:
            if trace and not groups["ends a deal"]:
                print("statements of a deal-ending move:", *counter.statements, sep="\n  ")
            groups["ends a deal"].append((cpu, counter.count))
        else:
            groups["goes on"].append((cpu, counter.count))
    return groups


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=1500)
    parser.add_argument("--matches", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--trace", action="store_true", help="SQL of a deal-ending move")
    args = parser.parse_args()
    roundtrip.setup_django()
    from django.conf import settings

    assert settings.SESSION_ENGINE == "django.contrib.sessions.backends.db"
    groups = run(args.moves, args.matches, args.seed, args.trace)
    every = [item for group in groups.values() for item in group]
    print(f"{len(every)} moves on {args.matches} live matches at a time (process_time)")
    print("| moves | count | share | CPU a move, mean ms | median ms | SQL statements a move |")
    print("|---|---|---|---|---|---|")
    for name, items in [*groups.items(), ("all", every)]:
        if not items:
            continue
        cpu = [c * 1000 for c, _ in items]
        statements = sorted({s for _, s in items})
        mean = statistics.fmean(s for _, s in items)
        shown = (
            str(statements[0])
            if len(statements) == 1
            else f"{statements[0]}–{statements[-1]} (mean {mean:.1f})"
        )
        print(
            f"| {name} | {len(items)} | {100 * len(items) / len(every):.1f} % | "
            f"{statistics.fmean(cpu):.2f} | {statistics.median(cpu):.2f} | {shown} |"
        )


if __name__ == "__main__":
    main()
