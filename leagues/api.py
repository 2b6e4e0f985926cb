"""The read-only JSON API of leagues: the leagues, a league with its seasons, a season with
its divisions, and each division's tournament, standings (as the season page shows them,
promotion and relegation zones marked) and schedule with play windows (docs/api.md).

A django-ninja ``Router``: leagues sit above tournaments (docs/layers.md), so the router
lives here and ``config/urls.py`` mounts it on the tournaments' ``NinjaAPI`` at
``/api/leagues``; tournaments never import it. A division's matches and standings rows
have the shapes of the tournaments' endpoints (``tournaments.api``). Lists are paginated
(``?limit=&offset=``) and a page costs a constant number of queries whatever the number of
players (tests/leagues/test_api.py).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db.models import Count, Max, Prefetch
from django.shortcuts import get_object_or_404
from django.urls import reverse
from ninja import Router, Schema
from ninja.pagination import LimitOffsetPagination, paginate

from games.models import Match
from leagues.models import Division, Fixture, League, Season
from leagues.promotion import standing_zones
from tournaments.api import _SEATS, MatchOut, StandingOut, _match_out, _Page, _standing_out
from tournaments.models import Round, Standing

router = Router(tags=["leagues"])


class LeagueOut(Schema):
    slug: str
    name: str
    game: str
    options: dict
    rules: str
    division_size: int
    promote_count: int
    relegate_count: int
    double_round_robin: bool
    window: timedelta
    season_count: int
    current_season: int | None
    url: str


class SeasonOut(Schema):
    number: int
    status: str
    starts_at: datetime
    finished_at: datetime | None
    division_count: int
    url: str
    schedule_url: str
    standings_csv_url: str


class LeagueDetailOut(LeagueOut):
    seasons: list[SeasonOut]


class DivisionSummaryOut(Schema):
    level: int
    tournament_id: int
    tournament_slug: str
    tournament_url: str


class SeasonDetailOut(SeasonOut):
    league: str
    divisions: list[DivisionSummaryOut]


class DivisionStandingOut(StandingOut):
    player: str
    zone: str


class FixtureMatchOut(MatchOut):
    agreed_time: datetime | None
    extended_until: datetime | None
    window_closes_at: datetime | None


class WindowRoundOut(Schema):
    number: int
    status: str
    opens_at: datetime | None
    closes_at: datetime | None
    matches: list[FixtureMatchOut]


class DivisionOut(DivisionSummaryOut):
    standings: list[DivisionStandingOut]
    rounds: list[WindowRoundOut]


def _leagues():
    """Leagues with ``season_total`` and ``current_number`` (their newest season's)."""
    return League.objects.annotate(
        season_total=Count("seasons"), current_number=Max("seasons__number")
    )


def _league_out(league: League) -> dict:
    """``LeagueOut`` fields of ``league`` (annotated by ``_leagues``)."""
    return {
        "slug": league.slug,
        "name": league.name,
        "game": league.game,
        "options": league.options or {},
        "rules": league.rules,
        "division_size": league.division_size,
        "promote_count": league.promote_count,
        "relegate_count": league.relegate_count,
        "double_round_robin": league.double_round_robin,
        "window": league.window,
        "season_count": league.season_total,
        "current_season": league.current_number,
        "url": league.get_absolute_url(),
    }


def _season_out(season: Season, league: League) -> dict:
    """``SeasonOut`` fields of ``season`` (annotated with ``division_total``)."""
    args = [league.slug, season.number]
    return {
        "number": season.number,
        "status": season.status,
        "starts_at": season.starts_at,
        "finished_at": season.finished_at,
        "division_count": season.division_total,
        "url": reverse("leagues:season", args=args),
        "schedule_url": reverse("leagues:schedule", args=args),
        "standings_csv_url": reverse("leagues:season_standings_csv", args=args),
    }


def _seasons():
    return Season.objects.annotate(division_total=Count("divisions"))


def _season(slug: str, number: int) -> Season:
    """The season ``number`` of the league ``slug`` with its league and ``division_total``;
    Http404 otherwise."""
    return get_object_or_404(_seasons().select_related("league"), league__slug=slug, number=number)


def _summary_out(division: Division) -> dict:
    """``DivisionSummaryOut`` fields of ``division`` (its tournament selected)."""
    return {
        "level": division.level,
        "tournament_id": division.tournament_id,
        "tournament_slug": division.tournament.slug,
        "tournament_url": division.tournament.get_absolute_url(),
    }


def _fixture_match_out(match: Match) -> dict:
    """``FixtureMatchOut`` fields of ``match`` (seats and fixture prefetched, its round
    given as ``match.round`` by the prefetch); a bye has no fixture."""
    try:
        fixture = match.league_fixture
    except Fixture.DoesNotExist:
        fixture = None
    closes_at = match.round.closes_at
    return {
        **_match_out(match),
        "agreed_time": fixture.agreed_time if fixture else None,
        "extended_until": fixture.extended_until if fixture else None,
        "window_closes_at": (fixture.extended_until or closes_at) if fixture else closes_at,
    }


def _division_out(division: Division, *, levels: int, league: League) -> dict:
    """``DivisionOut`` fields of ``division`` (standings and rounds prefetched by
    ``_DIVISION_PREFETCH``); ``levels`` is the season's number of divisions."""
    rows = list(division.tournament.standings.all())
    zones = standing_zones(
        len(rows),
        level=division.level,
        levels=levels,
        promote=league.promote_count,
        relegate=league.relegate_count,
    )
    rounds = []
    for round_ in division.tournament.rounds.all():
        matches = []
        for match in round_.matches.all():
            match.round = round_  # the prefetched round: no query a match
            matches.append(_fixture_match_out(match))
        rounds.append(
            {
                "number": round_.number,
                "status": round_.status,
                "opens_at": round_.opens_at,
                "closes_at": round_.closes_at,
                "matches": matches,
            }
        )
    return {
        **_summary_out(division),
        "standings": [
            {**_standing_out(row), "player": row.entry.player.username, "zone": zone}
            for row, zone in zip(rows, zones, strict=True)
        ],
        "rounds": rounds,
    }


_MATCHES = Match.objects.prefetch_related(
    _SEATS, Prefetch("league_fixture", queryset=Fixture.objects.all())
).order_by("board")

_DIVISION_PREFETCH = [
    # The season page's order (leagues.views._division_tables): rank, then pairing number.
    Prefetch(
        "tournament__standings",
        queryset=Standing.objects.select_related("entry__player", "entry__partner").order_by(
            "rank", "entry__pairing_number"
        ),
    ),
    Prefetch(
        "tournament__rounds",
        queryset=Round.objects.order_by("number").prefetch_related(
            Prefetch("matches", queryset=_MATCHES)
        ),
    ),
]


@router.get("", response=list[LeagueOut], summary="Every league, by name")
@paginate(LimitOffsetPagination)
def leagues(request, game: str | None = None):
    """Every league by name, filtered by ``game`` when given."""
    found = _leagues().order_by("name", "id")
    if game:
        found = found.filter(game=game)
    return _Page(found, _league_out)


@router.get("/{slug}", response=LeagueDetailOut, summary="A league with its seasons")
def league(request, slug: str):
    """One league with its seasons, newest first (404 for an unknown slug)."""
    found = get_object_or_404(_leagues(), slug=slug)
    seasons = _seasons().filter(league=found).order_by("-number")
    return {
        **_league_out(found),
        "seasons": [_season_out(season, found) for season in seasons],
    }


@router.get(
    "/{slug}/seasons/{number}",
    response=SeasonDetailOut,
    summary="A season with its divisions' tournaments",
)
def season(request, slug: str, number: int):
    """A season and its divisions top first, each with its tournament (id, slug, page);
    404 for an unknown league or season."""
    found = _season(slug, number)
    divisions = found.divisions.select_related("tournament").order_by("level")
    return {
        **_season_out(found, found.league),
        "league": found.league.slug,
        "divisions": [_summary_out(division) for division in divisions],
    }


@router.get(
    "/{slug}/seasons/{number}/divisions",
    response=list[DivisionOut],
    summary="A season's divisions: standings and schedule with play windows",
)
@paginate(LimitOffsetPagination)
def divisions(request, slug: str, number: int):
    """A season's divisions, top first, each with its tournament, its standings as the
    season page shows them (rank, every tie-break value, the player and the zone: "up"
    promoted, "down" relegated, "" stays) and its rounds with their play windows and
    matches (agreed time, extension, when the window closes)."""
    found = _season(slug, number)
    league_ = found.league
    page = (
        found.divisions.select_related("tournament")
        .prefetch_related(*_DIVISION_PREFETCH)
        .order_by("level")
    )
    return _Page(
        page,
        lambda division: _division_out(division, levels=found.division_total, league=league_),
    )
