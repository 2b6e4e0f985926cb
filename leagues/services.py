"""Services that change leagues: membership, seasons and their divisions, play windows,
readiness and agreed times, forfeits at a window's end, promotion and relegation.

Each is one transaction; views, admin actions and Celery tasks call these and never save
league rows themselves. A division is a ``tournaments.Tournament`` (a single or double
round robin), made and scheduled through ``tournaments.services``; its matches start here,
one by one, when their players are ready (docs/leagues.md). The division algorithm is
pure (``leagues.promotion``).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from accounts import dates
from accounts.models import Player
from games import live
from games import services as game_services
from games.hooks import send_match_finished_on_commit
from games.models import Match, Seat
from games.rules import get_game
from games.state import match_seats, state_messages
from leagues.models import Division, Fixture, League, Member, Season
from leagues.promotion import next_divisions, split_into_divisions
from tournaments import services as tournament_services
from tournaments.models import STARTING_RATING, Rating, Round, Standing, Tournament

READY_SECONDS = getattr(settings, "LEAGUE_READY_SECONDS", 15 * 60)
"""How long a player's "ready" holds: the match starts when every seat was ready within
this many seconds of each other (both at the table now, not one on Monday and the other
on Thursday). Any "ready" inside the window counts when the window closes."""


class LeagueError(Exception):
    """A refused request (not a member, window closed, season not over, ...); the message
    is for the user and nothing was changed."""


# Membership ----------------------------------------------------------------------------


@transaction.atomic
def league_join(*, league: League, player: Player) -> Member:
    """Register ``player`` for ``league`` (again, if they had left); a player who is in no
    season yet joins the lowest division of the next one.

    Raises:
        LeagueError: a computer opponent, or a player already a member.
    """
    if player.is_bot:
        raise LeagueError(_("Computer opponents do not join leagues."))
    member, created = Member.objects.select_for_update().get_or_create(league=league, player=player)
    if not created:
        if member.left_at is None:
            raise LeagueError(_("You are already a member of this league."))
        member.left_at = None
        member.save(update_fields=["left_at"])
    return member


@transaction.atomic
def league_leave(*, league: League, player: Player) -> Member:
    """``player`` leaves ``league``: they play out the current season (a withdrawal from
    it is the tournaments' ``entry_withdraw_from_event``) and are placed in no next one.

    Raises:
        LeagueError: the player is not a member.
    """
    member = (
        Member.objects.select_for_update()
        .filter(league=league, player=player, left_at__isnull=True)
        .first()
    )
    if member is None:
        raise LeagueError(_("You are not a member of this league."))
    member.left_at = timezone.now()
    member.save(update_fields=["left_at"])
    return member


# Seasons and divisions ------------------------------------------------------------------


@transaction.atomic
def season_start_first(*, league: League, starts_at: datetime | None = None) -> Season:
    """Start the league's first season: the members seeded by rating in the game (a player
    not yet rated counts as 1500; ties by joining order), cut into divisions of the
    league's ``division_size`` (``split_into_divisions``), each scheduled as a round robin
    whose round ``r`` has the window ``[starts_at + (r - 1) * window, starts_at + r *
    window)``.

    Raises:
        LeagueError: the league already has a season, or fewer than two members.
    """
    league = League.objects.select_for_update().get(pk=league.pk)
    if league.seasons.exists():
        raise LeagueError(_("%(league)s already has a season.") % {"league": league})
    members = list(league.members.filter(left_at__isnull=True).select_related("player"))
    if len(members) < 2:
        raise LeagueError(_("A league season needs at least two members."))
    ratings = dict(
        Rating.objects.filter(
            game=league.game, player_id__in=[m.player_id for m in members]
        ).values_list("player_id", "rating")
    )
    seeded = sorted(members, key=lambda m: -ratings.get(m.player_id, STARTING_RATING))
    divisions = split_into_divisions([m.player for m in seeded], league.division_size)
    return _create_season(league, 1, divisions, starts_at or timezone.now())


@transaction.atomic
def season_close_and_start_next(*, season: Season, starts_at: datetime | None = None) -> Season:
    """At a season's end: promote the top ``promote_count`` and relegate the bottom
    ``relegate_count`` of each division, and create and schedule the next season
    (``next_divisions``). Members who left are not placed; members not in this season
    join the lowest division. The season is then finished.

    Steps:
      1. lock the season; refuse one already finished, or one with a division whose
         round robin is not over;
      2. read each division's final standings (rank, then pairing number for rows that
         share a rank);
      3. compute the next divisions, then create season ``number + 1`` from
         ``starts_at`` (default now) as ``season_start_first`` does.

    Returns:
        The new season.

    Raises:
        LeagueError: the season is finished already, or a division has matches to play.
    """
    season = Season.objects.select_for_update().select_related("league").get(pk=season.pk)
    league = season.league
    if season.status != Season.Status.RUNNING:
        raise LeagueError(_("%(season)s is already closed.") % {"season": season})
    divisions = list(season.divisions.select_related("tournament").order_by("level"))
    unfinished = [d for d in divisions if d.tournament.status != Tournament.Status.FINISHED]
    if unfinished:
        raise LeagueError(
            _("%(season)s: %(division)s still has matches to play.")
            % {"season": season, "division": unfinished[0]}
        )
    rows = (
        Standing.objects.filter(tournament__league_division__season=season)
        .select_related("entry__player", "tournament__league_division")
        .order_by("tournament__league_division__level", "rank", "entry__pairing_number")
    )
    ranked: dict[int, list[Player]] = {d.level: [] for d in divisions}
    for row in rows:
        ranked[row.tournament.league_division.level].append(row.entry.player)
    members = {m.player_id: m for m in league.members.select_related("player")}
    in_season = {player.pk for players in ranked.values() for player in players}
    leaving = frozenset(pk for pk, m in members.items() if m.left_at is not None)
    newcomers = [
        m.player.pk
        for m in sorted(members.values(), key=lambda m: m.joined_at)
        if m.left_at is None and m.player_id not in in_season
    ]
    placed = next_divisions(
        [[p.pk for p in ranked[d.level]] for d in divisions],
        promote=league.promote_count,
        relegate=league.relegate_count,
        size=league.division_size,
        newcomers=newcomers,
        leaving=leaving,
    )
    if not placed:
        raise LeagueError(_("The next season would have fewer than two players."))
    players = Player.objects.in_bulk([pk for division in placed for pk in division])
    season.status = Season.Status.FINISHED
    season.finished_at = timezone.now()
    season.save(update_fields=["status", "finished_at"])
    return _create_season(
        league,
        season.number + 1,
        [[players[pk] for pk in division] for division in placed],
        starts_at or timezone.now(),
    )


def _create_season(
    league: League, number: int, divisions: list[list[Player]], starts_at: datetime
) -> Season:
    """Create season ``number`` with one round robin a division (top first), its rounds'
    windows from ``starts_at``, a ``Fixture`` a match; rounds whose window has opened are
    opened at once (``rounds_open_due``). Call inside a transaction."""
    season = Season.objects.create(league=league, number=number, starts_at=starts_at)
    for level, players in enumerate(divisions, start=1):
        tournament = Tournament.objects.create(
            name=f"{league.name} · S{number} · D{level}",
            slug=_unique_slug(f"{league.slug}-s{number}-d{level}"),
            game=league.game,
            options=league.options,
            format=(
                Tournament.Format.DOUBLE_ROUND_ROBIN
                if league.double_round_robin
                else Tournament.Format.ROUND_ROBIN
            ),
            description=league.rules,
            capacity=len(players),
            move_timeout=league.move_timeout,
        )
        division = Division.objects.create(season=season, level=level, tournament=tournament)
        try:
            tournament_services.tournament_open_registration(tournament=tournament)
            for player in players:
                tournament_services.entry_register(tournament=tournament, player=player)
            rounds = tournament_services.tournament_make_schedule(tournament_id=tournament.pk)
        except tournament_services.TournamentError as error:
            raise LeagueError(str(error)) from None
        for round_ in rounds:
            round_.opens_at = starts_at + (round_.number - 1) * league.window
            round_.closes_at = round_.opens_at + league.window
            round_.starts_at = None  # started by its players, never by start_due_rounds
        Round.objects.bulk_update(rounds, ["opens_at", "closes_at", "starts_at"])
        matches = Match.objects.filter(round__tournament=tournament, is_bye=False)
        Fixture.objects.bulk_create(
            [Fixture(division=division, match_id=pk) for pk in matches.values_list("pk", flat=True)]
        )
    rounds_open_due(now=timezone.now(), season=season)
    return season


def _unique_slug(base: str) -> str:
    slug = slugify(base)[:110] or "league"
    candidate, suffix = slug, 2
    while Tournament.objects.filter(slug=candidate).exists():
        candidate, suffix = f"{slug}-{suffix}", suffix + 1
    return candidate


# Windows ---------------------------------------------------------------------------------


def rounds_open_due(*, now: datetime | None = None, season: Season | None = None) -> list[int]:
    """Open every pending league round whose window has opened (beat, every minute): the
    round is started (its matches are not: their players start them), its division's
    round robin is running, and its bye counts in the standings from now on.

    Returns:
        The ids of the rounds opened.
    """
    now = now or timezone.now()
    due = Round.objects.filter(
        status=Round.Status.PENDING, opens_at__isnull=False, opens_at__lte=now
    )
    if season is not None:
        due = due.filter(tournament__league_division__season=season)
    opened = []
    for round_id in due.order_by("tournament_id", "number").values_list("pk", flat=True):
        with transaction.atomic():
            round_ = (
                Round.objects.select_for_update(of=("self",))
                .select_related("tournament")
                .get(pk=round_id)
            )
            if round_.status != Round.Status.PENDING:
                continue
            round_.status = Round.Status.STARTED
            round_.started_at = now
            round_.save(update_fields=["status", "started_at"])
            tournament = round_.tournament
            if tournament.status == Tournament.Status.SCHEDULED:
                tournament.status = Tournament.Status.RUNNING
                tournament.save(update_fields=["status"])
            tournament_services.tournament_recompute_standings(tournament=tournament)
            opened.append(round_id)
    return opened


def _locked_fixture(match_id: int) -> Fixture:
    """The fixture of ``match_id`` with its Match row locked (select_for_update)."""
    try:
        match = Match.objects.select_for_update().get(pk=match_id)
    except Match.DoesNotExist:
        raise LeagueError(_("There is no such match.")) from None
    fixture = (
        Fixture.objects.select_related("match__round", "division__season__league")
        .filter(match=match)
        .first()
    )
    if fixture is None:
        raise LeagueError(_("This match is not a league pairing."))
    fixture.match = match
    return fixture


def _seat_of(match: Match, player: Player) -> Seat:
    seat = Seat.objects.filter(match=match, player=player).first()
    if seat is None:
        raise LeagueError(_("Only the two players of this pairing can do that."))
    return seat


def _check_window_open(fixture: Fixture, now: datetime) -> None:
    match = fixture.match
    if match.status != Match.Status.SCHEDULED:
        raise LeagueError(_("This match has already started."))
    round_ = match.round
    if round_.status == Round.Status.PENDING or now < round_.opens_at:
        raise LeagueError(
            _("This round's window opens at %(time)s.")
            % {"time": dates.format_when(round_.opens_at)}
        )
    if now >= fixture.closes_at:
        raise LeagueError(_("This round's window has closed."))


@transaction.atomic
def fixture_ready(*, match_id: int, player: Player, now: datetime | None = None) -> bool:
    """``player`` is ready to play their league pairing now (``Seat.ready_at``). When every
    seat has been ready within ``READY_SECONDS``, the match starts (``_start``): the first
    deal is dealt and the move clock waits for both to be connected.

    Returns:
        True when this call started the match.

    Raises:
        LeagueError: no such league pairing, not one of its players, the match already
            started, or the round's window not open.
    """
    now = now or timezone.now()
    fixture = _locked_fixture(match_id)
    seat = _seat_of(fixture.match, player)
    _check_window_open(fixture, now)
    Seat.objects.filter(pk=seat.pk).update(ready_at=now)
    _announce_readiness_on_commit(fixture)
    fresh = now - timedelta(seconds=READY_SECONDS)
    seats = Seat.objects.filter(match=fixture.match)
    if seats.filter(Q(ready_at__isnull=True) | Q(ready_at__lt=fresh)).exists():
        return False
    _start(fixture.match)
    return True


@transaction.atomic
def fixture_unready(*, match_id: int, player: Player) -> None:
    """``player`` is no longer ready (left the table before the other came). Their earlier
    readiness no longer counts at the window's end either.

    Raises:
        LeagueError: as ``fixture_ready``, except for the window.
    """
    fixture = _locked_fixture(match_id)
    seat = _seat_of(fixture.match, player)
    if fixture.match.status != Match.Status.SCHEDULED:
        raise LeagueError(_("This match has already started."))
    Seat.objects.filter(pk=seat.pk).update(ready_at=None)
    _announce_readiness_on_commit(fixture)


def _announce_readiness_on_commit(fixture: Fixture) -> None:
    """After commit, tell the pages of the pairing's division (its tournament's group, where
    the match and fixture pages' Ready boxes listen) that who is ready changed."""
    group = f"tournament-{fixture.match.round.tournament_id}"
    transaction.on_commit(lambda: live.group_send(group, {"type": "results.changed"}))


