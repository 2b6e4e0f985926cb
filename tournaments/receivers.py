"""What tournaments do when live play tells them something (games/hooks.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tournaments.models import STARTING_RATING, Rating, Round
from tournaments.rating import PlayerRating, rated_format, rating_draw, rating_stakes
from tournaments.rating_fit import k_factors_for


def queue_result_recording(sender: Any, match_id: int, **kwargs: Any) -> None:
    """``match_finished`` receiver: queue the task that records the match's ratings and
    standings (eager on the embedded default)."""
    from tournaments.tasks import record_match_result

    record_match_result.delay(match_id)


def match_context(match: Any, player_ids: Sequence[int]) -> dict[str, Any]:
    """Context provider for the match page and state messages: every player's rating in
    the match's game (``STARTING_RATING`` for a player not yet rated) and the match's
    tournament as ``{"name", "url", "round"}`` (None outside a tournament)."""
    ratings = {player_id: float(STARTING_RATING) for player_id in player_ids}
    ratings.update(
        Rating.objects.filter(game=match.game, player__in=list(player_ids)).values_list(
            "player_id", "rating"
        )
    )
    event = None
    if match.round_id is not None:
        round_ = Round.objects.select_related("tournament").get(pk=match.round_id)
        event = {
            "name": round_.tournament.name,
            "url": round_.tournament.get_absolute_url(),
            "round": round_.number,
        }
    return {"ratings": ratings, "event": event}


def player_events(player: Any) -> list[dict[str, Any]]:
    """Events provider for My matches (games/hooks.py): the tournaments ``player`` has
    entered (as a player or a named partner) that are not finished, newest first, each
    ``{"name", "url", "status", "detail"}`` with what happens next."""
    from django.db.models import Q
    from django.utils.translation import gettext as _

    from tournaments.models import Entry, Round, Tournament

    entries = (
        Entry.objects.filter(Q(player=player) | Q(partner=player))
        .exclude(tournament__status=Tournament.Status.FINISHED)
        .select_related("tournament")
        .order_by("-tournament__created_at")
    )
    events = []
    for entry in entries:
        tournament = entry.tournament
        if tournament.status == Tournament.Status.REGISTRATION:
            detail = _("Registered: the schedule is made when registration closes.")
        elif tournament.status == Tournament.Status.SCHEDULED:
            detail = _("Scheduled: your matches appear here when their round starts.")
        else:
            rounds = list(tournament.rounds.values_list("number", "status"))
            started = [number for number, status in rounds if status != Round.Status.PENDING]
            detail = (
                _("Round %(number)s of %(total)s.") % {"number": max(started), "total": len(rounds)}
                if started
                else _("The first round starts soon.")
            )
        if entry.partner_id is not None and not entry.partner_confirmed:
            detail = _("Waiting for the partner to confirm.") + " " + detail
        events.append(
            {
                "name": tournament.name,
                "url": tournament.get_absolute_url(),
                "status": tournament.get_status_display(),
                "detail": detail,
            }
        )
    return events


def rating_changes(match: Any) -> dict[str, Any]:
    """Rating-changes provider (games/hooks.py): ``{"<seat>": {"before", "after",
    "change"}}`` of the match's recorded RatingChange rows ({} until recorded)."""
    from tournaments.models import RatingChange

    seat_of = dict(match.seats.values_list("player_id", "number"))
    return {
        str(seat_of[change.player_id]): {
            "before": round(change.rating_before),
            "after": round(change.rating_after),
            "change": round(change.rating_after - change.rating_before, 1),
        }
        for change in RatingChange.objects.filter(match=match)
        if change.player_id in seat_of
    }


def ratings(pairs: Sequence[tuple[int, str]]) -> dict[tuple[int, str], float]:
    """Ratings provider (games/hooks.py): each ``(player_id, game)`` pair's rating in that
    game, ``STARTING_RATING`` for a player not yet rated in it; one query."""
    wanted = set(pairs)
    found = {pair: float(STARTING_RATING) for pair in wanted}
    if wanted:
        rows = Rating.objects.filter(
            player__in={player for player, _ in wanted}, game__in={game for _, game in wanted}
        ).values_list("player_id", "game", "rating")
        found.update({(p, g): r for p, g, r in rows if (p, g) in wanted})
    return found


def rating_stakes_for(match: Any, seat: int) -> list[dict[str, Any]]:
    """Rating-stakes provider (games/hooks.py): what each result of a rated ``match`` not
    yet finished would do to the rating of the player at ``seat``, with the K in force
    (``tournaments.rating.rating_stakes``); [] for an unrated or finished match, or a
    seat nobody holds yet."""
    if match.is_bye or match.status == "finished" or not (match.round_id or match.rated):
        return []
    player_at = dict(match.seats.values_list("number", "player_id"))
    sides = match.sides
    if seat not in player_at or any(n not in player_at for side in sides for n in side):
        return []
    rows = {
        r.player_id: r
        for r in Rating.objects.filter(game=match.game, player_id__in=player_at.values())
    }

    def rating(number: int) -> PlayerRating:
        row = rows.get(player_at[number])
        if row is None:
            return PlayerRating()
        return PlayerRating(row.rating, row.rated_matches, row.reached_2400)

    before = [[rating(n) for n in side] for side in sides]
    mine = next(i for i, side in enumerate(sides) if seat in side)
    k = k_factors_for(match.game, rated_format(sides))
    places = rating_stakes(before, mine, k)
    if len(sides) == 2:
        (_, win), (_, loss) = places
        draw = rating_draw(before, mine, k)
        return [
            {"result": "win", "place": 1, "change": round(win, 1)},
            {"result": "draw", "place": 1, "change": round(draw, 1)},
            {"result": "loss", "place": 2, "change": round(loss, 1)},
        ]
    return [{"result": "place", "place": p, "change": round(c, 1)} for p, c in places]
