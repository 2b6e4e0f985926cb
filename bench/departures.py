"""Benchmark: where the ISMCTS bot departs from the heuristic, and how those decks end.

Not part of the test suite. For a game of more than two sides (the banking games,
Calabrasella), plays ``--decks`` decks as bench/bots_bench.py does in its mode (2): the
bot in one seat (rotating through every dealer and seat), the heuristic in the others,
then the heuristic in every seat. At each of the bot's decisions it also asks the
heuristic what it would do from the same input; the deck is filed under its first
departure (the bot's role, banker or player, the phase, its total as its view shows it,
the heuristic's action and the bot's), with whether the bot's seat ended better, level or
worse in points (chips) than the heuristic in its place, and the points gained.

Usage:
    .venv/bin/python bench/departures.py [--game sette-e-mezzo] [--decks 240]
        [--iterations 2000] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.bots import bot_input, choose_action  # noqa: E402
from games.rules import get_game  # noqa: E402


def play(game, seats: int, dealer: int, deck_seed: str, bot_seat: int, iterations: int, log):
    """Points per side of one deal, the ISMCTS bot in ``bot_seat`` (-1: none), the
    heuristic elsewhere; each of the bot's departures from the heuristic is appended to
    ``log`` as ``(role, phase, total, heuristic's action, bot's action)``."""
    deal = game.new_deal(seats=seats, dealer=dealer, seed=deck_seed)
    rngs = [random.Random(f"{deck_seed}/{seat}") for seat in range(seats)]
    while not deal.is_over:
        seat = deal.to_act
        given = bot_input(deal, seat)
        if seat == bot_seat:
            usual = choose_action(given, random.Random(0), "heuristic")
            action = choose_action(given, rngs[seat], "ismcts", iterations=iterations)
            if action != usual:
                me = given.view["players"][seat] if "players" in given.view else {}
                role = "banker" if seat == dealer else "player"
                log.append((role, given.view.get("phase"), me.get("total"), usual, action))
        else:
            action = choose_action(given, rngs[seat], "heuristic")
        deal.apply(action)
    return game.deal_points(deal.result())


def main() -> None:
    """Parse the arguments (module docstring), play the decks and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="sette-e-mezzo")
    parser.add_argument("--decks", type=int, default=240)
    parser.add_argument("--iterations", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = get_game(args.game)
    options = game.validate_options({})
    seats = game.seat_counts(options)[0]
    sides = [tuple(side) for side in game.sides(seats, options)]
    # first departure -> [better, level, worse, points gained]
    table: dict[tuple, list] = defaultdict(lambda: [0, 0, 0, 0.0])
    alike = 0
    for number in range(args.decks):
        deck_seed = f"{args.seed}/{game.slug}/{number}"
        dealer, seat = number % seats, (number // seats) % seats
        side = next(i for i, s in enumerate(sides) if seat in s)
        log: list = []
        mine = play(game, seats, dealer, deck_seed, seat, args.iterations, log)
        theirs = play(game, seats, dealer, deck_seed, -1, args.iterations, [])
        if not log:
            alike += 1
            continue
        gained = mine[side] - theirs[side]
        row = table[log[0]]
        row[0 if gained > 0 else 1 if gained == 0 else 2] += 1
        row[3] += gained
    print(f"{args.game}, {args.decks} decks, N {args.iterations}, seed {args.seed}: "
          f"{alike} decks without a departure")  # fmt: skip
    print("first departure (role, phase, total, heuristic, bot): better / level / worse, points")
    rows = sorted(table.items(), key=lambda kv: -sum(kv[1][:3]))
    for key, (better, level, worse, gained) in rows:
        print(f"  {key}: {better} / {level} / {worse}, {gained:+.0f}")


if __name__ == "__main__":
    main()
