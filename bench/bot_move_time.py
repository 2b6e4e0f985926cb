"""Benchmark: how long a player waits for a search bot's move, per game (issue 32).

Not part of the test suite. For each game it plays matches of one person (seat 0, played
by the heuristic through ``games.services.match_apply_action``) against search bots
(``match_against_computer(level="ismcts")``, the game's first seat count), through the
real services as the embedded default runs them: eager tasks, the bots' moves on the bot
thread (``BOT_MOVES_IN_THREAD``), the search in its own process, the display delay
``BOT_DELAY_SECONDS``. For each bot move it measures:

- *search*: from the start of ``bot_play`` to the action chosen (loading the match, the
  view, the search and its trip to the search's process; not the display delay);
- *its CPU*: the CPU time of the search alone, in the search's process (moves with
  nothing to search, played without it, are not counted): what the search costs on a
  core of its own, whatever else the machine runs;
- *total*: from the commit of the move that put the bot on move (when its move is queued)
  to the commit of the bot's move (``match_apply_action`` returned, broadcast sent).

For a game of four (Tressette, Tute) it also measures *a round of three bots*: from the
commit of the person's move to that of the third bot's move, when it puts the person on
move again (a trick taken by a bot is followed by more bot moves: not counted). A match
that ends is followed by another until ``--moves`` bot moves (and ``--rounds`` rounds)
are measured. Prints p50/p95/max in milliseconds (p95: nearest rank).

Usage:
    .venv/bin/python bench/bot_move_time.py [--games briscola,tressette] [--moves 100]
        [--rounds 40] [--seed 1]
Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/cartelle_bot_move_time),
REDIS_URL (default redis://127.0.0.1:6379/11), BOT_DELAY_MILLISECONDS,
BOT_SEARCH_MILLISECONDS. docs/bots.md ("Move time") records its figures.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import threading
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/cartelle_bot_move_time")
os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6379/11")
os.environ.setdefault("FAST_PASSWORD_HASHER", "1")
os.environ["BOT_MOVES_IN_THREAD"] = "1"

from bench import roundtrip  # noqa: E402  (sets the rest of the environment: eager tasks)

FOUR = ("tressette", "tute")


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile ``share`` (0 to 1) of ``values``."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def summary(values: list[float]) -> str:
    if not values:
        return "n=0"
    ms = [v * 1000 for v in values]
    return (
        f"n={len(ms):4d} p50 {percentile(ms, 0.5):6.0f}  p95 {percentile(ms, 0.95):6.0f}"
        f"  max {max(ms):6.0f} ms"
    )


def timed_choose(choose, *args, **kwargs):
    """``choose(*args, **kwargs)`` and the CPU seconds it took (run in the search's
    process: the CPU time of the search alone, whatever else the machine runs)."""
    began = time.process_time()
    action = choose(*args, **kwargs)
    return action, time.process_time() - began


class _Unwrapped:
    """A future of ``timed_choose`` that gives the action and records the CPU time."""

    def __init__(self, future, record) -> None:
        self.future, self.record = future, record

    def result(self):
        action, cpu = self.future.result()
        self.record(cpu)
        return action


class Timings:
    """Hooks on the services recording each bot move's times (module docstring)."""

    def __init__(self) -> None:
        self.queued: dict[tuple[int, int], float] = {}
        self.stored: dict[tuple[int, int], float] = {}
        self.search: list[float] = []
        self.total: list[float] = []
        self.cpu: list[float] = []
        self.local = threading.local()
        self.lock = threading.Lock()

    def install(self) -> None:
        from games import services
        from games.services import bot_moves, bot_queue

        real_queue = bot_queue._queue_bot_move
        real_play = services.bot_play
        real_wait = bot_moves._wait_for_display

        def queue(queue_function, match_id, seq, delay):
            with self.lock:
                self.queued.setdefault((match_id, seq), time.perf_counter())
            return real_queue(queue_function, match_id, seq, delay)

        def play(*, match_id, seq, **kwargs):
            self.local.chosen = None
            start = time.perf_counter()
            played = real_play(match_id=match_id, seq=seq, **kwargs)
            end = time.perf_counter()
            if played and self.local.chosen is not None:
                with self.lock:
                    self.search.append(self.local.chosen - start)
                    self.total.append(end - self.queued.get((match_id, seq), start))
                    self.stored[(match_id, seq)] = end
            return played

        def wait(match, not_before):
            self.local.chosen = time.perf_counter()
            return real_wait(match, not_before)

        real_process = bot_moves._search_process
        timings = self

        class TimedProcess:
            def submit(self, function, *args, **kwargs):
                future = real_process().submit(timed_choose, function, *args, **kwargs)
                return _Unwrapped(future, timings.cpu.append)

        bot_queue._queue_bot_move = queue
        services.bot_play = play
        bot_moves._wait_for_display = wait
        bot_moves._search_process = TimedProcess


