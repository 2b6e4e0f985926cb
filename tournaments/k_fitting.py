"""Choosing K by predictive log-loss: rating streams, simulated or the site's own.

A rating stream is a list of ``StreamMatch``: who sat on which side, and the places. It
is rated match by match with the project's own code (``tournaments.rating.rate_sides``)
under candidate coefficients (``KFactors``); before each match is rated, each pair of
its sides is predicted (``expected_score``), and the prediction is scored by its log-loss
against what happened (1, ½ or 0; base e). The K with the least mean log-loss predicts
best. This is the criterion of the Kaggle "Elo versus the rest of the world" contest
(J. Sonas, 2010) and of Glickman's evaluation of rating systems (M. Glickman, "Parameter
estimation in large dynamic paired comparison experiments", Applied Statistics 48, 1999).

Simulated streams (``simulate_stream``) follow the issue's recipe: players with true
strengths spread uniformly over ``spread`` Elo points (the game's measured luck: the best
player beats the worst with the probability the luck benchmark measured between the
strongest bot and the random one, bench/luck.py), newcomers arriving, pairing half random
and half Swiss-like (by score so far, which does not depend on K, so every candidate K
is scored on the very same matches); results drawn from a Plackett-Luce model whose
pairwise probabilities are Elo's (each side's performance is its true strength plus
Gumbel noise of scale 400 / ln 10, and the difference of two such noises is logistic).

``elo_stream`` makes a stream with a known answer: its results are drawn from the
predictions of Elo itself under a given K, so that K's predictions are the true
probabilities and no other K can beat it in expectation (log-loss is a proper scoring
rule). The tests check that ``fit_k`` recovers it.

Pure Python: no Django, no I/O.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from tournaments.rating import (
    FIDE_K,
    NEW_PLAYER_MATCHES,
    KFactors,
    PlayerRating,
    expected_score,
    rate_sides,
)

GUMBEL_SCALE = 400 / math.log(10)
"""Elo points per logit: the scale of each side's Gumbel noise in ``simulate_stream``."""


@dataclass(frozen=True, slots=True)
class StreamMatch:
    """One rated match of a stream: ``sides`` (each a tuple of player keys),
    ``places`` (one per side, 1 first, equal places a draw) and its ``format``
    (``tournaments.rating.FORMATS``; "" when the stream has one)."""

    sides: tuple[tuple[object, ...], ...]
    places: tuple[int, ...]
    format: str = ""


