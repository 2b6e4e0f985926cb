"""A player whose browser speaks Italian reads Italian words at a Tressette table: the
ranking names the courts Re, Cavallo, Fante ("3 2 A R C F 7 6 5 4", never "K Q J"), and
the footer names English in English (issue 34).

The DOM hooks: static/js/games/tressette.js (the side panel) and templates/base.html
(the language switch).
"""

from __future__ import annotations

import pytest

from tests.e2e.helpers import log_in, open_scheduled_match, start_pairs_round

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def live_match(transactional_db):
    names = ("alice", "bob", "carol", "dave")
    return start_pairs_round(names, game="tressette", options={"target": 21}, slug="coppa")


def test_an_italian_tressette_table_ranks_the_courts_r_c_f(asgi_server, live_match, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="it-IT")
    page = log_in(context, asgi_server, "alice")
    open_scheduled_match(page, asgi_server, ready=["[data-testid=my-hand] .card"])
    table = page.locator("#table")
    page.get_by_text("Ordine: 3 2 A R C F 7 6 5 4", exact=False).first.wait_for()
    assert "K Q J" not in table.inner_text()
    english = page.locator("[data-testid=language-switch] [data-testid=language-en]")
    assert english.inner_text().strip() == "English"
    assert english.get_attribute("lang") == "en"
    context.close()
