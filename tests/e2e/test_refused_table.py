"""A table whose socket the server refuses (too many open from this player) says so in
words with a Retry button, instead of "Reconnecting…" for ever; Retry, once a slot is
free, opens the table (docs/protocol.md, "Close codes")."""

from __future__ import annotations

import pytest

from tests.conftest import make_player
from tests.e2e.helpers import log_in, start_first_round

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def live_match(transactional_db):
    alice, bob = make_player("alice"), make_player("bob")
    return start_first_round([alice, bob], game="briscola")


def test_a_refused_table_says_why_and_offers_retry(asgi_server, live_match, browser, settings):
    page = log_in(browser.new_context(), asgi_server, "alice")
    settings.LIVE_MAX_CONNECTIONS_PER_PLAYER = 0  # every socket of hers is refused
    page.goto(f"{asgi_server}/matches/{live_match.pk}/")
    refused = page.locator("[data-testid=refused]")
    refused.wait_for(state="visible")
    assert "You have too many tables open: close a tab and press Retry." in (refused.text_content())
    assert page.locator("[data-testid=reconnecting]").is_hidden()
    page.wait_for_timeout(1500)  # no silent retry meanwhile
    assert refused.is_visible()
    assert page.locator("#table").get_attribute("data-status") != "in_progress"

    settings.LIVE_MAX_CONNECTIONS_PER_PLAYER = 12
    refused.get_by_role("button", name="Retry").click()
    page.wait_for_selector("#table[data-status=in_progress]")
    assert refused.is_hidden()
