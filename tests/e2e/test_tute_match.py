"""Four players play a whole Tute pairs match (one hand) in four browsers, by clicking the
highlighted cards and, when offered, a declaration; every table then shows the match
over with the winning pair named, and the hand's count.

Source of the rules: docs/games/tute.md; the DOM hooks: docs/frontend.md and
static/js/games/tute.js.
"""

from __future__ import annotations

import random
from functools import partial

import pytest

from games.models import Deal, Match
from tests.e2e.helpers import play_two, screenshot, seat_players, start_pairs_round

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
NAMES = ("alice", "bob", "carol", "dave")


@pytest.fixture
def live_match(transactional_db):
    return start_pairs_round(NAMES, game="tute", options={"hands": 1}, slug="tute-cup")


def take_turn(page, seat: int, rng: random.Random):
    """A declaration when one is offered, else a highlighted card: never a dimmed one."""
    declarations = page.locator("[data-testid=declare-choices] [data-action]")
    if declarations.count():
        return declarations.first
    legal = page.locator("[data-testid=my-hand] .card.legal")
    hand = page.locator("[data-testid=my-hand] .card")
    assert 0 < legal.count() <= hand.count()
    chosen = legal.nth(rng.randrange(legal.count()))
    assert chosen.get_attribute("data-action") == f"play {chosen.get_attribute('data-card')}"
    return chosen


def test_four_players_play_a_whole_tute_match_by_clicking(asgi_server, live_match, browser):
    match = live_match
    pages = seat_players(
        browser,
        asgi_server,
        [(name, 390 if i % 2 else 1280) for i, name in enumerate(NAMES)],
        ready=["#table[data-game=tute]", "[data-testid=my-hand] .card"],
    )
    trump_card = Deal.objects.get(match=match).deck[-1]
    for page in pages.values():
        assert page.locator("[data-testid=my-hand] .card").count() == 10
        assert "Trumps" in page.locator("[data-testid=trump]").text_content()

    turn = partial(take_turn, rng=random.Random(11))
    sent = play_two(pages, turn, match=match, deal=None, timeout=600, name="tute")
    screenshot(pages[0], "tute-over")

    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    deal = Deal.objects.get(match=match, number=1) if match.deals.count() == 1 else None
    deals = list(Deal.objects.filter(match=match).order_by("number"))
    assert sum(len(d.actions) for d in deals) == len(sent)
    assert deals[0].deck[-1] == trump_card
    winners = [match.seats.get(number=n).player.username for n in match.sides[match.winner_seat]]
    for page in pages.values():
        banner = page.locator("[data-testid=match-over]")
        banner.wait_for()
        assert all(name in banner.text_content() for name in winners)
    assert deal is None or deal.result["winner"] == match.winner_seat
