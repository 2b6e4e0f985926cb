"""Tournament pages: browse, register and withdraw, standings, a knockout's bracket, CSV
exports; leaderboards; home."""

import csv
from collections.abc import Callable, Iterable
from datetime import timedelta

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Case, Count, Prefetch, Value, When
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts import dates
from accounts.models import Player
from games import slots
from games.game_options import games_for_newcomers
from games.models import Match, Seat
from games.rules import all_games, get_game
from tournaments import phases, services
from tournaments.models import (
    TIE_BREAK_COLUMNS,
    TIE_BREAK_HELP,
    Rating,
    Round,
    Standing,
    TieBreak,
    Tournament,
)
from tournaments.rating import NEW_PLAYER_MATCHES

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


def _listed_tournaments():
    """The public tournaments that the lists show: a league division's round robin
    (``leagues.Division``, reached by the reverse one-to-one ``league_division``) is left
    out, as it is reached from its league's pages; its own page still works. Only the
    relation's name is used here: tournaments never import leagues (docs/layers.md)."""
    return _public_tournaments().filter(league_division__isnull=True)


def home(request: HttpRequest) -> HttpResponse:
    """Front page: the player's live and upcoming matches, open tournaments, games."""
    my_matches = []
    if request.user.is_authenticated:
        my_matches = list(
            services.player_schedule(request.user).filter(
                status__in=[Match.Status.IN_PROGRESS, Match.Status.SCHEDULED], is_bye=False
            )[:10]
        )
    # "Live now": the matches being played, newest first, with how many watch each (the
    # spectators are counted in the shared cache by the match sockets).
    live_now = list(
        Match.objects.filter(status=Match.Status.IN_PROGRESS, is_bye=False)
        .prefetch_related("seats__player")
        .order_by("-started_at", "-id")[:12]
    )
    watching = slots.counts([slots.watch_key(match.pk) for match in live_now])
    for match in live_now:
        match.watching = watching[slots.watch_key(match.pk)]
    return render(
        request,
        "tournaments/home.html",
        {
            "live_now": live_now,
            "my_matches": my_matches,
            # Those a player can still join first, then the others in their usual order.
            "tournaments": _listed_tournaments()
            .exclude(status=Tournament.Status.FINISHED)
            .annotate(
                joinable=Case(
                    When(status=Tournament.Status.REGISTRATION, then=Value(0)), default=Value(1)
                )
            )
            .order_by("joinable", *Tournament._meta.ordering)[:10],
            # Play now's chooser and the list of games: Briscola and Scopa first.
            "games": games_for_newcomers(all_games()),
        },
    )


def tournament_list(request: HttpRequest) -> HttpResponse:
    """Every public tournament, newest first, league divisions left out."""
    return render(request, "tournaments/list.html", {"tournaments": _listed_tournaments()[:100]})


def _standings(tournament: Tournament):
    return Standing.objects.filter(tournament=tournament).select_related(
        "entry__player", "entry__partner"
    )


# Decimal places shown: -1 drops ".0", so half points show as "1.5" and whole ones as "1".
_TIE_BREAK_DIGITS = {TieBreak.SONNEBORN_BERGER: "-2", TieBreak.WINS: "0"}


def _standings_context(tournament: Tournament) -> dict:
    """What ``_standings.html`` shows: the rows, each with ``tie_break_cells`` (one a
    chosen tie-break: ``{"name", "value", "digits"}``), and ``tie_breaks``, the chosen
    ones in order (``{"name", "column", "label", "help"}``). One query."""
    names = tournament.tie_break_names
    rows = list(_standings(tournament))
    for row in rows:
        row.tie_break_cells = [
            {
                "name": name,
                "value": row.tie_break(name),
                "digits": _TIE_BREAK_DIGITS.get(name, "-1"),
            }
            for name in names
        ]
    return {
        "tournament": tournament,
        "standings": rows,
        "ranked_by_chips": get_game(tournament.game).ranked_by_chips,
        "tie_breaks": [
            {
                "name": name,
                "column": TIE_BREAK_COLUMNS[name],
                "label": TieBreak(name).label,
                "help": TIE_BREAK_HELP[name],
            }
            for name in names
        ],
    }


