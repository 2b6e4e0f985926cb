"""Elo ratings after FIDE's rating system, one match at a time.

Source: FIDE Rating Regulations (FIDE Handbook B.02), section 8, "The working
of the FIDE Rating System": the expected score from the rating difference, the
400-point rule and the development coefficient K. What we change, and why:

- FIDE rates a whole rating period at once; we rate each match as it ends, from
  both players' ratings before it, which is what a site with live matches needs.
- A match counts as one game, whatever its number of deals.
- FIDE's K = 40 for juniors under 2300 is left out: we do not ask players' ages.
- Ratings are kept as full floats, never rounded, so that many small changes
  add up exactly; round to one decimal (`f"{rating:.1f}"`) only to display.

Pure Python: no Django, no I/O.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

STARTING_RATING = 1500.0
"""Rating of a player's first rated match."""

MAX_RATING_DIFFERENCE = 400.0
"""The 400-point rule: a larger difference counts as this much."""

NEW_PLAYER_MATCHES = 30
"""K is 40 until a player has completed this many rated matches."""

K_THRESHOLD = 2400.0
"""Once a player's rating has reached this, K is 10 for good."""


@dataclass(frozen=True, slots=True)
class KFactors:
    """The development coefficients of one game and format.

    Attributes:
        provisional: K while a player has completed fewer than ``NEW_PLAYER_MATCHES``.
        regular: K after that.
        top: K once the rating is or has been ``K_THRESHOLD`` or more.

    Raises:
        ValueError: a K that is not a positive whole number.
    """

    provisional: int = 40
    regular: int = 20
    top: int = 10

    def __post_init__(self) -> None:
        for name in ("provisional", "regular", "top"):
            value = getattr(self, name)
            if type(value) is not int or value <= 0:
                raise ValueError(f"K {name} must be a positive whole number, got {value!r}")


FIDE_K = KFactors(40, 20, 10)
"""FIDE's K (B.02 section 8): 40 for a new player, 20, 10 from 2400."""

FORMATS = ("two", "pairs", "table")
"""Rated formats: two players, two partnerships, a table of three or more sides."""

FITTED_K: dict[tuple[str, str], KFactors] = {
    ("bazzica", "two"): KFactors(60, 25, 12),
    ("briscola", "pairs"): KFactors(15, 15, 7),
    ("burraco", "two"): KFactors(60, 20, 10),
    ("machiavelli", "table"): KFactors(15, 15, 7),
    ("machiavelli", "two"): KFactors(15, 15, 7),
    ("pinch-tarot", "two"): KFactors(20, 20, 10),
    ("rumino", "table"): KFactors(60, 25, 12),
    ("rumino", "two"): KFactors(60, 25, 12),
    ("sette-e-mezzo", "table"): KFactors(15, 10, 5),
    ("sette-e-mezzo", "two"): KFactors(15, 15, 7),
    ("tressette", "pairs"): KFactors(30, 20, 10),
    ("tute", "pairs"): KFactors(15, 15, 7),
    ("ziginette", "table"): KFactors(12, 12, 6),
    ("ziginette", "two"): KFactors(15, 15, 7),
}
"""The K of each (game slug, format) fitted by minimising the predictive log-loss of
rating streams simulated with each game's measured luck (tournaments/k_fitting.py,
bench/k_fit.py; figures and the command in docs/ratings.md), where it beat FIDE's K on
held-out streams with the 95% interval of the gain above zero. They are in force by
default (``K_TABLE``); staff override one per game and format with a
``tournaments.models.GameKFactor`` row (admin *Game K factors*), for instance from a refit
on the site's own matches (``manage.py refit_k``)."""

K_TABLE: dict[tuple[str, str], KFactors] = dict(FITTED_K)
"""The K in force by default for each (game slug, format): the fitted K where its gain over
FIDE's was significant (``FITTED_K``); a pair missing here rates with ``FIDE_K``. A
``GameKFactor`` row overrides this table."""


