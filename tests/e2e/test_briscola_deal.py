"""Two players play a whole Briscola hand in two browsers, by clicking the highlighted
cards, and both tables then show the hand's result.
"""

from __future__ import annotations

import json
import random
import time

import pytest

from games.models import Deal, Match
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
    page.wait_for_selector("#table[data-status=in_progress][data-game=briscola]")
    page.wait_for_selector("[data-testid=my-hand] .card")
    return json.loads(page.text_content("#match-config"))["seat"]


def take_turn(page, seat: int, rng: random.Random) -> bool:
    """If it is this seat's turn, click one highlighted card; True when an action was sent."""
    table = page.locator("#table")
    if table.get_attribute("data-to-act") != str(seat) or table.get_attribute("data-busy") == "1":
        return False
    seq = table.get_attribute("data-seq")
    hand = page.locator("[data-testid=my-hand] .card")
    legal = page.locator("[data-testid=my-hand] .card.legal")
    # No obligation to follow suit: every card in the hand is highlighted and playable.
    assert legal.count() == hand.count() > 0
    chosen = legal.nth(rng.randrange(legal.count()))
    if chosen.get_attribute("data-select") is not None:
        # A card with several moves opens a choice list (not met in Briscola, kept general).
        chosen.click()
        choices = page.locator("[data-testid=choices] [data-action]")
        choices.nth(rng.randrange(choices.count())).click()
    else:
        assert chosen.get_attribute("data-action") == f"play {chosen.get_attribute('data-card')}"
        chosen.click()
    page.wait_for_function(
        "seq => document.querySelector('#table').dataset.seq !== seq", arg=seq, timeout=10_000
    )
    return True


def test_two_players_play_a_whole_briscola_hand_by_clicking(asgi_server, browser):
    alice, bob = make_player("alice"), make_player("bob")
    tournament = make_tournament([alice, bob], game="briscola")
    services.tournament_start_next_round(tournament=tournament)
    match = Match.objects.get(round__tournament=tournament)

    pages = {}
    for player, width in ((alice, 1280), (bob, 390)):
        page = log_in(
            browser.new_context(viewport={"width": width, "height": 900}),
            asgi_server,
            player.username,
        )
        pages[open_scheduled_match(page, asgi_server)] = page
    assert sorted(pages) == [0, 1]
    for page in pages.values():
        assert page.locator("[data-testid=stock-count]").text_content() == "33"
        assert page.locator("[data-testid=my-hand] .card").count() == 3
        assert page.locator("[data-testid=hand-count-0], [data-testid=hand-count-1]").count() == 2

    rng = random.Random(2026)
    deadline = time.monotonic() + 300
    clicks = 0
    first = Deal.objects.get(match=match, number=1)
    while first.result is None:
        assert time.monotonic() < deadline, "the hand did not finish in time"
        moved = False
        for seat, page in pages.items():
            if take_turn(page, seat, rng):
                moved = True
                clicks += 1
                # Stop at the end of the hand: the next hand is dealt at once.
                first.refresh_from_db()
                if first.result is not None:
                    break
        if not moved:
            time.sleep(0.05)
            first.refresh_from_db()

    # Every click was applied: 20 tricks of two cards, and the result is stored.
    assert clicks == len(first.actions) == 40
    assert first.result is not None
    card_points = first.result["card_points"]
    assert sum(card_points) == 120
    match.refresh_from_db()
    assert match.deal_points == [card_points]
    assert match.status == Match.Status.IN_PROGRESS  # a match is two hands at least

    # The match goes on with the second hand; both tables show the first hand's result.
    for seat, page in pages.items():
        result = page.locator("[data-testid=deal-result]")
        result.wait_for()
        text = result.text_content()
        assert "Hand 1 result" in text
        for points in card_points:
            assert str(points) in text
        assert page.locator("[data-testid=match-result]").is_visible()
        assert page.locator(f"[data-testid=score-{seat}]").text_content() == str(card_points[seat])
