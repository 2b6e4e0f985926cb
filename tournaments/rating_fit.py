"""Services for the K in force: which K rates a match, refitting it from the site's own
history, applying a refit staff confirmed, and recomputing a game's ratings under it.

The fitting itself is pure (tournaments/k_fitting.py); this module loads the rated
matches, calls it and saves. docs/ratings.md explains the figures.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games.models import Match
from tournaments.k_fitting import StreamMatch, candidate_grid, log_loss
from tournaments.models import GameKFactor, Rating, RatingChange
from tournaments.rating import (
    FORMATS,
    KFactors,
    PlayerRating,
    k_factor,
    k_for,
    rate_sides,
    rated_format,
)


def k_factors_for(game: str, format: str) -> KFactors:
    """The K in force for ``game`` (slug) in ``format``: its ``GameKFactor`` row when staff
    have one, else ``tournaments.rating.K_TABLE``'s (FIDE's when absent)."""
    row = GameKFactor.objects.filter(game=game, format=format).first()
    if row is None:
        return k_for(game, format)
    return KFactors(row.provisional, row.regular, row.top)


def k_table_in_force(game: str) -> dict[str, KFactors]:
    """``{format: K in force}`` for every rated format of ``game``."""
    return {fmt: k_factors_for(game, fmt) for fmt in FORMATS}


def match_places(match: Match) -> list[int] | None:
    """Each side's place in a finished ``match`` (1 first), as it is rated: its
    ``places``, else 1 for the winner and 2 for the others; None when there is no result
    to rate or the places do not fit the sides."""
    sides = match.sides
    if match.winner_seat is None and not match.places:
        return None
    places = list(match.places) or [
        1 if side == match.winner_seat else 2 for side in range(len(sides))
    ]
    return places if len(places) == len(sides) else None


def rated_history(game: str) -> list[tuple[Match, StreamMatch]]:
    """The rated matches of ``game`` in the order they were rated (their first
    ``RatingChange``), each with its ``StreamMatch`` of player ids."""
    first_change: dict[int, int] = {}
    for match_id, change_id in RatingChange.objects.filter(game=game).values_list("match_id", "id"):
        first_change[match_id] = min(change_id, first_change.get(match_id, change_id))
    matches = Match.objects.filter(pk__in=first_change).prefetch_related("seats")
    history = []
    for match in sorted(matches, key=lambda m: first_change[m.pk]):
        places = match_places(match)
        if places is None:
            continue
        player_at = {seat.number: seat.player_id for seat in match.seats.all()}
        sides = tuple(tuple(player_at[n] for n in side) for side in match.sides)
        history.append((match, StreamMatch(sides, tuple(places), rated_format(sides))))
    return history


def k_refit(*, game: str, min_matches: int | None = None) -> list[GameKFactor]:
    """Propose a new K for each format of ``game`` with at least ``min_matches`` rated
    matches (default ``settings.RATING_REFIT_MIN_MATCHES``), from its own history.

    1. The history is rated in order; the format's K is chosen among
       ``candidate_grid()`` by the least log-loss on its first two thirds, the other
       formats keeping the K in force.
    2. The K in force and the chosen one are scored on the last third (rated from the
       start, scored only there: matches the fit did not see).
    3. When the chosen K differs, the format's ``GameKFactor`` row (created with the K in
       force if missing) records it as a proposal with both log-losses; nothing is applied.

    Returns:
        The rows that now hold a proposal.
    """
    min_matches = settings.RATING_REFIT_MIN_MATCHES if min_matches is None else min_matches
    stream = [s for _, s in rated_history(game)]
    in_force = k_table_in_force(game)
    proposals = []
    for fmt in FORMATS:
        count = sum(1 for s in stream if s.format == fmt)
        if count < max(min_matches, 3):
            continue
        cut = len(stream) * 2 // 3
        train = stream[:cut]
        best, best_loss = in_force[fmt], None
        for candidate in candidate_grid():
            loss = log_loss(train, in_force | {fmt: candidate}, only=fmt)[0]
            if best_loss is None or loss < best_loss:
                best, best_loss = candidate, loss
        if best == in_force[fmt]:
            continue
        now_loss = log_loss(stream, in_force, skip=cut, only=fmt)[0]
        new_loss = log_loss(stream, in_force | {fmt: best}, skip=cut, only=fmt)[0]
        proposals.append(_propose(game, fmt, in_force[fmt], best, count, now_loss, new_loss))
    return proposals


@transaction.atomic
def _propose(game, fmt, current: KFactors, best: KFactors, count, now_loss, new_loss):
    row, _ = GameKFactor.objects.select_for_update().get_or_create(
        game=game,
        format=fmt,
        defaults={"provisional": current.provisional, "regular": current.regular,
                  "top": current.top},
    )  # fmt: skip
    row.proposed_provisional, row.proposed_regular, row.proposed_top = (
        best.provisional, best.regular, best.top,
    )  # fmt: skip
    row.proposal_matches = count
    row.log_loss_current = now_loss if now_loss == now_loss else None
    row.log_loss_proposed = new_loss if new_loss == new_loss else None
    row.proposed_at = timezone.now()
    row.save()
    return row


class NoProposalError(ValueError):
    """A K was to be applied where no refit has proposed one."""


@transaction.atomic
def k_apply_proposal(*, row_id: int) -> GameKFactor:
    """Put a row's proposed K in force (staff confirmed it in admin) and clear the
    proposal. Ratings already recorded stay as they are until ``ratings_recompute``.

    Raises:
        GameKFactor.DoesNotExist: no such row.
        NoProposalError: the row holds no proposal (already applied, or never proposed).
    """
    row = GameKFactor.objects.select_for_update().get(pk=row_id)
    if not row.has_proposal:
        raise NoProposalError(f"{row} has no proposed K to apply")
    row.provisional, row.regular, row.top = (
        row.proposed_provisional, row.proposed_regular, row.proposed_top,
    )  # fmt: skip
    row.proposed_provisional = row.proposed_regular = row.proposed_top = None
    row.applied_at = timezone.now()
    row.save()
    return row


@dataclass(frozen=True)
class RecomputedRating:
    """One player's rating in a game before and after a recompute."""

    player_id: int
    username: str
    before: float
    after: float
    rated_matches: int