def _start(match: Match) -> None:
    """Start ``match`` (``games.services.match_start``; its grace waits for the players to
    connect, and one who does not come forfeits); the seats already at the table
    (``Seat.arrived_at``) count as arrived, so that the move clock runs at once when both
    are. Call while holding select_for_update on the Match."""
    game_services.match_start(match_id=match.pk)
    for player_id in Seat.objects.filter(match=match, arrived_at__isnull=False).values_list(
        "player_id", flat=True
    ):
        game_services.seat_arrived(match_id=match.pk, player_id=player_id)


@transaction.atomic
def fixture_propose_time(
    *, match_id: int, player: Player, starts_at: datetime, now: datetime | None = None
) -> Fixture:
    """``player`` proposes to play their league pairing at ``starts_at`` (timezone-aware);
    the other player accepts it with ``fixture_accept_time``. A new proposal replaces the
    last one and any agreed time.

    Raises:
        LeagueError: as ``fixture_ready``; a naive time, a time past, or one at or after
            the window's close.
    """
    now = now or timezone.now()
    fixture = _locked_fixture(match_id)
    _seat_of(fixture.match, player)
    _check_window_open(fixture, now)
    if timezone.is_naive(starts_at):
        raise LeagueError(_("Give the time with its time zone."))
    if starts_at <= now:
        raise LeagueError(_("Propose a time in the future."))
    if starts_at >= fixture.closes_at:
        raise LeagueError(_("Propose a time before the window closes."))
    fixture.proposed_time = starts_at
    fixture.proposed_by = player
    fixture.agreed_time = None
    fixture.save(update_fields=["proposed_time", "proposed_by", "agreed_time"])
    return fixture


