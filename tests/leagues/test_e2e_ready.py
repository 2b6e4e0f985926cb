"""Browser test: two players of a league pairing press "Ready" inside its window (alice
from My matches, then bob), the match starts on both tables, they play it to its end (a
Briscola match of one hand) and the league's standings show the result."""

from __future__ import annotations

import random
import time
from functools import partial

import pytest
from django.utils import timezone

from games.models import Match
from leagues import services
from tests.conftest import make_player
from tests.e2e.conftest import asgi_server, browser, no_failed_broadcasts  # noqa: F401
from tests.e2e.helpers import TABLE, log_in, play_two
from tests.e2e.test_briscola_match import take_turn
from tests.leagues.conftest import make_league
from tournaments.models import Standing

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def live_match(transactional_db):
    """Alice and bob's pairing in the open first round of a league season."""
    alice, bob = make_player("alice"), make_player("bob")
    league = make_league([alice, bob], slug="ready-league")
    season = services.season_start_first(league=league, starts_at=timezone.now())
    return Match.objects.get(round__tournament__league_division__season=season, is_bye=False)


def _press_ready(context, base_url: str, username: str):
    page = log_in(context, base_url, username)
    page.goto(f"{base_url}/matches/")
    page.click("[data-testid=ready]")
    page.wait_for_selector(f"{TABLE}[data-status]:not([data-status=''])")
    return page


def test_two_players_press_ready_on_a_league_match_and_play_it(asgi_server, live_match, browser):  # noqa: F811
    match = live_match
    alice = _press_ready(browser.new_context(viewport={"width": 1280, "height": 900}),
                         asgi_server, "alice")  # fmt: skip
    # Alice alone is ready: her table waits.
    assert alice.locator(TABLE).get_attribute("data-status") == "scheduled"
    assert alice.locator("[data-testid=league-ready]").is_visible()
    match.refresh_from_db()
    assert match.status == Match.Status.SCHEDULED

    bob = _press_ready(browser.new_context(viewport={"width": 390, "height": 900}),
                       asgi_server, "bob")  # fmt: skip
    # Bob's "ready" starts the match: both tables show it live, without a reload for alice.
    for page in (alice, bob):
        page.wait_for_selector(f"{TABLE}[data-status=in_progress]")
        page.wait_for_selector("[data-testid=my-hand] .card")
    # Alice's Ready box, shown while she waited, went with the start (no reload).
    assert alice.locator("[data-testid=league-ready]").is_hidden()
    seats = dict(match.seats.values_list("player__username", "number"))
    pages = {seats["alice"]: alice, seats["bob"]: bob}

    play_two(pages, partial(take_turn, rng=random.Random(7)), match=match, deal=None,
             timeout=600, name="league", shots_at=())  # fmt: skip
    match.refresh_from_db()
    assert (match.status, match.reason) == (Match.Status.FINISHED, Match.Reason.PLAYED)
    winner = match.seats.get(number=match.winner_seat).player.username
    for page in pages.values():
        page.locator("[data-testid=match-over]").wait_for()

    # The result is recorded after commit: the league page then ranks the winner first.
    deadline = time.monotonic() + 30
    while not Standing.objects.filter(
        tournament__league_division__isnull=False, entry__player__username=winner,
        match_points=1,
    ).exists():  # fmt: skip
        assert time.monotonic() < deadline, "the result was not recorded"
        time.sleep(0.1)
    alice.goto(f"{asgi_server}/leagues/ready-league/")
    row = alice.locator(f"[data-testid=division-1] tr[data-player='{winner}']")
    assert row.locator("[data-testid=match-points]").text_content().strip() == "1"