@transaction.atomic
def ratings_recompute(*, game: str, dry_run: bool = False) -> list[RecomputedRating]:
    """Rate ``game``'s whole history again, in the order it was rated, with the K in
    force for each format; unless ``dry_run``, rewrite every ``RatingChange`` (rating
    before, after, K) and every ``Rating`` of the game. Holds the game's Rating rows
    locked; a dry run changes nothing.

    Returns:
        Each player's rating before and after, by username.
    """
    rows = {
        r.player_id: r
        for r in Rating.objects.select_for_update().filter(game=game).select_related("player")
    }
    in_force = k_table_in_force(game)
    ratings: dict[int, PlayerRating] = {}
    changes = {(c.match_id, c.player_id): c for c in RatingChange.objects.filter(game=game)}
    rewritten = []
    last_change: dict[int, float] = {}
    for match, stream in rated_history(game):
        before = [[ratings.get(p) or PlayerRating() for p in side] for side in stream.sides]
        k = in_force[stream.format]
        after = rate_sides(before, stream.places, k)
        for side, olds, news in zip(stream.sides, before, after, strict=True):
            for player, old, new in zip(side, olds, news, strict=True):
                ratings[player] = new
                last_change[player] = new.rating - old.rating
                change = changes.get((match.pk, player))
                if change is not None:
                    change.rating_before, change.rating_after = old.rating, new.rating
                    change.k_factor = k_factor(old, k)
                    rewritten.append(change)
    result = []
    for player_id, row in sorted(rows.items(), key=lambda item: item[1].player.username):
        new = ratings.get(player_id) or PlayerRating()
        result.append(
            RecomputedRating(player_id, row.player.username, row.rating, new.rating,
                             new.rated_matches)
        )  # fmt: skip
        if not dry_run:
            row.last_change = last_change.get(player_id, 0.0)
            row.rating, row.rated_matches = new.rating, new.rated_matches
            row.reached_2400 = new.reached_2400
            row.save()
    if not dry_run:
        RatingChange.objects.bulk_update(rewritten, ["rating_before", "rating_after", "k_factor"])
    return result