@transaction.atomic
def fixture_accept_time(*, match_id: int, player: Player, now: datetime | None = None) -> Fixture:
    """The other player accepts the proposed time: it becomes the agreed time, when the
    match starts (``fixtures_start_agreed``).

    Raises:
        LeagueError: as ``fixture_ready``; no proposal, one made by ``player`` themself,
            or one whose time has passed.
    """
    now = now or timezone.now()
    fixture = _locked_fixture(match_id)
    _seat_of(fixture.match, player)
    _check_window_open(fixture, now)
    if fixture.proposed_time is None:
        raise LeagueError(_("No time has been proposed."))
    if fixture.proposed_by_id == player.pk:
        raise LeagueError(_("The other player accepts your proposal."))
    if fixture.proposed_time <= now:
        raise LeagueError(_("The proposed time has passed: propose another."))
    fixture.agreed_time = fixture.proposed_time
    fixture.save(update_fields=["agreed_time"])
    return fixture


def fixtures_start_agreed(*, now: datetime | None = None) -> list[int]:
    """Start every league match whose agreed time has come (beat, every minute); the
    grace of ``games.services.match_start`` then waits for both players, and one who
    does not come forfeits.

    Returns:
        The ids of the matches started.
    """
    now = now or timezone.now()
    due = Fixture.objects.filter(
        agreed_time__lte=now, match__status=Match.Status.SCHEDULED
    ).values_list("match_id", flat=True)
    started = []
    for match_id in list(due):
        with transaction.atomic():
            fixture = _locked_fixture(match_id)
            if fixture.match.status != Match.Status.SCHEDULED:
                continue
            _start(fixture.match)
            started.append(match_id)
    return started


