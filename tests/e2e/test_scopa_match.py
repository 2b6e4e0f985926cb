"""Two players play one whole deal of Scopa in two browsers, by clicking the highlighted cards
(and a capture from the choice list when a card can take in several ways), and both pages
then show the deal's scoring items. The match then plays on to its end (the later deals
through the services) and they see the winner named, the standings and both players' Elo
change.
"""

from __future__ import annotations

import random
from functools import partial

import pytest

from games.models import Deal
from tests.conftest import make_player
from tests.e2e.helpers import (
    finish_match_and_see_the_results,
    itemised_result,
    play_two,
    seat_players,
    start_first_round,
)

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

HAND_MOVES = "[data-testid=my-hand] [data-action], [data-testid=my-hand] [data-select]"


@pytest.fixture
def live_match(transactional_db):
    alice, bob = make_player("alice"), make_player("bob")
    return start_first_round([alice, bob], game="scopa")


def take_turn(page, seat: int, rng: random.Random):
    """Pick one highlighted hand card (and one of its captures from the choice list when it
    has several); returns the element that sends the move."""
    cards = page.locator(HAND_MOVES)
    count = cards.count()
    assert count > 0, "no playable card is highlighted on the player's turn"
    for i in range(count):
        assert "legal" in (cards.nth(i).get_attribute("class") or "")
    card = cards.nth(rng.randrange(count))
    if card.get_attribute("data-select") is None:
        assert card.get_attribute("data-action").split(" ")[1] == card.get_attribute("data-card")
        return card
    code = card.get_attribute("data-card")
    card.click()
    choices = page.locator("[data-testid=choices] [data-action]")
    choices.first.wait_for()
    assert choices.count() >= 2
    labels = page.locator("[data-testid=choices] .lt-choice-label").all_text_contents()
    assert all(label.strip().startswith("Take ") for label in labels)
    for i in range(choices.count()):
        assert choices.nth(i).get_attribute("data-action").startswith(f"capture {code} ")
    return choices.nth(rng.randrange(choices.count()))


def test_two_players_play_a_whole_scopa_match_by_clicking_and_see_the_results(
    asgi_server, live_match, browser
):
    match = live_match
    pages = seat_players(
        browser,
        asgi_server,
        [("alice", 1280), ("bob", 1280)],
        ready=["#table[data-status=in_progress] [data-testid=scopa-table]"],
    )
    for page in pages.values():
        assert page.locator("[data-testid=board] [data-card]").count() == 4
        assert page.locator("[data-testid=stock-count]").text_content().strip() == "30"
        assert page.locator("[data-testid=race]").text_content().count("/ 11") == 2

    turn = partial(take_turn, rng=random.Random(2026))
    sent = play_two(pages, turn, match=match, deal=1, timeout=300, name="scopa")

    deal = Deal.objects.get(match=match, number=1)
    assert deal.result is not None
    assert len(deal.actions) == len(sent) == 36
    match.refresh_from_db()
    expected_rows = [[item["name"], str(item["seat"])] for item in deal.result["items"]]
    for page in pages.values():
        result = itemised_result(page, match, deal=1)
        if result is None:  # the deal ended the match: the match-over banner shows
            continue
        # Every scoring item the engine counted, in order, with per-seat deal points.
        rows = result.locator("tbody tr[data-item]:not([data-scored=''])")
        shown = [
            [rows.nth(i).get_attribute("data-item"), rows.nth(i).get_attribute("data-scored")]
            for i in range(rows.count())
        ]
        assert shown == expected_rows
        for seat in (0, 1):
            points = result.locator(f"[data-testid=deal-points-{seat}]").text_content()
            assert points.strip() == str(deal.result["points"][seat])

    # Then on to the end of the match: the banner, the standings and both players' Elo.
    finish_match_and_see_the_results(pages, turn, match=match, base_url=asgi_server, name="scopa")
