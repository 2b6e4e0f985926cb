"""Benchmark: how much luck each game has, measured in whole matches between bot levels.

Not part of the test suite. For each game and format (two players; pairs where the game
has partnerships; a table of three or more where it has them), with default options:

1. Players of graded strength: ``random``, ``heuristic`` and the ISMCTS bot at small
   iteration budgets (``ismcts30``, ``ismcts200``: 30 and 200 iterations a move), from
   games/bots.py through bench/bots_bench.py's agents and deal loop.
2. Every pairing of two levels plays ``--matches`` whole matches, as the site plays them:
   deals until ``game.match_winner`` names a winner (a banking game: its default number of
   hands, won by chips), the dealer passed by ``game.next_dealer``, the carry by
   ``game.carry_for``; places by ``game.match_places``. The levels swap sides from match
   to match; partners are of one level; at a table the seats alternate between the two
   levels. A match scores, for the stronger-listed level A, the share of its pairwise
   comparisons with B-seats it won (ties half): 1 or 0 between two sides.
3. A Bradley-Terry (logistic, Elo-scaled) model is fitted by maximum likelihood: each level
   gets a rating, ``random`` at 0, P(A beats B) = 1 / (1 + 10 ** (-(r_A - r_B) / 400))
   (Bradley & Terry 1952; Elo 1978). One virtual draw per pairing keeps a clean sweep finite.
   Reports, per pairing, how often A won with its 95% Wilson interval (Wilson 1927), and per
   format the fitted gap heuristic - random and the span (strongest level - random) with
   95% intervals from the observed information. The span is the "luck" figure the K fit
   uses (bench/k_fit.py): the smaller, the more luck.

Runs are bounded: ``--matches`` a pairing, a ``--seconds`` budget a format (pairings are
played in turn, so a format cut short still has an even spread), ``--jobs`` processes.
Writes the figures as JSON (``--out``) for bench/k_fit.py.

Usage:
    nice .venv/bin/python bench/luck.py [--games briscola,scopa] [--levels random,heuristic,
        ismcts30] [--matches 40] [--seconds 120] [--jobs 2] [--seed 1] [--out luck.json]
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import sys
import time
from itertools import combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bots_bench import agent, play_out, wilson  # noqa: E402
from games.rules import all_games, get_game  # noqa: E402

ELO = math.log(10) / 400
"""Logits per Elo point."""

MAX_DEALS = 200
"""A match still undecided after this many deals is decided by its running totals (a
safety net against bots that never finish a match)."""


def level_agent(level: str):
    """The chooser of a level name: ``random``, ``heuristic`` or ``ismctsN`` (N iterations a
    move, no time limit). Raises SystemExit for another name."""
    if level.startswith("ismcts"):
        return agent("ismcts", iterations=int(level.removeprefix("ismcts") or 30))
    return agent(level)


def formats(game) -> list[tuple[str, int]]:
    """``(format, seats)`` of ``game`` with default options: ``two`` (two players),
    ``pairs`` (two partnerships), ``table`` (three or more sides: the game's first such
    seat count, its default where that is one)."""
    options = game.validate_options({})
    found: dict[str, int] = {}
    for seats in game.seat_counts(options):
        sides = game.sides(seats, options)
        name = "two" if len(sides) == 2 and seats == 2 else "pairs" if len(sides) == 2 else "table"
        found.setdefault(name, seats)
    return [(name, found[name]) for name in ("two", "pairs", "table") if name in found]


def play_match(game, seats: int, agents: list, seed: str) -> list[int]:
    """Play one whole match with default options, seat ``s`` choosing with ``agents[s]``;
    each side's place, 1 first (``game.match_places``)."""
    options = game.validate_options({})
    results: list[dict] = []
    dealer = 0
    while True:
        carry = game.carry_for(options, seats, results)
        deal = game.new_deal(
            seats=seats, dealer=dealer, options=options, seed=f"{seed}/{len(results)}",
            carry=carry,
        )  # fmt: skip
        results.append(play_out(deal, f"{seed}/{len(results)}", agents))
        places = game.match_places(results, options)
        if places is not None:
            return places
        if len(results) >= MAX_DEALS:
            totals = game.match_scores(results, options)
            return [1 + sum(t > total for t in totals) for total in totals]
        dealer = game.next_dealer(dealer, seats, results)


