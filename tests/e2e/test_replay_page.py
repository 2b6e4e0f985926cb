"""A finished deal replayed in the browser: every hand face up, stepped forwards and
backwards with the buttons and the arrow keys, the record one click away."""

from __future__ import annotations

import random

import pytest

from games.models import Deal
from tests.conftest import make_player, play_random
from tests.e2e.helpers import start_first_round

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def live_match(transactional_db):
    players = [make_player(name) for name in ("alice", "bob")]
    match = start_first_round(players, game="briscola", options={"match": "one_hand"})
    play_random(match, rng=random.Random(5))
    return match


def test_a_finished_deal_steps_forwards_and_backwards_with_every_hand(
    asgi_server, live_match, browser
):
    deal = Deal.objects.get(match=live_match, number=1)
    moves = len(deal.actions)
    seat, action = deal.actions[2]["seat"], deal.actions[2]["action"]
    player = live_match.seats.get(number=seat).player.username
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{asgi_server}/matches/{live_match.pk}/deals/1/")
    page.wait_for_selector("#table[data-replay-step='0']")
    # As dealt: both players' three cards face up.
    assert page.locator("#table .card[data-card]").count() >= 6 + 1  # hands and the trump
    page.click("[data-testid=replay-forward]")
    page.click("[data-testid=replay-forward]")
    page.keyboard.press("ArrowRight")
    page.wait_for_selector("#table[data-replay-step='3']")
    step = page.locator("[data-testid=replay-step]").text_content()
    assert f"of {moves}" in step
    # The third move in a sentence with its player's name: "· bob plays the Asso di Coppe".
    assert f"· {player} plays the " in step and action.split()[1] not in step
    page.click("[data-testid=replay-back]")
    page.wait_for_selector("#table[data-replay-step='2']")
    page.keyboard.press("End")
    page.wait_for_selector(f"#table[data-replay-step='{moves}']")
    href = page.locator("[data-testid=record-link]").get_attribute("href")
    assert href == f"/matches/{live_match.pk}/deals/1/record.json"
    assert not errors, errors
