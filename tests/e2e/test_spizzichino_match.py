"""Two players play a whole Spizzichino match in two browsers, by clicking, and the
standings, ratings and leaderboard update.
"""

from __future__ import annotations

import json
import random
import time

import pytest

from games.models import Match
from tests.conftest import PASSWORD, make_player, make_tournament
from tournaments import services

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def log_in(context, base_url: str, username: str):
    page = context.new_page()
    page.goto(f"{base_url}/accounts/login/")
    page.fill("input[name=login]", username)
    page.fill("input[name=password]", PASSWORD)
    page.click("form button[type=submit]")
    page.wait_for_url(f"{base_url}/")
    return page


def open_scheduled_match(page, base_url: str) -> int:
    """From the player's schedule, open the live match; returns the player's seat."""
    page.goto(f"{base_url}/matches/")
    page.click("[data-testid=open-match]")
    page.wait_for_selector("#table[data-status=in_progress]")
    return json.loads(page.text_content("#match-config"))["seat"]


def take_turn(page, seat: int, rng: random.Random) -> bool:
    """If it is this seat's turn, click one legal choice; True when something was clicked."""
    table = page.locator("#table")
    if table.get_attribute("data-to-act") != str(seat) or table.get_attribute("data-busy") == "1":
        return False
    seq = table.get_attribute("data-seq")
    phase = table.get_attribute("data-phase")
    if phase == "split":
        choices = page.locator("[data-testid=my-packets] [data-select], [data-select]")
        chosen = sorted(
            {choices.nth(i).get_attribute("data-select") for i in range(choices.count())}
        )
        for number in chosen[:2]:
            page.click(f"[data-select='{number}']")
        page.click("[data-testid=split-confirm]")
    else:
        prefix = "pick " if phase == "pick" else "play "
        options = page.locator(f"[data-action^='{prefix}']")
        if (
            phase == "play"
            and rng.random() < 0.3
            and page.locator("[data-action^='take ']").count()
        ):
            options = page.locator("[data-action^='take ']")
        options.nth(rng.randrange(options.count())).click()
    page.wait_for_function(
        "seq => document.querySelector('#table').dataset.seq !== seq", arg=seq, timeout=10_000
    )
    return True


def test_two_players_play_a_whole_match_by_clicking_and_see_the_standings_change(
    asgi_server, browser
):
    alice, bob = make_player("alice"), make_player("bob")
    tournament = make_tournament([alice, bob], options={"target": 21})
    services.tournament_start_next_round(tournament=tournament)
    match = Match.objects.get(round__tournament=tournament)

    watcher = browser.new_context().new_page()
    watcher.goto(f"{asgi_server}{tournament.get_absolute_url()}")
    watcher.wait_for_selector("#standings[data-live=connected]")
    assert watcher.locator("[data-testid=match-points]").all_text_contents() == ["0", "0"]

    pages = {}
    for player in (alice, bob):
        page = log_in(
            browser.new_context(viewport={"width": 1280, "height": 800}),
            asgi_server,
            player.username,
        )
        pages[open_scheduled_match(page, asgi_server)] = page
    assert sorted(pages) == [0, 1]

    rng = random.Random(2026)
    deadline = time.monotonic() + 600
    clicks = 0
    while pages[0].locator("#table").get_attribute("data-status") != "finished":
        assert time.monotonic() < deadline, "the match did not finish in time"
        moved = any(take_turn(page, seat, rng) for seat, page in pages.items())
        clicks += moved
        if not moved:
            time.sleep(0.05)

    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.reason == Match.Reason.PLAYED
    assert max(match.scores) >= 21
    assert clicks == sum(len(deal.actions) for deal in match.deals.all())
    winner = match.seats.get(number=match.winner_seat).player.username
    loser = match.seats.get(number=1 - match.winner_seat).player.username
    for page in pages.values():
        banner = page.locator("[data-testid=match-over]")
        banner.wait_for()
        assert winner in banner.text_content()

    # The standings page, open all along, updates without a reload.
    watcher.wait_for_function(
        "name => document.querySelector(`tr[data-player='${name}'] [data-testid=match-points]`)"
        "?.textContent.trim() === '1'",
        arg=winner,
    )
    assert (
        watcher.locator(f"tr[data-player='{loser}'] [data-testid=match-points]")
        .text_content()
        .strip()
        == "0"
    )

    # Elo: two newcomers at 1500, K 40, expected score 0.5: +20 and -20.
    profile = pages[0]
    for username, rating, change in ((winner, "1520", "20.0"), (loser, "1480", "-20.0")):
        profile.goto(f"{asgi_server}/players/{username}/")
        row = profile.locator("[data-testid=ratings] tr[data-game=spizzichino]")
        assert row.locator("[data-testid=rating]").text_content().strip() == rating
        assert row.locator("[data-testid=last-change]").text_content().strip() == change
    profile.goto(f"{asgi_server}/leaderboards/spizzichino/")
    board = profile.locator("[data-testid=leaderboard] tbody tr")
    assert board.nth(0).get_attribute("data-player") == winner
    assert board.nth(1).get_attribute("data-player") == loser
