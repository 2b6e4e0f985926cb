"""Two players play a whole Briscola hand in two browsers, by clicking the highlighted cards,
and both tables then show the hand's result. The match then plays on to its end (the later
hands through the services) and they see the winner named, the standings and both players'
Elo change.
"""

from __future__ import annotations

import random
from functools import partial

import pytest

from games.models import Deal, Match
from tests.conftest import make_player
from tests.e2e.helpers import (
    finish_match_and_see_the_results,
    play_two,
    seat_players,
    start_first_round,
)

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def live_match(transactional_db):
    alice, bob = make_player("alice"), make_player("bob")
    return start_first_round([alice, bob], game="briscola")


def take_turn(page, seat: int, rng: random.Random):
    """Pick one highlighted card; returns the element that sends the move."""
    hand = page.locator("[data-testid=my-hand] .card")
    legal = page.locator("[data-testid=my-hand] .card.legal")
    # No obligation to follow suit: every card in the hand is highlighted and playable.
    assert legal.count() == hand.count() > 0
    chosen = legal.nth(rng.randrange(legal.count()))
    if chosen.get_attribute("data-select") is not None:
        # A card with several moves opens a choice list (not met in Briscola, kept general).
        chosen.click()
        choices = page.locator("[data-testid=choices] [data-action]")
        return choices.nth(rng.randrange(choices.count()))
    assert chosen.get_attribute("data-action") == f"play {chosen.get_attribute('data-card')}"
    return chosen


def test_two_players_play_a_whole_briscola_match_by_clicking_and_see_the_results(
    asgi_server, live_match, browser
):
    match = live_match
    pages = seat_players(
        browser,
        asgi_server,
        [("alice", 1280), ("bob", 390)],
        ready=["#table[data-game=briscola]", "[data-testid=my-hand] .card"],
    )
    for page in pages.values():
        assert page.locator("[data-testid=stock-count]").text_content() == "33"
        assert page.locator("[data-testid=my-hand] .card").count() == 3
        assert page.locator("[data-testid=hand-count-0], [data-testid=hand-count-1]").count() == 2

    # Stop at the end of the hand: the next hand is dealt at once.
    turn = partial(take_turn, rng=random.Random(2026))
    sent = play_two(pages, turn, match=match, deal=1, timeout=300, name="briscola")

    # Every click was applied: 20 tricks of two cards, and the result is stored.
    first = Deal.objects.get(match=match, number=1)
    assert len(sent) == len(first.actions) == 40
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

    # Then on to the end of the match: the banner, the standings and both players' Elo.
    finish_match_and_see_the_results(
        pages, turn, match=match, base_url=asgi_server, name="briscola"
    )
