"""The read-only JSON API: tournaments, rounds and pairings, results, standings, ratings
per game and the games, built with django-ninja (OpenAPI schema at /api/openapi.json,
its page at /api/docs, served from the package's own files). Every list is paginated
(``?limit=&offset=``); only public tournaments (registration open or later) are shown.
docs/api.md describes it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime

from django.db.models import Prefetch
from django.shortcuts import get_object_or_404
from ninja import NinjaAPI, Schema
from ninja.pagination import LimitOffsetPagination, paginate

from games.models import Match, Seat
from games.rules import all_games, get_game
from tournaments import phases
from tournaments.models import Rating, Round, Standing, Tournament

api = NinjaAPI(
    title="Cartelle",
    version="1",
    description="Read-only: tournaments, rounds, pairings, results, standings and ratings.",
    urls_namespace="api",
)

PUBLIC = [
    Tournament.Status.REGISTRATION,
    Tournament.Status.SCHEDULED,
    Tournament.Status.RUNNING,
    Tournament.Status.FINISHED,
]


class GameOut(Schema):
    slug: str
    name: str
    seats: list[int]


class TournamentOut(Schema):
    slug: str
    name: str
    game: str
    format: str
    status: str
    table_size: int
    pairs: bool
    options: dict
    tiebreaks: list[str]
    url: str


class SeatOut(Schema):
    seat: int
    player: str


class MatchOut(Schema):
    id: int
    board: int
    status: str
    bye: bool
    seats: list[SeatOut]
    sides: list[list[int]]
    scores: list[int]
    winner_side: int | None
    places: list[int] | None
    reason: str
    finished_at: datetime | None
    url: str


class RoundOut(Schema):
    number: int
    status: str
    starts_at: datetime | None
    matches: list[MatchOut]


class StandingOut(Schema):
    rank: int
    entry: str
    played: int
    wins: int
    losses: int
    byes: int
    match_points: float
    deal_points_for: int
    deal_points_against: int
    head_to_head: float | None
    sonneborn_berger: float
    buchholz: float
    median_buchholz: float
    progressive: float


class MovementRowOut(Schema):
    table: int
    north_south: str
    east_west: list[str]


class PhaseOut(Schema):
    number: int
    movement: str
    rounds: list[int]
    skip: int
    duplicate: bool
    deals_per_round: int | None
    round_minutes: int | None
    mitchell: list[MovementRowOut] | None


class ScorecardLineOut(Schema):
    deal: int | None
    points: list[int]


class ScorecardOut(Schema):
    round: int
    board: int
    sides: list[list[str]]
    lines: list[ScorecardLineOut]


class RatingOut(Schema):
    player: str
    rating: float
    rated_matches: int
    last_change: float


def _tournament(slug: str) -> Tournament:
    """The public tournament ``slug``; Http404 otherwise."""
    return get_object_or_404(Tournament.objects.filter(status__in=PUBLIC), slug=slug)


def _tournament_out(tournament: Tournament) -> dict:
    """``TournamentOut`` fields of ``tournament``."""
    return {
        "slug": tournament.slug,
        "name": tournament.name,
        "game": tournament.game,
        "format": tournament.format,
        "status": tournament.status,
        "table_size": tournament.table_size,
        "pairs": tournament.pairs,
        "options": tournament.options or {},
        "tiebreaks": list(tournament.tie_break_names),
        "url": tournament.get_absolute_url(),
    }


def _match_out(match: Match) -> dict:
    """``MatchOut`` fields of ``match`` (seats prefetched)."""
    seats = sorted(match.seats.all(), key=lambda seat: seat.number)
    hidden = phases.board_hidden(match)  # duplicate boards still in play at another table
    return {
        "id": match.pk,
        "board": match.board,
        "status": match.status,
        "bye": match.is_bye,
        "seats": [{"seat": s.number, "player": s.player.username} for s in seats],
        "sides": [list(side) for side in match.sides] if not match.is_bye else [[0]],
        "scores": [] if hidden else list(match.scores or []),
        "winner_side": None if hidden else match.winner_seat,
        "places": [] if hidden else match.places,
        "reason": match.reason,
        "finished_at": match.finished_at,
        "url": match.get_absolute_url(),
    }


class _Page(Sequence):
    """A queryset that the paginator slices in the database, each row of the page turned
    into its output by ``convert``: a page costs a count and the page's rows (a page of
    a 1 000-entrant event reads 100 standings rows, not 1 000)."""

    def __init__(self, queryset, convert: Callable[[object], dict]) -> None:
        self._queryset, self._convert = queryset, convert

    def __len__(self) -> int:
        return self._queryset.count()

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self._convert(row) for row in self._queryset[index]]
        return self._convert(self._queryset[index])


_SEATS = Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("number"))


@api.get("/games", response=list[GameOut], summary="The games the site plays")
def games(request):
    """Every game: ``slug``, ``name``, ``seats`` (the player counts allowed), by slug."""
    return [
        {"slug": game.slug, "name": game.name, "seats": sorted(game.seats)}
        for game in sorted(all_games(), key=lambda game: game.slug)
    ]


@api.get("/tournaments", response=list[TournamentOut], summary="Public tournaments, newest first")
@paginate(LimitOffsetPagination)
def tournaments(request, game: str | None = None, status: str | None = None):
    """Public tournaments, newest first, filtered by ``game`` and ``status`` when given."""
    found = Tournament.objects.filter(status__in=PUBLIC).order_by("-created_at", "-id")
    if game:
        found = found.filter(game=game)
    if status:
        found = found.filter(status=status)
    return [_tournament_out(tournament) for tournament in found]


@api.get("/tournaments/{slug}", response=TournamentOut, summary="One tournament")
def tournament(request, slug: str):
    """One public tournament (404 for a draft or an unknown slug)."""
    return _tournament_out(_tournament(slug))


@api.get(
    "/tournaments/{slug}/rounds",
    response=list[RoundOut],
    summary="Its rounds with their pairings and results",
)
@paginate(LimitOffsetPagination)
def rounds(request, slug: str):
    """A tournament's rounds in order, each with its matches in board order."""
    found = (
        Round.objects.filter(tournament=_tournament(slug))
        .prefetch_related(Prefetch("matches", queryset=Match.objects.prefetch_related(_SEATS)))
        .order_by("number")
    )
    return [
        {
            "number": round_.number,
            "status": round_.status,
            "starts_at": round_.starts_at,
            "matches": [
                _match_out(match) for match in sorted(round_.matches.all(), key=lambda m: m.board)
            ],
        }
        for round_ in found
    ]


