"""Tournament pages: browse, register and withdraw, standings; leaderboards; home."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count, Prefetch
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.models import Player
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
    return Standing.objects.filter(tournament=tournament).select_related(
        "entry__player", "entry__partner"
    )


def tournament_detail(request: HttpRequest, slug: str) -> HttpResponse:
    """A tournament: registration, entries, standings, rounds with pairings and results."""
    tournament = get_object_or_404(_public_tournaments(), slug=slug)
    seats = Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("number"))
    rounds = tournament.rounds.prefetch_related(
        Prefetch("matches", queryset=Match.objects.prefetch_related(seats).order_by("board"))
    ).order_by("number")
    entries = tournament.entries.select_related("player", "partner").order_by(
        "pairing_number", "created_at"
    )
    rounds = list(rounds)
    for round_ in rounds:
        for match in round_.matches.all():
            match.side_rows = _side_rows(match)
    mine = services.entry_of(tournament, request.user) if request.user.is_authenticated else None
    return render(
        request,
        "tournaments/detail.html",
        {
            "tournament": tournament,
            "game": get_game(tournament.game),
            "rounds": rounds,
            "entries": entries,
            "standings": _standings(tournament),
            "registered": mine is not None,
            "my_entry": mine,
            "to_confirm": mine is not None
            and mine.partner_id == request.user.pk
            and not mine.partner_confirmed,
            "Round": Round,
        },
    )


def _side_rows(match: Match) -> list[dict]:
    """Each side of a match for the round table: ``{"names", "score", "won", "place"}``."""
    seats = list(match.seats.all())
    by_number = {seat.number: seat.player.username for seat in seats}
    if match.is_bye or match.seat_count < 2:
        return [{"names": list(by_number.values()), "score": None, "won": True, "place": 1}]
    rows = []
    for number, side in enumerate(match.sides):
        rows.append(
            {
                "names": [by_number.get(seat, "?") for seat in side],
                "score": (match.scores or [])[number] if number < len(match.scores or []) else 0,
                "won": match.status == Match.Status.FINISHED and match.winner_seat == number,
                "place": (match.places or [None] * (number + 1))[number]
                if number < len(match.places or [])
                else None,
            }
        )
    return rows


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
    partner = None
    if tournament.pairs:
        username = request.POST.get("partner", "").strip()
        partner = Player.objects.filter(username__iexact=username, is_active=True).first()
        if partner is None:
            messages.error(request, _("Name your partner by their username."))
            return redirect(tournament)
    try:
        services.entry_register(tournament=tournament, player=request.user, partner=partner)
    except services.TournamentError as error:
        messages.error(request, str(error))
    else:
        if partner is not None:
            messages.success(
                request,
                _("You are registered for %(event)s; %(partner)s must now confirm.")
                % {"event": tournament, "partner": partner},
            )
        else:
            messages.success(
                request, _("You are registered for %(event)s.") % {"event": tournament}
            )
    return redirect(tournament)


@login_required
@require_POST
def confirm_partner(request: HttpRequest, slug: str) -> HttpResponse:
    """The named partner confirms the pair."""
    tournament = get_object_or_404(Tournament, slug=slug)
    try:
        entry = services.entry_confirm_partner(tournament=tournament, player=request.user)
    except services.TournamentError as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request,
            _("You play %(event)s with %(partner)s.")
            % {"event": tournament, "partner": entry.player},
        )
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
        messages.success(request, _("You have withdrawn from %(event)s.") % {"event": tournament})
    return redirect(tournament)


def leaderboard_index(request: HttpRequest) -> HttpResponse:
    """The list of games, each linking to its leaderboard."""
    return render(request, "tournaments/leaderboard_index.html", {"games": all_games()})


def leaderboard(request: HttpRequest, game: str) -> HttpResponse:
    """Ratings in one game: rating, rated matches, last change. ``?partial=1``: table only."""
    try:
        game_obj = get_game(game)
    except KeyError:
        raise Http404(_("No such game.")) from None
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
