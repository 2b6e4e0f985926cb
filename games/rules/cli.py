"""Command line: ``python -m games.rules replay RECORD.json``, ``... verify RECORD.json``
and ``... simulate GAME``.

replay prints the finished deal's result as JSON and exits 0; on the first
illegal action it prints which one and why and exits 1; a file that is not a
record of a finished deal exits 2.
verify checks a finished deal's record downloaded from the site: its deck and salt hash
to the commitment published before the deal (docs/fairness.md) and its actions replay;
it prints why and exits 0 when both hold, 1 when not, 2 for a file it cannot read.
simulate plays random legal deals and ends with the line ``<number> deals/s``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from games.rules import fairness
from games.rules.base import IllegalAction
from games.rules.registry import all_games, get_game
from games.rules.simulate import simulate


def _replay(path: str) -> int:
    try:
        with open(path, encoding="utf-8") as file:
            record = json.load(file)
        game = get_game(record["game"])
    except (OSError, ValueError, KeyError, TypeError) as error:
        print(f"cannot read a deal record from {path}: {error}", file=sys.stderr)
        return 2
    try:
        deal = game.replay(record)
    except IllegalAction as error:
        print(f"illegal action: {error}")
        return 1
    except ValueError as error:
        print(f"cannot replay {path}: {error}", file=sys.stderr)
        return 2
    if not deal.is_over:
        print(
            f"the record stops before the end of the deal ({len(deal.actions)} actions, "
            f"seat {deal.to_act} to act)",
            file=sys.stderr,
        )
        return 2
    print(json.dumps(deal.result()))
    return 0


def _verify(path: str) -> int:
    try:
        with open(path, encoding="utf-8") as file:
            record = json.load(file)
    except (OSError, ValueError) as error:
        print(f"cannot read a deal record from {path}: {error}", file=sys.stderr)
        return 2
    ok, why = fairness.verify(record)
    print(("verified: " if ok else "NOT verified: ") + why)
    return 0 if ok else 1


def _simulate(slug: str, deals: int, seed: int | None) -> int:
    stats = simulate(get_game(slug), deals, seed)
    print(f"{stats.deals} deals, {stats.actions} actions in {stats.seconds:.2f} s")
    print(f"{stats.actions_per_second:.0f} actions/s")
    print(f"{stats.deals_per_second:.0f} deals/s")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m games.rules", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    replay = commands.add_parser("replay", help="replay a deal record and print its result")
    replay.add_argument("record", help="path of a deal record (JSON)")
    check = commands.add_parser(
        "verify", help="check a finished deal's record against its published commitment"
    )
    check.add_argument("record", help="path of a deal record downloaded from the site (JSON)")
    sim = commands.add_parser("simulate", help="play random legal deals and time them")
    sim.add_argument("game", choices=[game.slug for game in all_games()])
    sim.add_argument("--deals", type=int, default=1000, help="how many deals (default 1000)")
    sim.add_argument("--seed", type=int, default=None, help="seed of the random play")
    args = parser.parse_args(argv)
    if args.command == "replay":
        return _replay(args.record)
    if args.command == "verify":
        return _verify(args.record)
    if args.deals < 0:
        parser.error("--deals cannot be negative")
    return _simulate(args.game, args.deals, args.seed)
