"""Tournament pages: browse, register and withdraw, standings; leaderboards; home."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count, Prefetch
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from games.models import Match, Seat
from games.rules import all_games, get_game
from tournaments import services
from tournaments.models import Rating, Round, Standing, Tournament

PUBLIC_STATUSES = [
    Tournament.Status.REGISTRATION,
    Tournament.Status.SCHEDULED,
    Tournament.Status.RUNNING,
    Tournament.Status.FINISHED,
]


def _public_tournaments():
    return Tournament.objects.filter(status__in=PUBLIC_STATUSES).annotate(
        entry_total=Count("entries")
    )


def home(request: HttpRequest) -> HttpResponse:
    """Front page: the player's live and upcoming matches, open tournaments, games."""
    my_matches = []
    if request.user.is_authenticated:
        my_matches = list(
            services.player_schedule(request.user).filter(
                status__in=[Match.Status.IN_PROGRESS, Match.Status.SCHEDULED], is_bye=False
            )[:10]
        )
    return render(
        request,
        "tournaments/home.html",
        {
            "my_matches": my_matches,
            "tournaments": _public_tournaments().exclude(status=Tournament.Status.FINISHED)[:10],
            "games": all_games(),
        },
    )


def tournament_list(request: HttpRequest) -> HttpResponse:
    """Every public tournament, newest first."""
    return render(request, "tournaments/list.html", {"tournaments": _public_tournaments()[:100]})


def _standings(tournament: Tournament):
    return Standing.objects.filter(tournament=tournament).select_related("entry__player")


def tournament_detail(request: HttpRequest, slug: str) -> HttpResponse:
    """A tournament: registration, entries, standings, rounds with pairings and results."""
    tournament = get_object_or_404(_public_tournaments(), slug=slug)
    seats = Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("number"))
    rounds = tournament.rounds.prefetch_related(
        Prefetch("matches", queryset=Match.objects.prefetch_related(seats).order_by("board"))
    ).order_by("number")
    entries = tournament.entries.select_related("player").order_by("pairing_number", "created_at")
    registered = request.user.is_authenticated and entries.filter(player=request.user).exists()
    return render(
        request,
        "tournaments/detail.html",
        {
            "tournament": tournament,
            "game": get_game(tournament.game),
            "rounds": rounds,
            "entries": entries,
            "standings": _standings(tournament),
            "registered": registered,
            "Round": Round,
        },
    )


def standings_partial(request: HttpRequest, slug: str) -> HttpResponse:
    """Just the standings table, fetched by the page when a result lands."""
    tournament = get_object_or_404(_public_tournaments(), slug=slug)
    return render(
        request,
        "tournaments/_standings.html",
        {"tournament": tournament, "standings": _standings(tournament)},
    )


@login_required
@require_POST
def register(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = get_object_or_404(Tournament, slug=slug)
    try:
        services.entry_register(tournament=tournament, player=request.user)
    except services.TournamentError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, f"You are registered for {tournament}.")
    return redirect(tournament)


@login_required
@require_POST
def withdraw(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = get_object_or_404(Tournament, slug=slug)
    try:
        services.entry_withdraw(tournament=tournament, player=request.user)
    except services.TournamentError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, f"You have withdrawn from {tournament}.")
    return redirect(tournament)


def leaderboard_index(request: HttpRequest) -> HttpResponse:
    """The list of games, each linking to its leaderboard."""
    return render(request, "tournaments/leaderboard_index.html", {"games": all_games()})


def leaderboard(request: HttpRequest, game: str) -> HttpResponse:
    """Ratings in one game: rating, rated matches, last change. ``?partial=1``: table only."""
    try:
        game_obj = get_game(game)
    except KeyError:
        raise Http404("No such game.") from None
    ratings = (
        Rating.objects.filter(game=game)
        .select_related("player")
        .order_by("-rating", "player__username")[:200]
    )
    template = (
        "tournaments/_leaderboard.html"
        if request.GET.get("partial")
        else "tournaments/leaderboard.html"
    )
    return render(request, template, {"game": game_obj, "ratings": ratings})
