"""Benchmark: the largest view a seat is sent, per game, over random deals.

Not part of the test suite (tests/games/rules/test_view_size.py runs the same loop on
fewer deals). For each game, ``--deals`` deals of uniformly random legal play through
``games.rules`` (``legal_actions``/``apply``, as ``python -m games.rules simulate`` plays);
before the first action and after every action, the view of every seat and of a
spectator (``Deal.view``) is serialized as the server sends it (``json.dumps`` with
``separators=(",", ":")``, games/consumers.py) and its length in bytes (UTF-8) kept.

Games whose options change the seats or the pack are played in their largest
configurations (``CONFIGS``): the most seats, and for Bazzica every variant, the deals
shared between them. The report gives per game the deals played, the largest view in
bytes, where it was (configuration, deal, action number, seat) and the number of legal
actions it offered, then whether every view is under ``--limit`` bytes (16 KB).

Usage:
    nice .venv/bin/python bench/view_size.py [--deals 10000] [--seed 1] [--game pinch-tarot]
        [--limit 16384] [--max-seconds 300] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script from anywhere: the engine is not installed

from games.rules import all_games, get_game  # noqa: E402

LIMIT = 16 * 1024
"""The largest view allowed, in bytes (issue #32)."""

CONFIGS: dict[str, list[tuple[int | None, dict[str, Any]]]] = {
    "bazzica": [
        (None, {"variant": "classic"}),
        (None, {"variant": "tre"}),
        (None, {"variant": "rubicone"}),
        (None, {"variant": "quattro"}),
    ],
    "briscola": [(4, {"show_points": True})],
    "burraco": [(4, {})],
    "machiavelli": [(5, {"show_rejected": True})],
    "rumino": [(6, {"rebuys": True})],
    "sette-e-mezzo": [(8, {})],
    "spizzichino": [(2, {"peek_bottom": True})],
    "ziginette": [(8, {})],
}
"""Per game, the ``(seats, options)`` played (seats None: the first the options allow);
a game not listed is played with its most seats and default options."""


@dataclass
class Largest:
    """The largest view seen in one game: bytes, where it was, and the deals played."""

    game: str
    deals: int = 0
    views: int = 0
    size: int = 0
    where: dict[str, Any] = field(default_factory=dict)
    seconds: float = 0.0


def configs(game) -> list[tuple[int, dict[str, Any]]]:
    """The ``(seats, validated options)`` to play ``game`` in (``CONFIGS``)."""
    out = []
    for seats, options in CONFIGS.get(game.slug, [(None, {})]):
        normalized = game.validate_options(options)
        counts = game.seat_counts(normalized)
        out.append((max(counts) if seats is None else seats, normalized))
    return out


def largest_view(slug: str, deals: int, seed: int, max_seconds: float | None = None) -> Largest:
    """Play ``deals`` random deals of game ``slug`` (spread over its ``configs``) and return
    the largest serialized view any seat or spectator was sent. Deterministic for a seed;
    with ``max_seconds`` (CPU seconds of this process), stops after the deal that passes it
    (``Largest.deals`` says how many were played)."""
    game = get_game(slug)
    rng = random.Random(f"{seed}:{slug}")
    found = Largest(slug)
    plans = configs(game)
    dumps = json.dumps
    start = time.process_time()
    for number in range(deals):
        seats, options = plans[number % len(plans)]
        deal = game.new_deal(
            seats=seats, dealer=number % seats, options=options, seed=rng.getrandbits(64)
        )
        viewers = [*range(seats), None]
        while True:
            for viewer in viewers:
                text = dumps(deal.view(viewer), separators=(",", ":"))
                size = len(text.encode())
                found.views += 1
                if size > found.size:
                    view = deal.view(viewer)
                    found.size = size
                    found.where = {
                        "seats": seats,
                        "options": {k: v for k, v in options.items()},
                        "deal": number,
                        "action": len(deal.actions),
                        "viewer": viewer,
                        "legal_actions": len(view.get("legal_actions") or []),
                    }
            legal = deal.legal_actions()
            if not legal:
                break
            deal.apply(legal[int(rng.random() * len(legal))])
        found.deals += 1
        if max_seconds is not None and time.process_time() - start > max_seconds:
            break
    found.seconds = time.process_time() - start
    return found


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print one line a game; exit 1 when a view is over the limit."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", help="a slug; repeat for several")
    parser.add_argument("--limit", type=int, default=LIMIT)
    parser.add_argument(
        "--max-seconds", type=float, help="CPU seconds a game at most (fewer deals then)"
    )
    parser.add_argument("--json", help="also write the results to this file")
    args = parser.parse_args(argv)
    slugs = args.game or [game.slug for game in all_games()]
    results = []
    print(f"{'game':15} {'deals':>6} {'views':>10} {'largest B':>10} {'legal':>6}  where")
    for slug in slugs:
        found = largest_view(slug, args.deals, args.seed, args.max_seconds)
        results.append(found)
        w = found.where
        print(
            f"{slug:15} {found.deals:>6} {found.views:>10} {found.size:>10} "
            f"{w.get('legal_actions', 0):>6}  seats {w.get('seats')} {w.get('options')} "
            f"deal {w.get('deal')} action {w.get('action')} viewer {w.get('viewer')} "
            f"({found.seconds:.0f} s CPU)",
            flush=True,
        )
    over = [r.game for r in results if r.size > args.limit]
    print(f"limit {args.limit} B: " + (f"exceeded by {', '.join(over)}" if over else "met"))
    if args.json:
        Path(args.json).write_text(json.dumps([r.__dict__ for r in results], indent=1))
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
