"""League pages: the list, a league, a season's standings (a constant number of queries for
a 200-player season), the schedule with windows, a pairing's page and its forms."""

from __future__ import annotations

import json
import shutil
import subprocess
from datetime import timedelta
from pathlib import Path

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from games.models import Match, Seat
from leagues import services
from leagues.models import Fixture, Member
from tests.conftest import make_player
from tests.leagues.conftest import make_league, pairing

pytestmark = pytest.mark.django_db

SEASON_QUERIES = 5
"""Queries of a season's standings page, whatever its size: session and user, the season
with its league, the divisions, the standings rows."""


def _season_of(count: int, slug: str):
    players = [make_player(f"{slug}-{n:03d}") for n in range(count)]
    league = make_league(players, slug=slug, division_size=10)
    return services.season_start_first(league=league)


def test_the_standings_of_a_200_player_season_cost_a_constant_number_of_queries(
    client, alice, django_assert_max_num_queries
):
    client.force_login(alice)
    small = _season_of(4, "small")
    with CaptureQueriesContext(connection) as small_queries:
        page = client.get(small.get_absolute_url())
    assert page.status_code == 200

    big = _season_of(200, "big")
    assert big.divisions.count() == 20
    with django_assert_max_num_queries(SEASON_QUERIES) as big_queries:
        page = client.get(big.get_absolute_url())
    assert page.status_code == 200
    assert page.content.decode().count("data-player=") == 200
    assert len(big_queries.captured_queries) == len(small_queries.captured_queries)


def test_the_league_page_shows_the_divisions_zones_and_the_archive(client, eight):
    league = make_league(eight)
    season = services.season_start_first(league=league)
    page = client.get(reverse("leagues:detail", args=[league.slug]))
    html = page.content.decode()
    assert 'data-testid="division-1"' in html and 'data-testid="division-2"' in html
    assert html.count('data-zone="down"') == 1 and html.count('data-zone="up"') == 1
    assert season.get_absolute_url() in html
    listing = client.get(reverse("leagues:list")).content.decode()
    assert league.get_absolute_url() in listing


def test_the_schedule_shows_each_round_with_its_window(client, two_league):
    match = pairing(two_league, "alice", "bob")
    page = client.get(reverse("leagues:schedule", args=["club-league", 1]))
    html = page.content.decode()
    assert page.status_code == 200
    assert 'data-round="1"' in html
    assert reverse("leagues:fixture", args=[match.pk]) in html
    assert "open now" in html


def test_the_ready_button_on_my_matches_readies_and_opens_the_match(client, two_league, alice):
    client.force_login(alice)
    my_matches = client.get(reverse("games:my_matches")).content.decode()
    match = pairing(two_league, "alice", "bob")
    ready_url = reverse("leagues:ready", args=[match.pk])
    assert ready_url in my_matches
    response = client.post(ready_url)
    assert response.status_code == 302 and response["Location"] == match.get_absolute_url()
    assert Seat.objects.get(match=match, player=alice).ready_at is not None
    assert ready_url in client.get(match.get_absolute_url()).content.decode()


def test_a_refused_ready_says_why_and_changes_nothing(client, two_league, charlie):
    client.force_login(charlie)
    match = pairing(two_league, "alice", "bob")
    response = client.post(reverse("leagues:ready", args=[match.pk]), follow=True)
    assert "Only the two players" in response.content.decode()
    assert not Seat.objects.filter(match=match, ready_at__isnull=False).exists()


def test_a_time_is_proposed_and_accepted_on_the_pairing_page(client, two_league, alice, bob):
    match = pairing(two_league, "alice", "bob")
    at = timezone.localtime(timezone.now() + timedelta(days=1)).replace(second=0, microsecond=0)
    client.force_login(alice)
    client.post(
        reverse("leagues:propose", args=[match.pk]),
        {"starts_at": at.strftime("%Y-%m-%dT%H:%M")},
    )
    assert Fixture.objects.get(match=match).proposed_time == at
    client.force_login(bob)
    page = client.get(reverse("leagues:fixture", args=[match.pk])).content.decode()
    assert 'data-testid="accept-time"' in page
    client.post(reverse("leagues:accept", args=[match.pk]))
    assert Fixture.objects.get(match=match).agreed_time == at


def test_a_player_joins_and_leaves_a_league(client, alice):
    league = make_league([])
    client.force_login(alice)
    client.post(reverse("leagues:join", args=[league.slug]))
    assert Member.objects.get(league=league, player=alice).left_at is None
    client.post(reverse("leagues:leave", args=[league.slug]))
    assert Member.objects.get(league=league, player=alice).left_at is not None


def test_the_match_page_of_a_started_league_match_shows_no_ready_button(client, two_league, alice):
    match = pairing(two_league, "alice", "bob")
    Match.objects.filter(pk=match.pk).update(status=Match.Status.IN_PROGRESS)
    client.force_login(alice)
    html = client.get(match.get_absolute_url()).content.decode()
    assert reverse("leagues:ready", args=[match.pk]) not in html


def test_the_schedule_costs_the_same_queries_for_a_larger_season(client, settings):
    settings.CELERY_TASK_ALWAYS_EAGER = False  # beat's work is not the page's cost
    counts = []
    for size, slug in ((4, "four"), (24, "twenty-four")):
        season = _season_of(size, slug)
        with CaptureQueriesContext(connection) as queries:
            page = client.get(reverse("leagues:schedule", args=[slug, season.number]))
        assert page.status_code == 200
        counts.append(len(queries.captured_queries))
    assert counts[0] == counts[1]


def test_the_ready_box_is_marked_to_go_once_the_match_starts(client, two_league, alice):
    match = pairing(two_league, "alice", "bob")
    client.force_login(alice)
    html = client.get(match.get_absolute_url()).content.decode()
    # match.js hides every [data-until-started] box when a state says the match is live.
    assert 'data-testid="league-ready" data-until-started' in html


_READY_BOX_SCRIPT = """
import { MatchClient } from "./match.js";
const box = { hidden: false };
const doc = { querySelectorAll: (selector) => (selector === "[data-until-started]" ? [box] : []) };
const seen = [];
for (const status of ["scheduled", "in_progress", "scheduled", "finished"]) {
  MatchClient.prototype.syncStartBoxes.call({ table: { ownerDocument: doc } }, status);
  seen.push(box.hidden);
}
console.log(JSON.stringify(seen));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
def test_the_match_page_script_hides_the_ready_box_once_the_match_is_live():
    js = Path(__file__).resolve().parents[2] / "static" / "js"
    done = subprocess.run(  # noqa: S603 (a fixed script run by the machine's node)
        [shutil.which("node"), "--input-type=module", "-e", _READY_BOX_SCRIPT],
        cwd=js,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert json.loads(done.stdout) == [False, True, False, True]