@api.get(
    "/tournaments/{slug}/results",
    response=list[MatchOut],
    summary="Its finished matches, in round and board order",
)
@paginate(LimitOffsetPagination)
def results(request, slug: str):
    """A tournament's finished matches in round and board order."""
    found = (
        Match.objects.filter(round__tournament=_tournament(slug), status=Match.Status.FINISHED)
        .prefetch_related(_SEATS)
        .order_by("round__number", "board")
    )
    return _Page(found, _match_out)


@api.get(
    "/tournaments/{slug}/phases",
    response=list[PhaseOut],
    summary="An event in phases: its phases and their movements",
)
def phase_list(request, slug: str):
    """An event's phases in order; a Mitchell's movement table once its seating is made
    (one row a table: the North-South pair and the East-West pair of each round)."""
    return [
        {
            "number": item["phase"].number,
            "movement": item["phase"].movement,
            "rounds": item["rounds"],
            "skip": item["phase"].skip,
            "duplicate": item["phase"].duplicate,
            "deals_per_round": item["phase"].deals_per_round,
            "round_minutes": item["phase"].round_minutes,
            "mitchell": item["movement"],
        }
        for item in phases.phases_overview(_tournament(slug))
    ]


@api.get(
    "/tournaments/{slug}/scorecards",
    response=list[ScorecardOut],
    summary="Each finished table deal by deal",
)
@paginate(LimitOffsetPagination)
def scorecards(request, slug: str):
    """Each finished table's deals and total, in round and board order; a table of
    duplicate boards still in play at another table is left out."""
    found = (
        Match.objects.filter(
            round__tournament=_tournament(slug), status=Match.Status.FINISHED, is_bye=False
        )
        .select_related("round")
        .prefetch_related(_SEATS)
        .order_by("round__number", "board")
    )
    cards = []
    for match in found:
        lines = phases.scorecard(match)
        if not lines:
            continue
        names = {seat.number: seat.player.username for seat in match.seats.all()}
        cards.append(
            {
                "round": match.round.number,
                "board": match.board,
                "sides": [[names[seat] for seat in side] for side in match.sides],
                "lines": lines,
            }
        )
    return cards


@api.get(
    "/tournaments/{slug}/standings",
    response=list[StandingOut],
    summary="Its standings, as the tournament page shows them",
)
@paginate(LimitOffsetPagination)
def standings(request, slug: str):
    """A tournament's standings rows by rank, with every tie-break value (the page's rows)."""
    rows = (
        Standing.objects.filter(tournament=_tournament(slug))
        .select_related("entry__player", "entry__partner")
        .order_by("rank", "id")
    )
    return _Page(rows, _standing_out)


def _standing_out(row: Standing) -> dict:
    """``StandingOut`` fields of ``row`` (its entry's players selected)."""
    return {
        "rank": row.rank,
        "entry": row.entry.name,
        "played": row.played,
        "wins": row.wins,
        "losses": row.losses,
        "byes": row.byes,
        "match_points": row.match_points,
        "deal_points_for": row.deal_points_for,
        "deal_points_against": row.deal_points_against,
        "head_to_head": row.head_to_head,
        "sonneborn_berger": row.sonneborn_berger,
        "buchholz": row.buchholz,
        "median_buchholz": row.median_buchholz,
        "progressive": row.progressive,
    }


@api.get("/ratings/{game}", response=list[RatingOut], summary="A game's Elo leaderboard")
@paginate(LimitOffsetPagination)
def ratings(request, game: str):
    """A game's Elo leaderboard of active players, bots left out, highest first (404 for an
    unknown game)."""
    try:
        get_game(game)
    except KeyError:
        from ninja.errors import HttpError

        raise HttpError(404, "No such game.") from None
    rows = (
        Rating.objects.filter(game=game, player__is_active=True, player__is_bot=False)
        .select_related("player")
        .order_by("-rating", "player__username")
    )
    return [
        {
            "player": row.player.username,
            "rating": row.rating,
            "rated_matches": row.rated_matches,
            "last_change": row.last_change,
        }
        for row in rows
    ]
