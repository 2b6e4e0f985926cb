"""Celery tasks take ids, call a service, and are safe to run twice (a worker killed after
the work but before the ack runs the task again).
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone

from config.celery import app as celery_app
from games import services as game_services
from games.models import Deal, Match
from tests.conftest import make_tournament, start_match
from tournaments import services, tasks
from tournaments.models import Rating, RatingChange, Round, Tournament


def _registered(players, **fields) -> Tournament:
    """A tournament with ``players`` entered, registration still open, no schedule."""
    tournament = Tournament.objects.create(
        name="Winter Cup", slug="winter-cup", game="spizzichino", options={"target": 21}, **fields
    )
    services.tournament_open_registration(tournament=tournament)
    for player in players:
        services.entry_register(tournament=tournament, player=player)
    return tournament


def _rows(tournament) -> tuple[int, int, int]:
    return (
        tournament.rounds.count(),
        Match.objects.filter(round__tournament=tournament).count(),
        Deal.objects.filter(match__round__tournament=tournament).count(),
    )


@pytest.mark.django_db
def test_make_schedule_makes_the_rounds_and_returns_their_number(alice, bob, charlie, dave):
    tournament = _registered([alice, bob, charlie, dave])

    assert tasks.make_schedule(tournament.pk) == 3

    assert _rows(tournament) == (3, 6, 0)


@pytest.mark.django_db
def test_make_schedule_run_twice_creates_nothing_more(alice, bob, charlie, dave):
    tournament = _registered([alice, bob, charlie, dave])
    tasks.make_schedule(tournament.pk)
    numbers = list(tournament.entries.order_by("pk").values_list("pairing_number", flat=True))

    assert tasks.make_schedule(tournament.pk) == 3

    assert _rows(tournament) == (3, 6, 0)
    assert (
        list(tournament.entries.order_by("pk").values_list("pairing_number", flat=True)) == numbers
    )


@pytest.mark.django_db
def test_make_schedule_queued_through_the_broker_api_runs_the_service(alice, bob):
    tournament = _registered([alice, bob])

    result = tasks.make_schedule.delay(tournament.pk)

    assert result.get() == 1
    assert tournament.rounds.count() == 1


@pytest.mark.django_db
def test_start_round_deals_the_round_and_reports_it_started(alice, bob, charlie, dave):
    tournament = make_tournament([alice, bob, charlie, dave])
    round_ = tournament.rounds.get(number=1)

    assert tasks.start_round(round_.pk) == Round.Status.STARTED

    assert _rows(tournament) == (3, 6, 2)


@pytest.mark.django_db
def test_start_round_run_twice_deals_only_once(alice, bob, charlie, dave):
    tournament = make_tournament([alice, bob, charlie, dave])
    round_ = tournament.rounds.get(number=1)
    tasks.start_round(round_.pk)
    decks = sorted(Deal.objects.values_list("pk", "deck"))

    assert tasks.start_round(round_.pk) == Round.Status.STARTED

    assert sorted(Deal.objects.values_list("pk", "deck")) == decks


@pytest.mark.django_db
def test_start_due_rounds_starts_what_is_due_and_then_nothing(alice, bob, charlie, dave):
    tournament = make_tournament(
        [alice, bob, charlie, dave],
        first_round_at=timezone.now() - timedelta(minutes=5),
        round_interval=timedelta(days=1),
    )
    first = tournament.rounds.get(number=1)

    assert tasks.start_due_rounds() == [first.pk]
    assert tasks.start_due_rounds() == []

    assert _rows(tournament) == (3, 6, 2)
    statuses = dict(tournament.rounds.values_list("number", "status"))
    assert statuses == {1: Round.Status.STARTED, 2: Round.Status.PENDING, 3: Round.Status.PENDING}


@pytest.mark.django_db
def test_record_match_result_rates_a_finished_match_once(alice, bob):
    match = start_match(alice, bob)
    # The on-commit task of the resignation is dropped with the test's transaction; the
    # worker's call is made here instead.
    game_services.match_resign(match_id=match.pk, player_id=alice.pk)

    assert tasks.record_match_result(match.pk) is True
    ratings = sorted(Rating.objects.values_list("player__username", "rating", "rated_matches"))
    assert tasks.record_match_result(match.pk) is False

    assert ratings == [("alice", 1480.0, 1), ("bob", 1520.0, 1)]
    assert sorted(Rating.objects.values_list("player__username", "rating", "rated_matches")) == (
        ratings
    )
    assert RatingChange.objects.count() == 2


@pytest.mark.django_db
def test_record_match_result_ignores_a_match_still_being_played(alice, bob):
    match = start_match(alice, bob)

    assert tasks.record_match_result(match.pk) is False

    assert not RatingChange.objects.exists()


def test_the_beat_schedule_starts_due_rounds_through_a_registered_task():
    entry = settings.CELERY_BEAT_SCHEDULE["start-due-rounds"]

    assert entry["task"] == tasks.start_due_rounds.name
    assert entry["task"] in celery_app.tasks
