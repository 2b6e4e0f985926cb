"""Three players play a whole Ziginette match (four hands) in three browsers, by clicking:
the banker sets the limits, the players bet on board cards and say done, the banker keeps
or passes the bank. Every table then shows the match over, and chips are conserved.

Source of the rules: docs/games/ziginette.md; the DOM hooks: static/js/games/ziginette.js.
"""

from __future__ import annotations

import random

import pytest

from games.models import Deal, Match
from tests.conftest import make_player, make_tournament
from tests.e2e.helpers import play_on_through_services, play_two, screenshot, seat_players
from tournaments import services

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
NAMES = ("alice", "bob", "carol")


@pytest.fixture
def live_match(transactional_db):
    players = [make_player(name) for name in NAMES]
    tournament = make_tournament(
        players, slug="ziginette-table", game="ziginette",
        options={"hands": 4, "stack": 50}, table_size=3,
    )  # fmt: skip
    services.tournament_start_next_round(tournament=tournament)
    return Match.objects.get(round__tournament=tournament)


def take_turn(page, seat: int, rng: random.Random, bet: list):
    """A bet on a board card the first time one is offered and half the time after, else a
    button of the choices; ``bet`` collects the seats that bet."""
    bets = page.locator("[data-testid=board] [data-action]")
    if bets.count() and (not bet or rng.random() < 0.5):
        bet.append(seat)
        return bets.nth(rng.randrange(bets.count()))
    choices = page.locator("[data-testid=choices] [data-action]")
    assert choices.count() > 0, "nothing offered to the seat to act"
    return choices.nth(rng.randrange(choices.count()))


def test_three_players_play_a_whole_ziginette_match_by_clicking(asgi_server, live_match, browser):
    match = live_match
    pages = seat_players(
        browser, asgi_server, [(name, 390 if i == 1 else 1024) for i, name in enumerate(NAMES)],
        ready=["#table[data-game=ziginette]"],
    )  # fmt: skip
    rng, bet = random.Random(3), []
    sent = play_two(pages, lambda page, seat: take_turn(page, seat, rng, bet), match=match,
                    deal=1, timeout=300, name="ziginette", shots_at=(6,))  # fmt: skip
    assert len(Deal.objects.get(match=match, number=1).actions) == len(sent)
    assert any(a.startswith("bet ") for a in sent)
    play_on_through_services(match.pk)
    screenshot(pages[0], "ziginette-over")
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    deals = list(Deal.objects.filter(match=match).order_by("number"))
    assert len(deals) >= 4
    assert sum(deals[-1].result["stacks"]) == 150
    winner = match.seats.get(number=match.winner_seat).player.username
    for page in pages.values():
        banner = page.locator("[data-testid=match-over]")
        banner.wait_for()
        assert winner in banner.text_content()
