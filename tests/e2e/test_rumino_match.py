"""Two players play a Rumino hand in two browsers until a claim ends the match: the first
takes the upcard and discards, the second draws from the stock and discards, the first
draws and discards the king of diamonds, which completes the second player's rumino of
diamonds. After every discard both tables show the claim window's countdown and the next
player's draw buttons wait, disabled, for it to close (games/claim_window.py). Only the
second player's table shows the claim offer; they claim it inside the window, the match
is over, and both tables show every hand arranged in melds. Everything is clicked in the
browsers (nothing is played through the services).

The deck is set in the fixture (before any action): the first player (after the dealer)
holds the king of diamonds, the second six diamonds in sequence, 7D to QD.
"""

from __future__ import annotations

import pytest

from games.models import Deal, Match
from tests.conftest import make_player
from tests.e2e.helpers import TABLE, click_and_wait, screenshot, seat_players, start_first_round
from tests.games.rules.test_rumino_play import hand_of

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

FIRST = "2C KD 10H KS 4C 8S JH"
SECOND = "7D 8D 9D 10D JD QD 2C"


# Long enough for a loaded machine to show the offer and click Claim inside the window; the
# two discards before it make the next player wait this long each.
WINDOW_SECONDS = 6


@pytest.fixture
def live_match(transactional_db, settings):
    settings.RUMINO_CLAIM_SECONDS = WINDOW_SECONDS  # the server runs in this process
    alice, bob = make_player("alice"), make_player("bob")
    match = start_first_round([alice, bob], game="rumino")
    deal = Deal.objects.get(match=match)
    first = (deal.dealer + 1) % 2
    hands = {first: FIRST, 1 - first: SECOND}
    engine = hand_of([hands[0], hands[1]], "KC", "9H 3S", dealer=deal.dealer)
    deal.deck = engine.record()["deck"]
    deal.save(update_fields=["deck"])
    return match


def my_turn(page, seat):
    page.locator(f"{TABLE}[data-to-act='{seat}']:not([data-busy='1'])").wait_for()


def test_two_players_draw_take_discard_and_a_private_claim_ends_the_match(
    asgi_server, live_match, browser
):
    match = live_match
    deal = Deal.objects.get(match=match)
    a = (deal.dealer + 1) % 2
    b = 1 - a
    pages = seat_players(
        browser, asgi_server, [("alice", 1280), ("bob", 390)],
        ready=["#table[data-status=in_progress] [data-testid=pile]"],
    )  # fmt: skip
    first, second = pages[a], pages[b]
    for page in pages.values():
        assert page.locator("[data-testid=pile] [data-card]").all() and (
            page.locator("[data-testid=pile] [data-card]").last.get_attribute("data-card") == "KC"
        )
        assert page.locator("[data-testid=my-hand] [data-card]").count() == 7

    # The first player takes the upcard (a click on the pile's top card) and discards 10H.
    my_turn(first, a)
    assert click_and_wait(first, first.locator("[data-testid=pile] [data-action=take]")) == "take"
    # The card just taken may not be discarded at once: it offers no discard.
    assert first.locator("[data-testid=my-hand] [data-action='discard KC']").count() == 0
    assert click_and_wait(first, first.locator("[data-testid=my-hand] [data-action='discard 10H']"))

    # The claim window: both tables count it down, and the second player's draw waits,
    # disabled, until it closes (a click on the button is held until then).
    second.locator("[data-testid=claim-window]").wait_for()
    first.locator("[data-testid=claim-window]").wait_for()
    # The second player draws from the stock and discards the card drawn.
    my_turn(second, b)
    assert click_and_wait(second, second.locator("[data-testid=ru-draw]")) == "draw"
    assert second.locator("[data-testid=my-melds]").is_visible()
    screenshot(second, "rumino-discard", widths=(390,))
    click_and_wait(second, second.locator("[data-testid=my-hand] [data-action='discard 9H']"))

    # The first player draws and discards the king of diamonds.
    my_turn(first, a)
    click_and_wait(first, first.locator("[data-testid=stock] [data-action=draw]"))
    click_and_wait(first, first.locator("[data-testid=my-hand] [data-action='discard KD']"))

    # Only the second player is offered the claim.
    offer = second.locator("[data-testid=claim-offer]")
    offer.wait_for()
    assert offer.locator("[data-card='KD']").count() >= 1
    assert first.locator("[data-testid=claim-offer]").count() == 0
    assert first.locator("[data-action=claim]").count() == 0
    screenshot(second, "rumino-claim")
    assert click_and_wait(second, offer.locator("[data-testid=claim]")) == "claim"

    match.refresh_from_db()
    assert (match.status, match.winner_seat) == (Match.Status.FINISHED, b)
    for page in pages.values():
        page.locator("[data-testid=match-over]").wait_for()
        result = page.locator("[data-testid=hand-result]")
        result.wait_for()
        assert result.locator(f"[data-testid=hand-result-hand-{a}] [data-card]").count() == 7
        assert result.locator(f"[data-testid=hand-result-hand-{b}] [data-card]").count() >= 7