def match_score(game, seats: int, levels: tuple[str, str], number: int, seed: int) -> float:
    """Level A's score in match ``number`` of a pairing: the share of its comparisons with
    B's sides it won (1 better place, ½ equal, 0 worse). A holds the even sides in even
    matches and the odd sides in odd ones."""
    options = game.validate_options({})
    sides = game.sides(seats, options)
    level_of_side = [levels[(i + number) % 2] for i in range(len(sides))]
    agents: list = [None] * seats
    for side, side_seats in enumerate(sides):
        for seat in side_seats:
            agents[seat] = level_agent(level_of_side[side])
    places = play_match(game, seats, agents, f"{seed}/{game.slug}/{seats}/{levels}/{number}")
    a = [s for s in range(len(sides)) if level_of_side[s] == levels[0]]
    b = [s for s in range(len(sides)) if level_of_side[s] == levels[1]]
    comparisons = [
        1.0 if places[i] < places[j] else 0.5 if places[i] == places[j] else 0.0
        for i in a
        for j in b
    ]
    return sum(comparisons) / len(comparisons)


def fit_bradley_terry(
    levels: list[str], observations: list[tuple[int, int, float]]
) -> tuple[list[float], list[list[float]]]:
    """Maximum-likelihood Elo ratings of ``levels`` from ``(a, b, score of a)`` observations
    (indices into ``levels``), ``levels[0]`` fixed at 0, by Newton's method; one virtual
    draw is added for every pairing observed, so that a clean sweep stays finite.

    Returns:
        ``(ratings, covariance)``: Elo ratings, one per level, and their covariance matrix
        (Elo²) from the inverse observed information (zero row and column for level 0).
    """
    k = len(levels)
    pairings = {(min(a, b), max(a, b)) for a, b, _ in observations}
    data = list(observations) + [(a, b, 0.5) for a, b in pairings]
    r = [0.0] * k
    for _ in range(100):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for a, b, s in data:
            p = 1 / (1 + math.exp(-ELO * (r[a] - r[b])))
            g = ELO * (s - p)
            grad[a] += g
            grad[b] -= g
            w = ELO * ELO * p * (1 - p)
            hess[a][a] += w
            hess[b][b] += w
            hess[a][b] -= w
            hess[b][a] -= w
        free = [i for i in range(1, k) if hess[i][i] > 0]
        if not free:
            break
        info = [[hess[i][j] for j in free] for i in free]
        inverse = _invert(info)
        step = [
            sum(inverse[x][y] * grad[free[y]] for y in range(len(free))) for x in range(len(free))
        ]
        for x, i in enumerate(free):
            r[i] += step[x]
        if max(abs(s) for s in step) < 1e-6:
            break
    covariance = [[0.0] * k for _ in range(k)]
    for x, i in enumerate(free):
        for y, j in enumerate(free):
            covariance[i][j] = inverse[x][y]
    return r, covariance


def _invert(matrix: list[list[float]]) -> list[list[float]]:
    """The inverse of a small positive definite matrix (Gauss-Jordan)."""
    n = len(matrix)
    a = [row[:] + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda row: abs(a[row][col]))
        a[col], a[pivot] = a[pivot], a[col]
        scale = a[col][col]
        a[col] = [v / scale for v in a[col]]
        for row in range(n):
            if row != col:
                factor = a[row][col]
                a[row] = [v - factor * w for v, w in zip(a[row], a[col], strict=True)]
    return [row[n:] for row in a]