@transaction.atomic
def fixture_extend(*, fixture: Fixture, until: datetime) -> Fixture:
    """Staff grant an extension: the pairing's window closes at ``until`` instead.

    Raises:
        LeagueError: the match has started, or ``until`` is not later than the window's
            close now.
    """
    fixture = _locked_fixture(fixture.match_id)
    if fixture.match.status != Match.Status.SCHEDULED:
        raise LeagueError(_("This match has already started."))
    if until <= fixture.closes_at:
        raise LeagueError(_("An extension must end after the window's close."))
    fixture.extended_until = until
    fixture.save(update_fields=["extended_until"])
    return fixture


def windows_close_due(*, now: datetime | None = None) -> list[int]:
    """Decide every league match never started whose window (or extension) has closed
    (beat, every minute): forfeited against the player who was not ready
    (``games.services.match_walkover``); when neither was ready, or both were but never
    at the same time, both lose (``_double_forfeit``). A match with an agreed time still to
    come is left to start.

    Returns:
        The ids of the matches decided by this call.
    """
    now = now or timezone.now()
    due = Fixture.objects.filter(
        match__status=Match.Status.SCHEDULED, match__round__status=Round.Status.STARTED
    ).filter(
        Q(extended_until__isnull=False, extended_until__lte=now)
        | Q(extended_until__isnull=True, match__round__closes_at__lte=now)
    )
    decided = []
    for match_id in list(due.values_list("match_id", flat=True)):
        with transaction.atomic():
            fixture = _locked_fixture(match_id)
            match = fixture.match
            if match.status != Match.Status.SCHEDULED or now < fixture.closes_at:
                continue
            if fixture.agreed_time is not None and fixture.agreed_time > now:
                continue
            seats = list(Seat.objects.filter(match=match).order_by("number"))
            not_ready = [s.number for s in seats if s.ready_at is None]
            if len(not_ready) == 1:
                game_services.match_walkover(match_id=match.pk, seat=not_ready[0])
            else:
                _double_forfeit(match)
            decided.append(match_id)
    return decided


