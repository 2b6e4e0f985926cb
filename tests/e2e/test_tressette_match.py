"""Four players play a whole Tressette pairs match (to 21) in four browsers: the first
deal by clicking cards and, now and then, a signal, the later deals through the services
(each move broadcast to the four tables as any move is); every table then shows the match
over with the winning pair named.

Source of the rules: docs/games/tressette.md; the DOM hooks: docs/frontend.md and
static/js/games/tressette.js.
"""

from __future__ import annotations

import random
from functools import partial

import pytest

from games.models import Deal, Match
from tests.e2e.helpers import (
    play_on_through_services,
    play_two,
    screenshot,
    seat_players,
    start_pairs_round,
)

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
NAMES = ("alice", "bob", "carol", "dave")


@pytest.fixture
def live_match(transactional_db):
    return start_pairs_round(NAMES, game="tressette", options={"target": 21}, slug="tressette-cup")


def take_turn(page, seat: int, rng: random.Random, signalled: list):
    """A signal button the first time one is offered and now and then after, else a
    playable card of the hand; ``signalled`` collects the turns that signalled."""
    signals = page.locator("[data-testid=signal-choices] [data-action]")
    if signals.count() and (not signalled or rng.random() < 0.15):
        signalled.append(seat)
        # On a phone the signals are folded away: a tap on their summary opens them.
        panel = page.locator("[data-testid=signal-panel]")
        if panel.get_attribute("open") is None:
            panel.locator("summary").click()
        return signals.nth(rng.randrange(signals.count()))
    legal = page.locator("[data-testid=my-hand] .card.legal")
    assert legal.count() > 0
    chosen = legal.nth(rng.randrange(legal.count()))
    assert chosen.get_attribute("data-action") == f"play {chosen.get_attribute('data-card')}"
    return chosen


def test_four_players_play_a_whole_tressette_match_by_clicking(asgi_server, live_match, browser):
    match = live_match
    pages = seat_players(
        browser,
        asgi_server,
        [(name, 390 if i % 2 else 1280) for i, name in enumerate(NAMES)],
        ready=["#table[data-game=tressette]", "[data-testid=my-hand] .card"],
    )
    for page in pages.values():
        assert page.locator("[data-testid=my-hand] .card").count() == 10

    def signal_shown(seat: int, action: str) -> None:
        # A signal is shown to all, beside the seat that made it (that seat still to act).
        if not action.startswith("play "):
            for page in pages.values():
                page.locator(f"[data-testid=signals-{seat}]").wait_for()

    turn = partial(take_turn, rng=random.Random(3), signalled=[])
    sent = play_two(
        pages, turn, match=match, deal=1, timeout=300, name="tressette", after=signal_shown
    )
    assert len(Deal.objects.get(match=match, number=1).actions) == len(sent)
    assert any(not a.startswith("play ") for a in sent)  # signals were clicked too
    play_on_through_services(match.pk)
    screenshot(pages[0], "tressette-over")

    match.refresh_from_db()
    assert (match.status, match.reason) == (Match.Status.FINISHED, Match.Reason.PLAYED)
    deals = list(Deal.objects.filter(match=match).order_by("number"))
    assert len(deals) >= 2
    totals = [sum(d.result["side_points"][side] for d in deals) for side in range(2)]
    assert max(totals) >= 21 and match.winner_seat == totals.index(max(totals))
    winners = [match.seats.get(number=n).player.username for n in match.sides[match.winner_seat]]
    for page in pages.values():
        banner = page.locator("[data-testid=match-over]")
        banner.wait_for()
        assert all(name in banner.text_content() for name in winners)
