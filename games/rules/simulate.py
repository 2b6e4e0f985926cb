"""Uniformly random legal play, for smoke tests and speed measurements."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from games.rules.base import Game


@dataclass(frozen=True)
class SimulationStats:
    """What a simulation did: deals and actions played, and the seconds it took."""

    deals: int
    actions: int
    seconds: float

    @property
    def deals_per_second(self) -> float:
        """Deals played per second of wall-clock time."""
        return self.deals / self.seconds if self.seconds else float("inf")

    @property
    def actions_per_second(self) -> float:
        """Actions applied per second of wall-clock time."""
        return self.actions / self.seconds if self.seconds else float("inf")


def simulate(
    game: Game,
    deals: int,
    seed: int | str | None = None,
    seats: int | None = None,
    options: dict | None = None,
) -> SimulationStats:
    """Play ``deals`` deals of ``game``, each action chosen uniformly among ``legal_actions()``.

    Every deal is shuffled from a seed drawn from ``random.Random(seed)``, so
    the same ``seed`` replays the same deals; the deal passes to the next seat
    as the game says. ``seats`` defaults to the first player count the ``options``
    (default: none given) allow. Raises ValueError for ``deals`` < 0, a count the game
    does not allow or bad options.
    """
    if deals < 0:
        raise ValueError(f"the number of deals cannot be negative: {deals}")
    # Reproducible pseudo-random play is the point here, not secrecy.
    rng = random.Random(seed)
    uniform, getrandbits = rng.random, rng.getrandbits
    normalized = game.validate_options(options)
    seats = game.seat_counts(normalized)[0] if seats is None else seats
    dealer = 0
    actions = 0
    start = time.perf_counter()
    for _ in range(deals):
        deal = game.new_deal(seats=seats, dealer=dealer, options=normalized, seed=getrandbits(64))
        apply, legal_actions = deal.apply, deal.legal_actions
        legal = legal_actions()
        while legal:
            # Uniform like rng.choice (to within 2**-53), at a fraction of its cost.
            apply(legal[int(uniform() * len(legal))])
            legal = legal_actions()
        actions += len(deal.actions)
        dealer = game.next_dealer(dealer, seats)
    return SimulationStats(deals, actions, time.perf_counter() - start)