def _double_forfeit(match: Match) -> None:
    """Finish a scheduled match lost by both players: no winner, both placed last, reason
    forfeit; neither scores a match point (``tournaments.services._match_results`` leaves
    such a match out of the standings). Call while holding select_for_update on the
    Match."""
    game = get_game(match.game)
    seats = match_seats(match)
    match.options = game.validate_options(match.options)
    match.seat_count = len(seats)
    sides = game.sides(len(seats), match.options)
    match.scores = [0] * len(sides)
    match.places = [len(sides)] * len(sides)
    match.winner_seat = None
    match.status = Match.Status.FINISHED
    match.reason = Match.Reason.FORFEIT
    match.finished_at = timezone.now()
    match.grace_until = None
    match.move_deadline = None
    match.seq += 1
    match.save()
    messages = state_messages(match, seats, None)
    group = match.group_name
    transaction.on_commit(lambda: live.group_send(group, {"type": "match.state", **messages}))
    send_match_finished_on_commit(match.pk)


def leagues_tick(*, now: datetime | None = None) -> dict[str, list[int]]:
    """What beat does every minute, at once: open the windows due, start the matches whose
    agreed time has come, and decide the pairings whose window has closed. The embedded
    default runs no beat, so there the league pages call this (``views._tick_without_beat``),
    as live play checks its deadlines when someone connects.

    Returns:
        ``{"opened": round ids, "started": match ids, "decided": match ids}``.
    """
    now = now or timezone.now()
    return {
        "opened": rounds_open_due(now=now),
        "started": fixtures_start_agreed(now=now),
        "decided": windows_close_due(now=now),
    }