def candidate_grid(
    regular: Iterable[int] = (5, 8, 10, 12, 15, 20, 25, 30, 40),
    provisional: Iterable[int] | None = (10, 15, 20, 30, 40, 60),
) -> list[KFactors]:
    """Candidate coefficients: every regular K with every provisional K no smaller than
    it (``provisional`` None: provisional = 2 x regular, FIDE's ratio); top K is half the
    regular K (FIDE's ratio, at least 1)."""
    grid = []
    for r in regular:
        options = [2 * r] if provisional is None else [p for p in provisional if p >= r]
        grid += [KFactors(p, r, max(1, r // 2)) for p in options]
    return grid


def log_loss(
    stream: Sequence[StreamMatch],
    k: KFactors | Mapping[str, KFactors],
    skip: int = 0,
    only: str | None = None,
) -> tuple[float, int]:
    """The mean log-loss (nats a comparison) of rating ``stream`` with coefficients ``k``
    (one for every match, or a mapping from a match's ``format`` to its coefficients,
    FIDE's for a format missing from it).

    Every pair of sides of a match is a comparison, predicted by ``expected_score`` of
    the sides' mean ratings before the match; the first ``skip`` matches, and with
    ``only`` the matches of another format, are rated but not scored. Predictions are
    kept inside [1e-9, 1 - 1e-9].

    Returns:
        ``(mean log-loss, comparisons scored)``; ``(nan, 0)`` when none was scored.
    """
    ratings: dict[object, PlayerRating] = {}
    total, count = 0.0, 0
    for number, match in enumerate(stream):
        before = [[ratings.get(p) or PlayerRating() for p in side] for side in match.sides]
        if number >= skip and (only is None or match.format == only):
            means = [sum(p.rating for p in side) / len(side) for side in before]
            for i in range(len(means)):
                for j in range(i + 1, len(means)):
                    pi, pj = match.places[i], match.places[j]
                    s = 1.0 if pi < pj else 0.5 if pi == pj else 0.0
                    e = min(1 - 1e-9, max(1e-9, expected_score(means[i], means[j])))
                    total -= s * math.log(e) + (1 - s) * math.log(1 - e)
                    count += 1
        coefficients = k if isinstance(k, KFactors) else k.get(match.format, FIDE_K)
        after = rate_sides(before, match.places, coefficients)
        for side, new_side in zip(match.sides, after, strict=True):
            for player, new in zip(side, new_side, strict=True):
                ratings[player] = new
    return (total / count if count else math.nan), count


@dataclass(frozen=True, slots=True)
class Fit:
    """What ``fit_k`` found.

    Attributes:
        best: the coefficients with the least mean log-loss on the training streams.
        train: mean log-loss of each candidate on the training streams, in grid order.
        held_out: per held-out stream, ``(log-loss of best, log-loss of baseline)``.
    """

    best: KFactors
    train: list[tuple[KFactors, float]]
    held_out: list[tuple[float, float]]

    def gain(self) -> tuple[float, float, float]:
        """Mean of (baseline - best) log-loss over the held-out streams, with its 95%
        interval (mean ± t x standard error; t = 1.96, or Student's for few streams).
        Positive: the best K predicts better than the baseline."""
        return mean_interval([base - best for best, base in self.held_out])


def fit_k(
    train: Sequence[Sequence[StreamMatch]],
    held_out: Sequence[Sequence[StreamMatch]] = (),
    grid: Sequence[KFactors] | None = None,
    baseline: KFactors = FIDE_K,
    skip: int = 0,
) -> Fit:
    """The K of ``grid`` (default ``candidate_grid()``) with the least mean log-loss over
    the ``train`` streams, and, on each ``held_out`` stream, its log-loss and
    ``baseline``'s. Raises ValueError for no training stream or an empty grid."""
    grid = list(grid or candidate_grid())
    if not train or not grid:
        raise ValueError("fitting K needs at least one training stream and one candidate")
    scored = []
    for k in grid:
        losses = [log_loss(stream, k, skip)[0] for stream in train]
        scored.append((k, sum(losses) / len(losses)))
    best = min(scored, key=lambda item: item[1])[0]
    tested = [(log_loss(s, best, skip)[0], log_loss(s, baseline, skip)[0]) for s in held_out]
    return Fit(best, scored, tested)


T_95 = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26}
"""Student's t, two-sided 95%, by degrees of freedom (1.96 beyond)."""


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """``(mean, low, high)``: the mean of ``values`` and its 95% interval (Student's t for
    fewer than ten values). One value: an interval of width zero. Raises ValueError for
    none."""
    if not values:
        raise ValueError("no values")
    n = len(values)
    mean = sum(values) / n
    if n == 1:
        return mean, mean, mean
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = T_95.get(n - 1, 1.96) * sd / math.sqrt(n)
    return mean, mean - half, mean + half


def simulate_stream(
    spread: float,
    seed: int | str,
    *,
    sides: int = 2,
    side_size: int = 1,
    players: int = 200,
    matches: int = 4000,
    newcomers: int = 100,
) -> list[StreamMatch]:
    """A simulated rating stream of ``matches`` matches of ``sides`` sides of ``side_size``.

    1. ``players`` players start; ``newcomers`` more arrive evenly over the stream.
    2. True strengths are uniform over [0, ``spread``] Elo points.
    3. Each match takes its players from those present: even matches at random, odd ones
       Swiss-like (a random player and the players whose score so far, wins less losses
       over matches, is nearest theirs).
    4. Places are drawn from the Plackett-Luce model: each side's performance is the mean
       true strength of its players plus Gumbel noise of scale ``GUMBEL_SCALE``, so
       P(side i ahead of side j) = 1 / (1 + 10 ** (-(s_i - s_j) / 400)).

    Raises ValueError when a match needs more players than ``players``.
    """
    seats = sides * side_size
    if seats > players:
        raise ValueError(f"a match of {seats} players needs more than {players} players")
    rng = random.Random(f"stream/{seed}")
    strength: list[float] = []
    score: list[int] = []

    def arrive() -> None:
        strength.append(rng.uniform(0, spread))
        score.append(0)

    for _ in range(players):
        arrive()
    every = matches / newcomers if newcomers else math.inf
    stream = []
    for number in range(matches):
        while newcomers and len(strength) < players + min(newcomers, int(number / every)):
            arrive()
        present = range(len(strength))
        if number % 2 == 0:
            chosen = rng.sample(present, seats)
        else:
            first = rng.randrange(len(strength))
            others = sorted(
                (p for p in present if p != first),
                key=lambda p: (abs(score[p] - score[first]), rng.random()),
            )
            chosen = [first, *others[: seats - 1]]
            rng.shuffle(chosen)
        groups = [tuple(chosen[i * side_size : (i + 1) * side_size]) for i in range(sides)]
        performance = [
            sum(strength[p] for p in g) / side_size
            - GUMBEL_SCALE * math.log(-math.log(rng.random()))
            for g in groups
        ]
        order = sorted(range(sides), key=lambda i: -performance[i])
        places = [0] * sides
        for place, i in enumerate(order):
            places[i] = place + 1
        for i, g in enumerate(groups):
            for p in g:
                score[p] += (sides - places[i]) - (places[i] - 1)
        stream.append(StreamMatch(tuple(groups), tuple(places)))
    return stream


def elo_stream(k: KFactors, seed: int | str, *, players: int = 60, matches: int = 6000):
    """A two-player stream whose results are drawn from Elo's own predictions under ``k``:
    before each match between two players drawn at random, player a wins with probability
    ``expected_score`` of their ratings under ``k``; then both are rated with ``k``. Those
    predictions are the true probabilities, so ``k`` has the least expected log-loss of
    any K: a known answer for ``fit_k``."""
    rng = random.Random(f"elo/{seed}")
    ratings = {p: PlayerRating() for p in range(players)}
    stream = []
    for _ in range(matches):
        a, b = rng.sample(range(players), 2)
        won = rng.random() < expected_score(ratings[a].rating, ratings[b].rating)
        places = (1, 2) if won else (2, 1)
        (ra,), (rb,) = rate_sides([[ratings[a]], [ratings[b]]], places, k)
        ratings[a], ratings[b] = ra, rb
        stream.append(StreamMatch(((a,), (b,)), places))
    return stream


__all__ = [
    "NEW_PLAYER_MATCHES",
    "Fit",
    "StreamMatch",
    "candidate_grid",
    "elo_stream",
    "fit_k",
    "log_loss",
    "mean_interval",
    "simulate_stream",
]
