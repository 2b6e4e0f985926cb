"""The match page (live play runs over the WebSocket, see docs/protocol.md) and the
player's own schedule.
"""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from games.models import Match
from games.services import player_matches


def match(request: HttpRequest, match_id: int) -> HttpResponse:
    """The live table of one match: seated players play, anyone else watches."""
    match = get_object_or_404(Match.objects.select_related("round__tournament"), pk=match_id)
    seats = list(match.seats.select_related("player").order_by("number"))
    seat = next((s.number for s in seats if s.player_id == request.user.pk), None)
    tournament = match.round.tournament if match.round_id else None
    config = {
        "match_id": match.pk,
        "ws_path": f"/ws/matches/{match.pk}/",
        "seat": seat,
        "game": match.game,
        "players": [{"seat": s.number, "username": s.player.username} for s in seats],
        "standings_url": tournament.get_absolute_url() if tournament else None,
    }
    names = {s.number: s.player.username for s in seats}
    sides = match.sides if match.seat_count == len(seats) else tuple((n,) for n in names)
    side_names = [" & ".join(names.get(n, "?") for n in side) for side in sides]
    return render(
        request,
        "games/match.html",
        {
            "match": match,
            "match_config": config,
            "seats": seats,
            "side_names": side_names,
            "tournament": tournament,
        },
    )


@login_required
def my_matches(request: HttpRequest) -> HttpResponse:
    """The logged-in player's scheduled, live and finished matches."""
    matches = list(player_matches(request.user))
    for item in matches:
        item.seat_list = sorted(item.seats.all(), key=lambda s: s.number)
        item.my_seat = next(
            (s.number for s in item.seat_list if s.player_id == request.user.pk), None
        )
    return render(request, "games/my_matches.html", {"matches": matches})
