"""A player starts a casual match against the computer from a game's rules page and plays
it to its end by clicking; the bot answers each move from its own seat's view."""

from __future__ import annotations

import random
import time

import pytest

from accounts.bot_names import bot_name
from games.models import Match
from tests.conftest import make_player
from tests.e2e.helpers import click_and_wait, log_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def live_match(transactional_db):
    make_player("alice")
    return None


def test_a_whole_match_against_the_computer(asgi_server, live_match, browser, settings):
    settings.BOT_DELAY_SECONDS = 0
    page = log_in(
        browser.new_context(viewport={"width": 1280, "height": 900}), asgi_server, "alice"
    )
    page.goto(f"{asgi_server}/rules/briscola/")
    page.click("[data-testid=play-computer-start]")
    page.wait_for_selector("#table[data-status=in_progress]")
    match = Match.objects.get(seats__player__username="alice")
    assert match.round is None and match.seats.filter(player__is_bot=True).count() == 1
    rng = random.Random(3)
    deadline = time.monotonic() + 300
    clicks = 0
    while not page.locator("[data-testid=match-over]").count():
        assert time.monotonic() < deadline, "the match did not end"
        table = page.locator("#table")
        if table.get_attribute("data-to-act") != "0" or table.get_attribute("data-busy") == "1":
            time.sleep(0.05)
            continue
        legal = page.locator("[data-testid=my-hand] .card.legal")
        if not legal.count():
            time.sleep(0.05)
            continue
        click_and_wait(page, legal.nth(rng.randrange(legal.count())))
        clicks += 1
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and clicks >= 20
    bot = match.seats.get(player__is_bot=True).player
    banner = page.locator("[data-testid=match-over]").text_content()
    # The winner is named: alice, or the computer by the name people read (not bot-...).
    assert "alice" in banner or f"{bot_name(bot.username)} (computer)" in banner
    assert "bot-" not in banner
