"""Benchmark: how one bot level fares against another, per game, in duplicate format.

Not part of the test suite. For each game (default options, its first seat count or
``--seats``):

1. Two sides (every game with two sides: one-to-one or pairs): each deck is played
   twice with the same dealer, the bot holding seat 0's side the first time and the
   other side the second time (duplicate format: both sides get the same cards, so the
   luck of the deal largely cancels). A deal is won when the bot's side scores more
   than the other side; a tie counts half. ``--deals`` deals = ``--deals / 2`` decks.
2. More sides (Calabrasella's three players, the banking games' six seats): each deck is
   played twice with the same dealer and the same opponents, once with the bot in one
   seat and once with the ``--against`` player in that seat (the "player in its place").
   A deck is won when the bot's points there beat those of the player in its place
   (chips in the banking games; a tie counts half). ``--deals`` decks, 2 deals each.

The dealer rotates from deck to deck; in (2) the bot's seat rotates too, through every
(dealer, seat) pair. Every seat draws its random choices from a generator of its own,
seeded by the deck, so the opponents play the same way in both deals of a deck until
the bot's choices make the deals differ. Each seat gets its own view and the public
history of the deal as it saw it (hidden actions spelled "?"). Prints the win rate with
its 95% Wilson interval (Wilson 1927; the deals of a deck are counted separately).

Usage:
    .venv/bin/python bench/bots_bench.py [--deals 1000] [--level heuristic]
        [--against random] [--seed 1] [--games briscola,scopa] [--iterations N]
        [--seconds S [--cpu-clock]] [--tuning greedy=0.5,mast=0.5] [--against-tuning ...]
        [--seats N]
    (levels: random, heuristic, generic, ismcts; --iterations, --seconds: the ismcts bot's
    iterations and seconds a move, default its live budget (games.bots.search_budget),
    --cpu-clock: seconds of CPU time, not wall time; --tuning, --against-tuning:
    the ismcts settings of the bot and of its opponents, default ISMCTS_TUNING; --seats:
    the number of players, default each game's first seat count)
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.bots import ISMCTS_TUNING, BotInput, bot_input, choose_action  # noqa: E402
from games.heuristics.generic import generic_action  # noqa: E402
from games.rules import all_games, get_game  # noqa: E402

Agent = Callable[[BotInput, random.Random], str]


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion ``wins / n`` (Wilson 1927)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def agent(
    level: str,
    iterations: int | None = None,
    seconds: float | None = None,
    tuning: dict[str, float] | None = None,
) -> Agent:
    """The chooser of a level: ``random``, ``heuristic``, ``ismcts`` (games/bots.py; the
    search bounded by ``iterations`` a move and/or ``seconds`` a move when given, else by
    its live budget, with the search settings ``tuning`` when given, else the bot's own)
    or ``generic`` (the rules of thumb every game shared before games/heuristics had a
    module per game)."""
    if level == "generic":
        return lambda bot, rng: generic_action(bot.view, rng, list(bot.history))
    if level in ("random", "heuristic", "ismcts"):
        return lambda bot, rng: choose_action(
            bot, rng, level, seconds=seconds, iterations=iterations, tuning=tuning
        )
    raise SystemExit(f"unknown level {level!r}: random, heuristic, ismcts or generic")


def play_deal(game, seats: int, dealer: int, deck_seed: str, agents: list[Agent]) -> list:
    """Play one deal, seat ``s`` choosing with ``agents[s]`` from its own ``bot_input``
    (view, public history as it saw it, options); each side's points, the more the better
    (``Game.deal_points``: Rumino's penalty points negated)."""
    deal = game.new_deal(seats=seats, dealer=dealer, seed=deck_seed)
    return game.deal_points(play_out(deal, deck_seed, agents))


def play_out(deal, deck_seed: str, agents: list[Agent]) -> dict:
    """Play ``deal`` to its end, seat ``s`` choosing with ``agents[s]`` and a generator of
    its own seeded by ``deck_seed``; the deal's ``result()``."""
    rngs = [random.Random(f"{deck_seed}/{seat}") for seat in range(deal.seats)]
    while not deal.is_over:
        seat = deal.to_act
        deal.apply(agents[seat](bot_input(deal, seat), rngs[seat]))
    return deal.result()


def score(mine: float, theirs: float) -> float:
    """1 for a win, ½ for a tie, 0 for a loss."""
    return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0


def bench(
    game,
    deals: int,
    level: str,
    against: str,
    seed: int,
    iterations: int | None = None,
    seconds: float | None = None,
    tunings: tuple[dict | None, dict | None] = (None, None),
    seats: int | None = None,
) -> tuple[float, int, list]:
    """``(wins, deals counted, differences)`` of ``level`` against ``against`` in ``game``;
    ``differences`` holds, in mode (2), the bot's points less those of the player in its
    place, deck by deck (empty in mode (1)). ``iterations`` and ``seconds`` bound every
    ismcts search; ``tunings`` are the search settings of the bot and of its opponents
    (None: the bot's own, ``games.bots.ISMCTS_TUNING``); ``seats`` the number of players
    (None: the game's first seat count). Raises SystemExit for a seat count the game
    does not have."""
    options = game.validate_options({})
    if seats is None:
        seats = game.seat_counts(options)[0]
    elif seats not in game.seat_counts(options):
        raise SystemExit(f"{game.slug} is played by {game.seat_counts(options)}, not {seats}")
    sides = [tuple(side) for side in game.sides(seats, options)]
    bot = agent(level, iterations, seconds, tunings[0])
    other = agent(against, iterations, seconds, tunings[1])
    wins, counted, differences = 0.0, 0, []
    if len(sides) == 2:
        for number in range((deals + 1) // 2):
            deck_seed = f"{seed}/{game.slug}/{number}"
            for mine in (0, 1):
                agents = [bot if seat in sides[mine] else other for seat in range(seats)]
                points = play_deal(game, seats, number % seats, deck_seed, agents)
                wins += score(points[mine], points[1 - mine])
                counted += 1
            _progress(game, wins, counted, differences)
        return wins, counted, differences
    for number in range(deals):
        deck_seed = f"{seed}/{game.slug}/{number}"
        dealer, seat = number % seats, (number // seats) % seats
        side = next(i for i, s in enumerate(sides) if seat in s)
        with_bot = [bot if s == seat else other for s in range(seats)]
        points_bot = play_deal(game, seats, dealer, deck_seed, with_bot)
        points_other = play_deal(game, seats, dealer, deck_seed, [other] * seats)
        wins += score(points_bot[side], points_other[side])
        differences.append(points_bot[side] - points_other[side])
        counted += 1
        _progress(game, wins, counted, differences)
    return wins, counted, differences


def parse_tuning(text: str | None) -> dict[str, float] | None:
    """ISMCTS settings from ``"greedy=0.5,mast=0.5"`` (None for None: the bot's own)."""
    if text is None:
        return None
    tuning = {}
    for item in filter(None, text.split(",")):
        key, _, value = item.partition("=")
        tuning[key.strip()] = float(value)
    return tuning


PROGRESS = 100
"""A partial result is printed (to stderr) every this many deals counted."""


def _progress(game, wins: float, counted: int, differences: list) -> None:
    """Print the running win rate every ``PROGRESS`` deals (a long run stopped early
    still says what it measured)."""
    if counted % PROGRESS == 0:
        low, high = wilson(wins, counted)
        extra = f"  points {mean_interval(differences)[0]:+.2f}" if differences else ""
        print(
            f"  ... {game.slug} {counted} deals: {wins / counted:.3f} [{low:.3f}, {high:.3f}]"
            f"{extra}",
            file=sys.stderr,
            flush=True,
        )


def mean_interval(values: list) -> tuple[float, float, float]:
    """The mean of ``values`` and its 95% normal interval (mean ± 1.96 standard errors)."""
    n = len(values)
    mean = sum(values) / n
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * spread / math.sqrt(n)
    return mean, mean - half, mean + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--level", default="heuristic")
    parser.add_argument("--against", default="random")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", default="", help="comma-separated slugs (default: all)")
    parser.add_argument("--seats", type=int, default=None, help="players (default: the first)")
    parser.add_argument("--iterations", type=int, default=None, help="ismcts iterations a move")
    parser.add_argument("--seconds", type=float, default=None, help="ismcts seconds a move")
    parser.add_argument(
        "--cpu-clock", action="store_true", help="--seconds of CPU time (a loaded machine)"
    )
    parser.add_argument("--tuning", default=None, help="the bot's ismcts settings, k=v,k=v")
    parser.add_argument("--against-tuning", default=None, help="its opponents' ismcts settings")
    args = parser.parse_args()
    tunings = (parse_tuning(args.tuning), parse_tuning(args.against_tuning))
    if args.cpu_clock:
        import games.ismcts

        games.ismcts.CLOCK = time.process_time
    games = (
        [get_game(slug) for slug in args.games.split(",")]
        if args.games
        else sorted(all_games(), key=lambda g: g.slug)
    )
    print(
        f"{args.level} against {args.against}, {args.deals} deals a game, duplicate format;"
        f" ismcts: iterations {args.iterations}, seconds {args.seconds},"
        f" settings {tunings[0] or ISMCTS_TUNING} against {tunings[1] or ISMCTS_TUNING}"
    )
    for game in games:
        start = time.perf_counter()
        wins, n, differences = bench(
            game, args.deals, args.level, args.against, args.seed, args.iterations,
            args.seconds, tunings, args.seats,
        )  # fmt: skip
        low, high = wilson(wins, n)
        extra = ""
        if differences:
            mean, mean_low, mean_high = mean_interval(differences)
            extra = (
                f"  points over the player in its place {mean:+.2f}"
                f" [{mean_low:+.2f}, {mean_high:+.2f}]"
                f"  decks better / level / worse {sum(d > 0 for d in differences)}"
                f" / {sum(d == 0 for d in differences)} / {sum(d < 0 for d in differences)}"
            )
        print(
            f"{game.slug:15} win rate {wins / n:.3f}  95% CI [{low:.3f}, {high:.3f}]"
            f"  n={n}{extra}  ({time.perf_counter() - start:.1f} s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
