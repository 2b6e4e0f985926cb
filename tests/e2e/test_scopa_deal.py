"""Two players play one whole deal of Scopa in two browsers, by clicking the highlighted
cards (and a capture from the choice list when a card can take in several ways), and both
pages then show the deal's scoring items.
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

HAND_MOVES = "[data-testid=my-hand] [data-action], [data-testid=my-hand] [data-select]"


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
    page.wait_for_selector("#table[data-status=in_progress] [data-testid=scopa-table]")
    return json.loads(page.text_content("#match-config"))["seat"]


def deal_one_over(page) -> bool:
    table = page.locator("#table")
    if table.get_attribute("data-status") == "finished":
        return True
    return page.locator("[data-testid=scopa-table]").get_attribute("data-deal") != "1"


def take_turn(page, seat: int, rng: random.Random) -> bool:
    """If it is this seat's turn, play one highlighted hand card; True when an action was sent."""
    table = page.locator("#table")
    if (
        table.get_attribute("data-to-act") != str(seat)
        or table.get_attribute("data-busy") == "1"
        or deal_one_over(page)
    ):
        return False
    seq = table.get_attribute("data-seq")
    cards = page.locator(HAND_MOVES)
    count = cards.count()
    assert count > 0, "no playable card is highlighted on the player's turn"
    for i in range(count):
        assert "legal" in (cards.nth(i).get_attribute("class") or "")
    card = cards.nth(rng.randrange(count))
    if card.get_attribute("data-select") is not None:
        code = card.get_attribute("data-card")
        card.click()
        choices = page.locator("[data-testid=choices] [data-action]")
        choices.first.wait_for()
        assert choices.count() >= 2
        labels = page.locator("[data-testid=choices] .lt-choice-label").all_text_contents()
        assert all(label.strip().startswith("Take ") for label in labels)
        for i in range(choices.count()):
            assert choices.nth(i).get_attribute("data-action").startswith(f"capture {code} ")
        choices.nth(rng.randrange(choices.count())).click()
    else:
        assert card.get_attribute("data-action").split(" ")[1] == card.get_attribute("data-card")
        card.click()
    page.wait_for_function(
        "seq => document.querySelector('#table').dataset.seq !== seq", arg=seq, timeout=10_000
    )
    return True


def test_two_players_play_a_whole_scopa_deal_by_clicking(asgi_server, browser):
    alice, bob = make_player("alice"), make_player("bob")
    tournament = make_tournament([alice, bob], game="scopa")
    services.tournament_start_next_round(tournament=tournament)
    match = Match.objects.get(round__tournament=tournament)

    pages = {}
    for player in (alice, bob):
        page = log_in(
            browser.new_context(viewport={"width": 1280, "height": 900}),
            asgi_server,
            player.username,
        )
        pages[open_scheduled_match(page, asgi_server)] = page
    assert sorted(pages) == [0, 1]
    for page in pages.values():
        assert page.locator("[data-testid=board] [data-card]").count() == 4
        assert page.locator("[data-testid=stock-count]").text_content().strip() == "30"
        assert page.locator("[data-testid=race]").text_content().count("/ 11") == 2

    rng = random.Random(2026)
    deadline = time.monotonic() + 300
    clicks = 0
    while not deal_one_over(pages[0]):
        assert time.monotonic() < deadline, "the deal did not finish in time"
        moved = False
        for seat, page in pages.items():
            if take_turn(page, seat, rng):
                moved = True
                clicks += 1
                break
        if not moved:
            time.sleep(0.05)

    deal = Deal.objects.get(match=match, number=1)
    assert deal.result is not None
    assert len(deal.actions) == clicks == 36
    match.refresh_from_db()
    expected_rows = [[item["name"], str(item["seat"])] for item in deal.result["items"]]
    for page in pages.values():
        if match.status == Match.Status.FINISHED:
            page.locator("[data-testid=match-over]").wait_for()
            continue
        result = page.locator("[data-testid=deal-result][data-deal='1']")
        result.wait_for()
        # Every scoring item the engine counted, in order, with per-seat deal points.
        assert result.get_attribute("data-itemised") == "1"
        rows = result.locator("tbody tr[data-item]:not([data-scored=''])")
        shown = [
            [rows.nth(i).get_attribute("data-item"), rows.nth(i).get_attribute("data-scored")]
            for i in range(rows.count())
        ]
        assert shown == expected_rows
        for seat in (0, 1):
            points = result.locator(f"[data-testid=deal-points-{seat}]").text_content()
            assert points.strip() == str(deal.result["points"][seat])
