"""A league season from its first divisions to promotion, relegation and the next season,
through the services and through the one admin action."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games import services as game_services
from games.models import Match
from leagues import services
from leagues.models import Division, Season
from tests.conftest import make_player
from tests.leagues.conftest import make_league
from tournaments import services as tournament_services
from tournaments.models import Rating, Tournament

pytestmark = pytest.mark.django_db


def _play_out(season) -> None:
    """Open every round and settle each match: the player whose name sorts first wins
    (the other resigns), so p1 beats everyone, p2 everyone but p1, and so on."""
    services.rounds_open_due(now=timezone.now() + timedelta(days=365), season=season)
    matches = Match.objects.filter(
        round__tournament__league_division__season=season, is_bye=False
    ).prefetch_related("seats__player")
    for match in matches:
        game_services.match_start(match_id=match.pk)
        loser = max(match.seats.all(), key=lambda seat: seat.player.username)
        game_services.match_resign(match_id=match.pk, player_id=loser.player_id)
        tournament_services.match_result_record(match_id=match.pk)


def _names(season) -> list[list[str]]:
    return [
        sorted(entry.player.username for entry in division.tournament.entries.all())
        for division in season.divisions.order_by("level")
    ]


def test_the_first_season_seeds_the_members_by_rating_into_divisions(eight):
    for rank, player in enumerate(eight):  # p8 rated highest
        Rating.objects.create(player=player, game="briscola", rating=1600 + rank)
    league = make_league(eight)
    season = services.season_start_first(league=league)
    assert _names(season) == [["p5", "p6", "p7", "p8"], ["p1", "p2", "p3", "p4"]]
    division = season.divisions.get(level=1)
    assert division.tournament.format == Tournament.Format.ROUND_ROBIN
    assert division.tournament.rounds.count() == 3
    assert division.fixtures.count() == 6
    with pytest.raises(services.LeagueError, match="already has a season"):
        services.season_start_first(league=league)


def test_a_season_with_promotion_and_relegation_creates_the_next_season(eight):
    league = make_league(eight)
    first = services.season_start_first(league=league)
    top, bottom = _names(first)
    with pytest.raises(services.LeagueError, match="still has matches to play"):
        services.season_close_and_start_next(season=first)

    _play_out(first)
    newcomer = make_player("zoe")
    services.league_join(league=league, player=newcomer)
    leaver = top[1]  # second in the top division by the names rule
    services.league_leave(league=league, player=league.members.get(player__username=leaver).player)
    for division in first.divisions.all():
        division.tournament.refresh_from_db()
        assert division.tournament.status == Tournament.Status.FINISHED

    second = services.season_close_and_start_next(season=first)
    first.refresh_from_db()
    assert first.status == Season.Status.FINISHED
    assert second.number == 2 and second.status == Season.Status.RUNNING
    # Names sort as the results went: the first of each division won it, the last lost.
    promoted, relegated = bottom[0], top[-1]
    new_top, new_bottom = _names(second)
    assert promoted in new_top and relegated in new_bottom
    assert set(new_top) == (set(top) - {relegated, leaver}) | {promoted}
    assert set(new_bottom) == (set(bottom) - {promoted}) | {relegated, "zoe"}
    # The next season is scheduled and its first round open.
    assert Division.objects.filter(season=second).count() == 2
    assert Match.objects.filter(
        round__tournament__league_division__season=second, round__number=1
    ).exists()
    with pytest.raises(services.LeagueError, match="already closed"):
        services.season_close_and_start_next(season=first)


def test_staff_close_a_season_with_the_one_admin_action(client, eight):
    client.force_login(make_player("sam", is_staff=True, is_superuser=True))
    league = make_league(eight)
    first = services.season_start_first(league=league)
    _play_out(first)
    response = client.post(
        reverse("admin:leagues_season_changelist"),
        {"action": "promote_relegate_and_start_next", "_selected_action": [first.pk]},
        follow=True,
    )
    assert response.status_code == 200
    assert league.seasons.filter(number=2, status=Season.Status.RUNNING).exists()


def test_the_admin_action_reports_a_season_not_over_and_changes_nothing(client, eight):
    client.force_login(make_player("sam", is_staff=True, is_superuser=True))
    league = make_league(eight)
    first = services.season_start_first(league=league)
    response = client.post(
        reverse("admin:leagues_season_changelist"),
        {"action": "promote_relegate_and_start_next", "_selected_action": [first.pk]},
        follow=True,
    )
    assert "still has matches to play" in response.content.decode()
    assert league.seasons.count() == 1


def test_staff_start_the_first_season_with_an_admin_action(client, eight):
    client.force_login(make_player("sam", is_staff=True, is_superuser=True))
    league = make_league(eight)
    client.post(
        reverse("admin:leagues_league_changelist"),
        {"action": "start_first_season", "_selected_action": [league.pk]},
        follow=True,
    )
    assert league.seasons.get().divisions.count() == 2