def rated_format(sides: Sequence[Sequence[object]]) -> str:
    """The format of a match of these ``sides`` (each a sequence of its players):
    ``two``, ``pairs`` (two sides, one of several players) or ``table`` (three or more)."""
    if len(sides) > 2:
        return "table"
    return "two" if all(len(side) == 1 for side in sides) else "pairs"


def k_for(game: str, format: str) -> KFactors:
    """The K of ``game`` (a slug) in ``format`` from ``K_TABLE``, ``FIDE_K`` when absent."""
    return K_TABLE.get((game, format), FIDE_K)


@dataclass(frozen=True, slots=True)
class PlayerRating:
    """One player's rating in one game, before or after a match.

    Attributes:
        rating: Elo points, full precision (see the module docstring).
        rated_matches: rated matches completed so far, >= 0.
        reached_2400: True once the rating has been 2400 or more, even if it has
            dropped since; it keeps K at 10.

    Raises:
        ValueError: a negative `rated_matches`, or a rating that is not finite.
    """

    rating: float = STARTING_RATING
    rated_matches: int = 0
    reached_2400: bool = False

    def __post_init__(self) -> None:
        if self.rated_matches < 0:
            raise ValueError(f"rated_matches cannot be negative, got {self.rated_matches}")
        if not math.isfinite(self.rating):
            raise ValueError(f"a rating must be a finite number, got {self.rating}")


def k_factor(player: PlayerRating, k: KFactors = FIDE_K) -> int:
    """The development coefficient K for `player`'s next match (B.02 section 8), from
    the game's and format's coefficients `k` (FIDE's by default).

    Precedence, first match wins:

    1. `k.provisional` (40) while the player has completed fewer than 30 rated
       matches, whatever their rating (so the 30th match is still played at it).
    2. `k.top` (10) once the rating is 2400 or more, or has ever been (`reached_2400`).
    3. `k.regular` (20) otherwise.
    """
    if player.rated_matches < NEW_PLAYER_MATCHES:
        return k.provisional
    if player.reached_2400 or player.rating >= K_THRESHOLD:
        return k.top
    return k.regular


def is_provisional(rated_matches: int) -> bool:
    """True while a player with `rated_matches` completed is still provisional (their
    rating moves by the provisional K: fewer than ``NEW_PLAYER_MATCHES``)."""
    return rated_matches < NEW_PLAYER_MATCHES


def expected_score(rating: float, opponent_rating: float) -> float:
    """The expected score, 0 to 1, of a player rated `rating` against `opponent_rating`.

    E = 1 / (1 + 10 ** (-D / 400)), with D = rating - opponent_rating clamped to
    -400..400 by the 400-point rule (B.02 section 8). FIDE's table of expected
    scores by rating difference is this formula rounded to steps of 0.01.

    >>> expected_score(1500, 1500)
    0.5
    >>> expected_score(2100, 1500) == expected_score(1900, 1500) == 1 / 1.1
    True
    """
    difference = max(-MAX_RATING_DIFFERENCE, min(MAX_RATING_DIFFERENCE, rating - opponent_rating))
    return 1 / (1 + 10 ** (-difference / 400))


def rating_change(
    player: PlayerRating, opponent_rating: float, score: float, k: KFactors = FIDE_K
) -> float:
    """Elo points `player` gains (or, negative, loses) for `score` against `opponent_rating`.

    K * (score - E), with K from `k_factor` and E from `expected_score`. `score`
    is 1 for a win, 0.5 for a draw, 0 for a loss.

    Raises:
        ValueError: if `score` is outside 0..1.
    """
    if not 0 <= score <= 1:
        raise ValueError(f"a score is between 0 and 1, got {score}")
    return k_factor(player, k) * (score - expected_score(player.rating, opponent_rating))


def rate_match(
    a: PlayerRating, b: PlayerRating, score_a: float, k: KFactors = FIDE_K
) -> tuple[PlayerRating, PlayerRating]:
    """Both players' ratings after a rated match that `a` scored `score_a` in, with the
    coefficients `k` (FIDE's by default).

    `b` scores 1 - `score_a`. Each change is computed from the ratings before the
    match, with the player's own K, so the two changes need not cancel out.
    Each player's `rated_matches` goes up by one and `reached_2400` is set when
    the new rating is 2400 or more.

    Raises:
        ValueError: if `score_a` is outside 0..1.
    """
    return (
        _after(a, rating_change(a, b.rating, score_a, k)),
        _after(b, rating_change(b, a.rating, 1 - score_a, k)),
    )