def tournament_detail(request: HttpRequest, slug: str) -> HttpResponse:
    """A tournament: registration, entries, standings, rounds with pairings and results; a
    knockout's bracket."""
    tournament = get_object_or_404(
        _public_tournaments().select_related("winner__player", "winner__partner"), slug=slug
    )
    seats = Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("number"))
    rounds = (
        tournament.rounds.select_related("phase")
        .prefetch_related(
            Prefetch("matches", queryset=Match.objects.prefetch_related(seats).order_by("board"))
        )
        .order_by("number")
    )
    entries = list(
        tournament.entries.select_related("player", "partner").order_by(
            "pairing_number", "created_at"
        )
    )
    rounds = list(rounds)
    for round_ in rounds:
        for match in round_.matches.all():
            match.side_rows = _side_rows(match)
            if round_.phase_id and match.status == Match.Status.FINISHED and not match.is_bye:
                match.scorecard = phases.scorecard(match)
    mine = services.entry_of(tournament, request.user) if request.user.is_authenticated else None
    # The live page re-fetches its rounds (status, pairings, results) on each "changed".
    template = "tournaments/_rounds.html" if request.GET.get("partial") == "rounds" else None
    return render(
        request,
        template or "tournaments/detail.html",
        {
            "tournament": tournament,
            "game": get_game(tournament.game),
            "rounds": rounds,
            "entries": entries,
            "bracket": _bracket(rounds, len(entries))
            if tournament.format == Tournament.Format.KNOCKOUT
            else None,
            **_standings_context(tournament),
            "registered": mine is not None,
            "my_entry": mine,
            "to_confirm": mine is not None
            and mine.partner_id == request.user.pk
            and not mine.partner_confirmed,
            "Round": Round,
            "phases": phases.phases_overview(tournament)
            if tournament.format == Tournament.Format.PHASES
            else None,
            "event_log": phases.event_log(tournament)
            if tournament.format == Tournament.Format.PHASES
            else None,
        },
    )


def _side_rows(match: Match) -> list[dict]:
    """Each side of a match for the round table: ``{"names", "score", "won", "place"}``.
    A table of duplicate boards that another table has still to finish shows no score
    (``match.hidden``): its result would tell them the cards."""
    seats = list(match.seats.all())
    by_number = {seat.number: seat.player.username for seat in seats}
    if match.is_bye or match.seat_count < 2:
        return [{"names": list(by_number.values()), "score": None, "won": True, "place": 1}]
    match.hidden = phases.board_hidden(match)
    if match.hidden:
        return [
            {"names": [by_number.get(seat, "?") for seat in side], "score": None,
             "won": False, "place": None}
            for side in match.sides
        ]  # fmt: skip
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


def _bracket(rounds: list[Round], entrants: int) -> list[dict]:
    """A knockout's bracket from its rounds (matches and seats prefetched, ``side_rows``
    set): one column a round, ``{"name", "ties"}``, each tie ``{"match", "third_place"}``
    in board order (board order is bracket order), ``{"match": None}`` for a tie whose
    entrants are not known yet. No queries."""
    slots = 1 << max(1, (entrants - 1).bit_length())
    columns = []
    for index, round_ in enumerate(rounds):
        matches = sorted(round_.matches.all(), key=lambda match: match.board)
        ties = [
            {"match": match, "third_place": match.board > 1 and index == len(rounds) - 1}
            for match in matches
        ]
        ties += [{"match": None, "third_place": False}] * max(0, (slots >> (index + 1)) - len(ties))
        columns.append({"name": _round_name(index, len(rounds)), "ties": ties})
    return columns


def _round_name(index: int, total: int) -> str:
    """The name of round ``index`` (0-based) of a knockout of ``total`` rounds."""
    to_go = total - index
    if to_go == 1:
        return _("Final")
    if to_go == 2:
        return _("Semi-finals")
    if to_go == 3:
        return _("Quarter-finals")
    return _("Round %(number)s") % {"number": index + 1}


def standings_partial(request: HttpRequest, slug: str) -> HttpResponse:
    """Just the standings table, fetched by the page when a result lands."""
    tournament = get_object_or_404(_public_tournaments(), slug=slug)
    return render(request, "tournaments/_standings.html", _standings_context(tournament))


# CSV exports ------------------------------------------------------------------------------

Table = tuple[list[str], list[list]]
"""A CSV table: the header and the rows."""


def standings_table(tournament: Tournament) -> Table:
    """The standings as on the page: rank, the entry's name, played, won, lost, byes,
    match points, then a column a chosen tie-break (head-to-head empty where it does not
    apply). One query."""
    names = list(tournament.tie_break_names)
    header = ["rank", "player", "played", "won", "lost", "byes", "points", *names]
    rows = [
        [
            row.rank,
            row.entry.name,
            row.played,
            row.wins,
            row.losses,
            row.byes,
            row.match_points,
            *("" if row.tie_break(name) is None else row.tie_break(name) for name in names),
        ]
        for row in _standings(tournament)
    ]
    return header, rows


def _side_columns(tournament: Tournament) -> list[str]:
    if tournament.is_table_event:
        return [f"side_{number}" for number in range(1, tournament.table_size + 1)]
    return ["first", "second"]


