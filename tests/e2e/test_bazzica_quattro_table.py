"""Bazzica in quattro in four browsers: the table draws four seats around the viewer (the
partner at the top), no trumps until the first marriage or sequence, and a trick of four
cards; the first tricks are played by clicking, the trick's winner declaring, drawing or
leaving the declaration to the partner. (The whole-match browser test of Bazzica is the
two-player test_bazzica_match.py; the variants' rules are tested in the engine.)
"""

from __future__ import annotations

import random
import time

import pytest

from games.models import Deal
from tests.e2e.helpers import click_and_wait, screenshot, seat_players, start_pairs_round, to_act

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
NAMES = ("alice", "bob", "carol", "dave")


@pytest.fixture
def live_match(transactional_db):
    return start_pairs_round(
        NAMES, game="bazzica", options={"variant": "quattro"}, slug="bazzica-quattro"
    )


def test_four_players_play_the_first_tricks_of_bazzica_in_quattro(asgi_server, live_match, browser):
    match = live_match
    errors: list[str] = []
    pages = seat_players(
        browser,
        asgi_server,
        [(name, 390 if i % 2 else 1280) for i, name in enumerate(NAMES)],
        ready=["#table[data-game=bazzica]", "[data-testid=my-hand] .card"],
    )
    for seat, page in pages.items():
        page.on("pageerror", lambda error: errors.append(str(error)))
        assert page.locator("[data-testid=my-hand] .card").count() == 9
        assert "none yet" in page.locator("[data-testid=trump]").text_content()
        # The partner sits opposite: his seat panel is drawn first, above the others.
        panels = page.locator(".bazzica-seat").evaluate_all(
            "els => els.map(e => Number(e.dataset.seat))"
        )
        assert panels[0] == (seat + 2) % 4 and panels[-1] == seat
        assert sorted(panels) == [0, 1, 2, 3]

    rng = random.Random(5)
    deadline = time.monotonic() + 120
    sent: list[str] = []
    four_card_trick = False
    while len(sent) < 14:
        assert time.monotonic() < deadline, f"stuck after {sent}"
        mover = to_act(pages)
        if mover is None:
            time.sleep(0.05)
            continue
        seat, page = mover
        choices = page.locator("[data-testid=choices] [data-action]")
        if choices.count():
            actions = [choices.nth(i).get_attribute("data-action") for i in range(choices.count())]
            assert "draw" in actions
            target = choices.nth(rng.randrange(choices.count()))
        else:
            legal = page.locator("[data-testid=my-hand] .card.legal, .bazzica-table .card.legal")
            assert legal.count() > 0
            target = legal.nth(rng.randrange(legal.count()))
        if page.locator("[data-testid=trick] figure").count() == 3:
            four_card_trick = True
        sent.append(click_and_wait(page, target))
    screenshot(pages[0], "bazzica-quattro")
    deal = Deal.objects.get(match=match, number=1)
    assert [entry["action"] for entry in deal.actions] == sent
    assert four_card_trick and not errors
