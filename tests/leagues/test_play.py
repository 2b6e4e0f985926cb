"""League pairings inside their windows: ready by both starts the match, an agreed time
starts it, and a window that closes on a match never started forfeits it against whoever
was not ready (both, when neither was); staff extend a window in admin."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games.models import Match, Seat
from leagues import services
from leagues.models import Fixture
from tests.conftest import make_player
from tests.leagues.conftest import make_league, pairing
from tournaments import services as tournament_services
from tournaments.models import Round, Standing

pytestmark = pytest.mark.django_db


def _seat(match, player) -> Seat:
    return Seat.objects.get(match=match, player=player)


def _points(season) -> dict[str, float]:
    rows = Standing.objects.filter(tournament__league_division__season=season)
    return {row.entry.player.username: row.match_points for row in rows}


def _record(match_ids) -> None:
    """Record results as the match_finished receiver does after commit (tests run in one
    transaction, where on_commit callbacks wait)."""
    for match_id in match_ids:
        tournament_services.match_result_record(match_id=match_id)


def test_the_first_round_is_open_and_its_match_waits_for_its_players(two_league):
    match = pairing(two_league, "alice", "bob")
    assert match.round.status == Round.Status.STARTED
    assert match.round.starts_at is None
    assert match.round.closes_at - match.round.opens_at == timedelta(days=7)
    assert match.status == Match.Status.SCHEDULED
    assert Fixture.objects.filter(match=match).exists()


def test_ready_by_both_starts_the_match(two_league, alice, bob):
    match = pairing(two_league, "alice", "bob")
    assert services.fixture_ready(match_id=match.pk, player=alice) is False
    match.refresh_from_db()
    assert match.status == Match.Status.SCHEDULED
    assert _seat(match, alice).ready_at is not None

    assert services.fixture_ready(match_id=match.pk, player=bob) is True
    match.refresh_from_db()
    assert match.status == Match.Status.IN_PROGRESS
    assert match.deals.count() == 1
    # Neither has the page open yet: the move clock waits for both (the grace).
    assert match.grace_until is not None


def test_the_clock_runs_at_once_when_both_ready_players_are_at_the_table(two_league, alice, bob):
    match = pairing(two_league, "alice", "bob")
    Seat.objects.filter(match=match).update(arrived_at=timezone.now())
    services.fixture_ready(match_id=match.pk, player=alice)
    services.fixture_ready(match_id=match.pk, player=bob)
    match.refresh_from_db()
    assert match.status == Match.Status.IN_PROGRESS
    assert match.grace_until is None and match.move_deadline is not None


def test_readiness_hours_apart_does_not_start_the_match(two_league, alice, bob):
    match = pairing(two_league, "alice", "bob")
    now = timezone.now()
    services.fixture_ready(match_id=match.pk, player=alice, now=now)
    later = now + timedelta(seconds=services.READY_SECONDS + 1)
    assert services.fixture_ready(match_id=match.pk, player=bob, now=later) is False
    match.refresh_from_db()
    assert match.status == Match.Status.SCHEDULED


def test_only_the_pairings_players_may_say_ready(two_league, charlie):
    match = pairing(two_league, "alice", "bob")
    with pytest.raises(services.LeagueError, match="Only the two players"):
        services.fixture_ready(match_id=match.pk, player=charlie)
    assert not Seat.objects.filter(match=match, ready_at__isnull=False).exists()


def test_ready_is_refused_outside_the_window(db, alice, bob):
    league = make_league([alice, bob], double_round_robin=True)
    season = services.season_start_first(league=league)
    second = Match.objects.get(round__tournament__league_division__season=season, round__number=2)
    with pytest.raises(services.LeagueError, match="window opens"):
        services.fixture_ready(match_id=second.pk, player=alice)
    first = Match.objects.get(round__tournament__league_division__season=season, round__number=1)
    after = first.round.closes_at + timedelta(minutes=1)
    with pytest.raises(services.LeagueError, match="has closed"):
        services.fixture_ready(match_id=first.pk, player=alice, now=after)
    assert not Seat.objects.filter(ready_at__isnull=False).exists()


def test_an_agreed_time_starts_the_match_then(two_league, alice, bob):
    match = pairing(two_league, "alice", "bob")
    at = timezone.now() + timedelta(days=2)
    services.fixture_propose_time(match_id=match.pk, player=alice, starts_at=at)
    with pytest.raises(services.LeagueError, match="other player accepts"):
        services.fixture_accept_time(match_id=match.pk, player=alice)
    fixture = services.fixture_accept_time(match_id=match.pk, player=bob)
    assert fixture.agreed_time == at

    assert services.fixtures_start_agreed(now=at - timedelta(minutes=1)) == []
    assert services.fixtures_start_agreed(now=at) == [match.pk]
    match.refresh_from_db()
    assert match.status == Match.Status.IN_PROGRESS


def test_a_proposed_time_must_fall_inside_the_window(two_league, alice):
    match = pairing(two_league, "alice", "bob")
    late = match.round.closes_at + timedelta(hours=1)
    with pytest.raises(services.LeagueError, match="before the window closes"):
        services.fixture_propose_time(match_id=match.pk, player=alice, starts_at=late)
    with pytest.raises(services.LeagueError, match="in the future"):
        services.fixture_propose_time(
            match_id=match.pk, player=alice, starts_at=timezone.now() - timedelta(hours=1)
        )
    assert Fixture.objects.get(match=match).proposed_time is None


def test_at_the_windows_end_the_player_not_ready_forfeits(two_league, alice, bob):
    match = pairing(two_league, "alice", "bob")
    services.fixture_ready(match_id=match.pk, player=alice)
    closes = match.round.closes_at
    assert services.windows_close_due(now=closes - timedelta(seconds=1)) == []

    assert services.windows_close_due(now=closes) == [match.pk]
    _record([match.pk])
    match.refresh_from_db()
    assert (match.status, match.reason) == (Match.Status.FINISHED, Match.Reason.FORFEIT)
    assert _seat(match, alice).number == match.winner_seat
    assert _points(two_league) == {"alice": 1.0, "bob": 0.0}
    match.round.refresh_from_db()
    assert match.round.status == Round.Status.FINISHED
    # Safe to run twice.
    assert services.windows_close_due(now=closes + timedelta(minutes=1)) == []


def test_at_the_windows_end_both_lose_when_neither_was_ready(two_league):
    match = pairing(two_league, "alice", "bob")
    assert services.windows_close_due(now=match.round.closes_at) == [match.pk]
    _record([match.pk])
    match.refresh_from_db()
    assert (match.status, match.reason, match.winner_seat) == (
        Match.Status.FINISHED,
        Match.Reason.FORFEIT,
        None,
    )
    assert match.places == [2, 2]
    assert _points(two_league) == {"alice": 0.0, "bob": 0.0}
    match.round.refresh_from_db()
    assert match.round.status == Round.Status.FINISHED


def test_an_extension_keeps_the_window_open_until_it_ends(two_league, alice):
    match = pairing(two_league, "alice", "bob")
    fixture = Fixture.objects.select_related("match__round").get(match=match)
    closes = match.round.closes_at
    services.fixture_extend(fixture=fixture, until=closes + timedelta(days=1))
    assert services.windows_close_due(now=closes + timedelta(hours=1)) == []
    # Inside the extension the players can still say ready.
    services.fixture_ready(match_id=match.pk, player=alice, now=closes + timedelta(hours=2))
    assert services.windows_close_due(now=closes + timedelta(days=1)) == [match.pk]
    match.refresh_from_db()
    assert match.winner_seat == _seat(match, alice).number


def test_an_extension_must_end_after_the_window(two_league):
    match = pairing(two_league, "alice", "bob")
    fixture = Fixture.objects.select_related("match__round").get(match=match)
    with pytest.raises(services.LeagueError, match="after the window"):
        services.fixture_extend(fixture=fixture, until=match.round.closes_at)
    assert Fixture.objects.get(pk=fixture.pk).extended_until is None


def test_staff_grant_an_extension_with_the_admin_action(client, two_league):
    staff = make_player("sam", is_staff=True, is_superuser=True)
    client.force_login(staff)
    match = pairing(two_league, "alice", "bob")
    fixture = Fixture.objects.get(match=match)
    response = client.post(
        reverse("admin:leagues_fixture_changelist"),
        {"action": "extend_one_day", "_selected_action": [fixture.pk]},
        follow=True,
    )
    assert response.status_code == 200
    fixture.refresh_from_db()
    assert fixture.extended_until == match.round.closes_at + timedelta(days=1)


def test_the_tick_does_beats_league_work_at_once(db, alice, bob):
    league = make_league([alice, bob], double_round_robin=True)
    season = services.season_start_first(league=league)
    first = Match.objects.get(round__tournament__league_division__season=season, round__number=1)
    second = Match.objects.get(round__tournament__league_division__season=season, round__number=2)
    done = services.leagues_tick(now=second.round.opens_at)
    assert done == {"opened": [second.round_id], "started": [], "decided": [first.pk]}
    second.round.refresh_from_db()
    assert second.round.status == Round.Status.STARTED


def test_the_league_pages_do_beats_work_on_the_embedded_default(client, settings, two_league):
    match = pairing(two_league, "alice", "bob")
    Round.objects.filter(pk=match.round_id).update(closes_at=timezone.now())
    settings.CELERY_TASK_ALWAYS_EAGER = False
    client.get(reverse("leagues:fixture", args=[match.pk]))
    assert Match.objects.get(pk=match.pk).status == Match.Status.SCHEDULED
    settings.CELERY_TASK_ALWAYS_EAGER = True
    client.get(reverse("leagues:fixture", args=[match.pk]))
    assert Match.objects.get(pk=match.pk).status == Match.Status.FINISHED


def test_staff_cannot_start_a_league_round_as_a_tournament_round(db, alice, bob):
    league = make_league([alice, bob], double_round_robin=True)
    season = services.season_start_first(league=league)
    tournament = season.divisions.get().tournament
    with pytest.raises(tournament_services.TournamentError, match="play window"):
        tournament_services.tournament_start_next_round(tournament=tournament)
    second = Match.objects.get(round__tournament=tournament, round__number=2)
    assert second.status == Match.Status.SCHEDULED