def _csv_matches(tournament: Tournament, **filters):
    seats = Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("number"))
    return (
        Match.objects.filter(round__tournament=tournament, **filters)
        .select_related("round")
        .prefetch_related(seats)
        .order_by("round__number", "board")
    )


def _side_names(match: Match, count: int) -> list[str]:
    """Each side's names ("alice & bob" for partners), padded to ``count`` columns."""
    names = [" & ".join(row["names"]) for row in _side_rows(match)]
    return names + [""] * (count - len(names))


def schedule_table(tournament: Tournament) -> Table:
    """Every match made so far: round, board, the round's start (``Round.start_time``:
    the actual start once started, ISO 8601 in UTC), the match's status and the sides (a
    bye has one). Two queries."""
    sides = _side_columns(tournament)
    header = ["round", "board", "starts_at", "status", *sides]
    rows = [
        [
            match.round.number,
            match.board,
            dates.iso(match.round.start_time),
            "bye" if match.is_bye else match.status,
            *_side_names(match, len(sides)),
        ]
        for match in _csv_matches(tournament)
    ]
    return header, rows


def results_table(tournament: Tournament) -> Table:
    """Every result counted in the standings (finished matches and byes of started
    rounds): round, board, the sides, their scores, the winner's names and how the match
    ended. Two queries."""
    sides = _side_columns(tournament)
    header = ["round", "board", *sides, *(f"{side}_score" for side in sides), "winner", "reason"]
    rows = []
    matches = _csv_matches(tournament, status=Match.Status.FINISHED).exclude(
        round__status=Round.Status.PENDING
    )
    for match in matches:
        if phases.board_hidden(match):
            continue  # duplicate boards still in play at another table
        names = _side_names(match, len(sides))
        scores = [] if match.is_bye else list(match.scores or [])
        scores += [""] * (len(sides) - len(scores))
        winner = names[match.winner_seat] if match.winner_seat is not None else ""
        rows.append([match.round.number, match.board, *names, *scores, winner, match.reason])
    return header, rows


