"""League pages: the list, a league with its current season, a season's standings and its
schedule with windows, a pairing's page (ready, propose or accept a time), and the forms
that post to ``leagues.services``. Each listing page costs the same number of queries
whatever the number of players (tests/leagues/test_pages.py)."""

from __future__ import annotations

import csv
from collections.abc import Iterable
from datetime import datetime

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count, Prefetch, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.models import Match, Seat
from leagues import services
from leagues.models import Division, Fixture, League, Member, Season
from leagues.promotion import standing_zones
from tournaments.models import Round, Standing
from tournaments.views import csv_cell


def _tick_without_beat() -> None:
    """On the embedded default (tasks run eagerly in-process, no beat), do beat's league
    work now (``services.leagues_tick``); a deployment leaves it to beat."""
    if getattr(settings, "CELERY_TASK_ALWAYS_EAGER", False):
        services.leagues_tick()


def league_list(request: HttpRequest) -> HttpResponse:
    """Every league with its game, member count and current season."""
    leagues = League.objects.annotate(
        member_total=Count("members", filter=Q(members__left_at__isnull=True)),
        season_total=Count("seasons", distinct=True),
    ).order_by("name")
    return render(request, "leagues/list.html", {"leagues": leagues})


def _division_tables(season: Season) -> list[tuple[Division, list[Standing]]]:
    """Each division of ``season`` (top first) with its standings rows, in two queries;
    each row carries ``zone``: "up" (promoted), "down" (relegated) or ""
    (``promotion.standing_zones``)."""
    divisions = list(season.divisions.select_related("tournament").order_by("level"))
    rows = (
        Standing.objects.filter(tournament__league_division__season=season)
        .select_related("entry__player")
        .order_by("tournament_id", "rank", "entry__pairing_number")
    )
    by_tournament: dict[int, list[Standing]] = {d.tournament_id: [] for d in divisions}
    for row in rows:
        by_tournament[row.tournament_id].append(row)
    league = season.league
    tables = []
    for division in divisions:
        table = by_tournament[division.tournament_id]
        zones = standing_zones(
            len(table),
            level=division.level,
            levels=len(divisions),
            promote=league.promote_count,
            relegate=league.relegate_count,
        )
        for row, zone in zip(table, zones, strict=True):
            row.zone = zone
        tables.append((division, table))
    return tables


SEASON_STANDINGS_COLUMNS = [
    "division", "rank", "player", "played", "won", "lost", "points", "deal_difference", "zone",
]  # fmt: skip
"""The columns of a season's standings CSV: the season page's table, a row a player."""


def _points(value: float) -> float | int:
    """Match points as the page writes them: a whole number without ".0" (1, 1.5)."""
    return int(value) if float(value).is_integer() else value


def season_standings_table(season: Season) -> list[list]:
    """A season's standings as its page shows them, every division top first, a row a
    player in ``SEASON_STANDINGS_COLUMNS`` order (zone "up", "down" or ""). Two queries
    (``_division_tables``)."""
    return [
        [
            division.level,
            row.rank,
            row.entry.player.username,
            row.played,
            row.wins,
            row.losses,
            _points(row.match_points),
            row.deal_point_difference,
            row.zone,
        ]
        for division, rows in _division_tables(season)
        for row in rows
    ]


def seasons_standings_csv(seasons: Iterable[Season]) -> HttpResponse:
    """A CSV download of the standings of ``seasons`` (``season_standings_table``); with
    more than one season (the admin action) a first ``league`` and ``season`` column tell
    their rows apart. Cells a spreadsheet would read as a formula are quoted
    (``tournaments.views.csv_cell``)."""
    seasons = list(seasons)
    several = len(seasons) > 1
    if several:
        filename = "league-seasons-standings.csv"
    else:
        filename = f"{seasons[0].league.slug}-season-{seasons[0].number}-standings.csv"
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    writer = csv.writer(response)
    writer.writerow((["league", "season"] if several else []) + SEASON_STANDINGS_COLUMNS)
    for season in seasons:
        first = [season.league.slug, season.number] if several else []
        writer.writerows(
            first + [csv_cell(v) for v in row] for row in season_standings_table(season)
        )
    return response


