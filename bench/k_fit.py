"""Benchmark: the K of each game and format, fitted to the game's measured luck.

Not part of the test suite. Reads bench/luck.py's JSON (``--luck``); for each game and
format there:

1. The spread of true strengths is the span the luck benchmark measured (the Elo gap
   between its strongest bot level and the random one, at least 0): players' true
   strengths are uniform over it, so the best beats the worst as often as the strongest
   bot beat the random one.
2. ``--train`` streams and ``--held-out`` streams (other seeds) are simulated
   (``tournaments.k_fitting.simulate_stream``: ``--players`` players, ``--newcomers``
   arriving, ``--matches`` matches, pairing half random and half Swiss-like; the format's
   sides: two players, two pairs, or a table of the measured seat count).
3. The regular K is fitted with the provisional K kept at FIDE's 40; then the provisional
   K is refitted with that regular K (``fit_k``, the least mean log-loss on the training
   streams; the first ``--skip`` matches of a stream are rated but not scored).
4. On the held-out streams: the chosen K's log-loss, FIDE's, and their difference with
   its 95% interval (Student's t over the streams).

Prints one line a format and, last, the ``K_TABLE`` entries for tournaments/rating.py;
``--out`` writes the figures as JSON.

Usage:
    nice .venv/bin/python bench/k_fit.py --luck luck.json [--train 2] [--held-out 5]
        [--matches 3000] [--players 200] [--newcomers 100] [--skip 500] [--jobs 2]
        [--out k_fit.json]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tournaments.k_fitting import fit_k, mean_interval, simulate_stream  # noqa: E402
from tournaments.rating import FIDE_K, KFactors  # noqa: E402

REGULAR = (4, 6, 8, 10, 12, 15, 20, 25, 30, 40)
"""Regular K candidates."""


def fit_format(task: tuple) -> dict:
    """Fit one format's K (one process); its figures as a dict."""
    report, args = task
    spread = max(0.0, report["span"]["elo"])
    shape = {"two": (2, 1), "pairs": (2, 2), "table": (report["seats"], 1)}[report["format"]]

    def streams(kind: str, count: int) -> list:
        return [
            simulate_stream(
                spread,
                f"{kind}/{report['game']}/{report['format']}/{seed}",
                sides=shape[0],
                side_size=shape[1],
                players=args.players,
                matches=args.matches,
                newcomers=args.newcomers,
            )  # fmt: skip
            for seed in range(count)
        ]

    train, held_out = streams("train", args.train), streams("held", args.held_out)
    regular = fit_k(train, grid=[KFactors(40, r, max(1, r // 2)) for r in REGULAR], skip=args.skip)
    r = regular.best.regular
    provisional = sorted({r, round(1.5 * r), 2 * r, 40, 60})
    grid = [KFactors(p, r, max(1, r // 2)) for p in provisional]
    fit = fit_k(train, held_out, grid=grid, skip=args.skip)
    gain = fit.gain()
    return {
        "game": report["game"],
        "format": report["format"],
        "seats": report["seats"],
        "spread": spread,
        "k": [fit.best.provisional, fit.best.regular, fit.best.top],
        "log_loss": mean_interval([best for best, _ in fit.held_out]),
        "fide": mean_interval([base for _, base in fit.held_out]),
        "gain": gain,
        "coin": 0.6931471805599453,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--luck", required=True, help="bench/luck.py's JSON")
    parser.add_argument("--train", type=int, default=2)
    parser.add_argument("--held-out", type=int, default=5)
    parser.add_argument("--matches", type=int, default=3000)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--newcomers", type=int, default=100)
    parser.add_argument("--skip", type=int, default=500)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", default="")
    args = parser.parse_args()
    reports = json.loads(Path(args.luck).read_text())
    print(
        f"{len(reports)} formats; {args.train} training and {args.held_out} held-out streams"
        f" of {args.matches} matches, {args.players} players + {args.newcomers} newcomers,"
        f" first {args.skip} not scored; FIDE K {FIDE_K}",
        flush=True,
    )
    results = []
    with multiprocessing.Pool(args.jobs) as pool:
        for result in pool.imap_unordered(fit_format, [(r, args) for r in reports]):
            results.append(result)
            p, r, t = result["k"]
            loss, fide, gain = result["log_loss"], result["fide"], result["gain"]
            print(
                f"{result['game']:13} {result['format']:5} spread {result['spread']:4.0f}:"
                f" K {p}/{r}/{t}; log-loss {loss[0]:.4f} [{loss[1]:.4f}, {loss[2]:.4f}]"
                f" vs FIDE {fide[0]:.4f} [{fide[1]:.4f}, {fide[2]:.4f}];"
                f" gain {gain[0]:+.4f} [{gain[1]:+.4f}, {gain[2]:+.4f}]",
                flush=True,
            )
    results.sort(key=lambda r: (r["game"], r["format"]))
    print("K_TABLE = {")
    for result in results:
        p, r, t = result["k"]
        print(f'    ("{result["game"]}", "{result["format"]}"): KFactors({p}, {r}, {t}),')
    print("}")
    if args.out:
        Path(args.out).write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