def measure(task: tuple) -> dict:
    """Play one format's pairings in turn within its budget and fit the model (one process)."""
    slug, name, seats, levels, matches, seconds, seed = task
    game = get_game(slug)
    pairings = list(combinations(range(len(levels)), 2))
    scores: dict[tuple[int, int], list[float]] = {p: [] for p in pairings}
    start = time.perf_counter()
    for number in range(matches):
        for a, b in pairings:
            if time.perf_counter() - start > seconds:
                break
            scores[(a, b)].append(match_score(game, seats, (levels[b], levels[a]), number, seed))
    observations = [(b, a, s) for (a, b), values in scores.items() for s in values]
    ratings, covariance = fit_bradley_terry(levels, observations)
    strongest = max(range(len(levels)), key=lambda i: ratings[i])
    report = {
        "game": slug,
        "format": name,
        "seats": seats,
        "levels": levels,
        "ratings": ratings,
        "seconds": round(time.perf_counter() - start, 1),
        "matches": sum(len(v) for v in scores.values()),
        "pairings": [],
    }
    for (a, b), values in scores.items():
        wins, n = sum(values), len(values)
        low, high = wilson(wins, n)
        report["pairings"].append(
            {"stronger": levels[b], "weaker": levels[a], "matches": n,
             "rate": wins / n if n else None, "low": low, "high": high}
        )  # fmt: skip
    for key, i in (("heuristic_gap", levels.index("heuristic") if "heuristic" in levels else 0),
                   ("span", strongest)):  # fmt: skip
        half = 1.96 * math.sqrt(max(covariance[i][i], 0.0))
        report[key] = {"elo": ratings[i], "low": ratings[i] - half, "high": ratings[i] + half}
    report["strongest"] = levels[strongest]
    report["span"]["p"] = 1 / (1 + 10 ** (-ratings[strongest] / 400))
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="", help="comma-separated slugs (default: all)")
    parser.add_argument("--formats", default="two,pairs,table")
    parser.add_argument("--levels", default="random,heuristic,ismcts30,ismcts200")
    parser.add_argument("--matches", type=int, default=40, help="matches a pairing, at most")
    parser.add_argument("--seconds", type=float, default=120, help="budget a format")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="", help="write the reports here as JSON")
    args = parser.parse_args()
    levels = args.levels.split(",")
    if levels[0] != "random":
        raise SystemExit("the first level is the anchor, rated 0: random")
    games = (
        [get_game(slug) for slug in args.games.split(",")]
        if args.games
        else sorted(all_games(), key=lambda g: g.slug)
    )
    wanted = set(args.formats.split(","))
    tasks = [
        (game.slug, name, seats, levels, args.matches, args.seconds, args.seed)
        for game in games
        for name, seats in formats(game)
        if name in wanted
    ]
    print(f"{len(tasks)} formats, levels {levels}, <= {args.matches} matches a pairing,"
          f" {args.seconds:.0f} s a format, {args.jobs} jobs", flush=True)  # fmt: skip
    reports = []
    with multiprocessing.Pool(args.jobs) as pool:
        for report in pool.imap_unordered(measure, tasks):
            reports.append(report)
            gap, span = report["heuristic_gap"], report["span"]
            print(
                f"{report['game']:13} {report['format']:5} ({report['seats']} seats)"
                f" {report['matches']:4} matches in {report['seconds']:.0f} s;"
                f" heuristic-random {gap['elo']:+.0f} [{gap['low']:+.0f}, {gap['high']:+.0f}];"
                f" span to {report['strongest']} {span['elo']:+.0f}"
                f" [{span['low']:+.0f}, {span['high']:+.0f}] (P {span['p']:.2f})",
                flush=True,
            )
            for p in report["pairings"]:
                if p["matches"]:
                    print(
                        f"    {p['stronger']:>10} v {p['weaker']:<10} {p['rate']:.2f}"
                        f" [{p['low']:.2f}, {p['high']:.2f}] n={p['matches']}",
                        flush=True,
                    )
    if args.out:
        Path(args.out).write_text(
            json.dumps(sorted(reports, key=lambda r: (r["game"], r["format"])), indent=1)
        )


if __name__ == "__main__":
    main()