def csv_cell(value):
    """A text cell that a spreadsheet would read as a formula gets a leading quote (OWASP,
    "CSV Injection"); numbers are written as they are."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def csv_response(
    name: str,
    tournaments: Iterable[Tournament],
    table: Callable[[Tournament], Table],
    *,
    several: bool = False,
) -> HttpResponse:
    """A CSV download of ``table`` for each of ``tournaments``. With ``several`` (the admin
    action) a first ``tournament`` column (the slug) tells their rows apart, and the
    columns are those of every table in order (events may choose different tie-breaks;
    a column an event lacks is left empty)."""
    tournaments = list(tournaments)
    filename = f"tournaments-{name}.csv" if several else f"{tournaments[0].slug}-{name}.csv"
    columns = ["tournament"] if several else []
    records = []
    for tournament in tournaments:
        header, rows = table(tournament)
        columns += [column for column in header if column not in columns]
        for row in rows:
            record = dict(zip(header, map(csv_cell, row), strict=True))
            records.append({"tournament": tournament.slug, **record} if several else record)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    writer = csv.DictWriter(response, fieldnames=columns, restval="")
    writer.writeheader()
    writer.writerows(records)
    return response


def standings_csv(request: HttpRequest, slug: str) -> HttpResponse:
    """The standings as CSV (``standings_table``)."""
    tournament = get_object_or_404(Tournament.objects.filter(status__in=PUBLIC_STATUSES), slug=slug)
    return csv_response("standings", [tournament], standings_table)


def schedule_csv(request: HttpRequest, slug: str) -> HttpResponse:
    """The schedule as CSV (``schedule_table``)."""
    tournament = get_object_or_404(Tournament.objects.filter(status__in=PUBLIC_STATUSES), slug=slug)
    return csv_response("schedule", [tournament], schedule_table)


def scorecards_table(tournament: Tournament) -> Table:
    """Each table's rounds deal by deal (``tournaments.phases.scorecard``): round, board,
    deal (empty on a table's total line), then each side's names and points; tables of
    duplicate boards still in play at another table are left out."""
    sides = _side_columns(tournament)
    header = ["round", "board", "deal", *sides, *(f"{side}_points" for side in sides)]
    rows = []
    matches = _csv_matches(tournament, status=Match.Status.FINISHED, is_bye=False).exclude(
        round__status=Round.Status.PENDING
    )
    for match in matches:
        names = _side_names(match, len(sides))
        for line in phases.scorecard(match):
            points = list(line["points"]) + [""] * (len(sides) - len(line["points"]))
            rows.append([match.round.number, match.board, line["deal"] or "", *names, *points])
    return header, rows


def scorecards_csv(request: HttpRequest, slug: str) -> HttpResponse:
    """The scorecards as CSV (``scorecards_table``)."""
    tournament = get_object_or_404(Tournament.objects.filter(status__in=PUBLIC_STATUSES), slug=slug)
    return csv_response("scorecards", [tournament], scorecards_table)


def results_csv(request: HttpRequest, slug: str) -> HttpResponse:
    """The results as CSV (``results_table``)."""
    tournament = get_object_or_404(Tournament.objects.filter(status__in=PUBLIC_STATUSES), slug=slug)
    return csv_response("results", [tournament], results_table)


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
    under_way = tournament.status in (Tournament.Status.SCHEDULED, Tournament.Status.RUNNING)
    withdraw_now = services.entry_withdraw_from_event if under_way else services.entry_withdraw
    try:
        withdraw_now(tournament=tournament, player=request.user)
    except services.TournamentError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("You have withdrawn from %(event)s.") % {"event": tournament})
    return redirect(tournament)


def leaderboard_index(request: HttpRequest) -> HttpResponse:
    """Every game, linking to its leaderboard, with its number of rated players and its
    leader (the highest rating among people with a rated match; bots are left out)."""
    rated = Rating.objects.filter(player__is_bot=False, rated_matches__gt=0)
    counts = dict(rated.values_list("game").annotate(n=Count("id")))
    leaders = {}
    for rating in rated.order_by("game", "-rating", "player__username").select_related("player"):
        leaders.setdefault(rating.game, rating)
    games = [
        {
            "slug": g.slug,
            "name": g.name,
            "players": counts.get(g.slug, 0),
            "leader": leaders.get(g.slug),
        }
        for g in sorted(all_games(), key=lambda g: g.name)
    ]
    return render(request, "tournaments/leaderboard_index.html", {"games": games})


def leaderboard(request: HttpRequest, game: str) -> HttpResponse:
    """Ratings in one game: rating, rated matches, last change; the players' list leaves
    bots out, and the bots' ratings (rated matches against the computer) are a separate
    list below it. Provisional players (fewer than ``NEW_PLAYER_MATCHES`` rated matches)
    are marked, and hidden with ``?established=1``. ``?partial=1``: the tables only."""
    try:
        game_obj = get_game(game)
    except KeyError:
        raise Http404(_("No such game.")) from None
    ranked = Rating.objects.filter(game=game).select_related("player")
    players = ranked.filter(player__is_bot=False)
    # ``?established=1`` hides provisional players; by default they are listed, marked.
    established = request.GET.get("established") == "1"
    if established:
        players = players.filter(rated_matches__gte=NEW_PLAYER_MATCHES)
    ratings = players.order_by("-rating", "player__username")[:200]
    bot_ratings = ranked.filter(player__is_bot=True, rated_matches__gt=0).order_by(
        "-rating", "player__username"
    )
    template = (
        "tournaments/_leaderboard.html"
        if request.GET.get("partial")
        else "tournaments/leaderboard.html"
    )
    return render(
        request,
        template,
        {
            "game": game_obj,
            "ratings": ratings,
            "bot_ratings": bot_ratings,
            "established": established,
            "provisional_matches": NEW_PLAYER_MATCHES,
        },
    )


def player_calendar(request: HttpRequest, username: str) -> HttpResponse:
    """An iCalendar feed (RFC 5545, the ``icalendar`` library) of a player's scheduled and
    live matches: one event per match, at its round's start (``Round.start_time``: the
    actual start once the round has started; an hour long), naming the
    event, the round and the opponents, with the match page as its URL."""
    import icalendar

    player = get_object_or_404(Player, username=username, is_active=True)
    calendar = icalendar.Calendar()
    calendar.add("prodid", "-//Cartelle//matches//EN")
    calendar.add("version", "2.0")
    calendar.add("x-wr-calname", f"Cartelle: {player.username}")
    matches = (
        services.player_schedule(player)
        .filter(status__in=[Match.Status.SCHEDULED, Match.Status.IN_PROGRESS], is_bye=False)
        .select_related("round__tournament")
    )
    base = request.build_absolute_uri("/").rstrip("/")
    for match in matches:
        round_ = match.round
        start = (round_.start_time if round_ else None) or match.started_at or match.created_at
        others = [s.player.username for s in match.seats.all() if s.player_id != player.pk]
        event = icalendar.Event()
        event.add("uid", f"match-{match.pk}@cartelle")
        event.add("dtstamp", timezone.now())
        event.add("dtstart", start)
        event.add("dtend", start + timedelta(hours=1))
        where = f"{round_.tournament.name}, round {round_.number}" if round_ else match.game
        event.add("summary", f"{match.get_game_display()}: {player.username} v {', '.join(others)}")
        event.add("description", where)
        event.add("url", base + match.get_absolute_url())
        calendar.add_component(event)
    response = HttpResponse(calendar.to_ical(), content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{player.username}-matches.ics"'
    return response
