"""The league beat tasks: registered in the one beat schedule, and each a thin call of its
service that is safe to run twice."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.urls import reverse

from config.celery import app as celery_app
from games.models import Match
from leagues import tasks
from tests.conftest import make_player
from tests.leagues.conftest import pairing

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("name", "task"),
    [
        ("league-windows", tasks.open_due_windows),
        ("league-agreed-times", tasks.start_agreed_matches),
        ("league-forfeits", tasks.close_due_windows),
    ],
)
def test_the_beat_schedule_runs_each_league_task_through_a_registered_task(name, task):
    entry = settings.CELERY_BEAT_SCHEDULE[name]
    assert entry["task"] == task.name
    assert entry["task"] in celery_app.tasks


def test_the_forfeit_task_decides_a_closed_window_once(two_league, monkeypatch):
    match = pairing(two_league, "alice", "bob")
    closes = match.round.closes_at
    monkeypatch.setattr("django.utils.timezone.now", lambda: closes)
    assert tasks.close_due_windows.delay().get() == [match.pk]
    assert tasks.close_due_windows.delay().get() == []
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED


def test_the_league_admin_pages_render_for_staff(client, two_league):
    client.force_login(make_player("sam", is_staff=True, is_superuser=True))
    for name in ("league", "season", "fixture"):
        url = reverse(f"admin:leagues_{name}_changelist")
        assert client.get(url).status_code == 200, url
    league = two_league.league
    assert client.get(reverse("admin:leagues_league_change", args=[league.pk])).status_code == 200
    season_page = client.get(reverse("admin:leagues_season_change", args=[two_league.pk]))
    assert season_page.status_code == 200
