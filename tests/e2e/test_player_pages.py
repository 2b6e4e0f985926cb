"""What a player sees around the table, in real browsers: on a 390-pixel phone My matches
and the standings fit the screen with the Play button in reach; at the table each seat
shows whether its player is online, away (tab hidden) or gone; the tab's title marks the
player's turn.
"""

from __future__ import annotations

import pytest

from tests.conftest import make_player
from tests.e2e.helpers import log_in, open_scheduled_match, start_first_round

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

FITS = "() => document.documentElement.scrollWidth <= window.innerWidth + 1"


@pytest.fixture
def live_match(transactional_db):
    players = [make_player(name) for name in ("alice", "bob")]
    return start_first_round(players, game="briscola", options={"match": "one_hand"})


def test_phone_pages_fit_and_presence_and_turn_show(asgi_server, live_match, browser):
    phone = browser.new_context(viewport={"width": 390, "height": 800})
    alice = log_in(phone, asgi_server, "alice")
    alice.goto(f"{asgi_server}/matches/")
    play = alice.locator("[data-testid=open-match]").first
    box = play.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert alice.evaluate(FITS), "My matches is wider than the phone"
    alice.goto(f"{asgi_server}{live_match.round.tournament.get_absolute_url()}")
    assert alice.evaluate(FITS), "the tournament page is wider than the phone"

    desk = browser.new_context(viewport={"width": 1280, "height": 900})
    bob = log_in(desk, asgi_server, "bob")
    seats = {}
    for page in (alice, bob):
        seats[page] = open_scheduled_match(page, asgi_server)
    alice_seat = seats[alice]
    dot = bob.locator(f"[data-testid=presence-{alice_seat}]")
    dot.wait_for()
    bob.wait_for_function(
        "s => document.querySelector(`[data-testid=presence-${s}]`).dataset.presence === 'online'",
        arg=alice_seat,
    )
    # Alice's tab goes to the background: Bob sees her away.
    alice.evaluate(
        "() => { Object.defineProperty(document, 'hidden', {value: true, configurable: true});"
        " document.dispatchEvent(new Event('visibilitychange')); }"
    )
    bob.wait_for_function(
        "s => document.querySelector(`[data-testid=presence-${s}]`).dataset.presence === 'away'",
        arg=alice_seat,
    )
    # The player on move has the turn marked in the tab title, the other not.
    to_act = int(bob.locator("#table").get_attribute("data-to-act"))
    mover, waiter = (alice, bob) if to_act == alice_seat else (bob, alice)
    mover.wait_for_function("() => document.title.startsWith('●')")
    assert not waiter.title().startswith("●")
    # ... and its tab icon gets a red dot; the turn's sound is off until switched on.
    assert mover.locator("#favicon").get_attribute("href").endswith("favicon-turn.svg")
    assert waiter.locator("#favicon").get_attribute("href").endswith("favicon.svg")
    switch = mover.locator("[data-testid=sound-switch]")
    assert switch.get_attribute("aria-pressed") == "false"
    if not switch.is_visible():  # on the phone it is in the folded scores panel
        mover.locator("[data-testid=scores-panel] > summary").click()
    switch.click()
    mover.wait_for_selector("[data-testid=sound-switch][aria-pressed=true]")
    # Alice closes the match: Bob sees her gone.
    alice.close()
    bob.wait_for_function(
        "s => document.querySelector(`[data-testid=presence-${s}]`).dataset.presence === 'offline'",
        arg=alice_seat,
    )
