"""The deal that wins a Scopa match, as its players see it once the match is over: the
match ends at the scoring item that reaches the target, so the items after it are marked
"not counted" and the deal's points add only the items before (scoring.py's ``race``).
Source: ../shared/rules/README.md ("Scopa": the first to reach the target wins and
scoring stops there).
"""

from __future__ import annotations

import random

import pytest

from games.models import Deal, Match
from games.rules.scopa.scoring import race
from tests.conftest import make_player, make_tournament, play_random
from tests.e2e.helpers import log_in
from tournaments import services

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

TARGET = 11


def _won_mid_deal(seed: int):
    """A Scopa match played to its end with random legal moves (``seed``); when its last
    deal has scoring items after the one that reached the target, (match, that deal's
    number, the points each seat counted in it), else None."""
    players = [make_player(f"p{seed}a"), make_player(f"p{seed}b")]
    tournament = make_tournament(players, slug=f"scopa-{seed}", game="scopa")
    services.tournament_start_next_round(tournament=tournament)
    match = Match.objects.get(round__tournament=tournament)
    play_random(match, rng=random.Random(seed))
    deals = list(Deal.objects.filter(match=match, result__isnull=False).order_by("number"))
    results = [deal.result for deal in deals]
    before, _ = race(results[:-1], TARGET)
    after, winner = race(results, TARGET)
    counted = [after[seat] - before[seat] for seat in (0, 1)]
    if winner is None or counted == results[-1]["points"]:
        return None
    return match, deals[-1].number, counted


@pytest.fixture
def live_match(transactional_db):
    for seed in range(40):
        found = _won_mid_deal(seed)
        if found:
            return found
    raise AssertionError("no random match of 40 ended before its last deal's last item")


def test_the_deal_that_wins_the_match_totals_only_the_items_counted(
    asgi_server, live_match, browser
):
    match, number, counted = live_match
    assert counted != Deal.objects.get(match=match, number=number).result["points"]
    username = match.seats.order_by("number").first().player.username
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = log_in(context, asgi_server, username)
    page.goto(f"{asgi_server}/matches/{match.pk}/")
    box = page.locator(f"[data-testid=deal-result][data-deal='{number}']")
    box.wait_for()
    assert box.locator("tr.is-not-counted").count() >= 1
    for seat in (0, 1):
        shown = box.locator(f"[data-testid=deal-points-{seat}]").text_content().strip()
        assert shown == str(counted[seat])