def league_detail(request: HttpRequest, slug: str) -> HttpResponse:
    """A league: its rules, its current season's divisions and standings, the archive of
    its seasons, and the button to join or leave."""
    league = get_object_or_404(League, slug=slug)
    _tick_without_beat()
    seasons = list(league.seasons.order_by("-number"))
    current = seasons[0] if seasons else None
    member = None
    if request.user.is_authenticated:
        member = Member.objects.filter(
            league=league, player=request.user, left_at__isnull=True
        ).first()
    return render(
        request,
        "leagues/detail.html",
        {
            "league": league,
            "season": current,
            "tables": _division_tables(current) if current else [],
            "seasons": seasons,
            "member": member,
            "member_count": league.members.filter(left_at__isnull=True).count(),
        },
    )


def _season(slug: str, number: int) -> Season:
    return get_object_or_404(
        Season.objects.select_related("league"), league__slug=slug, number=number
    )


def season_standings(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """A season's standings, a table a division, promotion and relegation zones marked."""
    season = _season(slug, number)
    return render(
        request,
        "leagues/season.html",
        {"league": season.league, "season": season, "tables": _division_tables(season)},
    )


def season_standings_csv(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """A season's standings, every division, as CSV (``seasons_standings_csv``)."""
    return seasons_standings_csv([_season(slug, number)])


def season_schedule(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """A season's schedule: each division's rounds with their windows, and each pairing
    with its status, agreed time or result."""
    season = _season(slug, number)
    _tick_without_beat()
    fixtures = Fixture.objects.select_related("proposed_by")
    matches = Match.objects.filter(is_bye=False).prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("number")),
        Prefetch("league_fixture", queryset=fixtures),
    )
    rounds = (
        Round.objects.filter(tournament__league_division__season=season)
        .select_related("tournament__league_division")
        .prefetch_related(Prefetch("matches", queryset=matches.order_by("board")))
        .order_by("tournament__league_division__level", "number")
    )
    by_division: dict[int, list[Round]] = {}
    divisions = {}
    for round_ in rounds:
        division = round_.tournament.league_division
        divisions[division.level] = division
        by_division.setdefault(division.level, []).append(round_)
    schedule = [(divisions[level], by_division[level]) for level in sorted(by_division)]
    return render(
        request,
        "leagues/schedule.html",
        {
            "league": season.league,
            "season": season,
            "schedule": schedule,
            "now": timezone.now(),
        },
    )


def fixture_detail(request: HttpRequest, match_id: int) -> HttpResponse:
    """A league pairing: its window, who is ready, the proposed or agreed time; for its
    players the buttons to say ready and to propose or accept a time."""
    _tick_without_beat()
    fixture = get_object_or_404(
        Fixture.objects.select_related(
            "match__round", "division__season__league", "division__tournament", "proposed_by"
        ),
        match_id=match_id,
    )
    return render(
        request,
        "leagues/fixture.html",
        {
            "fixture": fixture,
            "league": fixture.division.season.league,
            "season": fixture.division.season,
            **_ready_context(request, fixture),
        },
    )


def fixture_ready_box(request: HttpRequest, match_id: int) -> HttpResponse:
    """The Ready box of a league pairing (partial HTML, re-fetched live by the match and
    fixture pages): who is ready and, for its players while the window is open, "Ready to
    play now" or, once ready, "Waiting for <opponent>" with a way to cancel. Empty once the
    match has started."""
    fixture = get_object_or_404(Fixture.objects.select_related("match__round"), match_id=match_id)
    context = _ready_context(request, fixture)
    context["next"] = "match" if request.GET.get("next") == "match" else ""
    return render(request, "leagues/_ready_box.html", context)


def _ready_context(request: HttpRequest, fixture: Fixture) -> dict:
    seats = list(fixture.match.seats.select_related("player").order_by("number"))
    mine = next((s for s in seats if s.player_id == request.user.pk), None)
    return {
        "match": fixture.match,
        "seats": seats,
        "my_seat": mine,
        "others": [s for s in seats if s is not mine],
        "window_open": fixture.match.round.status == Round.Status.STARTED
        and timezone.now() < fixture.closes_at,
    }


def _done(request: HttpRequest, call, success: str | None) -> bool:
    try:
        call()
    except services.LeagueError as error:
        messages.error(request, str(error))
        return False
    if success:
        messages.success(request, success)
    return True


@login_required
@require_POST
def fixture_ready(request: HttpRequest, match_id: int) -> HttpResponse:
    """Say ready; then go to the match page, where the match starts once the other player
    is ready too."""
    started = []

    def ready() -> None:
        started.append(services.fixture_ready(match_id=match_id, player=request.user))

    if _done(request, ready, None):
        messages.success(
            request,
            _("The match has started.")
            if started[0]
            else _("You are ready: the match starts when your opponent is ready too."),
        )
        return redirect("games:match", match_id=match_id)
    return redirect("leagues:fixture", match_id=match_id)


@login_required
@require_POST
def fixture_unready(request: HttpRequest, match_id: int) -> HttpResponse:
    """Take back "ready"; back to the match page when asked from there (``next=match``)."""
    _done(
        request,
        lambda: services.fixture_unready(match_id=match_id, player=request.user),
        _("You are no longer ready."),
    )
    if request.POST.get("next") == "match":
        return redirect("games:match", match_id=match_id)
    return redirect("leagues:fixture", match_id=match_id)


def _posted_time(value: str) -> datetime | None:
    """A ``datetime-local`` value read in the viewer's time zone (the active one, see
    accounts/dates.py); None when unreadable."""
    try:
        parsed = datetime.fromisoformat(value)
    except (TypeError, ValueError):
        return None
    return timezone.make_aware(parsed) if timezone.is_naive(parsed) else parsed


@login_required
@require_POST
def fixture_propose(request: HttpRequest, match_id: int) -> HttpResponse:
    """Propose a time to play (the ``starts_at`` field, in the viewer's time zone)."""
    starts_at = _posted_time(request.POST.get("starts_at", ""))
    if starts_at is None:
        messages.error(request, _("Give a date and a time."))
    else:
        _done(
            request,
            lambda: services.fixture_propose_time(
                match_id=match_id, player=request.user, starts_at=starts_at
            ),
            _("Time proposed: your opponent can accept it."),
        )
    return redirect("leagues:fixture", match_id=match_id)


@login_required
@require_POST
def fixture_accept(request: HttpRequest, match_id: int) -> HttpResponse:
    """Accept the time the other player proposed."""
    _done(
        request,
        lambda: services.fixture_accept_time(match_id=match_id, player=request.user),
        _("Time agreed: the match starts then."),
    )
    return redirect("leagues:fixture", match_id=match_id)


@login_required
@require_POST
def league_join(request: HttpRequest, slug: str) -> HttpResponse:
    """Join a league: placed in the lowest division of its next season."""
    league = get_object_or_404(League, slug=slug)
    _done(
        request,
        lambda: services.league_join(league=league, player=request.user),
        _("You have joined: you play from the next season, in the lowest division."),
    )
    return redirect(league)


@login_required
@require_POST
def league_leave(request: HttpRequest, slug: str) -> HttpResponse:
    """Leave a league: not placed in its next season."""
    league = get_object_or_404(League, slug=slug)
    _done(
        request,
        lambda: services.league_leave(league=league, player=request.user),
        _("You have left: you will not be placed in the next season."),
    )
    return redirect(league)