def warm_search_process() -> None:
    """Start the search's process and import the engine there (the first move of a
    server's life pays this once; it is not a move's time)."""
    from games.bots import bot_input, choose_action
    from games.rules import get_game
    from games.services.bot_moves import _search_process

    deal = get_game("briscola").new_deal(seats=2, seed=1)
    bot = bot_input(deal, deal.to_act)
    _search_process().submit(choose_action, bot, random.Random(1), "ismcts").result()


def _wait_for_the_bots(match_id: int, enough) -> None:
    """Until the bot thread has no move of ``match_id`` left to play, or ``enough()``."""
    from games.services import bot_queue

    while bot_queue._BOT_THREAD_MATCHES.get(match_id) and not enough():
        time.sleep(0.005)


def play_game(slug: str, moves: int, rounds: int, rng: random.Random, timings: Timings):
    """Play ``slug`` until ``moves`` bot moves (and, at four, ``rounds`` rounds) are
    measured; return (search, search CPU, total, round times, seats)."""
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from games import services
    from games.bots import bot_input, choose_action
    from games.models import Deal, Match
    from games.state import engine_for

    first_search, first_total, first_cpu = (
        len(timings.search),
        len(timings.total),
        len(timings.cpu),
    )
    round_times: list[float] = []

    def enough() -> bool:
        return len(timings.total) - first_total >= moves and (
            slug not in FOUR or len(round_times) >= rounds
        )

    person, _ = get_user_model().objects.get_or_create(username=f"ann-{slug}")
    seats = 0
    while not enough():
        match = services.match_against_computer(player=person, game=slug, level="ismcts")
        seats, person_seq = match.seat_count, None
        for _ in range(20000):
            _wait_for_the_bots(match.pk, enough)
            match.refresh_from_db()
            if match.status != Match.Status.IN_PROGRESS or enough():
                break
            deal = Deal.objects.filter(match=match).order_by("-number").first()
            engine = engine_for(match, deal)
            if engine.to_act != 0:
                # Waiting for a claim window (Rumino): let it close, then the clock check
                # queues the bot's move.
                if match.claims_close_at is not None:
                    left = (match.claims_close_at - timezone.now()).total_seconds()
                    time.sleep(max(0.0, left))
                services.match_check_clock(match_id=match.pk)
                time.sleep(0.01)
                continue
            # The person's next turn: a round of three bots ends here.
            if slug in FOUR and person_seq is not None and match.seq - person_seq == 3:
                end = timings.stored.get((match.pk, match.seq - 1))
                start = timings.queued.get((match.pk, person_seq))
                if end is not None and start is not None:
                    round_times.append(end - start)
            action = choose_action(bot_input(engine, 0), rng, "heuristic")
            person_seq = services.match_apply_action(
                match_id=match.pk, player_id=person.pk, action=action, seq=match.seq
            )
        if Match.objects.get(pk=match.pk).status == Match.Status.IN_PROGRESS:
            services.match_resign(match_id=match.pk, player_id=person.pk)
            _wait_for_the_bots(match.pk, lambda: False)
    return (
        timings.search[first_search:],
        timings.cpu[first_cpu:],
        timings.total[first_total:],
        round_times,
        seats,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default="", help="comma-separated slugs (default all)")
    parser.add_argument("--moves", type=int, default=100, help="bot moves measured a game")
    parser.add_argument("--rounds", type=int, default=40, help="rounds of three bots (at four)")
    parser.add_argument("--seed", type=int, default=1, help="the person's choices")
    args = parser.parse_args()
    roundtrip.setup_django()
    from django.conf import settings

    from games.rules import all_games

    slugs = args.games.split(",") if args.games else [g.slug for g in all_games()]
    timings = Timings()
    timings.install()
    warm_search_process()
    print(
        f"bot delay {settings.BOT_DELAY_SECONDS * 1000:.0f} ms, search cap"
        f" {settings.BOT_SEARCH_SECONDS * 1000:.0f} ms; times in ms"
    )
    rng = random.Random(args.seed)
    results = defaultdict(dict)
    for slug in slugs:
        began = time.perf_counter()
        search, cpu, total, rounds, seats = play_game(slug, args.moves, args.rounds, rng, timings)
        results[slug] = (search, total, rounds)
        print(f"{slug} ({seats} seats, {time.perf_counter() - began:.0f} s)", flush=True)
        print(f"  search  {summary(search)}", flush=True)
        print(f"  its CPU {summary(cpu)}", flush=True)
        print(f"  total   {summary(total)}", flush=True)
        if slug in FOUR:
            print(f"  round of three bots {summary(rounds)}", flush=True)
    from games.services.bot_moves import _SEARCH_PROCESS

    _SEARCH_PROCESS[0].shutdown()
    os._exit(0)  # the bot thread is a daemon of this run


if __name__ == "__main__":
    main()
