"""A Celery worker killed while recording results: the task runs again and the standings
and ratings are right, with no double counting.

With ``acks_late`` and ``reject_on_worker_lost`` a task whose worker dies is delivered
again, maybe while another worker already runs it, maybe after a first run had done part of
its work. Here that is simulated in-process: a first run that dies half-way, then several
copies of the task at once (bench/faults.py kills a real worker with SIGKILL).
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings

from config.celery import app
from games import services as game_services
from games.models import Match
from tests.conftest import make_tournament, seated
from tests.faults.conftest import run_at_once
from tournaments import services, tasks
from tournaments.models import Rating, RatingChange, Round, Standing


class WorkerKilled(BaseException):
    """Stands for SIGKILL: not an Exception, so nothing on the way catches it."""


def test_tasks_are_acknowledged_late_and_requeued_when_their_worker_is_lost():
    assert settings.CELERY_TASK_ACKS_LATE is True
    assert settings.CELERY_TASK_REJECT_ON_WORKER_LOST is True
    assert settings.CELERY_WORKER_PREFETCH_MULTIPLIER == 1
    record = app.tasks["tournaments.tasks.record_match_result"]
    assert record.acks_late is True and record.reject_on_worker_lost is True


def _finished_round(players, monkeypatch) -> list[Match]:
    """Round 1 of a four-player tournament, every match resigned by seat 0; the recording
    tasks are queued (not run) as when the worker has not got to them yet.
    """
    queued: list[int] = []
    monkeypatch.setattr(tasks.record_match_result, "delay", queued.append)
    tournament = make_tournament(players)
    round_ = tournament.rounds.get(number=1)
    services.round_start(round_id=round_.pk)
    matches = list(round_.matches.filter(is_bye=False))
    for match in matches:
        game_services.match_resign(match_id=match.pk, player_id=seated(match)[0].pk)
    assert sorted(queued) == sorted(m.pk for m in matches)
    monkeypatch.undo()
    return matches


def _ratings() -> dict[str, tuple[float, int]]:
    return {
        r.player.username: (r.rating, r.rated_matches)
        for r in Rating.objects.select_related("player")
    }


def test_a_recording_killed_half_way_leaves_nothing_and_runs_again_right(
    alice, bob, charlie, dave, transactional_db, monkeypatch
):
    matches = _finished_round([alice, bob, charlie, dave], monkeypatch)
    real = services._recompute_standings

    def die_after_rating(tournament):
        raise WorkerKilled  # the ratings are written in this transaction, standings not yet

    monkeypatch.setattr(services, "_recompute_standings", die_after_rating)
    with pytest.raises(WorkerKilled):
        tasks.record_match_result(matches[0].pk)
    monkeypatch.setattr(services, "_recompute_standings", real)

    assert not RatingChange.objects.exists() and not Rating.objects.exists()

    # Redelivered: every match's task runs again, three copies of each at the same time.
    results = run_at_once(
        [lambda m=m: tasks.record_match_result(m.pk) for m in matches for _ in range(3)]
    )

    assert sorted(results) == [False] * 4 + [True] * 2
    winners = {seated(m)[1].username for m in matches}
    assert _ratings() == {
        name: ((1520.0, 1) if name in winners else (1480.0, 1))
        for name in ("alice", "bob", "charlie", "dave")
    }
    assert RatingChange.objects.count() == 4
    standings = {
        s.entry.player.username: (s.played, s.wins, s.losses)
        for s in Standing.objects.select_related("entry__player")
    }
    assert standings == {
        name: ((1, 1, 0) if name in winners else (1, 0, 1))
        for name in ("alice", "bob", "charlie", "dave")
    }
    assert Round.objects.get(pk=matches[0].round_id).status == Round.Status.FINISHED


def test_a_second_round_recorded_twice_counts_each_match_once(
    alice, bob, charlie, dave, transactional_db, monkeypatch
):
    first = _finished_round([alice, bob, charlie, dave], monkeypatch)
    for match in first:
        tasks.record_match_result(match.pk)
    tournament = first[0].round.tournament
    round_two = tournament.rounds.get(number=2)
    queued: list[int] = []
    monkeypatch.setattr(tasks.record_match_result, "delay", queued.append)
    services.round_start(round_id=round_two.pk)
    second = list(round_two.matches.filter(is_bye=False))
    for match in second:
        game_services.match_resign(match_id=match.pk, player_id=seated(match)[1].pk)
    monkeypatch.undo()

    run_at_once([lambda m=m: tasks.record_match_result(m.pk) for m in second for _ in range(2)])
    for match in first + second:  # late duplicates of every task, one after another
        assert tasks.record_match_result(match.pk) is False

    assert {rated for _, rated in _ratings().values()} == {2}
    assert RatingChange.objects.count() == 8
    assert sorted(s.played for s in Standing.objects.all()) == [2, 2, 2, 2]
    assert sum(s.wins for s in Standing.objects.all()) == 4


def test_results_whose_tasks_were_lost_are_recorded_by_beats_sweep(
    alice, bob, charlie, dave, transactional_db, monkeypatch
):
    matches = _finished_round([alice, bob, charlie, dave], monkeypatch)  # tasks never run
    just_finished = max(
        Match.objects.filter(pk__in=[m.pk for m in matches]).values_list("finished_at", flat=True)
    )

    # A task may still be on its way right after the end: the sweep leaves it alone.
    assert services.matches_record_unrecorded(now=just_finished) == []
    assert not RatingChange.objects.exists()

    later = just_finished + timedelta(minutes=2)
    long_after = just_finished + timedelta(days=8)
    assert services.matches_record_unrecorded(now=long_after) == []  # past the look-back
    assert not RatingChange.objects.exists()

    assert sorted(services.matches_record_unrecorded(now=later)) == sorted(m.pk for m in matches)
    assert services.matches_record_unrecorded(now=later) == []  # the second sweep finds none
    assert RatingChange.objects.count() == 4
    assert sorted(s.played for s in Standing.objects.all()) == [1, 1, 1, 1]
    assert Round.objects.get(pk=matches[0].round_id).status == Round.Status.FINISHED


def test_beat_runs_the_sweep_every_minute():
    entry = settings.CELERY_BEAT_SCHEDULE["record-unrecorded-results"]
    assert entry["task"] == "tournaments.tasks.record_unrecorded_results"
    assert entry["task"] in app.tasks
