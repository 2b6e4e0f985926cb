"""Cards at the live table for players with low vision (docs/accessibility.md): the
display settings make the cards larger and high-contrast, and whether a card may be played
is shown by more than colour: a playable card stands raised, one that may not be played
carries aria-disabled and a hatch."""

from __future__ import annotations

import pytest

from tests.conftest import current_engine, make_player, seated
from tests.e2e.helpers import log_in, open_scheduled_match, start_first_round

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

HAND_CARD = "[data-testid=my-hand] .card"
WIDTH = "el => el.getBoundingClientRect().width"


@pytest.fixture
def live_match(transactional_db):
    players = [make_player(name) for name in ("alice", "bob")]
    return start_first_round(players, game="briscola", options={"match": "one_hand"})


def test_larger_high_contrast_cards_and_playable_cards_marked_without_colour(
    asgi_server, live_match, browser
):
    mover = seated(live_match)[current_engine(live_match).to_act].username
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = log_in(context, asgi_server, mover)
    open_scheduled_match(page, asgi_server, ready=(HAND_CARD,))
    # Playable cards stand raised (a position, not a colour) and none says it is disabled.
    legal = page.locator(f"{HAND_CARD}.legal")
    assert legal.count() == 3
    for index in range(3):
        card = legal.nth(index)
        assert card.evaluate("el => getComputedStyle(el).transform") != "none"
        assert card.get_attribute("aria-disabled") is None
    # A card that may not be played (class "dim") is disabled for assistive technology too,
    # and hatched.
    dim = page.evaluate(
        """async () => {
            const { makeCard } = await import("/static/js/live-table.js");
            const card = makeCard("3D", { classes: ["dim"] });
            document.querySelector("#table").appendChild(card);
            const hatch = getComputedStyle(card, "::before").backgroundImage;
            const result = [card.getAttribute("aria-disabled"), hatch];
            card.remove();
            return result;
        }"""
    )
    assert dim[0] == "true" and "repeating-linear-gradient" in dim[1]

    # The player's display settings: larger, high-contrast cards on the table.
    before = page.locator(HAND_CARD).first.evaluate(WIDTH)
    assert page.locator("body").get_attribute("class") in (None, "")
    settings = page.context.new_page()
    settings.goto(f"{asgi_server}/players/me/display/")
    settings.check("input[name=high_contrast_cards]")
    settings.check("input[name=large_cards]")
    settings.click("[data-testid=display-form] button[type=submit]")
    settings.wait_for_selector("body.cards-high-contrast.cards-large")
    page.reload()
    page.wait_for_selector(f"body.cards-large {HAND_CARD}")
    card = page.locator(HAND_CARD).first
    assert card.evaluate(WIDTH) > before * 1.2
    assert card.evaluate("el => getComputedStyle(el).backgroundColor") == "rgb(255, 255, 255)"
