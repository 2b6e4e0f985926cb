"""The demo league of ``manage.py demo``: two divisions in its first season, a window open
now in which demo players can press ready; made once; its address printed."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from accounts.models import Player
from games.models import Match
from leagues import services
from leagues.demo import DEMO_LEAGUE_SLUG
from leagues.models import Fixture, League

pytestmark = pytest.mark.django_db(transaction=True)


def _demo() -> str:
    out = StringIO()
    call_command("demo", stdout=out)
    return out.getvalue()


def test_the_demo_league_has_two_divisions_and_a_window_open_now():
    output = _demo()
    league = League.objects.get(slug=DEMO_LEAGUE_SLUG)
    assert f"-> /leagues/{DEMO_LEAGUE_SLUG}/" in output
    season = league.seasons.get()
    assert season.divisions.count() == 2
    fixture = (
        Fixture.objects.filter(division__season=season, match__round__number=1)
        .select_related("match")
        .first()
    )
    first, second = (seat.player for seat in fixture.match.seats.order_by("number"))
    assert f"{first.username} vs {second.username}" in output
    services.fixture_ready(match_id=fixture.match_id, player=first)
    assert services.fixture_ready(match_id=fixture.match_id, player=second) is True
    fixture.match.refresh_from_db()
    assert fixture.match.status == Match.Status.IN_PROGRESS


def test_the_demo_league_is_made_once():
    _demo()
    before = (League.objects.count(), Fixture.objects.count(), Player.objects.count())
    _demo()
    assert (League.objects.count(), Fixture.objects.count(), Player.objects.count()) == before