def _after(player: PlayerRating, change: float) -> PlayerRating:
    rating = player.rating + change
    return replace(
        player,
        rating=rating,
        rated_matches=player.rated_matches + 1,
        reached_2400=player.reached_2400 or player.rating >= K_THRESHOLD or rating >= K_THRESHOLD,
    )


def rate_sides(
    sides: Sequence[Sequence[PlayerRating]], places: Sequence[int], k: KFactors = FIDE_K
) -> list[list[PlayerRating]]:
    """Every player's rating after a rated match of sides (partnerships or a table).

    ``sides`` lists each side's players (one for a seat of its own, two for a pair);
    ``places`` gives each side's place, 1 first (equal places are a draw between them).
    The match counts as the pairwise results among its sides: side ``i`` scores 1
    against each side placed behind it, 0.5 against each side placed equal, 0 against
    each side placed ahead. A side's rating is the mean of its players' ratings and its
    K the mean of its players' ``k_factor`` (with the coefficients ``k``); its change is
    ``K / (sides - 1) * sum over the other sides j of (S_ij - E_ij)``, and each of its
    players moves by that change. This is the pairwise ("simple multiplayer") Elo of
    T. Kerrigan, "Multiplayer Elo" (tckerrigan.com/Misc/Multiplayer_Elo), with K divided
    by the number of opponents so that a table counts as one match; with two sides of
    one player it is ``rate_match`` exactly.

    Returns:
        The players' new ratings, in the shape of ``sides``.

    Raises:
        ValueError: fewer than two sides, an empty side, or ``places`` not one per side.
    """
    if len(sides) < 2 or any(not side for side in sides):
        raise ValueError("a rated match needs two or more sides of one or more players")
    if len(places) != len(sides):
        raise ValueError(f"{len(places)} places given for {len(sides)} sides")
    ratings = [sum(p.rating for p in side) / len(side) for side in sides]
    k_factors = [sum(k_factor(p, k) for p in side) / len(side) for side in sides]
    opponents = len(sides) - 1
    after = []
    for i, side in enumerate(sides):
        total = 0.0
        for j in range(len(sides)):
            if j != i:
                score = 1.0 if places[i] < places[j] else 0.5 if places[i] == places[j] else 0.0
                total += score - expected_score(ratings[i], ratings[j])
        change = k_factors[i] / opponents * total
        after.append([_after(player, change) for player in side])
    return after


def rating_stakes(
    sides: Sequence[Sequence[PlayerRating]], side: int, k: KFactors = FIDE_K
) -> list[tuple[int, float]]:
    """What each place would do to the rating of side `side`'s players before a match:
    ``[(place, change in Elo points)]`` for places 1 to ``len(sides)``, computed by
    ``rate_sides`` with that side at that place and the others after it, in order. The
    change does not depend on which of the others finish ahead: only on how many do.
    With two sides, place 1 is a win and place 2 a loss; ``rating_draw`` gives a draw.

    Raises:
        ValueError: as ``rate_sides``, or a `side` that is not one of the sides.
    """
    if not 0 <= side < len(sides):
        raise ValueError(f"side {side} is not one of the {len(sides)} sides")
    stakes = []
    for place in range(1, len(sides) + 1):
        others = iter(p for p in range(1, len(sides) + 1) if p != place)
        places = [place if i == side else next(others) for i in range(len(sides))]
        after = rate_sides(sides, places, k)
        stakes.append((place, after[side][0].rating - sides[side][0].rating))
    return stakes


def rating_draw(sides: Sequence[Sequence[PlayerRating]], side: int, k: KFactors = FIDE_K) -> float:
    """The change in Elo points of side `side`'s players if every side shared first place."""
    after = rate_sides(sides, [1] * len(sides), k)
    return after[side][0].rating - sides[side][0].rating
